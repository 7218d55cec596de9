import Foundation
import Riot
import TeamAPI
import TeamKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why the team's server refused or failed a call that is not about the input (that is a
/// ``ValidationError``) nor a player changed meanwhile (``PlayerChangedError``).
public enum TeamServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No valid session or token: sign in again.
  case unauthorized
  /// The account or token may not do this (a viewer writing, say).
  case forbidden(String)
  case notFound(String)
  /// The roster changed meanwhile, or the request does not fit it.
  case conflict(String)
  /// Sign-in refused: wrong name or password (the server does not tell which).
  case signInRefused
  /// Too many failed sign-ins: wait this many seconds.
  case throttled(retryAfter: Int)
  /// The address is not a KCorp server, or it answered something unexpected.
  case unexpected(status: Int, message: String)

  /// What happened and what to do, put in the reader's language when shown.
  public var message: Message {
    switch self {
    case .unauthorized:
      Message("Sign in again: the session ended or the token is no longer valid.")
    case .forbidden(let message), .notFound(let message), .conflict(let message):
      Message(verbatim: message)
    case .signInRefused: Message("Wrong name or password.")
    case .throttled(let seconds):
      Message("Too many failed sign-ins: wait %@ seconds, then try again.", seconds)
    case .unexpected(let status, let message):
      Message("The server answered %1$@: %2$@", status, message)
    }
  }

  public var description: String { message.description }
}

/// The team's server as a roster source (the app's `EsportTeam`'s): its JSON API, with an account's session
/// or an API token, and its live events.
public final class TeamServer: RosterSource {
  /// How requests prove who they are.
  public enum Credential: Hashable, Sendable {
    /// An API token (`kcorp tokens create`), sent as `Authorization: Bearer …`.
    case token(String)
    /// A signed-in session, as its cookie (`name=value`).
    case session(String)
  }

  /// The server's address (`https://roster.example.org`).
  public let url: URL
  public let credential: Credential
  private let session: URLSession

  /// The server's name, for people.
  public var name: Message { Message(verbatim: url.host ?? url.absoluteString) }

  public init(url: URL, credential: Credential) {
    self.url = url
    self.credential = credential
    session = URLSession(configuration: Self.configuration)
  }

  /// No cookie jar (the session cookie is ours to send) and no cache.
  static var configuration: URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    // A minute of silence, as URLSession's default: a server decodes a few photos at a
    // time, and an upload may wait its turn without a word.
    configuration.timeoutIntervalForRequest = 60
    return configuration
  }

  // MARK: - Signing in

  /// Signs in with an account's name and password (`POST /api/session`).
  /// - Throws: ``TeamServerError/signInRefused``, ``TeamServerError/throttled(retryAfter:)``,
  ///   ``OfflineError`` when the server cannot be reached.
  public static func signIn(url: URL, name: String, password: String) async throws -> TeamServer {
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    var request = URLRequest(url: url.appendingPathComponent(Endpoint.signIn.path()))
    request.httpMethod = Endpoint.signIn.method
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = TeamJSON.encode(["name": name, "password": password])
    let (data, response) = try await offline { try await session.data(for: request) }
    guard let response = response as? HTTPURLResponse else {
      throw TeamServerError.unexpected(status: 0, message: Language.system.localized("no answer"))
    }
    switch response.statusCode {
    case 201:
      guard
        let cookie = response.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";")
          .first.map(String.init), cookie.contains("kcorp_session=")
      else {
        throw TeamServerError.unexpected(
          status: 201, message: Language.system.localized("no session was given."))
      }
      return TeamServer(url: url, credential: .session(cookie))
    case 401: throw TeamServerError.signInRefused
    case 429:
      throw TeamServerError.throttled(
        retryAfter: Int(response.value(forHTTPHeaderField: "Retry-After") ?? "") ?? 1)
    case 404:
      throw TeamServerError.notFound(
        Language.system.localized("This address is not a KCorp server."))
    default: throw refusal(response.statusCode, data)
    }
  }

  /// Ends the session on the server (a token stays valid: owners revoke tokens).
  public func signOut() async throws {
    guard case .session = credential else { return }
    _ = try await call(.signOut)
  }

  /// The account or token's name and role, as the server knows them, and the player a
  /// player's own account is.
  public func identity() async throws -> (name: String, role: Role, player: UUID?) {
    let document = try TeamJSON.decode(
      IdentityDocument.self, from: try await call(.getSession).data)
    return (document.name, document.role, document.player)
  }

  public func signedInPlayer() async throws -> UUID? { try await identity().player }

  /// Runs a network call, turning "cannot connect" into ``OfflineError``.
  static func offline<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as URLError {
      switch error.code {
      case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost,
        .notConnectedToInternet, .timedOut:
        throw OfflineError()
      default:
        // A refused certificate, say: not a passing outage, so not "offline".
        throw TeamServerError.unexpected(status: 0, message: error.localizedDescription)
      }
    }
  }

  // MARK: - The roster

  public func players() async throws -> [Player] { try await organisation().players }

  /// Every champion the server knows (this build's, those its syncs and imports brought).
  public func champions() async throws -> [Champion] {
    try TeamJSON.decode([Champion].self, from: try await call(.listChampions).data)
  }

  public func organisation() async throws -> Organisation {
    try TeamJSON.decode(Organisation.self, from: try await call(.getOrganisation).data)
  }

  public func removedPlayers() async throws -> [RemovedPlayer] {
    try TeamJSON.decode([RemovedEntry].self, from: try await call(.listRemovedPlayers).data)
      .map(\.removal)
  }

  public func addPlayer(_ input: PlayerInput) async throws -> Player {
    try TeamJSON.decode(
      Player.self, from: try await call(.addPlayer, body: TeamJSON.encode(input)).data)
  }

  public func updatePlayer(id: UUID, with edit: PlayerEdit, expected: Player?) async throws
    -> Player
  {
    // The version the caller had is the one its If-Match names.
    let ifMatch = expected.map { "\"\($0.version)\"" }
    return try TeamJSON.decode(
      Player.self,
      from: try await call(
        .editPlayer, id.uuidString, body: TeamJSON.encode(edit), ifMatch: ifMatch
      ).data)
  }

  public func removePlayer(id: UUID) async throws {
    _ = try await call(.deletePlayer, id.uuidString)
  }

  public func restorePlayer(id: UUID) async throws -> Player {
    try TeamJSON.decode(Player.self, from: try await call(.restorePlayer, id.uuidString).data)
  }

  public func reorder(_ ids: [UUID], expected: [UUID]?, in team: UUID) async throws {
    let ifMatch = expected.map { "\"\(Player.orderVersion($0))\"" }
    _ = try await call(
      .setOrder, query: "?team=\(team.uuidString)",
      body: TeamJSON.encode(ids.map(\.uuidString)), ifMatch: ifMatch)
  }

  public func swapPlayers(id: UUID, with other: UUID) async throws -> (Player, Player) {
    var writer = JSONWriter()
    writer.object { $0.member("with", other) }
    let swap = try TeamJSON.decode(
      SwapDocument.self,
      from: try await call(.swapPlayers, id.uuidString, body: Data(writer.bytes)).data)
    return (swap.player, swap.with)
  }

  /// Sends an image to be the player's photo (the server re-encodes it), or takes the
  /// photo away (nil).
  public func setPhoto(of id: UUID, to image: Data?) async throws -> Player {
    guard let image else {
      _ = try await call(.removePhoto, id.uuidString)
      return try TeamJSON.decode(Player.self, from: try await call(.getPlayer, id.uuidString).data)
    }
    // The server names the format it refuses; an unknown one is sent as bytes for it to say.
    let type = Self.imageType(of: image) ?? "application/octet-stream"
    return try TeamJSON.decode(
      Player.self,
      from: try await call(.setPhoto, id.uuidString, body: image, contentType: type).data)
  }

  /// `GET /images/{name}` when it is the game's art (a JPEG), not a drawing.
  public func championArt(_ imageName: String) async throws -> Data? {
    guard PlayerInput.imageNameProblem(imageName) == nil else { return nil }
    let (data, response) = try await call("GET", "images/\(imageName)")
    return response.value(forHTTPHeaderField: "Content-Type") == "image/jpeg" ? data : nil
  }

  public func photo(_ hash: String) async throws -> Data? {
    do {
      return try await call("GET", String(Player.photoPath(hash).dropFirst())).data
    } catch TeamServerError.notFound {
      return nil
    }
  }

  /// An image's media type, from its first bytes: JPEG, PNG, WebP or HEIC.
  static func imageType(of data: Data) -> String? {
    let head = [UInt8](data.prefix(12))
    func ascii(_ range: Range<Int>, _ text: String) -> Bool {
      head.count >= range.upperBound && head[range].elementsEqual(text.utf8)
    }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if ascii(0..<4, "RIFF") && ascii(8..<12, "WEBP") { return "image/webp" }
    if ascii(4..<8, "ftyp") { return "image/heic" }
    return nil
  }

  /// The history, the newest first (after the id `after`, of one player when given).
  public func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 100) async throws
    -> [RosterChange]
  {
    var query = "?after=\(after)&limit=\(limit)"
    if let player { query += "&player=\(player.uuidString)" }
    return try TeamJSON.decode(
      [HistoryEntry].self, from: try await call(.getHistory, query: query).data
    )
    .map(\.change)
  }

  public var teams: any TeamsSource { ServerTeams(server: self) }

  public var week: any WeekSource { ServerWeek(server: self) }

  public var drafts: any DraftSource { ServerDrafts(server: self) }

  /// The server's solo queue and Riot settings.
  public var riot: ServerRiot { ServerRiot(server: self) }

  /// A player's Riot account as the server last saw it; nil before its first check.
  public func soloQueue(of id: UUID) async throws -> RiotStanding? {
    try TeamJSON.decode(
      RiotStanding?.self, from: try await call(.getPlayerSoloQueue, id.uuidString).data)
  }

  public func events() -> AsyncStream<SourceEvent> {
    EventFeed(server: self).stream()
  }

  // MARK: - Requests

  /// A request with the credential; a refusal is thrown as what it means.
  func request(_ method: String, _ path: String) -> URLRequest {
    var request = URLRequest(url: URL(string: path, relativeTo: url) ?? url)
    request.httpMethod = method
    switch credential {
    case .token(let token): request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    case .session(let cookie): request.setValue(cookie, forHTTPHeaderField: "Cookie")
    }
    return request
  }

  /// Calls an endpoint of the server's API (``TeamAPI``): `values` fill its path's `{name}`
  /// segments in order, `query` (with its `?`) follows; the body goes in the endpoint's
  /// first media type unless `contentType` names another. A feature's own calls go through
  /// it (Discord's settings from the CLI).
  public func call(
    _ endpoint: Endpoint, _ values: String..., query: String = "", body: Data? = nil,
    contentType: String? = nil, ifMatch: String? = nil
  ) async throws -> (data: Data, response: HTTPURLResponse) {
    try await call(
      endpoint.method, endpoint.path(values) + query, body: body,
      contentType: contentType ?? endpoint.request?.mediaTypes.first ?? "application/json",
      ifMatch: ifMatch)
  }

  /// Sends a request to a path of the server (an image, a photo: outside the API).
  func call(
    _ method: String, _ path: String, body: Data? = nil, contentType: String = "application/json",
    ifMatch: String? = nil
  ) async throws -> (data: Data, response: HTTPURLResponse) {
    var request = request(method, path)
    if let body {
      request.httpBody = body
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    if let ifMatch { request.setValue(ifMatch, forHTTPHeaderField: "If-Match") }
    // A 503 saved nothing (the server busy with photos, or its database away): sent again
    // after the Retry-After it gives, twice at most, when that is a few seconds.
    var attempt = 1
    while true {
      let (data, response) = try await Self.offline { try await session.data(for: request) }
      guard let response = response as? HTTPURLResponse else {
        throw TeamServerError.unexpected(status: 0, message: Language.system.localized("no answer"))
      }
      if response.statusCode == 503, attempt < 3,
        let wait = Int(response.value(forHTTPHeaderField: "Retry-After") ?? ""),
        (0...5).contains(wait)
      {
        attempt += 1
        try await Task.sleep(for: .seconds(wait))
        continue
      }
      return try Self.answer(data, response)
    }
  }

  /// The body and response of a success; a refusal is thrown as what it means.
  private static func answer(_ data: Data, _ response: HTTPURLResponse) throws -> (
    data: Data, response: HTTPURLResponse
  ) {
    guard (200..<300).contains(response.statusCode) else {
      throw refusal(response.statusCode, data)
    }
    return (data, response)
  }

  /// What a refusal means, from its problem document.
  static func refusal(_ status: Int, _ data: Data) -> any Error {
    let problem = try? TeamJSON.decode(ProblemDocument.self, from: data)
    let detail = problem?.detail ?? HTTPURLResponse.localizedString(forStatusCode: status)
    switch ErrorKind(status: status) {
    case .unauthorized: return TeamServerError.unauthorized
    case .forbidden: return TeamServerError.forbidden(detail)
    case .notFound: return TeamServerError.notFound(detail)
    case .tooLarge: return TeamServerError.conflict(detail)  // a photo too large
    case nil where status == 415: return TeamServerError.conflict(detail)  // not an image
    case .changed:
      if let current = problem?.current { return PlayerChangedError(current: current) }
      return TeamServerError.conflict(detail)
    case let kind? where kind == .conflict || kind == .invalid:
      if let errors = problem?.errors, !errors.isEmpty {
        return ValidationError(
          issues: errors.compactMap { error in
            ValidationError.Field(rawValue: error.field).map {
              ValidationError.Issue(
                field: $0, message: error.message, isConflict: kind == .conflict)
            }
          })
      }
      return TeamServerError.conflict(detail)
    default: return TeamServerError.unexpected(status: status, message: detail)
    }
  }
}

extension TeamServerError: KindedError {
  public var kind: ErrorKind {
    switch self {
    case .unauthorized, .signInRefused: .unauthorized
    case .forbidden: .forbidden
    case .notFound: .notFound
    case .conflict: .changed
    case .throttled: .throttled
    case .unexpected: .unavailable
    }
  }

  public var retryAfter: Int? {
    if case .throttled(let seconds) = self { seconds } else { nil }
  }
}

import Foundation
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore

/// What a route asks of a request, declared with the route and applied in one place
/// (``WebApp/respond(to:)``): nothing else keeps a list of paths.
package struct RoutePolicy: Sendable {
  /// Who may use the route.
  package enum Access: Sendable, Equatable {
    /// Anyone, signed in or not (sign-in itself, the stylesheet).
    case anyone
    /// Any account or token: the roster's pages and reads.
    case reader
    /// Any account or token but a player's own: what holds every player's personal data
    /// (contracts, the history, exports, Recently removed), as docs/PRIVACY.md says.
    case staff
    /// The staff, or the player's own account for the player the request names there: that
    /// player's personal data (their tenures).
    case personal(PlayerSubject)
    /// Owners and editors: what changes the roster, and the forms to change it.
    case editor
    /// Owners alone: the accounts.
    case owner
    /// A signed-in person, whatever their role; a token may read but not write there (an
    /// account's own pages).
    case person
    /// Editors, or the player's own account (``Role/player``) for the player the request
    /// names there: their availability, their answers.
    case ownPlayer(PlayerSubject)
    /// Discord's interactions: the door checks the application's signature (401 otherwise)
    /// and the handler acts as the Discord user's linked player, with a player's rights.
    case discord
  }

  /// Where a request names the player it is about.
  package enum PlayerSubject: Sendable, Equatable {
    /// A parameter of the path (`{id}`, `{player}`).
    case path(String)
    /// A field of the form.
    case form(String)
  }

  /// Where a request that changes something must come from.
  package enum Origin: Sendable {
    /// Anywhere (reads).
    case any
    /// Our own pages' scripts, or a client that sends no Origin (the API's writes).
    case sameOrigin
    /// Our own pages' forms: same origin, with the browser's CSRF token.
    case form
  }

  /// A body larger than the server's usual limit.
  package enum Upload: Sendable {
    /// The body is a photo.
    case photo
    /// A form that may carry a file (a photo, a roster file), when sent as
    /// `multipart/form-data`.
    case fileForm
    /// A roster file as the body (`text/csv` or `application/json`: a JSON export may carry
    /// photos).
    case rosterFile
  }

  /// The team a route acts on, which the role is checked on.
  package enum Team: Sendable {
    /// The organisation as a whole (its teams, the accounts).
    case organisation
    /// The organisation's first team: the routes from before teams.
    case first
    /// The team whose tag is the path's `{tag}`.
    case tag
    /// The team of the player whose id is the path's `{id}`, on a team or removed.
    case player
    /// The team the query's, the form's or the JSON body's `team` names, else the first
    /// team; a request whose places name two teams is refused.
    case chosen
    /// The team of the event whose id is the path's `{id}`.
    case event
    /// The team of the calendar address whose secret is the path's `{secret}` (a player's
    /// address: their team's).
    case feed
    /// The team of the event whose draft board the path's `{secret}` opens (a draft link's,
    /// while its event is in the week).
    case draftLink
  }

  package var access: Access
  package var origin: Origin = .any
  package var upload: Upload?
  package var team: Team

  package init(
    _ access: Access, _ origin: Origin = .any, upload: Upload? = nil, team: Team = .first
  ) {
    self.access = access
    self.origin = origin
    self.upload = upload
    self.team = team
  }

  /// Whether a body of this media type may be photo-sized.
  package func allowsPhoto(contentType: String?) -> Bool {
    switch upload {
    case .photo: true
    case .fileForm: contentType == "multipart/form-data"
    case .rosterFile: contentType == "text/csv" || contentType == "application/json"
    case nil: false
    }
  }
}

/// Everything the door (``WebApp/respond(to:)``) resolved about a request, once: who asks,
/// the route's parameters, the team whose role was checked, the form's fields and the
/// clock. Handlers take their inputs from here, read through ``roster`` and ``reads``, and
/// change data only through ``scope`` (the checked team) or ``organisation``: the store
/// itself is out of their reach.
package struct RequestContext: Sendable {
  package let identity: Identity
  /// The `{name}` segments of the route's pattern.
  package let parameters: [String: String]
  /// The team the route acts on (``RoutePolicy/team``), its role checked; nil for the
  /// organisation.
  package let team: TeamKit.Team?
  /// The fields of a form body (URL-encoded or multipart), parsed once; empty otherwise.
  package let form: [String: [String]]
  /// The request's instant: every "now" and "today" a handler needs.
  package let now: Date
  /// Who sent it: the connection's address, or behind a trusted proxy on this machine the
  /// one the proxy names.
  package let clientAddress: String
  /// The store, reached through ``roster``, ``reads``, ``scope`` and ``organisation``.
  private let store: RosterStore?
  /// The JSON body of a route that reads one (``Router/JSONBody``), decoded once; its
  /// failure is thrown by the handler, after the request was authorized.
  package let body: Result<any Sendable, HTTPError>?
  /// Whether the response may go in gzip (the request's `Accept-Encoding`).
  package let acceptsGzip: Bool
  /// The language the response speaks.
  package let language: Language
  /// The library and roster the request's pictures are drawn from.
  package let pictures: ImageLibrary.Shown?

  package init(
    identity: Identity, parameters: [String: String], team: TeamKit.Team? = nil,
    form: [String: [String]] = [:], now: Date, clientAddress: String = "",
    store: RosterStore? = nil,
    body: Result<any Sendable, HTTPError>? = nil, acceptsGzip: Bool = false,
    language: Language = .english, pictures: ImageLibrary.Shown? = nil
  ) {
    self.identity = identity
    self.parameters = parameters
    self.team = team
    self.form = form
    self.now = now
    self.clientAddress = clientAddress
    self.store = store
    self.body = body
    self.acceptsGzip = acceptsGzip
    self.language = language
    self.pictures = pictures
  }

  /// The organisation as it is now (after the handler's own changes, once they committed).
  package var roster: Roster { store?.roster ?? Roster(version: 0, players: [], removed: []) }

  /// What is kept beside the roster, read-only: the history, photos, settings.
  package var reads: StoreReads {
    get throws(RosterError) {
      guard let store else { throw .teamNotFound("") }
      return StoreReads(store: store)
    }
  }

  /// The changes to the organisation as a whole, each checked again against the identity's
  /// role on the organisation.
  package var organisation: OrganisationScope {
    get throws(RosterError) {
      guard let store else { throw .teamNotFound("") }
      return OrganisationScope(store: store, identity: identity, language: language)
    }
  }

  /// The changes a signed-in person makes to their own account (their Discord link).
  package var account: AccountScope {
    get throws(RosterError) {
      guard let store else { throw .teamNotFound("") }
      return AccountScope(store: store, name: identity.name)
    }
  }

  /// How the request's pages are drawn: in its language, with its pictures.
  package var pages: Pages { Pages(language: language, pictures: pictures) }

  /// The player `id` names (a path's `{id}`, a form's field) in `roster`.
  /// - Throws: ``HTTPError/playerNotFound(in:)`` for a malformed or unknown id.
  package func player(_ id: String?, in roster: Roster) throws(HTTPError) -> Player {
    guard let id = id.flatMap(UUID.init(text:)), let player = roster.player(id: id) else {
      throw .playerNotFound(in: language)
    }
    return player
  }

  /// The event `id` names in `roster`; 404 otherwise.
  package func event(_ id: String?, in roster: Roster) throws(HTTPError) -> TeamEvent {
    guard let id = id.flatMap(UUID.init(text:)), let event = roster.schedule.event(id: id) else {
      throw HTTPError(.notFound, localized("No event has this id: it may have been cancelled."))
    }
    return event
  }

  /// `value` as the API's JSON, what people read in it in the request's language.
  package func json(_ value: some JSONWritable, status: Int = 200) -> HTTPResponse {
    Door.json(value, status: status, in: language)
  }

  /// `key` in the request's language, its arguments put in.
  package func localized(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
    language.localized(key, arguments: arguments)
  }

  /// Who the history records the request's changes as.
  package var author: String { identity.name }

  /// What a page of the team may offer: edit controls, and an account link when signed in.
  package var viewer: Pages.Viewer { viewer(on: team) }

  /// What a page may offer on `team` (the organisation when nil).
  package func viewer(on team: TeamKit.Team?) -> Pages.Viewer {
    Pages.Viewer(
      canEdit: Door.allows(identity, .editor, on: team),
      signedIn: identity.kind != .local, isOwner: identity.role == .owner,
      player: identity.player, isStaff: identity.role != .player)
  }

  /// The store bound to the team the door checked, for a team's route
  /// (``Router/teamRoute(_:_:_:expired:_:)``): the only way a handler gets one.
  fileprivate func teamScope() throws(RosterError) -> TeamScope {
    guard let store, let team else { throw .teamNotFound(parameters["tag"] ?? "") }
    return TeamScope(store: store, team: team, identity: identity, language: language)
  }
}

/// Matches a request's method and path to a route; `{name}` in a pattern matches one path
/// segment and is passed to the handler.
package struct Router: Sendable {
  /// Answers a request; throws an ``HTTPError`` (or any error the app maps) to refuse it.
  package typealias Handler = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse

  /// How a route reads its JSON body: decoded by the door, once, and handed to the handler.
  package struct JSONBody: Sendable {
    package let decode: @Sendable (HTTPRequest, Language) -> Result<any Sendable, HTTPError>
  }

  /// A route: a class, so that matching one hands out a reference, not copies of its
  /// closures (every request is matched).
  package final class Route: Sendable {
    package let method: String
    package let pattern: [Substring]
    package let policy: RoutePolicy
    package let handler: Handler
    /// The answer to a form whose token has expired, when the route shows the form again
    /// (the user's input kept) rather than a bare refusal.
    package let expired: Handler?
    /// How the route reads its JSON body, when it takes one.
    package let json: JSONBody?
    /// Each segment of the pattern: its bytes, or for a `{name}` one, the name.
    fileprivate let parts: [Part]

    fileprivate enum Part {
      case literal([UInt8])
      case parameter(String)
    }

    package init(
      method: String, pattern: [Substring], policy: RoutePolicy, handler: @escaping Handler,
      expired: Handler?, json: JSONBody?
    ) {
      self.json = json
      self.method = method
      self.pattern = pattern
      self.policy = policy
      self.handler = handler
      self.expired = expired
      parts = pattern.map {
        $0.hasPrefix("{") && $0.hasSuffix("}")
          ? .parameter(String($0.dropFirst().dropLast())) : .literal(Array($0.utf8))
      }
    }
  }

  package init() {}

  private var routes: [Route] = []
  /// The routes by their number of segments and their first segment, each list in the order
  /// added: a request is only compared with the few routes its path could match.
  private var table: [[String: [Route]]] = []

  /// The JSON API's endpoints, in the order mounted: what the OpenAPI document describes.
  package private(set) var endpoints: [Endpoint] = []

  /// Every route as `METHOD /pattern`, in the order added (to document or test them).
  package var patterns: [String] {
    routes.map { "\($0.method) /" + $0.pattern.joined(separator: "/") }
  }

  /// Adds a route, e.g. `add("GET", "/players/{id}", RoutePolicy(.reader)) { request, context in … }`.
  /// A route of the JSON API is mounted on its ``Endpoint`` (``route(_:_:expired:_:)``), so
  /// that the OpenAPI document describes every one.
  package mutating func add(
    _ method: String, _ pattern: String, _ policy: RoutePolicy, expired: Handler? = nil,
    json: JSONBody? = nil, endpoint: Endpoint? = nil, _ handler: @escaping Handler
  ) {
    precondition(
      !pattern.hasPrefix("/api/") || endpoint?.path == pattern,
      "\(pattern) is an API route: mount it on its Endpoint")
    if let endpoint { endpoints.append(endpoint) }
    let route = Route(
      method: method, pattern: pattern.split(separator: "/"), policy: policy, handler: handler,
      expired: expired, json: json)
    precondition(route.pattern.first?.hasPrefix("{") != true, "\(pattern) starts with a name")
    routes.append(route)
    while table.count <= route.pattern.count { table.append([:]) }
    table[route.pattern.count][String(route.pattern.first ?? ""), default: []].append(route)
  }

  /// Adds a route (``add(_:_:_:expired:json:_:)``).
  package mutating func route(
    _ method: String, _ pattern: String, _ policy: RoutePolicy,
    expired: Handler? = nil, _ handler: @escaping Handler
  ) {
    add(method, pattern, policy, expired: expired, handler)
  }

  /// An endpoint of the JSON API.
  package mutating func route(
    _ endpoint: Endpoint, _ policy: RoutePolicy, expired: Handler? = nil,
    _ handler: @escaping Handler
  ) {
    add(endpoint.method, endpoint.path, policy, expired: expired, endpoint: endpoint, handler)
  }

  /// An endpoint of the JSON API whose body is JSON of type `Body`, in the media types the
  /// endpoint declares (``route(_:_:_:json:accepting:endpoint:_:)``).
  package mutating func route<Body: Decodable & Sendable>(
    _ endpoint: Endpoint, _ policy: RoutePolicy, json: Body.Type,
    _ handler: @escaping @Sendable (HTTPRequest, RequestContext, Body) async throws -> HTTPResponse
  ) {
    route(
      endpoint.method, endpoint.path, policy, json: json,
      accepting: endpoint.request?.mediaTypes ?? ["application/json"], endpoint: endpoint, handler)
  }

  /// A route whose body is JSON of type `Body`: the door decodes it once (refusing other
  /// media types with 415, malformed JSON with 400, after the request was authorized) and
  /// hands it to `handler`.
  package mutating func route<Body: Decodable & Sendable>(
    _ method: String, _ pattern: String, _ policy: RoutePolicy, json: Body.Type,
    accepting mediaTypes: [String] = ["application/json"], endpoint: Endpoint? = nil,
    _ handler: @escaping @Sendable (HTTPRequest, RequestContext, Body) async throws -> HTTPResponse
  ) {
    let json = JSONBody { request, language in
      Result { () throws(HTTPError) -> any Sendable in
        try Door.decodeBody(Body.self, of: request, accepting: mediaTypes, in: language)
      }
    }
    add(method, pattern, policy, json: json, endpoint: endpoint) { request, context in
      guard let body = try context.body?.get() as? Body else {
        throw HTTPError(
          .malformed, context.localized("Send the body as %@.", mediaTypes.joined(separator: ", ")))
      }
      return try await handler(request, context, body)
    }
  }

  /// Answers a request on one team, with the store bound to it.
  package typealias TeamHandler =
    @Sendable (HTTPRequest, RequestContext, TeamScope) async throws -> HTTPResponse

  /// A route that acts on one team (its policy names how the request names it): the handler
  /// gets the scope bound to the team the door checked, never absent, and through it reaches
  /// that team alone.
  package mutating func teamRoute(
    _ method: String, _ pattern: String, _ policy: RoutePolicy,
    expired: TeamHandler? = nil, endpoint: Endpoint? = nil, _ handler: @escaping TeamHandler
  ) {
    precondition(policy.team != .organisation, "\(pattern) acts on the organisation, not a team")
    var onExpiry: Handler?
    if let expired {
      onExpiry = { request, context in
        try await expired(request, context, try context.teamScope())
      }
    }
    add(method, pattern, policy, expired: onExpiry, endpoint: endpoint) { request, context in
      try await handler(request, context, try context.teamScope())
    }
  }

  /// An endpoint of the JSON API that acts on one team.
  package mutating func teamRoute(
    _ endpoint: Endpoint, _ policy: RoutePolicy, _ handler: @escaping TeamHandler
  ) {
    teamRoute(endpoint.method, endpoint.path, policy, endpoint: endpoint, handler)
  }

  /// An endpoint of the JSON API that acts on one team, whose body is JSON of type `Body`.
  package mutating func teamRoute<Body: Decodable & Sendable>(
    _ endpoint: Endpoint, _ policy: RoutePolicy, json: Body.Type,
    _ handler:
      @escaping @Sendable (HTTPRequest, RequestContext, TeamScope, Body) async throws ->
      HTTPResponse
  ) {
    precondition(
      policy.team != .organisation, "\(endpoint.path) acts on the organisation, not a team")
    route(endpoint, policy, json: json) { request, context, body in
      try await handler(request, context, try context.teamScope(), body)
    }
  }

  /// A team's route whose body is JSON of type `Body` (``route(_:_:_:json:accepting:endpoint:_:)``).
  package mutating func teamRoute<Body: Decodable & Sendable>(
    _ method: String, _ pattern: String, _ policy: RoutePolicy, json: Body.Type,
    accepting mediaTypes: [String] = ["application/json"],
    _ handler:
      @escaping @Sendable (HTTPRequest, RequestContext, TeamScope, Body) async throws ->
      HTTPResponse
  ) {
    precondition(policy.team != .organisation, "\(pattern) acts on the organisation, not a team")
    route(method, pattern, policy, json: json, accepting: mediaTypes) { request, context, body in
      try await handler(request, context, try context.teamScope(), body)
    }
  }

  /// A route a request reaches, and its parameters.
  package struct Match: Sendable {
    package let route: Route
    /// The `{name}` segments of the route's pattern, as the path gives them.
    package let parameters: [String: String]
  }

  /// The route a request with this method and path reaches (`HEAD` is served by the `GET`
  /// route), and its parameters.
  /// - Throws: ``HTTPError`` 404 when no route has the path, 405 with an `Allow` header
  ///   when the path exists for other methods.
  package func match(_ method: String, _ path: String) throws(HTTPError) -> Match {
    try find(method, path).result.get()
  }

  /// What ``find(_:_:)`` found for a request: a reference, which rides on the request to
  /// the door without a copy.
  package final class Found: Sendable {
    package let result: Result<Match, HTTPError>
    package init(_ result: Result<Match, HTTPError>) { self.result = result }
  }

  /// ``match(_:_:)`` as a value: what the server finds once per request and hands on.
  package func find(_ method: String, _ path: String) -> Found {
    // On the path's bytes in place: every request is matched.
    var path = path
    return Found(path.withUTF8 { match(method, $0) })
  }

  private func match(_ method: String, _ path: UnsafeBufferPointer<UInt8>) -> Result<
    Match, HTTPError
  > {
    func text(_ range: Range<Int>) -> String { String(decoding: path[range], as: UTF8.self) }
    guard let segments = Self.segments(path), segments.count < table.count,
      let candidates = table[segments.count][segments.first.map(text) ?? ""]
    else {
      return .failure(HTTPError(.notFound, "There is nothing at this address."))
    }
    var allowed: [String] = []
    for route in candidates where Self.matches(route.parts, segments, path) {
      if route.method == method || (method == "HEAD" && route.method == "GET") {
        var parameters: [String: String] = [:]
        for (part, segment) in zip(route.parts, segments) {
          if case .parameter(let name) = part { parameters[name] = text(segment) }
        }
        return .success(Match(route: route, parameters: parameters))
      }
      for method in route.method == "GET" ? ["GET", "HEAD"] : [route.method]
      where !allowed.contains(method) {
        allowed.append(method)
      }
    }
    guard !allowed.isEmpty else {
      return .failure(HTTPError(.notFound, "There is nothing at this address."))
    }
    return .failure(
      HTTPError(
        405, "Use \(allowed.joined(separator: " or ")) here.",
        headers: ["Allow": allowed.joined(separator: ", ")]))
  }

  /// The policy of the route a request reaches, if any.
  package func policy(_ method: String, _ path: String) -> RoutePolicy? {
    try? match(method, path).route.policy
  }

  /// Where a path's segments are in it; nil when it is not canonical: `//accounts` or
  /// `/static/../accounts` is not `/accounts` to a check made on the path's text, so it must
  /// not reach `/accounts`' handler either.
  private static func segments(_ path: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    guard path.first == slash else { return nil }
    var segments: [Range<Int>] = []
    segments.reserveCapacity(path.reduce(0) { $1 == slash ? $0 + 1 : $0 })
    var start = 1
    while start < path.count {
      var end = start
      while end < path.count && path[end] != slash { end += 1 }
      let segment = path[start..<end]
      guard !segment.isEmpty, !segment.allSatisfy({ $0 == dot }) || segment.count > 2 else {
        return nil
      }
      segments.append(start..<end)
      start = end + 1  // past the slash: `/a/` is `/a`
    }
    return segments
  }

  /// Whether every literal segment of a pattern is the path's (as many segments in both).
  private static func matches(
    _ parts: [Route.Part], _ segments: [Range<Int>], _ path: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for (part, segment) in zip(parts, segments) {
      if case .literal(let bytes) = part, !path[segment].elementsEqual(bytes) { return false }
    }
    return true
  }
}

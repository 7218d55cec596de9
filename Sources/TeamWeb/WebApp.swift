import AccountsWeb
import ChampionArtWeb
import Discord
import DiscordWeb
import Foundation
import ImportWeb
import OrganisationWeb
import Riot
import RosterWeb
import SoloQueueWeb
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import TeamOutbound
import TeamPhoto
import TeamStore
import WebBase
import WeekWeb

/// The web face: the roster's pages, its pictures and its JSON API, as one request handler
/// over a ``RosterStore``. Start it with ``serve(store:host:port:imagesFolder:limits:options:)``.
public struct WebApp: Sendable {
  /// Who may use the app, and by which names.
  public struct Options: Sendable {
    /// The names a request's `Host` may give (lower case, without port; IPv6 in brackets);
    /// others get 421, against DNS rebinding. Never empty: the check is never off.
    public var allowedHosts: Set<String>
    /// Whether every page and API call needs a session or a token (sign-in and the
    /// stylesheet and script aside). Off only on loopback, where the staff is at the machine.
    public var requireLogin: Bool
    /// Honour `X-Forwarded-Proto` and `-For` from a reverse proxy on this machine.
    public var trustProxy: Bool
    /// Whether the server is about to stop: `/healthz` then says it is not ready, so that a
    /// load balancer sends its requests elsewhere first.
    public var isStopping: @Sendable () -> Bool
    /// Where the owner's "Download champion art" fetches from (Data Dragon, or a mirror).
    public var dataDragon: URL
    /// Riot's API, `{routing}` standing for a platform or a cluster (Riot's hosts, or a
    /// stand-in's).
    public var riotAPI: String
    /// A Riot API key given to the server (`$KCORP_RIOT_KEY`), used before a stored one.
    public var riotKey: String?
    /// The Discord application's public key given to the server, used before a stored one.
    public var discordPublicKey: String?
    /// Discord's API (or a stand-in's), for the deferred answers.
    public var discordAPI: String
    /// The server's public address, where the Discord posts' links point.
    public var publicURL: URL?
    /// This server as the Discord deliverer's turn names it.
    public var server: String

    public init(
      allowedHosts: Set<String> = WebApp.loopbackNames, requireLogin: Bool = false,
      trustProxy: Bool = false, dataDragon: URL = DataDragon.address,
      riotAPI: String = RiotAPI.address, riotKey: String? = nil,
      discordPublicKey: String? = nil, discordAPI: String = DiscordClient.address,
      publicURL: URL? = nil, server: String = "\(ProcessInfo.processInfo.processIdentifier)",
      isStopping: @escaping @Sendable () -> Bool = { false }
    ) {
      self.discordPublicKey = discordPublicKey
      self.discordAPI = discordAPI
      self.publicURL = publicURL
      self.server = server
      self.allowedHosts = allowedHosts
      self.requireLogin = requireLogin
      self.trustProxy = trustProxy
      self.dataDragon = dataDragon
      self.riotAPI = riotAPI
      self.riotKey = riotKey
      self.isStopping = isStopping
    }
  }

  /// The names of this machine's loopback interface.
  public static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

  /// The store: out of the handlers' reach, which get ``RequestContext``'s views of it.
  private let store: RosterStore
  let access: AccessControl
  let images: ImageLibrary
  let cache: ResponseCache
  /// Discord's signed requests: the door's check and identity, the interactions.
  let discordDesk: DiscordDesk
  /// Whether the database answers, for `/healthz`.
  let probe: DatabaseProbe
  /// The calls to Riot's API: refreshes, checks of Riot IDs, the day's refresh.
  public let riot: RiotJob
  /// The posts to the teams' Discord channels.
  public let discord: DiscordJob
  /// The background work: Riot's and Discord's turns, and what the caller adds.
  public let jobs: Jobs
  let events: EventHub
  let options: Options
  let maxBodyBytes: Int
  /// Every route, each feature's added by its `add…Routes` or its ``WebFeature/mount(on:)``.
  var router = Router()
  /// The API's document, describing the endpoints mounted on ``router``.
  let openAPI = OpenAPIServed()

  /// The app over `store`, with pictures from `imagesFolder` when given.
  /// - Parameter maxBodyBytes: the server's body limit, as told to clients that exceed it.
  public init(
    store: RosterStore, imagesFolder: URL? = nil, options: Options = Options(),
    access: AccessControl? = nil, maxBodyBytes: Int = HTTPServer.Limits().maxBodyBytes,
    maxSubscribers: Int = Int(HTTPServer.Limits().maxConnections) / 2, jobs: Jobs? = nil
  ) {
    self.store = store
    // A write that comes while nothing commits is committed on the polling thread that read
    // it, and answered from there: no hop to the committer thread and back.
    store.commitInline(when: { HTTPServer.isPollingThread })
    let access = access ?? AccessControl(store: store)
    self.access = access
    let images = ImageLibrary(folder: imagesFolder, store: store)
    self.images = images
    cache = ResponseCache { images.watch.generation }
    self.events = EventHub(store: store, access: access, maxSubscribers: maxSubscribers)
    self.options = options
    self.maxBodyBytes = maxBodyBytes
    riot = RiotJob(store: store, base: options.riotAPI, key: options.riotKey)
    discord = DiscordJob(
      store: store, base: options.publicURL, api: options.discordAPI,
      publicKey: options.discordPublicKey, server: options.server)
    discordDesk = DiscordDesk(store: store, job: discord)
    probe = DatabaseProbe(store: store)
    self.jobs = jobs ?? Jobs(now: store.now)
    self.jobs.register("sessions", every: .seconds(3600)) { [access] in
      try await access.forgetExpiredSessions()
    }
    // The live streams: kept open through proxies, and each one's identity checked again.
    self.jobs.register(
      "heartbeat", every: EventHub.heartbeat,
      blocking: { [events] in
        events.sendHeartbeat()
      })
    self.jobs.register(
      "streams", every: EventHub.credentialCheck,
      blocking: { [events] in
        events.checkCredentials()
      })
    addDoorRoutes()
    // The features, each in a module of its own.
    let features: [any WebFeature] = [
      RosterFeature(cache: cache, images: images),
      AccountsFeature(access: access, requireLogin: options.requireLogin),
      OrganisationFeature(), WeekFeature(), ImportFeature(), SoloQueueFeature(riot: riot),
      DiscordFeature(job: discord, desk: discordDesk),
      ChampionArtFeature(sync: ChampionSyncJob(store: store), source: options.dataDragon),
    ]
    for feature in features {
      feature.mount(on: &router)
      feature.register(on: self.jobs)
    }
    for asset in [Asset.stylesheet, Asset.script] {
      router.route("GET", asset.path, RoutePolicy(.anyone)) { _, context in
        asset.response(gzip: context.acceptsGzip)
      }
    }
    // The champion row, as drawn for the pages (its address changes with the art).
    router.route("GET", "/static/{file}", RoutePolicy(.anyone)) { request, context in
      guard let row = Asset.championRow(at: request.path) else {
        throw HTTPError(.notFound, context.localized("There is nothing at this address."))
      }
      return row.response(gzip: context.acceptsGzip)
    }
    openAPI.describe(router.endpoints)
  }

  /// Starts serving on `host:port` (port 0: any free port).
  ///
  /// Requests must name the server by one of its names (`Host`), never by another: on
  /// loopback, the loopback names; elsewhere also the machine's own addresses, the
  /// `publicURL`'s host and `extraHosts`. Off loopback, sign-in is required. The app's
  /// ``jobs`` (`jobs` when given, with the app's own added) start with it; the caller who
  /// gives them stops them.
  /// - Throws: ``HTTPServerError`` when the address cannot be bound.
  public static func serve(
    store: RosterStore, host: String = "127.0.0.1", port: Int = 8080, imagesFolder: URL? = nil,
    limits: HTTPServer.Limits = .init(), publicURL: URL? = nil, extraHosts: [String] = [],
    requireLogin: Bool = false, tls: HTTPServer.TLS? = nil, trustProxy: Bool = false,
    access: AccessControl? = nil, dataDragon: URL = DataDragon.address,
    riotAPI: String = RiotAPI.address, riotKey: String? = nil,
    discordPublicKey: String? = nil, discordAPI: String = DiscordClient.address,
    isStopping: @escaping @Sendable () -> Bool = { false }, jobs: Jobs? = nil
  ) throws(HTTPServerError) -> HTTPServer {
    var names = loopbackNames.union(extraHosts.map { $0.lowercased() })
    if let name = publicURL?.host?.lowercased() {
      names.insert(name.contains(":") ? "[\(name)]" : name)
    }
    if !["0.0.0.0", "::", ""].contains(host) {
      names.insert(host.contains(":") ? "[\(host.lowercased())]" : host.lowercased())
    } else {
      names.formUnion(machineAddresses())
    }
    let app = WebApp(
      store: store, imagesFolder: imagesFolder,
      // Reached through a proxy or by public names, visitors are not the staff at the
      // machine: sign-in is required then, as off loopback.
      options: Options(
        allowedHosts: names,
        requireLogin: requireLogin || !isLoopback(host) || trustProxy || publicURL != nil
          || !extraHosts.isEmpty,
        trustProxy: trustProxy, dataDragon: dataDragon, riotAPI: riotAPI, riotKey: riotKey,
        discordPublicKey: discordPublicKey, discordAPI: discordAPI,
        publicURL: publicURL,
        // The same after a restart on the same port: the deliverer's turn is taken back.
        server:
          "\(DiscordJob.machine):\(port == 0 ? "pid\(getpid())" : String(port))",
        isStopping: isStopping),
      access: access, maxBodyBytes: limits.maxBodyBytes,
      // Live pages may hold half the connections at most: the rest stay for requests.
      maxSubscribers: Int(limits.maxConnections) / 2, jobs: jobs)
    var limits = limits
    // Behind a proxy every connection comes from one address: the app limits per client.
    if trustProxy { limits.maxConnectionsPerIP = limits.maxConnections }
    limits.router = app.routing
    let server = try HTTPServer(
      host: host, port: port, limits: limits, tls: tls, handler: app.handle)
    // Without a public address, the posts link to the address the server listens on.
    if !["0.0.0.0", "::", ""].contains(host),
      let url = URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(server.port)")
    {
      app.discord.serving(at: url)
    }
    app.jobs.start()
    // The OpenAPI document is worked out once: before its first request, not during it.
    let document = Thread { [openAPI = app.openAPI] in _ = openAPI.bytes }
    document.qualityOfService = .background
    document.start()
    return server
  }

  /// The routes of the JSON API, `METHOD /api/…` (the OpenAPI document must list them).
  var apiRoutes: [String] { router.patterns.filter { $0.contains(" /api/") } }

  /// The route a request reaches, found once when its head comes (the server hands it back
  /// as ``HTTPRequest/route``), and its body limit when it is not the server's usual one: a
  /// photo's size for an upload, and for a form that carries a file (a photo, a roster).
  @Sendable func routing(_ method: String, _ path: String, _ contentType: String) -> (
    route: (any Sendable)?, bodyLimit: Int?
  ) {
    let found = router.find(method, path)
    guard method != "GET", method != "HEAD", case .success(let match) = found.result,
      match.route.policy.allowsPhoto(contentType: contentType)
    else { return (found, nil) }
    // A form carries its fields beside the photo.
    return (
      found, match.route.policy.upload == .fileForm ? Photo.maxBytes + 64 * 1024 : Photo.maxBytes
    )
  }

  /// Answers one request, in its language (``language(of:)``); every response leaves with
  /// the security headers.
  @Sendable public func handle(_ request: HTTPRequest) async -> HTTPResponse {
    var request = request
    // Over HTTPS, directly or through a trusted proxy (set only then: the request is shared
    // with the server until changed).
    if !request.isSecure && isSecure(request) { request.isSecure = true }
    let language = Door.language(of: request)
    let gzip = Gzip.isAccepted(by: request.header("accept-encoding"))
    let response: HTTPResponse
    do {
      response = try await respond(to: request, in: language, gzip: gzip)
    } catch {
      response = self.response(for: error, to: request, in: language)
    }
    return finished(response, to: request, in: language, gzip: gzip)
  }

  /// `response` with the headers every response leaves with.
  private func finished(
    _ response: HTTPResponse, to request: HTTPRequest, in language: Language, gzip: Bool
  ) -> HTTPResponse {
    // Compressed now unless the cache already keeps it so.
    var response = Gzip.encoded(response, accepted: gzip)
    response.headers.reserveCapacity(response.headers.count + 8)  // at most 8 added below
    let type = response.header("Content-Type") ?? ""
    let isPage = type.hasPrefix("text/html")
    let compressible = Gzip.suits(contentType: type)
    // Words for people: in the request's language, which caches must tell apart.
    if isPage || type.hasPrefix("application/problem+json") {
      response.headers.append(("Content-Language", language.rawValue))
      response.headers.append(
        (
          "Vary",
          compressible ? "Accept-Language, Cookie, Accept-Encoding" : "Accept-Language, Cookie"
        ))
    } else if compressible {
      response.headers.append(("Vary", "Accept-Encoding"))
    }
    if response.header("Content-Security-Policy") == nil {
      response.headers.append(("Content-Security-Policy", Self.contentSecurityPolicy))
    }
    response.headers += [
      ("X-Content-Type-Options", "nosniff"),
      ("Referrer-Policy", "same-origin"),
      ("X-Frame-Options", "DENY"),
    ]
    // Pages carry the browser's CSRF token: no cache may keep them. The API's documents
    // differ by reader (docs/PRIVACY.md): no shared cache may keep them.
    if isPage && response.header("Cache-Control") == nil {
      response.headers.append(("Cache-Control", "no-store"))
    } else if type == "application/json" && response.header("Cache-Control") == nil {
      response.headers.append(("Cache-Control", "private, no-cache"))
    }
    if isSecure(request) {
      response.headers.append(("Strict-Transport-Security", "max-age=31536000"))
    }
    return response
  }

  /// The request checked against the server's rules and its route's policy, then its
  /// route's answer.
  private func respond(to request: HTTPRequest, in language: Language, gzip: Bool) async throws
    -> HTTPResponse
  {
    // A handler starts on the server's polling thread; a network database may keep a read
    // waiting (a frozen server, a cut network), which must never hold that thread: with
    // PostgreSQL every request goes on on a handler thread first.
    if case .postgres = store.location { await Task.yield() }
    try checkHost(of: request, in: language)
    // A method no route of the path takes (TRACE, say) is told so whoever asks; where there
    // is no route at all, who asks is checked as for a page: nobody learns which addresses
    // exist before signing in.
    // Found once, when the request's head came (``routing(_:_:_:)``).
    let found = request.route as? Router.Found ?? router.find(request.method, request.path)
    let match: Router.Match?
    var missing: HTTPError?
    switch found.result {
    case .success(let found): match = found
    case .failure(let error):
      if error.status == 405 { throw error }
      match = nil
      missing = error
    }
    let policy = match?.route.policy ?? RoutePolicy(.reader)
    try refuseUnread(request, policy, in: language)
    let identity = try await identify(request, in: language)
    // The body is parsed here, once: the team it names is checked with the same fields the
    // handler reads.
    let form = request.hasFormBody ? request.formFields : [:]
    let body = match?.route.json?.decode(request, language)
    let team: Team?
    do {
      team = try self.team(
        of: request, policy.team, match?.parameters ?? [:], form: form,
        body: (try? body?.get()) as? any NamingTeam, in: language)
    } catch {
      // Who is nobody signs in before learning anything of the teams.
      if identity == nil { try authorize(request, nil, policy, team: nil, in: language) }
      throw error
    }
    try authorize(
      request, identity, policy, team: team, parameters: match?.parameters ?? [:], form: form,
      in: language)
    guard let match else {
      throw missing ?? HTTPError(.notFound, "There is nothing at this address.")
    }
    let context = RequestContext(
      // A Discord interaction acts as the user's linked player, never as the machine's staff.
      identity: policy.access == .discord ? discordDesk.identity(body) : identity ?? .local,
      parameters: match.parameters, team: team, form: form,
      now: store.now(), clientAddress: clientAddress(request), store: store, body: body,
      acceptsGzip: gzip, language: language, pictures: (images, store.roster))
    let route = match.route
    switch policy.origin {
    case .any: break
    case .sameOrigin:
      guard Door.isSameOrigin(request) else { throw HTTPError.crossSite(in: language) }
    case .form:
      guard Door.isSameOrigin(request), Door.hasValidToken(request, form: form)
      else {
        if let expired = route.expired { return try await expired(request, context) }
        throw HTTPError(
          .forbidden,
          language.localized(
            "This page had expired, so nothing was changed. Go back, reload it and try again."))
      }
    }
    return try await route.handler(request, context)
  }

  /// Refuses a request sent to a name this server does not answer to (400 without one).
  private func checkHost(of request: HTTPRequest, in language: Language) throws(HTTPError) {
    guard let name = request.header("host").flatMap(Self.hostName) else {
      throw HTTPError(
        .malformed, language.localized("Send a Host header of the form name or name:port."))
    }
    guard options.allowedHosts.contains(name) else {
      throw HTTPError(
        421,
        language.localized(
          "This server does not answer to this name; use its address, as the staff was given it.")
      )
    }
  }

  /// Refuses a request whose body was too large to keep (413, saying the route's limit) or
  /// whose address holds a NUL (400).
  private func refuseUnread(_ request: HTTPRequest, _ policy: RoutePolicy, in language: Language)
    throws(HTTPError)
  {
    if request.bodyTooLarge {
      if policy.upload == .rosterFile, policy.allowsPhoto(contentType: request.contentType) {
        throw HTTPError(
          .tooLarge, language.localized("Send a file of at most %@ MiB.", Photo.maxBytes >> 20))
      }
      if policy.allowsPhoto(contentType: request.contentType) {
        throw HTTPError(
          .tooLarge, language.localized("Send a photo of at most %@ MiB.", Photo.maxBytes >> 20))
      }
      throw HTTPError(
        .tooLarge,
        language.localized("Send at most %@ KiB; shorten what you sent.", maxBodyBytes / 1024))
    }
    if request.targetHasNUL {
      throw HTTPError(
        .malformed, language.localized("Remove the NUL character (%%00) from the address."))
    }
  }

  /// The team a request acts on, as its route's policy says; nil for the organisation or
  /// when the path names no such team (the handler answers 404).
  /// - Throws: 404 when the query, the form or the JSON body names a team there is not,
  ///   400 when they name two different teams: the role is checked on one team, so a
  ///   request is about that team alone, never silently another.
  private func team(
    of request: HTTPRequest, _ scope: RoutePolicy.Team, _ parameters: [String: String],
    form: [String: [String]], body: (any NamingTeam)?, in language: Language
  ) throws(HTTPError) -> Team? {
    let roster = store.roster
    switch scope {
    case .organisation: return nil
    case .first: return roster.firstTeam
    case .tag: return parameters["tag"].flatMap { roster.team($0) }
    case .player:
      guard let id = parameters["id"].flatMap(UUID.init(text:)),
        let player = roster.player(id: id) ?? roster.removal(id: id)?.player
      else { return nil }
      return roster.team(id: player.teamID)
    case .event:
      guard let id = parameters["id"].flatMap(UUID.init(text:)),
        let event = roster.schedule.event(id: id) ?? roster.schedule.removal(id: id)?.event
      else { return nil }
      return roster.team(id: event.teamID)
    case .draftLink:
      guard let secret = parameters["secret"],
        let link = roster.schedule.draftLinks.first(where: { $0.secret == secret }),
        let event = roster.schedule.event(id: link.eventID)
      else { return nil }
      return roster.team(id: event.teamID)
    case .feed:
      guard let feed = parameters["secret"].flatMap({ roster.schedule.feed(secret: $0) }),
        let id = WeekScope.team(of: feed, in: roster)
      else { return nil }
      return roster.team(id: id)
    case .chosen:
      // A query's team is a tag or an id as given (the API's contract); a form's or a body's
      // may come with spaces around it.
      let named =
        [request.query["team"]].compactMap { $0 }.filter { !$0.isEmpty }
        + ([body?.team].compactMap { $0 } + (form["team"] ?? []))
        .map { $0.trimmed() }
        .filter { !$0.isEmpty }
      var chosen: Team?
      for name in named {
        guard let team = roster.team(name) else {
          throw HTTPError(.notFound, language.localized("No team has the tag “%@”.", name))
        }
        if let other = chosen, other.id != team.id {
          throw HTTPError(
            .malformed,
            language.localized(
              "This request names two teams, %1$@ and %2$@; send it from one team’s page.",
              other.name, team.name))
        }
        chosen = team
      }
      return chosen ?? roster.firstTeam
    }
  }

  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
}

extension HTTPRequest {
  /// Whether the request is for the JSON API (`/api/…`), whose refusals are problem
  /// documents, not pages.
  var isForTheAPI: Bool { path == "/api" || path.hasPrefix("/api/") }
}

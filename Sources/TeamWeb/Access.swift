import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore

/// Who a request comes from, and what they may do: the rules ``RoutePolicy`` names, applied
/// by ``WebApp/respond(to:)``.
extension WebApp {
  // MARK: - Identity

  /// The session cookie's name: `__Host-` prefixed (so only this host, over HTTPS, may set
  /// it) when the request came over HTTPS.
  static func sessionCookie(secure: Bool) -> String {
    secure ? "__Host-kcorp_session" : "kcorp_session"
  }

  /// Whether the browser reached us over HTTPS: directly, or through a trusted proxy on this
  /// machine that says so. (``handle(_:)`` marks the request so: every rule reads
  /// ``HTTPRequest/isSecure``.)
  func isSecure(_ request: HTTPRequest) -> Bool {
    request.isSecure
      || (options.trustProxy && Self.isLoopback(request.clientAddress)
        && request.header("x-forwarded-proto")?.lowercased() == "https")
  }

  /// The client's address: the connection's, or, behind a trusted proxy on this machine, the
  /// last one the proxy added to `X-Forwarded-For`.
  func clientAddress(_ request: HTTPRequest) -> String {
    guard options.trustProxy, Self.isLoopback(request.clientAddress),
      let forwarded = request.header("x-forwarded-for")?.split(separator: ",").last
    else { return request.clientAddress }
    return forwarded.trimmingCharacters(in: .whitespaces)
  }

  /// The account or token the request carries; nil for nobody. A bearer token that is not
  /// valid is refused at once (401) rather than treated as nobody.
  func identify(_ request: HTTPRequest, in language: Language) async throws -> Identity? {
    let authorization = request.header("authorization")
    let session = request.cookie(Self.sessionCookie(secure: isSecure(request)))
    // A token or session is read from the database: never on the server's polling thread,
    // which a slow disk or database would hold (the request goes on on a handler thread).
    if authorization != nil || session != nil { await Task.yield() }
    if let authorization {
      let parts = authorization.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "bearer",
        let identity = try await access.identity(bearer: String(parts[1]))
      else {
        throw HTTPError(
          .unauthorized,
          language.localized("This token is unknown or revoked; ask an owner for a new one."),
          headers: ["WWW-Authenticate": "Bearer realm=\"kcorp\", error=\"invalid_token\""])
      }
      return identity
    }
    // Over HTTPS only the `__Host-` cookie counts: a plain one could have been planted.
    if let token = session, let identity = try await access.identity(session: token) {
      return identity
    }
    return options.requireLogin ? nil : .local
  }

  /// The answer to nobody signed in: a page's reader is sent to sign in, then back; an API
  /// client is told how to authenticate.
  static func signInFirst(_ request: HTTPRequest, in language: Language) -> HTTPError {
    if !request.isForTheAPI && (request.method == "GET" || request.method == "HEAD") {
      let next = request.path + (request.query["page"].map { "?page=\($0)" } ?? "")
      return HTTPError(
        303, language.localized("Sign in first."),
        headers: ["Location": "/signin?next=" + WebApp.percentEncoded(next)])
    }
    return HTTPError(
      .unauthorized,
      language.localized("Sign in first, or send an API token (Authorization: Bearer …)."),
      headers: ["WWW-Authenticate": "Bearer realm=\"kcorp\""])
  }

  /// Refuses what the identity may not do on a route of this policy: where sign-in is
  /// required nobody may use anything but what is open to anyone; viewers only read; owners
  /// alone manage accounts; tokens have no account of their own to change.
  func authorize(
    _ request: HTTPRequest, _ identity: Identity?, _ policy: RoutePolicy, team: Team?,
    parameters: [String: String] = [:], form: [String: [String]] = [:], in language: Language
  ) throws {
    if policy.access == .anyone { return }
    if policy.access == .discord {
      guard discordDesk.isSigned(request) else {
        throw HTTPError(
          .unauthorized,
          language.localized("This request is not signed by the Discord application."))
      }
      return
    }
    guard let identity else { throw Self.signInFirst(request, in: language) }
    /// The player the handler acts on, read from the same place.
    func named(_ subject: RoutePolicy.PlayerSubject) -> String? {
      switch subject {
      case .path(let name): parameters[name]
      case .form(let name): form[name]?.first
      }
    }
    if policy.access == .person {
      let reads = request.method == "GET" || request.method == "HEAD"
      if !reads, case .token = identity.kind {
        throw HTTPError(
          .forbidden, language.localized("An API token has no account to change or sign out of."))
      }
      return
    }
    // A player's own account, on what is theirs alone: the player the request names must be
    // theirs.
    let subject: RoutePolicy.PlayerSubject? =
      switch policy.access {
      case .personal(let subject), .ownPlayer(let subject): subject
      default: nil
      }
    if let subject, identity.role == .player {
      guard let player = identity.player, named(subject).flatMap(UUID.init(text:)) == player
      else {
        throw HTTPError(
          .forbidden,
          policy.access == .personal(subject)
            ? language.localized(
              "%@ is a player's account: it sees its own personal data, not another player’s.",
              identity.name)
            : language.localized(
              "%@ is a player's account: it sets that player's availability and answers only.",
              identity.name))
      }
      return
    }
    try Self.check(identity, may: policy.access, on: team, in: language)
  }

  /// Whether ``check(_:may:on:in:)`` lets `identity` through: for what a page offers, where
  /// a refusal is not said.
  static func allows(_ identity: Identity, _ access: RoutePolicy.Access, on team: Team?) -> Bool {
    (try? check(identity, may: access, on: team, in: .english)) != nil
  }

  /// The role check, the one place it is made: whether `identity` may read (``.reader``),
  /// change (``.editor``) or manage (``.owner``) `team`, or the whole organisation when
  /// `team` is nil. Every account reads the whole organisation; one limited to some teams
  /// changes those only.
  /// - Throws: ``HTTPError`` 403 saying why.
  static func check(
    _ identity: Identity, may access: RoutePolicy.Access, on team: Team?, in language: Language
  ) throws(HTTPError) {
    switch access {
    case .anyone, .person, .reader, .personal, .discord: return
    case .staff:
      guard identity.role != .player else {
        throw HTTPError(
          .forbidden,
          language.localized(
            "%@ is a player's account: the staff's files (contracts, history, exports) are not shown to it.",
            identity.name))
      }
    case .ownPlayer: try check(identity, may: .editor, on: team, in: language)
    case .owner:
      guard identity.role.canManageAccounts else {
        throw HTTPError(
          .forbidden, language.localized("Only an owner manages the accounts and the teams."))
      }
    case .editor:
      guard identity.role.canEdit else {
        throw HTTPError(
          .forbidden,
          identity.role == .player
            ? language.localized(
              "%@ is a player's account: it sets that player's availability and answers only.",
              identity.name)
            : language.localized(
              "%@ is a viewer: this account reads the roster but cannot change it.", identity.name))
      }
      let role =
        team.map { identity.role(on: $0.id) } ?? (identity.teams == nil ? identity.role : .viewer)
      guard role.canEdit else {
        throw HTTPError(
          .forbidden,
          language.localized(
            "%1$@ is not on the staff of %2$@: an owner can give this account a role there.",
            identity.name, team?.name ?? language.localized("every team")))
      }
    }
  }

  // MARK: - Language

  static let languageCookie = "kcorp_lang"

  /// The language to answer in: the one chosen with the language switch (a cookie), else the
  /// best of `Accept-Language`, else English.
  static func language(of request: HTTPRequest) -> Language {
    if let chosen = request.cookie(languageCookie).flatMap(Language.init(rawValue:)) {
      return chosen
    }
    return request.header("accept-language").flatMap(Language.init(acceptLanguage:)) ?? .english
  }

  // MARK: - Cross-site request forgery

  /// The CSRF cookie's name: `__Host-` prefixed over HTTPS, so that nothing but this host,
  /// over HTTPS, can plant one (a sibling site, a plain-HTTP page).
  static func csrfCookie(secure: Bool) -> String {
    secure ? "__Host-kcorp_csrf" : "kcorp_csrf"
  }

  /// The browser's CSRF token (the request's, when it has one and `renewed` is false), and
  /// the `Set-Cookie` header to send when it is new.
  static func csrfToken(for request: HTTPRequest, renewed: Bool = false) -> (
    token: String, setCookie: String?
  ) {
    let name = csrfCookie(secure: request.isSecure)
    if !renewed, let token = request.cookie(name), token.count == 64,
      token.allSatisfy(\.isHexDigit)
    {
      return (token, nil)
    }
    let token = hex(Secrets.randomBytes(32))
    // Joined at once, not appended piece by piece: a new visitor's every page makes one.
    return (
      token,
      [name, "=", token, "; Path=/; HttpOnly; SameSite=Strict", request.isSecure ? "; Secure" : ""]
        .joined()
    )
  }

  /// True when a state-changing request comes from our own pages: its Origin (or
  /// Sec-Fetch-Site) says same origin, over the scheme the request came by. Scheme and host
  /// name compare in any case.
  static func isSameOrigin(_ request: HTTPRequest) -> Bool {
    if let origin = request.header("origin")?.lowercased() {
      guard let host = request.header("host")?.lowercased() else { return false }
      return origin == (request.isSecure ? "https://" : "http://") + host
    }
    if let site = request.header("sec-fetch-site") {
      return site == "same-origin" || site == "none"
    }
    return true
  }

  static func hasValidToken(_ request: HTTPRequest, form: [String: [String]]) -> Bool {
    guard let cookie = request.cookie(csrfCookie(secure: request.isSecure)), cookie.count == 64,
      let sent = form["csrf"]?.first, sent.utf8.count == cookie.utf8.count
    else { return false }
    // Compare in constant time.
    return zip(sent.utf8, cookie.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

import Foundation
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Signing in and out (pages and the apps' JSON), an account's own page, and the owners'
/// accounts page.
package struct AccountsFeature: WebFeature, Sendable {
  private let access: AccessControl
  /// Whether the server asks everyone to sign in (signing out then leads to the sign-in).
  private let requireLogin: Bool

  package init(access: AccessControl, requireLogin: Bool) {
    self.access = access
    self.requireLogin = requireLogin
  }

  // MARK: - Routes

  package func mount(on router: inout Router) {
    addSignInRoutes(&router)
    addSessionRoutes(&router)
    addOwnAccountRoutes(&router)
    addAccountsRoutes(&router)
  }

  /// The sign-in page, signing in with it, and signing out.
  private func addSignInRoutes(_ router: inout Router) {
    let access = access
    let requireLogin = requireLogin
    let app = self
    router.route("GET", "/signin", RoutePolicy(.anyone, team: .organisation)) { request, context in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.signIn(
        name: "", next: Self.safeNext(request.query["next"]), token: token
      )
      .with(cookie: cookie)
    }
    router.route(
      "POST", "/signin", RoutePolicy(.anyone, .form, team: .organisation),
      expired: { request, context in
        Self.signInAgain(
          request, context, 403, context.localized("This page had expired. Sign in again."))
      }
    ) { request, context in
      try await app.signIn(request, context)
    }
    router.route("POST", "/signout", RoutePolicy(.person, .form, team: .organisation)) {
      request, _ in
      try await Self.endSession(of: request, in: access)
      return Self.signedOut(secure: request.isSecure, requireLogin: requireLogin)
    }
    router.route("POST", "/signout/all", RoutePolicy(.person, .form, team: .organisation)) {
      request, context in
      try await access.signOutEverywhere(name: context.identity.name)
      return Self.signedOut(secure: request.isSecure, requireLogin: requireLogin)
    }
  }

  /// The sign-in page again, the name and the page to go back to kept.
  private static func signInAgain(
    _ request: HTTPRequest, _ context: RequestContext, _ status: Int, _ message: String,
    headers: [(String, String)] = []
  ) -> HTTPResponse {
    let form = context.form
    let (token, cookie) = Door.csrfToken(for: request)
    var response = context.pages.signIn(
      name: form["name"]?.first ?? "", next: Self.safeNext(form["next"]?.first), token: token,
      message: message, status: status
    ).with(cookie: cookie)
    response.headers += headers.map { (name: $0.0, value: $0.1) }
    return response
  }

  /// `POST /signin`: the session cookie and the page asked for, or the sign-in page again.
  private func signIn(_ request: HTTPRequest, _ context: RequestContext) async throws
    -> HTTPResponse
  {
    let form = context.form
    switch try await access.signIn(
      name: form["name"]?.first ?? "", password: form["password"]?.first ?? "",
      address: context.clientAddress)
    {
    case .signedIn(let session, _):
      var response = HTTPResponse.redirect(to: Self.safeNext(form["next"]?.first))
      response.headers.append(
        Self.sessionCookieHeader(
          session, secure: request.isSecure, maxAge: Int(access.policy.absoluteTimeout)))
      // A new CSRF token with the new session: one planted before cannot follow it.
      if let renewed = Door.csrfToken(for: request, renewed: true).setCookie {
        response.headers.append(("Set-Cookie", renewed))
      }
      return response
    case .refused:
      return try await Self.delayed(
        Self.signInAgain(request, context, 401, context.localized("Wrong name or password.")))
    case .throttled(let seconds):
      return try await Self.delayed(
        Self.signInAgain(
          request, context, 429,
          context.localized("Too many failed sign-ins: wait %@ seconds, then try again.", seconds),
          headers: [("Retry-After", String(seconds))]))
    case .busy:
      return try await Self.delayed(
        Self.signInAgain(
          request, context, 503, context.localized("The server is busy: try again in a second."),
          headers: [("Retry-After", "1")]))
    }
  }

  /// The apps' sign-in: JSON in, the same session cookie out. A JSON body cannot come from
  /// another site's form, and another site's script is refused by the Origin check.
  private func addSessionRoutes(_ router: inout Router) {
    let access = access
    let app = self
    router.route(
      .signIn, RoutePolicy(.anyone, .sameOrigin, team: .organisation),
      json: SessionRequest.self
    ) { request, context, credentials in
      try await app.signIn(request, context, credentials)
    }
    router.route(.getSession, RoutePolicy(.person, team: .organisation)) { _, context in
      context.json(SessionDocument(identity: context.identity))
    }
    router.route(.signOut, RoutePolicy(.person, .sameOrigin, team: .organisation)) {
      request, _ in
      try await Self.endSession(of: request, in: access)
      return HTTPResponse(status: 204)
    }
  }

  /// `POST /api/session`: the session (201 and its cookie), or a problem document.
  private func signIn(
    _ request: HTTPRequest, _ context: RequestContext, _ credentials: SessionRequest
  ) async throws -> HTTPResponse {
    func refused(_ error: HTTPError, retryAfter: Int? = nil) async throws -> HTTPResponse {
      var response = Problem(error, in: context.language).response
      if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
      return try await Self.delayed(response)
    }
    switch try await access.signIn(
      name: credentials.name, password: credentials.password, address: context.clientAddress)
    {
    case .signedIn(let session, let identity):
      var response = context.json(SessionDocument(identity: identity), status: 201)
      response.headers.append(
        Self.sessionCookieHeader(
          session, secure: request.isSecure, maxAge: Int(access.policy.absoluteTimeout)))
      return response
    case .refused:
      return try await refused(
        HTTPError(.unauthorized, context.localized("Wrong name or password.")))
    case .throttled(let seconds):
      return try await refused(
        HTTPError(
          .throttled,
          context.localized("Too many failed sign-ins: wait %@ seconds, then try again.", seconds)),
        retryAfter: seconds)
    case .busy:
      return try await refused(
        HTTPError(.unavailable, context.localized("The server is busy: try again in a second.")),
        retryAfter: 1)
    }
  }

  /// One's own account page, and changing one's password there.
  private func addOwnAccountRoutes(_ router: inout Router) {
    let app = self
    router.route("GET", "/account", RoutePolicy(.person, team: .organisation)) { request, context in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.account(context.identity, token: token).with(cookie: cookie)
    }
    router.route(
      "POST", "/account/password", RoutePolicy(.person, .form, team: .organisation),
      expired: { request, context in
        Self.accountPage(
          request, context, context.identity,
          context.localized("This page had expired. Try again."), status: 403)
      }
    ) { request, context in
      try await app.changePassword(request, context)
    }
  }

  /// The account page again, with what became of the change.
  private static func accountPage(
    _ request: HTTPRequest, _ context: RequestContext, _ identity: Identity, _ message: String,
    status: Int = 200
  ) -> HTTPResponse {
    let (token, cookie) = Door.csrfToken(for: request)
    return context.pages.account(identity, token: token, message: message, status: status)
      .with(cookie: cookie)
  }

  /// `POST /account/password`: the current password checked, the new one set.
  private func changePassword(_ request: HTTPRequest, _ context: RequestContext) async throws
    -> HTTPResponse
  {
    let form = context.form
    let identity = context.identity
    guard case .session(let digest) = identity.kind,
      try await access.checkPassword(
        name: identity.name, password: form["current"]?.first ?? "",
        address: context.clientAddress)
    else {
      return try await Self.delayed(
        Self.accountPage(
          request, context, identity,
          context.localized(
            "The current password is wrong (or too many tries: wait, then try again)."),
          status: 422))
    }
    do {
      try await access.setPassword(
        name: identity.name, password: form["new"]?.first ?? "", keeping: digest)
    } catch let error as AccessError {
      return Self.accountPage(
        request, context, identity, error.message.text(in: context.language),
        status: error.kind.status)
    }
    return Self.accountPage(
      request, context, identity,
      context.localized("Password changed; your other sessions are ended."))
  }

  /// The owners' accounts page: adding an account, its role and teams, removing it.
  private func addAccountsRoutes(_ router: inout Router) {
    let access = access
    router.route("GET", "/accounts", RoutePolicy(.owner, team: .organisation)) { request, context in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.accounts(
        try access.accounts(), players: context.roster.players, teams: context.roster.teams,
        token: token
      ).with(cookie: cookie)
    }
    router.route("POST", "/accounts", RoutePolicy(.owner, .form, team: .organisation)) {
      request, context in
      try await Self.addAccount(request, context, access: access)
    }
    router.route("POST", "/accounts/{name}/role", RoutePolicy(.owner, .form, team: .organisation)) {
      request, context in
      let name = context.parameters["name"]?.removingPercentEncoding ?? ""
      let form = context.form
      let role = Role(rawValue: form["role"]?.first ?? "") ?? .viewer
      // The teams stay as they are unless the form carries them.
      if let teams = try Self.teams(chosenIn: form, context.roster) {
        try await access.setRole(name: name, role: role, teams: teams)
      } else {
        try await access.setRole(name: name, role: role)
      }
      return .redirect(to: "/accounts")
    }
    router.route("POST", "/accounts/{name}/remove", RoutePolicy(.owner, .form, team: .organisation))
    {
      _, context in
      try await access.removeAccount(
        name: context.parameters["name"]?.removingPercentEncoding ?? "")
      return .redirect(to: "/accounts")
    }
  }

  /// `POST /accounts`: the account added, or the page again saying what to change.
  private static func addAccount(
    _ request: HTTPRequest, _ context: RequestContext, access: AccessControl
  ) async throws -> HTTPResponse {
    let roster = context.roster
    let form = context.form
    let role = Role(rawValue: form["role"]?.first ?? "") ?? .viewer
    let player = form["player"]?.first.flatMap(UUID.init(text:)).flatMap(roster.player(id:))
    do {
      // A player's account holds on their team; staff on the teams ticked.
      let teams: Set<UUID>? =
        try player.map { [$0.teamID] } ?? (Self.teams(chosenIn: form, roster) ?? nil)
      try await access.addAccount(
        name: form["name"]?.first ?? "", role: role, password: form["password"]?.first ?? "",
        teams: teams, player: player?.id)
    } catch let error as AccessError {
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.accounts(
        try access.accounts(), players: context.roster.players, teams: context.roster.teams,
        token: token, message: error.message.text(in: context.language),
        status: error.kind.status
      )
      .with(cookie: cookie)
    }
    return .redirect(to: "/accounts")
  }

  /// The teams an accounts form ticked: nil when the form does not carry them (they stay as
  /// they are), `.some(nil)` for every team, else the teams ticked.
  /// - Throws: ``AccessError`` when the form carries them and none is ticked, or one is
  ///   unknown.
  static func teams(chosenIn form: [String: [String]], _ roster: Roster) throws -> Set<UUID>?? {
    guard form["teams"] != nil else { return nil }
    let ticked = form["team"] ?? []
    if ticked.contains("*") { return .some(nil) }
    var teams: Set<UUID> = []
    for value in ticked {
      guard let team = roster.team(value) else {
        throw AccessError(Message("No team has the tag “%@”.", value))
      }
      teams.insert(team.id)
    }
    guard !teams.isEmpty else {
      throw AccessError(Message("Tick at least one team, or Every team."))
    }
    return .some(teams)
  }

  /// How long a refused sign-in waits for its answer.
  static let refusalDelay: Duration = .seconds(1)

  /// `response`, answered after ``refusalDelay``: a script guessing passwords gets an answer
  /// a second, whatever its speed, while waiting costs no thread (the connection is
  /// suspended meanwhile).
  static func delayed(_ response: HTTPResponse) async throws -> HTTPResponse {
    try await Task.sleep(for: refusalDelay)
    return response
  }

  /// A local path to go back to after signing in, never another site's.
  package static func safeNext(_ next: String?) -> String {
    // Printable ASCII of a path and query only: browsers drop tabs and newlines from a
    // Location, which would turn `/\t/evil.example` into `//evil.example`.
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~?=&%")
    guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), next.allSatisfy(allowed.contains)
    else { return "/" }
    return next
  }

  /// The session cookie expired, and the way back in.
  package static func signedOut(secure: Bool, requireLogin: Bool) -> HTTPResponse {
    var response = HTTPResponse.redirect(to: requireLogin ? "/signin" : "/")
    response.headers.append(sessionCookieHeader("", secure: secure, maxAge: 0))
    return response
  }

  /// `Set-Cookie` for a session token (an empty one with `maxAge` 0 ends it).
  static func sessionCookieHeader(_ token: String, secure: Bool, maxAge: Int) -> (
    name: String, value: String
  ) {
    (
      "Set-Cookie",
      "\(Door.sessionCookie(secure: secure))=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(maxAge)"
        + (secure ? "; Secure" : "")
    )
  }

  /// Ends the session the request's cookie names, if any.
  static func endSession(of request: HTTPRequest, in access: AccessControl) async throws {
    for name in [Door.sessionCookie(secure: true), Door.sessionCookie(secure: false)] {
      if let token = request.cookie(name) { try await access.signOut(session: token) }
    }
  }
}

/// `POST /api/session`'s body.
struct SessionRequest: Decodable, Sendable {
  let name: String
  let password: String
}

/// Who a session or token is: `{"name": …, "role": …}`.
struct SessionDocument: JSONWritable {
  let identity: Identity

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("name", identity.name)
      if let player = identity.player { $0.member("player", player) }
      $0.member("role", identity.role.rawValue)
    }
  }
}

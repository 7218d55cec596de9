import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore

/// Who a request comes from, what they may do, and the pages to sign in and manage accounts.
extension WebApp {
  // MARK: - Identity

  /// The session cookie's name: `__Host-` prefixed (so only this host, over HTTPS, may set
  /// it) when the request came over HTTPS.
  static func sessionCookie(secure: Bool) -> String {
    secure ? "__Host-kcorp_session" : "kcorp_session"
  }

  /// Whether the browser reached us over HTTPS: directly, or through a trusted proxy on this
  /// machine that says so.
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
  func identify(_ request: HTTPRequest) throws -> Identity? {
    if let authorization = request.header("authorization") {
      let parts = authorization.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "bearer",
        let identity = try access.identity(bearer: String(parts[1]))
      else {
        throw HTTPError(
          401, localized("This token is unknown or revoked; ask an owner for a new one."),
          headers: ["WWW-Authenticate": "Bearer realm=\"kcorp\", error=\"invalid_token\""])
      }
      return identity
    }
    // Over HTTPS only the `__Host-` cookie counts: a plain one could have been planted.
    if let token = request.cookies[Self.sessionCookie(secure: isSecure(request))],
      let identity = try access.identity(session: token)
    {
      return identity
    }
    return options.requireLogin ? nil : .local
  }

  /// Refuses what the identity may not do: nobody may use anything but the sign-in page and
  /// the static files where sign-in is required; viewers only read; owners alone manage
  /// accounts.
  func authorize(_ request: HTTPRequest, _ identity: Identity?) throws {
    let path = request.path
    if path == "/signin" || path.hasPrefix("/static/") || path.hasPrefix("/language/") { return }
    if path == "/api/session" && request.method == "POST" { return }
    let isAPI = path.hasPrefix("/api/") || path == "/api"
    guard let identity else {
      if !isAPI && (request.method == "GET" || request.method == "HEAD") {
        let next = path + (request.query["page"].map { "?page=\($0)" } ?? "")
        throw HTTPError(
          303, localized("Sign in first."),
          headers: ["Location": "/signin?next=" + WebApp.percentEncoded(next)])
      }
      throw HTTPError(
        401, localized("Sign in first, or send an API token (Authorization: Bearer …)."),
        headers: ["WWW-Authenticate": "Bearer realm=\"kcorp\""])
    }
    let reads = request.method == "GET" || request.method == "HEAD"
    // The pages that are forms to change the roster count as changes.
    let changes =
      !reads || path == "/players/new" || path == "/import" || path.hasSuffix("/edit")
      || path.hasSuffix("/delete")
    if path.hasPrefix("/accounts") {
      guard identity.role.canManageAccounts else {
        throw HTTPError(403, localized("Only an owner manages the accounts."))
      }
    } else if path.hasPrefix("/signout") || path.hasPrefix("/account") || path == "/api/session" {
      // An account's own pages: a signed-in person's, not a token's.
      if !reads, case .token = identity.kind {
        throw HTTPError(403, localized("An API token has no account to change or sign out of."))
      }
    } else if changes && !identity.role.canEdit {
      throw HTTPError(
        403,
        localized(
          "%@ is a viewer: this account reads the roster but cannot change it.", identity.name))
    }
  }

  /// What a page may offer the identity: edit controls, and an account link when signed in.
  static var viewer: Pages.Viewer {
    Pages.Viewer(canEdit: identity.role.canEdit, signedIn: identity.kind != .local)
  }

  // MARK: - Routes

  mutating func addAccountRoutes() {
    let access = access
    let options = options
    let app = self

    route("GET", "/signin") { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      return Pages.signIn(name: "", next: WebApp.safeNext(request.query["next"]), token: token)
        .with(cookie: cookie)
    }

    route("POST", "/signin") { request, _ in
      let form = request.formFields
      let name = form["name"]?.first ?? ""
      let next = WebApp.safeNext(form["next"]?.first)
      let (token, cookie) = WebApp.csrfToken(for: request)
      func again(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse
      {
        var response = Pages.signIn(
          name: name, next: next, token: token, message: message, status: status
        ).with(cookie: cookie)
        response.headers += headers.map { (name: $0.0, value: $0.1) }
        return response
      }
      guard WebApp.isSameOrigin(request), WebApp.hasValidToken(request, form: form) else {
        return again(403, localized("This page had expired. Sign in again."))
      }
      switch try access.signIn(
        name: name, password: form["password"]?.first ?? "", address: app.clientAddress(request))
      {
      case .signedIn(let session, _):
        let secure = app.isSecure(request)
        var response = HTTPResponse.redirect(to: next)
        response.headers.append(
          WebApp.sessionCookieHeader(
            session, secure: secure, maxAge: Int(access.policy.absoluteTimeout)))
        return response
      case .refused:
        return WebApp.delayed(again(401, localized("Wrong name or password.")))
      case .throttled(let seconds):
        return WebApp.delayed(
          again(
            429, localized("Too many failed sign-ins: wait %@ seconds, then try again.", seconds),
            headers: [("Retry-After", String(seconds))]))
      case .busy:
        return WebApp.delayed(
          again(
            503, localized("The server is busy: try again in a second."),
            headers: [("Retry-After", "1")]))
      }
    }

    route("POST", "/signout") { request, _ in
      try WebApp.requireForm(request)
      try WebApp.endSession(of: request, in: access)
      return WebApp.signedOut(secure: app.isSecure(request), requireLogin: options.requireLogin)
    }

    route("POST", "/signout/all") { request, _ in
      try WebApp.requireForm(request)
      try access.signOutEverywhere(name: WebApp.identity.name)
      return WebApp.signedOut(secure: app.isSecure(request), requireLogin: options.requireLogin)
    }

    // The apps' sign-in: JSON in, the same session cookie out. A JSON body cannot come from
    // another site's form, and another site's script is refused by the Origin check.
    route("POST", "/api/session") { request, _ in
      guard WebApp.isSameOrigin(request) else { throw HTTPError.crossSite }
      let credentials = try WebApp.decodeBody(SessionRequest.self, of: request)
      switch try access.signIn(
        name: credentials.name, password: credentials.password,
        address: app.clientAddress(request))
      {
      case .signedIn(let session, let identity):
        let secure = app.isSecure(request)
        var response = WebApp.json(SessionDocument(identity: identity), status: 201)
        response.headers.append(
          WebApp.sessionCookieHeader(
            session, secure: secure, maxAge: Int(access.policy.absoluteTimeout)))
        return response
      case .refused:
        return WebApp.delayed(
          Problem(HTTPError(401, localized("Wrong name or password."))).response)
      case .throttled(let seconds):
        var response = Problem(
          HTTPError(
            429, localized("Too many failed sign-ins: wait %@ seconds, then try again.", seconds))
        ).response
        response.headers.append(("Retry-After", String(seconds)))
        return WebApp.delayed(response)
      case .busy:
        var response = Problem(
          HTTPError(503, localized("The server is busy: try again in a second."))
        )
        .response
        response.headers.append(("Retry-After", "1"))
        return WebApp.delayed(response)
      }
    }

    route("GET", "/api/session") { _, _ in
      WebApp.json(SessionDocument(identity: WebApp.identity))
    }

    route("DELETE", "/api/session") { request, _ in
      guard WebApp.isSameOrigin(request) else { throw HTTPError.crossSite }
      try WebApp.endSession(of: request, in: access)
      return HTTPResponse(status: 204)
    }

    route("GET", "/account") { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      return Pages.account(WebApp.identity, token: token).with(cookie: cookie)
    }

    route("POST", "/account/password") { request, _ in
      let form = request.formFields
      let identity = WebApp.identity
      let (token, cookie) = WebApp.csrfToken(for: request)
      guard WebApp.isSameOrigin(request), WebApp.hasValidToken(request, form: form) else {
        return Pages.account(
          identity, token: token, message: localized("This page had expired. Try again."),
          status: 403
        )
        .with(cookie: cookie)
      }
      guard case .session(let digest) = identity.kind,
        try access.checkPassword(
          name: identity.name, password: form["current"]?.first ?? "",
          address: app.clientAddress(request))
      else {
        return WebApp.delayed(
          Pages.account(
            identity, token: token,
            message: localized(
              "The current password is wrong (or too many tries: wait, then try again)."),
            status: 422
          ).with(cookie: cookie))
      }
      do {
        try access.setPassword(
          name: identity.name, password: form["new"]?.first ?? "", keeping: digest)
      } catch let error as AccessError {
        return Pages.account(identity, token: token, message: error.message, status: 422).with(
          cookie: cookie)
      }
      return Pages.account(
        identity, token: token,
        message: localized("Password changed; your other sessions are ended.")
      )
      .with(cookie: cookie)
    }

    route("GET", "/accounts") { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      return Pages.accounts(try access.accounts(), token: token).with(cookie: cookie)
    }

    route("POST", "/accounts") { request, _ in
      try WebApp.requireForm(request)
      let form = request.formFields
      let role = Role(rawValue: form["role"]?.first ?? "") ?? .viewer
      do {
        try access.addAccount(
          name: form["name"]?.first ?? "", role: role, password: form["password"]?.first ?? "")
      } catch let error as AccessError {
        let (token, cookie) = WebApp.csrfToken(for: request)
        return Pages.accounts(
          try access.accounts(), token: token, message: error.message, status: 422
        )
        .with(cookie: cookie)
      }
      return .redirect(to: "/accounts")
    }

    route("POST", "/accounts/{name}/role") { request, parameters in
      try WebApp.requireForm(request)
      let name = parameters["name"]?.removingPercentEncoding ?? ""
      do {
        try access.setRole(
          name: name, role: Role(rawValue: request.formFields["role"]?.first ?? "") ?? .viewer)
      } catch let error as AccessError {
        throw HTTPError(409, error.message)
      }
      return .redirect(to: "/accounts")
    }

    route("POST", "/accounts/{name}/remove") { request, parameters in
      try WebApp.requireForm(request)
      do {
        try access.removeAccount(name: parameters["name"]?.removingPercentEncoding ?? "")
      } catch let error as AccessError {
        throw HTTPError(409, error.message)
      }
      return .redirect(to: "/accounts")
    }
  }

  /// `text` with everything but unreserved characters (RFC 3986) percent-encoded.
  static func percentEncoded(_ text: String) -> String {
    var unreserved = CharacterSet.alphanumerics
    unreserved.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  /// How long a refused sign-in waits for its answer.
  static let refusalDelay: Duration = .seconds(1)

  /// `response`, answered after ``refusalDelay``: a script guessing passwords gets an answer
  /// a second, whatever its speed, while waiting costs no thread (the connection is
  /// suspended until the body is sent).
  static func delayed(_ response: HTTPResponse) -> HTTPResponse {
    let stream = ResponseStream()
    let body = response.body
    var delayed = response
    delayed.body = []
    delayed.stream = stream
    let seconds = Double(refusalDelay.components.seconds)
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
      stream.send(body)
      stream.close()
    }
    return delayed
  }

  /// A local path to go back to after signing in, never another site's.
  static func safeNext(_ next: String?) -> String {
    // Printable ASCII of a path and query only: browsers drop tabs and newlines from a
    // Location, which would turn `/\t/evil.example` into `//evil.example`.
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~?=&%")
    guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), next.allSatisfy(allowed.contains)
    else { return "/" }
    return next
  }

  /// The session cookie expired, and the way back in.
  static func signedOut(secure: Bool, requireLogin: Bool) -> HTTPResponse {
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
      "\(sessionCookie(secure: secure))=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(maxAge)"
        + (secure ? "; Secure" : "")
    )
  }

  /// Ends the session the request's cookie names, if any.
  static func endSession(of request: HTTPRequest, in access: AccessControl) throws {
    for name in [sessionCookie(secure: true), sessionCookie(secure: false)] {
      if let token = request.cookies[name] { try access.signOut(session: token) }
    }
  }
}

/// `POST /api/session`'s body.
struct SessionRequest: Decodable {
  let name: String
  let password: String
}

/// Who a session or token is: `{"name": …, "role": …}`.
struct SessionDocument: JSONWritable {
  let identity: Identity

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("name", identity.name)
      $0.member("role", identity.role.rawValue)
    }
  }
}

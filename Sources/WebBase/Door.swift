import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore

/// What the door shares with every route and page: the role check (the one place it is
/// made), the request's language, the CSRF token, JSON in and out, refusals by kind.
package enum Door {
  /// Whether ``check(_:may:on:in:)`` lets `identity` through: for what a page offers, where
  /// a refusal is not said.
  package static func allows(_ identity: Identity, _ access: RoutePolicy.Access, on team: Team?)
    -> Bool
  {
    (try? check(identity, may: access, on: team, in: .english)) != nil
  }

  /// The role check, the one place it is made: whether `identity` may read (``.reader``),
  /// change (``.editor``) or manage (``.owner``) `team`, or the whole organisation when
  /// `team` is nil. Every account reads the whole organisation; one limited to some teams
  /// changes those only.
  /// - Throws: ``HTTPError`` 403 saying why.
  package static func check(
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

  package static let languageCookie = "kcorp_lang"

  /// The language to answer in: the one chosen with the language switch (a cookie), else the
  /// best of `Accept-Language`, else English.
  package static func language(of request: HTTPRequest) -> Language {
    if let chosen = request.cookie(languageCookie).flatMap(Language.init(rawValue:)) {
      return chosen
    }
    return request.header("accept-language").flatMap(Language.init(acceptLanguage:)) ?? .english
  }

  // MARK: - Cross-site request forgery

  /// The CSRF cookie's name: `__Host-` prefixed over HTTPS, so that nothing but this host,
  /// over HTTPS, can plant one (a sibling site, a plain-HTTP page).
  package static func csrfCookie(secure: Bool) -> String {
    secure ? "__Host-kcorp_csrf" : "kcorp_csrf"
  }

  /// The browser's CSRF token (the request's, when it has one and `renewed` is false), and
  /// the `Set-Cookie` header to send when it is new.
  package static func csrfToken(for request: HTTPRequest, renewed: Bool = false) -> (
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
  package static func isSameOrigin(_ request: HTTPRequest) -> Bool {
    if let origin = request.header("origin")?.lowercased() {
      guard let host = request.header("host")?.lowercased() else { return false }
      return origin == (request.isSecure ? "https://" : "http://") + host
    }
    if let site = request.header("sec-fetch-site") {
      return site == "same-origin" || site == "none"
    }
    return true
  }

  package static func hasValidToken(_ request: HTTPRequest, form: [String: [String]]) -> Bool {
    guard let cookie = request.cookie(csrfCookie(secure: request.isSecure)), cookie.count == 64,
      let sent = form["csrf"]?.first, sent.utf8.count == cookie.utf8.count
    else { return false }
    // Compare in constant time.
    return zip(sent.utf8, cookie.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  package static func json(_ value: some JSONWritable, status: Int = 200, in language: Language)
    -> HTTPResponse
  {
    HTTPResponse(
      status: status, contentType: "application/json",
      body: Array(TeamJSON.encode(value, language: language)))
  }

  /// The JSON body of a write, refusing other media types (415) and malformed JSON (400).
  package static func decodeBody<T: Decodable>(
    _ type: T.Type, of request: HTTPRequest, accepting mediaTypes: [String] = ["application/json"],
    in language: Language
  ) throws(HTTPError) -> T {
    guard let contentType = request.contentType, mediaTypes.contains(contentType) else {
      throw HTTPError.unsupportedMediaType(
        language.localized(
          "Send the body as %@.", mediaTypes.joined(separator: language.localized(" or "))),
        headers: [
          request.method == "PATCH" ? "Accept-Patch" : "Accept-Post":
            mediaTypes.joined(separator: ", ")
        ])
    }
    // JSON is UTF-8 (RFC 8259); a body said to be in another charset is not read as if it
    // were.
    let charset = request.header("content-type")?.lowercased().split(separator: ";").dropFirst()
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0.hasPrefix("charset=") }?.dropFirst("charset=".count)
      .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    if let charset, charset != "utf-8" {
      throw HTTPError.unsupportedMediaType(
        language.localized("Send the body as UTF-8 JSON, not %@.", charset))
    }
    do throws(JSONInputError) {
      return try TeamJSON.decode(type, from: Data(request.body))
    } catch {
      throw Door.refusal(error, in: language)
    }
  }

  /// What an error says, answered with its kind's status (and when to try again).
  package static func refusal(_ error: any KindedError, in language: Language) -> HTTPError {
    HTTPError(
      error.kind.status, error.message.text(in: language),
      headers: error.retryAfter.map { ["Retry-After": String($0)] } ?? [:])
  }

  /// The session cookie's name: `__Host-` prefixed (so only this host, over HTTPS, may set
  /// it) when the request came over HTTPS.
  package static func sessionCookie(secure: Bool) -> String {
    secure ? "__Host-kcorp_session" : "kcorp_session"
  }

  /// A player's entity tag: it changes whenever anything the API shows of them changes.
  package static func etag(_ player: Player) -> String { "\"\(player.version)\"" }

  /// `text` with everything but unreserved characters (RFC 3986) percent-encoded.
  package static func percentEncoded(_ text: String) -> String {
    var unreserved = CharacterSet.alphanumerics
    unreserved.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }
}

extension HTTPError {
  package static func playerNotFound(in language: Language) -> HTTPError {
    HTTPError(.notFound, language.localized("No player has this id: they may have been removed."))
  }
  package static func crossSite(in language: Language) -> HTTPError {
    HTTPError(.forbidden, language.localized("Cross-site requests are refused."))
  }
}

extension HTTPError {
  /// A refusal of `kind`, answered with the kind's status (``ErrorKind/status``): routes say
  /// what went wrong, the table says how it is answered.
  package init(_ kind: ErrorKind, _ message: String, headers: [String: String] = [:]) {
    self.init(kind.status, message, headers: headers)
  }

  /// A body in a media type or charset the route does not read (415: no kind of the model's).
  package static func unsupportedMediaType(_ message: String, headers: [String: String] = [:])
    -> HTTPError
  { HTTPError(415, message, headers: headers) }
}

extension HTTPResponse {
  /// The response with a `Set-Cookie` header when `cookie` is given.
  package func with(cookie: String?) -> HTTPResponse {
    var response = self
    if let cookie { response.headers.append(("Set-Cookie", cookie)) }
    return response
  }
}

extension Array {
  package subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

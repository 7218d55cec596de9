import Discord
import DiscordWeb
import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Who a request comes from, and what they may do: the rules ``RoutePolicy`` names, applied
/// by ``WebApp/respond(to:)``.
extension WebApp {
  // MARK: - Identity

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
    let session = request.cookie(Door.sessionCookie(secure: isSecure(request)))
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
        headers: ["Location": "/signin?next=" + Door.percentEncoded(next)])
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
    try Door.check(identity, may: policy.access, on: team, in: language)
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The web app over a SQLite file in a temporary folder, asked in process, without a
/// socket (as HummingbirdTesting does); `listening` also serves it on an ephemeral loopback
/// port, for what only the wire shows (streams, framing).
final class TestServer: Sendable {
  let temporary: TemporaryFolder
  var folder: URL { temporary.url }
  let store: RosterStore
  let app: WebApp
  let client: AppClient
  /// The real server, when listening.
  let server: HTTPServer?
  /// The `Host` requests name: `127.0.0.1`, with the port when listening.
  var host: String { client.host }

  init(listening: Bool = false, limits: HTTPServer.Limits = .init()) throws {
    temporary = try TemporaryFolder()
    let folder = temporary.url
    let images = folder.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    store = try RosterStore(path: folder.appendingPathComponent("roster.sqlite").path)
    app = WebApp(store: store, imagesFolder: images, maxBodyBytes: limits.maxBodyBytes)
    server =
      listening
      ? try WebApp.serve(store: store, port: 0, imagesFolder: images, limits: limits) : nil
    client = AppClient(
      app: app, host: server.map { "127.0.0.1:\($0.port)" } ?? "127.0.0.1",
      maxBodyBytes: limits.maxBodyBytes)
  }

  deinit { server?.stop() }

  /// The brief's three, with a Jungle and a Mid starter, and Yike, a substitute Jungle.
  func fullRoster() async throws -> (jungler: Player, yike: Player) {
    let jungler = try await store.playerRows.addPlayer(PlayerInput(name: "Bo", position: "Jungle"))
    _ = try await store.playerRows.addPlayer(PlayerInput(name: "Vladi", position: "Mid"))
    let yike = try await store.playerRows.addPlayer(
      PlayerInput(name: "Yike", position: "Jungle", lineup: "substitute"))
    return (jungler, yike)
  }

  /// The same requests over the wire (the server must be listening).
  var wire: HTTPClient {
    get throws { HTTPClient(port: try #require(server).port) }
  }

  /// A browser's state: its CSRF cookie and the token the pages carry.
  struct Session {
    let cookie: String
    let token: String
  }

  /// Opens the roster as a new browser would and keeps the cookie it gets.
  func session(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Session {
    let page = try await client.get("/")
    let setCookie = try #require(page.header("set-cookie"), sourceLocation: sourceLocation)
    let cookie = try #require(
      setCookie.split(separator: ";").first.map(String.init), sourceLocation: sourceLocation)
    let token = try #require(csrfToken(in: page.text), sourceLocation: sourceLocation)
    return Session(cookie: cookie, token: token)
  }

  func csrfToken(in html: String) -> String? {
    guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
    return String(html[range.upperBound...].prefix(64))
  }

  /// Posts a form as the browser would from our own pages.
  func post(
    _ path: String, _ fields: [(String, String)], session: Session?,
    origin: String? = nil, headers extra: [String: String] = [:]
  ) async throws -> WireResponse {
    let body = fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    var headers = [
      "Content-Type": "application/x-www-form-urlencoded", "Origin": origin ?? "http://\(host)",
    ].merging(extra) { $1 }
    if let session { headers["Cookie"] = session.cookie }
    return try await client.send("POST", path, headers: headers, body: Array(body.utf8))
  }

  /// Adds a player through the form, as the "Add" button does.
  func addThroughForm(
    name: String, position: String = "Mid", image: String = "player_default",
    champions: [String] = [], session: Session
  ) async throws -> WireResponse {
    try await post(
      "/players",
      [("csrf", session.token), ("name", name), ("position", position), ("image", image)]
        + champions.map { ("champion", $0) }, session: session)
  }

  func postJSON(_ path: String, _ json: String, contentType: String = "application/json")
    async throws -> WireResponse
  {
    try await client.send(
      "POST", path, headers: ["Content-Type": contentType], body: Array(json.utf8))
  }

  private func encode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}

/// Requests answered by the app in process: what the server would hand it (the target
/// decoded, the body over its limit flagged), and its answer as the wire would show it.
struct AppClient: Sendable {
  let app: WebApp
  let host: String
  let maxBodyBytes: Int

  func get(_ path: String, headers: [String: String] = [:]) async throws -> WireResponse {
    try await send("GET", path, headers: headers)
  }

  func send(
    _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []
  ) async throws -> WireResponse {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    // libmicrohttpd hands over C strings: what follows a `%00` is not seen.
    func decoded(_ text: Substring, plusIsSpace: Bool) -> String {
      let text = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : String(text)
      let value = text.removingPercentEncoding ?? text
      return String(value.prefix { $0 != "\0" })
    }
    var query: [String: String] = [:]
    for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
      let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      query[decoded(field[0], plusIsSpace: true)] =
        field.count > 1 ? decoded(field[1], plusIsSpace: true) : ""
    }
    var request = HTTPRequest(
      method: method, path: decoded(parts[0], plusIsSpace: false), query: query,
      headers: ["Host": host].merging(headers) { $1 }, body: body)
    request.targetHasNUL = target.contains("%00")
    request.clientAddress = "127.0.0.1"
    // Routed as the server routes: once, before the body, which the route's limit applies to.
    let routed = app.routing(method, request.path, request.contentType ?? "")
    request.route = routed.route
    let limit = routed.bodyLimit ?? maxBodyBytes
    if body.count > limit {
      request.bodyTooLarge = true
      request.body = []
    }
    var response = await app.handle(request)
    if method == "HEAD" { response.body = [] }  // as the server sends it
    var fields: [String: String] = [:]
    for (name, value) in response.headers {
      fields[name.lowercased()] = fields[name.lowercased()].map { $0 + "\n" + value } ?? value
    }
    return WireResponse(status: response.status, headers: fields, body: response.body)
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TeamWeb
import TestSupport
import Testing

/// The real server on an ephemeral loopback port, over a SQLite file in a temporary folder.
final class TestServer: Sendable {
  let temporary: TemporaryFolder
  var folder: URL { temporary.url }
  let store: RosterStore
  let server: HTTPServer
  let client: HTTPClient

  init(limits: HTTPServer.Limits = .init()) throws {
    temporary = try TemporaryFolder()
    let folder = temporary.url
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    store = try RosterStore(path: folder.appendingPathComponent("roster.sqlite").path)
    server = try WebApp.serve(
      store: store, port: 0, imagesFolder: folder.appendingPathComponent("images"),
      limits: limits)
    client = HTTPClient(port: server.port)
  }

  deinit {
    server.stop()
  }

  /// A browser's state: its CSRF cookie and the token the pages carry.
  struct Session {
    let cookie: String
    let token: String
  }

  /// Opens the roster as a new browser would and keeps the cookie it gets.
  func session(sourceLocation: SourceLocation = #_sourceLocation) throws -> Session {
    let page = try client.get("/")
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
  ) throws -> WireResponse {
    let body = fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    var headers = [
      "Content-Type": "application/x-www-form-urlencoded",
      "Origin": origin ?? "http://127.0.0.1:\(server.port)",
    ].merging(extra) { $1 }
    if let session { headers["Cookie"] = session.cookie }
    return try client.send("POST", path, headers: headers, body: Array(body.utf8))
  }

  /// Adds a player through the form, as the "Add" button does.
  func addThroughForm(
    name: String, position: String = "Mid", image: String = "player_default",
    champions: [String] = [], session: Session
  ) throws -> WireResponse {
    try post(
      "/players",
      [("csrf", session.token), ("name", name), ("position", position), ("image", image)]
        + champions.map { ("champion", $0) }, session: session)
  }

  func postJSON(_ path: String, _ json: String, contentType: String = "application/json") throws
    -> WireResponse
  {
    try client.send("POST", path, headers: ["Content-Type": contentType], body: Array(json.utf8))
  }

  private func encode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}

import Synchronization
import TeamHTTP
import TeamKit

/// GET responses rendered once per roster version instead of once per request.
///
/// Pages with a form need the browser's own CSRF token: they are rendered with
/// ``tokenSlot`` in its place and the token is put in when a response is sent. Entries for
/// older versions are dropped as soon as a newer version is asked for; keys only name
/// things that exist (a clamped page number, an existing player), and past
/// ``maxBytes`` responses are still served but no longer kept. Each language has its own
/// entries (``Language/current``). A response that suits gzip is compressed when first
/// rendered, in pieces around the token (``Gzip``), and sent so to browsers that take it.
final class ResponseCache: Sendable {
  /// Stands for the CSRF token in a cached page. No user data can contain it: pseudos are at
  /// most 24 characters and image names cannot hold `~`.
  static let tokenSlot = String(repeating: "~", count: 64)

  private struct Rendered: Sendable {
    let status: Int
    let headers: [(name: String, value: String)]
    /// The body cut where the token goes.
    let parts: [[UInt8]]
    /// The parts compressed (``Gzip/pieces(_:)``), when the response suits gzip.
    let gzip: [[UInt8]]?
  }

  /// The most the cache keeps, in body bytes.
  static let maxBytes = 32 << 20

  private struct State {
    var version = 0
    var entries: [String: Rendered] = [:]
    var bytes = 0
  }

  private let state = Mutex(State())

  /// The response for `key` at roster `version`, rendered by `render` when not cached.
  /// - Parameters:
  ///   - token: put where `render` wrote ``tokenSlot``.
  ///   - cookie: a `Set-Cookie` value to send with this response only.
  func response(
    _ key: String, version: Int, token: String? = nil, cookie: String? = nil,
    render: () throws -> HTTPResponse
  ) rethrows -> HTTPResponse {
    let key = Language.current.rawValue + " " + key
    let cached = state.withLock { $0.version == version ? $0.entries[key] : nil }
    let rendered =
      try cached ?? store(render(), key: key, version: version, tokenized: token != nil)
    var response = HTTPResponse(status: rendered.status, headers: rendered.headers)
    if Gzip.isAccepted, let pieces = rendered.gzip {
      response.body = Gzip.file(
        pieces: pieces, parts: rendered.parts, token: Array((token ?? "").utf8))
      response.headers.append(("Content-Encoding", "gzip"))
    } else if rendered.parts.count == 1 {
      response.body = rendered.parts[0]
    } else {
      response.body = Array(rendered.parts.joined(separator: Array((token ?? "").utf8)))
    }
    if let cookie { response.headers.append(("Set-Cookie", cookie)) }
    return response
  }

  private func store(_ response: HTTPResponse, key: String, version: Int, tokenized: Bool)
    -> Rendered
  {
    let parts = tokenized ? Self.split(response.body) : [response.body]
    let gzip = Gzip.suits(response) ? Gzip.pieces(parts) : nil
    let rendered = Rendered(
      status: response.status, headers: response.headers, parts: parts, gzip: gzip)
    let bytes = response.body.count + (gzip?.reduce(0) { $0 + $1.count } ?? 0)
    state.withLock { state in
      if version > state.version { state = State(version: version) }
      guard version == state.version, state.bytes + bytes <= Self.maxBytes else {
        return
      }
      state.entries[key] = rendered
      state.bytes += bytes
    }
    return rendered
  }

  /// The body cut at every ``tokenSlot``.
  private static func split(_ body: [UInt8]) -> [[UInt8]] {
    let slot = Array(tokenSlot.utf8)
    var parts: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + slot.count <= body.count {
      if body[index] == slot[0] && body[index..<index + slot.count].elementsEqual(slot) {
        parts.append(Array(body[start..<index]))
        index += slot.count
        start = index
      } else {
        index += 1
      }
    }
    parts.append(Array(body[start...]))
    return parts
  }
}

import Synchronization
import TeamHTTP
import TeamKit
import WebBase

/// GET responses rendered once per roster version instead of once per request.
///
/// Pages with a form need the browser's own CSRF token: they are rendered with
/// ``tokenSlot`` in its place and the token is put in when a response is sent. Entries for
/// older versions are dropped as soon as a newer version is asked for; keys only name
/// things that exist (a clamped page number, an existing player), and past
/// ``maxBytes`` responses are still served but no longer kept. Each language has its own
/// entries (``RequestContext/language``). A response that suits gzip is compressed when a browser
/// that takes gzip first asks for it (not on rendering: scripts rarely ask for gzip, and a
/// busy roster renders again after every write), in pieces around the token (``Gzip``).
package final class ResponseCache: Sendable {
  /// Stands for the CSRF token in a cached page. No user data can contain it: pseudos are at
  /// most 24 characters and image names cannot hold `~`.
  package static let tokenSlot = String(repeating: "~", count: 64)

  private struct Rendered: Sendable {
    let status: Int
    let headers: [(name: String, value: String)]
    /// The body cut where the token goes.
    let parts: [[UInt8]]
    let suitsGzip: Bool
    /// The parts compressed (``Gzip/pieces(_:)``), once asked for.
    var gzip: [[UInt8]]?
  }

  /// The most the cache keeps, in body bytes.
  package static let maxBytes = 32 << 20

  /// A response's key in one language.
  private struct Key: Hashable {
    let language: Language
    let key: String
  }

  private struct State {
    var version = 0
    var entries: [Key: Rendered] = [:]
    var bytes = 0
  }

  private let state = Mutex(State())
  /// The images folder's changes (``ImageLibrary/FolderWatch``): pages show its pictures'
  /// versions, so a change there is a new version too.
  private let folderGeneration: @Sendable () -> Int

  package init(folderGeneration: @escaping @Sendable () -> Int = { 0 }) {
    self.folderGeneration = folderGeneration
  }

  /// The response for `key` at roster `version`, rendered by `render` when not cached.
  /// - Parameters:
  ///   - context: the request's, for its language and whether it takes gzip.
  ///   - token: put where `render` wrote ``tokenSlot``.
  ///   - cookie: a `Set-Cookie` value to send with this response only.
  package func response(
    _ key: String, version: Int, for context: RequestContext, token: String? = nil,
    cookie: String? = nil, render: () throws -> HTTPResponse
  ) rethrows -> HTTPResponse {
    // Ordered by roster version first: both only grow.
    let version = version << 24 | folderGeneration() & 0xFF_FFFF
    let key = Key(language: context.language, key: key)
    let cached = state.withLock { $0.version == version ? $0.entries[key] : nil }
    var rendered =
      try cached ?? store(render(), key: key, version: version, tokenized: token != nil)
    if context.acceptsGzip, rendered.suitsGzip, rendered.gzip == nil {
      rendered.gzip = Gzip.pieces(rendered.parts)
      keep(rendered, key: key, version: version)
    }
    var response = HTTPResponse(status: rendered.status, headers: rendered.headers)
    if context.acceptsGzip, let pieces = rendered.gzip {
      response.body = Gzip.file(
        pieces: pieces, parts: rendered.parts, token: Array((token ?? "").utf8))
      response.headers.append(("Content-Encoding", "gzip"))
    } else if rendered.parts.count == 1 {
      response.body = rendered.parts[0]
    } else {
      // Joined by hand: a JoinedSequence is copied an element at a time.
      let token = Array((token ?? "").utf8)
      response.body.reserveCapacity(
        rendered.parts.reduce(0) { $0 + $1.count } + token.count * (rendered.parts.count - 1))
      for (index, part) in rendered.parts.enumerated() {
        if index > 0 { response.body += token }
        response.body += part
      }
    }
    if let cookie { response.headers.append(("Set-Cookie", cookie)) }
    return response
  }

  private func store(_ response: HTTPResponse, key: Key, version: Int, tokenized: Bool)
    -> Rendered
  {
    let parts = tokenized ? Self.split(response.body) : [response.body]
    let rendered = Rendered(
      status: response.status, headers: response.headers, parts: parts,
      suitsGzip: Gzip.suits(response), gzip: nil)
    keep(rendered, key: key, version: version)
    return rendered
  }

  /// Keeps `rendered` for `version` (in place of what `key` held), unless a newer version
  /// was asked for or the cache is full.
  private func keep(_ rendered: Rendered, key: Key, version: Int) {
    func size(_ rendered: Rendered) -> Int {
      (rendered.parts + (rendered.gzip ?? [])).reduce(0) { $0 + $1.count }
    }
    state.withLock { state in
      if version > state.version { state = State(version: version) }
      let held = state.entries[key].map(size) ?? 0
      guard version == state.version, state.bytes - held + size(rendered) <= Self.maxBytes
      else { return }
      state.entries[key] = rendered
      state.bytes += size(rendered) - held
    }
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

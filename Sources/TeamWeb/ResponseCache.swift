import Synchronization

/// GET responses rendered once per roster version instead of once per request.
///
/// Pages with a form need the browser's own CSRF token: they are rendered with
/// ``tokenSlot`` in its place and the token is put in when a response is sent. Entries for
/// older versions are dropped as soon as a newer version is asked for, and keys only name
/// things that exist (a clamped page number, an existing player), so the cache stays as
/// small as the roster.
final class ResponseCache: Sendable {
  /// Stands for the CSRF token in a cached page. No user data can contain it: pseudos are at
  /// most 24 characters and image names cannot hold `~`.
  static let tokenSlot = String(repeating: "~", count: 64)

  private struct Rendered: Sendable {
    let status: Int
    let headers: [(name: String, value: String)]
    /// The body cut where the token goes.
    let parts: [[UInt8]]
  }

  private let state = Mutex<(version: Int, entries: [String: Rendered])>((0, [:]))

  /// The response for `key` at roster `version`, rendered by `render` when not cached.
  /// - Parameters:
  ///   - token: put where `render` wrote ``tokenSlot``.
  ///   - cookie: a `Set-Cookie` value to send with this response only.
  func response(
    _ key: String, version: Int, token: String = "", cookie: String? = nil,
    render: () -> HTTPResponse
  ) -> HTTPResponse {
    let cached = state.withLock { $0.version == version ? $0.entries[key] : nil }
    let rendered = cached ?? store(render(), key: key, version: version)
    var response = HTTPResponse(status: rendered.status, headers: rendered.headers)
    if rendered.parts.count == 1 {
      response.body = rendered.parts[0]
    } else {
      response.body = Array(rendered.parts.joined(separator: Array(token.utf8)))
    }
    if let cookie { response.headers.append(("Set-Cookie", cookie)) }
    return response
  }

  private func store(_ response: HTTPResponse, key: String, version: Int) -> Rendered {
    let slot = Array(Self.tokenSlot.utf8)
    var parts: [[UInt8]] = []
    var rest = response.body[...]
    while let range = rest.firstRange(of: slot) {
      parts.append(Array(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    parts.append(Array(rest))
    let rendered = Rendered(status: response.status, headers: response.headers, parts: parts)
    state.withLock { state in
      if version > state.version { state = (version, [:]) }
      if version == state.version { state.entries[key] = rendered }
    }
    return rendered
  }
}

/// Matches a request's method and path to a handler; `{name}` in a pattern matches one
/// path segment and is passed to the handler.
public struct Router: Sendable {
  /// Answers a request; throws an ``HTTPError`` (or any error the app maps) to refuse it.
  public typealias Handler = @Sendable (HTTPRequest, [String: String]) throws -> HTTPResponse

  private var routes: [(method: String, pattern: [Substring], neverWaits: Bool, handler: Handler)] =
    []

  public init() {}

  /// Every route as `METHOD /pattern`, in the order added (to document or test them).
  public var patterns: [String] {
    routes.map { "\($0.method) /" + $0.pattern.joined(separator: "/") }
  }

  /// Adds a route, e.g. `add("GET", "/players/{id}") { request, parameters in … }`.
  /// - Parameter neverWaits: its handler never waits for slow work (it answers at once, or
  ///   with ``HTTPResponse/later(_:)``): see ``HTTPServer/Limits/neverWaits``.
  public mutating func add(
    _ method: String, _ pattern: String, neverWaits: Bool = false, _ handler: @escaping Handler
  ) {
    routes.append((method, pattern.split(separator: "/"), neverWaits, handler))
  }

  /// Whether the route a request with this method and path reaches was added as one that
  /// never waits.
  public func neverWaits(_ method: String, _ path: String) -> Bool {
    guard let segments = Self.segments(path) else { return false }
    return routes.contains {
      $0.neverWaits && $0.method == method && Self.parameters($0.pattern, segments) != nil
    }
  }

  /// Answers `request` with the handler of its route; `HEAD` is served by the `GET` route.
  /// - Throws: ``HTTPError`` 404 when no route has the path, 405 with an `Allow` header
  ///   when the path exists for other methods; or what the handler throws.
  public func respond(to request: HTTPRequest) throws -> HTTPResponse {
    guard let segments = Self.segments(request.path) else {
      throw HTTPError(404, "There is nothing at this address.")
    }
    var allowed: [String] = []
    for route in routes {
      guard let parameters = Self.parameters(route.pattern, segments) else { continue }
      if route.method == request.method || (request.method == "HEAD" && route.method == "GET") {
        return try route.handler(request, parameters)
      }
      for method in route.method == "GET" ? ["GET", "HEAD"] : [route.method]
      where !allowed.contains(method) {
        allowed.append(method)
      }
    }
    guard !allowed.isEmpty else {
      throw HTTPError(404, "There is nothing at this address.")
    }
    throw HTTPError(
      405, "Use \(allowed.joined(separator: " or ")) here.",
      headers: ["Allow": allowed.joined(separator: ", ")])
  }

  /// A path's segments; nil when it is not canonical: `//accounts` or `/static/../accounts`
  /// is not `/accounts` to a check made on the path's text, so it must not reach
  /// `/accounts`' handler either.
  private static func segments(_ path: String) -> [Substring]? {
    // Split on the UTF-8 bytes: splitting on Characters costs thousands of instructions.
    var segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .map(Substring.init)
    if segments.first == "" { segments.removeFirst() }
    if segments.last == "" { segments.removeLast() }
    guard path.hasPrefix("/"), !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    else { return nil }
    return segments
  }

  private static func parameters(_ pattern: [Substring], _ segments: [Substring])
    -> [String: String]?
  {
    guard pattern.count == segments.count else { return nil }
    var parameters: [String: String] = [:]
    for (part, segment) in zip(pattern, segments) {
      if part.hasPrefix("{") && part.hasSuffix("}") {
        parameters[String(part.dropFirst().dropLast())] = String(segment)
      } else if part != segment {
        return nil
      }
    }
    return parameters
  }
}

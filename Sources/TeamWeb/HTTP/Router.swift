/// Matches a request's method and path to a handler; `{name}` in a pattern matches one
/// path segment and is passed to the handler.
public struct Router: Sendable {
  public typealias Handler = @Sendable (HTTPRequest, [String: String]) -> HTTPResponse

  private var routes: [(method: String, pattern: [Substring], handler: Handler)] = []

  public init() {}

  /// Adds a route, e.g. `add("GET", "/players/{id}") { request, parameters in … }`.
  public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
    routes.append((method, pattern.split(separator: "/"), handler))
  }

  /// What a request matched.
  public enum Match {
    case found(Handler, [String: String])
    /// The path exists but not for this method; `allowed` lists the methods that do.
    case methodNotAllowed(allowed: [String])
    case notFound
  }

  /// Finds the route for a request; `HEAD` is served by the `GET` route.
  public func match(method: String, path: String) -> Match {
    // Split on the UTF-8 bytes: splitting on Characters costs thousands of instructions.
    let segments = path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init)
    var allowed: [String] = []
    for route in routes {
      guard let parameters = Self.parameters(route.pattern, segments) else { continue }
      if route.method == method || (method == "HEAD" && route.method == "GET") {
        return .found(route.handler, parameters)
      }
      allowed.append(route.method)
    }
    if allowed.contains("GET") { allowed.append("HEAD") }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
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

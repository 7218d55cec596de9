import Foundation

/// An HTTP request as the server received it, body included.
public struct HTTPRequest: Sendable {
  /// `GET`, `POST`, … (a `HEAD` request arrives as `HEAD`).
  public var method: String
  /// The decoded path, without the query string.
  public var path: String
  /// Query-string arguments (the last one wins when a name repeats).
  public var query: [String: String]
  /// Header values by lower-cased name.
  public var headers: [String: String]
  public var body: [UInt8]
  /// True when the body was over the server's limit and was dropped (answer 413).
  public var bodyTooLarge = false

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
    self.body = body
  }

  /// A header's value; `name` in any case.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// The request's cookies.
  public var cookies: [String: String] {
    var cookies: [String: String] = [:]
    for pair in (header("cookie") ?? "").split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      cookies[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1])
    }
    return cookies
  }

  /// The media type of the body, lower case, without parameters (`application/json`).
  public var contentType: String? {
    header("content-type")?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// The fields of an `application/x-www-form-urlencoded` body; repeated names keep every
  /// value in order.
  public var formFields: [String: [String]] {
    var fields: [String: [String]] = [:]
    for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.formDecode(parts[0])
      fields[name, default: []].append(parts.count > 1 ? Self.formDecode(parts[1]) : "")
    }
    return fields
  }

  private static func formDecode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}

/// An HTTP response to send.
public struct HTTPResponse: Sendable {
  public var status: Int
  /// Headers in order; a name may repeat (`Set-Cookie`).
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with a body of a given media type.
  public init(status: Int = 200, contentType: String, body: [UInt8]) {
    self.init(status: status, headers: [("Content-Type", contentType)], body: body)
  }

  /// A `303 See Other` to `location`: the POST/redirect/GET step.
  public static func redirect(to location: String) -> HTTPResponse {
    HTTPResponse(status: 303, headers: [("Location", location)])
  }

  /// The first value of a header; `name` in any case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

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
  /// True when the target held `%00`: ``path`` and ``query`` end at that NUL, so they are
  /// not what was sent (answer 400).
  public var targetHasNUL = false
  /// The client's numeric address (`127.0.0.1`, `::1`), as the connection shows it.
  public var clientAddress = ""
  /// True when the request came over TLS.
  public var isSecure = false

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

  /// The request's cookies. When a name repeats the first one wins: browsers send the
  /// cookie with the most specific path first (RFC 6265, 5.4).
  public var cookies: [String: String] {
    var cookies: [String: String] = [:]
    for pair in (header("cookie") ?? "").split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = parts[0].trimmingCharacters(in: .whitespaces)
      guard parts.count == 2, !name.isEmpty, cookies[name] == nil else { continue }
      var value = parts[1].trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = String(value.dropFirst().dropLast())
      }
      cookies[name] = value
    }
    return cookies
  }

  /// The media type of the body, lower case, without parameters (`application/json`).
  public var contentType: String? {
    header("content-type")?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// The fields of an `application/x-www-form-urlencoded` body, parsed as browsers encode
  /// them (WHATWG URL standard): `+` is a space, a `%` not followed by two hex digits stays
  /// as it is, bytes that are not UTF-8 become U+FFFD, empty pairs are skipped. Repeated
  /// names keep every value in order.
  public var formFields: [String: [String]] {
    var fields: [String: [String]] = [:]
    for pair in body.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.formDecode(parts[0])
      fields[name, default: []].append(parts.count > 1 ? Self.formDecode(parts[1]) : "")
    }
    return fields
  }

  private static func formDecode(_ bytes: ArraySlice<UInt8>) -> String {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") {
        decoded.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        decoded.append(high << 4 | low)
        index += 2
      } else {
        decoded.append(byte)
      }
      index += 1
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

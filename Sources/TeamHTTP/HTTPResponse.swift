/// An HTTP response to send.
public struct HTTPResponse: Sendable {
  public var status: Int
  /// Headers in order; a name may repeat (`Set-Cookie`).
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  /// When set, the body is this stream instead of `body`: sent as it is written.
  public var stream: ResponseStream?

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
    // Asked several times per response: compared in place, nothing lowercased.
    headers.first { $0.name.isEqualIgnoringCase(name) }?.value
  }
}

extension String {
  /// Whether the two are the same but for the case of ASCII letters (header names, media
  /// types), compared in place: nothing is lowercased for it.
  public func isEqualIgnoringCase(_ other: String) -> Bool {
    utf8.count == other.utf8.count && hasPrefixIgnoringCase(other)
  }

  /// Whether it starts with `prefix` but for the case of ASCII letters.
  public func hasPrefixIgnoringCase(_ prefix: String) -> Bool {
    // On the bytes in place: asked several times for every response.
    var text = self
    var prefix = prefix
    return text.withUTF8 { text in
      prefix.withUTF8 { prefix in
        guard text.count >= prefix.count else { return false }
        for index in prefix.indices where Self.lower(text[index]) != Self.lower(prefix[index]) {
          return false
        }
        return true
      }
    }
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
  }
}

/// A request the server will not serve as asked, with the status to answer and a sentence
/// for the user. Routes throw it; the app turns it into a page or a problem document.
public struct HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
  public var status: Int
  /// What went wrong and what to do, as a sentence.
  public var message: String
  /// Headers the answer must carry (`Allow` for 405, `Retry-After`, …).
  public var headers: [String: String]

  public init(_ status: Int, _ message: String, headers: [String: String] = [:]) {
    self.status = status
    self.message = message
    self.headers = headers
  }

  public var description: String { "\(status) \(Self.reason(status)): \(message)" }

  /// The standard reason phrase of a status (RFC 9110), "Error" for others.
  public static func reason(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 421: "Misdirected Request"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    case 507: "Insufficient Storage"
    default: "Error"
    }
  }
}

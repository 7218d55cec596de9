import TeamKit

/// One operation of the JSON API, declared once: the server mounts its handler on it, the
/// app's client calls it, and the OpenAPI document describes it (``OpenAPIDocument``).
public struct Endpoint: Sendable {
  public let method: String
  /// The path, its parameters as `{name}` segments.
  public let path: String
  /// The operation's id in the document.
  public let id: String
  let summary: String
  let description: String?
  let parameters: [Parameter]
  /// The body it takes, if any.
  public let request: Request?
  let responses: [Response]
  /// The statuses it may answer with a problem document.
  let problems: [Int]
  /// Whether it is the sign-in itself, which needs no token.
  let signIn: Bool

  public init(
    _ method: String, _ path: String, id: String, summary: String, description: String? = nil,
    parameters: [Parameter] = [], request: Request? = nil, responses: [Response],
    problems: [Int], signIn: Bool = false
  ) {
    self.method = method
    self.path = path
    self.id = id
    self.summary = summary
    self.description = description
    self.parameters = parameters
    self.request = request
    self.responses = responses
    self.problems = problems
    self.signIn = signIn
  }

  /// The path with its `{name}` segments filled in, in order, with `values`, without the
  /// leading slash: relative to a server's address. Each value is one segment, escaped as
  /// one (a tag's `/` or space never makes another).
  public func path(_ values: String...) -> String { path(values) }

  /// ``path(_:)-(String...)`` with the values in an array.
  public func path(_ values: [String]) -> String {
    var values = values.makeIterator()
    let segments = path.split(separator: "/").map { segment in
      segment.hasPrefix("{")
        ? values.next().map(Self.escaped) ?? String(segment) : String(segment)
    }
    return segments.joined(separator: "/")
  }

  /// `text` as a URI's component: every byte of its UTF-8 but the unreserved characters
  /// (RFC 3986, 2.3) percent-encoded.
  public static func escaped(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".unicodeScalars)
    var escaped = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        escaped.unicodeScalars.append("%")
        escaped.unicodeScalars.append(hex[Int(byte >> 4)])
        escaped.unicodeScalars.append(hex[Int(byte & 0x0F)])
      }
    }
    return escaped
  }
}

/// A parameter of an endpoint: in its query, its path or a header.
public struct Parameter: Sendable {
  public enum Location: String, Sendable { case query, path, header }

  let name: String
  let location: Location
  let required: Bool
  let description: String?
  let schema: Schema

  public init(
    _ name: String, in location: Location, required: Bool = false, _ description: String?,
    _ schema: Schema
  ) {
    self.name = name
    self.location = location
    self.required = required
    self.description = description
    self.schema = schema
  }

  public init(_ name: String, in location: Location, required: Bool = false, _ schema: Schema) {
    self.init(name, in: location, required: required, nil, schema)
  }
}

/// A body, in one or several media types.
public struct Request: Sendable {
  let content: [(mediaType: String, schema: Schema)]
  let required: Bool
  let description: String?

  public init(
    _ content: [(mediaType: String, schema: Schema)], required: Bool = true,
    _ description: String? = nil
  ) {
    self.content = content
    self.required = required
    self.description = description
  }

  /// The media types it may come in.
  public var mediaTypes: [String] { content.map(\.mediaType) }
}

/// An answer other than a problem: its status, what it means, its body and headers.
public struct Response: Sendable {
  let status: Int
  let description: String
  let content: [(mediaType: String, schema: Schema)]
  let headers: [Header]

  public init(
    _ status: Int, _ description: String, content: [(mediaType: String, schema: Schema)] = [],
    headers: [Header] = []
  ) {
    self.status = status
    self.description = description
    self.content = content
    self.headers = headers
  }
}

/// A header of an answer.
public struct Header: Sendable {
  let name: String
  let description: String?
  let schema: Schema

  public init(_ name: String, _ description: String?, _ schema: Schema) {
    self.name = name
    self.description = description
    self.schema = schema
  }

  public init(_ name: String, _ schema: Schema) { self.init(name, nil, schema) }
}

extension Parameter {
  /// The team a request is about, by its tag or id.
  public static let team = Parameter(
    "team", in: .query, "A team's tag or id; absent: the organisation's first team",
    .string(pattern: "^[A-Za-z0-9-]{0,36}$"))
  /// A team in the path, by its tag or id.
  public static let teamTag = Parameter(
    "tag", in: .path, required: true, "The team's tag (any case) or id", .string())
  /// A player in the path.
  public static let playerID = Parameter("id", in: .path, required: true, .string(format: "uuid"))
  /// An event in the path.
  public static let eventID = Parameter(
    "id", in: .path, required: true, "The event's id", .string(format: "uuid"))
  /// Where a part of a long list starts.
  public static let offset = Parameter(
    "offset", in: .query, "Leave out this many first (0 by default)",
    .integer(minimum: 0, maximum: Int.max))
  /// How long a part of a long list is.
  public static let limit = Parameter(
    "limit", in: .query,
    #"At most this many (all by default); a Link header with rel="next" gives the next part's address"#,
    .integer(minimum: 1, maximum: 1000))
  /// The version a write expects to change.
  public static let ifMatch = Parameter(
    "If-Match", in: .header,
    "The ETag the client last saw; when the player (or roster) changed since, nothing is written and the answer is 412",
    .string())
}

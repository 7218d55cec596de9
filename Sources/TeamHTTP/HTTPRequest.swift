import Foundation
import Synchronization

/// An HTTP request as the server received it, body included.
///
/// Its fields sit behind one immutable reference, as ``Player``'s do: a request is handed from
/// the server to the handler's task and on through the app, and a copy is then one retain.
/// A change makes a new box.
public struct HTTPRequest: Sendable {
  /// `GET`, `POST`, … (a `HEAD` request arrives as `HEAD`).
  public var method: String {
    get { box.fields.method }
    set { change { $0.method = newValue } }
  }
  /// The decoded path, without the query string.
  public var path: String {
    get { box.fields.path }
    set { change { $0.path = newValue } }
  }
  /// Query-string arguments (the last one wins when a name repeats).
  public var query: [String: String] {
    get { box.fields.query }
    set { change { $0.query = newValue } }
  }
  /// Header values by lower-cased name.
  public var headers: [String: String] {
    get { box.fields.headers }
    set { change { $0.headers = newValue } }
  }
  public var body: [UInt8] {
    get { box.fields.body }
    set { change { $0.body = newValue } }
  }
  /// True when the body was over the server's limit and was dropped (answer 413).
  public var bodyTooLarge: Bool {
    get { box.fields.bodyTooLarge }
    set { change { $0.bodyTooLarge = newValue } }
  }
  /// The files of a `multipart/form-data` body left out because they would have taken it
  /// over its limit, by field name, with about how many bytes each had; the rest of the
  /// form is in ``body``.
  public var droppedFiles: [String: Int] {
    get { box.fields.droppedFiles }
    set { change { $0.droppedFiles = newValue } }
  }
  /// True when the target held `%00`: ``path`` and ``query`` end at that NUL, so they are
  /// not what was sent (answer 400).
  public var targetHasNUL: Bool {
    get { box.fields.targetHasNUL }
    set { change { $0.targetHasNUL = newValue } }
  }
  /// The client's numeric address (`127.0.0.1`, `::1`), as the connection shows it.
  public var clientAddress: String {
    get { box.fields.clientAddress }
    set { change { $0.clientAddress = newValue } }
  }
  /// True when the request came over TLS.
  public var isSecure: Bool {
    get { box.fields.isSecure }
    set { change { $0.isSecure = newValue } }
  }

  /// The route the server's router found for the request when its head came
  /// (``HTTPServer/Limits/router``); nil without one.
  public var route: (any Sendable)? {
    get { box.fields.route }
    set { change { $0.route = newValue } }
  }

  private struct Fields {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
    var body: [UInt8]
    var bodyTooLarge = false
    var droppedFiles: [String: Int] = [:]
    var targetHasNUL = false
    var clientAddress = ""
    var isSecure = false
    var route: (any Sendable)?
  }

  private final class Box: Sendable {
    let fields: Fields
    /// The multipart body's parts once read (`.some(nil)`: not multipart): a form's fields
    /// and files are read from one parse.
    let parts = Mutex<[Part]??>(nil)
    init(_ fields: Fields) { self.fields = fields }
  }

  private var box: Box

  /// A change makes a new box (the server gives every field at once).
  private mutating func change(_ body: (inout Fields) -> Void) {
    var fields = box.fields
    body(&fields)
    box = Box(fields)
  }

  /// A request; header names in any case.
  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: [UInt8] = []
  ) {
    self.init(
      method: method, path: path, query: query,
      lowercasedHeaders: Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 },
      body: body)
  }

  /// A request as the server read it, every field at once.
  init(
    method: String, path: String, query: [String: String], lowercasedHeaders: [String: String],
    body: [UInt8], bodyTooLarge: Bool = false, droppedFiles: [String: Int] = [:],
    targetHasNUL: Bool = false, clientAddress: String = "", isSecure: Bool = false,
    route: (any Sendable)? = nil
  ) {
    box = Box(
      Fields(
        method: method, path: path, query: query, headers: lowercasedHeaders, body: body,
        bodyTooLarge: bodyTooLarge, droppedFiles: droppedFiles, targetHasNUL: targetHasNUL,
        clientAddress: clientAddress, isSecure: isSecure, route: route))
  }

  /// A header's value; `name` in any case.
  public func header(_ name: String) -> String? {
    // Asked several times per request, nearly always in lower case already.
    if let value = box.fields.headers[name] { return value }
    var name = name
    return name.withUTF8 { $0.contains { (65...90).contains($0) } }
      ? box.fields.headers[name.lowercased()] : nil
  }

  /// The value of the cookie `name`, if the request has it. When a name repeats the first
  /// one wins: browsers send the cookie with the most specific path first (RFC 6265, 5.4).
  /// Spaces around a name or value and quotes around a value are left out.
  public func cookie(_ name: String) -> String? {
    // Read for each request three or four times: found in place, no dictionary built.
    guard !name.isEmpty, let header = box.fields.headers["cookie"] else { return nil }
    for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
      guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
        Self.trimmed(pair[..<equals]).elementsEqual(name.utf8)
      else { continue }
      var value = Self.trimmed(pair[pair.index(after: equals)...])
      if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
        value = value.dropFirst().dropLast()
      }
      return String(Substring(value))
    }
    return nil
  }

  /// `bytes` without the spaces and tabs around them.
  private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
    let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard let first = bytes.firstIndex(where: { !blank($0) }),
      let last = bytes.lastIndex(where: { !blank($0) })
    else { return bytes[bytes.endIndex...] }
    return bytes[first...last]
  }

  /// The media type of the body, lower case, without parameters (`application/json`).
  public var contentType: String? {
    // Asked several times per request: no Foundation here (its trimming costs microseconds).
    guard let value = box.fields.headers["content-type"] else { return nil }
    var type = value[..<(value.firstIndex(of: ";") ?? value.endIndex)]
    while type.first == " " || type.first == "\t" { type.removeFirst() }
    while type.last == " " || type.last == "\t" { type.removeLast() }
    return type.lowercased()
  }

  /// Whether the body is a form (`application/x-www-form-urlencoded` or
  /// `multipart/form-data`), whose fields ``formFields`` reads.
  public var hasFormBody: Bool {
    let type = contentType
    return type == "application/x-www-form-urlencoded" || type == "multipart/form-data"
  }

  /// The fields of an `application/x-www-form-urlencoded` body, parsed as browsers encode
  /// them (WHATWG URL standard): `+` is a space, a `%` not followed by two hex digits stays
  /// as it is, bytes that are not UTF-8 become U+FFFD, empty pairs are skipped. Repeated
  /// names keep every value in order.
  /// A `multipart/form-data` body's text fields are read too (``formFiles`` has its files).
  public var formFields: [String: [String]] {
    if let parts = multipartParts {
      var fields: [String: [String]] = [:]
      for part in parts where part.filename == nil {
        fields[part.name, default: []].append(String(decoding: part.data, as: UTF8.self))
      }
      return fields
    }
    var fields: [String: [String]] = [:]
    for pair in body.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.formDecode(parts[0])
      fields[name, default: []].append(parts.count > 1 ? Self.formDecode(parts[1]) : "")
    }
    return fields
  }

  /// A file sent with a `multipart/form-data` form.
  public struct FormFile: Sendable {
    public let filename: String
    public let contentType: String
    public let data: [UInt8]
  }

  /// The files of a `multipart/form-data` body, by field name (the first of a name); a file
  /// input left empty is absent.
  public var formFiles: [String: FormFile] {
    var files: [String: FormFile] = [:]
    for part in multipartParts ?? [] {
      guard let filename = part.filename, !filename.isEmpty || !part.data.isEmpty,
        files[part.name] == nil
      else { continue }
      files[part.name] = FormFile(
        filename: filename, contentType: part.contentType, data: Array(part.data))
    }
    return files
  }

  private struct Part {
    var name = ""
    var filename: String?
    var contentType = "text/plain"
    var data: ArraySlice<UInt8> = []
  }

  /// The parts of a `multipart/form-data` body (RFC 7578), or nil for another body; read
  /// once per request.
  private var multipartParts: [Part]? {
    if let parsed = box.parts.withLock({ $0 }) { return parsed }
    let parsed = parsedParts()
    box.parts.withLock { $0 = .some(parsed) }
    return parsed
  }

  private func parsedParts() -> [Part]? {
    guard contentType == "multipart/form-data", let header = header("content-type") else {
      return nil
    }
    guard let boundary = Self.multipartBoundary(header) else { return [] }
    let delimiter = Array("--\(boundary)".utf8)
    var parts: [Part] = []
    var start = Self.find(delimiter, in: body, from: body.startIndex)
    while let found = start {
      var cursor = found + delimiter.count
      // "--" after a delimiter ends the body; otherwise a line break starts the part.
      if body[cursor...].starts(with: Array("--".utf8)) { break }
      guard body[cursor...].starts(with: Array("\r\n".utf8)) else { break }
      cursor += 2
      guard let headersEnd = Self.find(Array("\r\n\r\n".utf8), in: body, from: cursor),
        let next = Self.find(Array("\r\n".utf8) + delimiter, in: body, from: headersEnd)
      else { break }
      var part = Part()
      let head = String(decoding: body[cursor..<headersEnd], as: UTF8.self)
      for line in head.components(separatedBy: "\r\n") {
        let pair = line.split(separator: ":", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard pair.count == 2 else { continue }
        switch pair[0].lowercased() {
        case "content-disposition":
          let parameters = Self.dispositionParameters(pair[1][...])
          part.name = parameters["name"] ?? ""
          part.filename = parameters["filename"]
        case "content-type": part.contentType = pair[1].lowercased()
        default: break
        }
      }
      part.data = body[(headersEnd + 4)..<next]
      parts.append(part)
      start = next + 2
    }
    return parts
  }

  /// The boundary of a `multipart/form-data` Content-Type header's value; nil when it has
  /// none, or one longer than RFC 2046's 70 characters.
  static func multipartBoundary(_ contentType: String) -> String? {
    guard
      let parameter = contentType.split(separator: ";").dropFirst()
        .map({ $0.trimmingCharacters(in: .whitespaces) })
        .first(where: { $0.lowercased().hasPrefix("boundary=") })
    else { return nil }
    var boundary = String(parameter.dropFirst("boundary=".count))
    if boundary.count >= 2, boundary.hasPrefix("\""), boundary.hasSuffix("\"") {
      boundary = String(boundary.dropFirst().dropLast())
    }
    return boundary.isEmpty || boundary.utf8.count > 70 ? nil : boundary
  }

  /// The parameters of a part's Content-Disposition value (`form-data; name="photo";
  /// filename="a.jpg"`), by lower-cased name, quotes removed.
  static func dispositionParameters(_ value: Substring) -> [String: String] {
    var parameters: [String: String] = [:]
    for item in value.split(separator: ";").dropFirst() {
      let field = item.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard field.count == 2 else { continue }
      let quoted = field[1].hasPrefix("\"") && field[1].hasSuffix("\"") && field[1].count >= 2
      parameters[field[0].lowercased()] =
        quoted ? String(field[1].dropFirst().dropLast()) : field[1]
    }
    return parameters
  }

  /// Where `needle` first occurs in `haystack` from `start`.
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count
    else { return nil }
    var index = start
    let first = needle[0]
    while index <= haystack.count - needle.count {
      guard let candidate = haystack[index...(haystack.count - needle.count)].firstIndex(of: first)
      else { return nil }
      if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
      index = candidate + 1
    }
    return nil
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

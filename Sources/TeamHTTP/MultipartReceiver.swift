/// A `multipart/form-data` body received chunk by chunk: kept whole while it fits its
/// limit; a file that would take it over is left out, its part and all, and the parts after
/// it are kept. A form sent with too large a photo thus comes back with everything else
/// that was typed (``HTTPRequest/droppedFiles``); memory stays near the limit whatever is
/// sent.
struct MultipartReceiver {
  /// What ends a part: CRLF, `--` and the boundary (RFC 2046, 5.1.1).
  private let delimiter: [UInt8]
  private let limit: Int
  private(set) var body: [UInt8] = []
  /// The files left out: their field name and about how many bytes they had.
  private(set) var droppedFiles: [String: Int] = [:]
  /// Set when what went over the limit is not a file (a text field, or part headers): the
  /// body is dropped whole, as any other.
  private(set) var tooLarge = false
  /// The file being left out, with the last bytes seen of it (a delimiter may straddle two
  /// chunks).
  private var dropping: (name: String, bytes: Int, tail: [UInt8])?

  /// Nil when `contentType` is not `multipart/form-data` with a usable boundary.
  init?(contentType: String, limit: Int) {
    guard let boundary = HTTPRequest.multipartBoundary(contentType) else { return nil }
    delimiter = Array("\r\n--\(boundary)".utf8)
    self.limit = limit
  }

  mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
    guard !tooLarge else { return }
    if dropping != nil {
      skipDropped(Array(chunk))
    } else {
      body.append(contentsOf: chunk)
    }
    while !tooLarge, dropping == nil, body.count > limit { leaveOutPartAtLimit() }
  }

  /// The part in which the body crossed its limit is left out when it is a file.
  private mutating func leaveOutPartAtLimit() {
    // The first part follows `--boundary` at the very start, the others the delimiter.
    let opening = delimiter.count - 2
    let start = Self.lastIndex(of: delimiter, in: body, before: limit) ?? 0
    let headersStart =
      start + (start == 0 && !body.starts(with: delimiter) ? opening : delimiter.count) + 2
    guard
      let headersEnd = Self.firstIndex(
        of: Array("\r\n\r\n".utf8), in: body, from: headersStart, below: body.count),
      let name = Self.fileFieldName(
        String(decoding: body[headersStart..<headersEnd], as: UTF8.self))
    else {
      tooLarge = true
      body = []
      return
    }
    let rest = Array(body[(headersEnd + 4)...])
    body.removeSubrange(start...)
    dropping = (name, 0, [])
    skipDropped(rest)
  }

  /// Bytes of the file being left out; what follows its end is kept.
  private mutating func skipDropped(_ bytes: [UInt8]) {
    guard var file = dropping else { return }
    let seen = file.tail + bytes
    if let end = Self.firstIndex(of: delimiter, in: seen, from: 0, below: seen.count) {
      droppedFiles[file.name] = file.bytes + end
      dropping = nil
      body.append(contentsOf: seen[end...])
      return
    }
    let kept = min(seen.count, delimiter.count - 1)
    file.bytes += seen.count - kept
    file.tail = Array(seen.suffix(kept))
    dropping = file
  }

  /// The field name of a part's headers when the part is a file (it has a filename).
  private static func fileFieldName(_ headers: String) -> String? {
    for line in headers.split(separator: "\r\n") {
      guard line.lowercased().hasPrefix("content-disposition:") else { continue }
      let parameters = HTTPRequest.dispositionParameters(
        line.dropFirst("content-disposition:".count))
      guard parameters["filename"] != nil else { return nil }
      return parameters["name"]
    }
    return nil
  }

  /// Where `needle` starts last, wholly or partly before `end`.
  private static func lastIndex(of needle: [UInt8], in haystack: [UInt8], before end: Int) -> Int? {
    var index = min(end, haystack.count - needle.count)
    while index >= 0 {
      if haystack[index] == needle[0],
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index -= 1
    }
    return nil
  }

  /// Where `needle` first starts at or after `start`, starting before `end`.
  private static func firstIndex(
    of needle: [UInt8], in haystack: [UInt8], from start: Int, below end: Int
  ) -> Int? {
    var index = start
    while index < end, index + needle.count <= haystack.count {
      if haystack[index] == needle[0],
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}

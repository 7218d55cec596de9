import CZlib
import Foundation
import TeamHTTP

/// Responses in gzip (RFC 9110 §8.4.1.3, RFC 1952) for the browsers that accept it.
///
/// A cached page is compressed once per roster version, although each response carries its
/// browser's own CSRF token: the page is compressed in pieces cut where the token goes, each
/// a deflate stream of its own (RFC 1951) that refers to nothing before it and ends flushed
/// to a byte boundary without a final block. A response is the gzip header, the pieces with
/// the token between them as stored blocks, an empty final block, and the checksum and size
/// of what it holds.
package enum Gzip {
  /// Smaller bodies gain less than their headers and work cost.
  package static let minimumBytes = 1024

  /// Whether a request's `Accept-Encoding` takes gzip (RFC 9110, 12.5.3): `gzip` or
  /// `x-gzip`, else `*`, not at `q=0`.
  package static func isAccepted(by acceptEncoding: String?) -> Bool {
    // Without Foundation's trimming: browsers send it with every request.
    func trimmed(_ text: Substring) -> Substring {
      let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
      let start = text.drop(while: blank)
      return start[..<(start.lastIndex { !blank($0) }.map(start.index(after:)) ?? start.startIndex)]
    }
    var named: Bool?  // what gzip's own item says: it wins over `*`'s
    var any: Bool?
    for item in (acceptEncoding ?? "").split(separator: ",") {
      let fields = item.split(separator: ";").map(trimmed)
      guard let coding = fields.first.map(String.init) else { continue }
      let weight = fields.dropFirst().first { $0.lowercased().hasPrefix("q=") }.flatMap {
        Double($0.dropFirst(2))
      }
      if coding.isEqualIgnoringCase("gzip") || coding.isEqualIgnoringCase("x-gzip") {
        named = (weight ?? 1) > 0
      } else if coding == "*" {
        any = (weight ?? 1) > 0
      }
    }
    return named ?? any ?? false
  }

  /// Whether a response of this media type is worth compressing (text, JSON, SVG; never an
  /// event stream, which is sent as it comes).
  package static func suits(contentType: String) -> Bool {
    suitingTypes.contains { contentType.hasPrefixIgnoringCase($0) }
  }

  private static let suitingTypes = [
    "text/html", "text/css", "text/javascript", "text/csv", "application/json",
    "application/problem+json", "image/svg+xml",
  ]

  /// Whether `response` should go compressed: a type that suits, large enough, not already
  /// encoded, and without an entity tag (whose strong comparison for `If-Match` would have
  /// to tell the encodings apart).
  package static func suits(_ response: HTTPResponse) -> Bool {
    response.body.count >= minimumBytes && response.header("Content-Encoding") == nil
      && response.header("ETag") == nil && suits(contentType: response.header("Content-Type") ?? "")
  }

  /// Each part as raw deflate data that ends on a byte boundary, with no final block; nil
  /// when zlib cannot start (out of memory).
  package static func pieces(_ parts: [[UInt8]]) -> [[UInt8]]? {
    var pieces: [[UInt8]] = []
    for part in parts {
      guard let piece = deflated(part) else { return nil }
      pieces.append(piece)
    }
    return pieces
  }

  /// The gzip file of `parts` joined by `token`, from their ``pieces(_:)``.
  package static func file(pieces: [[UInt8]], parts: [[UInt8]], token: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]  // deflate, no name, no time, Unix
    out.reserveCapacity(pieces.reduce(64) { $0 + $1.count + token.count + 5 })
    var crc = crc32(0, nil, 0)
    var size: UInt32 = 0
    func hold(_ bytes: [UInt8]) {
      crc = bytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
      size &+= UInt32(truncatingIfNeeded: bytes.count)
    }
    for (index, piece) in pieces.enumerated() {
      if index > 0 {
        // A stored block: not final, type 0, at a byte boundary; length and its complement.
        let length = UInt16(token.count)
        out += [
          0, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8),
        ]
        out += token
        hold(token)
      }
      out += piece
      hold(parts[index])
    }
    out += [1, 0, 0, 0xff, 0xff]  // the final block: stored, empty
    for value in [UInt32(crc), size] {
      out += [
        UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff),
        UInt8(value >> 24),
      ]
    }
    return out
  }

  /// A whole body in gzip; nil when zlib cannot start.
  package static func compressed(_ body: [UInt8]) -> [UInt8]? {
    pieces([body]).map { file(pieces: $0, parts: [body], token: []) }
  }

  /// `response` with its body in gzip, when it suits and the request takes it (`accepted`).
  package static func encoded(_ response: HTTPResponse, accepted: Bool) -> HTTPResponse {
    guard accepted, suits(response), let body = compressed(response.body) else { return response }
    var response = response
    response.body = body
    response.headers.append(("Content-Encoding", "gzip"))
    return response
  }

  private static func deflated(_ input: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    // Raw deflate (negative window bits): the gzip header and trailer are written above.
    guard
      deflateInit2_(
        &stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
    var written = 0
    var status = Z_OK
    input.withUnsafeBufferPointer { source in
      stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      stream.avail_in = UInt32(source.count)
      repeat {
        if written == output.count { output += [UInt8](repeating: 0, count: output.count) }
        output.withUnsafeMutableBufferPointer { target in
          stream.next_out = target.baseAddress.map { $0 + written }
          stream.avail_out = UInt32(target.count - written)
          // A sync flush ends on a byte boundary and leaves the stream open: no final block.
          status = deflate(&stream, Z_SYNC_FLUSH)
          written = target.count - Int(stream.avail_out)
        }
      } while status == Z_OK && stream.avail_out == 0
    }
    guard status == Z_OK || status == Z_BUF_ERROR else { return nil }
    return Array(output[..<written])
  }
}

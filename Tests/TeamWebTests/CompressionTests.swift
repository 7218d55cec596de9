import CZlib
import Foundation
import TeamHTTP
import TeamKit
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// Responses in gzip: pages compressed once per version with each browser's token spliced
/// in, read back by zlib's own inflate.
@Suite struct CompressionTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// What zlib's inflate reads from a gzip file (windowBits 31: gzip only), or nil when it is
  /// not a whole, valid gzip file.
  static func gunzip(_ data: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard inflateInit2_(&stream, 31, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    var status = Z_OK
    data.withUnsafeBufferPointer { input in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
      stream.avail_in = UInt32(input.count)
      while status == Z_OK {
        chunk.withUnsafeMutableBufferPointer { buffer in
          stream.next_out = buffer.baseAddress
          stream.avail_out = UInt32(buffer.count)
          status = inflate(&stream, Z_NO_FLUSH)
        }
        output += chunk[..<(chunk.count - Int(stream.avail_out))]
      }
    }
    // The end of the stream, checksum and size verified, and nothing after it.
    return status == Z_STREAM_END && stream.avail_in == 0 ? output : nil
  }

  @Test func piecesJoinedByATokenAreOneValidGzipFile() throws {
    let parts: [[UInt8]] = [
      Array(String(repeating: "<li>Canna Top</li>", count: 200).utf8), [],
      Array("<input value=\"".utf8), Array(String(repeating: "é€", count: 3000).utf8),
    ]
    let pieces = try #require(Gzip.pieces(parts))
    for token in ["", "abc", String(repeating: "t", count: 64)] {
      let file = Gzip.file(pieces: pieces, parts: parts, token: Array(token.utf8))
      let expected = Array(parts.joined(separator: Array(token.utf8)))
      #expect(Self.gunzip(file) == expected)
    }
    #expect(Self.gunzip(try #require(Gzip.compressed([]))) == [])
    // A damaged file is refused by the reader this test trusts.
    var damaged = Gzip.file(pieces: pieces, parts: parts, token: Array("abc".utf8))
    damaged[damaged.count - 5] ^= 1
    #expect(Self.gunzip(damaged) == nil)
  }

  @Test func aPageGoesCompressedWithTheBrowsersOwnTokenAndAsItIsOtherwise() async throws {
    let session = try await app.session()
    let plain = try await app.client.get("/", headers: ["Cookie": session.cookie])
    let compressed = try await app.client.get(
      "/", headers: ["Cookie": session.cookie, "Accept-Encoding": "gzip, deflate, br"])
    #expect(plain.header("content-encoding") == nil)
    #expect(compressed.header("content-encoding") == "gzip")
    for response in [plain, compressed] {
      #expect(response.header("vary") == "Accept-Language, Cookie, Accept-Encoding")
    }
    let page = try #require(Self.gunzip(compressed.body))
    #expect(page == plain.body)
    #expect(String(decoding: page, as: UTF8.self).contains(session.token))
    // Another browser's token in the same cached page.
    let other = try await app.session()
    let theirs = try await app.client.get(
      "/", headers: ["Cookie": other.cookie, "Accept-Encoding": "gzip"])
    let theirPage = String(decoding: try #require(Self.gunzip(theirs.body)), as: UTF8.self)
    #expect(theirPage.contains(other.token) && !theirPage.contains(session.token))
    // The roster of the brief, compressed, is a fraction of its size.
    #expect(compressed.body.count * 3 < plain.body.count)
  }

  @Test(arguments: ["gzip;q=0", "identity", "br", ""])
  func aClientThatDoesNotTakeGzipGetsThePlainBody(_ acceptEncoding: String) async throws {
    let response = try await app.client.get(
      "/api/champions", headers: ["Accept-Encoding": acceptEncoding])
    #expect(response.header("content-encoding") == nil)
    #expect(response.header("vary") == "Accept-Encoding")
    #expect(try JSONSerialization.jsonObject(with: Data(response.body)) is [Any])
  }

  @Test func acceptEncodingIsReadAsRFC9110WritesIt() {
    for taken in [
      "gzip", "GZip", "x-gzip", "br, gzip", " gzip ;q=0.5", "deflate;q=1, gzip; Q=0.1", "*",
      "*;q=0, gzip",
    ] {
      #expect(Gzip.isAccepted(by: taken), "\(taken)")
    }
    for refused in [
      "gzip;q=0", "gzip ; q=0.0", "br, gzip;q=0", "*, gzip;q=0", "identity", "br", "", nil,
    ] {
      #expect(!Gzip.isAccepted(by: refused), "\(refused ?? "none")")
    }
  }

  @Test func smallBodiesAndTaggedOnesGoAsTheyAre() async throws {
    let player = Player.defaultRoster[0]
    let one = try await app.client.get(
      "/api/players/\(player.id)", headers: ["Accept-Encoding": "gzip"])
    #expect(one.header("etag") != nil && one.header("content-encoding") == nil)
    let stylesheet = try await app.client.get(
      Asset.stylesheet.path, headers: ["Accept-Encoding": "gzip"])
    #expect(stylesheet.header("content-encoding") == "gzip")
    #expect(Self.gunzip(stylesheet.body) == Asset.stylesheet.body)
  }
}

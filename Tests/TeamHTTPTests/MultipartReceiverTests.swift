import Testing

@testable import TeamHTTP

/// A form body received in pieces: a file that would take it over its limit is left out,
/// and everything around it is kept, wherever the pieces were cut.
@Suite struct MultipartReceiverTests {
  static let boundary = "----kcorpFormBoundary7MA4"
  static let contentType = "multipart/form-data; boundary=\(boundary)"

  static func part(_ name: String, _ value: String) -> String {
    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
  }

  static func file(_ name: String, bytes: Int) -> [UInt8] {
    Array(
      ("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"big.jpg\"\r\n"
        + "Content-Type: image/jpeg\r\n\r\n").utf8)
      // The file's bytes hold line breaks and dashes, as a JPEG may.
      + (0..<bytes).map { UInt8(truncatingIfNeeded: $0 % 7 == 0 ? 13 : $0 % 11 == 0 ? 45 : $0) }
      + Array("\r\n".utf8)
  }

  /// The body received in pieces of `size` bytes, then read as the server's request.
  static func received(_ body: [UInt8], limit: Int, size: Int) throws -> (
    HTTPRequest, MultipartReceiver
  ) {
    var receiver = try #require(MultipartReceiver(contentType: contentType, limit: limit))
    var start = 0
    while start < body.count {
      let end = min(body.count, start + size)
      body[start..<end].withUnsafeBufferPointer { receiver.append($0) }
      start = end
    }
    let request = HTTPRequest(
      method: "POST", path: "/players", headers: ["Content-Type": contentType],
      body: receiver.body)
    return (request, receiver)
  }

  @Test(arguments: [1, 7, 38, 1000, 16 * 1024, 1 << 20])
  func aFileOverTheLimitIsLeftOutAndTheFieldsAroundItAreKept(pieceSize: Int) throws {
    let body =
      Array((Self.part("csrf", "token") + Self.part("name", "Caliste")).utf8)
      + Self.file("photo", bytes: 300_000)
      + Array(
        (Self.part("champion", "jax") + Self.part("champion", "ahri") + "--\(Self.boundary)--\r\n")
          .utf8)
    let (request, receiver) = try Self.received(body, limit: 100_000, size: pieceSize)
    #expect(!receiver.tooLarge)
    #expect(receiver.body.count <= 100_000)
    #expect(request.formFields["name"] == ["Caliste"])
    #expect(request.formFields["csrf"] == ["token"])
    #expect(request.formFields["champion"] == ["jax", "ahri"])
    #expect(request.formFiles["photo"] == nil)
    #expect(receiver.droppedFiles.keys.sorted() == ["photo"])
    #expect((299_000...300_100).contains(receiver.droppedFiles["photo"] ?? 0))
  }

  @Test(arguments: [1, 38, 16 * 1024])
  func aBodyWithinTheLimitIsKeptWhole(pieceSize: Int) throws {
    let body =
      Array(Self.part("name", "Caliste").utf8) + Self.file("photo", bytes: 5000)
      + Array("--\(Self.boundary)--\r\n".utf8)
    let (request, receiver) = try Self.received(body, limit: 100_000, size: pieceSize)
    #expect(receiver.body == body)
    #expect(receiver.droppedFiles.isEmpty)
    #expect(request.formFiles["photo"]?.data.count == 5000)
  }

  @Test func aFileFirstOrTwoLargeFilesAreLeftOutAndASmallOneKept() throws {
    let body =
      Self.file("photo", bytes: 200_000) + Array(Self.part("name", "Yike").utf8)
      + Self.file("small", bytes: 100) + Self.file("other", bytes: 150_000)
      + Array("--\(Self.boundary)--\r\n".utf8)
    let (request, receiver) = try Self.received(body, limit: 50_000, size: 4096)
    #expect(request.formFields["name"] == ["Yike"])
    #expect(request.formFiles["small"]?.data.count == 100)
    #expect(receiver.droppedFiles.keys.sorted() == ["other", "photo"])
  }

  @Test func aTextFieldOverTheLimitDropsTheWholeBody() throws {
    let body =
      Array(
        (Self.part("name", String(repeating: "a", count: 200_000)) + "--\(Self.boundary)--\r\n")
          .utf8)
    let (_, receiver) = try Self.received(body, limit: 50_000, size: 4096)
    #expect(receiver.tooLarge)
    #expect(receiver.body.isEmpty)
  }

  @Test func aContentTypeWithoutABoundaryIsNotReceivedThisWay() {
    #expect(MultipartReceiver(contentType: "multipart/form-data", limit: 10) == nil)
    #expect(
      MultipartReceiver(
        contentType: "multipart/form-data; boundary=\(String(repeating: "b", count: 71))",
        limit: 10) == nil)
  }
}

@Suite struct OptionalWhitespaceTests {
  @Test(arguments: [
    ("application/json", "application/json"), ("  text/csv\t", "text/csv"), ("", ""),
    (" \t ", ""), ("a b", "a b"), ("\u{A0}x\u{A0}", "\u{A0}x\u{A0}"),
  ])
  func onlySpacesAndTabsAroundAreDropped(_ text: String, _ expected: String) {
    #expect(text[...].withoutOptionalWhitespace == expected[...])
  }
}

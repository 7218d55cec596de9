import Testing

@testable import TeamKit

@Suite struct VersionTests {
  @Test func bytesAreWrittenAsLowerCaseHex() {
    #expect(hex([]) == "")
    #expect(hex([0x00, 0x0F, 0xA5, 0xFF]) == "000fa5ff")
    #expect(hex16(0x0123_4567_89AB_CDEF) == "0123456789abcdef")
    #expect(hex16(42) == "000000000000002a")
  }

  @Test func aVersionIsTheFNV1aHashOfItsBytes() {
    // FNV-1a's published 64-bit values.
    #expect(fnv1a([UInt8]()) == "cbf29ce484222325")
    #expect(fnv1a(Array("a".utf8)) == "af63dc4c8601ec8c")
  }
}

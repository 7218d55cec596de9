import Foundation

extension UUID {
  /// The id as ``uuidString`` spells it (upper-case hex, with dashes), written without the
  /// `snprintf` Foundation uses on Linux: every change stores and sends several ids.
  public var text: String {
    String(unsafeUninitializedCapacity: 36) { buffer in
      var count = 0
      write { byte in
        buffer[count] = byte
        count += 1
      }
      return count
    }
  }

  /// Hands the 36 bytes of ``text`` to `append`, one at a time.
  func write(_ append: (UInt8) -> Void) {
    let hex: StaticString = "0123456789ABCDEF"
    hex.withUTF8Buffer { digits in
      withUnsafeBytes(of: uuid) { raw in
        for (index, byte) in raw.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 { append(UInt8(ascii: "-")) }
          append(digits[Int(byte >> 4)])
          append(digits[Int(byte & 0xF)])
        }
      }
    }
  }
}

extension UUID {
  /// Reads an id as ``init(uuidString:)`` does (36 characters: hex digits in either case,
  /// with dashes after the 8th, 12th, 16th and 20th), without its `sscanf`: every request
  /// that names a player reads an id. Stricter: a space, a sign or `0x` that `sscanf` would
  /// skip on Linux makes no id.
  public init?(text: String) {
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let utf8 = text.utf8
    guard utf8.count == 36 else { return nil }
    let isID = withUnsafeMutableBytes(of: &value) { bytes in
      var count = 0
      var high: UInt8?
      for (position, byte) in utf8.enumerated() {
        if position == 8 || position == 13 || position == 18 || position == 23 {
          guard byte == UInt8(ascii: "-") else { return false }
          continue
        }
        let nibble: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
        default: return false
        }
        if let first = high {
          bytes[count] = first << 4 | nibble
          count += 1
          high = nil
        } else {
          high = nibble
        }
      }
      return true
    }
    guard isID else { return nil }
    self.init(uuid: value)
  }
}

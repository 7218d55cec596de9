import Foundation

extension UUID {
  /// A new random id (version 4), from the system's generator: `UUID()` on Linux opens and
  /// reads `/dev/urandom` each time, three system calls for every player, event and team
  /// made.
  public static func random() -> UUID {
    var generator = SystemRandomNumberGenerator()
    var bytes = (generator.next() as UInt64, generator.next() as UInt64)
    return withUnsafeMutableBytes(of: &bytes) { raw in
      raw[6] = raw[6] & 0x0F | 0x40  // version 4
      raw[8] = raw[8] & 0x3F | 0x80  // RFC 9562's variant
      return UUID(
        uuid: (
          raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10],
          raw[11], raw[12], raw[13], raw[14], raw[15]
        ))
    }
  }

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
  public func write(_ append: (UInt8) -> Void) {
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
    guard text.utf8.count == 36 else { return nil }
    var text = text
    // From the bytes in place, into two halves: a String's own iterator costs several times
    // as much.
    let halves: (UInt64, UInt64)? = text.withUTF8 { utf8 in
      var high: UInt64 = 0
      var low: UInt64 = 0
      for position in 0..<36 {
        let byte = utf8[position]
        if position == 8 || position == 13 || position == 18 || position == 23 {
          guard byte == UInt8(ascii: "-") else { return nil }
          continue
        }
        let digit = byte &- UInt8(ascii: "0")
        let letter = (byte | 0x20) &- UInt8(ascii: "a")  // either case
        guard digit < 10 || letter < 6 else { return nil }
        let nibble = UInt64(digit < 10 ? digit : letter + 10)
        // The first 16 digits (up to the third dash) are the high half.
        if position < 19 { high = high << 4 | nibble } else { low = low << 4 | nibble }
      }
      return (high, low)
    }
    guard let (high, low) = halves else { return nil }
    func byte(_ half: UInt64, _ index: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: half >> (56 - 8 * index))
    }
    self.init(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
        byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
        byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }
}

import Foundation

/// A 64-bit FNV-1a hash in hex: stable names, ETags and versions, not security.
public func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash &*= 0x100_0000_01b3
  }
  return hex16(hash)
}

/// 16 hex digits, zero-padded.
public func hex16(_ value: UInt64) -> String {
  hex((0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) })
}

/// The bytes as lower-case hex, two digits each: digests, tokens, colours. Written directly,
/// not with `String(format:)` a byte at a time: pages make a token per request.
public func hex(_ bytes: [UInt8]) -> String {
  String(unsafeUninitializedCapacity: 2 * bytes.count) { buffer in
    for index in bytes.indices {
      buffer[2 * index] = hexDigits[Int(bytes[index] >> 4)]
      buffer[2 * index + 1] = hexDigits[Int(bytes[index] & 0xF)]
    }
    return 2 * bytes.count
  }
}

private let hexDigits = Array("0123456789abcdef".utf8)

extension Player {
  /// This version of the player's fields: it changes whenever an edit changes any of them.
  /// The server's `ETag` for the player; a client names it in `If-Match`. The photo is left
  /// out: it changes on its own, never conflicts with an edit, and clients that know
  /// nothing of photos work the version out alike.
  public var version: String {
    var fields = self
    fields.photo = nil
    return fnv1a(TeamJSON.encode(fields))
  }

  /// Whether the two have the same fields, photos aside (``version``).
  public func hasSameFields(as other: Player) -> Bool {
    var mine = self
    var theirs = other
    mine.photo = nil
    theirs.photo = nil
    return mine == theirs
  }

  /// The version of a roster's order: it changes when a player comes, goes or moves.
  public static func orderVersion(_ ids: [UUID]) -> String {
    fnv1a(ids.map(\.uuidString).joined(separator: ",").utf8)
  }
}

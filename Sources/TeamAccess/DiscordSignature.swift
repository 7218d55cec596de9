import CGnuTLS
import Foundation
import TeamKit

/// Discord's interactions signatures (Ed25519 over the timestamp and the body, GnuTLS), and
/// the one-time codes that link a Discord user.
public enum DiscordSignature {
  /// How old a request's timestamp may be, either way, before it is refused as replayed.
  public static let maxAge: TimeInterval = 300

  /// Whether a request is Discord's: `signature` (hex, `X-Signature-Ed25519`) is
  /// `publicKey`'s (hex) over `timestamp` (`X-Signature-Timestamp`, Unix seconds) and the
  /// body, and the timestamp is within ``maxAge`` of `now`.
  public static func isValid(
    publicKey: String, signature: String, timestamp: String, body: [UInt8], now: Date
  ) -> Bool {
    guard let key = bytes(hex: publicKey), key.count == 32,
      let signed = bytes(hex: signature), signed.count == 64,
      let seconds = Double(timestamp), abs(now.timeIntervalSince1970 - seconds) <= maxAge
    else { return false }
    let message = Array(timestamp.utf8) + body
    return kcorp_ed25519_verify(key, message, message.count, signed) == 0
  }

  /// A new key pair, as a test's stand-in for Discord signs with: the public key in hex and
  /// the private key's bytes.
  public static func newKeyPair() -> (publicKey: String, privateKey: [UInt8]) {
    var publicKey = [UInt8](repeating: 0, count: 32)
    var privateKey = [UInt8](repeating: 0, count: 32)
    let code = kcorp_ed25519_keypair(&publicKey, &privateKey)
    precondition(code == 0, "GnuTLS could not make an Ed25519 key")
    return (hex(publicKey), privateKey)
  }

  /// The hex signature of `timestamp` and `body` with a pair from ``newKeyPair()``.
  public static func sign(
    timestamp: String, body: [UInt8], publicKey: String, privateKey: [UInt8]
  ) -> String {
    let message = Array(timestamp.utf8) + body
    let key = bytes(hex: publicKey) ?? []
    precondition(key.count == 32 && privateKey.count == 32, "an Ed25519 key is 32 bytes")
    var signature = [UInt8](repeating: 0, count: 64)
    let code = kcorp_ed25519_sign(key, privateKey, message, message.count, &signature)
    precondition(code == 0, "GnuTLS could not sign")
    return hex(signature)
  }

  /// The bytes of a hex string; nil for an odd length or a character that is not hex.
  static func bytes(hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func value(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// A one-time link code: 8 letters and digits a player types in Discord, none that reads
  /// as another (no 0, O, 1, I, L).
  public static func newLinkCode() -> String {
    let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    var code = ""
    while code.count < 8 {
      // Bytes past the last whole round of the alphabet are dropped: every letter as likely.
      for byte in Secrets.randomBytes(16) where Int(byte) < 248 && code.count < 8 {
        code.append(alphabet[Int(byte) % alphabet.count])
      }
    }
    return code
  }

  /// A code as typed (any case, spaces or dashes), in the form ``newLinkCode()`` gives.
  public static func normalizedCode(_ text: String) -> String {
    text.uppercased().filter { $0.isLetter || $0.isNumber }
  }
}

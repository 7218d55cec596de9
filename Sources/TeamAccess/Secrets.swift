import CGnuTLS
import Foundation

/// Random tokens and their digests: a session or API token is 256 random bits, shown to its
/// owner once and stored only as its SHA-256 digest (GnuTLS).
public enum Secrets {
  /// 32 random bytes from the system's generator, as 43 base64url characters.
  public static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The SHA-256 digest of `token`, in hex.
  public static func digest(_ token: String) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    let bytes = Array(token.utf8)
    let code = kcorp_sha256(bytes, bytes.count, &digest)
    precondition(code == 0, "GnuTLS could not compute SHA-256")
    return digest.map { String(format: "%02x", $0) }.joined()
  }

  /// Whether `token` could be one of ours (43 base64url characters), before any lookup.
  public static func isWellFormed(_ token: String) -> Bool {
    token.utf8.count == 43
      && token.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "-" || $0 == "_"
      }
  }
}

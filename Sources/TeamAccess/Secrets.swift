import CGnuTLS
import Foundation
import TeamKit

/// Random tokens and their digests: a session or API token is 256 random bits, shown to its
/// owner once and stored only as its SHA-256 digest (GnuTLS).
public enum Secrets {
  /// `count` unpredictable bytes, for CSRF tokens and salts: from GnuTLS's generator,
  /// seeded by the system, which needs no system call per use (a page makes a CSRF token for
  /// each new visitor).
  public static func randomBytes(_ count: Int) -> [UInt8] { random(count, GNUTLS_RND_RANDOM) }

  /// 32 random bytes from GnuTLS's generator for long-term keys (no earlier output can be
  /// worked out from a later one), as 43 base64url characters.
  public static func newToken() -> String {
    Data(random(32, GNUTLS_RND_KEY)).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  private static func random(_ count: Int, _ level: gnutls_rnd_level_t) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      let code = gnutls_rnd(level, buffer.baseAddress, count)
      precondition(code == 0, "GnuTLS gave no random bytes")
      initialized = count
    }
  }

  /// The SHA-256 digest of `token`, in hex.
  public static func digest(_ token: String) -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    let bytes = Array(token.utf8)
    let code = kcorp_sha256(bytes, bytes.count, &digest)
    precondition(code == 0, "GnuTLS could not compute SHA-256")
    return hex(digest)
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

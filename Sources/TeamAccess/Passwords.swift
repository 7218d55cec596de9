import CArgon2
import Foundation
import TeamKit

/// Argon2id password hashing through Debian's libargon2, as PHC strings
/// (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
public enum Passwords {
  /// The cost of a hash: memory in KiB, passes, lanes.
  public struct Parameters: Hashable, Sendable {
    public var memoryKiB: UInt32
    public var iterations: UInt32
    public var parallelism: UInt32

    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
      self.memoryKiB = memoryKiB
      self.iterations = iterations
      self.parallelism = parallelism
    }

    /// OWASP's minimum for Argon2id: 19 MiB, 2 passes, 1 lane.
    public static let current = Parameters(memoryKiB: 19 * 1024, iterations: 2, parallelism: 1)
  }

  /// The longest password accepted: hashing a megabyte is a cheap attack.
  public static let maxLength = 256
  /// The shortest password accepted for a new account or a new password.
  public static let minLength = 10

  /// Why `password` cannot be a new password, or nil.
  public static func problem(_ password: String) -> Message? {
    if password.count < minLength {
      return Message("Choose a password of at least %@ characters.", minLength)
    }
    if password.utf8.count > maxLength {
      return Message("Choose a password of at most %@ bytes.", maxLength)
    }
    return nil
  }

  /// Why Argon2 could not hash a password: no memory to spare (or parameters it refuses).
  public struct HashError: Error, CustomStringConvertible {
    public let description: String
  }

  /// A salted Argon2id hash of `password` as a PHC string.
  /// - Throws: ``HashError`` when Argon2 fails (memory pressure): the caller says so, the
  ///   server keeps running.
  public static func hash(_ password: String, parameters: Parameters = .current)
    throws(HashError) -> String
  {
    let salt = Secrets.randomBytes(16)
    let hashLength = 32
    let length = argon2_encodedlen(
      parameters.iterations, parameters.memoryKiB, parameters.parallelism, UInt32(salt.count),
      UInt32(hashLength), Argon2_id)
    var encoded = [CChar](repeating: 0, count: length)
    let bytes = Array(password.utf8)
    let code = argon2id_hash_encoded(
      parameters.iterations, parameters.memoryKiB, parameters.parallelism, bytes, bytes.count,
      salt, salt.count, hashLength, &encoded, length)
    guard code == ARGON2_OK.rawValue else {
      throw HashError(description: String(cString: argon2_error_message(code)))
    }
    return String(decoding: encoded.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
  }

  /// Whether `password` matches the PHC string `hash` (in time independent of where they
  /// differ), or nil when Argon2 could not run (no memory to spare): the caller answers
  /// "busy", not "wrong password".
  public static func matches(_ password: String, against hash: String) -> Bool? {
    let code = verification(password, against: hash)
    return code == ARGON2_MEMORY_ALLOCATION_ERROR.rawValue ? nil : code == ARGON2_OK.rawValue
  }

  /// Argon2's answer: `ARGON2_OK`, `ARGON2_VERIFY_MISMATCH` after hashing, or an error
  /// found before hashing (a malformed `hash`).
  static func verification(_ password: String, against hash: String) -> Int32 {
    let bytes = Array(password.utf8.prefix(maxLength + 1))
    return argon2id_verify(hash, bytes, bytes.count)
  }

  /// A well-formed PHC string that no password matches: random salt and random hash bytes.
  /// Verifying against it costs what verifying against a real hash of `parameters` costs, but
  /// making it costs nothing (no Argon2 run, no memory).
  public static func decoy(parameters: Parameters = .current) -> String {
    func base64(_ bytes: [UInt8]) -> String {
      // PHC strings use base64 without padding.
      Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }
    return "$argon2id$v=19$m=\(parameters.memoryKiB),t=\(parameters.iterations),"
      + "p=\(parameters.parallelism)$\(base64(Secrets.randomBytes(16)))$"
      + base64(Secrets.randomBytes(32))
  }

  /// The parameters a PHC string was made with, if it is an Argon2id one.
  public static func parameters(of hash: String) -> Parameters? {
    let parts = hash.split(separator: "$")
    guard parts.count >= 4, parts[0] == "argon2id" else { return nil }
    var values: [Substring: UInt32] = [:]
    for pair in parts[2].split(separator: ",") {
      let keyValue = pair.split(separator: "=")
      if keyValue.count == 2 { values[keyValue[0]] = UInt32(keyValue[1]) }
    }
    guard let m = values["m"], let t = values["t"], let p = values["p"] else { return nil }
    return Parameters(memoryKiB: m, iterations: t, parallelism: p)
  }

  /// Whether a stored hash is weaker than today's parameters (hash again at the next
  /// sign-in).
  public static func needsRehash(_ hash: String, parameters current: Parameters = .current) -> Bool
  {
    guard let stored = parameters(of: hash) else { return true }
    return stored.memoryKiB < current.memoryKiB || stored.iterations < current.iterations
  }
}

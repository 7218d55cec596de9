import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A PostgreSQL server of the test run's own (`scripts/test-postgres`): started on loopback
/// in a temporary folder on first use, stopped when the test process exits. Without disk
/// syncs: these tests check the store's logic and never crash the server, and their many
/// small databases would otherwise hold up the other tests' own syncs (the reliability
/// tests, which do stop and kill servers, keep fsync on).
public enum TestPostgres {
  /// The repository's `scripts/test-postgres`.
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/test-postgres").path

  /// A new, empty database on the server, as a `postgresql://` URL.
  public static func newDatabase() throws -> String {
    try run(["createdb", try server.get()])
  }

  private static let server: Result<String, any Error> = Result {
    let started = try run(["start", "--no-fsync"]).split(separator: " ")
    let folder = String(started[0])
    startedFolder.withLock { $0 = folder }
    atexit {
      if let folder = startedFolder.withLock({ $0 }) { _ = try? run(["stop", folder]) }
    }
    return folder
  }

  private static let startedFolder = LockedValue<String?>(nil)

  /// Runs the script and returns what it printed, trimmed. (Through `posix_spawn` and
  /// `waitpid`: Foundation's `Process` is never told that the script ended once it has
  /// started the server's daemon.)
  @discardableResult
  private static func run(_ arguments: [String]) throws -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("kcorp-postgres-\(UUID().uuidString)").path
    defer {
      unlink(output)
      unlink(output + ".err")
    }
    let command =
      ([script] + arguments).map { "'\($0)'" }.joined(separator: " ")
      + " >'\(output)' 2>'\(output).err' </dev/null"
    var pid: pid_t = 0
    let words: [String] = ["/bin/sh", "-c", command]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else {
      throw TestPostgresError("cannot run \(script)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let complaint = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
      throw TestPostgresError(
        "scripts/test-postgres \(arguments.joined(separator: " ")) failed: \(complaint)")
    }
    return printed.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Why the tests' PostgreSQL server could not be used.
public struct TestPostgresError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

/// A value behind a lock, for the process-wide state above (an `NSLock`: TestSupport has no
/// platform floor for `Mutex`).
final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

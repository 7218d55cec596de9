import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The organisation's import turn as every process on its database sees it: the server, the
/// other servers on the same PostgreSQL, the CLI. Held with something the system lets go of
/// when its holder ends, even by a crash: an `flock` on a file beside the SQLite file, a
/// session's advisory lock on PostgreSQL.
///
/// `@unchecked Sendable`: its state is set once, then only released, once, by its taker.
final class ImportLock: @unchecked Sendable {
  private var file: Int32 = -1
  #if canImport(CPostgreSQL)
    private var session: PostgresConnection?
  #endif

  private init() {}

  /// The turn when no other process holds it; nil when one does. In memory there is no other
  /// process: the turn is always free.
  /// - Throws: ``RosterError/storage(_:)`` when the lock cannot be asked for.
  static func take(_ location: DatabaseLocation) throws(RosterError) -> ImportLock? {
    let lock = ImportLock()
    switch location {
    case .inMemory: return lock
    case .file(let path):
      let lockPath = path + "-import-lock"
      lock.file = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard lock.file >= 0 else {
        throw .storage(StorageError(.other, "\(lockPath): \(String(cString: strerror(errno)))"))
      }
      // Asked a few times over a tenth of a second: a lock just let go may still be held a
      // moment by a child process forked meanwhile (it shares the open file until it runs
      // its program), and another process's import holds it far longer.
      for attempt in 0..<5 {
        if flock(lock.file, LOCK_EX | LOCK_NB) == 0 { return lock }
        if attempt < 4 { usleep(20_000) }
      }
      return nil
    case .postgres(let url):
      #if canImport(CPostgreSQL)
        do {
          let session = try PostgresConnection(
            url: url, patience: PostgresConnection.readerPatience)
          var taken = false
          try session.prepare("SELECT pg_try_advisory_lock(?1)").bind([.int(key)])
            .forEachRow { taken = $0.text(0) == "t" }
          lock.session = session
          return taken ? lock : nil
        } catch {
          throw RosterStore.rosterError(error, path: PostgresConnection.displayName(url))
        }
      #else
        return lock
      #endif
    }
  }

  /// The advisory lock's key ("kcorpimp" in ASCII), apart from the migrations'.
  private static let key: Int64 = 0x6B63_6F72_7069_6D70

  /// Lets the turn go (a closed file lets go of its lock). The session's lock is let go by
  /// name before the session ends: PostgreSQL frees a closed session's locks only once its
  /// backend has ended, a moment after, and an import asked for meanwhile would be refused.
  func release() {
    if file >= 0 { close(file) }
    file = -1
    #if canImport(CPostgreSQL)
      _ = try? session?.prepare("SELECT pg_advisory_unlock(?1)").bind([.int(Self.key)])
        .forEachRow { _ in }
      session = nil
    #endif
  }

  deinit { release() }
}

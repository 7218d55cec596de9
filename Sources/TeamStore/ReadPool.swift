import CSQLite
import Foundation
import Synchronization

/// Connections that only read, for what is not in the roster's snapshot (history, photos,
/// accounts, sessions, tokens): in WAL mode a SQLite reader sees what was committed when its
/// read began and never waits for the writer, whose commit may be waiting for the disk
/// (GRDB's `DatabasePool` does the same); on PostgreSQL readers never wait for writers
/// either. A connection is opened when every other one is busy, and kept for the next read
/// unless it was lost.
final class ReadPool: Sendable {
  private let open: @Sendable () throws -> any SQLConnection
  private let idle = Mutex<[Reader]>([])

  init(open: @escaping @Sendable () throws -> any SQLConnection) {
    self.open = open
  }

  /// Runs `body` with a connection of its own for the time of the call.
  func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
    let reader = try idle.withLock { $0.popLast() } ?? Reader(try open())
    defer { if !reader.connection.isBroken { idle.withLock { $0.append(reader) } } }
    return try body(reader.connection)
  }

  /// One reading connection.
  ///
  /// `@unchecked Sendable`: a reader is used by the one thread that took it from the pool,
  /// until it gives it back.
  private final class Reader: @unchecked Sendable {
    let connection: any SQLConnection
    init(_ connection: any SQLConnection) { self.connection = connection }
  }
}

extension ReadPool {
  /// Readers of the SQLite file at `path`: never opened on another file put at the path,
  /// which would replay the old file's `-wal` into it.
  convenience init(sqlite path: String) {
    let file = FileIdentity(path: path)
    self.init {
      guard FileIdentity(path: path) == file else {
        throw SQLiteError(
          code: SQLITE_IOERR,
          message:
            "the database file was removed or replaced while kcorp had it open; restart kcorp",
          path: path, isFileGone: true)
      }
      let connection = try SQLiteConnection(path: path, create: false)
      try connection.execute("PRAGMA busy_timeout = 5000; PRAGMA query_only = ON")
      return connection
    }
  }
}

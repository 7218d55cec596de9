import CSQLite
import Foundation
import Synchronization

/// Connections that only read, for what is not in the roster's snapshot (history, photos,
/// accounts, sessions, tokens): in WAL mode a reader sees what was committed when its read
/// began and never waits for the writer, whose commit may be waiting for the disk (GRDB's
/// `DatabasePool` does the same). A connection is opened when every other one is busy, and
/// kept for the next read.
final class ReadPool: Sendable {
  private let path: String
  /// The file the store opened: a reader is never opened on another put at its path, which
  /// would replay the old file's `-wal` into it.
  private let file: FileIdentity?
  private let idle = Mutex<[Reader]>([])

  init(path: String) {
    self.path = path
    file = FileIdentity(path: path)
  }

  /// Runs `body` with a connection of its own for the time of the call.
  /// - Throws: ``SQLiteError`` (``SQLiteError/isFileGone``) when a new connection is needed
  ///   and the file at the path is no longer the store's.
  func read<T>(_ body: (Connection) throws -> T) throws -> T {
    let reader = try idle.withLock { $0.popLast() } ?? newReader()
    defer { idle.withLock { $0.append(reader) } }
    return try body(reader.connection)
  }

  private func newReader() throws -> Reader {
    guard FileIdentity(path: path) == file else {
      throw SQLiteError(
        code: SQLITE_IOERR,
        message:
          "the database file was removed or replaced while kcorp had it open; restart kcorp",
        path: path, isFileGone: true)
    }
    return try Reader(path: path)
  }

  /// One reading connection.
  ///
  /// `@unchecked Sendable`: a reader is used by the one thread that took it from the pool,
  /// until it gives it back.
  private final class Reader: @unchecked Sendable {
    let connection: Connection

    init(path: String) throws {
      connection = try Connection(path: path, create: false)
      try connection.execute("PRAGMA busy_timeout = 5000; PRAGMA query_only = ON")
    }
  }
}

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
  /// Opens a connection, waiting for its server no later than the deadline given.
  private let open: @Sendable (ContinuousClock.Instant?) throws -> any SQLConnection
  /// Whether an error says the server cannot be reached (not a query's own failure).
  private let isUnreachable: @Sendable (any Error) -> Bool
  private let idle = Mutex<[Reader]>([])
  /// Until when reads fail at once, and with what, after one found the server unreachable.
  private let unreachable = Mutex<(until: ContinuousClock.Instant, error: any Error)?>(nil)
  /// How long reads fail at once after one waited out its patience for nothing: one read a
  /// second waits for a silent server, not each request's (so a request that can do
  /// without the database, a signed-in reader of the snapshot, is answered at once).
  static let unreachableFor: Duration = .seconds(1)

  init(
    isUnreachable: @escaping @Sendable (any Error) -> Bool = { _ in false },
    open: @escaping @Sendable (ContinuousClock.Instant?) throws -> any SQLConnection
  ) {
    self.isUnreachable = isUnreachable
    self.open = open
  }

  /// Runs `body` with a connection of its own for the time of the call; with a `deadline`,
  /// a server that has not answered by then fails the read (a check that must answer in
  /// time).
  func read<T>(by deadline: ContinuousClock.Instant? = nil, _ body: (any SQLConnection) throws -> T)
    throws -> T
  {
    if let (until, error) = unreachable.withLock({ $0 }), ContinuousClock.now < until {
      throw error
    }
    do {
      let reader = try idle.withLock { $0.popLast() } ?? Reader(try open(deadline))
      reader.connection.deadline = deadline
      defer {
        reader.connection.deadline = nil
        if !reader.connection.isBroken { idle.withLock { $0.append(reader) } }
      }
      let result = try body(reader.connection)
      unreachable.withLock { $0 = nil }
      return result
    } catch {
      // A check's own short deadline proves nothing of the server: only a read's patience.
      if deadline == nil, isUnreachable(error) {
        unreachable.withLock { $0 = (ContinuousClock.now + Self.unreachableFor, error) }
      }
      throw error
    }
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
    self.init { _ in
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

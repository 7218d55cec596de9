import CSQLite
import Foundation
import Synchronization
import TeamKit
import TeamPhoto

/// The team's roster in a SQLite file (or a PostgreSQL database): durable, and safe to use from many threads at once.
///
/// Reads of the roster return an in-memory snapshot and never touch the disk; reads of the
/// rest (history, photos, accounts) use connections of their own and never wait for a
/// commit. Every write is `async`: it goes to a single connection on one committer thread,
/// where those asked for at the same moment share a transaction (group commit), and returns
/// only once committed with `synchronous=FULL`, so a change that was acknowledged survives a
/// power loss.
public final class RosterStore: Sendable {
  /// The history's author of changes made at the machine (the CLI, loopback use).
  public static let local = "local"

  /// The file's path, `:memory:`, or a PostgreSQL server's host and database (never its
  /// password): for messages.
  public let path: String
  /// Where the roster lives.
  public let location: DatabaseLocation
  /// The time of removals, and of the purge of those older than 30 days.
  /// The store's clock: every date it records, and every request's instant.
  public let now: @Sendable () -> Date

  let writer: Mutex<Writer>
  let state: Mutex<State>
  /// Writes waiting for the next commit.
  let commits = CommitQueue()
  /// Whether the calling thread may commit at once (``commitInline(when:)``).
  let leadsInline = Mutex<(@Sendable () -> Bool)?>(nil)
  /// Counted up as each change of who may do what commits (``accessVersion``).
  let accessChanges = Atomic<Int>(0)
  /// Whether an import of the organisation is being planned or applied (``importTurn(_:)``).
  let importing = Mutex(false)
  /// Connections that read what is committed; nil in memory, where the writer's is the only
  /// one.
  private let readers: ReadPool?

  struct State {
    var roster: Roster
    var observers: [Int: @Sendable (RosterUpdate) -> Void] = [:]
    /// Told when another server changed who may do what (``onAccessChange(_:)``).
    var accessObservers: [Int: @Sendable () -> Void] = [:]
    var nextObserverID = 0
  }

  /// Opens the roster database at `path`, creating it (and its folders) when missing.
  /// A brand-new database starts with the brief's default roster.
  /// - Throws: ``StoreOpenError`` when the file is not a SQLite database, has a newer
  ///   schema than this build knows or a row that is not a player (the file is not
  ///   modified), or cannot be read.
  /// - Parameter now: the clock (tests give a fixed one).
  public convenience init(path: String, now: @escaping @Sendable () -> Date = SystemClock.now)
    throws(StoreOpenError)
  {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateFolder(path: path, folder: folder.path)
    }
    try self.init(path: path, create: true, now: now)
  }

  /// A throwaway roster in memory, seeded with the default roster.
  public static func inMemory() throws(StoreOpenError) -> RosterStore {
    try RosterStore(path: ":memory:", create: true, now: SystemClock.now)
  }

  private convenience init(path: String, create: Bool, now: @escaping @Sendable () -> Date)
    throws(StoreOpenError)
  {
    do {
      try self.init(
        name: path, location: path == ":memory:" ? .inMemory : .file(path),
        writer: SQLiteConnection(path: path, create: create),
        // Opened after the writer: the file exists now, and the readers know it by its inode.
        readers: { path == ":memory:" ? nil : ReadPool(sqlite: path) }, now: now)
    } catch let error as StoreOpenError {
      throw error
    } catch let error as SQLiteError {
      switch error.code & 0xFF {
      case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
        throw .notWritable(path: path, detail: error.message)
      case SQLITE_CORRUPT: throw .damaged(path: path, detail: error.message)
      default: throw .unreadable(error)
      }
    } catch {
      throw .unreadable(SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: path))
    }
  }

  #if canImport(CPostgreSQL)
    /// Opens the roster in the PostgreSQL database a `postgresql://` URL names, creating its
    /// schema (and the brief's default roster) on a new database. Several servers may use
    /// the same database at once: each sees the others' changes (``listenForChanges()``).
    /// The password comes from `PGPASSWORD` or `PGPASSFILE`, as libpq reads them.
    /// - Throws: ``StoreOpenError/server(database:detail:)`` when the server cannot be
    ///   reached or refuses, ``StoreOpenError/newerSchema(path:version:known:)``, or
    ///   ``StoreOpenError/unreadableRow(path:table:id:reason:)``.
    public convenience init(
      postgres url: String, now: @escaping @Sendable () -> Date = SystemClock.now
    )
      throws(StoreOpenError)
    {
      let name = PostgresConnection.displayName(url)
      do {
        try self.init(
          name: name, location: .postgres(url), writer: PostgresConnection(url: url),
          readers: {
            ReadPool(isUnreachable: { ($0 as? PostgresError)?.isUnavailable == true }) {
              try PostgresConnection(
                url: url, patience: PostgresConnection.readerPatience, deadline: $0)
            }
          }, now: now)
      } catch let error as StoreOpenError {
        throw error
      } catch let error as PostgresError {
        throw .server(database: name, detail: error.message)
      } catch {
        throw .server(database: name, detail: "\(error)")
      }
    }
  #endif

  private init(
    name: String, location: DatabaseLocation, writer connection: any SQLConnection,
    readers: () -> ReadPool?, now: @escaping @Sendable () -> Date
  ) throws {
    self.path = name
    self.location = location
    self.now = now
    let writer = try Writer(connection)
    try writer.connection.transaction {
      try writer.purge(removedBefore: Self.cutoff(now()))
      try writer.purgeEvents(removedBefore: Self.cutoff(now()))
    }
    state = Mutex(State(roster: try writer.reloaded(1)))
    self.writer = Mutex(writer)
    self.readers = readers()
  }

  // MARK: - Reads

  /// The current roster.
  public var roster: Roster { state.withLock { $0.roster } }

  /// The players, in roster order.
  public var players: [Player] { roster.players }

  /// "Recently removed", the latest removal first.
  public var removedPlayers: [RemovedPlayer] { roster.removed }

  /// The history, the newest first: entries after the id `after`, of one player when given,
  /// at most `limit`. (Read from the file: it includes other processes' changes.)
  /// - Throws: ``RosterError/storage(_:)``.
  public func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 200) throws(RosterError)
    -> [RosterChange]
  {
    try read { try $0.history(after: after, player: player, limit: limit) }
  }

  /// Asks the database a question that needs it to answer (a server gone says so), waiting
  /// for a server no later than `deadline` (nil: as long as any read).
  /// - Throws: ``RosterError/storage(_:)``.
  public func checkDatabase(by deadline: ContinuousClock.Instant? = nil) throws(RosterError) {
    _ = try read(by: deadline) { try $0.scalar("SELECT 1") }
  }

  /// Runs `body` with a connection that reads what is committed without waiting for a
  /// commit under way (WAL lets readers and the writer go on together). In memory the
  /// writer's connection is the only one.
  @_spi(Rows) public func read<T>(
    by deadline: ContinuousClock.Instant? = nil, _ body: (any SQLConnection) throws -> T
  ) throws(RosterError) -> T {
    do {
      guard let readers else { return try writer.withLock { try body($0.connection) } }
      return try readers.read(by: deadline, body)
    } catch {
      throw Self.rosterError(error, path: path)
    }
  }
}

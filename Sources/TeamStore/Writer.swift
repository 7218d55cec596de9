import CSQLite
import Foundation
import TeamKit

/// The store's one connection, its schema and its statements.
///
/// `@unchecked Sendable`: the only instance a store has lives inside the store's `Mutex`
/// and is used only within `withLock`, so no two threads ever touch it at once.
final class Writer: @unchecked Sendable {
  let connection: Connection
  /// `PRAGMA data_version` as of our last commit: it changes when another connection commits.
  var seenDataVersion: Int64 = 0
  /// The stored pseudos by ``Player/nameKey(_:)``, so that uniqueness is checked in constant
  /// time (computing keys means Unicode normalization, too slow to redo for every player).
  private(set) var pseudos: [String: String] = [:]

  /// Ordered migrations; migration n takes `user_version` from n to n + 1.
  static let migrations: [@Sendable (Connection) throws -> Void] = [
    { db in
      try db.execute(
        """
        CREATE TABLE player (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL UNIQUE,
          position TEXT NOT NULL CHECK (position IN ('Top', 'Jungle', 'Mid', 'ADC', 'Support')),
          image TEXT NOT NULL,
          sort_order INTEGER NOT NULL UNIQUE
        ) STRICT;
        CREATE TABLE favorite_champion (
          player_id TEXT NOT NULL REFERENCES player (id) ON DELETE CASCADE,
          champion_id TEXT NOT NULL,
          sort_order INTEGER NOT NULL,
          PRIMARY KEY (player_id, champion_id)
        ) STRICT, WITHOUT ROWID;
        """)
      // Seeding belongs to the first migration: it runs once, on a brand-new database, and
      // a roster emptied on purpose stays empty.
      let writer = try Writer(uncheckedConnection: db)
      for player in Player.defaultRoster { try writer.insert(player) }
    }
  ]

  /// Prepared statements, compiled on first use and kept for the connection's life.
  private var statements: [String: Statement] = [:]

  private func statement(_ sql: String) throws -> Statement {
    if let statement = statements[sql] { return statement }
    let statement = try connection.prepare(sql)
    statements[sql] = statement
    return statement
  }

  private init(uncheckedConnection connection: Connection) throws {
    self.connection = connection
  }

  /// Checks the file, sets the pragmas and brings the schema up to date.
  /// - Throws: ``StoreOpenError`` before writing anything when the file is not a SQLite
  ///   database or its schema is newer than ``migrations``.
  convenience init(_ connection: Connection) throws {
    try self.init(uncheckedConnection: connection)
    // Wait for other processes' locks (a CLI opening the same new file) rather than fail.
    try connection.execute("PRAGMA busy_timeout = 5000")
    // Reading the header first: nothing is written to a file we cannot use.
    _ = try Self.schemaVersion(connection)
    // Two processes setting up the same new file can deadlock (one switching it to WAL while
    // the other migrates); SQLite then answers BUSY at once instead of waiting, and the
    // step is simply tried again.
    try Self.retryingWhenBusy {
      try connection.execute(
        """
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        PRAGMA foreign_keys = ON;
        """)
      // Migrate under the write lock, reading the version again there: another process
      // opening the same new file at the same moment migrates it once, not twice.
      try connection.transaction {
        for index in Int(try Self.schemaVersion(connection))..<Writer.migrations.count {
          try Writer.migrations[index](connection)
          try connection.execute("PRAGMA user_version = \(index + 1)")
        }
      }
    }
    seenDataVersion = try dataVersion()
  }

  /// Runs `body` again while SQLite answers BUSY, up to 100 times 10 ms apart.
  private static func retryingWhenBusy(_ body: () throws -> Void) throws {
    for attempt in 1... {
      do {
        return try body()
      } catch let error as SQLiteError where error.code & 0xFF == SQLITE_BUSY && attempt < 100 {
        usleep(10_000)
      }
    }
  }

  /// The file's `user_version`.
  /// - Throws: ``StoreOpenError`` when the file is not a SQLite database or its schema is
  ///   newer than ``migrations``.
  private static func schemaVersion(_ connection: Connection) throws -> Int64 {
    let version: Int64
    do {
      version = try connection.scalar("PRAGMA user_version")
    } catch {
      throw StoreOpenError.notADatabase(path: connection.path, detail: error.message)
    }
    guard version <= Writer.migrations.count else {
      throw StoreOpenError.newerSchema(
        path: connection.path, version: version, known: Writer.migrations.count)
    }
    return version
  }

  /// Runs `body` in one transaction; when it fails after changing something, the pseudo
  /// index is read back from the database, as the rollback left it.
  func rollingBack<T>(_ body: () throws -> T) throws -> T {
    do {
      return try connection.transaction(body)
    } catch let error as ValidationError {
      throw error  // refused before anything was written
    } catch let error as RosterError {
      throw error
    } catch {
      _ = try? loadPlayers()
      throw error
    }
  }

  func dataVersion() throws -> Int64 {
    var version: Int64 = 0
    try statement("PRAGMA data_version").forEachRow { version = $0.int(0) }
    return version
  }

  /// The stored players, in roster order.
  /// - Throws: ``StoreOpenError/unreadableRow(path:table:id:reason:)`` for a row that is not
  ///   a player (never skipped: a roster missing a player must not look complete), or
  ///   ``SQLiteError``.
  func loadPlayers() throws -> [Player] {
    var champions: [String: [Champion]] = [:]
    try connection.prepare(
      "SELECT player_id, champion_id FROM favorite_champion ORDER BY player_id, sort_order"
    ).forEachRow { row in
      let id = row.text(1)
      let champion = Champion.find(id) ?? Champion(id: id, name: id, imageName: id)
      champions[row.text(0), default: []].append(champion)
    }
    var players: [Player] = []
    pseudos = [:]
    try connection.prepare("SELECT id, name, position, image FROM player ORDER BY sort_order")
      .forEachRow { row in
        let id = row.text(0)
        guard let uuid = UUID(uuidString: id) else {
          throw StoreOpenError.unreadableRow(
            path: connection.path, table: "player", id: id, reason: "the id is not a UUID")
        }
        guard let position = Position(rawValue: row.text(2)) else {
          throw StoreOpenError.unreadableRow(
            path: connection.path, table: "player", id: id,
            reason: "“\(row.text(2))” is not a position")
        }
        players.append(
          Player(
            id: uuid, name: row.text(1), position: position, image: row.text(3),
            favoriteChampions: champions[id] ?? []))
        pseudos[Player.nameKey(row.text(1))] = row.text(1)
      }
    return players
  }

  /// Inserts a player at the end of the roster.
  func insert(_ player: Player) throws {
    let id = player.id.uuidString
    let key = Player.nameKey(player.name)
    try statement(
      """
      INSERT INTO player (id, name, name_key, position, image, sort_order)
      VALUES (?1, ?2, ?3, ?4, ?5, (SELECT coalesce(max(sort_order), 0) + 1 FROM player))
      """
    ).bind(
      .text(id), .text(player.name), .text(key),
      .text(player.position.rawValue), .text(player.image)
    ).run()
    for (order, champion) in player.favoriteChampions.enumerated() {
      try statement(
        "INSERT INTO favorite_champion (player_id, champion_id, sort_order) VALUES (?1, ?2, ?3)"
      ).bind(.text(id), .text(champion.id), .int(Int64(order))).run()
    }
    pseudos[key] = player.name
  }

  /// Deletes a player; its favourite champions go with it (ON DELETE CASCADE).
  func delete(_ player: Player) throws {
    try statement("DELETE FROM player WHERE id = ?1").bind(.text(player.id.uuidString)).run()
    pseudos[Player.nameKey(player.name)] = nil
  }

  func deleteAll() throws {
    try connection.execute("DELETE FROM player")
    pseudos = [:]
  }
}

extension Connection {
  /// The first column of the first row of a query.
  func scalar(_ sql: String) throws(SQLiteError) -> Int64 {
    let statement = try prepare(sql)
    var value: Int64 = 0
    do {
      try statement.forEachRow { value = $0.int(0) }
    } catch let error as SQLiteError {
      throw error
    } catch {
      throw SQLiteError(code: 1, message: "\(error)", path: path)
    }
    return value
  }
}

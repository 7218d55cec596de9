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

  /// Ordered migrations; migration n takes `user_version` from n to n + 1. Each is written
  /// against the schema of its time, not through the statements below.
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
      for (order, player) in Player.defaultRoster.enumerated() {
        try db.prepare(
          "INSERT INTO player (id, name, name_key, position, image, sort_order) "
            + "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
        ).bind(
          .text(player.id.uuidString), .text(player.name), .text(Player.nameKey(player.name)),
          .text(player.position.rawValue), .text(player.image), .int(Int64(order + 1))
        ).run()
        for (index, champion) in player.favoriteChampions.enumerated() {
          try db.prepare(
            "INSERT INTO favorite_champion (player_id, champion_id, sort_order) VALUES (?1, ?2, ?3)"
          ).bind(.text(player.id.uuidString), .text(champion.id), .int(Int64(index))).run()
        }
      }
    },
    // 2: lineup (the first five in order start) and "Recently removed" (removed_at). Pseudos
    // are unique among the players on the roster only, and order numbers may repeat among
    // removed players: the table is rebuilt without those UNIQUE constraints (SQLite's
    // documented way; foreign keys are off while migrating).
    { db in
      try db.execute(
        """
        CREATE TABLE player_v2 (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL,
          position TEXT NOT NULL CHECK (position IN ('Top', 'Jungle', 'Mid', 'ADC', 'Support')),
          image TEXT NOT NULL,
          sort_order INTEGER NOT NULL,
          lineup TEXT NOT NULL CHECK (lineup IN ('starter', 'substitute')),
          removed_at REAL
        ) STRICT;
        INSERT INTO player_v2 (id, name, name_key, position, image, sort_order, lineup)
          SELECT id, name, name_key, position, image, sort_order,
            CASE WHEN (SELECT count(*) FROM player AS earlier
                       WHERE earlier.sort_order < player.sort_order) < 5
              THEN 'starter' ELSE 'substitute' END
          FROM player;
        DROP TABLE player;
        ALTER TABLE player_v2 RENAME TO player;
        CREATE UNIQUE INDEX player_name_on_roster ON player (name_key) WHERE removed_at IS NULL;
        """)
    },
    // 3: the staff together: accounts, their sessions, API tokens, and the history of changes.
    // Secrets are never stored: passwords as Argon2id PHC strings, tokens as SHA-256 digests.
    { db in
      try db.execute(
        """
        CREATE TABLE account (
          name TEXT PRIMARY KEY NOT NULL,
          name_key TEXT NOT NULL UNIQUE,
          role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
          password TEXT NOT NULL,
          created_at REAL NOT NULL
        ) STRICT;
        CREATE TABLE session (
          token_hash TEXT PRIMARY KEY NOT NULL,
          account TEXT NOT NULL REFERENCES account (name) ON DELETE CASCADE ON UPDATE CASCADE,
          created_at REAL NOT NULL,
          last_seen REAL NOT NULL
        ) STRICT;
        CREATE TABLE api_token (
          name TEXT PRIMARY KEY NOT NULL,
          token_hash TEXT NOT NULL UNIQUE,
          role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
          created_at REAL NOT NULL,
          last_used REAL
        ) STRICT;
        CREATE TABLE history (
          id INTEGER PRIMARY KEY,
          at REAL NOT NULL,
          author TEXT NOT NULL,
          kind TEXT NOT NULL,
          player_id TEXT,
          player_name TEXT NOT NULL,
          before TEXT,
          after TEXT
        ) STRICT;
        CREATE INDEX history_by_player ON history (player_id, id);
        """)
    },
    // 4: a new player's order number is the largest so far plus one: found in the index
    // rather than by reading every player, removed ones included.
    { db in try db.execute("CREATE INDEX player_by_order ON player (sort_order)") },
    // 5: pseudos are compared by their confusable skeleton (``Player/nameKey(_:)``): every
    // stored key is computed again. Players already on the roster whose pseudos now look
    // alike all stay (a later one's key gets its id appended); only new lookalikes are
    // refused.
    { db in
      var rows: [(id: String, name: String, onRoster: Bool)] = []
      try db.prepare("SELECT id, name, removed_at IS NULL FROM player ORDER BY sort_order")
        .forEachRow { rows.append(($0.text(0), $0.text(1), $0.int(2) == 1)) }
      // Ids first, so that no new key meets an old one on the way.
      try db.execute("UPDATE player SET name_key = id")
      var taken: Set<String> = []
      for row in rows {
        var key = Player.nameKey(row.name)
        if row.onRoster, !taken.insert(key).inserted { key += "#" + row.id }
        try db.prepare("UPDATE player SET name_key = ?2 WHERE id = ?1")
          .bind(.text(row.id), .text(key)).run()
      }
    },
    // 6: players' photos, as uploaded then re-encoded (a JPEG and its SHA-256). Keyed by
    // player without a foreign key: an import deletes and inserts the players again, with
    // the same ids, and their photos stay; photos of players gone for good are purged.
    { db in
      try db.execute(
        """
        CREATE TABLE photo (
          player_id TEXT PRIMARY KEY NOT NULL,
          hash TEXT NOT NULL,
          jpeg BLOB NOT NULL
        ) STRICT;
        CREATE INDEX photo_by_hash ON photo (hash);
        """)
    },
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
    try Self.checkIntegrity(connection)
    // Two processes setting up the same new file can deadlock (one switching it to WAL while
    // the other migrates); SQLite then answers BUSY at once instead of waiting, and the
    // step is simply tried again.
    try Self.retryingWhenBusy {
      try connection.execute(
        """
        PRAGMA journal_mode = WAL;
        PRAGMA synchronous = FULL;
        PRAGMA foreign_keys = OFF;
        """)
      // Migrate under the write lock, reading the version again there: another process
      // opening the same new file at the same moment migrates it once, not twice. Foreign
      // keys stay off meanwhile (a table rebuilt must not cascade), then are checked.
      try connection.transaction {
        let pending = Int(try Self.schemaVersion(connection))..<Writer.migrations.count
        guard !pending.isEmpty else { return }
        for index in pending {
          try Writer.migrations[index](connection)
          try connection.execute("PRAGMA user_version = \(index + 1)")
        }
        var broken = 0
        try connection.prepare("PRAGMA foreign_key_check").forEachRow { _ in broken += 1 }
        guard broken == 0 else {
          throw SQLiteError(
            code: SQLITE_CONSTRAINT, message: "\(broken) favourite champions of no player",
            path: connection.path)
        }
      }
      try connection.execute("PRAGMA foreign_keys = ON")
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

  /// Refuses a damaged file (SQLite's `quick_check`), before anything is written to it.
  private static func checkIntegrity(_ connection: Connection) throws {
    var problems: [String] = []
    do {
      try connection.prepare("PRAGMA quick_check(5)").forEachRow { problems.append($0.text(0)) }
    } catch {
      problems = [(error as? SQLiteError)?.message ?? "\(error)"]
    }
    // A row that breaks a rule (CHECK, NOT NULL) is no damage to the file: loading it
    // names the row and what is wrong with it.
    problems.removeAll {
      $0 == "ok" || $0.hasPrefix("CHECK constraint failed") || $0.hasPrefix("NULL value in")
    }
    guard problems.isEmpty else {
      throw StoreOpenError.damaged(
        path: connection.path, detail: problems.joined(separator: "; "))
    }
  }

  /// The file's `user_version`.
  /// - Throws: ``StoreOpenError`` when the file is not a SQLite database or its schema is
  ///   newer than ``migrations``.
  private static func schemaVersion(_ connection: Connection) throws -> Int64 {
    let version: Int64
    do {
      version = try connection.scalar("PRAGMA user_version")
    } catch  where error.code & 0xFF == SQLITE_NOTADB {
      throw StoreOpenError.notADatabase(path: connection.path, detail: error.message)
    }
    guard version <= Writer.migrations.count else {
      throw StoreOpenError.newerSchema(
        path: connection.path, version: version, known: Writer.migrations.count)
    }
    return version
  }

  /// Runs `body` in one transaction; when it fails, the pseudo index is read back from the
  /// database, as the rollback left it. (Refused changes never get here: each is undone in
  /// its own savepoint.)
  func rollingBack<T>(_ body: () throws -> T) throws -> T {
    do {
      return try connection.transaction(body)
    } catch {
      _ = try? load()
      throw error
    }
  }

  /// Runs one queued change in its own savepoint of the transaction under way. When the
  /// change fails, only its writes are undone, its error becomes its outcome and nil is
  /// returned; the others in the transaction go on.
  func savepoint(_ job: PendingWrite, _ roster: Roster) throws -> Roster? {
    let recordedBefore = recorded.count
    try connection.execute("SAVEPOINT write")
    do {
      let next = try job.run(self, roster)
      try connection.execute("RELEASE write")
      return next
    } catch {
      try connection.execute("ROLLBACK TO write")
      try connection.execute("RELEASE write")
      recorded.removeSubrange(recordedBefore...)
      // A refused change wrote nothing; after any other failure the pseudo index is read
      // back as the savepoint left it.
      if !(error is ValidationError || error is RosterError) { _ = try load() }
      job.outcome = .failure(error)
      return nil
    }
  }

  func dataVersion() throws -> Int64 {
    var version: Int64 = 0
    try statement("PRAGMA data_version").forEachRow { version = $0.int(0) }
    return version
  }

  // MARK: - History

  /// The changes recorded in the transaction under way (the caller publishes them once it
  /// commits).
  var recorded: [RosterChange] = []
  /// The newest history entry this connection has seen committed.
  var lastHistoryID: Int64 = 0

  /// Records a change in the history, in the transaction under way.
  func record(
    _ kind: RosterChange.Kind, before: Player?, after: Player?, author: String, at date: Date,
    name: String? = nil
  ) throws {
    func json(_ player: Player?) -> Statement.Value {
      player.map { .text(String(decoding: TeamJSON.encode($0), as: UTF8.self)) } ?? .null
    }
    let player = after ?? before
    let playerName = name ?? player?.name ?? ""
    try statement(
      """
      INSERT INTO history (at, author, kind, player_id, player_name, before, after)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
      """
    ).bind(
      .double(date.timeIntervalSince1970), .text(author), .text(kind.rawValue),
      player.map { .text($0.id.uuidString) } ?? .null, .text(playerName), json(before),
      json(after)
    ).run()
    let id = connection.lastInsertRowID
    recorded.append(
      RosterChange(
        id: id, at: date, author: author, kind: kind, playerID: player?.id,
        playerName: playerName, before: before, after: after))
  }

  /// History entries, the newest first: those after `after` (an id), of one player when
  /// given, at most `limit`.
  func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 500) throws -> [RosterChange] {
    var changes: [RosterChange] = []
    let statement = try connection.prepare(
      """
      SELECT id, at, author, kind, player_id, player_name, before, after FROM history
      WHERE id > ?1 AND (?2 IS NULL OR player_id = ?2) ORDER BY id DESC LIMIT ?3
      """)
    try statement.bind(
      .int(after), player.map { .text($0.uuidString) } ?? .null, .int(Int64(limit))
    )
    .forEachRow { row in
      func player(_ column: Int32) -> Player? {
        row.isNull(column)
          ? nil : try? TeamJSON.decode(Player.self, from: Data(row.text(column).utf8))
      }
      changes.append(
        RosterChange(
          id: row.int(0), at: Date(timeIntervalSince1970: row.double(1)), author: row.text(2),
          kind: RosterChange.Kind(rawValue: row.text(3)) ?? .edited,
          playerID: row.isNull(4) ? nil : UUID(uuidString: row.text(4)),
          playerName: row.text(5), before: player(6), after: player(7)))
    }
    return changes
  }

  /// The newest history id in the file.
  func newestHistoryID() throws -> Int64 {
    try connection.scalar("SELECT coalesce(max(id), 0) FROM history")
  }

  /// The players on the roster, in order, and the removed ones, the latest first.
  /// - Throws: ``StoreOpenError/unreadableRow(path:table:id:reason:)`` for a row that is not
  ///   a player (never skipped: a roster missing a player must not look complete), or
  ///   ``SQLiteError``.
  func load() throws -> (players: [Player], removed: [RemovedPlayer]) {
    var champions: [String: [Champion]] = [:]
    try connection.prepare(
      "SELECT player_id, champion_id FROM favorite_champion ORDER BY player_id, sort_order"
    ).forEachRow { row in
      let id = row.text(1)
      let champion = Champion.find(id) ?? Champion(id: id, name: id, imageName: id)
      champions[row.text(0), default: []].append(champion)
    }
    var players: [Player] = []
    var removed: [RemovedPlayer] = []
    pseudos = [:]
    try connection.prepare(
      """
      SELECT id, name, position, image, lineup, removed_at, name_key FROM player
      ORDER BY removed_at IS NOT NULL, sort_order, removed_at DESC
      """
    ).forEachRow { row in
      let id = row.text(0)
      func unreadable(_ reason: String) -> StoreOpenError {
        .unreadableRow(path: connection.path, table: "player", id: id, reason: reason)
      }
      guard let uuid = UUID(uuidString: id) else { throw unreadable("the id is not a UUID") }
      guard let position = Position(rawValue: row.text(2)) else {
        throw unreadable("“\(row.text(2))” is not a position")
      }
      guard let lineup = Lineup(rawValue: row.text(4)) else {
        throw unreadable("“\(row.text(4))” is not a lineup")
      }
      let player = Player(
        id: uuid, name: row.text(1), position: position, image: row.text(3),
        favoriteChampions: champions[id] ?? [], lineup: lineup)
      if row.isNull(5) {
        players.append(player)
        // The key as stored (``Player/nameKey(_:)`` when written): not computed again.
        pseudos[row.text(6)] = player.name
      } else {
        removed.append(
          RemovedPlayer(player: player, removedAt: Date(timeIntervalSince1970: row.double(5))))
      }
    }
    removed.sort { $0.removedAt > $1.removedAt }
    return (players, removed)
  }

  /// Inserts a player at the end of the roster.
  func insert(_ player: Player) throws {
    let id = player.id.uuidString
    let key = Player.nameKey(player.name)
    try statement(
      """
      INSERT INTO player (id, name, name_key, position, image, lineup, sort_order)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT coalesce(max(sort_order), 0) + 1 FROM player))
      """
    ).bind(
      .text(id), .text(player.name), .text(key), .text(player.position.rawValue),
      .text(player.image), .text(player.lineup.rawValue)
    ).run()
    try insertFavorites(of: player)
    pseudos[key] = player.name
  }

  private func insertFavorites(of player: Player) throws {
    for (order, champion) in player.favoriteChampions.enumerated() {
      try statement(
        "INSERT INTO favorite_champion (player_id, champion_id, sort_order) VALUES (?1, ?2, ?3)"
      ).bind(.text(player.id.uuidString), .text(champion.id), .int(Int64(order))).run()
    }
  }

  /// Writes a player's fields over what `old` had.
  func update(_ player: Player, was old: Player) throws {
    let key = Player.nameKey(player.name)
    try statement(
      """
      UPDATE player SET name = ?2, name_key = ?3, position = ?4, image = ?5, lineup = ?6
      WHERE id = ?1
      """
    ).bind(
      .text(player.id.uuidString), .text(player.name), .text(key),
      .text(player.position.rawValue), .text(player.image), .text(player.lineup.rawValue)
    ).run()
    if player.favoriteChampions != old.favoriteChampions {
      try statement("DELETE FROM favorite_champion WHERE player_id = ?1")
        .bind(.text(player.id.uuidString)).run()
      try insertFavorites(of: player)
    }
    pseudos[Player.nameKey(old.name)] = nil
    pseudos[key] = player.name
  }

  /// Marks a player removed; they keep their row, order and champions until purged.
  func remove(_ removal: RemovedPlayer) throws {
    try statement("UPDATE player SET removed_at = ?2 WHERE id = ?1")
      .bind(.text(removal.id.uuidString), .double(removal.removedAt.timeIntervalSince1970)).run()
    pseudos[Player.nameKey(removal.player.name)] = nil
  }

  /// Puts a removed player back among those whose order number is below theirs, then
  /// numbers the roster again.
  func restore(_ player: Player) throws {
    try statement("UPDATE player SET removed_at = NULL WHERE id = ?1")
      .bind(.text(player.id.uuidString)).run()
    // The restored player goes before anyone sharing their old number.
    var ids: [String] = []
    try statement(
      """
      SELECT id FROM player WHERE removed_at IS NULL
      ORDER BY sort_order, id <> ?1
      """
    ).bind(.text(player.id.uuidString)).forEachRow { ids.append($0.text(0)) }
    try setOrder(ids)
    pseudos[Player.nameKey(player.name)] = player.name
  }

  /// Numbers the roster's players 1, 2, 3… in this order.
  func setOrder(_ players: [Player]) throws {
    try setOrder(players.map(\.id.uuidString))
  }

  private func setOrder(_ ids: [String]) throws {
    for (index, id) in ids.enumerated() {
      try statement("UPDATE player SET sort_order = ?2 WHERE id = ?1")
        .bind(.text(id), .int(Int64(index + 1))).run()
    }
  }

  /// Deletes the players removed before `date`, for good, and the photos of players gone.
  func purge(removedBefore date: Date) throws {
    try statement("DELETE FROM player WHERE removed_at < ?1")
      .bind(.double(date.timeIntervalSince1970)).run()
    try statement("DELETE FROM photo WHERE player_id NOT IN (SELECT id FROM player)").run()
  }

  /// The photos' hashes, by player.
  func photoHashes() throws -> [UUID: String] {
    var hashes: [UUID: String] = [:]
    try statement("SELECT player_id, hash FROM photo").forEachRow { row in
      if let id = UUID(uuidString: row.text(0)) { hashes[id] = row.text(1) }
    }
    return hashes
  }

  /// Stores a player's photo, or removes it (nil).
  func setPhoto(of id: UUID, jpeg: Data?, hash: String?) throws {
    if let jpeg, let hash {
      try statement("INSERT OR REPLACE INTO photo (player_id, hash, jpeg) VALUES (?1, ?2, ?3)")
        .bind(.text(id.uuidString), .text(hash), .blob(jpeg)).run()
    } else {
      try statement("DELETE FROM photo WHERE player_id = ?1").bind(.text(id.uuidString)).run()
    }
  }

  /// The photo with this hash, if one is stored.
  func photo(hash: String) throws -> Data? {
    var found: Data?
    try statement("SELECT jpeg FROM photo WHERE hash = ?1 LIMIT 1").bind(.text(hash))
      .forEachRow { found = $0.blob(0) }
    return found
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

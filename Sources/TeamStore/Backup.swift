import CSQLite
import Foundation
import Synchronization
import TeamKit

/// Copies of the database: made while it is in use, checked, and put back all or nothing.
extension RosterStore {
  /// Writes a consistent copy of the database to `destination`, replacing it atomically
  /// (a new file beside it, then renamed): every change acknowledged before the call is in
  /// it. Safe while a server and other processes use the database.
  /// - Returns: how many players the copy holds.
  /// - Throws: ``RosterError/storage(_:)`` when the copy cannot be written or checked, or
  ///   the database is PostgreSQL's (whose own tools make its backups).
  @discardableResult
  public func backup(to destination: String) throws(RosterError) -> Int {
    if case .postgres = location {
      throw .storage(
        StorageError(
          .other,
          Message(
            "%@: a PostgreSQL database is backed up with pg_dump or the server’s own archiving (docs/SCALING.md).",
            path
          ).description))
    }
    let partial = destination + ".partial"
    let cleanUp = { Self.removeFiles(of: partial) }
    do {
      cleanUp()
      try read { try ($0 as? SQLiteConnection)?.backup(to: partial) }
      try Self.withoutSecrets(partial)
      // The copy is checked as opening it would: intact (quick_check), every row readable;
      // then closed before it takes its name.
      let players = try Writer(SQLiteConnection(path: partial, create: false)).load().players.count
      guard rename(partial, destination) == 0 else {
        throw SQLiteError(
          code: SQLITE_CANTOPEN, message: String(cString: strerror(errno)), path: destination)
      }
      return players
    } catch let error as SQLiteError {
      cleanUp()
      throw .storage(error.storage)
    } catch let error as StorageError {
      cleanUp()
      throw .storage(error)
    } catch {
      cleanUp()
      throw .storage(StorageError(.other, "\(destination): \(error)"))
    }
  }

  /// Takes the secrets out of a copy, their bytes overwritten (`secure_delete`, then
  /// `VACUUM`): the Riot API key, the teams' Discord webhook addresses and the unused link
  /// codes. A backup never carries them; after a restore, they are given again.
  static func withoutSecrets(_ path: String) throws {
    let copy = try SQLiteConnection(path: path, create: false)
    try copy.execute(
      """
      PRAGMA secure_delete = ON;
      UPDATE riot_settings SET api_key = NULL, key_given = NULL;
      UPDATE discord_team SET webhook = NULL;
      UPDATE discord_post SET state = 'failed', reason = 'not delivered before the backup'
        WHERE state = 'pending';
      DELETE FROM discord_code;
      VACUUM;
      """)
  }

  /// Replaces the database at `path` with the backup at `source`, all or nothing. The backup
  /// is copied to a scratch file beside the database (the file given is never changed),
  /// checked there as opening it would (intact, every row readable, brought to this build's
  /// schema), then renamed over the database. The database's old `-wal` and `-shm` files go
  /// first: they belong to the file replaced.
  ///
  /// A server holding the database sees the file replaced and refuses writes until it is
  /// restarted; stop it first.
  /// - Returns: how many players the restored roster holds.
  /// - Throws: ``StoreOpenError`` for a backup that cannot be used; the database is then
  ///   unchanged.
  public static func restore(from source: String, to path: String) throws(StoreOpenError)
    -> Int
  {
    let scratch = path + ".restoring"
    let cleanUp = { Self.removeFiles(of: scratch) }
    cleanUp()
    defer { cleanUp() }
    do {
      try SQLiteConnection(path: source, create: false, readOnly: true).backup(to: scratch)
    } catch  where error.code & 0xFF == SQLITE_NOTADB {
      throw .notADatabase(path: source, detail: error.message)
    } catch  where error.path == source && error.code & 0xFF == SQLITE_CANTOPEN {
      throw .unreadable(error)
    } catch {
      throw .damaged(path: source, detail: error.message)
    }
    let players: Int
    do {
      players = try Writer(SQLiteConnection(path: scratch, create: false)).load().players.count
    } catch let error as StoreOpenError {
      throw error.naming(source, instead: scratch)
    } catch let error as SQLiteError {
      throw .damaged(path: source, detail: error.message)
    } catch {
      throw .damaged(path: source, detail: "\(error)")
    }
    for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
    guard rename(scratch, path) == 0 else {
      throw .notWritable(path: path, detail: String(cString: strerror(errno)))
    }
    return players
  }

  /// Removes a scratch database and the files SQLite keeps beside it.
  private static func removeFiles(of path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
  }

  /// The connection's settings that durability and integrity rest on.
  struct Pragmas {
    var journalMode: String
    var synchronous, foreignKeys, busyTimeout: Int64
  }

  func pragmas() throws -> Pragmas {
    try writer.withLock { writer in
      let db = writer.connection
      var mode = ""
      try db.prepare("PRAGMA journal_mode").forEachRow { mode = $0.text(0) }
      return Pragmas(
        journalMode: mode, synchronous: try db.scalar("PRAGMA synchronous"),
        foreignKeys: try db.scalar("PRAGMA foreign_keys"),
        busyTimeout: try db.scalar("PRAGMA busy_timeout"))
    }
  }
}

/// Moving a whole organisation to another database (a file to PostgreSQL, or back).
extension RosterStore {
  /// The tables copied, parents before children, with each column's kind: text, integer,
  /// real or bytes. Sessions come along (the staff stay signed in); failed sign-ins do not.
  static let copiedTables: [(table: String, columns: [(String, Character)], order: String)] =
    [
      ("organisation", [("id", "i"), ("name", "t")], "id"),
      (
        "team",
        [
          ("id", "t"), ("name", "t"), ("tag", "t"), ("league", "t"), ("sort_order", "i"),
          ("time_zone", "t"), ("color", "t"),
        ], "sort_order"
      ),
      (
        "player",
        [
          ("id", "t"), ("name", "t"), ("name_key", "t"), ("position", "t"), ("image", "t"),
          ("sort_order", "i"), ("lineup", "t"), ("removed_at", "d"), ("team_id", "t"),
          ("riot_id", "t"), ("riot_key", "t"), ("real_name", "t"), ("nationality", "t"),
          ("birth_date", "t"), ("joined", "t"), ("contract_end", "t"),
        ], "sort_order"
      ),
      (
        "favorite_champion", [("player_id", "t"), ("champion_id", "t"), ("sort_order", "i")],
        "player_id, sort_order"
      ),
      ("photo", [("player_id", "t"), ("hash", "t"), ("jpeg", "b")], "player_id"),
      (
        "account",
        [
          ("name", "t"), ("name_key", "t"), ("role", "t"), ("password", "t"), ("created_at", "d"),
          ("player_id", "t"),
        ],
        "name"
      ),
      (
        "session",
        [("token_hash", "t"), ("account", "t"), ("created_at", "d"), ("last_seen", "d")],
        "token_hash"
      ),
      (
        "api_token",
        [
          ("name", "t"), ("token_hash", "t"), ("role", "t"), ("created_at", "d"),
          ("last_used", "d"),
        ], "name"
      ),
      ("account_team", [("account", "t"), ("team_id", "t")], "account, team_id"),
      ("token_team", [("token", "t"), ("team_id", "t")], "token, team_id"),
      (
        "tenure",
        [
          ("player_id", "t"), ("team_id", "t"), ("team_name", "t"), ("team_tag", "t"),
          ("position", "t"), ("from_day", "t"), ("to_day", "t"),
        ], "rowid"
      ),
      (
        "history",
        [
          ("at", "d"), ("author", "t"), ("kind", "t"), ("player_id", "t"), ("player_name", "t"),
          ("before", "t"), ("after", "t"), ("from_team", "t"), ("to_team", "t"),
          ("other_player", "t"),
        ], "id"
      ),
      (
        "champion_art",
        [
          ("id", "t"), ("name", "t"), ("french_name", "t"), ("title", "t"), ("classes", "t"),
          ("version", "t"), ("hash", "t"), ("jpeg", "b"),
        ], "id"
      ),
      ("known_champion", [("id", "t"), ("name", "t")], "id"),
      (
        "availability_block",
        [("player_id", "t"), ("day", "i"), ("start_minute", "i"), ("end_minute", "i")],
        "player_id, day, start_minute"
      ),
      (
        "absence", [("player_id", "t"), ("first_day", "t"), ("last_day", "t")],
        "player_id, first_day"
      ),
      (
        "team_event",
        [
          ("id", "t"), ("team_id", "t"), ("kind", "t"), ("starts", "d"), ("ends", "d"),
          ("opponent", "t"), ("format", "t"), ("place", "t"), ("notes", "t"),
          ("sequence", "i"), ("updated", "d"), ("series_id", "t"), ("draft_rule", "t"),
          ("removed_at", "d"), ("turn_seconds", "i"),
        ], "id"
      ),
      (
        "event_invitation",
        [
          ("event_id", "t"), ("player_id", "t"), ("sort_order", "i"), ("answer", "t"),
          ("comment", "t"),
        ],
        "event_id, sort_order"
      ),
      (
        "event_game",
        [("event_id", "t"), ("number", "i"), ("result", "t"), ("side", "t"), ("vod", "t")],
        "event_id, number"
      ),
      (
        "game_pick",
        [
          ("event_id", "t"), ("number", "i"), ("position", "t"), ("player_id", "t"),
          ("champion", "t"), ("opponent", "i"), ("guessed", "i"),
        ], "event_id, number, opponent, position"
      ),
      ("draft_game", [("event_id", "t"), ("game", "i"), ("side", "t")], "event_id, game"),
      (
        "draft_link",
        [("secret", "t"), ("event_id", "t"), ("game", "i"), ("kind", "t"), ("created", "d")],
        "secret"
      ),
      (
        "draft_turn",
        [
          ("event_id", "t"), ("game", "i"), ("turn", "i"), ("champion", "t"), ("position", "t"),
          ("player_id", "t"),
        ], "event_id, game, turn"
      ),
      (
        "draft_proposal",
        [
          ("id", "t"), ("event_id", "t"), ("game", "i"), ("action", "t"), ("champion", "t"),
          ("player_id", "t"), ("author", "t"), ("note", "t"), ("created", "d"),
        ], "id"
      ),
      (
        "mock_draft",
        [
          ("id", "t"), ("team_id", "t"), ("name", "t"), ("draft", "t"), ("from_event", "t"),
          ("from_game", "i"), ("updated", "d"),
        ], "id"
      ),
      (
        "game_note",
        [
          ("id", "t"), ("event_id", "t"), ("sort_order", "i"), ("game", "i"), ("text", "t"),
          ("player_id", "t"), ("turn", "i"), ("author", "t"), ("written", "d"),
        ], "id"
      ),
      (
        "pool_entry",
        [
          ("player_id", "t"), ("sort_order", "i"), ("champion", "t"), ("comfort", "i"),
          ("priority", "i"),
        ], "player_id, sort_order"
      ),
      (
        "calendar_feed",
        [("secret", "t"), ("team_id", "t"), ("player_id", "t"), ("created", "d")],
        "secret"
      ),
      // The Riot figures come along; the settings and the key do not.
      (
        "riot_account",
        [
          ("player_id", "t"), ("riot_id", "t"), ("status", "t"), ("puuid", "t"),
          ("now_named", "t"), ("checked", "d"), ("refreshed", "d"),
        ], "player_id"
      ),
      (
        "riot_rank",
        [
          ("player_id", "t"), ("at", "d"), ("queue", "t"), ("tier", "t"), ("division", "t"),
          ("lp", "i"), ("wins", "i"), ("losses", "i"),
        ], "player_id, at, queue"
      ),
      (
        "riot_game",
        [
          ("player_id", "t"), ("match_id", "t"), ("at", "d"), ("champion", "t"),
          ("position", "t"), ("win", "i"), ("seconds", "i"),
        ], "player_id, match_id"
      ),
      // Discord comes along (to the organisation's own database): the application, the
      // teams' webhooks, the linked users and the outbox, its waiting posts included; the
      // one-time codes do not.
      (
        "discord_settings",
        [
          ("id", "i"), ("public_key", "t"), ("application_id", "t"), ("deliverer", "t"),
          ("deliverer_until", "d"), ("held_until", "d"),
        ], "id"
      ),
      (
        "discord_team",
        [
          ("team_id", "t"), ("webhook", "t"), ("kinds", "t"), ("language", "t"),
          ("off_reason", "t"), ("held_until", "d"),
        ], "team_id"
      ),
      (
        "discord_link",
        [
          ("user_id", "t"), ("user_name", "t"), ("player_id", "t"), ("account", "t"),
          ("linked", "d"),
        ], "user_id"
      ),
      (
        "discord_post",
        [
          ("team_id", "t"), ("kind", "t"), ("topic", "t"), ("content", "t"), ("title", "t"),
          ("description", "t"), ("link", "t"), ("created", "d"), ("due", "d"),
          ("attempts", "i"), ("state", "t"), ("reason", "t"), ("sent", "d"), ("revision", "i"),
        ], "id"
      ),
    ]

  /// Copies the whole organisation — teams, players (Recently removed included), photos,
  /// tenures, the history, accounts, sessions, tokens, the synced champion art and the
  /// week's hours, events and calendar feeds — into `destination`, a database
  /// nobody has changed yet, in one transaction there. This database is only read.
  /// - Returns: how many players (on the roster and removed) were copied.
  /// - Throws: ``RosterError/conflict(_:)`` when `destination` has a history of its own, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func copy(to destination: RosterStore) async throws(RosterError) -> Int {
    let (rows, parents) = try copiedRows()
    return try await destination.perform { writer, roster in
      writer.followersMayHaveChanged()
      writer.touched.all = true
      let db = writer.connection
      guard try db.scalar("SELECT count(*) FROM history") == 0 else {
        throw RosterError.conflict(
          ValidationError(
            .team,
            Message(
              "%@ already has a roster of its own: copy into a new, empty database.", db.name),
            isConflict: true))
      }
      for table in Self.copiedTables.reversed() {
        try db.execute("DELETE FROM \(table.table)")
      }
      for (table, rows) in zip(Self.copiedTables, rows) {
        let names = table.columns.map(\.0)
        let values = (1...names.count).map { "?\($0)" }.joined(separator: ", ")
        let insert = try db.prepare(
          "INSERT INTO \(table.table) (\(names.joined(separator: ", "))) VALUES (\(values))")
        for row in rows { try insert.bind(row).run() }
      }
      // Academies point at their main team once every team is there.
      for (team, parent) in parents {
        try db.prepare("UPDATE team SET parent_id = ?2 WHERE id = ?1")
          .bind(.text(team), .text(parent)).run()
      }
      let copied = rows[2].count
      try writer.record(
        .imported, before: nil, after: nil, author: Self.local, at: destination.now(),
        name: copied == 1 ? "1 player" : "\(copied) players")
      return (try writer.reloaded(roster.version + 1), copied)
    }
  }

  /// One state of this database: every copied table's rows, and which team each academy
  /// points at.
  private func copiedRows() throws(RosterError) -> (
    rows: [[[SQLValue]]], parents: [(String, String)]
  ) {
    try read { connection in
      try connection.readTransaction {
        let rows = try Self.copiedTables.map { table in
          var rows: [[SQLValue]] = []
          try connection.prepare(
            "SELECT \(table.columns.map(\.0).joined(separator: ", ")) FROM \(table.table) ORDER BY \(table.order)"
          ).forEachRow { row in
            rows.append(
              table.columns.enumerated().map { index, column in
                let index = Int32(index)
                if row.isNull(index) { return .null }
                switch column.1 {
                case "i": return .int(row.int(index))
                case "d": return .double(row.double(index))
                case "b": return .blob(row.blob(index))
                default: return .text(row.text(index))
                }
              })
          }
          return rows
        }
        enum Parent: Int32, SQLColumns { case id, parentID }
        var parents: [(String, String)] = []
        try connection.prepare(
          "SELECT \(Parent.list()) FROM team WHERE parent_id IS NOT NULL"
        ).forEachRow { parents.append(($0.text(Parent.id), $0.text(Parent.parentID))) }
        return (rows, parents)
      }
    }
  }
}

import CSQLite
import Foundation

/// The database's schema: one ordered list of versions, and the checks made before a database
/// is used.
///
/// SQLite files have gone through every version since the first. PostgreSQL came with
/// version 8: a new PostgreSQL database gets that version's schema at once
/// (`createSchema`), then the same later versions as SQLite (``later``).
enum Schema {
  /// The version a PostgreSQL database starts at.
  static let postgresBase = 8

  /// SQLite's ordered migrations; migration n takes `user_version` from n to n + 1. Each is
  /// written against the schema of its time, not through the store's queries.
  static let migrations: [@Sendable (SQLiteConnection) throws -> Void] =
    sqliteMigrations + later.map { step in { db in try db.execute(step.sqlite) } }

  /// Checks the database and brings its schema up to date.
  /// - Throws: ``StoreOpenError`` before writing anything when the database cannot be used.
  static func prepare(_ connection: any SQLConnection) throws {
    #if canImport(CPostgreSQL)
      if let server = connection as? PostgresConnection { return try prepare(server) }
    #endif
    guard let file = connection as? SQLiteConnection else { return }
    try prepare(file)
  }

  /// Checks the file, sets the pragmas and brings the schema up to date.
  /// - Throws: ``StoreOpenError`` before writing anything when the file is not a SQLite
  ///   database or its schema is newer than ``migrations``.
  private static func prepare(_ connection: SQLiteConnection) throws {
    // Wait for other processes' locks (a CLI opening the same new file) rather than fail.
    try connection.execute("PRAGMA busy_timeout = 5000")
    // Reading the header first: nothing is written to a file we cannot use.
    _ = try version(of: connection)
    try checkIntegrity(connection)
    // Two processes setting up the same new file can deadlock (one switching it to WAL while
    // the other migrates); SQLite then answers BUSY at once instead of waiting, and the
    // step is simply tried again.
    try retryingWhenBusy {
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
        let pending = Int(try version(of: connection))..<migrations.count
        guard !pending.isEmpty else { return }
        for index in pending {
          try migrations[index](connection)
          try connection.execute("PRAGMA user_version = \(index + 1)")
        }
        try refreshStaleNameKeys(connection)
        var broken = 0
        try connection.prepare("PRAGMA foreign_key_check").forEachRow { _ in broken += 1 }
        guard broken == 0 else {
          throw SQLiteError(
            code: SQLITE_CONSTRAINT,
            message: "\(broken) rows point at a row that does not exist (foreign_key_check)",
            path: connection.path)
        }
      }
      try connection.execute("PRAGMA foreign_keys = ON")
    }
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
  private static func checkIntegrity(_ connection: SQLiteConnection) throws {
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
  private static func version(of connection: SQLiteConnection) throws -> Int64 {
    let version: Int64
    do {
      version = try connection.scalar("PRAGMA user_version")
    } catch  where error.code & 0xFF == SQLITE_NOTADB {
      throw StoreOpenError.notADatabase(path: connection.path, detail: error.message)
    }
    guard version <= migrations.count else {
      throw StoreOpenError.newerSchema(
        path: connection.path, version: version, known: migrations.count)
    }
    return version
  }
}

#if canImport(CPostgreSQL)
  extension Schema {
    /// Brings a PostgreSQL database's schema up to date, under a lock: servers started at the
    /// same moment on a new database create it once.
    /// - Throws: ``StoreOpenError/newerSchema(path:version:known:)`` when a newer kcorp
    ///   wrote it (nothing is changed).
    fileprivate static func prepare(_ connection: PostgresConnection) throws {
      try connection.execute("BEGIN")
      do {
        try connection.execute(
          """
          SELECT pg_advisory_xact_lock(\(migrationLock));
          CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL);
          """)
        let version = Int(
          try connection.scalar("SELECT coalesce(max(version), 0) FROM schema_version"))
        let known = migrations.count
        guard version <= known else {
          throw StoreOpenError.newerSchema(
            path: connection.name, version: Int64(version), known: known)
        }
        if version < known {
          if version < postgresBase { try createSchema(connection) }
          for step in later[max(version, postgresBase) - postgresBase..<later.count] {
            try connection.execute(step.postgres)
          }
          try connection.execute("DELETE FROM schema_version")
          try connection.prepare("INSERT INTO schema_version (version) VALUES (?1)")
            .bind(.int(Int64(known))).run()
        }
        try connection.execute("COMMIT")
      } catch {
        if !connection.isBroken { try? connection.execute("ROLLBACK") }
        throw error
      }
    }

    /// The key of the advisory lock taken while migrating ("kcorp" in ASCII).
    private static let migrationLock: Int64 = 0x6B_636F_7270

    /// The schema of version ``postgresBase``, with the brief's default roster on the first
    /// team. `change_count` is counted up by every commit that changes the roster; its row is
    /// also the lock writers take (``PostgresConnection/transaction(_:)``).
    private static func createSchema(_ db: PostgresConnection) throws {
      try db.execute(postgresBaseSchema)
      try db.execute(
        """
        INSERT INTO team (id, name, tag, sort_order)
          VALUES ('\(firstTeam.id)', '\(firstTeam.name)', '\(firstTeam.tag)', 1);
        \(seedBriefPlayers(onFirstTeam: true))
        """)
    }
  }
#endif

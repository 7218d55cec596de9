import CSQLite
import Foundation
import TeamKit

/// The database's schema: one ordered list of versions, and the checks made before a database
/// is used.
///
/// SQLite files have gone through every version since the first. PostgreSQL came with
/// version 8: a new PostgreSQL database gets that version's schema at once
/// (`createSchema`), then the same later versions as SQLite (``later``).
enum Schema {
  /// The version a PostgreSQL database starts at.
  static let postgresBase = 8

  /// The versions after ``postgresBase``, each written for both databases.
  static let later: [(sqlite: String, postgres: String)] = [
    // 9: failed sign-ins, by account and by address, so that servers sharing a database slow
    // a guessed password as one.
    (
      sqlite: """
      CREATE TABLE sign_in_failure (key TEXT NOT NULL, at REAL NOT NULL) STRICT;
      CREATE INDEX sign_in_failure_by_key ON sign_in_failure (key, at);
      """,
      postgres: """
      CREATE TABLE sign_in_failure (key text NOT NULL, at double precision NOT NULL);
      CREATE INDEX sign_in_failure_by_key ON sign_in_failure (key, at);
      """
    ),
    // 10: a swap names the other player, who gave their place or took it.
    (
      sqlite: "ALTER TABLE history ADD COLUMN other_player TEXT",
      postgres: "ALTER TABLE history ADD COLUMN other_player text"
    ),
    // 11: the champion art synced from Data Dragon: each champion as it found it, and its
    // square icon re-encoded as a JPEG. Replaced whole by each sync.
    (
      sqlite: """
      CREATE TABLE champion_art (
        id TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        french_name TEXT NOT NULL,
        title TEXT NOT NULL,
        classes TEXT NOT NULL,
        version TEXT NOT NULL,
        hash TEXT NOT NULL,
        jpeg BLOB NOT NULL
      ) STRICT
      """,
      postgres: """
      CREATE TABLE champion_art (
        id text PRIMARY KEY,
        name text NOT NULL,
        french_name text NOT NULL,
        title text NOT NULL,
        classes text NOT NULL,
        version text NOT NULL,
        hash text NOT NULL,
        jpeg bytea NOT NULL
      )
      """
    ),
    // 12: the team's week: each team's time zone, players' weekly hours and days away,
    // events with their invitations and games, and the calendar feeds' secrets.
    (
      sqlite: """
      ALTER TABLE team ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Europe/Paris';
      CREATE TABLE availability_block (
        player_id TEXT NOT NULL, day INTEGER NOT NULL,
        start_minute INTEGER NOT NULL, end_minute INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX availability_block_by_player ON availability_block (player_id);
      CREATE TABLE absence (
        player_id TEXT NOT NULL, first_day TEXT NOT NULL, last_day TEXT NOT NULL
      ) STRICT;
      CREATE INDEX absence_by_player ON absence (player_id);
      CREATE TABLE team_event (
        id TEXT PRIMARY KEY NOT NULL, team_id TEXT NOT NULL, kind TEXT NOT NULL,
        starts REAL NOT NULL, ends REAL NOT NULL, opponent TEXT NOT NULL, format TEXT,
        place TEXT NOT NULL, notes TEXT NOT NULL, sequence INTEGER NOT NULL,
        updated REAL NOT NULL
      ) STRICT;
      CREATE TABLE event_invitation (
        event_id TEXT NOT NULL, player_id TEXT NOT NULL, sort_order INTEGER NOT NULL,
        answer TEXT, PRIMARY KEY (event_id, player_id)
      ) STRICT;
      CREATE TABLE event_game (
        event_id TEXT NOT NULL, number INTEGER NOT NULL, result TEXT NOT NULL, side TEXT,
        vod TEXT, PRIMARY KEY (event_id, number)
      ) STRICT;
      CREATE TABLE game_pick (
        event_id TEXT NOT NULL, number INTEGER NOT NULL, position TEXT NOT NULL,
        player_id TEXT, champion TEXT NOT NULL
      ) STRICT;
      CREATE INDEX game_pick_by_event ON game_pick (event_id);
      CREATE TABLE calendar_feed (
        secret TEXT PRIMARY KEY NOT NULL, team_id TEXT, player_id TEXT, created REAL NOT NULL
      ) STRICT;
      """,
      postgres: """
      ALTER TABLE team ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Paris';
      CREATE TABLE availability_block (
        player_id text NOT NULL, day integer NOT NULL,
        start_minute integer NOT NULL, end_minute integer NOT NULL
      );
      CREATE INDEX availability_block_by_player ON availability_block (player_id);
      CREATE TABLE absence (player_id text NOT NULL, first_day text NOT NULL, last_day text NOT NULL);
      CREATE INDEX absence_by_player ON absence (player_id);
      CREATE TABLE team_event (
        id text PRIMARY KEY, team_id text NOT NULL, kind text NOT NULL,
        starts double precision NOT NULL, ends double precision NOT NULL,
        opponent text NOT NULL, format text, place text NOT NULL, notes text NOT NULL,
        sequence bigint NOT NULL, updated double precision NOT NULL
      );
      CREATE TABLE event_invitation (
        event_id text NOT NULL, player_id text NOT NULL, sort_order bigint NOT NULL,
        answer text, PRIMARY KEY (event_id, player_id)
      );
      CREATE TABLE event_game (
        event_id text NOT NULL, number bigint NOT NULL, result text NOT NULL, side text,
        vod text, PRIMARY KEY (event_id, number)
      );
      CREATE TABLE game_pick (
        event_id text NOT NULL, number bigint NOT NULL, position text NOT NULL,
        player_id text, champion text NOT NULL
      );
      CREATE INDEX game_pick_by_event ON game_pick (event_id);
      CREATE TABLE calendar_feed (
        secret text PRIMARY KEY, team_id text, player_id text, created double precision NOT NULL
      );
      """
    ),
    // 13: the player role: a player's own account names the player it is. SQLite cannot
    // change a CHECK constraint, so the table is rebuilt (foreign keys are off while
    // migrating, and the sessions' reference to it is by name).
    (
      sqlite: """
      CREATE TABLE account_new (
        name TEXT PRIMARY KEY NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'player', 'viewer')),
        password TEXT NOT NULL,
        created_at REAL NOT NULL,
        player_id TEXT
      ) STRICT;
      INSERT INTO account_new (name, name_key, role, password, created_at)
        SELECT name, name_key, role, password, created_at FROM account;
      DROP TABLE account;
      ALTER TABLE account_new RENAME TO account;
      """,
      postgres: """
      ALTER TABLE account DROP CONSTRAINT account_role_check;
      ALTER TABLE account ADD CONSTRAINT account_role_check
        CHECK (role IN ('owner', 'editor', 'player', 'viewer'));
      ALTER TABLE account ADD COLUMN player_id text;
      """
    ),
    // 14: each import's players as they were and as it left them (and those it brought back
    // from Recently removed), for its Undo; the photos it replaced (null: none) and the hash
    // of each it set. Purged with Recently removed.
    (
      sqlite: """
      CREATE TABLE roster_import (
        id INTEGER PRIMARY KEY,
        team_id TEXT,
        at REAL NOT NULL,
        author TEXT NOT NULL,
        before TEXT NOT NULL,
        after TEXT NOT NULL,
        restored TEXT NOT NULL,
        week_replaced INTEGER NOT NULL,
        undone_at REAL
      ) STRICT;
      CREATE TABLE roster_import_photo (
        import_id INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        jpeg BLOB,
        set_hash TEXT NOT NULL,
        PRIMARY KEY (import_id, player_id)
      ) STRICT;
      """,
      postgres: """
      CREATE TABLE roster_import (
        id bigserial PRIMARY KEY,
        team_id text,
        at double precision NOT NULL,
        author text NOT NULL,
        before text NOT NULL,
        after text NOT NULL,
        restored text NOT NULL,
        week_replaced integer NOT NULL,
        undone_at double precision
      );
      CREATE TABLE roster_import_photo (
        import_id bigint NOT NULL,
        player_id text NOT NULL,
        jpeg bytea,
        set_hash text NOT NULL,
        PRIMARY KEY (import_id, player_id)
      );
      """
    ),
    // 15: a game names who played each role, and the other team's champions. The picks
    // logged before were credited to the role's starter: a guess, marked as one, except
    // where that starter answered no and one of the role answered yes (then theirs).
    (
      sqlite: """
      ALTER TABLE game_pick ADD COLUMN opponent INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE game_pick ADD COLUMN guessed INTEGER NOT NULL DEFAULT 0;
      \(creditGuesses)
      """,
      postgres: """
      ALTER TABLE game_pick ADD COLUMN opponent integer NOT NULL DEFAULT 0;
      ALTER TABLE game_pick ADD COLUMN guessed integer NOT NULL DEFAULT 0;
      \(creditGuesses)
      """
    ),
    // 16: a player may say a few words with their answer ("en retard, 20h30").
    (
      sqlite: "ALTER TABLE event_invitation ADD COLUMN comment TEXT",
      postgres: "ALTER TABLE event_invitation ADD COLUMN comment text"
    ),
  ]

  /// Migration 15's guesses, in SQL both dialects read alike.
  private static let creditGuesses = """
    UPDATE game_pick SET guessed = 1 WHERE player_id IS NOT NULL;
    UPDATE game_pick SET player_id = (
        SELECT i.player_id FROM event_invitation i JOIN player p ON p.id = i.player_id
        WHERE i.event_id = game_pick.event_id AND i.answer = 'yes'
          AND p.position = game_pick.position
        ORDER BY i.sort_order LIMIT 1)
      WHERE EXISTS (
          SELECT 1 FROM event_invitation n
          WHERE n.event_id = game_pick.event_id AND n.player_id = game_pick.player_id
            AND n.answer = 'no')
        AND EXISTS (
          SELECT 1 FROM event_invitation i JOIN player p ON p.id = i.player_id
          WHERE i.event_id = game_pick.event_id AND i.answer = 'yes'
            AND p.position = game_pick.position);
    """

  /// SQLite's ordered migrations; migration n takes `user_version` from n to n + 1. Each is
  /// written against the schema of its time, not through the store's queries.
  static let migrations: [@Sendable (SQLiteConnection) throws -> Void] =
    sqliteMigrations + later.map { step in { db in try db.execute(step.sqlite) } }

  private static let sqliteMigrations: [@Sendable (SQLiteConnection) throws -> Void] = [
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
    { db in try recomputeNameKeys(db) },
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
    // 7: the skeleton is taken before the compatibility forms are folded (U+03F9, the Greek
    // lunate sigma, is a C, not the Σ that NFKC makes of it): every stored key is computed
    // again, as in 5.
    { db in try recomputeNameKeys(db) },
    // 8: the organisation. Its teams (the roster so far becomes the first, with its order,
    // lineups, "Recently removed" and history), who each player is (Riot ID, real name,
    // nationality, birth date), their membership (status, joined, contract end) and past
    // tenures. Accounts and tokens may be limited to chosen teams: with no row in
    // `account_team` (`token_team`) their role holds on every team, as before. The player
    // table is rebuilt for the wider CHECK on statuses, as in 2; a player's joined date is
    // the day of their first history entry.
    { db in
      let first = Team.first
      try db.execute(
        """
        CREATE TABLE organisation (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          name TEXT NOT NULL
        ) STRICT;
        INSERT INTO organisation (id, name) VALUES (1, 'KCorp');
        CREATE TABLE team (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          tag TEXT NOT NULL UNIQUE,
          league TEXT,
          parent_id TEXT REFERENCES team (id),
          sort_order INTEGER NOT NULL
        ) STRICT;
        INSERT INTO team (id, name, tag, sort_order)
          VALUES ('\(first.id.uuidString)', '\(first.name)', '\(first.tag)', 1);
        CREATE TABLE player_v3 (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL,
          position TEXT NOT NULL CHECK (position IN ('Top', 'Jungle', 'Mid', 'ADC', 'Support')),
          image TEXT NOT NULL,
          sort_order INTEGER NOT NULL,
          lineup TEXT NOT NULL
            CHECK (lineup IN ('starter', 'substitute', 'trainee', 'stand-in', 'inactive')),
          removed_at REAL,
          team_id TEXT NOT NULL REFERENCES team (id),
          riot_id TEXT,
          riot_key TEXT,
          real_name TEXT,
          nationality TEXT,
          birth_date TEXT,
          joined TEXT,
          contract_end TEXT
        ) STRICT;
        INSERT INTO player_v3 (id, name, name_key, position, image, sort_order, lineup,
            removed_at, team_id, joined)
          SELECT id, name, name_key, position, image, sort_order, lineup, removed_at,
            '\(first.id.uuidString)',
            (SELECT date(min(at), 'unixepoch') FROM history WHERE player_id = player.id)
          FROM player;
        DROP TABLE player;
        ALTER TABLE player_v3 RENAME TO player;
        CREATE UNIQUE INDEX player_name_on_roster ON player (name_key) WHERE removed_at IS NULL;
        CREATE UNIQUE INDEX player_riot_id ON player (riot_key)
          WHERE removed_at IS NULL AND riot_key IS NOT NULL;
        CREATE INDEX player_by_order ON player (sort_order);
        CREATE TABLE tenure (
          player_id TEXT NOT NULL REFERENCES player (id) ON DELETE CASCADE,
          team_id TEXT NOT NULL,
          team_name TEXT NOT NULL,
          team_tag TEXT NOT NULL,
          position TEXT NOT NULL,
          from_day TEXT,
          to_day TEXT NOT NULL
        ) STRICT;
        CREATE INDEX tenure_by_player ON tenure (player_id);
        CREATE TABLE account_team (
          account TEXT NOT NULL REFERENCES account (name) ON DELETE CASCADE ON UPDATE CASCADE,
          team_id TEXT NOT NULL REFERENCES team (id) ON DELETE CASCADE,
          PRIMARY KEY (account, team_id)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE token_team (
          token TEXT NOT NULL REFERENCES api_token (name) ON DELETE CASCADE,
          team_id TEXT NOT NULL REFERENCES team (id) ON DELETE CASCADE,
          PRIMARY KEY (token, team_id)
        ) STRICT, WITHOUT ROWID;
        ALTER TABLE history ADD COLUMN from_team TEXT;
        ALTER TABLE history ADD COLUMN to_team TEXT;
        """)
    },
  ]

  /// Computes every stored pseudo key again with ``Player/nameKey(_:)``. Players on the
  /// roster whose pseudos now look alike all stay (a later one's key gets its id appended);
  /// only new lookalikes are refused.
  private static func recomputeNameKeys(_ db: SQLiteConnection) throws {
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
  }

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
      try db.execute(
        """
        CREATE TABLE organisation (
          id integer PRIMARY KEY CHECK (id = 1),
          name text NOT NULL
        );
        INSERT INTO organisation (id, name) VALUES (1, 'KCorp');
        CREATE TABLE change_count (
          id integer PRIMARY KEY CHECK (id = 1),
          count bigint NOT NULL
        );
        INSERT INTO change_count (id, count) VALUES (1, 0);
        CREATE TABLE team (
          id text PRIMARY KEY,
          name text NOT NULL,
          tag text NOT NULL UNIQUE,
          league text,
          parent_id text REFERENCES team (id),
          sort_order bigint NOT NULL
        );
        CREATE TABLE player (
          id text PRIMARY KEY,
          name text NOT NULL,
          name_key text NOT NULL,
          position text NOT NULL CHECK (position IN ('Top', 'Jungle', 'Mid', 'ADC', 'Support')),
          image text NOT NULL,
          sort_order bigint NOT NULL,
          lineup text NOT NULL
            CHECK (lineup IN ('starter', 'substitute', 'trainee', 'stand-in', 'inactive')),
          removed_at double precision,
          team_id text NOT NULL REFERENCES team (id),
          riot_id text,
          riot_key text,
          real_name text,
          nationality text,
          birth_date text,
          joined text,
          contract_end text
        );
        CREATE UNIQUE INDEX player_name_on_roster ON player (name_key) WHERE removed_at IS NULL;
        CREATE UNIQUE INDEX player_riot_id ON player (riot_key)
          WHERE removed_at IS NULL AND riot_key IS NOT NULL;
        CREATE INDEX player_by_order ON player (sort_order);
        CREATE TABLE favorite_champion (
          player_id text NOT NULL REFERENCES player (id) ON DELETE CASCADE,
          champion_id text NOT NULL,
          sort_order bigint NOT NULL,
          PRIMARY KEY (player_id, champion_id)
        );
        CREATE TABLE photo (
          player_id text PRIMARY KEY,
          hash text NOT NULL,
          jpeg bytea NOT NULL
        );
        CREATE INDEX photo_by_hash ON photo (hash);
        CREATE TABLE account (
          name text PRIMARY KEY,
          name_key text NOT NULL UNIQUE,
          role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
          password text NOT NULL,
          created_at double precision NOT NULL
        );
        CREATE TABLE session (
          token_hash text PRIMARY KEY,
          account text NOT NULL REFERENCES account (name) ON DELETE CASCADE ON UPDATE CASCADE,
          created_at double precision NOT NULL,
          last_seen double precision NOT NULL
        );
        CREATE TABLE api_token (
          name text PRIMARY KEY,
          token_hash text NOT NULL UNIQUE,
          role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
          created_at double precision NOT NULL,
          last_used double precision
        );
        CREATE TABLE history (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          at double precision NOT NULL,
          author text NOT NULL,
          kind text NOT NULL,
          player_id text,
          player_name text NOT NULL,
          before text,
          after text,
          from_team text,
          to_team text
        );
        CREATE INDEX history_by_player ON history (player_id, id);
        -- rowid: named as SQLite's own column, so that one query orders tenures on both.
        CREATE TABLE tenure (
          rowid bigint GENERATED ALWAYS AS IDENTITY,
          player_id text NOT NULL REFERENCES player (id) ON DELETE CASCADE,
          team_id text NOT NULL,
          team_name text NOT NULL,
          team_tag text NOT NULL,
          position text NOT NULL,
          from_day text,
          to_day text NOT NULL
        );
        CREATE INDEX tenure_by_player ON tenure (player_id);
        CREATE TABLE account_team (
          account text NOT NULL REFERENCES account (name) ON DELETE CASCADE ON UPDATE CASCADE,
          team_id text NOT NULL REFERENCES team (id) ON DELETE CASCADE,
          PRIMARY KEY (account, team_id)
        );
        CREATE TABLE token_team (
          token text NOT NULL REFERENCES api_token (name) ON DELETE CASCADE,
          team_id text NOT NULL REFERENCES team (id) ON DELETE CASCADE,
          PRIMARY KEY (token, team_id)
        );
        """)
      let first = Team.first
      try db.prepare("INSERT INTO team (id, name, tag, sort_order) VALUES (?1, ?2, ?3, 1)")
        .bind(.text(first.id.uuidString), .text(first.name), .text(first.tag)).run()
      for (order, player) in Player.defaultRoster.enumerated() {
        try db.prepare(
          """
          INSERT INTO player (id, name, name_key, position, image, sort_order, lineup, team_id)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
          """
        ).bind(
          .text(player.id.uuidString), .text(player.name), .text(Player.nameKey(player.name)),
          .text(player.position.rawValue), .text(player.image), .int(Int64(order + 1)),
          .text(Lineup.forNewPlayer(starters: order).rawValue), .text(first.id.uuidString)
        ).run()
        for (index, champion) in player.favoriteChampions.enumerated() {
          try db.prepare(
            "INSERT INTO favorite_champion (player_id, champion_id, sort_order) VALUES (?1, ?2, ?3)"
          ).bind(.text(player.id.uuidString), .text(champion.id), .int(Int64(index))).run()
        }
      }
    }
  }
#endif

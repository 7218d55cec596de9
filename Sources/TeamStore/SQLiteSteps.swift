import CSQLite
import Foundation

/// SQLite's versions before ``Schema/postgresBase``, each written against the schema of its
/// time.
extension Schema {
  static let sqliteMigrations: [@Sendable (SQLiteConnection) throws -> Void] = [
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
      try db.execute(seedBriefPlayers(onFirstTeam: false))
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
    // stored key is marked stale, to be computed again after migrating
    // (``refreshStaleNameKeys(_:)``).
    { db in try db.execute(markNameKeysStale) },
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
    { db in try db.execute(markNameKeysStale) },
    // 8: the organisation. Its teams (the roster so far becomes the first, with its order,
    // lineups, "Recently removed" and history), who each player is (Riot ID, real name,
    // nationality, birth date), their membership (status, joined, contract end) and past
    // tenures. Accounts and tokens may be limited to chosen teams: with no row in
    // `account_team` (`token_team`) their role holds on every team, as before. The player
    // table is rebuilt for the wider CHECK on statuses, as in 2; a player's joined date is
    // the day of their first history entry.
    { db in
      let first = firstTeam
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
          VALUES ('\(first.id)', '\(first.name)', '\(first.tag)', 1);
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
            '\(first.id)',
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

  /// Marks every stored pseudo key stale (unique, as each holds its player's id): the way
  /// keys are computed changed.
  static let markNameKeysStale = "UPDATE player SET name_key = 'stale:' || id"
}

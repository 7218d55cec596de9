import Foundation

extension Schema {
  /// The versions after ``postgresBase``, each written once in SQLite's words and rendered
  /// for PostgreSQL by ``Step/postgres``, or in each dialect where they differ beyond words.
  static let later: [Step] = [
    // 9: failed sign-ins, by account and by address, so that servers sharing a database slow
    // a guessed password as one.
    .both(
      """
      CREATE TABLE sign_in_failure (key TEXT NOT NULL, at REAL NOT NULL) STRICT;
      CREATE INDEX sign_in_failure_by_key ON sign_in_failure (key, at);
      """
    ),

    // 10: a swap names the other player, who gave their place or took it.
    .both(
      "ALTER TABLE history ADD COLUMN other_player TEXT"
    ),

    // 11: the champion art synced from Data Dragon: each champion as it found it, and its
    // square icon re-encoded as a JPEG. Replaced whole by each sync.
    .both(
      """
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
      """
    ),

    // 12: the team's week: each team's time zone, players' weekly hours and days away,
    // events with their invitations and games, and the calendar feeds' secrets.
    .both(
      """
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
      """
    ),

    // 13: the player role: a player's own account names the player it is. SQLite cannot
    // change a CHECK constraint, so the table is rebuilt (foreign keys are off while
    // migrating, and the sessions' reference to it is by name).
    .each(
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
    .both(
      """
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
      """
    ),

    // 15: a game names who played each role, and the other team's champions. The picks
    // logged before were credited to the role's starter: a guess, marked as one, except
    // where that starter answered no and one of the role answered yes (then theirs).
    .both(
      """
      ALTER TABLE game_pick ADD COLUMN opponent INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE game_pick ADD COLUMN guessed INTEGER NOT NULL DEFAULT 0;
      \(creditGuesses)
      """
    ),

    // 16: a player may say a few words with their answer ("en retard, 20h30").
    .both(
      "ALTER TABLE event_invitation ADD COLUMN comment TEXT"
    ),
    // The series an event was planned in.
    .both(
      "ALTER TABLE team_event ADD COLUMN series_id TEXT"
    ),
    // A team's colour (TeamColor).
    .both(
      "ALTER TABLE team ADD COLUMN color TEXT NOT NULL DEFAULT 'blue'"
    ),
    // A series' draft rule, and each game's draft: its side and its turns.
    .both(
      """
      ALTER TABLE team_event ADD COLUMN draft_rule TEXT NOT NULL DEFAULT 'standard';
      CREATE TABLE draft_game (
        event_id TEXT NOT NULL, game INTEGER NOT NULL, side TEXT NOT NULL,
        PRIMARY KEY (event_id, game)
      ) STRICT;
      CREATE TABLE draft_turn (
        event_id TEXT NOT NULL, game INTEGER NOT NULL, turn INTEGER NOT NULL,
        champion TEXT NOT NULL, position TEXT, player_id TEXT,
        PRIMARY KEY (event_id, game, turn)
      ) STRICT;
      """
    ),
    // Each player's champion pool, as the staff rate it.
    .both(
      """
      CREATE TABLE pool_entry (
        player_id TEXT NOT NULL, sort_order INTEGER NOT NULL, champion TEXT NOT NULL,
        comfort INTEGER NOT NULL, priority INTEGER NOT NULL,
        PRIMARY KEY (player_id, sort_order)
      ) STRICT;
      """
    ),
    // The bans and picks proposed for a series' games.
    .both(
      """
      CREATE TABLE draft_proposal (
        id TEXT PRIMARY KEY NOT NULL, event_id TEXT NOT NULL, game INTEGER NOT NULL,
        action TEXT NOT NULL, champion TEXT NOT NULL, player_id TEXT, author TEXT NOT NULL,
        note TEXT NOT NULL, created REAL NOT NULL
      ) STRICT;
      CREATE INDEX draft_proposal_event ON draft_proposal (event_id);
      """
    ),
    // The players' Riot accounts: the owner's settings (one row, its key never copied),
    // the limits Riot's headers state and the calls taken from them (shared by every
    // server), each player's account as checked, their ranks over time and ranked games.
    .both(
      """
      CREATE TABLE riot_settings (
        id INTEGER PRIMARY KEY NOT NULL, api_key TEXT, key_given REAL, platform TEXT NOT NULL,
        games INTEGER NOT NULL, held_until REAL NOT NULL, daily REAL NOT NULL
      ) STRICT;
      INSERT INTO riot_settings (id, platform, games, held_until, daily) VALUES (1, 'euw1', 20, 0, 0);
      CREATE TABLE riot_limit (scope TEXT PRIMARY KEY NOT NULL, limits TEXT NOT NULL) STRICT;
      CREATE TABLE riot_call (method TEXT NOT NULL, at REAL NOT NULL) STRICT;
      CREATE INDEX riot_call_at ON riot_call (at);
      CREATE TABLE riot_account (
        player_id TEXT PRIMARY KEY NOT NULL, riot_id TEXT NOT NULL, status TEXT NOT NULL,
        puuid TEXT, now_named TEXT, checked REAL NOT NULL, refreshed REAL
      ) STRICT;
      CREATE TABLE riot_rank (
        player_id TEXT NOT NULL, at REAL NOT NULL, queue TEXT NOT NULL, tier TEXT NOT NULL,
        division TEXT NOT NULL, lp INTEGER NOT NULL, wins INTEGER NOT NULL,
        losses INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX riot_rank_by_player ON riot_rank (player_id, at);
      CREATE TABLE riot_game (
        player_id TEXT NOT NULL, match_id TEXT NOT NULL, at REAL NOT NULL,
        champion TEXT NOT NULL, position TEXT, win INTEGER NOT NULL, seconds INTEGER NOT NULL,
        PRIMARY KEY (player_id, match_id)
      ) STRICT;
      """
    ),
    // Discord: the application's key and the deliverer's turn (one row), each team's
    // webhook and choices, the outbox (written in the change's own transaction), the users
    // linked to players or accounts and the one-time codes that link them.
    .both(
      """
      CREATE TABLE discord_settings (
        id INTEGER PRIMARY KEY NOT NULL, public_key TEXT, application_id TEXT, deliverer TEXT,
        deliverer_until REAL NOT NULL, held_until REAL NOT NULL
      ) STRICT;
      INSERT INTO discord_settings (id, deliverer_until, held_until) VALUES (1, 0, 0);
      CREATE TABLE discord_team (
        team_id TEXT PRIMARY KEY NOT NULL, webhook TEXT, kinds TEXT NOT NULL,
        language TEXT NOT NULL, off_reason TEXT, held_until REAL NOT NULL
      ) STRICT;
      CREATE TABLE discord_post (
        id INTEGER PRIMARY KEY, team_id TEXT NOT NULL, kind TEXT NOT NULL, topic TEXT,
        content TEXT NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL, link TEXT,
        created REAL NOT NULL, due REAL NOT NULL, attempts INTEGER NOT NULL,
        state TEXT NOT NULL, reason TEXT, sent REAL, revision INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX discord_post_state ON discord_post (state, id);
      CREATE TABLE discord_link (
        user_id TEXT PRIMARY KEY NOT NULL, user_name TEXT NOT NULL, player_id TEXT,
        account TEXT, linked REAL NOT NULL
      ) STRICT;
      CREATE TABLE discord_code (
        digest TEXT PRIMARY KEY NOT NULL, player_id TEXT, account TEXT, expires REAL NOT NULL
      ) STRICT;
      """
    ),
    // The Discord interactions answered in the last ten minutes, shared by the servers: a
    // signed request sent again is refused.
    .both(
      """
      CREATE TABLE discord_seen (id TEXT PRIMARY KEY NOT NULL, at REAL NOT NULL) STRICT;
      CREATE INDEX discord_seen_at ON discord_seen (at);
      """
    ),
    // Every champion the database knew beyond the build's, by catalogue id and name: a sync
    // adds to it and never takes one away (a player may still favour it), an import adds
    // those its file describes. Filled with what the last sync brought.
    .both(
      """
      CREATE TABLE known_champion (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL) STRICT;
      INSERT INTO known_champion (id, name)
        SELECT lower(id), min(name) FROM champion_art GROUP BY lower(id);
      """
    ),
    // An event cancelled goes to "Recently removed" with everything it held, restorable for
    // 30 days: when it was cancelled; NULL for the week's events.
    .both(
      """
      ALTER TABLE team_event ADD COLUMN removed_at REAL;
      CREATE INDEX team_event_removed_at ON team_event (removed_at);
      """
    ),
    // A draft board's turn timer: the seconds each turn is timed to; NULL for none.
    .both(
      "ALTER TABLE team_event ADD COLUMN turn_seconds INTEGER"
    ),
    // The secret addresses of draft boards given to the other team's captain or to
    // spectators, one game each.
    .both(
      """
      CREATE TABLE draft_link (
        secret TEXT PRIMARY KEY NOT NULL, event_id TEXT NOT NULL, game INTEGER NOT NULL,
        kind TEXT NOT NULL, created REAL NOT NULL
      ) STRICT;
      CREATE INDEX draft_link_by_event ON draft_link (event_id);
      """
    ),
    // What the staff noted on a series' games after them, about a player or a draft's turn.
    .both(
      """
      CREATE TABLE game_note (
        id TEXT PRIMARY KEY NOT NULL, event_id TEXT NOT NULL, sort_order INTEGER NOT NULL,
        game INTEGER NOT NULL, text TEXT NOT NULL, player_id TEXT, turn INTEGER,
        author TEXT NOT NULL, written REAL NOT NULL
      ) STRICT;
      CREATE INDEX game_note_event ON game_note (event_id);
      """
    ),
    // Drafts tried out away from any game: each one's turns as the draft's JSON.
    .both(
      """
      CREATE TABLE mock_draft (
        id TEXT PRIMARY KEY NOT NULL, team_id TEXT NOT NULL, name TEXT NOT NULL,
        draft TEXT NOT NULL, from_event TEXT, from_game INTEGER, updated REAL NOT NULL
      ) STRICT;
      """
    ),
  ]

  /// A version's SQL in each dialect.
  enum Step: Sendable {
    /// Written in SQLite's words; PostgreSQL's are derived (``Schema/postgres(_:)``).
    case both(String)
    /// Where the dialects differ beyond words (SQLite rebuilds a table to change a CHECK).
    case each(sqlite: String, postgres: String)

    var sqlite: String {
      switch self {
      case .both(let sql), .each(let sql, _): sql
      }
    }

    var postgres: String {
      switch self {
      case .both(let sql): Schema.postgres(sql)
      case .each(_, let sql): sql
      }
    }
  }

  /// SQLite's words in PostgreSQL's: the one place where the dialects' column types and
  /// table options differ. Every integer is a `bigint`, as SQLite's are 64-bit; a database
  /// migrated by an earlier build may hold `integer` for a few small numbers (a weekday, a
  /// minute, a flag), which read and write the same.
  static func postgres(_ sqlite: String) -> String {
    var sql = sqlite
    for (word, replacement) in [
      ("INTEGER PRIMARY KEY", "bigserial PRIMARY KEY"), ("PRIMARY KEY NOT NULL", "PRIMARY KEY"),
      (") STRICT", ")"), ("TEXT", "text"), ("INTEGER", "bigint"), ("REAL", "double precision"),
      ("BLOB", "bytea"),
    ] {
      sql = sql.replacingOccurrences(of: word, with: replacement)
    }
    return sql
  }

  /// Migration 15's guesses, in SQL both dialects read alike.
  static let creditGuesses = """
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
}

extension Schema {
  /// PostgreSQL's tables at version ``postgresBase``, as that version wrote them (the same
  /// tables as SQLite's first eight versions leave). `change_count` is counted up by every
  /// commit that changes the roster; its row is also the lock writers take.
  static let postgresBaseSchema = """
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
    """
}

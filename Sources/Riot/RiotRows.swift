import Foundation
import TeamKit
@_spi(Rows) import TeamStore

/// The owner's Riot settings. The key itself is read apart (``RosterStore/key()``), by
/// the server's calls only.
public struct RiotSettings: Hashable, Sendable {
  /// When the key was given; nil when none is set.
  public var keyGiven: Date?
  public var platform: RiotPlatform
  /// How many ranked games are kept a player.
  public var games: Int

  public init(keyGiven: Date?, platform: RiotPlatform, games: Int) {
    self.keyGiven = keyGiven
    self.platform = platform
    self.games = games
  }
}

/// Solo queue's rows: the players' Riot accounts, ranks and ranked games, the owner's
/// settings and the calls' shared budget (``RosterStore/riot``). The same SQL on SQLite and
/// PostgreSQL; every write goes through the store's committer, so servers sharing a
/// PostgreSQL database take their calls from one budget.
public struct RiotRows: Sendable {
  let store: RosterStore

  // MARK: - Settings

  public func settings() throws(RosterError) -> RiotSettings {
    try store.read { connection in
      var settings = RiotSettings(keyGiven: nil, platform: .euw1, games: RiotAPI.defaultGames)
      enum Column: Int32, SQLColumns { case keyGiven, platform, games }
      try connection.prepare("SELECT \(Column.list()) FROM riot_settings WHERE id = 1")
        .forEachRow { row in
          settings.keyGiven =
            row.isNull(Column.keyGiven) ? nil : Self.riotDate(row.double(Column.keyGiven))
          settings.platform = RiotPlatform(rawValue: row.text(Column.platform)) ?? .euw1
          settings.games = RiotBounds.clamped(Int(row.int(Column.games)), to: RiotAPI.gamesRange)
        }
      return settings
    }
  }

  /// The API key, for the calls to Riot only: never shown, logged or exported.
  public func key() throws(RosterError) -> String? {
    try store.read { connection in
      var key: String?
      try connection.prepare("SELECT api_key FROM riot_settings WHERE id = 1").forEachRow {
        key = $0.isNull(0) ? nil : $0.text(0)
      }
      return key
    }
  }

  /// Keeps `key` (nil forgets it).
  /// - Throws: ``RosterError/invalid(_:)`` for what is not a key.
  public func setKey(_ key: String?) async throws(RosterError) {
    try await apply(
      key.map { RiotSettingsInput(key: $0) } ?? RiotSettingsInput(forget: true))
  }

  static func isRiotKey(_ key: String) -> Bool {
    (8...128).contains(key.count)
      && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
  }

  /// Applies the owner's settings, all or nothing: a key (letters, digits and dashes, as
  /// Riot's portal shows it; none given keeps the one stored), the platform, how many
  /// games are kept a player.
  /// - Throws: ``RosterError/invalid(_:)`` naming each value to change; nothing is written.
  public func apply(_ input: RiotSettingsInput) async throws(RosterError) {
    let settings = try settings()
    var issues: [Message] = []
    let key = input.key?.trimmingCharacters(in: .whitespacesAndNewlines)
    if let key, !key.isEmpty, !Self.isRiotKey(key) {
      issues.append(
        Message(
          "Paste the key as Riot’s developer portal shows it (RGAPI- and letters, digits and dashes)."
        ))
    }
    let platform =
      input.platform.map { RiotPlatform(rawValue: $0.lowercased()) } ?? settings.platform
    if let text = input.platform, platform == nil {
      issues.append(
        Message(
          "‘%1$@’ is not a League of Legends platform; choose one of %2$@.", text,
          RiotPlatform.allCases.map(\.rawValue).joined(separator: ", ")))
    }
    let games = input.games ?? settings.games
    if !RiotAPI.gamesRange.contains(games) {
      issues.append(
        Message("Keep between 1 and 100 ranked games a player, not %@.", String(games)))
    }
    guard issues.isEmpty, let platform else {
      throw .invalid(
        ValidationError(issues: issues.map { .init(field: .riot, text: $0, isConflict: false) }))
    }
    try await store.record { [now = store.now] connection in
      try connection.prepare("UPDATE riot_settings SET platform = ?1, games = ?2 WHERE id = 1")
        .bind(.text(platform.rawValue), .int(Int64(games))).run()
      if input.forget == true {
        try connection.prepare("UPDATE riot_settings SET api_key = NULL, key_given = NULL")
          .run()
      } else if let key, !key.isEmpty {
        try connection.prepare("UPDATE riot_settings SET api_key = ?1, key_given = ?2")
          .bind(.text(key), .double(now().timeIntervalSince1970)).run()
      }
    }
  }

  /// Takes the day's refresh for this server when no server took it in the last
  /// `interval`: true once a day across every server on the database. The caller has a key
  /// (stored, or given to the server).
  public func claimDailyRefresh(every interval: TimeInterval = 86_400)
    async throws(RosterError) -> Bool
  {
    try await store.record { [now = store.now] connection in
      let at = now().timeIntervalSince1970
      try connection.prepare(
        "UPDATE riot_settings SET daily = ?1 WHERE id = 1 AND daily <= ?2"
      ).bind(.double(at), .double(at - interval)).run()
      return connection.changes > 0
    }
  }

  // MARK: - Accounts, ranks and games

  /// Every player's Riot account as last seen, by player: only for the Riot ID the player
  /// has now (another's figures, or a cleared ID's, are not theirs).
  public func standings() throws(RosterError) -> [UUID: RiotStanding] {
    let stored = try store.read { connection in
      try connection.readTransaction { try Self.standings(connection) }
    }
    let riotIDs = Dictionary(
      (store.roster.players + store.roster.removed.map(\.player)).compactMap { player in
        player.riotID.map { (player.id, $0.key) }
      }
    ) { first, _ in first }
    return stored.filter { riotIDs[$0.key] == $0.value.riotID.lowercased() }
  }

  /// A date as stored, brought within ``RiotBounds/dates``: what a row holds is not trusted
  /// more than Riot's answer it came from (the ranks, points and games bound their own).
  static func riotDate(_ seconds: Double) -> Date {
    RiotBounds.clamped(Date(timeIntervalSince1970: seconds))
  }

  private static func standings(_ connection: any SQLConnection) throws -> [UUID: RiotStanding] {
    var standings: [UUID: RiotStanding] = [:]
    enum Account: Int32, SQLColumns { case playerID, riotID, status, nowNamed, checked, refreshed }
    try connection.prepare("SELECT \(Account.list()) FROM riot_account").forEachRow { row in
      guard let id = UUID(text: row.text(Account.playerID)) else { return }
      var standing = RiotStanding(
        riotID: row.text(Account.riotID),
        status: RiotIDStatus(rawValue: row.text(Account.status)) ?? .unchecked,
        checked: riotDate(row.double(Account.checked)),
        refreshed: row.isNull(Account.refreshed) ? nil : riotDate(row.double(Account.refreshed)))
      standing.nowNamed = row.optional(Account.nowNamed)
      standings[id] = standing
    }
    enum Rank: Int32, SQLColumns { case playerID, at, queue, tier, division, lp, wins, losses }
    try connection.prepare("SELECT \(Rank.list()) FROM riot_rank ORDER BY player_id, at")
      .forEachRow { row in
        guard let id = UUID(text: row.text(Rank.playerID)), standings[id] != nil,
          let queue = RiotRank.Queue(rawValue: row.text(Rank.queue))
        else { return }
        let at = riotDate(row.double(Rank.at))
        let rank = RiotRank(
          queue: queue, tier: row.text(Rank.tier), division: row.text(Rank.division),
          lp: Int(row.int(Rank.lp)), wins: Int(row.int(Rank.wins)),
          losses: Int(row.int(Rank.losses)))
        // The ranks now are the last refresh's: a queue it did not name is no longer ranked.
        standings[id]?.ranks.removeAll { $0.queue == queue }
        if at == standings[id]?.refreshed { standings[id]?.ranks.append(rank) }
        if queue == .solo {
          standings[id]?.series.append(
            RankPoint(at: at, tier: rank.tier, division: rank.division, lp: rank.lp))
        }
      }
    enum Game: Int32, SQLColumns { case playerID, matchID, at, champion, position, win, seconds }
    try connection.prepare("SELECT \(Game.list()) FROM riot_game ORDER BY player_id, at DESC")
      .forEachRow { row in
        guard let id = UUID(text: row.text(Game.playerID)), standings[id] != nil else { return }
        standings[id]?.games.append(
          SoloGame(
            matchID: row.text(Game.matchID),
            at: riotDate(row.double(Game.at)),
            champion: row.text(Game.champion),
            position: row.optional(Game.position).flatMap(Position.init(rawValue:)),
            win: row.int(Game.win) != 0, seconds: Int(row.int(Game.seconds))))
      }
    return standings
  }

  /// Writes what a check or a refresh found for one player, all or nothing: the account,
  /// the ranks as a new point of the series, the new games, and only the `keep` newest
  /// games of those Riot lists as recent.
  public func save(_ update: RiotUpdate, keep: Int) async throws(RosterError) {
    try await store.record { connection in
      let player = SQLValue.text(update.player.text)
      let at = SQLValue.double(update.at.timeIntervalSince1970)
      var stored: (riotID: String, refreshed: SQLValue)?
      enum Column: Int32, SQLColumns { case riotID, refreshed }
      try connection.prepare("SELECT \(Column.list()) FROM riot_account WHERE player_id = ?1")
        .bind(player).forEachRow {
          stored = (
            $0.text(Column.riotID),
            $0.isNull(Column.refreshed) ? .null : .double($0.double(Column.refreshed))
          )
        }
      // Another Riot ID is another account: its figures are not this one's.
      if let stored, stored.riotID.lowercased() != update.riotID.lowercased() {
        for table in ["riot_rank", "riot_game"] {
          try connection.prepare("DELETE FROM \(table) WHERE player_id = ?1").bind(player).run()
        }
      }
      // A check alone keeps the last refresh's date; another account has none yet.
      var refreshed = SQLValue.null
      if update.ranks != nil {
        refreshed = at
      } else if let stored, stored.riotID.lowercased() == update.riotID.lowercased() {
        refreshed = stored.refreshed
      }
      try connection.prepare("DELETE FROM riot_account WHERE player_id = ?1").bind(player).run()
      try connection.prepare(
        """
        INSERT INTO riot_account (player_id, riot_id, status, puuid, now_named, checked, refreshed)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """
      ).bind(
        player, .text(update.riotID), .text(update.status.rawValue),
        update.puuid.map { .text($0) } ?? .null, update.nowNamed.map { .text($0) } ?? .null,
        at, refreshed
      ).run()
      guard let ranks = update.ranks else { return }
      try Self.saveRanksAndGames(update, ranks: ranks, keep: keep, player, at, connection)
    }
  }

  private static func saveRanksAndGames(
    _ update: RiotUpdate, ranks: [RiotRank], keep: Int, _ player: SQLValue, _ at: SQLValue,
    _ connection: any SQLConnection
  ) throws {
    let insertRank = try connection.prepare(
      """
      INSERT INTO riot_rank (player_id, at, queue, tier, division, lp, wins, losses)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
      """)
    for rank in ranks {
      try insertRank.bind(
        player, at, .text(rank.queue.rawValue), .text(rank.tier), .text(rank.division),
        .int(Int64(rank.lp)), .int(Int64(rank.wins)), .int(Int64(rank.losses))
      ).run()
    }
    // A year of points is plenty for a chart of weeks.
    try connection.prepare("DELETE FROM riot_rank WHERE player_id = ?1 AND at < ?2")
      .bind(player, .double(update.at.timeIntervalSince1970 - 366 * 86_400)).run()
    let insertGame = try connection.prepare(
      """
      INSERT INTO riot_game (player_id, match_id, at, champion, position, win, seconds)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
      """)
    for game in update.newGames {
      try connection.prepare("DELETE FROM riot_game WHERE player_id = ?1 AND match_id = ?2")
        .bind(player, .text(game.matchID)).run()
      try insertGame.bind(
        player, .text(game.matchID), .double(game.at.timeIntervalSince1970),
        .text(game.champion), game.position.map { .text($0.rawValue) } ?? .null,
        .int(game.win ? 1 : 0), .int(Int64(game.seconds))
      ).run()
    }
    // The newest `keep` games stay; older ones leave as new ones come.
    var kept: [String] = []
    try connection.prepare("SELECT match_id FROM riot_game WHERE player_id = ?1 ORDER BY at DESC")
      .bind(player).forEachRow { kept.append($0.text(0)) }
    let remove = try connection.prepare(
      "DELETE FROM riot_game WHERE player_id = ?1 AND match_id = ?2")
    for id in kept.dropFirst(keep) { try remove.bind(player, .text(id)).run() }
  }

  /// The players' targets for a refresh: their Riot ID, the PUUID last found and the games
  /// stored.
  public func targets(_ players: [Player]) throws(RosterError) -> [RiotTarget] {
    let standings = try standings()
    var puuids: [String: String] = [:]
    try store.read { connection in
      enum Column: Int32, SQLColumns { case playerID, puuid }
      try connection.prepare(
        "SELECT \(Column.list()) FROM riot_account WHERE puuid IS NOT NULL"
      ).forEachRow { puuids[$0.text(Column.playerID)] = $0.text(Column.puuid) }
    }
    return players.compactMap { player in
      guard let riotID = player.riotID else { return nil }
      let standing = standings[player.id]
      return RiotTarget(
        player: player.id, riotID: riotID,
        puuid: standing?.riotID.lowercased() == riotID.key ? puuids[player.id.text] : nil,
        storedGames: Set(standing?.games.map(\.matchID) ?? []))
    }
  }
}

// MARK: - The shared budget

extension RiotRows: RiotBudget {
  public func take(_ method: RiotAPI.Method, at now: Date) async throws -> TimeInterval? {
    try await store.record { connection in
      let at = now.timeIntervalSince1970
      var held = 0.0
      var limits: [String: [RiotAPI.Limit]] = ["app": RiotAPI.developmentLimits]
      try connection.prepare("SELECT held_until FROM riot_settings WHERE id = 1").forEachRow {
        held = $0.double(0)
      }
      if held > at { return held - at }
      enum Column: Int32, SQLColumns { case scope, limits }
      try connection.prepare("SELECT \(Column.list()) FROM riot_limit").forEachRow {
        limits[$0.text(Column.scope)] = RiotAPI.limits($0.text(Column.limits))
      }
      // A little wider than Riot's windows: a call is counted when it arrives, a little
      // after it was taken here.
      let margin = 0.05
      for (scope, windows) in [
        ("app", limits["app"] ?? []), (method.rawValue, limits[method.rawValue] ?? []),
      ] {
        for window in windows {
          var times: [Double] = []
          let since = SQLValue.double(at - Double(window.seconds) - margin)
          let query =
            scope == "app"
            ? try connection.prepare("SELECT at FROM riot_call WHERE at > ?1 ORDER BY at DESC")
              .bind(since)
            : try connection.prepare(
              "SELECT at FROM riot_call WHERE at > ?1 AND method = ?2 ORDER BY at DESC"
            ).bind(since, .text(method.rawValue))
          try query.forEachRow { times.append($0.double(0)) }
          if times.count >= window.count {
            // Free once the oldest call that fills the window leaves it.
            return times[window.count - 1] + Double(window.seconds) + margin - at
          }
        }
      }
      try connection.prepare("INSERT INTO riot_call (method, at) VALUES (?1, ?2)")
        .bind(.text(method.rawValue), .double(at)).run()
      try connection.prepare("DELETE FROM riot_call WHERE at < ?1").bind(.double(at - 86_400))
        .run()
      return nil
    }
  }

  public func learn(app: [RiotAPI.Limit], method: [RiotAPI.Limit]?, for name: RiotAPI.Method)
    async throws
  {
    let scopes = [("app", app)] + (method.map { [(name.rawValue, $0)] } ?? [])
    try await store.record { connection in
      for (scope, limits) in scopes {
        var stored: String?
        try connection.prepare("SELECT limits FROM riot_limit WHERE scope = ?1")
          .bind(.text(scope)).forEachRow { stored = $0.text(0) }
        guard stored != RiotAPI.text(limits) else { continue }
        try connection.prepare("DELETE FROM riot_limit WHERE scope = ?1").bind(.text(scope)).run()
        try connection.prepare("INSERT INTO riot_limit (scope, limits) VALUES (?1, ?2)")
          .bind(.text(scope), .text(RiotAPI.text(limits))).run()
      }
    }
  }

  public func settle(_ method: RiotAPI.Method, taken: Date, answered: Date) async throws {
    try await store.record { connection in
      try connection.prepare("UPDATE riot_call SET at = ?3 WHERE method = ?1 AND at = ?2")
        .bind(
          .text(method.rawValue), .double(taken.timeIntervalSince1970),
          .double(answered.timeIntervalSince1970)
        ).run()
    }
  }

  /// Ends a wait of the calls' budget stored beyond the longest one (``RetryDelay``): an
  /// earlier build could store `NaN` or ages, which would hold the calls for ever. A server
  /// calls this as it starts.
  public func endEndlessWait() async throws(RosterError) {
    try await store.record { [now = store.now] connection in
      let now = now().timeIntervalSince1970
      // `NOT (x <= limit)` also finds PostgreSQL's `NaN`, which is above every number.
      try connection.prepare(
        "UPDATE riot_settings SET held_until = ?1 WHERE NOT (held_until <= ?2)"
      ).bind(.double(now), .double(now + RetryDelay.range.upperBound)).run()
    }
  }

  public func hold(until date: Date) async throws {
    try await store.record { [now = store.now] connection in
      // An hour at most, and never a date that is no number (``RetryDelay``).
      let date = RetryDelay.until(date, from: now())
      try connection.prepare(
        "UPDATE riot_settings SET held_until = ?1 WHERE id = 1 AND held_until < ?1"
      ).bind(.double(date.timeIntervalSince1970)).run()
    }
  }
}

extension RosterStore {
  /// Solo queue's rows.
  public var riot: RiotRows { RiotRows(store: self) }
}

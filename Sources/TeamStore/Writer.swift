import Foundation
import TeamKit

/// The store's one writing connection: its statements, the pseudos on the roster, and what
/// it has seen of the file. It runs the committer's batches and reads what other processes
/// committed.
///
/// `@unchecked Sendable`: the only instance a store has lives inside the store's `Mutex`
/// and is used only within `withLock`, so no two threads ever touch it at once.
final class Writer: @unchecked Sendable {
  let connection: any SQLConnection
  /// The database's change marker as of our last commit (``SQLConnection/changeMarker()``):
  /// it changes when another connection commits a change to the roster.
  private var seenDataVersion: Int64 = 0
  /// The newest history entry this connection has seen committed.
  private var lastHistoryID: Int64 = 0
  /// The changes recorded in the transaction under way (published once it commits).
  private var recorded: [RosterChange] = []
  /// The stored pseudos by ``Player/nameKey(_:)``, so that uniqueness is checked in constant
  /// time (computing keys means Unicode normalization, too slow to redo for every player).
  private(set) var pseudos: [String: String] = [:]
  /// The stored Riot IDs by ``RiotID/key``, with their player's pseudo, for the same reason.
  private(set) var riotIDs: [String: String] = [:]
  /// Prepared statements, compiled on first use and kept for the connection's life.
  private var statements: [String: any SQLStatement] = [:]
  /// The features' work in each change's transaction (``ChangeFollower``).
  var followers: [any ChangeFollower] = []
  /// What each follower needs in every commit, by its place in ``followers``, kept while
  /// nothing can have changed it: emptied once something may have (a record, another
  /// connection's commit). Kept only where the change marker sees every commit
  /// (``SQLConnection/markerSeesEveryCommit``).
  var followerStates: [Int: (any Sendable)?] = [:]
  /// The rows the change under way wrote, marked by each statement that writes a player, their
  /// hours or an event: what follows from the change looks at those alone.
  var touched = Touched()

  /// Prepares the file (``Schema/prepare(_:)``) and reads where its history stands.
  /// - Throws: ``StoreOpenError`` before writing anything when the file cannot be used.
  init(_ connection: any SQLConnection) throws {
    self.connection = connection
    try Schema.prepare(connection)
    seenDataVersion = try dataVersion()
    lastHistoryID = try connection.newestHistoryID()
  }

  func statement(_ sql: String) throws -> any SQLStatement {
    if let statement = statements[sql] { return statement }
    let statement = try connection.prepare(sql)
    statements[sql] = statement
    return statement
  }

  private func dataVersion() throws -> Int64 { try connection.changeMarker() }

  // MARK: - Committing

  /// Runs `batch` onto `current` in one transaction, each job in its own savepoint, purging
  /// removals older than `cutoff`. Returns the roster to publish (nil when nothing changed)
  /// and the history entries committed, other processes' first. Sets every job's outcome:
  /// a job is a success only once the transaction is committed.
  func commit(_ batch: [PendingWrite], onto current: Roster, cutoff: Date, at now: Date) -> (
    roster: Roster, changes: [RosterChange]
  )? {
    do {
      let (roster, dataVersion): (Roster?, Int64) = try rollingBack {
        var current = current
        var changed = false
        let dataVersion = try self.dataVersion()
        recorded = []
        // Another process may have committed since our last look: then start from disk.
        if dataVersion != seenDataVersion {
          followerStates = [:]
          current = try reloaded(current.version)
          // What the other process did comes first in this update.
          recorded = try connection.history(after: lastHistoryID).reversed()
          changed = true
        }
        if let oldest = current.oldestRemoval, oldest < cutoff {
          try purge(removedBefore: cutoff)
          try purgeEvents(removedBefore: cutoff)
          current = current.with(removed: current.removed.filter { $0.removedAt >= cutoff })
            .with(schedule: try schedule())
          changed = true
        }
        var changes = 0  // the version counts every change, not every transaction
        for job in batch {
          if let next = try savepoint(job, current, at: now) {
            current = next
            changes += 1
          }
        }
        // Past the most kept, the oldest removals go (with any removed at the same instant).
        if current.removedCount > RemovedPlayer.keptAtMost {
          let newestGone = current.removed.map(\.removedAt).sorted(by: >)[RemovedPlayer.keptAtMost]
          let after = Date(timeIntervalSince1970: newestGone.timeIntervalSince1970.nextUp)
          try purge(removedBefore: after)
          current = current.with(removed: current.removed.filter { $0.removedAt >= after })
            .with(schedule: try schedule())
          changed = true
        }
        changed = changed || changes > 0
        guard changed else { return (nil, dataVersion) }
        return (
          current.with(version: current.version + max(changes, 1)),
          try connection.markRosterChanged()
        )
      }
      seenDataVersion = dataVersion
      lastHistoryID = max(lastHistoryID, recorded.last?.id ?? 0)
      return roster.map { ($0, recorded) }
    } catch {
      // The transaction did not commit: none of its changes was saved.
      for job in batch { job.outcome = .failure(error) }
      return nil
    }
  }

  /// What other processes committed since this connection last looked, as the roster after
  /// `current` and their history entries; nil when nothing changed. Cheap when nothing did:
  /// SQLite answers from the WAL index in shared memory.
  func changesElsewhere(after current: Roster) throws -> (
    roster: Roster, changes: [RosterChange]
  )? {
    let dataVersion = try self.dataVersion()
    guard dataVersion != seenDataVersion else { return nil }
    let (roster, changes) = try connection.readTransaction {
      (
        try reloaded(current.version + 1),
        Array(try connection.history(after: lastHistoryID).reversed())
      )
    }
    seenDataVersion = dataVersion
    lastHistoryID = changes.last?.id ?? lastHistoryID
    return (roster, changes)
  }

  /// The roster as the file holds it, with this version.
  func reloaded(_ version: Int) throws -> Roster {
    // The art first: the champions a sync found are known when favourites are read.
    let art = try championArt()
    let champions = ChampionCatalog.builtIn.learning(art).knowing(try knownChampions())
    let (players, removed) = try load(champions: champions)
    return Roster(
      version: version, players: players, removed: removed, photos: try photoHashes(),
      teams: try teams(), organisation: try organisationName()
    ).with(championArt: art, champions: champions).with(schedule: try schedule())
  }

  func organisationName() throws -> String {
    var name = "KCorp"
    try statement("SELECT name FROM organisation WHERE id = 1").forEachRow { name = $0.text(0) }
    return name
  }

  /// Runs `body` in one transaction; when it fails, the pseudo index is read back from the
  /// database, as the rollback left it. (Refused changes never get here: each is undone in
  /// its own savepoint.)
  private func rollingBack<T>(_ body: () throws -> T) throws -> T {
    do {
      return try connection.transaction(body)
    } catch {
      do { _ = try load() } catch let reload {
        // The indexes stay as before the transaction: a pseudo it freed may be refused as
        // taken until the next load; the database's unique indexes still hold either way.
        Log.error("the roster could not be read again after a rollback: \(reload)")
      }
      throw error
    }
  }

  /// Runs one queued change in its own savepoint of the transaction under way. When the
  /// change fails, only its writes are undone, its error becomes its outcome and nil is
  /// returned; the others in the transaction go on.
  private func savepoint(_ job: PendingWrite, _ roster: Roster, at now: Date) throws -> Roster? {
    let recordedBefore = recorded.count
    var overLimit = false
    touched = Touched()
    try connection.execute("SAVEPOINT write")
    do {
      let next = try job.run(self, roster)
      // The one check of the players' limits: every change of every face passes here.
      if let next,
        let refusal = PlayerLimits.refusal(
          before: roster.players, after: next.players, teams: next.teams)
      {
        overLimit = true
        throw RosterError.invalid(refusal)
      }
      // What follows from the change (its Discord posts), durable with it.
      if let next { try followChange(from: roster, to: next, at: now) }
      try connection.execute("RELEASE write")
      return next
    } catch {
      try connection.execute("ROLLBACK TO write")
      try connection.execute("RELEASE write")
      recorded.removeSubrange(recordedBefore...)
      // A refused change wrote nothing; after any other failure the pseudo index is read
      // back as the savepoint left it.
      // A change refused for the limits had written: its keys are read back too.
      if overLimit || !(error is ValidationError || error is RosterError) { _ = try load() }
      job.outcome = .failure(error)
      return nil
    }
  }

  // MARK: - History

  /// Records a change in the history, in the transaction under way.
  func record(
    _ kind: RosterChange.Kind, before: Player?, after: Player?, author: String, at date: Date,
    name: String? = nil, from: String? = nil, to: String? = nil, other: String? = nil
  ) throws {
    func json(_ player: Player?) -> SQLValue { player.map(SQLValue.json) ?? .null }
    let player = after ?? before
    let playerName = name ?? player?.name ?? ""
    var id: Int64 = 0
    try statement(
      """
      INSERT INTO history (at, author, kind, player_id, player_name, before, after, from_team,
        to_team, other_player)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
      RETURNING id
      """
    ).bind(
      .double(date.timeIntervalSince1970), .text(author), .text(kind.rawValue),
      player.map { .text($0.id.text) } ?? .null, .text(playerName), json(before),
      json(after), from.map { .text($0) } ?? .null, to.map { .text($0) } ?? .null,
      other.map { .text($0) } ?? .null
    ).forEachRow { id = $0.int(0) }
    recorded.append(
      RosterChange(
        id: id, at: date, author: author, kind: kind, playerID: player?.id,
        playerName: playerName, before: before, after: after, fromTeam: from, toTeam: to,
        otherPlayer: other))
  }

  /// The players on the roster, in order, and the removed ones, the latest first.
  /// - Throws: ``StoreOpenError/unreadableRow(path:table:id:reason:)`` for a row that is not
  ///   a player (never skipped: a roster missing a player must not look complete), or
  ///   ``SQLiteError``.
  /// - Parameter catalog: the champions favourites are read as (the roster's; a champion
  ///   it does not know keeps its id as its name).
  func load(champions catalog: ChampionCatalog = .builtIn) throws -> (
    players: [Player], removed: [RemovedPlayer]
  ) {
    let champions = try favouriteChampions(in: catalog)
    var players: [Player] = []
    var removed: [RemovedPlayer] = []
    // Built aside and kept only once every row has read: a load that fails half-way leaves
    // the indexes as they were, never partial.
    var pseudos: [String: String] = [:]
    var riotIDs: [String: String] = [:]
    try connection.prepare(
      """
      SELECT \(PlayerColumn.list()) FROM player
      ORDER BY removed_at IS NOT NULL, sort_order, removed_at DESC
      """
    ).forEachRow { row in
      let player = try self.player(row, champions: champions)
      if row.isNull(PlayerColumn.removedAt) {
        players.append(player)
        // The key as stored (``Player/nameKey(_:)`` when written): not computed again.
        pseudos[row.text(PlayerColumn.nameKey)] = player.name
        if let riotID = player.riotID { riotIDs[riotID.key] = player.name }
      } else {
        removed.append(
          RemovedPlayer(
            player: player,
            removedAt: Date(timeIntervalSince1970: row.double(PlayerColumn.removedAt))))
      }
    }
    removed.sort { $0.removedAt > $1.removedAt }
    (self.pseudos, self.riotIDs) = (pseudos, riotIDs)
    return (players, removed)
  }

  /// The player a row of ``PlayerColumn`` holds.
  /// - Throws: ``StoreOpenError/unreadableRow(path:table:id:reason:)`` for a value that does
  ///   not read: reported, never dropped (a Riot ID missing from the index would let
  ///   another player take it).
  private func player(_ row: any SQLRow, champions: [String: [Champion]]) throws -> Player {
    let id = row.text(PlayerColumn.id)
    func unreadable(_ reason: String) -> StoreOpenError {
      .unreadableRow(path: connection.name, table: "player", id: id, reason: reason)
    }
    guard let uuid = UUID(text: id) else { throw unreadable("the id is not a UUID") }
    guard let position = Position(rawValue: row.text(PlayerColumn.position)) else {
      throw unreadable("“\(row.text(PlayerColumn.position))” is not a position")
    }
    guard let lineup = Lineup(rawValue: row.text(PlayerColumn.lineup)) else {
      throw unreadable("“\(row.text(PlayerColumn.lineup))” is not a lineup")
    }
    guard let team = UUID(text: row.text(PlayerColumn.teamID)) else {
      throw unreadable("the team id is not a UUID")
    }
    func day(_ column: PlayerColumn) throws -> Day? {
      guard let text = row.optional(column) else { return nil }
      guard let day = Day(text) else { throw unreadable("“\(text)” is not a date") }
      return day
    }
    var riotID: RiotID?
    if let text = row.optional(PlayerColumn.riotID) {
      do { riotID = try RiotID(parsing: text) } catch {
        throw unreadable("“\(text)” is not a Riot ID")
      }
    }
    return Player(
      id: uuid, name: row.text(PlayerColumn.name), position: position,
      image: row.text(PlayerColumn.image), favoriteChampions: champions[id] ?? [],
      lineup: lineup, teamID: team, riotID: riotID,
      realName: row.optional(PlayerColumn.realName),
      nationality: row.optional(PlayerColumn.nationality), birthDate: try day(.birthDate),
      joined: try day(.joined), contractEnd: try day(.contractEnd))
  }

  /// Each player's favourite champions, in order, by player id.
  private func favouriteChampions(in catalog: ChampionCatalog) throws -> [String: [Champion]] {
    enum Column: Int32, SQLColumns { case playerID, championID }
    var champions: [String: [Champion]] = [:]
    try connection.prepare(
      "SELECT \(Column.list()) FROM favorite_champion ORDER BY player_id, sort_order"
    ).forEachRow { row in
      let id = row.text(Column.championID)
      let champion = catalog.find(id) ?? Champion(id: id, name: id, imageName: id)
      champions[row.text(Column.playerID), default: []].append(champion)
    }
    return champions
  }

  /// Inserts a player at the end of their team.
  func insert(_ player: Player) throws {
    let id = player.id.text
    let key = Player.nameKey(player.name)
    try statement(
      """
      INSERT INTO player (id, name, name_key, position, image, lineup, team_id, riot_id,
        riot_key, real_name, nationality, birth_date, joined, contract_end, sort_order)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,
        (SELECT coalesce(max(sort_order), 0) + 1 FROM player))
      """
    ).bind(
      [
        .text(id), .text(player.name), .text(key), .text(player.position.rawValue),
        .text(player.image), .text(player.lineup.rawValue),
      ] + Self.membership(player)
    ).run()
    try insertFavorites(of: player)
    touched.players.insert(player.id)
    pseudos[key] = player.name
    if let riotID = player.riotID { riotIDs[riotID.key] = player.name }
  }

  /// The values of the columns from `team_id` to `contract_end`.
  private static func membership(_ player: Player) -> [SQLValue] {
    func optional(_ text: String?) -> SQLValue { text.map { .text($0) } ?? .null }
    return [
      .text(player.teamID.text), optional(player.riotID?.description),
      optional(player.riotID?.key), optional(player.realName), optional(player.nationality),
      optional(player.birthDate?.description), optional(player.joined?.description),
      optional(player.contractEnd?.description),
    ]
  }

  private func insertFavorites(of player: Player) throws {
    for (order, champion) in player.favoriteChampions.enumerated() {
      try statement(
        "INSERT INTO favorite_champion (player_id, champion_id, sort_order) VALUES (?1, ?2, ?3)"
      ).bind(.text(player.id.text), .text(champion.id), .int(Int64(order))).run()
    }
  }

  /// Writes a player's fields over what `old` had.
  /// `indexing`: the pseudo and Riot ID indexes follow (not for a player in Recently
  /// removed, who holds neither).
  func update(_ player: Player, was old: Player, indexing: Bool = true) throws {
    let key = Player.nameKey(player.name)
    try statement(
      """
      UPDATE player SET name = ?2, name_key = ?3, position = ?4, image = ?5, lineup = ?6,
        team_id = ?7, riot_id = ?8, riot_key = ?9, real_name = ?10, nationality = ?11,
        birth_date = ?12, joined = ?13, contract_end = ?14
      WHERE id = ?1
      """
    ).bind(
      [
        .text(player.id.text), .text(player.name), .text(key),
        .text(player.position.rawValue), .text(player.image), .text(player.lineup.rawValue),
      ]
        + Self.membership(player)
    ).run()
    if player.favoriteChampions != old.favoriteChampions {
      try statement("DELETE FROM favorite_champion WHERE player_id = ?1")
        .bind(.text(player.id.text)).run()
      try insertFavorites(of: player)
    }
    touched.players.insert(player.id)
    guard indexing else { return }
    pseudos[Player.nameKey(old.name)] = nil
    pseudos[key] = player.name
    if let riotID = old.riotID { riotIDs[riotID.key] = nil }
    if let riotID = player.riotID { riotIDs[riotID.key] = player.name }
  }

  /// Moves a player to the end of another team, keeping a tenure of the one they leave.
  func transfer(_ player: Player, was old: Player, leaving team: Team, on day: Day) throws {
    try statement(
      """
      INSERT INTO tenure (player_id, team_id, team_name, team_tag, position, from_day, to_day)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
      """
    ).bind(
      .text(old.id.text), .text(team.id.text), .text(team.name), .text(team.tag),
      .text(old.position.rawValue), old.joined.map { .text($0.description) } ?? .null,
      .text(day.description)
    ).run()
    try update(player, was: old)
    try statement(
      "UPDATE player SET sort_order = (SELECT max(sort_order) + 1 FROM player) WHERE id = ?1"
    ).bind(.text(player.id.text)).run()
  }

  /// Marks a player removed; they keep their row, order and champions until purged.
  func remove(_ removal: RemovedPlayer) throws {
    try statement("UPDATE player SET removed_at = ?2 WHERE id = ?1")
      .bind(.text(removal.id.text), .double(removal.removedAt.timeIntervalSince1970)).run()
    touched.players.insert(removal.id)
    pseudos[Player.nameKey(removal.player.name)] = nil
    if let riotID = removal.player.riotID { riotIDs[riotID.key] = nil }
  }

  /// Puts a removed player back among those whose order number is below theirs, then
  /// numbers the roster again.
  func restore(_ player: Player) throws {
    try statement("UPDATE player SET removed_at = NULL WHERE id = ?1")
      .bind(.text(player.id.text)).run()
    // The restored player goes before anyone sharing their old number.
    var ids: [String] = []
    try statement(
      """
      SELECT id FROM player WHERE removed_at IS NULL
      ORDER BY sort_order, id <> ?1
      """
    ).bind(.text(player.id.text)).forEachRow { ids.append($0.text(0)) }
    try setOrder(ids)
    touched.players.insert(player.id)
    pseudos[Player.nameKey(player.name)] = player.name
    if let riotID = player.riotID { riotIDs[riotID.key] = player.name }
  }

  /// Numbers the roster's players 1, 2, 3… in this order. (A substitute a verdict names may
  /// follow the order: the players are written.)
  func setOrder(_ players: [Player]) throws {
    try setOrder(players.map(\.id.text))
    touched.players.formUnion(players.map(\.id))
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
    // An import's Undo keeps players as they were: it goes with them.
    try statement(
      "DELETE FROM roster_import_photo WHERE import_id IN (SELECT id FROM roster_import WHERE at < ?1)"
    ).bind(.double(date.timeIntervalSince1970)).run()
    try statement("DELETE FROM roster_import WHERE at < ?1")
      .bind(.double(date.timeIntervalSince1970)).run()
    for table in [
      "availability_block", "absence", "calendar_feed", "pool_entry", "riot_account", "riot_rank",
      "riot_game",
    ] {
      try statement(
        "DELETE FROM \(table) WHERE player_id IS NOT NULL AND player_id NOT IN (SELECT id FROM player)"
      ).run()
    }
  }

}

/// The columns a player is read from.
private enum PlayerColumn: Int32, SQLColumns {
  case id, name, position, image, lineup, removedAt, nameKey, teamID, riotID, realName,
    nationality, birthDate, joined, contractEnd
}

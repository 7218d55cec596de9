import CSQLite
import Foundation
import Synchronization
import TeamKit
import TeamPhoto

/// The team's roster in a SQLite file (or a PostgreSQL database): durable, and safe to use from many threads at once.
///
/// Reads of the roster return an in-memory snapshot and never touch the disk; reads of the
/// rest (history, photos, accounts) use connections of their own and never wait for a
/// commit. Every write is `async`: it goes to a single connection on one committer thread,
/// where those asked for at the same moment share a transaction (group commit), and returns
/// only once committed with `synchronous=FULL`, so a change that was acknowledged survives a
/// power loss.
public final class RosterStore: Sendable {
  /// The history's author of changes made at the machine (the CLI, loopback use).
  public static let local = "local"

  /// The file's path, `:memory:`, or a PostgreSQL server's host and database (never its
  /// password): for messages.
  public let path: String
  /// Where the roster lives.
  public let location: DatabaseLocation
  /// The time of removals, and of the purge of those older than 30 days.
  /// The store's clock: every date it records, and every request's instant.
  public let now: @Sendable () -> Date

  let writer: Mutex<Writer>
  let state: Mutex<State>
  /// Writes waiting for the next commit.
  let commits = CommitQueue()
  /// Counted up as each change of who may do what commits (``accessVersion``).
  let accessChanges = Atomic<Int>(0)
  /// Whether an import of the organisation is being planned or applied (``importTurn(_:)``).
  let importing = Mutex(false)
  /// Connections that read what is committed; nil in memory, where the writer's is the only
  /// one.
  private let readers: ReadPool?

  struct State {
    var roster: Roster
    var observers: [Int: @Sendable (RosterUpdate) -> Void] = [:]
    /// Told when another server changed who may do what (``onAccessChange(_:)``).
    var accessObservers: [Int: @Sendable () -> Void] = [:]
    var nextObserverID = 0
  }

  /// Opens the roster database at `path`, creating it (and its folders) when missing.
  /// A brand-new database starts with the brief's default roster.
  /// - Throws: ``StoreOpenError`` when the file is not a SQLite database, has a newer
  ///   schema than this build knows or a row that is not a player (the file is not
  ///   modified), or cannot be read.
  /// - Parameter now: the clock (tests give a fixed one).
  public convenience init(path: String, now: @escaping @Sendable () -> Date = SystemClock.now)
    throws(StoreOpenError)
  {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateFolder(path: path, folder: folder.path)
    }
    try self.init(path: path, create: true, now: now)
  }

  /// A throwaway roster in memory, seeded with the default roster.
  public static func inMemory() throws(StoreOpenError) -> RosterStore {
    try RosterStore(path: ":memory:", create: true, now: SystemClock.now)
  }

  private convenience init(path: String, create: Bool, now: @escaping @Sendable () -> Date)
    throws(StoreOpenError)
  {
    do {
      try self.init(
        name: path, location: path == ":memory:" ? .inMemory : .file(path),
        writer: SQLiteConnection(path: path, create: create),
        // Opened after the writer: the file exists now, and the readers know it by its inode.
        readers: { path == ":memory:" ? nil : ReadPool(sqlite: path) }, now: now)
    } catch let error as StoreOpenError {
      throw error
    } catch let error as SQLiteError {
      switch error.code & 0xFF {
      case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
        throw .notWritable(path: path, detail: error.message)
      case SQLITE_CORRUPT: throw .damaged(path: path, detail: error.message)
      default: throw .unreadable(error)
      }
    } catch {
      throw .unreadable(SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: path))
    }
  }

  #if canImport(CPostgreSQL)
    /// Opens the roster in the PostgreSQL database a `postgresql://` URL names, creating its
    /// schema (and the brief's default roster) on a new database. Several servers may use
    /// the same database at once: each sees the others' changes (``listenForChanges()``).
    /// The password comes from `PGPASSWORD` or `PGPASSFILE`, as libpq reads them.
    /// - Throws: ``StoreOpenError/server(database:detail:)`` when the server cannot be
    ///   reached or refuses, ``StoreOpenError/newerSchema(path:version:known:)``, or
    ///   ``StoreOpenError/unreadableRow(path:table:id:reason:)``.
    public convenience init(
      postgres url: String, now: @escaping @Sendable () -> Date = SystemClock.now
    )
      throws(StoreOpenError)
    {
      let name = PostgresConnection.displayName(url)
      do {
        try self.init(
          name: name, location: .postgres(url), writer: PostgresConnection(url: url),
          readers: {
            ReadPool(isUnreachable: { ($0 as? PostgresError)?.isUnavailable == true }) {
              try PostgresConnection(
                url: url, patience: PostgresConnection.readerPatience, deadline: $0)
            }
          }, now: now)
      } catch let error as StoreOpenError {
        throw error
      } catch let error as PostgresError {
        throw .server(database: name, detail: error.message)
      } catch {
        throw .server(database: name, detail: "\(error)")
      }
    }
  #endif

  private init(
    name: String, location: DatabaseLocation, writer connection: any SQLConnection,
    readers: () -> ReadPool?, now: @escaping @Sendable () -> Date
  ) throws {
    self.path = name
    self.location = location
    self.now = now
    let writer = try Writer(connection)
    try writer.connection.transaction { try writer.purge(removedBefore: Self.cutoff(now())) }
    state = Mutex(State(roster: try writer.reloaded(1)))
    self.writer = Mutex(writer)
    self.readers = readers()
  }

  // MARK: - Reads

  /// The current roster.
  public var roster: Roster { state.withLock { $0.roster } }

  /// The players, in roster order.
  public var players: [Player] { roster.players }

  /// "Recently removed", the latest removal first.
  public var removedPlayers: [RemovedPlayer] { roster.removed }

  /// The teams a player was on before their team now, the latest first.
  /// - Throws: ``RosterError/storage(_:)``.
  public func tenures(of player: UUID) throws(RosterError) -> [Tenure] {
    try read { try $0.tenures(of: player) }
  }

  /// The history, the newest first: entries after the id `after`, of one player when given,
  /// at most `limit`. (Read from the file: it includes other processes' changes.)
  /// - Throws: ``RosterError/storage(_:)``.
  public func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 200) throws(RosterError)
    -> [RosterChange]
  {
    try read { try $0.history(after: after, player: player, limit: limit) }
  }

  /// The stored photo with this hash (a JPEG), or nil.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photo(hash: String) throws(RosterError) -> Data? {
    try read { try $0.photo(hash: hash) }
  }

  /// Every stored photo of a player on the roster (JPEGs), by player: for an export.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photoFiles() throws(RosterError) -> [UUID: Data] {
    let hashes = roster.photos
    return try read { connection in
      var files: [UUID: Data] = [:]
      for (id, hash) in hashes { files[id] = try connection.photo(hash: hash) }
      return files
    }
  }

  /// Asks the database a question that needs it to answer (a server gone says so), waiting
  /// for a server no later than `deadline` (nil: as long as any read).
  /// - Throws: ``RosterError/storage(_:)``.
  public func checkDatabase(by deadline: ContinuousClock.Instant? = nil) throws(RosterError) {
    _ = try read(by: deadline) { try $0.scalar("SELECT 1") }
  }

  /// Runs `body` with a connection that reads what is committed without waiting for a
  /// commit under way (WAL lets readers and the writer go on together). In memory the
  /// writer's connection is the only one.
  func read<T>(by deadline: ContinuousClock.Instant? = nil, _ body: (any SQLConnection) throws -> T)
    throws(RosterError) -> T
  {
    do {
      guard let readers else { return try writer.withLock { try body($0.connection) } }
      return try readers.read(by: deadline, body)
    } catch {
      throw Self.rosterError(error, path: path)
    }
  }

  // MARK: - Writes

  /// Validates `input` against the roster, stores the new player at the end (with `photo`,
  /// in the same transaction) and returns them. A new player is a starter while the roster
  /// has fewer than five starters, unless the input says otherwise.
  /// - Parameter author: who the history records the change as.
  /// - Throws: ``RosterError/invalid(_:)`` or ``RosterError/conflict(_:)`` (nothing
  ///   stored), or ``RosterError/storage(_:)``.
  @discardableResult
  public func addPlayer(_ input: PlayerInput, photo: Photo? = nil, by author: String = local)
    async throws(RosterError) -> Player
  {
    try await change(by: author) { change, keys in
      let roster = change.roster
      let team = roster.team(input.team)?.id ?? roster.firstTeam.id
      var player = try input.validated(
        defaultLineup: Lineup.forNewPlayer(starters: roster.starterCount(in: team)),
        context: Self.context(roster, keys, change.at), takenPseudo: keys.pseudo)
      if player.joined == nil { player.joined = Day(change.at) }
      player.photo = photo?.hash
      change.add(player)
      if let photo { change.setPhoto(of: player.id, to: photo) }
      change.record(.added, after: player)
      return (true, player)
    }
  }

  /// Changes the fields `edit` gives of a player (and their photo, when given), checked as a
  /// new player is (the pseudo may stay theirs, in any case), and returns them as stored.
  /// - Parameters:
  ///   - expected: the player as the caller last saw them; when given and the player has
  ///     changed since, nothing is written.
  ///   - removingPhoto: takes their photo away when no other is given, in the same change.
  /// - Throws: ``RosterError/changed(_:)`` with the current player when `expected` is
  ///   outdated, ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)``,
  ///   ``RosterError/conflict(_:)`` or ``RosterError/storage(_:)``.
  @discardableResult
  public func updatePlayer(
    id: UUID, with edit: PlayerEdit, expected: Player? = nil, photo: Photo? = nil,
    removingPhoto: Bool = false, onTeam team: UUID? = nil, by author: String = local
  ) async throws(RosterError) -> Player {
    try await change(by: author) { change, keys in
      let roster = change.roster
      guard let index = roster.players.firstIndex(where: { $0.id == id }),
        Self.isOn(team, roster.players[index])
      else { throw RosterError.notFound(id) }
      let current = roster.players[index]
      if let expected, !expected.hasSameFields(as: current) { throw RosterError.changed(current) }
      var player = try edit.applied(
        to: current, context: Self.context(roster, keys, change.at), takenPseudo: keys.pseudo)
      if let photo, photo.hash != current.photo {
        change.setPhoto(of: id, to: photo)
        player.photo = photo.hash
      } else if photo == nil, removingPhoto, current.photo != nil {
        change.setPhoto(of: id, to: nil)
        player.photo = nil
      }
      guard player != current else { return (false, player) }
      var players = roster.players
      players[index] = player
      change.set(players: players, writing: [id])
      if !player.hasSameFields(as: current) {
        change.record(.edited, before: current, after: player)
      }
      return (true, player)
    }
  }

  /// Whether `player` is on `team`, as the transaction sees them (any team when nil): a
  /// change asked for one team's player never reaches a player moved away meanwhile.
  static func isOn(_ team: UUID?, _ player: Player) -> Bool {
    team.map { $0 == player.teamID } ?? true
  }

  /// What a player is checked against: the organisation's teams, Riot IDs and champions, and
  /// today.
  private static func context(_ roster: Roster, _ keys: TakenKeys, _ now: Date)
    -> PlayerInput.Context
  {
    PlayerInput.Context(
      teams: roster.teams, defaultTeam: roster.firstTeam.id,
      takenRiotID: keys.riotID, today: Day(now), champions: roster.champions)
  }

  /// Moves a player to another team (a promotion, a demotion, a loan back) in one change:
  /// the tenure on the team they leave is kept, they join the end of the new one today,
  /// with their pseudo, photo and champions. Returns them as stored.
  /// - Parameters:
  ///   - lineup: their status there; by default a starter when that team has fewer than
  ///     five, else a substitute.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/teamNotFound(_:)``, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func transferPlayer(
    id: UUID, to team: String, lineup: Lineup? = nil, from source: UUID? = nil,
    by author: String = local
  ) async throws(RosterError) -> Player {
    try await change(by: author) { change, _ in
      let roster = change.roster
      guard let index = roster.players.firstIndex(where: { $0.id == id }),
        Self.isOn(source, roster.players[index])
      else { throw RosterError.notFound(id) }
      guard let target = roster.team(team) else { throw RosterError.teamNotFound(team) }
      let current = roster.players[index]
      guard target.id != current.teamID else { return (false, current) }
      let leaving = roster.team(id: current.teamID) ?? roster.firstTeam
      var player = current
      player.teamID = target.id
      player.joined = Day(change.at)
      player.lineup = lineup ?? Lineup.forNewPlayer(starters: roster.starterCount(in: target.id))
      var players = roster.players
      players.remove(at: index)
      players.append(player)
      change.set(players: players, writing: [id])
      change.record(
        .transferred, before: current, after: player, from: leaving.name, to: target.name)
      // Their calendar addresses showed the team they leave: those end with the move.
      change.revokeFeeds { $0.playerID == id }
      return (true, player)
    }
  }

  /// Exchanges two players of one team — their statuses and their places in the team's
  /// order — in one change: a substitute coming into the starting five for a starter.
  /// Returns both as stored, the one named first first.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` when they are one
  ///   player, on two teams or of the same status, or ``RosterError/storage(_:)``.
  @discardableResult
  public func swapPlayers(
    _ id: UUID, with otherID: UUID, onTeam team: UUID? = nil, by author: String = local
  ) async throws(RosterError) -> (Player, Player) {
    try await change(by: author) { change, _ in
      let roster = change.roster
      guard let first = roster.players.firstIndex(where: { $0.id == id }),
        Self.isOn(team, roster.players[first])
      else { throw RosterError.notFound(id) }
      guard let second = roster.players.firstIndex(where: { $0.id == otherID }),
        Self.isOn(team, roster.players[second])
      else { throw RosterError.notFound(otherID) }
      let players: [Player]
      do throws(ValidationError) {
        players = try roster.players.swapping(first, with: second)
      } catch {
        throw RosterError.invalid(error)
      }
      let (player, other) = (roster.players[first], roster.players[second])
      let (swapped, otherSwapped) = (players[second], players[first])
      change.set(players: players, writing: [id, otherID], ordered: true)
      change.record(.swapped, before: player, after: swapped, other: other.name)
      return (true, (swapped, otherSwapped))
    }
  }

  /// Moves a player to "Recently removed", where they can be restored for 30 days, and
  /// returns them.
  /// - Throws: ``RosterError/notFound(_:)`` when no player on the roster has this id
  ///   (nothing changes), or ``RosterError/storage(_:)``.
  @discardableResult
  public func removePlayer(id: UUID, onTeam team: UUID? = nil, by author: String = local)
    async throws(RosterError) -> Player
  {
    try await change(by: author) { change, _ in
      guard let player = change.roster.player(id: id), Self.isOn(team, player) else {
        throw RosterError.notFound(id)
      }
      change.remove(RemovedPlayer(player: player, removedAt: change.at))
      change.record(.removed, before: player)
      // Their calendar addresses end with them (a restore does not bring them back).
      change.revokeFeeds { $0.playerID == id }
      return (true, player)
    }
  }

  /// Puts a player from "Recently removed" back at their place in the roster's order, with
  /// every field as it was, and returns them.
  /// - Throws: ``RosterError/notFound(_:)`` when no removed player has this id,
  ///   ``RosterError/conflict(_:)`` when their pseudo is now someone else's, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func restorePlayer(id: UUID, by author: String = local) async throws(RosterError)
    -> Player
  {
    try await change(by: author) { change, keys in
      guard let removal = change.roster.removal(id: id) else { throw RosterError.notFound(id) }
      var player = removal.player
      player.photo = change.roster.photos[id]
      if let other = keys.pseudo(Player.nameKey(player.name)) {
        throw RosterError.conflict(
          ValidationError(
            .name,
            Message(
              "“%1$@” is on the roster now; rename them before restoring %2$@.", other,
              player.name),
            isConflict: true))
      }
      change.restore(player)
      change.record(.restored, after: player)
      return (true, player)
    }
  }

  /// Moves a player to position `index` (from 0) of the roster's order.
  /// - Throws: ``RosterError/notFound(_:)`` or ``RosterError/storage(_:)``.
  public func movePlayer(id: UUID, to index: Int, by author: String = local)
    async throws(RosterError)
  {
    try await change(by: author) { change, _ in
      let roster = change.roster
      guard let player = roster.player(id: id) else { throw RosterError.notFound(id) }
      var team = roster.players(in: player.teamID)
      let from = team.firstIndex { $0.id == id } ?? 0
      team.remove(at: from)
      team.insert(player, at: min(max(index, 0), team.count))
      guard team != roster.players(in: player.teamID) else { return (false, ()) }
      let players = Self.ordering(roster.players, team: player.teamID, as: team)
      change.set(players: players, writing: [], ordered: true)
      change.record(.moved, before: player, after: player)
      return (true, ())
    }
  }

  /// Every player, the team's in `order` where theirs were, the others' as they are.
  private static func ordering(_ players: [Player], team: UUID, as order: [Player]) -> [Player] {
    var next = order.makeIterator()
    return players.map { $0.teamID == team ? next.next() ?? $0 : $0 }
  }

  /// Puts one team's players in the order of `ids`, which must name every player of the
  /// team once, and returns them in that order.
  /// - Parameter team: the team's tag or id; nil for the team of the players named (the
  ///   first team when there are none).
  /// - Parameter expected: the order the caller last saw; when given and the roster's order
  ///   or players have changed since, nothing is written.
  /// - Throws: ``RosterError/orderChanged`` when `expected` is outdated,
  ///   ``RosterError/rosterChanged`` when `ids` are not the roster's players, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func reorder(
    _ ids: [UUID], expected: [UUID]? = nil, team: String? = nil, by author: String = local
  ) async throws(RosterError) -> [Player] {
    try await change(by: author) { change, _ in
      let roster = change.roster
      let teamID: UUID
      if let team {
        guard let found = roster.team(team) else { throw RosterError.teamNotFound(team) }
        teamID = found.id
      } else {
        // The team of the players named.
        teamID = ids.first.flatMap { roster.player(id: $0)?.teamID } ?? roster.firstTeam.id
      }
      let members = roster.players(in: teamID)
      let current = members.map(\.id)
      if let expected, expected != current { throw RosterError.orderChanged }
      guard ids.count == current.count, Set(ids) == Set(current) else {
        throw RosterError.rosterChanged
      }
      guard ids != current else { return (false, roster.players) }
      let byID = Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0) })
      let order = ids.compactMap { byID[$0] }
      let players = Self.ordering(roster.players, team: teamID, as: order)
      change.set(players: players, writing: [], ordered: true)
      change.record(.moved, name: "the roster")
      return (true, order)
    }
  }

  /// Gives a player a photo (already re-encoded: TeamPhoto), or takes it away (nil): the
  /// picture goes back to the drawn one. Returns the player as stored.
  /// - Throws: ``RosterError/notFound(_:)`` when no player on the roster has this id, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func setPhoto(of id: UUID, to photo: Photo?, onTeam team: UUID? = nil)
    async throws(RosterError) -> Player
  {
    try await change(by: Self.local) { change, _ in
      guard var player = change.roster.player(id: id), Self.isOn(team, player) else {
        throw RosterError.notFound(id)
      }
      guard change.roster.photos[id] != photo?.hash else { return (false, player) }
      change.setPhoto(of: id, to: photo)
      player.photo = photo?.hash
      return (true, player)
    }
  }
}

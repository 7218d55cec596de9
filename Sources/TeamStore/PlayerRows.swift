import Foundation
import TeamKit
import TeamPhoto

/// The players: added, edited, moved between teams, swapped, ordered, removed and restored,
/// their photos, and the teams they were on (``RosterStore/playerRows``).
public struct PlayerRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// The players' writes, photos and past teams.
  public var playerRows: PlayerRows { PlayerRows(store: self) }

  /// Whether `player` is on `team`, as the transaction sees them (any team when nil): a
  /// change asked for one team's player never reaches a player moved away meanwhile.
  static func isOn(_ team: UUID?, _ player: Player) -> Bool {
    team.map { $0 == player.teamID } ?? true
  }
}

extension PlayerRows {
  /// The teams a player was on before their team now, the latest first.
  /// - Throws: ``RosterError/storage(_:)``.
  public func tenures(of player: UUID) throws(RosterError) -> [Tenure] {
    try store.read { try $0.tenures(of: player) }
  }

  /// The stored photo with this hash (a JPEG), or nil.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photo(hash: String) throws(RosterError) -> Data? {
    try store.read { try $0.photo(hash: hash) }
  }

  /// Every stored photo of a player on the roster (JPEGs), by player: for an export.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photoFiles() throws(RosterError) -> [UUID: Data] {
    let hashes = store.roster.photos
    return try store.read { connection in
      var files: [UUID: Data] = [:]
      for (id, hash) in hashes { files[id] = try connection.photo(hash: hash) }
      return files
    }
  }

  /// Validates `input` against the roster, stores the new player at the end (with `photo`,
  /// in the same transaction) and returns them. A new player is a starter while the roster
  /// has fewer than five starters, unless the input says otherwise.
  /// - Parameter author: who the history records the change as.
  /// - Throws: ``RosterError/invalid(_:)`` or ``RosterError/conflict(_:)`` (nothing
  ///   stored), or ``RosterError/storage(_:)``.
  @discardableResult
  public func addPlayer(
    _ input: PlayerInput, photo: Photo? = nil, by author: String = RosterStore.local
  )
    async throws(RosterError) -> Player
  {
    try await store.change(by: author) { change, keys in
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
    removingPhoto: Bool = false, onTeam team: UUID? = nil, by author: String = RosterStore.local
  ) async throws(RosterError) -> Player {
    try await store.change(by: author) { change, keys in
      let roster = change.roster
      guard let index = roster.players.firstIndex(where: { $0.id == id }),
        RosterStore.isOn(team, roster.players[index])
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
    by author: String = RosterStore.local
  ) async throws(RosterError) -> Player {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard let index = roster.players.firstIndex(where: { $0.id == id }),
        RosterStore.isOn(source, roster.players[index])
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
    _ id: UUID, with otherID: UUID, onTeam team: UUID? = nil, by author: String = RosterStore.local
  ) async throws(RosterError) -> (Player, Player) {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard let first = roster.players.firstIndex(where: { $0.id == id }),
        RosterStore.isOn(team, roster.players[first])
      else { throw RosterError.notFound(id) }
      guard let second = roster.players.firstIndex(where: { $0.id == otherID }),
        RosterStore.isOn(team, roster.players[second])
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
  public func removePlayer(
    id: UUID, onTeam team: UUID? = nil, by author: String = RosterStore.local
  )
    async throws(RosterError) -> Player
  {
    try await store.change(by: author) { change, _ in
      guard let player = change.roster.player(id: id), RosterStore.isOn(team, player) else {
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
  public func restorePlayer(id: UUID, by author: String = RosterStore.local)
    async throws(RosterError)
    -> Player
  {
    try await store.change(by: author) { change, keys in
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
  public func movePlayer(id: UUID, to index: Int, by author: String = RosterStore.local)
    async throws(RosterError)
  {
    try await store.change(by: author) { change, _ in
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
    _ ids: [UUID], expected: [UUID]? = nil, team: String? = nil,
    by author: String = RosterStore.local
  ) async throws(RosterError) -> [Player] {
    try await store.change(by: author) { change, _ in
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
    try await store.change(by: RosterStore.local) { change, _ in
      guard var player = change.roster.player(id: id), RosterStore.isOn(team, player) else {
        throw RosterError.notFound(id)
      }
      guard change.roster.photos[id] != photo?.hash else { return (false, player) }
      change.setPhoto(of: id, to: photo)
      player.photo = photo?.hash
      return (true, player)
    }
  }
}

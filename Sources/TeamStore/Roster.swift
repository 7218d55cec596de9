import Foundation
import TeamKit

/// The organisation at one moment, with a version that increases on every committed change:
/// its teams and every player, each on their team.
public struct Roster: Hashable, Sendable {
  public private(set) var version: Int
  /// The organisation's name ("KCorp" on a new database).
  public private(set) var organisation: String
  /// The teams, the first first: scripts that name no team mean it.
  public private(set) var teams: [Team]
  /// The players of every team, each team's in its order.
  public private(set) var players: [Player]
  /// The hashes of the players' photos, by player (``RosterStore/setPhoto(of:to:)``).
  public private(set) var photos: [UUID: String]
  /// The game's champion art, once someone synced it from Data Dragon.
  public private(set) var championArt: ChampionArt = .none
  /// The teams' weeks: events, availability, calendar feeds.
  public private(set) var schedule = Schedule()
  /// "Recently removed" in parts, the latest removals first, then the earlier ones in chunks,
  /// newest first: a removal copies the few latest, and a full ``latest`` becomes one more
  /// chunk, not a copy of the whole list, which holds every removal of the last 30 days
  /// (thousands on a busy server) and is shared with the snapshot before.
  private var latest: [RemovedPlayer]
  private var earlier: [[RemovedPlayer]]
  /// The most removals ``latest`` holds before they join ``earlier``.
  private static let latestCapacity = 16

  public init(
    version: Int, players: [Player], removed: [RemovedPlayer], photos: [UUID: String] = [:],
    teams: [Team] = [.first], organisation: String = "KCorp"
  ) {
    self.version = version
    self.organisation = organisation
    self.teams = teams
    self.players = Self.photographed(players, photos)
    // Removed players keep their photo (until purged), as the players do.
    self.latest = []
    self.earlier =
      removed.isEmpty
      ? []
      : [
        photos.isEmpty
          ? removed
          : removed.map {
            RemovedPlayer(player: Self.photographed($0.player, photos), removedAt: $0.removedAt)
          }
      ]
    self.photos = photos
  }

  /// The player with their photo's hash from `photos`, the one map the store keeps.
  private static func photographed(_ player: Player, _ photos: [UUID: String]) -> Player {
    let photo = photos[player.id]
    guard photo != player.photo else { return player }  // a change makes a new box
    var player = player
    player.photo = photo
    return player
  }

  /// The players with their photos' hashes; as they are when there is no photo at all.
  private static func photographed(_ players: [Player], _ photos: [UUID: String]) -> [Player] {
    photos.isEmpty && !players.contains { $0.photo != nil }
      ? players : players.map { photographed($0, photos) }
  }

  /// The organisation's first team.
  public var firstTeam: Team { teams.first ?? .first }

  /// The team with this id, if any.
  public func team(id: UUID) -> Team? { teams.first { $0.id == id } }

  /// The team with this tag (any case) or id, if any.
  public func team(_ tagOrID: String) -> Team? { Team.find(tagOrID, in: teams) }

  /// The players of one team, in its order.
  public func players(in team: UUID) -> [Player] {
    teams.count == 1 && teams[0].id == team ? players : players.filter { $0.teamID == team }
  }

  // The look-ups below go by index: `first(where:)` and `count(where:)` copy every player
  // they pass (a retain and a release each), and a write asks several times.

  /// How many starters a team has, without copying its players (a write asks on every add).
  public func starterCount(in team: UUID) -> Int {
    players.indices.count { players[$0].teamID == team && players[$0].lineup == .starter }
  }

  /// "Recently removed", the latest removal first.
  public var removed: [RemovedPlayer] { latest + earlier.joined() }

  /// How many players are in "Recently removed".
  public var removedCount: Int { earlier.reduce(latest.count) { $0 + $1.count } }

  /// The player with this id, if any.
  public func player(id: UUID) -> Player? {
    players.firstIndex { $0.id == id }.map { players[$0] }
  }

  /// The removal of the player with this id, if they are in "Recently removed".
  public func removal(id: UUID) -> RemovedPlayer? {
    if let index = latest.firstIndex(where: { $0.id == id }) { return latest[index] }
    for part in earlier {
      if let index = part.firstIndex(where: { $0.id == id }) { return part[index] }
    }
    return nil
  }

  /// When the longest-kept removal was made (the last of the list), nil when there is none.
  var oldestRemoval: Date? { (earlier.last?.last ?? latest.last)?.removedAt }

  /// The roster with `players`, given their photos (players read back from the database
  /// come without them).
  func with(players: [Player]) -> Roster {
    var copy = self
    copy.players = Self.photographed(players, photos)
    return copy
  }

  func with(removed: [RemovedPlayer]) -> Roster {
    var copy = self
    copy.latest = []
    copy.earlier = removed.isEmpty ? [] : [removed]  // no part is ever empty
    return copy
  }

  func with(version: Int) -> Roster {
    var copy = self
    copy.version = version
    return copy
  }

  func with(photos: [UUID: String]) -> Roster {
    var copy = self
    copy.photos = photos
    copy.players = Self.photographed(players, photos)
    return copy
  }

  func with(championArt: ChampionArt) -> Roster {
    var copy = self
    copy.championArt = championArt
    return copy
  }

  func with(schedule: Schedule) -> Roster {
    var copy = self
    copy.schedule = schedule
    return copy
  }

  func with(teams: [Team]) -> Roster {
    var copy = self
    copy.teams = teams
    return copy
  }

  func with(organisation: String) -> Roster {
    var copy = self
    copy.organisation = organisation
    return copy
  }

  /// The roster without the player `removal` names, who goes first in "Recently removed".
  func removing(_ removal: RemovedPlayer) -> Roster {
    var copy = self
    copy.players = players.filter { $0.id != removal.id }
    if latest.count < Self.latestCapacity {
      copy.latest = [removal] + latest
    } else {
      copy.latest = [removal]
      copy.earlier = [latest] + earlier
    }
    return copy
  }

  public static func == (lhs: Roster, rhs: Roster) -> Bool {
    lhs.version == rhs.version && lhs.players == rhs.players && lhs.photos == rhs.photos
      && lhs.teams == rhs.teams && lhs.organisation == rhs.organisation
      && lhs.removed == rhs.removed && lhs.championArt == rhs.championArt
      && lhs.schedule == rhs.schedule
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(version)
    hasher.combine(players)
    hasher.combine(removed)
    hasher.combine(photos)
    hasher.combine(teams)
    hasher.combine(organisation)
    hasher.combine(championArt)
    hasher.combine(schedule)
  }
}

/// A committed change of the roster: the new snapshot and what changed (oldest first).
public struct RosterUpdate: Sendable {
  public let roster: Roster
  public let changes: [RosterChange]
}

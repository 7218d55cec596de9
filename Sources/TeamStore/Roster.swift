import Foundation
import TeamKit

/// The organisation at one moment, with a version that increases on every committed change:
/// its teams and every player, each on their team.
///
/// Its fields sit behind one immutable reference, as ``Player``'s do: every read of the
/// store's snapshot copies it (several times a request), and a copy is then one retain
/// instead of a dozen. A change makes a new box.
public struct Roster: Hashable, Sendable {
  public var version: Int { box.fields.version }
  /// The organisation's name ("KCorp" on a new database).
  public var organisation: String { box.fields.organisation }
  /// The teams, the first first: scripts that name no team mean it.
  public var teams: [Team] { box.fields.teams }
  /// The players of every team, each team's in its order.
  public var players: [Player] { box.fields.players }
  /// The hashes of the players' photos, by player (``RosterStore/setPhoto(of:to:)``).
  public var photos: [UUID: String] { box.fields.photos }
  /// The game's champion art, once someone synced it from Data Dragon.
  public var championArt: ChampionArt { box.fields.championArt }
  /// The champions this database knows: this build's and those its last sync brought.
  public var champions: ChampionCatalog { box.fields.champions }
  /// The teams' weeks: events, availability, calendar feeds.
  public var schedule: Schedule { box.fields.schedule }
  /// The most removals the latest part of "Recently removed" holds before it joins the others.
  private static let latestCapacity = 16

  private var box: Box

  private struct Fields: Sendable {
    var version: Int
    var organisation: String
    var teams: [Team]
    var players: [Player]
    var photos: [UUID: String]
    var championArt: ChampionArt = .none
    var champions: ChampionCatalog = .builtIn
    var schedule = Schedule()
    /// "Recently removed" in parts, the latest removals first, then the earlier ones in
    /// chunks, newest first: a removal copies the few latest, and a full `latest` becomes
    /// one more chunk, not a copy of the whole list, which holds every removal of the last
    /// 30 days (thousands on a busy server) and is shared with the snapshot before.
    var latest: [RemovedPlayer]
    var earlier: [[RemovedPlayer]]
  }

  private final class Box: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  /// A copy of the roster with `body`'s changes.
  private func changed(_ body: (inout Fields) -> Void) -> Roster {
    var fields = box.fields
    body(&fields)
    var copy = self
    copy.box = Box(fields)
    return copy
  }

  public init(
    version: Int, players: [Player], removed: [RemovedPlayer], photos: [UUID: String] = [:],
    teams: [Team] = [.first], organisation: String = "KCorp"
  ) {
    // Removed players keep their photo (until purged), as the players do.
    box = Box(
      Fields(
        version: version, organisation: organisation, teams: teams,
        players: Self.photographed(players, photos), photos: photos, latest: [],
        earlier: removed.isEmpty
          ? []
          : [
            photos.isEmpty
              ? removed
              : removed.map {
                RemovedPlayer(
                  player: Self.photographed($0.player, photos), removedAt: $0.removedAt)
              }
          ]))
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
  public var removed: [RemovedPlayer] { box.fields.latest + box.fields.earlier.joined() }

  /// How many players are in "Recently removed".
  public var removedCount: Int {
    box.fields.earlier.reduce(box.fields.latest.count) { $0 + $1.count }
  }

  /// The player with this id, if any.
  public func player(id: UUID) -> Player? {
    players.firstIndex { $0.id == id }.map { players[$0] }
  }

  /// The removal of the player with this id, if they are in "Recently removed".
  public func removal(id: UUID) -> RemovedPlayer? {
    let latest = box.fields.latest
    if let index = latest.firstIndex(where: { $0.id == id }) { return latest[index] }
    for part in box.fields.earlier {
      if let index = part.firstIndex(where: { $0.id == id }) { return part[index] }
    }
    return nil
  }

  /// When the longest-kept removal of a player or an event was made, nil when there is none.
  var oldestRemoval: Date? {
    let player = (box.fields.earlier.last?.last ?? box.fields.latest.last)?.removedAt
    let event = schedule.removed.last?.removedAt
    guard let player, let event else { return player ?? event }
    return min(player, event)
  }

  /// The roster with `players`, given their photos (players read back from the database
  /// come without them).
  func with(players: [Player]) -> Roster {
    changed { $0.players = Self.photographed(players, $0.photos) }
  }

  /// The roster with one more player, last, with their photo's hash when they have one: the
  /// others are kept as they are, so that an add costs the same whatever the roster's size.
  func adding(_ player: Player) -> Roster {
    changed {
      $0.players.append(player)
      if let photo = player.photo { $0.photos[player.id] = photo }
    }
  }

  func with(removed: [RemovedPlayer]) -> Roster {
    changed {
      $0.latest = []
      $0.earlier = removed.isEmpty ? [] : [removed]  // no part is ever empty
    }
  }

  func with(version: Int) -> Roster { changed { $0.version = version } }

  func with(photos: [UUID: String]) -> Roster {
    changed {
      $0.photos = photos
      $0.players = Self.photographed($0.players, photos)
    }
  }

  /// The roster with `championArt`, and `champions` (by default its own with what the art
  /// brought: they only add, a champion once favoured stays valid).
  func with(championArt: ChampionArt, champions: ChampionCatalog? = nil) -> Roster {
    changed {
      $0.championArt = championArt
      $0.champions = champions ?? $0.champions.learning(championArt)
    }
  }

  func with(schedule: Schedule) -> Roster { changed { $0.schedule = schedule } }

  func with(teams: [Team]) -> Roster { changed { $0.teams = teams } }

  func with(organisation: String) -> Roster { changed { $0.organisation = organisation } }

  /// The roster without the player `removal` names, who goes first in "Recently removed".
  func removing(_ removal: RemovedPlayer) -> Roster {
    changed {
      $0.players = $0.players.filter { $0.id != removal.id }
      if $0.latest.count < Self.latestCapacity {
        $0.latest = [removal] + $0.latest
      } else {
        $0.earlier = [$0.latest] + $0.earlier
        $0.latest = [removal]
      }
    }
  }

  public static func == (lhs: Roster, rhs: Roster) -> Bool {
    guard lhs.box !== rhs.box else { return true }
    return lhs.version == rhs.version && lhs.players == rhs.players && lhs.photos == rhs.photos
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

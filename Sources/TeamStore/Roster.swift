import Foundation
import TeamKit

/// The roster at one moment, with a version that increases on every committed change.
public struct Roster: Hashable, Sendable {
  public let version: Int
  /// The players, in roster order.
  public let players: [Player]
  /// The hashes of the players' photos, by player (``RosterStore/setPhoto(of:to:)``).
  public let photos: [UUID: String]
  /// "Recently removed" in two parts, the latest removals first, then all the earlier ones:
  /// a removal copies the few latest, not the whole list, which holds every removal of the
  /// last 30 days (thousands on a busy server) and is shared with the snapshot before.
  private let latest: [RemovedPlayer]
  private let earlier: [RemovedPlayer]
  /// The most removals ``latest`` holds before they join ``earlier``.
  private static let latestCapacity = 64

  public init(
    version: Int, players: [Player], removed: [RemovedPlayer], photos: [UUID: String] = [:]
  ) {
    // Removed players keep their photo (until purged), as the players do.
    let removed =
      photos.isEmpty
      ? removed
      : removed.map {
        RemovedPlayer(player: Self.photographed($0.player, photos), removedAt: $0.removedAt)
      }
    self.init(
      version: version, players: Self.photographed(players, photos), latest: [], earlier: removed,
      photos: photos)
  }

  private init(
    version: Int, players: [Player], latest: [RemovedPlayer], earlier: [RemovedPlayer],
    photos: [UUID: String]
  ) {
    self.version = version
    self.players = players
    self.latest = latest
    self.earlier = earlier
    self.photos = photos
  }

  /// The player with their photo's hash from `photos`, the one map the store keeps.
  private static func photographed(_ player: Player, _ photos: [UUID: String]) -> Player {
    var player = player
    player.photo = photos[player.id]
    return player
  }

  /// The players with their photos' hashes; as they are when there is no photo at all.
  private static func photographed(_ players: [Player], _ photos: [UUID: String]) -> [Player] {
    photos.isEmpty && !players.contains { $0.photo != nil }
      ? players : players.map { photographed($0, photos) }
  }

  /// "Recently removed", the latest removal first.
  public var removed: [RemovedPlayer] { latest + earlier }

  /// How many players are in "Recently removed".
  public var removedCount: Int { latest.count + earlier.count }

  /// The player with this id, if any.
  public func player(id: UUID) -> Player? { players.first { $0.id == id } }

  /// The removal of the player with this id, if they are in "Recently removed".
  public func removal(id: UUID) -> RemovedPlayer? {
    latest.first { $0.id == id } ?? earlier.first { $0.id == id }
  }

  /// When the longest-kept removal was made (the last of the list), nil when there is none.
  var oldestRemoval: Date? { (earlier.last ?? latest.last)?.removedAt }

  /// The roster with `players`, given their photos (players read back from the database
  /// come without them).
  func with(players: [Player]) -> Roster {
    Roster(
      version: version, players: Self.photographed(players, photos), latest: latest,
      earlier: earlier, photos: photos)
  }

  func with(removed: [RemovedPlayer]) -> Roster {
    Roster(version: version, players: players, latest: [], earlier: removed, photos: photos)
  }

  func with(version: Int) -> Roster {
    Roster(version: version, players: players, latest: latest, earlier: earlier, photos: photos)
  }

  func with(photos: [UUID: String]) -> Roster {
    Roster(
      version: version, players: Self.photographed(players, photos), latest: latest,
      earlier: earlier, photos: photos)
  }

  /// The roster without the player `removal` names, who goes first in "Recently removed".
  func removing(_ removal: RemovedPlayer) -> Roster {
    let players = players.filter { $0.id != removal.id }
    guard latest.count < Self.latestCapacity else {
      return Roster(
        version: version, players: players, latest: [removal], earlier: latest + earlier,
        photos: photos)
    }
    return Roster(
      version: version, players: players, latest: [removal] + latest, earlier: earlier,
      photos: photos)
  }

  public static func == (lhs: Roster, rhs: Roster) -> Bool {
    lhs.version == rhs.version && lhs.players == rhs.players && lhs.photos == rhs.photos
      && lhs.removed == rhs.removed
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(version)
    hasher.combine(players)
    hasher.combine(removed)
    hasher.combine(photos)
  }
}

/// A committed change of the roster: the new snapshot and what changed (oldest first).
public struct RosterUpdate: Sendable {
  public let roster: Roster
  public let changes: [RosterChange]
}

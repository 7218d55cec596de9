import Foundation
import Observation

/// Where an ``EsportTeam`` keeps its players so that they outlive the process.
///
/// TeamStore's `RosterStore` is the implementation; the store validates and commits each
/// change before returning, so a player the team adds is a player on disk. Its errors for
/// refused input conform to ``ValidationReporting``.
public protocol RosterStorage: AnyObject, Sendable {
  /// The players, in roster order.
  var players: [Player] { get }
  /// "Recently removed", the latest removal first.
  var removedPlayers: [RemovedPlayer] { get }
  /// Validates `input` against the stored roster, stores the player and returns it.
  func addPlayer(_ input: PlayerInput) throws -> Player
  /// Changes a player's fields, unless the player is no longer `expected`; returns them.
  func updatePlayer(id: UUID, with edit: PlayerEdit, expected: Player?) throws -> Player
  /// Moves a player to "Recently removed" and returns them; throws when there is none.
  @discardableResult func removePlayer(id: UUID) throws -> Player
  /// Puts a removed player back at their place and returns them.
  @discardableResult func restorePlayer(id: UUID) throws -> Player
  /// Puts the roster in the order of `ids`, unless its order is no longer `expected`.
  func reorder(_ ids: [UUID], expected: [UUID]?) throws
}

/// The team: its roster, observable by SwiftUI (and anything else, through Observation).
///
/// This is the brief's `EsportTeam` with `@Observable` instead of `ObservableObject` and
/// `@Published`: views that read `players` update when it changes.
@Observable
public final class EsportTeam {
  /// The roster, in order.
  public private(set) var players: [Player]
  /// "Recently removed", the latest removal first.
  public private(set) var removed: [RemovedPlayer]
  /// The player just removed, while the roster offers to undo it.
  public private(set) var lastRemoved: Player?

  @ObservationIgnored private let storage: (any RosterStorage)?
  /// Without storage: where each removed player stood, to restore them there.
  @ObservationIgnored private var places: [UUID: Int] = [:]

  /// A team in memory only, starting with `players` (the brief's default roster unless given).
  public init(players: [Player] = Player.defaultRoster) {
    self.players = players
    self.removed = []
    self.storage = nil
  }

  /// A team whose changes persist in `storage`.
  public init(storage: any RosterStorage) {
    self.players = storage.players
    self.removed = storage.removedPlayers
    self.storage = storage
  }

  /// The starting five (or fewer, or more), in roster order.
  public var starters: [Player] { players.filter { $0.lineup == .starter } }
  /// The substitutes, in roster order.
  public var substitutes: [Player] { players.filter { $0.lineup == .substitute } }
  /// Whether the starters play one position each.
  public var lineupStatus: LineupStatus { LineupStatus(players: players) }

  /// Adds a player at the end of the roster, as the brief suggests: the same parameters as
  /// ``Player``, then `append`. The input is validated first (by the storage, which also
  /// commits it, when there is one).
  /// - Throws: ``ValidationError`` for bad input without storage, or the storage's error
  ///   (``ValidationError/init(reportedBy:)`` finds the fields it names); nothing changes.
  @discardableResult
  public func addPlayer(
    name: String, position: Position, image: String = Player.defaultImage,
    favoriteChampions: [Champion] = []
  ) throws -> Player {
    let input = PlayerInput(
      name: name, position: position.rawValue, image: image,
      favoriteChampions: favoriteChampions.map(\.id))
    let player = try storage?.addPlayer(input) ?? input.validated(in: players)
    players.append(player)
    lastRemoved = nil
    return player
  }

  /// Changes a player's pseudo, role, image and favourite champions, with the rules of a
  /// new player (the pseudo may stay theirs), and returns them as saved.
  /// - Throws: as ``addPlayer(name:position:image:favoriteChampions:)``; with storage, also
  ///   when someone else changed the player since `player` was read.
  @discardableResult
  public func updatePlayer(
    _ player: Player, name: String, position: Position, image: String,
    favoriteChampions: [Champion]
  ) throws -> Player {
    try apply(
      PlayerEdit(
        name: name, position: position.rawValue, image: image,
        favoriteChampions: favoriteChampions.map(\.id)), to: player)
  }

  /// Makes a player a starter or a substitute.
  public func setLineup(_ lineup: Lineup, of player: Player) throws {
    _ = try apply(PlayerEdit(lineup: lineup.rawValue), to: player)
  }

  private func apply(_ edit: PlayerEdit, to player: Player) throws -> Player {
    let updated =
      try storage?.updatePlayer(id: player.id, with: edit, expected: player)
      ?? edit.applied(to: player) { key in
        players.first { Player.nameKey($0.name) == key }?.name
      }
    if let index = players.firstIndex(where: { $0.id == player.id }) {
      players[index] = updated
    }
    lastRemoved = nil
    return updated
  }

  /// Removes a player, as the brief does with `removeAll(where: { $0.id == player.id })`,
  /// once the storage (when there is one) has moved them to "Recently removed"; the roster
  /// then offers to undo it.
  /// - Throws: the storage's error; the roster is then unchanged.
  public func removePlayer(_ player: Player) throws {
    try storage?.removePlayer(id: player.id)
    places[player.id] = players.firstIndex { $0.id == player.id }
    players.removeAll(where: { $0.id == player.id })
    removed =
      storage?.removedPlayers ?? [RemovedPlayer(player: player, removedAt: Date())] + removed
    lastRemoved = player
  }

  /// Puts a removed player back at their place, every field as it was.
  /// - Throws: a conflict when their pseudo is now someone else's (nothing changes), or the
  ///   storage's error.
  public func restorePlayer(_ player: Player) throws {
    if let storage {
      try storage.restorePlayer(id: player.id)
      players = storage.players
      removed = storage.removedPlayers
    } else {
      if let other = players.first(where: { Player.nameKey($0.name) == Player.nameKey(player.name) }
      ) {
        throw ValidationError(
          .name,
          "“\(other.name)” is on the roster now; rename them before restoring \(player.name).",
          isConflict: true)
      }
      players.insert(player, at: min(places[player.id] ?? players.count, players.count))
      removed.removeAll { $0.id == player.id }
    }
    lastRemoved = nil
  }

  /// Stops offering to undo the last removal.
  public func dismissUndo() { lastRemoved = nil }

  /// Moves players within the starters or the substitutes, as a list's `onMove` reports it
  /// (offsets in that group); the roster is then the starters followed by the substitutes.
  public func movePlayers(in lineup: Lineup, fromOffsets offsets: IndexSet, toOffset: Int) throws {
    var group = lineup == .starter ? starters : substitutes
    let moving = offsets.map { group[$0] }
    group.remove(atOffsets: offsets)
    let destination = min(max(toOffset, 0), group.count + moving.count)
    group.insert(contentsOf: moving, at: destination - offsets.count { $0 < destination })
    let order = lineup == .starter ? group + substitutes : starters + group
    guard order != players else { return }
    try storage?.reorder(order.map(\.id), expected: players.map(\.id))
    players = order
  }
}

extension Array {
  /// Removes the elements at `offsets`.
  fileprivate mutating func remove(atOffsets offsets: IndexSet) {
    for offset in offsets.reversed() { remove(at: offset) }
  }
}

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
  /// Validates `input` against the stored roster, stores the player and returns it.
  func addPlayer(_ input: PlayerInput) throws -> Player
  /// Removes a player and returns them; throws when no player has this id.
  @discardableResult func removePlayer(id: UUID) throws -> Player
}

/// The team: its roster, observable by SwiftUI (and anything else, through Observation).
///
/// This is the brief's `EsportTeam` with `@Observable` instead of `ObservableObject` and
/// `@Published`: views that read `players` update when it changes.
@Observable
public final class EsportTeam {
  /// The roster, in order.
  public private(set) var players: [Player]

  @ObservationIgnored private let storage: (any RosterStorage)?

  /// A team in memory only, starting with `players` (the brief's default roster unless given).
  public init(players: [Player] = Player.defaultRoster) {
    self.players = players
    self.storage = nil
  }

  /// A team whose changes persist in `storage`.
  public init(storage: any RosterStorage) {
    self.players = storage.players
    self.storage = storage
  }

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
    return player
  }

  /// Removes a player, as the brief does with `removeAll(where: { $0.id == player.id })`,
  /// once the storage (when there is one) has removed them for good.
  /// - Throws: the storage's error; the roster is then unchanged.
  public func removePlayer(_ player: Player) throws {
    try storage?.removePlayer(id: player.id)
    players.removeAll(where: { $0.id == player.id })
  }
}

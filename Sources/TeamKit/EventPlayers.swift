import Foundation

/// Who a team's event may credit: a draft's and a logged game's players are the event's
/// team's, so that one team's editors cannot write into another team's figures. A stand-in
/// from another team may be invited; their picks are logged with nobody named, or credited
/// once they join the team (docs/PRIVACY.md).
extension Team {
  /// Refuses a player of another team among `named`, each at the place `places` gives it (a
  /// turn's code, a role), unless `kept` already names them there: a name stored before this
  /// rule stays as it was, and the figures leave it out.
  /// - Parameter players: the organisation's players, to say whose name it is.
  /// - Throws: ``ValidationError`` on `field`, naming the player, the place and this team.
  public func checkOwn(
    _ named: [UUID?], kept: [UUID?], places: [String], among players: [Player],
    field: ValidationError.Field
  ) throws(ValidationError) {
    for (index, id) in named.enumerated() {
      guard let id, let player = players.first(where: { $0.id == id }), player.teamID != self.id,
        !(kept.indices.contains(index) && kept[index] == id)
      else { continue }
      throw ValidationError(
        field,
        Message(
          "%1$@ (%2$@) is not in %3$@: name a player of this team, or nobody.", player.name,
          places.indices.contains(index) ? places[index] : "", name))
    }
  }

  /// The players of `game`'s picks, in role order (nil for a role nobody is named for).
  public static func pickPlayers(of game: Game?) -> [UUID?] {
    Position.allCases.map { position in
      game?.picks.first { $0.position == position }?.playerID
    }
  }
}

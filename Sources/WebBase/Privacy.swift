import TeamKit

/// What a reader may see of a player, as docs/PRIVACY.md's table says: the staff see every
/// field; a player's own account sees the team's public facts of everyone and its own
/// personal data, never another player's real name, nationality, birth date, contract or
/// tenure dates. Every face that shows a player asks here.
extension Player {
  /// The player as `viewer` may see them.
  package func shown(to viewer: Pages.Viewer) -> Player {
    viewer.seesPersonalData(of: id) ? self : publicFacts
  }

  /// The team's public facts of the player: pseudo, role, status, champions, photo, team,
  /// Riot ID; none of their personal data.
  package var publicFacts: Player {
    var player = self
    player.realName = nil
    player.nationality = nil
    player.birthDate = nil
    player.joined = nil
    player.contractEnd = nil
    return player
  }
}

extension Sequence<Player> {
  /// The players as `viewer` may see them.
  package func shown(to viewer: Pages.Viewer) -> [Player] { map { $0.shown(to: viewer) } }
}

extension TeamEvent {
  /// The event as `viewer` may see it: a player's own account sees the notes on the team's
  /// games that are about the team or about them, never those about a teammate.
  package func shown(to viewer: Pages.Viewer) -> TeamEvent {
    guard !viewer.isStaff else { return self }
    var event = self
    event.gameNotes.removeAll { $0.player != nil && $0.player != viewer.player }
    return event
  }
}

extension RosterChange {
  /// The change as a player's own account may see it: the players' public facts only.
  package var publicFacts: RosterChange {
    RosterChange(
      id: id, at: at, author: author, kind: kind, playerID: playerID, playerName: playerName,
      before: before?.publicFacts, after: after?.publicFacts, fromTeam: fromTeam, toTeam: toTeam,
      otherPlayer: otherPlayer)
  }
}

extension Pages.Viewer {
  /// The part of a response cache's key that tells what a reader sees of the players:
  /// empty for the staff (one copy for all of them), the player's own id otherwise.
  package var privacyKey: String { isStaff ? "" : "~p" + (player?.text ?? "") }
}

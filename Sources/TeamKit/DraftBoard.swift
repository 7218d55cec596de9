import Foundation

/// Filling a draft turn by turn, as a live board does.
extension GameDraft {
  /// The first role, in the roles' order, that `team` has not picked yet in this game.
  public func freeRole(for team: DraftTeam) -> Position? {
    let taken = Set(
      DraftSlot.order.indices.filter {
        DraftSlot.order[$0].action == .pick && self.team(of: DraftSlot.order[$0]) == team
      }
      .compactMap { roles[$0] })
    return Position.allCases.first { !taken.contains($0) }
  }

  /// The draft with `champion` in turn `index`, or that turn emptied (nil). A pick gets
  /// `role`, else its team's first free role; our pick gets the player `lineup` names for
  /// that role. An index outside the twenty turns changes nothing.
  public func choosing(
    _ champion: String?, at index: Int, role: Position? = nil, lineup: [Position: UUID] = [:]
  ) -> GameDraft {
    guard DraftSlot.order.indices.contains(index) else { return self }
    var draft = self
    draft.champions[index] = champion
    draft.roles[index] = nil
    draft.players[index] = nil
    let slot = DraftSlot.order[index]
    guard champion != nil, slot.action == .pick else { return draft }
    let team = team(of: slot)
    let position = role ?? draft.freeRole(for: team)
    draft.roles[index] = position
    if team == .us, let position { draft.players[index] = lineup[position] }
    return draft
  }

  /// The draft with a role its team took twice kept on the first pick only: drafts stored
  /// before a team's roles were each once still read and change.
  public var withoutRepeatedRoles: GameDraft {
    var draft = self
    var taken: Set<String> = []
    for (index, slot) in DraftSlot.order.enumerated() {
      guard let role = roles[index] else { continue }
      if !taken.insert("\(team(of: slot)) \(role)").inserted { draft.roles[index] = nil }
    }
    return draft
  }

  /// Whether every turn has its champion.
  public var isComplete: Bool { nextTurn == nil }

  /// Our picks (or theirs) as the result form logs them: a champion per role, in the
  /// roles' order, with our player.
  public func picks(of team: DraftTeam) -> [Game.Pick] {
    var byRole: [Position: Game.Pick] = [:]
    for (index, slot) in DraftSlot.order.enumerated() where slot.action == .pick {
      guard self.team(of: slot) == team, let champion = champions[index],
        let role = roles[index], byRole[role] == nil
      else { continue }
      byRole[role] = Game.Pick(
        position: role, playerID: team == .us ? players[index] : nil, champion: champion)
    }
    return Position.allCases.compactMap { byRole[$0] }
  }
}

extension TeamEvent {
  /// The games whose drafts are complete, from the first.
  public var completedDrafts: [GameDraft] { Array(drafts.prefix { $0.isComplete }) }

  /// The champions locked for `team` in game `game` (from 1) under the series' rule, each
  /// with the game that locked it.
  public func locked(for team: DraftTeam, inGame game: Int) -> [String: Int] {
    draftRule.locked(for: team, after: Array(drafts.prefix(max(0, game - 1))))
  }

  /// The champions `team` may not choose with `action` in game `game` (from 1)
  /// (``DraftRule/locked(for:action:after:)``).
  public func locked(for team: DraftTeam, action: DraftSlot.Action, inGame game: Int)
    -> [String: Int]
  {
    draftRule.locked(for: team, action: action, after: Array(drafts.prefix(max(0, game - 1))))
  }

  /// The games of the series not begun: those after the last draft with a champion (a side
  /// chosen begins nothing).
  public var gamesLeft: Int {
    let begun = drafts.lastIndex { $0.champions.contains { $0 != nil } }.map { $0 + 1 } ?? 0
    return max(0, gameCount - begun)
  }
}

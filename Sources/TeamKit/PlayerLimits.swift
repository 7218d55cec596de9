import Foundation

/// How many players a team and the organisation hold: bounds that keep every page, document,
/// import and export of them small enough to serve at once. Recently removed does not count.
///
/// The store checks them on every change it commits (``refusal(before:after:teams:)``), so
/// that every way in (a form, the API, the CLI, an import, a move between teams, the app's
/// own roster) meets the same limit; an import's preview says so before anything is applied.
public enum PlayerLimits {
  /// The most players one team holds.
  public static let perTeam = 200
  /// The most players the whole organisation holds, every team's together.
  public static let perOrganisation = 10_000

  /// Why the roster `after` may not follow `before`: a team, or the organisation, would hold
  /// more players than its limit, and more than it did (a roster already over a limit may
  /// still shrink or change). Nil when it may.
  /// - Parameter teams: the organisation's teams, to name the one that is full.
  public static func refusal(before: [Player], after: [Player], teams: [Team])
    -> ValidationError?
  {
    if after.count > perOrganisation, after.count > before.count {
      return ValidationError(
        .team,
        Message(
          "The organisation holds at most %1$@ players (this would make %2$@); remove players first.",
          Message.Argument.number(perOrganisation), Message.Argument.number(after.count)))
    }
    let full = counts(of: after).filter { $0.count > perTeam }
    guard !full.isEmpty else { return nil }
    let earlier = counts(of: before)
    let grown = full.filter { team in
      team.count > (earlier.first { $0.team == team.team }?.count ?? 0)
    }
    guard let team = grown.map(\.team).min(by: { $0.uuidString < $1.uuidString }) else {
      return nil
    }
    let name = teams.first { $0.id == team }?.name ?? team.uuidString
    return ValidationError(
      .team,
      Message(
        "%1$@ holds at most %2$@ players; remove one first or choose another team.", name,
        Message.Argument.number(perTeam)))
  }

  /// How many players each team holds. A write checks this on every commit, so it is
  /// tallied without hashing: a player is mostly beside their team's others, so the team
  /// counted last is tried first. Players are read by index (one copied out of the array
  /// costs a retain and a release).
  private static func counts(of players: [Player]) -> [(team: UUID, count: Int)] {
    var tallies: [(team: UUID, count: Int)] = []
    var last = 0
    for index in players.indices {
      let team = players[index].teamID
      if last < tallies.count, tallies[last].team == team {
        tallies[last].count += 1
      } else if let slot = tallies.firstIndex(where: { $0.team == team }) {
        tallies[slot].count += 1
        last = slot
      } else {
        last = tallies.count
        tallies.append((team, 1))
      }
    }
    return tallies
  }
}

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
    // Counted by index: a player copied out of the array costs a retain and a release.
    var counts: [UUID: Int] = [:]
    for index in after.indices { counts[after[index].teamID, default: 0] += 1 }
    let full = counts.filter { $0.value > perTeam }
    guard !full.isEmpty else { return nil }
    var earlier: [UUID: Int] = [:]
    for index in before.indices where full[before[index].teamID] != nil {
      earlier[before[index].teamID, default: 0] += 1
    }
    let grown = full.filter { $0.value > earlier[$0.key, default: 0] }
    guard let team = grown.keys.min(by: { $0.uuidString < $1.uuidString }) else { return nil }
    let name = teams.first { $0.id == team }?.name ?? team.uuidString
    return ValidationError(
      .team,
      Message(
        "%1$@ holds at most %2$@ players; remove one first or choose another team.", name,
        Message.Argument.number(perTeam)))
  }
}

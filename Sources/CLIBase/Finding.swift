import Foundation
import TeamClient
import TeamKit

/// The team `--team` names, in every command that works on one.
package let teamOption = Option(
  name: "--team", value: "TAG", help: "The team, by its tag (default: the first team).")

/// The team `tag` names (the first team when nil), from what the roster's source shows.
package func team(_ tag: String?, in organisation: Organisation) throws(CLIError) -> Team {
  guard let tag else {
    guard let first = organisation.teams.first else {
      throw CLIError(code: .notFound, message: localized("This organisation has no team."))
    }
    return first
  }
  guard let team = Team.find(tag, in: organisation.teams) else {
    throw CLIError(
      code: .notFound,
      message: localized(
        "No team has the tag “%1$@”; choose one of %2$@.", tag,
        organisation.teams.map(\.tag).joined(separator: ", ")))
  }
  return team
}

/// The player `key` names (a pseudo, in any case, or an id).
package func find(_ key: String, in roster: any RosterSource) async throws -> Player {
  guard let player = Player.find(key, in: try await roster.players()) else {
    throw CLIError(code: .notFound, message: localized("No player “%@” in the roster.", key))
  }
  return player
}

/// A champion's name as this build knows it, or the id as stored.
package func championName(_ id: String?) -> String {
  guard let id else { return "—" }
  return ChampionCatalog.builtIn.name(ofID: id, in: .system)
}

/// A record in words: `3 of 5 won (60%)`.
package func rate(_ record: ChampionRecord) -> String {
  localized("%1$@ of %2$@ won (%3$@%%)", record.wins, record.games, record.winRate)
}

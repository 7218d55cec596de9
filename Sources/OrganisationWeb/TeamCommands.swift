import CLIBase
import Foundation
import TeamKit

private let timeZoneOption = Option(
  name: "--time-zone", value: "ZONE",
  help: "The zone its week is planned in, as Europe/Paris (a new team's).")
private let colorOption = Option(
  name: "--color", value: "C",
  help:
    "Its colour on the pages: blue, sky, gold, red, green, purple, teal, orange, pink or silver.")

// MARK: - Teams

/// The organisation's commands: `kcorp teams …`, `kcorp contracts`.
package enum OrganisationCLI {
  package static let commands: [any Command.Type] = [
    ListTeams.self, AddTeam.self, EditTeam.self, RemoveTeam.self, ListContracts.self,
  ]
}

struct ListTeams: Command {
  static let name = "teams list"
  static let abstract = "List the organisation's teams: tag, name, league, main team, players."
  static let options = [jsonFlag]
  let json: Bool

  init(_ parsed: Parsed) { json = parsed.flag("--json") }

  func run(_ context: Context) async throws {
    let organisation = try await context.roster().organisation()
    print(
      json
        ? String(decoding: TeamJSON.encode(organisation.teams, pretty: true), as: UTF8.self)
        : Table.teams(organisation))
  }
}

struct AddTeam: Command {
  static let name = "teams add"
  static let abstract = "Add a team (an academy names its main team with --parent)."
  static let arguments = [Argument(name: "NAME", help: "The team's name (KC Blue).")]
  static let options = [
    Option(
      name: "--tag", value: "TAG", help: "Its short tag, 2 to 5 letters (KCB).", isRequired: true),
    Option(name: "--league", value: "L", help: "The league it plays in (LFL)."),
    Option(name: "--parent", value: "TAG", help: "The main team's tag, for an academy."),
    timeZoneOption,
    colorOption,
    jsonFlag,
  ]
  let input: TeamInput
  let json: Bool

  init(_ parsed: Parsed) {
    input = TeamInput(
      name: parsed.positionals[0], tag: parsed.value("--tag") ?? "",
      league: parsed.value("--league") ?? "", parent: parsed.value("--parent") ?? "",
      timeZone: parsed.value("--time-zone") ?? "", color: parsed.value("--color") ?? "")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let team = try await context.roster().teams.addTeam(input)
    print(
      json
        ? String(decoding: TeamJSON.encode(team, pretty: true), as: UTF8.self)
        : localized("Added the team %1$@ (%2$@).", team.name, team.tag))
  }
}

struct EditTeam: Command {
  static let name = "teams edit"
  static let abstract = "Change a team's name, tag, league or main team; the others stay."
  static let arguments = [Argument(name: "TAG", help: "The team's tag.")]
  static let options = [
    Option(name: "--name", value: "N", help: "The new name."),
    Option(name: "--tag", value: "TAG", help: "The new tag."),
    Option(name: "--league", value: "L", help: "The league; empty for none."),
    Option(name: "--parent", value: "TAG", help: "The main team's tag; empty for none."),
    timeZoneOption,
    colorOption,
    jsonFlag,
  ]
  let tag: String
  let parsed: Parsed
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    tag = parsed.positionals[0]
    self.parsed = parsed
    json = parsed.flag("--json")
    guard
      ["--name", "--tag", "--league", "--parent", "--time-zone", "--color"].contains(where: {
        parsed.value($0) != nil
      })
    else {
      throw .usage(
        localized(
          "Say what to change: --name, --tag, --league, --parent, --time-zone or --color."))
    }
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let organisation = try await roster.organisation()
    let current = TeamInput(team: try team(tag, in: organisation), in: organisation.teams)
    let input = TeamInput(
      name: parsed.value("--name") ?? current.name, tag: parsed.value("--tag") ?? current.tag,
      league: parsed.value("--league") ?? current.league,
      parent: parsed.value("--parent") ?? current.parent,
      timeZone: parsed.value("--time-zone") ?? current.timeZone,
      color: parsed.value("--color") ?? current.color)
    let updated = try await roster.teams.updateTeam(tag, with: input)
    print(
      json
        ? String(decoding: TeamJSON.encode(updated, pretty: true), as: UTF8.self)
        : localized("Changed the team %1$@ (%2$@).", updated.name, updated.tag))
  }
}

struct RemoveTeam: Command {
  static let name = "teams remove"
  static let abstract = "Remove a team that has no player left."
  static let arguments = [Argument(name: "TAG", help: "The team's tag.")]
  static let options: [Option] = []
  let tag: String

  init(_ parsed: Parsed) { tag = parsed.positionals[0] }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let team = try team(tag, in: try await roster.organisation())
    try await roster.teams.removeTeam(team.id.uuidString)
    print(localized("Removed the team %@.", team.name))
  }
}

// MARK: - Contracts

struct ListContracts: Command {
  static let name = "contracts"
  static let abstract = "List the contracts that end soon, the soonest first."
  static let options = [
    Option(name: "--within", value: "DAYS", help: "Those ending within DAYS days (default 90)."),
    jsonFlag,
  ]
  let days: Int
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    let text = parsed.value("--within") ?? String(Contracts.warningDays)
    guard let days = Int(text), (0...3650).contains(days) else {
      throw .usage(localized("--within takes a number of days from 0 to 3650, not ‘%@’.", text))
    }
    self.days = days
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let organisation = try await context.roster().organisation()
    // Today on the organisation's clock (its first team's), as the web app says it.
    let today = Day(context.now, in: organisation.teams.first?.zone ?? .current)
    let ending = Contracts.ending(in: organisation.players, within: days, today: today)
    print(
      json
        ? String(decoding: TeamJSON.encode(ending, pretty: true), as: UTF8.self)
        : Table.contracts(ending, in: organisation, within: days))
  }
}

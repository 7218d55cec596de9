import CLIBase
import Foundation
import TeamClient
import TeamKit
import TeamPhoto
import TeamStore

private let lineupOption = Option(
  name: "--lineup", value: "L",
  help: "starter or substitute (new players start while fewer than five do).")
private let statusOption = Option(
  name: "--status", value: "S",
  help: "starter, substitute, trainee, stand-in or inactive (as --lineup).")
/// Who the player is, and their contract: the same options to add and to edit.
private let identityOptions = [
  Option(name: "--riot-id", value: "ID", help: "The Riot ID, name#tag (Caliste#KC1)."),
  Option(name: "--real-name", value: "NAME", help: "The player's real name."),
  Option(name: "--country", value: "CC", help: "The nationality, as its ISO 3166 code (FR)."),
  Option(name: "--birth-date", value: "DATE", help: "Born on DATE (YYYY-MM-DD)."),
  Option(name: "--joined", value: "DATE", help: "Joined the team on DATE (YYYY-MM-DD)."),
  Option(name: "--contract-end", value: "DATE", help: "The contract ends on DATE (YYYY-MM-DD)."),
]

/// `--status`, or `--lineup` as before statuses; not both.
private func status(_ parsed: Parsed) throws(CLIError) -> String? {
  if parsed.value("--status") != nil && parsed.value("--lineup") != nil {
    throw .usage(localized("Give --status or --lineup, not both."))
  }
  return parsed.value("--status") ?? parsed.value("--lineup")
}

// MARK: - Players

/// The roster's commands: `kcorp players …`, `kcorp trash`, `kcorp history`, `kcorp watch`.
package enum RosterCLI {
  package static let commands: [any Command.Type] = [
    ListPlayers.self, ShowPlayer.self, AddPlayer.self, EditPlayer.self, RemovePlayer.self,
    RestorePlayer.self, MovePlayer.self, SwapPlayers.self, TransferPlayer.self, SetPhoto.self,
    ListTrash.self, ShowHistory.self, Watch.self,
  ]
}

struct ListPlayers: Command {
  static let name = "players list"
  static let abstract = "List a team's roster, in order."
  static let options = [teamOption, jsonFlag]
  let json: Bool
  let team: String?

  init(_ parsed: Parsed) {
    json = parsed.flag("--json")
    team = parsed.value("--team")
  }

  func run(_ context: Context) async throws {
    let organisation = try await context.roster().organisation()
    let players = organisation.players(in: try CLIBase.team(team, in: organisation).id)
    print(json ? text(TeamJSON.encode(players, pretty: true)) : Table.roster(players))
  }
}

struct ShowPlayer: Command {
  static let name = "players show"
  static let abstract = "Show one player."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options = [jsonFlag]
  let key: String
  let json: Bool

  init(_ parsed: Parsed) {
    key = parsed.positionals[0]
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let player = try await find(key, in: context.roster())
    print(json ? text(TeamJSON.encode(player, pretty: true)) : Table.player(player))
  }
}

struct AddPlayer: Command {
  static let name = "players add"
  static let abstract =
    "Add a player (positions accept aliases: jgl, middle, bot, sup, …)."
  static let discussion = """
    --image is a picture name (a-z 0-9 _ - .), player_default when omitted.
    --champion may be repeated; see ‘kcorp champions’.
    """
  static let options =
    [
      Option(name: "--name", value: "N", help: "The pseudo.", isRequired: true),
      Option(
        name: "--position", value: "P", help: "The role: Top, Jungle, Mid, ADC or Support.",
        isRequired: true),
      Option(name: "--image", value: "I", help: "The picture's name."),
      Option(name: "--champion", value: "C", help: "A favourite champion.", repeats: true),
      lineupOption,
      statusOption,
      teamOption,
    ] + identityOptions + [jsonFlag]
  let input: PlayerInput
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    input = PlayerInput(
      name: parsed.value("--name") ?? "", position: parsed.value("--position") ?? "",
      image: parsed.value("--image") ?? Player.defaultImage,
      favoriteChampions: parsed.values["--champion"] ?? [],
      lineup: try status(parsed) ?? "", team: parsed.value("--team") ?? "",
      riotID: parsed.value("--riot-id") ?? "", realName: parsed.value("--real-name") ?? "",
      nationality: parsed.value("--country") ?? "", birthDate: parsed.value("--birth-date") ?? "",
      joined: parsed.value("--joined") ?? "", contractEnd: parsed.value("--contract-end") ?? "")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let player = try await roster.addPlayer(input)
    print(
      json
        ? text(TeamJSON.encode(player, pretty: true))
        : localized(
          "Added %1$@ (%2$@), id %3$@.", player.name, player.position.displayName, player.id))
  }
}

struct EditPlayer: Command {
  static let name = "players edit"
  static let abstract = "Change a player's fields; those not given stay as they are."
  static let discussion = """
    --champion may be repeated and replaces the favourites; --no-champions clears them.
    """
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options =
    [
      Option(name: "--name", value: "N", help: "The new pseudo."),
      Option(name: "--position", value: "P", help: "The role: Top, Jungle, Mid, ADC or Support."),
      Option(name: "--image", value: "I", help: "The picture's name."),
      Option(name: "--champion", value: "C", help: "A favourite champion.", repeats: true),
      Option.flag("--no-champions", "No favourite champions."),
      lineupOption,
      statusOption,
    ] + identityOptions + [jsonFlag]
  let key: String
  let edit: PlayerEdit
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    key = parsed.positionals[0]
    let champions = parsed.values["--champion"]
    if champions != nil && parsed.flag("--no-champions") {
      throw .usage(localized("Give --champion or --no-champions, not both."))
    }
    edit = PlayerEdit(
      name: parsed.value("--name"), position: parsed.value("--position"),
      image: parsed.value("--image"),
      favoriteChampions: parsed.flag("--no-champions") ? [] : champions,
      lineup: try status(parsed), riotID: parsed.value("--riot-id"),
      realName: parsed.value("--real-name"), nationality: parsed.value("--country"),
      birthDate: parsed.value("--birth-date"), joined: parsed.value("--joined"),
      contractEnd: parsed.value("--contract-end"))
    guard edit != PlayerEdit() else {
      throw .usage(
        localized(
          "Say what to change: --name, --position, --image, --champion, --status, --riot-id, --real-name, --country, --birth-date, --joined or --contract-end."
        ))
    }
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let current = try await find(key, in: roster)
    let player = try await roster.updatePlayer(id: current.id, with: edit, expected: current)
    print(json ? text(TeamJSON.encode(player, pretty: true)) : Table.player(player))
  }
}

struct RemovePlayer: Command {
  static let name = "players remove"
  static let abstract = "Move a player to Recently removed (restorable for 30 days)."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options: [Option] = []
  let key: String

  init(_ parsed: Parsed) { key = parsed.positionals[0] }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let player = try await find(key, in: roster)
    try await roster.removePlayer(id: player.id)
    print(
      localized("Removed %@; ‘kcorp players restore %@’ brings them back.", player.name, player.id))
  }
}

struct SetPhoto: Command {
  static let name = "players photo"
  static let abstract = "Give a player a photo (JPEG, PNG, WebP or HEIC), or --none to remove it."
  static let discussion = """
    The photo is decoded and re-encoded: a square of at most 512 pixels, upright, without its
    metadata (EXIF, GPS). At most 8 MiB and 40 megapixels.
    """
  static let arguments = [
    Argument(name: "pseudo|id", help: "A pseudo or an id."),
    Argument(name: "FILE", help: "The photo.", isOptional: true),
  ]
  static let options = [Option.flag("--none", "Remove the photo: the drawn picture again.")]
  let key: String
  let file: String?

  init(_ parsed: Parsed) throws(CLIError) {
    key = parsed.positionals[0]
    file = parsed.positionals.count > 1 ? parsed.positionals[1] : nil
    guard (file == nil) == parsed.flag("--none") else {
      throw .usage(localized("Give a photo FILE or --none, one of the two."))
    }
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let player = try await find(key, in: roster)
    guard let file else {
      _ = try await roster.setPhoto(of: player.id, to: nil)
      print(localized("%@ has no photo now.", player.name))
      return
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw CLIError(code: .notFound, message: localized("Cannot read %@.", file))
    }
    let updated: Player
    do {
      updated = try await roster.setPhoto(of: player.id, to: data)
    } catch let error as PhotoError {
      throw CLIError(
        code: ExitCode(error.kind), message: localized("%1$@: %2$@", file, error.description))
    } catch TeamServerError.conflict(let message) {
      throw CLIError(code: .dataError, message: localized("%1$@: %2$@", file, message))
    }
    var size = 0
    if let hash = updated.photo { size = try await roster.photo(hash)?.count ?? 0 }
    print(localized("%@'s photo is set (%@ KiB).", player.name, size / 1024))
  }
}

struct RestorePlayer: Command {
  static let name = "players restore"
  static let abstract = "Bring a removed player back at their place, every field intact."
  static let arguments = [
    Argument(name: "pseudo|id", help: "The pseudo or id of a removed player.")
  ]
  static let options: [Option] = []
  let key: String

  init(_ parsed: Parsed) { key = parsed.positionals[0] }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let removed = try await roster.removedPlayers().map(\.player)
    guard let player = Player.find(key, in: removed) else {
      throw CLIError(
        code: .notFound, message: localized("No player “%@” in Recently removed.", key))
    }
    _ = try await roster.restorePlayer(id: player.id)
    print(localized("Restored %@.", player.name))
  }
}

struct MovePlayer: Command {
  static let name = "players move"
  static let abstract =
    "Move a player to place N of the list (1 is first), among the starters or the substitutes."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options = [
    Option(name: "--to", value: "N", help: "The place, from 1.", isRequired: true)
  ]
  let key: String
  let place: Int

  init(_ parsed: Parsed) throws(CLIError) {
    key = parsed.positionals[0]
    let text = parsed.value("--to") ?? ""
    guard let place = Int(text), place >= 1 else {
      throw .usage(localized("--to takes a place from 1, not ‘%@’.", text))
    }
    self.place = place
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    guard let found = Player.find(key, in: try await roster.players()) else {
      throw CLIError(code: .notFound, message: localized("No player “%@” in the roster.", key))
    }
    // Places are those of the player's team.
    let players = try await roster.players().filter { $0.teamID == found.teamID }
    let player = players.first { $0.id == found.id } ?? found
    // Places are those of the list: starters first, then substitutes; a player moves within
    // their group.
    var shown = players.startersFirst
    let group = shown.indices.filter { shown[$0].lineup == player.lineup }
    guard let first = group.first, let last = group.last, (first + 1...last + 1).contains(place)
    else {
      let range =
        group.isEmpty
        ? "" : localized("%1$@ to %2$@", group[0] + 1, group[group.count - 1] + 1)
      throw CLIError.usage(
        localized(
          "%1$@ is a %2$@: choose a place from %3$@, or change their lineup with ‘kcorp players edit --lineup’.",
          player.name, player.lineup.displayName(in: .system), range))
    }
    shown.removeAll { $0.id == player.id }
    shown.insert(player, at: place - 1)
    let order = shown.map(\.id)
    try await roster.reorder(order, expected: players.map(\.id), in: player.teamID)
    print(Table.roster(try await roster.players().filter { $0.teamID == player.teamID }))
  }
}

struct SwapPlayers: Command {
  static let name = "players swap"
  static let abstract =
    "Exchange two players of a team, statuses and places (a substitute in for a starter)."
  static let arguments = [
    Argument(name: "pseudo|id", help: "The player coming in (or going out)."),
    Argument(name: "other", help: "The player they exchange with, by pseudo or id."),
  ]
  static let options = [jsonFlag]
  let key: String
  let other: String
  let json: Bool

  init(_ parsed: Parsed) {
    key = parsed.positionals[0]
    other = parsed.positionals[1]
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let player = try await find(key, in: roster)
    let otherPlayer = try await find(other, in: roster)
    let (swapped, otherSwapped) = try await roster.swapPlayers(id: player.id, with: otherPlayer.id)
    print(
      json
        ? text(TeamJSON.encode([swapped, otherSwapped], pretty: true))
        : localized(
          "%1$@ is now %2$@, %3$@ %4$@.", swapped.name, swapped.lineup.displayName(in: .system),
          otherSwapped.name, otherSwapped.lineup.displayName(in: .system)))
  }
}

struct TransferPlayer: Command {
  static let name = "players move-team"
  static let abstract =
    "Move a player to another team (a promotion, a demotion): one change, their history kept."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options = [
    Option(name: "--to", value: "TAG", help: "The team's tag.", isRequired: true), jsonFlag,
  ]
  let key: String
  let target: String
  let json: Bool

  init(_ parsed: Parsed) {
    key = parsed.positionals[0]
    target = parsed.value("--to") ?? ""
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let organisation = try await roster.organisation()
    let player = try await find(key, in: roster)
    let from = Team.find(player.teamID.uuidString, in: organisation.teams)
    let to = try team(target, in: organisation)
    let moved = try await roster.teams.transferPlayer(id: player.id, to: to.id.uuidString)
    print(
      json
        ? text(TeamJSON.encode(moved, pretty: true))
        : localized("Moved %1$@ from %2$@ to %3$@.", moved.name, from?.name ?? "?", to.name))
  }
}

struct ListTrash: Command {
  static let name = "trash"
  static let abstract = "List Recently removed: who, and when (kept 30 days)."
  static let options = [jsonFlag]
  let json: Bool

  init(_ parsed: Parsed) { json = parsed.flag("--json") }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let removed = try await roster.removedPlayers()
    print(json ? text(TeamJSON.encode(removed, pretty: true)) : Table.removed(removed))
  }
}

import Foundation
import TeamKit
import TeamStore

/// Every command, in the order `kcorp --help` and the README list them.
let commands: [any Command.Type] = [
  Serve.self, ListPlayers.self, ShowPlayer.self, AddPlayer.self, RemovePlayer.self,
  ListChampions.self, Export.self, Import.self,
]

private let jsonFlag = Option.flag("--json", "Print JSON (the API's shape) instead of a table.")

// MARK: - Players

struct ListPlayers: Command {
  static let name = "players list"
  static let abstract = "List the roster, in order."
  static let options = [jsonFlag]
  let json: Bool

  init(_ parsed: Parsed) { json = parsed.flag("--json") }

  func run(_ context: Context) throws {
    let players = try context.store().players
    print(json ? text(TeamJSON.encode(players, pretty: true)) : Table.players(players))
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

  func run(_ context: Context) throws {
    let player = try find(key, in: context.store())
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
  static let options = [
    Option(name: "--name", value: "N", help: "The pseudo.", isRequired: true),
    Option(
      name: "--position", value: "P", help: "The role: Top, Jungle, Mid, ADC or Support.",
      isRequired: true),
    Option(name: "--image", value: "I", help: "The picture's name."),
    Option(name: "--champion", value: "C", help: "A favourite champion.", repeats: true),
    jsonFlag,
  ]
  let input: PlayerInput
  let json: Bool

  init(_ parsed: Parsed) {
    input = PlayerInput(
      name: parsed.value("--name") ?? "", position: parsed.value("--position") ?? "",
      image: parsed.value("--image") ?? Player.defaultImage,
      favoriteChampions: parsed.values["--champion"] ?? [])
    json = parsed.flag("--json")
  }

  func run(_ context: Context) throws {
    let player = try context.store().addPlayer(input)
    print(
      json
        ? text(TeamJSON.encode(player, pretty: true))
        : "Added \(player.name) (\(player.position.displayName)), id \(player.id).")
  }
}

struct RemovePlayer: Command {
  static let name = "players remove"
  static let abstract = "Remove a player."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options: [Option] = []
  let key: String

  init(_ parsed: Parsed) { key = parsed.positionals[0] }

  func run(_ context: Context) throws {
    let store = try context.store()
    let player = try find(key, in: store)
    try store.removePlayer(id: player.id)
    print("Removed \(player.name).")
  }
}

// MARK: - Champions, export, import

struct ListChampions: Command {
  static let name = "champions"
  static let abstract = "List the champions a player can favour."
  static let options = [jsonFlag]
  static let usesDatabase = false
  let json: Bool

  init(_ parsed: Parsed) { json = parsed.flag("--json") }

  func run(_ context: Context) throws {
    print(
      json
        ? text(TeamJSON.encode(Champion.catalog, pretty: true)) : Table.champions(Champion.catalog))
  }
}

struct Export: Command {
  static let name = "export"
  static let abstract = "Write the roster as JSON (the `--json` shape)."
  static let options = [
    Option(
      name: "--output", value: "FILE",
      help: "Write to FILE (replaced atomically) instead of standard output.")
  ]
  let output: String?

  init(_ parsed: Parsed) { output = parsed.value("--output") }

  func run(_ context: Context) throws {
    let data = TeamJSON.encode(try context.store().players, pretty: true) + Data("\n".utf8)
    guard let output else {
      FileHandle.standardOutput.write(data)
      return
    }
    do {
      try data.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw CLIError(
        code: .ioError, message: "Cannot write \(output): \(error.localizedDescription)")
    }
  }
}

struct Import: Command {
  static let name = "import"
  static let abstract =
    "Replace the roster with an export; every player is checked first, all or nothing."
  static let arguments = [Argument(name: "FILE", help: "The file to import.")]
  static let options: [Option] = []
  let file: String

  init(_ parsed: Parsed) { file = parsed.positionals[0] }

  func run(_ context: Context) throws {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw CLIError(
        code: .notFound, message: "Cannot read \(file): \(error.localizedDescription)")
    }
    let entries = try TeamJSON.decode([ImportEntry].self, from: data)
    try context.store().replaceRoster(with: entries.map(\.input), ids: entries.map(\.id))
    print("Imported \(entries.count) player\(entries.count == 1 ? "" : "s").")
  }
}

/// One player of an import file: the input, and the id to keep when the file has one.
struct ImportEntry: Decodable {
  let id: UUID?
  let input: PlayerInput

  private enum CodingKeys: String, CodingKey { case id }

  init(from decoder: any Decoder) throws {
    id = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(UUID.self, forKey: .id)
    input = try PlayerInput(from: decoder)
  }
}

// MARK: - Helpers

private func find(_ key: String, in store: RosterStore) throws(CLIError) -> Player {
  guard let player = Player.find(key, in: store.players) else {
    throw CLIError(code: .notFound, message: "No player “\(key)” in the roster.")
  }
  return player
}

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

import Foundation
import TeamKit
import TeamStore
import TeamWeb

/// The `kcorp` command line: parses, runs one command, returns its exit code.
enum KCorpCommand {
  static let version = "1.0.0"

  static let usage = """
    kcorp — the KCorp team roster.

    Usage:
      kcorp serve [--host 127.0.0.1] [--port 8080] [--images DIR]
                                                Serve the web app and the JSON API
                                                (picks up the CLI's changes within a second)
      kcorp players [list] [--json]             List the roster
      kcorp players show <pseudo|id> [--json]   Show one player
      kcorp players add --name N --position P [--image I] [--champion C]... [--json]
                                                Add a player
      kcorp players remove <pseudo|id>          Remove a player
      kcorp champions [--json]                  List the champions a player can favour
      kcorp export [--output FILE]              Write the roster as JSON
      kcorp import FILE                         Replace the roster with a JSON export
                                                (checked first; all or nothing)

    Options for every command:
      --db PATH       The database file (else $KCORP_DB, else
                      $XDG_DATA_HOME/kcorp/roster.sqlite or ~/.local/share/kcorp/roster.sqlite)
      --in-memory     Use a throwaway roster
      --help, -h      Show help;  --version  Show the version

    Exit codes: 0 success, 64 usage error, 65 invalid data, 66 not found,
    74 I/O or database error.
    """

  static let help: [String: String] = [
    "serve": """
    Usage: kcorp serve [--host 127.0.0.1] [--port 8080] [--images DIR] [--db PATH | --in-memory]

    Serves the roster's web app and its JSON API (/api/players, /api/openapi.json).
    --host    The address to listen on; 127.0.0.1 (this machine only) unless told otherwise.
    --port    The TCP port; 0 picks a free one.
    --images  A folder of pictures named after image names (canna.png, jax.webp, …);
              by default the ‘images’ folder beside the database. Others are drawn.
    Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
    """,
    "players": """
    Usage: kcorp players [list] [--json]
           kcorp players show <pseudo|id> [--json]
           kcorp players add --name N --position P [--image I] [--champion C]... [--json]
           kcorp players remove <pseudo|id>

    Positions: Top, Jungle, Mid, ADC, Support (also jgl, middle, bot, sup, …).
    --image is a picture name (a-z 0-9 _ - .), player_default when omitted.
    --champion may be repeated; see ‘kcorp champions’.
    """,
    "champions": "Usage: kcorp champions [--json]\n\nLists the champions a player can favour.",
    "export": """
    Usage: kcorp export [--output FILE]

    Writes the whole roster as JSON to FILE (replaced atomically) or to standard output.
    """,
    "import": """
    Usage: kcorp import FILE

    Replaces the roster with the players in FILE (a JSON array as written by
    ‘kcorp export’). Every player is checked first: if one is invalid, nothing changes.
    """,
  ]

  /// Runs the command line and returns the exit code.
  static func run(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    do {
      try execute(Arguments(arguments), environment: environment)
      return ExitCode.success.rawValue
    } catch let error as CLIError {
      printError(error.message)
      return error.code.rawValue
    } catch let error as ValidationError {
      printError(error.description)
      return ExitCode.dataError.rawValue
    } catch let error as ImportError {
      printError(error.description)
      return ExitCode.dataError.rawValue
    } catch let error as JSONInputError {
      printError(error.message)
      return ExitCode.dataError.rawValue
    } catch {
      printError("\(error)")
      return ExitCode.ioError.rawValue
    }
  }

  private static func execute(_ arguments: Arguments, environment: [String: String]) throws {
    var positionals = arguments.positionals[...]
    let command = positionals.popFirst()
    if arguments.flags.contains("--version") && command == nil {
      print("kcorp \(version)")
      return
    }
    guard let command else {
      if arguments.flags.contains("--help") {
        print(usage)
        return
      }
      throw CLIError.usage("Name a command; see ‘kcorp --help’.")
    }
    if arguments.flags.contains("--help") {
      guard let text = help[command] else {
        throw CLIError.usage("Unknown command ‘\(command)’; see ‘kcorp --help’.")
      }
      print(text)
      return
    }
    let common: Set<String> = ["--db", "--in-memory"]
    func store() throws -> RosterStore {
      try RosterStore.open(
        DatabaseLocation.resolve(
          path: arguments.value("--db"), inMemory: arguments.flags.contains("--in-memory"),
          environment: environment))
    }

    switch command {
    case "serve":
      try arguments.allow(common.union(["--host", "--port", "--images"]), for: "serve")
      try noMore(positionals)
      let host = try arguments.value("--host") ?? "127.0.0.1"
      let portText = try arguments.value("--port") ?? "8080"
      guard let port = Int(portText), (0...65535).contains(port) else {
        throw CLIError.usage("--port takes a number from 0 to 65535, not ‘\(portText)’.")
      }
      let store = try store()
      let images =
        try arguments.value("--images").map { URL(fileURLWithPath: $0) }
        ?? (store.path == ":memory:"
          ? nil
          : URL(fileURLWithPath: store.path).deletingLastPathComponent()
            .appendingPathComponent("images"))
      try serve(store: store, host: host, port: port, images: images)
    case "players":
      let subcommand = positionals.popFirst() ?? "list"
      let json = arguments.flags.contains("--json")
      switch subcommand {
      case "list":
        try arguments.allow(common.union(["--json"]), for: "players list")
        try noMore(positionals)
        let players = try store().players
        print(json ? text(TeamJSON.encode(players, pretty: true)) : Table.players(players))
      case "show":
        try arguments.allow(common.union(["--json"]), for: "players show")
        let player = try find(try one(positionals, "a pseudo or id"), in: store())
        print(json ? text(TeamJSON.encode(player, pretty: true)) : Table.player(player))
      case "add":
        try arguments.allow(
          common.union(["--json", "--name", "--position", "--image", "--champion"]),
          for: "players add")
        try noMore(positionals)
        guard let name = try arguments.value("--name") else {
          throw CLIError.usage("Give the pseudo with --name.")
        }
        guard let position = try arguments.value("--position") else {
          throw CLIError.usage("Give the role with --position (Top, Jungle, Mid, ADC, Support).")
        }
        let input = PlayerInput(
          name: name, position: position,
          image: try arguments.value("--image") ?? Player.defaultImage,
          favoriteChampions: arguments.options["--champion"] ?? [])
        let player = try store().addPlayer(input)
        print(
          json
            ? text(TeamJSON.encode(player, pretty: true))
            : "Added \(player.name) (\(player.position.displayName)), id \(player.id).")
      case "remove":
        try arguments.allow(common, for: "players remove")
        let store = try store()
        let player = try find(try one(positionals, "a pseudo or id"), in: store)
        try store.removePlayer(id: player.id)
        print("Removed \(player.name).")
      default:
        throw CLIError.usage(
          "Unknown ‘players \(subcommand)’; use list, show, add or remove.")
      }
    case "champions":
      try arguments.allow(common.union(["--json"]), for: "champions")
      try noMore(positionals)
      print(
        arguments.flags.contains("--json")
          ? text(TeamJSON.encode(Champion.catalog, pretty: true))
          : Table.champions(Champion.catalog))
    case "export":
      try arguments.allow(common.union(["--output"]), for: "export")
      try noMore(positionals)
      let data = TeamJSON.encode(try store().players, pretty: true) + Data("\n".utf8)
      if let output = try arguments.value("--output") {
        do {
          try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
          throw CLIError(
            code: .ioError, message: "Cannot write \(output): \(error.localizedDescription)")
        }
      } else {
        FileHandle.standardOutput.write(data)
      }
    case "import":
      try arguments.allow(common, for: "import")
      let file = try one(positionals, "the file to import")
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: file))
      } catch {
        throw CLIError(
          code: .notFound, message: "Cannot read \(file): \(error.localizedDescription)")
      }
      let entries = try TeamJSON.decode([ImportEntry].self, from: data)
      let store = try store()
      try store.replaceRoster(with: entries.map(\.input), ids: entries.map(\.id))
      print("Imported \(entries.count) player\(entries.count == 1 ? "" : "s").")
    default:
      throw CLIError.usage("Unknown command ‘\(command)’; see ‘kcorp --help’.")
    }
  }

  /// Serves until SIGINT or SIGTERM, then lets requests in progress finish and returns.
  private static func serve(store: RosterStore, host: String, port: Int, images: URL?) throws {
    // Block SIGINT and SIGTERM before any server thread exists (threads inherit the mask):
    // they then wait, pending, for `sigwait` below, so a stop sent right after the
    // announcement is never lost.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    let server: HTTPServer
    do {
      server = try WebApp.serve(store: store, host: host, port: port, imagesFolder: images)
    } catch {
      throw CLIError(code: .ioError, message: error.description)
    }
    // Show what the CLI (another process) changes within a second.
    let refresher = DispatchSource.makeTimerSource(queue: .global())
    refresher.schedule(deadline: .now() + 1, repeating: 1)
    refresher.setEventHandler { [weak store] in try? store?.refresh() }
    refresher.resume()
    defer { refresher.cancel() }
    let shown = host.contains(":") ? "[\(host)]" : host
    print("Listening on http://\(shown):\(server.port)")
    fflush(nil)  // all streams: the line must reach a pipe now

    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    server.stop()
    print("Stopped.")
  }

  // MARK: - Helpers

  private static func one(_ positionals: ArraySlice<String>, _ what: String) throws(CLIError)
    -> String
  {
    guard positionals.count == 1, let value = positionals.first else {
      throw .usage(positionals.isEmpty ? "Give \(what)." : "Give only \(what).")
    }
    return value
  }

  private static func noMore(_ positionals: ArraySlice<String>) throws(CLIError) {
    if let extra = positionals.first { throw .usage("Unexpected argument ‘\(extra)’.") }
  }

  private static func find(_ key: String, in store: RosterStore) throws(CLIError) -> Player {
    guard let player = Player.find(key, in: store.players) else {
      throw CLIError(code: .notFound, message: "No player “\(key)” in the roster.")
    }
    return player
  }

  private static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

  /// Writes `kcorp: message` as one line, whatever the message quotes of the user's input.
  private static func printError(_ message: String) {
    let line = String(message.map { $0.isNewline ? " " : $0 })
    FileHandle.standardError.write(Data("kcorp: \(line)\n".utf8))
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

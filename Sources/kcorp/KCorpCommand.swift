import CLIBase
import ChampionArtWeb
import Discord
import Foundation
import ImportWeb
import OrganisationWeb
import RosterWeb
import SoloQueueWeb
import Synchronization
import TeamAccess
import TeamClient
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore
import TeamWeb
import WeekWeb

/// Every command, in the order `kcorp --help` and the README list them.
var commands: [any Command.Type] {
  [Serve.self] + RosterCLI.commands + ChampionArtCLI.commands + OrganisationCLI.commands
    + WeekCLI.commands + SoloQueueCLI.commands + DiscordCLI.commands + ImportCLI.commands
    + [Backup.self, Restore.self, MigrateTo.self] + AccessCLI.commands
}

/// The `kcorp` command line: finds the command, runs it, returns its exit code.
enum KCorpCommand {
  static let version = "1.0.0"

  /// Runs the command line and returns the exit code.
  static func run(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Int32 {
    do {
      try await execute(arguments, environment: environment)
      return ExitCode.success.rawValue
    } catch {
      let (code, message) = failure(error)
      // One line, whatever the message quotes of the user's input.
      let line = String(message.map { $0.isNewline ? " " : $0 })
      FileHandle.standardError.write(Data("kcorp: \(shortened(line))\n".utf8))
      return code.rawValue
    }
  }

  /// The most characters an error line quotes: a message quoting a 5 MB value must not be
  /// 5 MB long.
  static let longestErrorLine = 1000

  /// `line`, cut in the middle past ``longestErrorLine`` characters, so that its beginning
  /// (what went wrong) and its end (what to do) both stay.
  static func shortened(_ line: String) -> String {
    guard line.count > longestErrorLine else { return line }
    let half = longestErrorLine / 2
    return line.prefix(half) + " … " + line.suffix(half)
  }

  /// The exit code and message for what a command threw.
  private static func failure(_ error: any Error) -> (ExitCode, String) {
    switch error {
    case let error as CLIError: (error.code, error.message)
    case let error as HTTPServerError: (.ioError, describe(error))
    case let error as any KindedError:
      (ExitCode(error.kind), error.message.text(in: .system))
    default: (.ioError, "\(error)")
    }
  }

  /// The HTTP layer's reasons for not listening, said in the user's language.
  private static func describe(_ error: HTTPServerError) -> String {
    switch error {
    case .portInUse(let host, let port):
      localized(
        "Cannot listen on %1$@:%2$@: port %2$@ on %1$@ is already in use; stop the other server or choose another port.",
        host, port)
    case .addressNotAvailable(let host):
      localized(
        "Cannot listen on “%@”: not an address of this machine; use 127.0.0.1, ::1 or one of its own addresses.",
        host)
    case .permissionDenied(let host, let port):
      localized(
        "Cannot listen on %1$@:%2$@: ports below 1024 need privileges; choose a port of 1024 or more.",
        host, port)
    case .cannotListen(let host, let port, let reason):
      localized("Cannot listen on %1$@:%2$@: %3$@.", host, port, reason)
    }
  }

  private static func execute(_ arguments: [String], environment: [String: String]) async throws {
    // The database options may also come before the command (`kcorp --db x players`).
    var leading: [String] = []
    var arguments = arguments[...]
    while let word = arguments.first,
      word == "--in-memory" || word.hasPrefix("--db") || word.hasPrefix("--server")
        || word.hasPrefix("--database")
    {
      leading.append(arguments.removeFirst())
      if ["--db", "--server", "--database"].contains(word), let path = arguments.first {
        leading.append(path)
        arguments.removeFirst()
      }
    }
    guard let first = arguments.first else {
      if let last = leading.last, ["--db", "--server", "--database"].contains(last) {
        throw CLIError.usage(localized("%@ needs a value.", last))
      }
      throw CLIError.usage(localized("Name a command; see ‘kcorp --help’."))
    }
    switch first {
    case "--version" where arguments.count == 1 && leading.isEmpty:
      print("kcorp \(version)")
      return
    case "--help", "-h":
      print(usage)
      return
    default: break
    }
    let group = commands.filter { $0.name.hasPrefix(first + " ") }
    // `kcorp champions --help` is that command's; `kcorp teams --help` the group's.
    if !group.isEmpty, !commands.contains(where: { $0.name == first }),
      let second = arguments.dropFirst().first, ["--help", "-h"].contains(second)
    {
      print(
        localized("Usage:") + "\n"
          + group.map { "  \($0.synopsis)\n      \(localized($0.abstract))" }.joined(
            separator: "\n") + "\n\n"
          + localized("See ‘kcorp %@ --help’ and the others for their options.", group[0].name))
      return
    }
    let (command, words) = try find(Array(arguments))
    let parsed = try command.parse(leading + words)
    if parsed.flag("--help") {
      print(command.help)
      return
    }
    try await command.init(parsed).run(
      Context(environment: environment, parsed: parsed) { $0.followDiscord() })
  }

  /// The command named by the first words and the words after its name. `kcorp players`
  /// alone lists the roster; `kcorp players --help` describes the players commands.
  private static func find(_ arguments: [String]) throws(CLIError) -> (
    any Command.Type, ArraySlice<String>
  ) {
    let group = commands.filter {
      $0.name.split(separator: " ").first.map(String.init) == arguments[0]
    }
    guard !group.isEmpty else {
      throw .usage(localized("Unknown command ‘%@’; see ‘kcorp --help’.", arguments[0]))
    }
    let second = arguments.dropFirst().first
    if let second, let command = group.first(where: { $0.name == "\(arguments[0]) \(second)" }) {
      return (command, arguments.dropFirst(2))
    }
    if let command = group.first(where: { $0.name == arguments[0] }) {
      return (command, arguments.dropFirst())
    }
    if let second, !second.hasPrefix("-") {
      let names = group.map { String($0.name.split(separator: " ").last ?? "") }
      throw .usage(
        localized(
          "Unknown ‘%@ %@’; use %@ or %@.", arguments[0], second,
          names.dropLast().joined(separator: ", "), names.last ?? "")
      )
    }
    return (group[0], arguments.dropFirst())  // `kcorp players [--json]`: the first one, list
  }

  // MARK: - Help

  /// What `kcorp --help` prints: every command's synopsis and what it does.
  static var usage: String {
    var text = localized("kcorp — the KCorp team roster.") + "\n\n" + localized("Usage:") + "\n"
    for command in commands {
      text += "  \(command.synopsis)\n      \(localized(command.abstract))\n"
    }
    text += "\n" + localized("Options of every command:") + "\n"
    text += Table.columns(
      databaseOptions.map { ["  " + $0.label, localized($0.help)] } + [
        ["  -h, --help", localized("Show help; ‘kcorp <command> --help’ for one command.")],
        ["  --version", localized("Show the version.")],
      ])
    text += "\n\n"
    text += localized(
      "Exit codes: %@.",
      ExitCode.allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", "))
    return text
  }

  /// The README's table of commands, in Markdown.
  static var markdownTable: String {
    (["| command | does |", "| --- | --- |"]
      + commands.map { command in
        let synopsis = command.synopsis.replacingOccurrences(of: "|", with: "\\|")
        return "| `\(synopsis)` | \(command.abstract) |"
      }).joined(separator: "\n")
  }
}

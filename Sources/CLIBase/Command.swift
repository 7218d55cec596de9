import Foundation
import Synchronization
import TeamClient
import TeamKit
import TeamStore

/// A subcommand of `kcorp`: what it takes, declared once. Its parsing, its `--help` and the
/// README's table of commands all come from these declarations.
package protocol Command {
  /// The words that name it after `kcorp` (`players add`).
  static var name: String { get }
  /// One line: what it does.
  static var abstract: String { get }
  /// More help, printed after the options (may be empty).
  static var discussion: String { get }
  static var arguments: [Argument] { get }
  static var options: [Option] { get }

  /// Reads the parsed command line; throws a usage error for what is missing.
  init(_ parsed: Parsed) throws(CLIError)
  func run(_ context: Context) async throws
}

extension Command {
  package static var discussion: String { "" }
  package static var arguments: [Argument] { [] }
}

/// A positional argument.
package struct Argument {
  /// As shown in usage: `pseudo|id`, `FILE`.
  package let name: String
  package let help: String
  package var isOptional = false

  package init(name: String, help: String, isOptional: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
  }
}

/// An option that takes a value (`--name N`) or a flag that takes none (`--json`).
package struct Option {
  package let name: String
  /// The value's placeholder in help (`N`, `FILE`); nil for a flag.
  package let value: String?
  package let help: String
  package var isRequired = false
  package var repeats = false

  package init(
    name: String, value: String?, help: String, isRequired: Bool = false, repeats: Bool = false
  ) {
    self.name = name
    self.value = value
    self.help = help
    self.isRequired = isRequired
    self.repeats = repeats
  }

  package static func flag(_ name: String, _ help: String) -> Option {
    Option(name: name, value: nil, help: help)
  }

  package var isFlag: Bool { value == nil }

  /// `--name N`, or `--json` for a flag.
  package var label: String { value.map { "\(name) \($0)" } ?? name }

  /// `--name N`, `[--image I]`, `[--champion C]...`, `[--json]`.
  package var synopsis: String {
    isRequired ? label : "[\(label)]" + (repeats ? "..." : "")
  }
}

/// What the command line gave a command, checked against its declarations.
package struct Parsed {
  package var positionals: [String] = []
  package var flags: Set<String> = []
  package var values: [String: [String]] = [:]

  /// The value of an option (given at most once: the parser refuses more).
  package func value(_ name: String) -> String? { values[name]?.first }
  package func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// What every command runs with: the environment and the roster the options chose.
package struct Context {
  package let environment: [String: String]
  package let parsed: Parsed
  /// The command's instant: its "now" and "today".
  package let now = SystemClock.now()
  /// What the features that follow changes register on a store the command opens (a change
  /// made here is posted to Discord as the server's are).
  private let prepare: @Sendable (RosterStore) -> Void

  package init(
    environment: [String: String], parsed: Parsed,
    prepare: @escaping @Sendable (RosterStore) -> Void = { _ in }
  ) {
    self.environment = environment
    self.parsed = parsed
    self.prepare = prepare
  }

  /// Opens the roster chosen by `--in-memory`, `--db`, `--database`, `$KCORP_DATABASE_URL`,
  /// `$KCORP_DB` or the default path, for the commands that work on a database directly.
  package func store() throws -> RosterStore {
    let store = try RosterStore.open(location())
    prepare(store)
    return store
  }

  /// Where the database is, from `--in-memory`, `--db`, `--database`, `$KCORP_DATABASE_URL`,
  /// `$KCORP_DB` or the default path.
  package func location() throws -> DatabaseLocation {
    if let server = serverAddress {
      throw CLIError.usage(
        localized(
          "This command works on this machine's database, not on %@: drop --server, or unset $KCORP_SERVER.",
          server)
      )
    }
    let location = DatabaseLocation.resolve(
      path: parsed.value("--db"), inMemory: parsed.flag("--in-memory"),
      database: parsed.value("--database"), environment: environment)
    if case .postgres(let url) = location, let problem = DatabaseLocation.problem(postgres: url) {
      throw CLIError.usage(localized("$KCORP_DATABASE_URL: %@", problem))
    }
    return location
  }

  /// Where the commands' roster is, for people: the server's address, or the database's
  /// path.
  package var watchedPlace: String {
    get throws {
      if let server = try server { return server.url.absoluteString }
      switch try location() {
      case .file(let path): return path
      case .inMemory: return ":memory:"
      case .postgres(let url): return DatabaseLocation.displayName(postgres: url)
      }
    }
  }

  /// The address `--server` or `$KCORP_SERVER` gives, if any.
  package var serverAddress: String? {
    (parsed.value("--server") ?? environment["KCORP_SERVER"]).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The team's server from `--server` or `$KCORP_SERVER`, with the API token of
  /// `$KCORP_TOKEN` (never on the command line, where other users of the machine see it).
  package var server: TeamServer? {
    get throws {
      guard let text = serverAddress else { return nil }
      guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""),
        url.host != nil
      else {
        throw CLIError.usage(
          localized("--server takes an address such as https://roster.example.org, not ‘%@’.", text)
        )
      }
      guard let token = environment["KCORP_TOKEN"], !token.isEmpty else {
        throw CLIError(
          code: .noPermission,
          message:
            localized(
              "Set $KCORP_TOKEN to an API token of %@ (an owner creates one with ‘kcorp tokens create’).",
              url.host ?? text)
        )
      }
      return TeamServer(url: url, credential: .token(token))
    }
  }

  /// The roster the command reads and changes: the team's server when one is named, else
  /// this machine's database (whose events look for other processes' changes four times a
  /// second).
  package func roster() throws -> any RosterSource {
    if let server = try server { return server }
    return LocalRoster(store: try store(), polling: .milliseconds(250), author: author)
  }

  /// Who the history names for changes made here: the machine's user at the command line.
  package var author: String {
    // The account's name from the system, not $USER, which a service may not set.
    let name = getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
    return RosterChange.commandLineAuthor(user: name ?? environment["USER"] ?? "")
  }
}

/// A failure that ends the command: one line on stderr and a documented exit code.
package struct CLIError: Error {
  package let code: ExitCode
  package let message: String

  package init(code: ExitCode, message: String) {
    self.code = code
    self.message = message
  }

  package static func usage(_ message: String) -> CLIError {
    CLIError(code: .usage, message: message)
  }
}

/// The exit codes of `kcorp`, from sysexits.h.
package enum ExitCode: Int32, CaseIterable {
  case success = 0
  /// The command line is wrong.
  case usage = 64
  /// The data given is invalid (a player, an import file).
  case dataError = 65
  /// No such player, team, account, token or input file.
  case notFound = 66
  /// The team's server cannot be reached, or answered what kcorp does not understand.
  case unavailable = 69
  /// The database or a file could not be read or written, or the port is in use.
  case ioError = 74
  /// Someone else changed the roster meanwhile: nothing was written; try again.
  case changedMeanwhile = 75
  /// The team's server refused the token, or the token may not do this.
  case noPermission = 77
  /// The server cannot run as configured (sign-in required and no account yet).
  case config = 78

  /// The CLI's answer to each kind of error: the one table of exit codes.
  package init(_ kind: ErrorKind) {
    self =
      switch kind {
      case .malformed, .invalid, .conflict, .tooLarge: .dataError
      case .changed: .changedMeanwhile
      case .notFound: .notFound
      case .unauthorized, .forbidden: .noPermission
      case .throttled, .unavailable: .unavailable
      case .storage: .ioError
      }
  }

  package var meaning: String {
    switch self {
    case .success: localized("success")
    case .usage: localized("usage error")
    case .dataError: localized("invalid data")
    case .notFound: localized("not found (a player, team, account, token or input file)")
    case .ioError: localized("I/O or database error (including a port already in use)")
    case .unavailable: localized("the team’s server cannot be reached")
    case .changedMeanwhile:
      localized("changed by someone else meanwhile (nothing written; try again)")
    case .noPermission: localized("the team’s server refused the token or the change")
    case .config: localized("configuration error (sign-in required and no account yet)")
    }
  }
}

// MARK: - Parsing

/// Options every command takes (those that never open the roster ignore them).
package let databaseOptions = [
  Option(
    name: "--server", value: "URL",
    help:
      "Work on the team's server (else $KCORP_SERVER) instead of a database, with the API token in $KCORP_TOKEN."
  ),
  Option(
    name: "--db", value: "PATH",
    help:
      "The database file (else $KCORP_DB, else $XDG_DATA_HOME/kcorp/roster.sqlite or ~/.local/share/kcorp/roster.sqlite)."
  ),
  Option(
    name: "--database", value: "URL",
    help:
      "A PostgreSQL database (postgresql://user@host/name, else $KCORP_DATABASE_URL) instead of a file; the password from PGPASSFILE or $PGPASSWORD."
  ),
  Option.flag("--in-memory", "Use a throwaway roster."),
]

extension Command {
  /// Every option it takes, `--help` aside; every command takes the database options.
  package static var allOptions: [Option] { options + databaseOptions }

  /// Parses the words after the command's name.
  ///
  /// An option's value is never taken from the next word when that word starts with a dash:
  /// `--name --json` is a usage error. A value that starts with a dash is given as
  /// `--name=-x`, and after `--` every word is a positional argument.
  package static func parse(_ words: ArraySlice<String>) throws(CLIError) -> Parsed {
    var parsed = Parsed()
    var rest = words
    while let word = rest.popFirst() {
      if word == "--" {
        parsed.positionals += rest
        break
      }
      if word == "-h" || word == "--help" {
        parsed.flags.insert("--help")
        continue
      }
      guard word.hasPrefix("-"), word != "-" else {
        parsed.positionals.append(word)
        continue
      }
      var name = word
      var inline: String?
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        inline = String(word[word.index(after: equals)...])
      }
      guard let option = allOptions.first(where: { $0.name == name }) else {
        throw .usage(
          localized(
            "‘kcorp %@’ does not take %@; see ‘kcorp %@ --help’.", self.name, name, self.name))
      }
      if option.isFlag {
        guard inline == nil else { throw .usage(localized("%@ takes no value.", name)) }
        parsed.flags.insert(name)
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else if let next = rest.first, !next.hasPrefix("-") || next == "-" {
        value = next
        rest.removeFirst()
      } else {
        throw .usage(
          localized("%@ needs a value; for one that starts with a dash write %@=VALUE.", name, name)
        )
      }
      guard option.repeats || parsed.values[name] == nil else {
        throw .usage(localized("Give %@ only once.", name))
      }
      parsed.values[name, default: []].append(value)
    }
    if parsed.flag("--help") { return parsed }
    try check(parsed)
    return parsed
  }

  /// Refuses what the words lack or give twice: arguments, one database, required options.
  package static func check(_ parsed: Parsed) throws(CLIError) {
    let most = arguments.count
    if parsed.positionals.count > most {
      throw .usage(localized("Unexpected argument ‘%@’.", parsed.positionals[most]))
    }
    if let missing = arguments.dropFirst(parsed.positionals.count).first(where: { !$0.isOptional })
    {
      throw .usage(localized("Give <%1$@>: %2$@", missing.name, localized(missing.help)))
    }
    let databases = [
      parsed.flag("--in-memory"), parsed.values["--db"] != nil, parsed.values["--database"] != nil,
    ].filter { $0 }.count
    if databases > 1 {
      throw .usage(localized("Give one of --db, --database and --in-memory."))
    }
    if parsed.values["--server"] != nil && databases > 0 {
      throw .usage(
        localized("Give --server or a database (--db, --database, --in-memory), not both."))
    }
    if let url = parsed.value("--database"),
      let problem = DatabaseLocation.problem(postgres: url, onCommandLine: true)
    {
      throw .usage(problem.description)
    }
    for option in options where option.isRequired && parsed.values[option.name] == nil {
      throw .usage(localized("Give %1$@: %2$@", option.name, localized(option.help)))
    }
  }
}

// MARK: - Help

extension Command {
  /// `kcorp players add --name N … [--json]`, without the database options.
  package static var synopsis: String {
    (["kcorp", name]
      + arguments.map { $0.isOptional ? "[\($0.name)]" : "<\($0.name)>" }
      + options.map(\.synopsis)).joined(separator: " ")
  }

  /// What `kcorp <command> --help` prints.
  package static var help: String {
    let usage = synopsis + " [--db PATH | --database URL | --in-memory]"
    var rows = arguments.map { ("<\($0.name)>", localized($0.help)) }
    rows += allOptions.map { ($0.label, localized($0.help)) }
    rows.append(("-h, --help", localized("Show this help.")))
    var text =
      localized("Usage: %@", usage) + "\n\n\(localized(abstract))\n\n"
      + Table.columns(rows.map { ["  " + $0.0, $0.1] })
    if !discussion.isEmpty { text += "\n\n" + localized(discussion) }
    return text
  }
}

/// The `--json` flag of the commands that print a table.
package let jsonFlag = Option.flag("--json", "Print JSON (the API's shape) instead of a table.")

/// Output bytes as text.
package func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

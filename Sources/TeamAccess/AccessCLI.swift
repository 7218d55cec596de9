import CLIBase
import Foundation
import TeamAccess
import TeamClient
import TeamKit
import TeamStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private let roleOption = Option(
  name: "--role", value: "R", help: "owner, editor or viewer.", isRequired: true)
private let passwordStdin = Option.flag(
  "--password-stdin", "Read the password from standard input (else it is asked for).")

private func role(_ text: String?) throws(CLIError) -> Role {
  guard let role = text.flatMap({ Role(rawValue: $0.lowercased()) }) else {
    throw .usage(localized("--role takes owner, editor, player or viewer, not ‘%@’.", text ?? ""))
  }
  return role
}

private let teamsOption = Option(
  name: "--team", value: "TAG",
  help: "A team the role holds on (repeat for several); every team when omitted.", repeats: true)

/// The teams `tags` name, nil for none given (every team).
/// - Throws: ``CLIError`` for an owner limited to teams, or a tag no team has.
private func teams(_ tags: [String]?, role: Role, in store: RosterStore) throws(CLIError)
  -> Set<UUID>?
{
  guard let tags else { return nil }
  guard role != .owner else {
    throw .usage(
      localized("An owner holds on every team: drop --team, or choose editor or viewer."))
  }
  let roster = store.roster
  var ids: Set<UUID> = []
  for tag in tags {
    guard let team = roster.team(tag) else {
      throw CLIError(
        code: .notFound,
        message: localized(
          "No team has the tag “%1$@”; choose one of %2$@.", tag,
          roster.teams.map(\.tag).joined(separator: ", ")))
    }
    ids.insert(team.id)
  }
  return ids
}

/// A role as the tables show it: with its teams when it holds on some only.
private func described(_ role: Role, teams: Set<UUID>?, in store: RosterStore) -> String {
  guard let teams else { return role.displayName(in: .system) }
  let tags = store.roster.teams.filter { teams.contains($0.id) }.map(\.tag)
  return localized("%1$@ of %2$@", role.displayName(in: .system), tags.joined(separator: ", "))
}

/// The access rules over the chosen database.
private func access(_ context: Context) throws -> AccessControl {
  AccessControl(store: try context.store())
}

/// A new password: one line of standard input, or typed twice on the terminal unseen.
private func newPassword(fromStandardInput: Bool) throws -> String {
  if fromStandardInput {
    guard let line = readLine(strippingNewline: true) else {
      throw CLIError.usage(localized("Give the password on standard input."))
    }
    return line
  }
  guard isatty(STDIN_FILENO) == 1 else {
    throw CLIError.usage(
      localized("Standard input is not a terminal: give the password with --password-stdin."))
  }
  let first = try Terminal.readSecret(prompt: localized("Password: "))
  let second = try Terminal.readSecret(prompt: localized("Password again: "))
  guard first == second else {
    throw CLIError(
      code: .dataError, message: localized("The two passwords differ; nothing was changed."))
  }
  return first
}

/// The accounts' and tokens' commands: `kcorp users …`, `kcorp tokens …`.
package enum AccessCLI {
  package static let commands: [any Command.Type] = [
    AddUser.self, ListUsers.self, RemoveUser.self, ChangePassword.self, CreateToken.self,
    ListTokens.self, RevokeToken.self,
  ]
}

struct AddUser: Command {
  static let name = "users add"
  static let abstract =
    "Create a staff account (the password is asked for, or read with --password-stdin)."
  static let arguments = [Argument(name: "name", help: "The account's name.")]
  static let options = [
    Option(
      name: "--role", value: "R", help: "owner, editor, viewer, or player (with --player).",
      isRequired: true),
    teamsOption,
    Option(
      name: "--player", value: "pseudo|id",
      help: "The player a player's account is: it sets their availability and answers only."),
    passwordStdin,
  ]
  let name: String
  let role: Role
  let tags: [String]?
  let player: String?
  let standardInput: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    name = parsed.positionals[0]
    role = try TeamAccess.role(parsed.value("--role"))
    tags = parsed.values["--team"]
    player = parsed.value("--player")
    standardInput = parsed.flag("--password-stdin")
    if (role == .player) != (player != nil) {
      throw .usage(localized("Give --player with --role player, and only then."))
    }
  }

  func run(_ context: Context) async throws {
    let store = try context.store()
    var teams = try TeamAccess.teams(tags, role: role, in: store)
    var player: Player?
    if let key = self.player {
      guard let found = Player.find(key, in: store.players) else {
        throw CLIError(code: .notFound, message: localized("No player “%@” in the roster.", key))
      }
      player = found
      teams = [found.teamID]  // a player's account belongs to their team
    }
    try await AccessControl(store: store).addAccount(
      name: name, role: role, password: try newPassword(fromStandardInput: standardInput),
      teams: teams, player: player?.id)
    print(
      localized(
        "Added %@ (%@).", name,
        player.map { localized("%1$@, %2$@", role.displayName(in: .system), $0.name) }
          ?? described(role, teams: teams, in: store)))
  }
}

struct ListUsers: Command {
  static let name = "users list"
  static let abstract = "List the staff accounts and their roles."
  static let options: [Option] = []

  init(_ parsed: Parsed) {}

  func run(_ context: Context) async throws {
    let store = try context.store()
    let accounts = try store.accounts.all()
    print(
      accounts.isEmpty
        ? localized("No accounts yet. Create the first with ‘kcorp users add NAME --role owner’.")
        : Table.columns(
          [[localized("NAME"), localized("ROLE"), localized("CREATED")]]
            + accounts.map {
              [
                $0.name, described($0.role, teams: $0.teams, in: store),
                $0.createdAt.formatted(.iso8601),
              ]
            }))
  }
}

struct RemoveUser: Command {
  static let name = "users remove"
  static let abstract = "Remove a staff account and end its sessions."
  static let arguments = [Argument(name: "name", help: "The account's name.")]
  static let options: [Option] = []
  let name: String

  init(_ parsed: Parsed) { name = parsed.positionals[0] }

  func run(_ context: Context) async throws {
    try await access(context).removeAccount(name: name)
    print(localized("Removed %@; their sessions are ended.", name))
  }
}

struct ChangePassword: Command {
  static let name = "users passwd"
  static let abstract = "Set a new password for an account; its sessions end."
  static let arguments = [Argument(name: "name", help: "The account's name.")]
  static let options = [passwordStdin]
  let name: String
  let standardInput: Bool

  init(_ parsed: Parsed) {
    name = parsed.positionals[0]
    standardInput = parsed.flag("--password-stdin")
  }

  func run(_ context: Context) async throws {
    try await access(context).setPassword(
      name: name, password: try newPassword(fromStandardInput: standardInput))
    print(localized("Changed %@'s password; their sessions are ended.", name))
  }
}

struct CreateToken: Command {
  static let name = "tokens create"
  static let abstract = "Create an API token for scripts and print it (shown only this once)."
  static let options = [
    Option(name: "--name", value: "N", help: "What the token is for.", isRequired: true),
    roleOption,
    teamsOption,
  ]
  let name: String
  let role: Role
  let tags: [String]?

  init(_ parsed: Parsed) throws(CLIError) {
    name = parsed.value("--name") ?? ""
    role = try TeamAccess.role(parsed.value("--role"))
    tags = parsed.values["--team"]
  }

  func run(_ context: Context) async throws {
    let store = try context.store()
    let teams = try TeamAccess.teams(tags, role: role, in: store)
    print(try await AccessControl(store: store).createToken(name: name, role: role, teams: teams))
  }
}

struct ListTokens: Command {
  static let name = "tokens list"
  static let abstract = "List the API tokens, their roles and last use."
  static let options: [Option] = []

  init(_ parsed: Parsed) {}

  func run(_ context: Context) async throws {
    let store = try context.store()
    let tokens = try store.tokens.all()
    print(
      tokens.isEmpty
        ? localized("No API tokens.")
        : Table.columns(
          [[localized("NAME"), localized("ROLE"), localized("CREATED"), localized("LAST USED")]]
            + tokens.map {
              [
                $0.name, described($0.role, teams: $0.teams, in: store),
                $0.createdAt.formatted(.iso8601),
                $0.lastUsed?.formatted(.iso8601) ?? localized("never"),
              ]
            }))
  }
}

struct RevokeToken: Command {
  static let name = "tokens revoke"
  static let abstract = "Revoke an API token at once."
  static let arguments = [Argument(name: "name", help: "The token's name.")]
  static let options: [Option] = []
  let name: String

  init(_ parsed: Parsed) { name = parsed.positionals[0] }

  func run(_ context: Context) async throws {
    try await access(context).revokeToken(name: name)
    print(localized("Revoked %@.", name))
  }
}

/// Reading a secret from the terminal without showing it.
enum Terminal {
  static func readSecret(prompt: String) throws -> String {
    let tty = open("/dev/tty", O_RDWR)
    guard tty >= 0 else {
      throw CLIError.usage(localized("No terminal to ask the password on: use --password-stdin."))
    }
    defer { close(tty) }
    _ = prompt.withCString { write(tty, $0, strlen($0)) }
    var saved = termios()
    tcgetattr(tty, &saved)
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(tty, TCSAFLUSH, &silent)
    defer {
      tcsetattr(tty, TCSAFLUSH, &saved)
      _ = write(tty, "\n", 1)
    }
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(tty, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

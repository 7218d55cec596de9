import CLIBase
import Discord
import Foundation
import TeamClient
import TeamKit
import TeamOutbound
import TeamStore

/// Discord's commands: `kcorp discord …`.
package enum DiscordCLI {
  package static let commands: [any Command.Type] = [
    ShowDiscord.self, SetDiscordWebhook.self, PrintDiscordCommands.self,
    RegisterDiscordCommands.self,
  ]
}

struct ShowDiscord: Command {
  static let name = "discord"
  static let abstract =
    "Each team's Discord settings and its last posts (never a webhook's address)."
  static let options = [Option(name: "--team", value: "TAG", help: "Only this team.")]
  let team: String?

  init(_ parsed: Parsed) {
    team = parsed.value("--team")
  }

  func run(_ context: Context) async throws {
    let organisation = try await context.roster().organisation()
    let teams = try team.map { [try CLIBase.team($0, in: organisation)] } ?? organisation.teams
    for team in teams {
      let shown: DiscordSettingsShown
      if let server = try context.server {
        shown = try await server.discord.settings(team: team.tag)
      } else {
        let store = try context.store()
        shown = Self.shown(
          try store.discord.team(team.id), posts: try store.discord.posts(team: team.id))
      }
      print(Self.line(team, shown))
      for post in shown.posts { print("  " + Self.line(post)) }
    }
  }

  static func shown(_ settings: DiscordTeamSettings, posts: [DiscordSent]) -> DiscordSettingsShown {
    DiscordSettingsShown(
      kinds: DiscordKind.allCases.filter(settings.kinds.contains).map(\.rawValue),
      language: settings.language.rawValue, off: settings.off,
      posts: posts.map {
        DiscordSettingsShown.Post(
          attempts: $0.attempts, created: $0.created.formatted(.iso8601), kind: $0.kind.rawValue,
          reason: $0.reason, sent: $0.sent?.formatted(.iso8601), state: $0.state.rawValue,
          title: $0.title)
      }, webhookSet: settings.hasWebhook)
  }

  /// `KC: posts on (fr) — planned, changed, cancelled`.
  static func line(_ team: Team, _ shown: DiscordSettingsShown) -> String {
    let state =
      shown.off.map { localized("off: %@", $0) }
      ?? (shown.webhookSet ? localized("posts on (%@)", shown.language) : localized("no webhook"))
    return "\(team.tag): \(state) — \(shown.kinds.joined(separator: ", "))"
  }

  /// `sent   Planned: Scrim vs G2 (1 try)`.
  static func line(_ post: DiscordSettingsShown.Post) -> String {
    let reason = post.reason.map { " — \($0)" } ?? ""
    return "\(post.state.padding(toLength: 8, withPad: " ", startingAt: 0))\(post.title) "
      + localized("(%@ {1:try|tries})", post.attempts) + reason
  }
}

struct SetDiscordWebhook: Command {
  static let name = "discord webhook"
  static let abstract = "Set a team's Discord webhook address: the team's posts go to its channel."
  static let discussion = """
    The address is a secret, like a calendar address: it is never shown again. Give - as
    the address to read it from standard input (kept out of the shell's history).
    """
  static let arguments = [
    Argument(name: "TAG", help: "The team's tag."),
    Argument(
      name: "URL",
      help: "The webhook's address, as Discord copies it; - reads it from standard input.",
      isOptional: true),
  ]
  static let options = [
    Option.flag("--off", "Turn the team's posts off and forget the address."),
    Option(
      name: "--discord-api", value: "URL",
      help: "A stand-in of Discord's API (its webhooks are then taken too); Discord's by default."
    ),
  ]
  let tag: String
  let webhook: String?
  let off: Bool
  let standIn: URL?

  init(_ parsed: Parsed) throws(CLIError) {
    tag = parsed.positionals[0]
    standIn = parsed.value("--discord-api").flatMap(URL.init(string:))
    off = parsed.flag("--off")
    webhook = parsed.positionals.count > 1 ? parsed.positionals[1] : nil
    if off == (webhook != nil) {
      throw .usage(localized("Give the webhook’s address, or --off to turn the posts off."))
    }
  }

  func run(_ context: Context) async throws {
    var address = webhook
    if address == "-" {
      address = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
      guard let address, !address.isEmpty else {
        throw CLIError.usage(localized("Give the webhook’s address on standard input."))
      }
    }
    if let server = try context.server {
      if standIn != nil {
        throw CLIError.usage(
          localized(
            "--discord-api is the server's own (kcorp serve --discord-api): drop it with --server.")
        )
      }
      try await server.discord.setWebhook(team: tag, webhook: address, off: off)
    } else {
      let store = try context.store()
      let team = try team(tag, in: try await context.roster().organisation())
      try await store.discord.setTeam(
        team: team.id, webhook: off ? "" : address ?? "", alsoAt: standIn)
    }
    print(
      off
        ? localized("%@’s Discord posts are off.", tag)
        : localized("%@’s posts go to the webhook’s channel.", tag))
  }
}

struct PrintDiscordCommands: Command {
  static let name = "discord commands"
  static let abstract =
    "Print the slash commands' JSON, as Discord's developer portal registers it."
  static let options: [Option] = []

  init(_ parsed: Parsed) {}

  func run(_ context: Context) async throws {
    print(text(TeamJSON.encode(DiscordCommands.definitions, pretty: true)))
  }
}

struct RegisterDiscordCommands: Command {
  static let name = "discord register"
  static let abstract =
    "Register the slash commands with Discord, the bot token read from $KCORP_DISCORD_TOKEN or standard input."
  static let options = [
    Option(
      name: "--application", value: "ID",
      help: "The application's id (the one kept by the settings page by default)."),
    Option(
      name: "--discord-api", value: "URL",
      help: "Discord's API at another address (https://discord.com/api/v10 by default)."),
  ]
  let application: String?
  let api: String

  init(_ parsed: Parsed) {
    application = parsed.value("--application")
    api = parsed.value("--discord-api") ?? DiscordClient.address
  }

  func run(_ context: Context) async throws {
    let id: String? =
      if let application { application } else {
        try context.store().discord.application().applicationID
      }
    guard let id else {
      throw CLIError.usage(
        localized("Give the application's id: --application ID, or on the team's Discord page."))
    }
    let token =
      context.environment["KCORP_DISCORD_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
      ?? readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
    guard let token, !token.isEmpty else {
      throw CLIError.usage(
        localized("Give the bot token in $KCORP_DISCORD_TOKEN or on standard input."))
    }
    do {
      let count = try await DiscordClient.registerCommands(
        base: api, applicationID: id, token: token)
      print(localized("Discord keeps %@ commands for the application.", count))
    } catch {
      throw CLIError(code: .unavailable, message: error.message.text(in: .system))
    }
  }
}

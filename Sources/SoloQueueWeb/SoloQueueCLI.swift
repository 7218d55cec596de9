import CLIBase
import Foundation
import Riot
import SoloQueueWeb
import TeamClient
import TeamKit
import TeamOutbound
import TeamStore

/// `--riot-api URL`: Riot's API elsewhere (a stand-in, a mirror, a proxy).
package let riotAPIOption = Option(
  name: "--riot-api", value: "URL",
  help:
    "Riot's API at another address, {routing} standing for the platform or region (http://127.0.0.1:8099/{routing}); Riot's hosts by default."
)

/// The `--riot-api` address, checked; Riot's hosts when none is given.
package func riotAPIAddress(_ parsed: Parsed) throws(CLIError) -> String {
  guard let text = parsed.value("--riot-api") else { return RiotAPI.address }
  guard RiotConnection.isBase(text) else {
    throw .usage(
      localized(
        "--riot-api needs an http or https address with {routing} in it, not ‘%@’.", text))
  }
  return text
}

/// Solo queue's commands: `kcorp riot …`.
package enum SoloQueueCLI {
  package static let commands: [any Command.Type] = [
    ShowRiot.self, SetRiotKey.self, RefreshRiot.self,
  ]
}

struct ShowRiot: Command {
  static let name = "riot"
  static let abstract = "The Riot API settings: whether a key is set, the platform, the games kept."
  static let options = [
    Option(name: "--platform", value: "P", help: "Ask this platform (euw1, kr, na1…)."),
    Option(name: "--games", value: "N", help: "Keep the last N ranked games a player (1–100)."),
  ]
  let input: RiotSettingsInput

  init(_ parsed: Parsed) throws(CLIError) {
    let games = parsed.value("--games")
    if let games, Int(games) == nil {
      throw .usage(localized("--games takes a number from 1 to 100, not ‘%@’.", games))
    }
    input = RiotSettingsInput(
      platform: parsed.value("--platform"), games: games.flatMap { Int($0) })
  }

  func run(_ context: Context) async throws {
    let changes = input.platform != nil || input.games != nil
    let key: String
    let settings: RiotSettings
    if let server = try context.server {
      if changes { try await server.riot.setSettings(input) }
      let shown = try await server.riot.settings()
      settings = RiotSettings(
        keyGiven: shown.keyGiven.flatMap { try? Date($0, strategy: .iso8601) },
        platform: RiotPlatform(rawValue: shown.platform) ?? .euw1, games: shown.games)
      key = Self.key(fromServer: shown.keyFromServer, given: settings.keyGiven)
    } else {
      let store = try context.store()
      if changes { try await store.riot.apply(input) }
      settings = try store.riot.settings()
      let environment = context.environment["KCORP_RIOT_KEY"].map { !$0.isEmpty } ?? false
      key = Self.key(fromServer: environment, given: settings.keyGiven)
    }
    print(localized("Key: %@", key))
    print(
      localized(
        "Platform: %1$@ (region %2$@)", settings.platform.rawValue, settings.platform.region))
    print(localized("Ranked games kept a player: %@", settings.games))
  }

  /// Where the key in use comes from, in words (never the key).
  static func key(fromServer: Bool, given: Date?) -> String {
    if fromServer { return localized("from $KCORP_RIOT_KEY") }
    return given.map { localized("set on %@", Day($0, in: .current).formatted(in: .system)) }
      ?? localized("none (kcorp riot key)")
  }
}

struct SetRiotKey: Command {
  static let name = "riot key"
  static let abstract =
    "Give the server the Riot API key, read from standard input (never from the command line)."
  static let discussion = """
    The key stays on the server: never shown again, logged, exported or backed up. A
    development key expires every 24 hours; a personal key suits one organisation's tool.
    """
  static let options = [Option.flag("--forget", "Remove the key: solo queue is then off.")]
  let forget: Bool

  init(_ parsed: Parsed) {
    forget = parsed.flag("--forget")
  }

  func run(_ context: Context) async throws {
    var key: String?
    if !forget {
      key = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
      guard let key, !key.isEmpty else {
        throw CLIError.usage(localized("Give the key on standard input: kcorp riot key < key.txt"))
      }
    }
    let input = forget ? RiotSettingsInput(forget: true) : RiotSettingsInput(key: key)
    if let server = try context.server {
      try await server.riot.setSettings(input)
    } else {
      try await context.store().riot.apply(input)
    }
    print(
      forget ? localized("The Riot API key was removed.") : localized("The Riot API key is set."))
  }
}

struct RefreshRiot: Command {
  static let name = "riot refresh"
  static let abstract =
    "Refresh the players' Riot accounts: their Riot ID checked, ranks, LP and last ranked games."
  static let options = [
    Option(
      name: "--team", value: "TAG",
      help: "Only this team's players (every team's by default; the first team's with --server)."),
    riotAPIOption, jsonFlag,
  ]
  let team: String?
  let json: Bool
  let riotAPI: String
  let otherAPI: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    team = parsed.value("--team")
    json = parsed.flag("--json")
    riotAPI = try riotAPIAddress(parsed)
    otherAPI = parsed.value("--riot-api") != nil
  }

  func run(_ context: Context) async throws {
    let bar = ProgressBar()
    let queue: SoloQueue
    if let server = try context.server {
      if otherAPI {
        throw CLIError.usage(
          localized(
            "--riot-api is the server's own (kcorp serve --riot-api): drop it with --server."))
      }
      queue = try await Self.refresh(on: server, team: team, bar: bar)
    } else {
      queue = try await refreshHere(context, bar: bar)
    }
    bar.end()
    if json {
      print(text(TeamJSON.encode(queue, pretty: true)))
    } else {
      for row in queue.players { print(Self.line(row)) }
    }
    if queue.refresh.state == "failed", let message = queue.refresh.message {
      throw CLIError(code: .unavailable, message: message.description)
    }
  }

  /// On this machine's database: Riot asked from here, with its budget.
  private func refreshHere(_ context: Context, bar: ProgressBar) async throws -> SoloQueue {
    let store = try context.store()
    let roster = store.roster
    var players = roster.players
    if let team {
      guard let found = roster.team(team) else {
        throw CLIError(code: .notFound, message: localized("No team “%@”.", team))
      }
      players = roster.players(in: found.id)
    }
    let settings = try store.riot.settings()
    let stored = try store.riot.key()
    guard
      let key = context.environment["KCORP_RIOT_KEY"].flatMap({ $0.isEmpty ? nil : $0 }) ?? stored
    else { throw RiotError.noKey }
    let client = RiotClient(
      RiotConnection(base: riotAPI, key: key, platform: settings.platform, games: settings.games),
      budget: store.riot)
    let failure = await client.refresh(try store.riot.targets(players)) { done, total in
      bar.show(done, of: total)
    } save: { update in
      try await store.riot.save(update, keep: settings.games)
    }
    if let failure { throw failure }
    let refresh = RiotRefreshState(state: "finished", done: players.count, total: players.count)
    return SoloQueue(players: players, standings: try store.riot.standings(), refresh: refresh)
  }

  /// On the team's server: started there, followed until it ends.
  private static func refresh(on server: TeamServer, team: String?, bar: ProgressBar)
    async throws -> SoloQueue
  {
    var queue = try await server.riot.refresh(team: team)
    while queue.refresh.state == "running" {
      bar.show(queue.refresh.done ?? 0, of: queue.refresh.total ?? 0)
      try await Task.sleep(for: .seconds(1))
      queue = try await server.riot.soloQueue(team: team)
    }
    return queue
  }

  /// `Canna (Top) Canna#KC1 — Challenger · 1234 LP — Jax 10 (6 W), KSante 5 (3 W)`.
  static func line(_ row: SoloQueue.Row) -> String {
    var words = "\(row.name) (\(row.position))"
    guard let riotID = row.riotID else { return words + " — " + localized("no Riot ID") }
    words += " \(riotID)"
    guard let standing = row.standing else { return words + " — " + localized("not checked yet") }
    switch standing.status {
    case .notFound:
      return words + " — " + localized("no such Riot ID")
        + (standing.nowNamed.map { " (" + localized("now %@", $0) + ")" } ?? "")
    case .unchecked: return words + " — " + localized("could not check now")
    case .found: break
    }
    words +=
      " — " + (standing.solo.map { $0.label(in: .system) } ?? localized("unranked in solo queue"))
    // A champion played in another role than the player's says which.
    let champions = standing.champions.prefix(5).map {
      let role = $0.position.map { $0.rawValue == row.position ? "" : ", \($0.displayName)" }
      return "\(championName($0.champion)) \($0.games) (\(localized("%@ W", $0.wins))\(role ?? ""))"
    }
    return champions.isEmpty ? words : words + " — " + champions.joined(separator: ", ")
  }
}

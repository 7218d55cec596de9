import CLIBase
import Foundation
import TeamKit

struct ShowPools: Command {
  static let name = "pools"
  static let abstract =
    "A team's champion pools against its next series: champions left per player, stale entries, overlaps."
  static let options = [
    teamOption,
    Option(
      name: "--event", value: "ID",
      help: "The series counted for (default: the team's next match or scrim with a format)."),
    jsonFlag,
  ]
  let team: String?
  let event: String?
  let json: Bool

  init(_ parsed: Parsed) {
    team = parsed.value("--team")
    event = parsed.value("--event")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let week = try await roster.week.of(team: team)
    let now = context.now
    let series: TeamEvent?
    if let event {
      guard let uuid = UUID(text: event), let found = week.schedule.event(id: uuid) else {
        throw CLIError(code: .notFound, message: localized("No event has the id “%@”.", event))
      }
      series = found
    } else {
      series = week.schedule.nextSeries(of: week.team.id, after: now)
    }
    // What the games show counts every team's: a player may have moved or stood in.
    var events: [TeamEvent] = []
    for team in try await roster.organisation().teams {
      events += try await roster.week.of(team: team.id.text).schedule.events
    }
    let board = PoolBoard(
      players: week.players, schedule: Schedule(events: events, pools: week.schedule.pools),
      event: series, catalog: .builtIn, now: now)
    if json {
      print(text(TeamJSON.encode(board, pretty: true)))
      return
    }
    print(
      series.map {
        localized(
          "%1$@ · %2$@, %3$@ games left: %4$@ champions a player.", $0.title,
          board.rule.displayName(in: .system), $0.gamesLeft, board.need)
      }
        ?? localized(
          "For a Bo5 in fearless from its first game: %@ champions a player.", board.need))
    for row in board.rows {
      let entries = row.entries.map { item in
        var words = "\(championName(item.entry.champion)) \(item.entry.comfort)/5"
        if item.entry.priority { words += " " + localized("priority") }
        if item.record.games > 0 { words += " (\(rate(item.record)))" }
        if let game = item.lockedIn { words += " [" + localized("Used in game %@", game) + "]" }
        if item.isStale { words += " " + localized("stale") }
        return words
      }
      print(
        "\(row.player.name) (\(row.player.position.displayName)): "
          + localized("%1$@ left of %2$@ needed", row.left, board.need)
          + (board.depth(of: row) == .enough ? "" : " — " + board.depth(of: row).rawValue)
          + (entries.isEmpty ? "" : " — " + entries.joined(separator: ", ")))
    }
    let names = Dictionary(week.players.map { ($0.id, $0.name) }) { first, _ in first }
    for overlap in board.overlaps {
      print(
        localized(
          "Overlap: %1$@ (%2$@)", championName(overlap.champion),
          overlap.players.compactMap { names[$0] }.joined(separator: ", ")))
    }
  }
}

struct AddToPool: Command {
  static let name = "pools add"
  static let abstract = "Add a champion to a player's pool, or rate one already in it."
  static let arguments = [
    Argument(name: "pseudo|id", help: "A pseudo or an id."),
    Argument(name: "CHAMPION", help: "A champion's name or id."),
  ]
  static let options = [
    Option(name: "--comfort", value: "N", help: "From 1 (learning) to 5 (signature); default 3."),
    Option.flag("--priority", "Played first when it is open."),
    jsonFlag,
  ]
  let key: String
  let champion: String
  let comfort: String
  let priority: Bool
  let json: Bool

  init(_ parsed: Parsed) {
    key = parsed.positionals[0]
    champion = parsed.positionals[1]
    comfort = parsed.value("--comfort") ?? ""
    priority = parsed.flag("--priority")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    try await changePool(key, context: context, json: json) { pool in
      let id = ChampionCatalog.builtIn.find(champion)?.id ?? champion
      let input = PoolInput(champion: id, comfort: comfort, priority: priority)
      if let index = pool.firstIndex(where: { $0.champion == id }) {
        pool[index] = input
      } else {
        pool.append(input)
      }
    }
  }
}

struct RemoveFromPool: Command {
  static let name = "pools remove"
  static let abstract = "Take a champion out of a player's pool."
  static let arguments = [
    Argument(name: "pseudo|id", help: "A pseudo or an id."),
    Argument(name: "CHAMPION", help: "A champion's name or id."),
  ]
  static let options = [jsonFlag]
  let key: String
  let champion: String
  let json: Bool

  init(_ parsed: Parsed) {
    key = parsed.positionals[0]
    champion = parsed.positionals[1]
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    try await changePool(key, context: context, json: json) { pool in
      let id = ChampionCatalog.builtIn.find(champion)?.id ?? champion
      guard pool.contains(where: { $0.champion == id }) else {
        throw CLIError(
          code: .notFound, message: localized("%@ is not in the pool.", championName(id)))
      }
      pool.removeAll { $0.champion == id }
    }
  }
}

/// Reads a player's pool, changes it, puts it back and prints it.
private func changePool(
  _ key: String, context: Context, json: Bool,
  _ change: (inout [PoolInput]) throws -> Void
) async throws {
  let roster = try context.roster()
  let player = try await find(key, in: roster)
  let week = try await roster.week.of(team: player.teamID.text)
  var pool = (week.schedule.pools[player.id] ?? []).map {
    PoolInput(champion: $0.champion, comfort: String($0.comfort), priority: $0.priority)
  }
  try change(&pool)
  let stored = try await roster.drafts.setPool(of: player.id, to: pool)
  if json {
    print(text(TeamJSON.encode(stored, pretty: true)))
    return
  }
  print(
    localized(
      "%1$@'s pool: %2$@", player.name,
      stored.isEmpty
        ? localized("empty")
        : stored.map {
          "\(championName($0.champion)) \($0.comfort)/5" + ($0.priority ? " ★" : "")
        }.joined(separator: ", ")))
}

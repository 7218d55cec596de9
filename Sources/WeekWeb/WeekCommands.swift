import CLIBase
import Foundation
import TeamKit

/// The week's commands, its drafts' and pools': `kcorp week`, `kcorp events …`, `kcorp series`,
/// `kcorp draft`, `kcorp pools …`, a player's hours and the calendar's address.
package enum WeekCLI {
  package static let commands: [any Command.Type] = [
    ShowWeek.self, AddEvent.self, EditEvent.self, RemoveEvent.self, RestoreEvent.self,
    LogResult.self, ShowSeries.self, ShowDraft.self, ShowPools.self, AddToPool.self,
    RemoveFromPool.self, SetAvailability.self, ShowCalendar.self,
  ]
}

private let eventOptions = [
  Option(name: "--type", value: "T", help: "scrim, match, training or review."),
  Option(
    name: "--start", value: "YYYY-MM-DDTHH:MM", help: "When it starts, on the team's clock."),
  Option(
    name: "--end", value: "YYYY-MM-DDTHH:MM",
    help: "When it ends, on the team's clock (default: two hours after the start)."),
  Option(name: "--opponent", value: "O", help: "The other team, for a scrim or a match."),
  Option(name: "--format", value: "F", help: "bo1, bo3 or bo5."),
  Option(name: "--place", value: "P", help: "Where it is played (default: online)."),
  Option(name: "--notes", value: "N", help: "Notes for the team."),
  Option(
    name: "--draft-rule", value: "R",
    help: "How a series' games lock champions: standard, fearless, soft-fearless or full-fearless."),
]

/// The event an id names, in a team's week.
private func event(_ id: String, in week: TeamWeek) throws(CLIError) -> TeamEvent {
  guard let uuid = UUID(text: id), let event = week.schedule.event(id: uuid) else {
    throw CLIError(code: .notFound, message: localized("No event has the id “%@”.", id))
  }
  return event
}

/// The event an id names, in whichever team's week holds it.
func findEvent(_ id: String, in roster: any RosterSource) async throws -> (
  TeamEvent, TeamWeek
) {
  for team in try await roster.organisation().teams {
    let week = try await roster.week.of(team: team.id.text)
    if let uuid = UUID(text: id), let event = week.schedule.event(id: uuid) { return (event, week) }
  }
  throw CLIError(code: .notFound, message: localized("No event has the id “%@”.", id))
}

/// One line per event: when on the team's clock, what, the verdict, the id.
private func lines(_ events: [TeamEvent], of week: TeamWeek) -> String {
  guard !events.isEmpty else { return localized("Nothing is planned this week.") }
  let zone = week.team.zone
  return Table.columns(
    [[localized("WHEN"), localized("EVENT"), localized("VERDICT"), localized("ID")]]
      + events.map { event in
        let start = EventInput.wallClock(event.start, in: zone).replacingOccurrences(
          of: "T", with: " ")
        let end = EventInput.wallClock(event.end, in: zone).suffix(5)
        var title = event.title.description
        if let format = event.format { title += " · " + format.displayName }
        if !event.games.isEmpty {
          title += " · " + localized("%1$@–%2$@", event.score.won, event.score.lost)
        }
        return [
          "\(Weekday(of: event.start, in: zone).shortName(in: .system)) \(start)–\(end)", title,
          week.verdict(of: event).text(in: .system), event.id.text,
        ]
      })
}

/// The team's record in one line: per opponent, then over the last scrims logged.
private func recordLine(_ record: Schedule.TeamRecord) -> String {
  guard !record.opponents.isEmpty else { return localized("Record: no game logged yet.") }
  var line = localized(
    "Record (games won–lost): %@.",
    record.opponents.map { "\($0.opponent.isEmpty ? "?" : $0.opponent) \($0.won)–\($0.lost)" }
      .joined(separator: ", "))
  if record.scrims > 0 {
    line +=
      " "
      + localized(
        "Last scrims logged (%1$@): %2$@–%3$@", record.scrims, record.scrimsWon, record.scrimsLost)
    line += "."
  }
  return line
}

struct ShowWeek: Command {
  static let name = "week"
  static let abstract = "A team's week: each event, on the team's clock, with its verdict."
  static let options = [
    teamOption,
    Option(
      name: "--from", value: "DATE", help: "The week's first day, YYYY-MM-DD (default: today)."),
    jsonFlag,
  ]
  let team: String?
  let from: Day?
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    team = parsed.value("--team")
    json = parsed.flag("--json")
    if let text = parsed.value("--from") {
      guard let day = Day(text) else {
        throw .usage(localized("--from takes a date, YYYY-MM-DD, not ‘%@’.", text))
      }
      from = day
    } else {
      from = nil
    }
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let week = try await roster.week.of(team: team)
    let zone = week.team.zone
    let first = from ?? Day(context.now, in: zone)
    let start = try EventInput.instant("\(first)T00:00", in: zone, field: .start)
    let end = try EventInput.instant("\(first.adding(days: 7))T00:00", in: zone, field: .end)
    let shown = week.between(start, end)
    if json {
      print(text(TeamJSON.encode(shown, pretty: true)))
    } else {
      print(
        localized(
          "%1$@, week from %2$@ (%3$@)", week.team.name, first.formatted(in: .system),
          zone.identifier)
      )
      print(lines(shown.schedule.events, of: week))
      print(recordLine(week.record))
    }
  }
}

struct AddEvent: Command {
  static let name = "events add"
  static let abstract = "Plan a scrim, match, training or review; its starters are invited."
  static let discussion = """
    With --repeats and --until it plans a series: the event on each of those days,
    at the same time, from --start to the last day. The series' events are listed;
    --json gives the first, as the API answers.
    """
  static let options =
    eventOptions.map { option in
      ["--type", "--start"].contains(option.name)
        ? Option(name: option.name, value: option.value, help: option.help, isRequired: true)
        : option
    } + [
      Option(
        name: "--repeats", value: "DAYS",
        help: "The days of the week it repeats on, such as tue,thu (or mar,jeu)."),
      Option(name: "--until", value: "YYYY-MM-DD", help: "The series' last day."),
      teamOption, jsonFlag,
    ]
  let input: EventInput
  let team: String?
  let json: Bool

  init(_ parsed: Parsed) {
    input = EventInput(
      kind: parsed.value("--type") ?? "", start: parsed.value("--start") ?? "",
      end: parsed.value("--end") ?? "", opponent: parsed.value("--opponent") ?? "",
      format: parsed.value("--format") ?? "", place: parsed.value("--place") ?? "",
      notes: parsed.value("--notes") ?? "", repeats: parsed.value("--repeats") ?? "",
      until: parsed.value("--until") ?? "", draftRule: parsed.value("--draft-rule") ?? "")
    team = parsed.value("--team")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let event = try await roster.week.addEvent(input, team: team)
    let week = try await roster.week.of(team: event.teamID.text)
    print(
      json
        ? text(
          TeamJSON.encode(EventDocument(event, verdict: week.verdict(of: event)), pretty: true))
        : lines(week.schedule.series(of: event), of: week))
  }
}

struct EditEvent: Command {
  static let name = "events edit"
  static let abstract = "Change an event; what is not given stays."
  static let arguments = [Argument(name: "ID", help: "The event's id (kcorp week shows it).")]
  static let options = eventOptions + [jsonFlag]
  let id: String
  let parsed: Parsed
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    id = parsed.positionals[0]
    self.parsed = parsed
    json = parsed.flag("--json")
    guard eventOptions.contains(where: { parsed.value($0.name) != nil }) else {
      throw .usage(
        localized(
          "Say what to change: --type, --start, --end, --opponent, --format, --place, --notes or --draft-rule."
        ))
    }
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let (current, week) = try await findEvent(id, in: roster)
    let zone = week.team.zone
    let was = EventInput(current, in: zone)
    // A new start alone moves the event, its length kept (by the store, as for every face).
    let input = EventInput(
      kind: parsed.value("--type") ?? was.kind, start: parsed.value("--start") ?? was.start,
      end: parsed.value("--end") ?? was.end, opponent: parsed.value("--opponent") ?? was.opponent,
      format: parsed.value("--format") ?? was.format, place: parsed.value("--place") ?? was.place,
      notes: parsed.value("--notes") ?? was.notes,
      draftRule: parsed.value("--draft-rule") ?? was.draftRule)
    let event = try await roster.week.updateEvent(id: current.id, with: input)
    print(
      json
        ? text(
          TeamJSON.encode(EventDocument(event, verdict: week.verdict(of: event)), pretty: true))
        : lines([event], of: week))
  }
}

struct RemoveEvent: Command {
  static let name = "events remove"
  static let abstract = "Cancel an event."
  static let arguments = [Argument(name: "ID", help: "The event's id.")]
  static let options = [
    Option.flag("--following", "Also cancel the events of its series after it.")
  ]
  let id: String
  let following: Bool

  init(_ parsed: Parsed) {
    id = parsed.positionals[0]
    following = parsed.flag("--following")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let (event, week) = try await findEvent(id, in: roster)
    let count = following ? week.schedule.series(from: event).count : 1
    try await roster.week.removeEvent(id: event.id, following: following)
    print(
      count > 1
        ? localized("Cancelled %1$@ and the %2$@ following.", event.title, count - 1)
        : localized("Cancelled %@.", event.title))
    // Nothing is lost: it waits in Recently removed.
    print(localized("Bring it back within 30 days with: kcorp events restore %@", event.id.text))
  }
}

struct RestoreEvent: Command {
  static let name = "events restore"
  static let abstract =
    "Bring a cancelled event back from Recently removed, with its answers, games and drafts (and its series cancelled with it)."
  static let arguments = [Argument(name: "ID", help: "The cancelled event's id.")]
  static let options: [Option] = []
  let id: String

  init(_ parsed: Parsed) { id = parsed.positionals[0] }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    guard let uuid = UUID(text: id) else {
      throw CLIError(code: .notFound, message: localized("No event has the id “%@”.", id))
    }
    let event = try await roster.week.restoreEvent(id: uuid)
    print(localized("Restored %@.", event.title))
  }
}

struct LogResult: Command {
  static let name = "events result"
  static let abstract = "Log an event's games, in order (replacing those logged before)."
  static let arguments = [Argument(name: "ID", help: "The event's id.")]
  static let options = [
    Option(
      name: "--game", value: "G",
      help:
        "One game: win or loss, then blue or red, then our champions in role order, then optionally / who played them / the other team's champions, then a VOD's https address (\"win blue ksante,vi,ahri,jinx,rell / ,,Tao,, / aatrox,sejuani,azir,kaisa,nautilus\"); a player left empty is the one the verdict names.",
      isRequired: true, repeats: true),
    jsonFlag,
  ]
  let id: String
  let games: [GameInput]
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    id = parsed.positionals[0]
    json = parsed.flag("--json")
    games = (parsed.values["--game"] ?? []).map { text in
      var words = text.split(separator: " ").map(String.init)
      let result = words.isEmpty ? "" : words.removeFirst()
      var side = ""
      if let first = words.first, ["blue", "red", "bleu", "rouge"].contains(first.lowercased()) {
        side = words.removeFirst()
      }
      var vod = ""
      if let last = words.last, last.lowercased().hasPrefix("https://") { vod = words.removeLast() }
      // Our champions / who played them / theirs, each a list in role order.
      let lists = words.joined(separator: " ").split(
        separator: "/", omittingEmptySubsequences: false
      )
      .map { list in
        list.trimmingCharacters(in: .whitespaces).isEmpty
          ? []
          : list.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
      }
      func list(_ index: Int) -> [String] { lists.indices.contains(index) ? lists[index] : [] }
      return GameInput(
        result: result, side: side, champions: list(0), players: list(1),
        opponentChampions: list(2), vod: vod)
    }
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let (event, week) = try await findEvent(id, in: roster)
    let logged = try await roster.week.logGames(games, of: event.id)
    print(
      json
        ? text(
          TeamJSON.encode(EventDocument(logged, verdict: week.verdict(of: logged)), pretty: true))
        : localized(
          "%1$@: %2$@–%3$@ (%4$@ games).", logged.title, logged.score.won, logged.score.lost,
          logged.games.count))
  }
}

struct SetAvailability: Command {
  static let name = "availability"
  static let abstract = "Show or set when a player can play: weekly hours and days away."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options = [
    Option(
      name: "--weekly", value: "HOURS",
      help:
        "Weekly hours on the team's clock, \"Mon-Fri 18:00-23:00, Sat 14:00-20:00\"; \"\" for none."
    ),
    Option(
      name: "--away", value: "DATE[..DATE]", help: "Days away (YYYY-MM-DD); repeat for more.",
      repeats: true),
    Option.flag("--back", "Forget every day away."),
    jsonFlag,
  ]
  let key: String
  let weekly: String?
  let away: [String]
  let back: Bool
  let json: Bool

  init(_ parsed: Parsed) {
    key = parsed.positionals[0]
    weekly = parsed.value("--weekly")
    away = parsed.values["--away"] ?? []
    back = parsed.flag("--back")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let player = try await find(key, in: roster)
    let week = try await roster.week.of(team: player.teamID.text)
    var availability = week.schedule.availability[player.id] ?? Availability()
    if weekly != nil || !away.isEmpty || back {
      if let weekly { availability.weekly = try Availability.weekly(parsing: weekly) }
      if back { availability.away = [] }
      for text in away { availability.away.append(try Availability.absence(parsing: text)) }
      try await roster.week.setAvailability(of: player.id, to: availability)
    }
    if json {
      print(text(TeamJSON.encode(availability, pretty: true)))
      return
    }
    let hours =
      availability.weekly.isEmpty
      ? localized("any time (no weekly hours given)")
      : availability.weekly.map(\.description).joined(separator: ", ")
    print(localized("%1$@ plays: %2$@ (%3$@).", player.name, hours, week.team.zone.identifier))
    for absence in availability.away { print(localized("Away: %@", absence.description)) }
  }
}

struct ShowCalendar: Command {
  static let name = "calendar"
  static let abstract = "The private calendar addresses (iCalendar) staff phones subscribe to."
  static let options = [
    Option(name: "--new", value: "TAG", help: "Make a new address for this team's events."),
    Option(name: "--revoke", value: "SECRET", help: "Revoke the address with this secret."),
    jsonFlag,
  ]
  let newTeam: String?
  let revoke: String?
  let json: Bool

  init(_ parsed: Parsed) {
    newTeam = parsed.value("--new")
    revoke = parsed.value("--revoke")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    if let newTeam { _ = try await roster.week.createFeed(team: newTeam, player: nil) }
    if let revoke { try await roster.week.revokeFeed(revoke) }
    let feeds = try await roster.week.calendarFeeds()
    if json {
      print(text(TeamJSON.encode(feeds, pretty: true)))
      return
    }
    guard !feeds.isEmpty else {
      print(localized("No calendar address yet: make one with kcorp calendar --new TAG."))
      return
    }
    let organisation = try await roster.organisation()
    let base = context.serverAddress.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    print(
      Table.columns(
        [[localized("FOR"), localized("ADDRESS")]]
          + feeds.map { feed in
            let owner =
              feed.playerID.flatMap { id in organisation.players.first { $0.id == id }?.name }
              ?? feed.teamID.flatMap { id in organisation.teams.first { $0.id == id }?.name } ?? "?"
            return [owner, (base ?? "") + feed.path]
          }))
  }
}

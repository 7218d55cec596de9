import Foundation
import TeamKit
@_spi(Rows) import TeamStore

/// The posts one change makes for the teams whose Discord is on: what the change did to the
/// rows it touched, in each team's language. Every face's change goes through the same store,
/// so every face's change is posted alike.
public enum DiscordNews {
  /// The organisation as a change leaves it.
  public struct State: Sendable {
    public var teams: [Team]
    public var players: [Player]
    public var schedule: Schedule

    public init(teams: [Team], players: [Player], schedule: Schedule) {
      self.teams = teams
      self.players = players
      self.schedule = schedule
    }
  }

  /// How far ahead a verdict changing is posted.
  public static let verdictWindow: TimeInterval = 48 * 3600

  /// The posts of a change that wrote the rows `touched` names, taking the organisation from
  /// `before` to `after`, for the teams `settings` has on.
  static func posts(
    from before: State, to after: State, touched: Touched,
    settings: [UUID: DiscordTeamSettings], now: Date
  ) -> [DiscordPost] {
    guard !touched.isEmpty, settings.values.contains(where: { $0.hasWebhook && $0.off == nil })
    else { return [] }
    var writer = Writer(after: after, settings: settings, touched: touched)
    writer.events(from: before.schedule, to: after.schedule)
    writer.verdicts(from: before, to: after, now: now)
    writer.moves(from: before.players)
    return writer.posts
  }

  /// Gathers the posts, each in its team's language.
  private struct Writer {
    let after: State
    let settings: [UUID: DiscordTeamSettings]
    let touched: Touched
    var posts: [DiscordPost] = []

    func team(_ id: UUID) -> Team? { after.teams.first { $0.id == id } }

    func language(_ team: UUID) -> Language { settings[team]?.language ?? .french }

    /// The event's name for a title: plain, as the settings page shows it (the payload
    /// escapes a title).
    func label(_ event: TeamEvent, _ language: Language) -> String {
      DiscordPost.label(event, in: language)
    }

    /// The event's name in bold for a message's text, what people typed escaped.
    func bold(_ event: TeamEvent, _ language: Language) -> String {
      "**\(DiscordPost.escaped(label(event, language)))**"
    }

    /// When: each reader's own date and time, and how far it is.
    func when(_ event: TeamEvent) -> String {
      "\(DiscordPost.timestamp(event.start)) (\(DiscordPost.timestamp(event.start, "R")))"
    }

    func details(_ event: TeamEvent, _ language: Language) -> String {
      var parts: [String] = []
      if let format = event.format { parts.append(format.displayName) }
      parts.append(
        event.place.isEmpty ? language.localized("Online") : DiscordPost.escaped(event.place))
      var text = parts.joined(separator: " · ")
      if !event.notes.isEmpty {
        text += "\n" + DiscordPost.escaped(String(event.notes.prefix(300)))
      }
      return text
    }

    mutating func add(
      _ kind: DiscordKind, _ event: TeamEvent, title: String, content: String,
      description: String, topic: String? = nil
    ) {
      guard settings[event.teamID]?.posts(kind) == true else { return }
      posts.append(
        DiscordPost(
          teamID: event.teamID, kind: kind, topic: topic, content: content, title: title,
          description: description,
          link: kind == .cancelled
            ? "/week?team=\(team(event.teamID)?.tag ?? "")" : "/events/\(event.id)"
        ))
    }

    mutating func events(from before: Schedule, to after: Schedule) {
      guard touched.all || !touched.events.isEmpty else { return }
      let wasTouched = before.events.filter { touched.has(event: $0.id) }
      let isTouched = after.events.filter { touched.has(event: $0.id) }
      let old = Dictionary(wasTouched.map { ($0.id, $0) }) { first, _ in first }
      let new = Dictionary(isTouched.map { ($0.id, $0) }) { first, _ in first }
      series(isTouched.filter { old[$0.id] == nil }, .planned)
      series(wasTouched.filter { new[$0.id] == nil }, .cancelled)
      for event in isTouched {
        guard let was = old[event.id] else { continue }
        changed(from: was, to: event)
        if was.answers != event.answers || was.comments != event.comments { answers(event) }
        if was.games != event.games, !event.games.isEmpty { result(event) }
      }
    }

    /// One post for the events of a series planned or cancelled together.
    private mutating func series(_ events: [TeamEvent], _ kind: DiscordKind) {
      var seen: Set<UUID> = []
      for event in events {
        if let series = event.series, !seen.insert(series).inserted { continue }
        let language = language(event.teamID)
        let more = event.series.map { id in events.count { $0.series == id } - 1 } ?? 0
        var content = "\(bold(event, language)) — \(when(event))"
        if more > 0 { content += " " + language.localized("and %@ more in the series", more) }
        let title =
          kind == .planned
          ? language.localized("Planned: %@", label(event, language))
          : language.localized("Cancelled: %@", label(event, language))
        add(
          kind, event, title: title,
          content: content, description: details(event, language))
      }
    }

    private mutating func changed(from was: TeamEvent, to event: TeamEvent) {
      guard
        was.kind != event.kind || was.start != event.start || was.end != event.end
          || was.opponent != event.opponent || was.format != event.format
          || was.place != event.place || was.notes != event.notes
      else { return }
      let language = language(event.teamID)
      let moved =
        was.start == event.start
        ? when(event) : "~~\(DiscordPost.timestamp(was.start))~~ → \(when(event))"
      add(
        .changed, event, title: language.localized("Changed: %@", label(event, language)),
        content: "\(bold(event, language)) — \(moved)", description: details(event, language))
    }

    private mutating func answers(_ event: TeamEvent) {
      let language = language(event.teamID)
      let names = Dictionary(after.players.map { ($0.id, DiscordPost.escaped($0.name)) }) {
        first, _ in first
      }
      var lines: [String] = []
      var counts: [Int] = []
      for answer in [TeamEvent.Answer.yes, .maybe, .no] {
        let who = event.invited.filter { event.answers[$0] == answer }
        counts.append(who.count)
        guard !who.isEmpty else { continue }
        let listed = who.map { id in
          (names[id] ?? "?") + (event.comments[id].map { " (\(DiscordPost.escaped($0)))" } ?? "")
        }
        lines.append("\(answer.displayName(in: language)) : \(listed.joined(separator: ", "))")
      }
      let waiting = event.invited.filter { event.answers[$0] == nil }
      if !waiting.isEmpty {
        lines.append(
          language.localized(
            "Waiting: %@", waiting.map { names[$0] ?? "?" }.joined(separator: ", ")))
      }
      let sum = language.localized(
        "%1$@ yes · %2$@ maybe · %3$@ no · %4$@ waiting", counts[0], counts[1], counts[2],
        waiting.count)
      add(
        .answers, event, title: language.localized("Answers: %@", label(event, language)),
        content: "\(bold(event, language)) — \(when(event)) · \(sum)",
        description: lines.joined(separator: "\n"), topic: "answers:\(event.id)")
    }

    private mutating func result(_ event: TeamEvent) {
      let language = language(event.teamID)
      let (won, lost) = event.score
      let games = event.games.map { $0.result == .win ? "✅" : "❌" }.joined()
      add(
        .result, event, title: language.localized("Result: %@", label(event, language)),
        content: "\(bold(event, language)) — \(won)–\(lost) \(games)",
        description: DiscordPost.timestamp(event.start))
    }

    /// The verdicts of the events in the next 48 hours that this change turned: the events
    /// it wrote and those of the teams whose players it wrote.
    mutating func verdicts(from before: State, to after: State, now: Date) {
      let window = now...now.addingTimeInterval(DiscordNews.verdictWindow)
      var teams: Set<UUID> = []
      if !touched.all, !touched.players.isEmpty {
        for players in [before.players, after.players] {
          for player in players where touched.players.contains(player.id) {
            teams.insert(player.teamID)
          }
        }
      }
      for event in after.schedule.events where window.contains(event.start) {
        guard touched.has(event: event.id) || teams.contains(event.teamID),
          settings[event.teamID]?.posts(.verdict) == true,
          let was = before.schedule.event(id: event.id), let team = team(event.teamID)
        else { continue }
        let old = before.schedule.verdict(
          of: was, players: before.players.filter { $0.teamID == team.id }, in: team.zone)
        let new = after.schedule.verdict(
          of: event, players: after.players.filter { $0.teamID == team.id }, in: team.zone)
        guard Self.gist(old) != Self.gist(new) else { continue }
        let language = language(event.teamID)
        add(
          .verdict, event, title: language.localized("Verdict: %@", label(event, language)),
          content:
            "\(bold(event, language)) — \(when(event)) · "
            + DiscordPost.escaped(new.text(in: language)),
          description: language.localized(
            "It was: %@", DiscordPost.escaped(old.text(in: language))))
      }
    }

    /// What of a verdict is worth a post: whether five can play and who covers what, not
    /// each further yes.
    static func gist(_ verdict: Verdict) -> String {
      switch verdict {
      case .fullFive, .available: "five"
      case .withSubs(let subs): "subs " + subs.map { "\($0.position)\($0.playerID)" }.joined()
      case .notEnough(let missing, _): "short " + missing.map(\.rawValue).joined()
      }
    }

    /// Players who changed teams: told to the team they join and the one they leave.
    mutating func moves(from before: [Player]) {
      guard touched.all || !touched.players.isEmpty else { return }
      let touched = touched
      let old = Dictionary(
        before.filter { touched.has(player: $0.id) }.map { ($0.id, $0.teamID) }
      ) { first, _ in first }
      for player in after.players where touched.has(player: player.id) {
        guard let from = old[player.id], from != player.teamID else { continue }
        let fromName = team(from)?.name ?? ""
        let toName = team(player.teamID)?.name ?? ""
        for (teamID, joins) in [(player.teamID, true), (from, false)]
        where settings[teamID]?.posts(.moved) == true {
          let language = language(teamID)
          let text =
            joins
            ? language.localized("%1$@ joins %2$@ from %3$@", player.name, toName, fromName)
            : language.localized("%1$@ leaves %2$@ for %3$@", player.name, fromName, toName)
          posts.append(
            DiscordPost(
              teamID: teamID, kind: .moved, content: "🔁 " + DiscordPost.escaped(text), title: text,
              description:
                "\(player.position.displayName) · \(player.lineup.displayName(in: language))",
              link: "/players/\(player.id)"))
        }
      }
    }
  }
}

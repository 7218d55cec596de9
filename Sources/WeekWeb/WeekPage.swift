import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

extension Pages {
  /// A form's input and its problems, shown again after a refusal.
  typealias EventForm = (input: EventInput, errors: ValidationError?)

  /// A team's week from `first` (a Monday or any day), on the team's clock: seven days, each
  /// with its events and the hours the five can play; for editors, a "+" on each day to
  /// come that opens the form to plan on it (`planning`), near the top, and the calendar
  /// addresses.
  func week(
    _ roster: Roster, team: Team, from first: Day, token: String, viewer: Viewer, now: Date,
    planning: Day? = nil, form: EventForm? = nil, notice: String? = nil,
    undo: RemovedEvent? = nil
  ) -> HTTPResponse {
    let zone = team.zone
    let today = Day(now, in: zone)
    let players = roster.players(in: team.id)
    let schedule = roster.schedule
    let query = "team=\(team.tag)"
    let days = (0..<7).map { offset in
      weekDay(
        first.adding(days: offset), of: team, players: players, in: schedule, viewer: viewer,
        today: today, week: first)
    }
    let main: HTML = .h(
      "main", ["class": "week", "data-live": ""],
      [
        notice.map { text in
          .h(
            "p", ["class": "status shown", "role": "status"],
            [.text(text)]
              + (undo.map { [.text(" "), undoCancel($0, token: token)] } ?? []))
        }
          ?? .h("p", ["class": "status", "role": "status"], ""),
        .h(
          "nav", ["class": "week-nav", "aria-label": localized("Weeks")],
          [
            .h(
              "a", ["href": "/week?\(query)&from=\(first.adding(days: -7))", "rel": "prev"],
              localized("Previous week")),
            .h("span", ["class": "muted"], zoneName(zone)),
            .h(
              "a", ["href": "/week?\(query)&from=\(first.adding(days: 7))", "rel": "next"],
              localized("Next week")),
          ]),
        .h("ol", ["class": "week-days"], days),
        record(of: team, in: schedule),
      ])
    let tools = weekTools(
      of: team, players: players, in: schedule, viewer: viewer, token: token, week: first)
    return page(
      status: form?.errors == nil ? 200 : 422,
      title: localized("Week · %@", team.name),
      [
        weekTopbar(team, in: roster, week: first),
        // Before the days, outside <main> (which a live update renews, and a form being
        // filled in must stay).
        viewer.canEdit
          ? planSection(
            form ?? (Self.planned(on: planning, week: first, now: now, in: zone), nil),
            open: planning != nil || form?.errors != nil, token: token,
            action: "/week/events?\(query)", opponents: schedule.opponents(of: team.id))
          : .fragment([]),
        main,
        // Outside <main> (a live update renews it; a form being filled in must stay), in a
        // landmark of its own.
        tools.isEmpty
          ? .fragment([])
          : .h("section", ["class": "page-tools", "aria-label": localized("Actions")], tools),
      ])
  }

  /// One day of the week: its events with their verdicts, who can play hour by hour, and
  /// for editors the "+" that plans on it.
  private func weekDay(
    _ day: Day, of team: Team, players: [Player], in schedule: Schedule, viewer: Viewer,
    today: Day, week first: Day
  ) -> HTML {
    let zone = team.zone
    let query = "team=\(team.tag)"
    let start = Schedule.midnight(day, in: zone)
    let events = schedule.events(of: team.id, on: day, in: zone)
    let items: [HTML] = events.map { event in
      let verdict = schedule.verdict(of: event, players: players, in: zone)
      let times =
        "\(EventInput.wallClock(event.start, in: zone).suffix(5))–\(EventInput.wallClock(event.end, in: zone).suffix(5))"
      return .h(
        "li", ["class": "event verdict-\(verdict.code)"],
        [
          .h(
            "a", ["href": "/events/\(event.id)"],
            [
              .h("span", ["class": "time"], times),
              .h("strong", text(event.title)),
              event.format.map { .h("span", ["class": "format"], $0.displayName) }
                ?? .fragment([]),
            ]),
          verdictBadge(verdict),
        ])
    }
    let hours = hourSpans(of: day, players: players, in: schedule, zone: zone)
    let weekday = Weekday(of: start, in: zone)
    let name = "\(weekday.shortName(in: language)) \(day.formatted(in: language))"
    let plan: HTML =
      viewer.canEdit && day >= today
      ? .h(
        "a",
        [
          "class": "icon-button plan-day",
          "href": "/week?\(query)&from=\(first)&plan=\(day)#plan",
          "aria-label": localized("Plan on %@", day.spelledOut(in: language)),
        ], [Icon.plus])
      : .fragment([])
    return .h(
      "li", ["class": "day", "aria-labelledby": "day-\(day)"],
      [
        .h("div", ["class": "day-title"], [.h("h2", ["id": "day-\(day)"], name), plan]),
        events.isEmpty
          ? .h("p", ["class": "muted"], localized("Nothing planned."))
          : .h("ul", ["class": "events"], items),
        .h(
          "details", ["class": "hours"],
          [
            .h("summary", localized("Who can play, hour by hour")),
            .h("ul", [:], hours),
          ]),
      ])
  }

  /// A day's hours, joined where the verdict stays the same: by the hour from midnight, 23
  /// of them on the day the clocks go forward, 25 back.
  private func hourSpans(of day: Day, players: [Player], in schedule: Schedule, zone: TimeZone)
    -> [HTML]
  {
    let start = Schedule.midnight(day, in: zone)
    let end = Schedule.midnight(day.adding(days: 1), in: zone)
    var spans: [(from: Date, to: Date, verdict: Verdict)] = []
    var from = start
    while from < end {
      let to = min(end, from.addingTimeInterval(3600))
      let verdict = schedule.verdict(players: players, from: from, to: to, in: zone)
      if let last = spans.last, last.verdict == verdict {
        spans[spans.count - 1].to = to
      } else {
        spans.append((from, to, verdict))
      }
      from = to
    }
    func clock(_ date: Date) -> String {
      date == end ? "24:00" : String(EventInput.wallClock(date, in: zone).suffix(5))
    }
    return spans.map { span in
      .h(
        "li", ["class": "verdict-\(span.verdict.code)"],
        [
          .h("span", ["class": "time"], "\(clock(span.from))–\(clock(span.to))"),
          .text(" " + span.verdict.text(in: language)),
        ])
    }
  }

  /// Below the week: one's own hours (a player's account), the calendar addresses (editors).
  private func weekTools(
    of team: Team, players: [Player], in schedule: Schedule, viewer: Viewer, token: String,
    week first: Day
  ) -> [HTML] {
    var tools: [HTML] = []
    if let own = viewer.player, players.contains(where: { $0.id == own }) {
      tools.append(
        .h(
          "p", ["class": "week-tools"],
          [
            .h(
              "a", ["class": "button primary", "href": "/players/\(own)/availability"],
              localized("When you can play"))
          ]))
    }
    if viewer.canEdit {
      tools.append(
        calendarSection(
          schedule.feeds.filter { $0.teamID == team.id },
          explained: localized(
            "A private address staff phones subscribe to: anyone who has it sees this team's events."
          ),
          token: token, actions: "/calendar", fields: [("team", team.tag), ("from", "\(first)")]))
      tools.append(
        .h(
          "p", ["class": "week-tools"],
          [
            .h(
              "a", ["class": "button small", "href": "/teams/\(team.tag)/discord"],
              localized("Discord"))
          ]))
    }
    return tools
  }

  /// The week's title bar: back to the roster, the team and the first day.
  private func weekTopbar(_ team: Team, in roster: Roster, week first: Day) -> HTML {
    .h(
      "header", ["class": "topbar \(team.color.cssClass)"],
      [
        .h(
          "a",
          [
            "class": "icon-button back", "href": Self.path(of: team, in: roster),
            "aria-label": localized("Back"),
          ],
          [Icon.chevronLeft]),
        .h(
          "h1", [:],
          [
            .text(localized("Week")),
            .h(
              "span", ["class": "subtitle"],
              localized("%1$@ · from %2$@", team.name, first.formatted(in: language))),
          ]),
      ])
  }

  /// Calendar addresses with Subscribe and Revoke, and the button that makes one: posted
  /// to `actions`/new and `actions`/revoke with `fields`.
  func calendarSection(
    _ feeds: [CalendarFeed], explained: String, token: String, actions: String,
    fields: [(String, String)]
  ) -> HTML {
    .h(
      "section", ["class": "week-tools", "aria-labelledby": "calendar-title"],
      [
        .h("h2", ["id": "calendar-title"], localized("Calendar")),
        .h("p", ["class": "muted"], explained),
        .h(
          "ul", ["class": "feeds"],
          feeds.map { feed in
            .h(
              "li", [:],
              [
                .h(
                  "a", ["class": "feed-link", "href": feed.path, "data-webcal": ""],
                  localized("Subscribe")),
                .h("code", feed.path),
                Self.postButton(
                  actions + "/revoke", token: token, fields: [("secret", feed.secret)] + fields,
                  button: ["class": "button small"], [.text(localized("Revoke"))]),
              ])
          }),
        Self.postButton(
          actions + "/new", token: token, fields: fields, button: ["class": "button"],
          [.text(localized("Make a calendar address"))]),
      ])
  }

  /// The form to plan an event, folded near the top of the week (a phone reaches it without
  /// scrolling past the days), unfolded when a day's "+" or a refusal opened it.
  func planSection(
    _ form: EventForm, open: Bool, token: String, action: String, opponents: [String]
  ) -> HTML {
    .h(
      "section", ["class": "plan-tools", "aria-labelledby": "plan-title"],
      [
        .h(
          "details", ["class": "week-tools plan", "id": "plan"] + (open ? ["open": ""] : [:]),
          [
            .h("summary", [:], [.h("h2", ["id": "plan-title"], localized("Plan an event"))]),
            eventForm(
              form.input, errors: form.errors, token: token, action: action,
              submit: localized("Plan"), opponents: opponents, repeating: true),
          ])
      ])
  }

  /// A new event's input: a scrim on `day` (else the first day of the week shown that has
  /// not passed) at 20:00, or the next full hour when 20:00 has passed that day, so that it
  /// never starts in the past.
  static func planned(on day: Day?, week first: Day, now: Date, in zone: TimeZone) -> EventInput {
    let today = Day(now, in: zone)
    var day = day ?? (0..<7).map { first.adding(days: $0) }.first { $0 >= today } ?? first
    var hour = 20
    if day == today {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let current = calendar.component(.hour, from: now)
      if current >= 20 { hour = current + 1 }
      if hour > 23 {
        day = day.adding(days: 1)
        hour = 20
      }
    }
    return EventInput(kind: "scrim", start: "\(day)T\(hour):00")
  }

  /// Games won and lost per opponent, and the last ten scrims logged.
  func record(of team: Team, in schedule: Schedule) -> HTML {
    let record = schedule.record(of: team.id)
    guard !record.opponents.isEmpty else { return .fragment([]) }
    return .h(
      "section", ["class": "record", "aria-labelledby": "record-title"],
      [
        .h("h2", ["id": "record-title"], localized("Record (games won–lost)")),
        .h(
          "ul", ["class": "records"],
          record.opponents.map { result in
            .h(
              "li", [:],
              "\(result.opponent.isEmpty ? "?" : result.opponent): \(result.won)–\(result.lost)")
          }),
        record.scrims == 0
          ? .fragment([])
          : .h(
            "p", [:],
            localized(
              "Last scrims logged (%1$@): %2$@–%3$@", record.scrims, record.scrimsWon,
              record.scrimsLost)),
      ])
  }
}

/// Cancelling an event that holds work, and taking it back.
extension Pages {
  /// Undo of a cancellation: the event (and its series cancelled with it) back as it was.
  func undoCancel(_ removal: RemovedEvent, token: String) -> HTML {
    Self.postButton(
      "/events/\(removal.id)/restore", token: token,
      button: [
        "class": "button small", "id": "undo",
        "aria-label": localized("Undo: bring %@ back", text(removal.event.title)),
      ], [.text(localized("Undo"))])
  }

  /// Asks before cancelling `events` when one holds answers, games or drafts: what goes to
  /// Recently removed with them, and that it can be restored.
  func cancelling(_ events: [TeamEvent], following: Bool, token: String) -> HTTPResponse {
    guard let first = events.first else { return .redirect(to: "/week") }
    let games = events.reduce(0) { $0 + $1.games.count }
    let drafts = events.reduce(0) { $0 + $1.drafts.count }
    let answers = events.reduce(0) { $0 + $1.answers.count }
    let title = text(first.title)
    let fields = [("confirm", "yes")] + (following ? [("following", "true")] : [])
    return page(
      title: localized("Cancel %@? · KCorp", title),
      [
        backBar(to: "/events/\(first.id)"),
        .h(
          "main", ["class": "confirm"],
          [
            .h(
              "h1",
              events.count == 1
                ? localized("Cancel %@?", title)
                : localized("Cancel %1$@ and the %2$@ following?", title, events.count - 1)),
            .h(
              "p", [:],
              localized(
                "It holds %1$@ games logged, %2$@ drafts and %3$@ answers. They go to Recently removed with it, where it can be restored for 30 days.",
                games, drafts, answers)),
            .h(
              "div", ["class": "actions"],
              [
                Self.postButton(
                  "/events/\(first.id)/delete", token: token, fields: fields,
                  button: ["class": "button danger", "autofocus": ""],
                  [.text(localized("Cancel it"))]),
                .h("a", ["class": "button", "href": "/events/\(first.id)"], localized("Keep it")),
              ]),
          ]),
      ])
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore

extension Pages {
  /// A form's input and its problems, shown again after a refusal.
  typealias EventForm = (input: EventInput, errors: ValidationError?)

  /// A field's error under it, and the attributes that tie the field to it.
  private func fieldError(_ errors: ValidationError?, _ field: ValidationError.Field)
    -> HTML
  {
    guard let message = errors?.message(for: field).map(text) else { return .fragment([]) }
    return .h("p", ["class": "error", "id": "\(field.rawValue)-error"], message)
  }

  private static func invalid(_ errors: ValidationError?, _ field: ValidationError.Field)
    -> HTML.Attributes
  {
    errors?.message(for: field) == nil
      ? [:] : ["aria-invalid": "true", "aria-describedby": "\(field.rawValue)-error"]
  }

  /// `Thu 26 Mar, 20:00–22:00` on `zone`'s clock.
  func when(_ event: TeamEvent, in zone: TimeZone) -> String {
    let day = Day(event.start, in: zone).formatted(in: language)
    let start = EventInput.wallClock(event.start, in: zone).suffix(5)
    let end = EventInput.wallClock(event.end, in: zone).suffix(5)
    return "\(Weekday(of: event.start, in: zone).shortName(in: language)) \(day), \(start)–\(end)"
  }

  /// A verdict as a badge: its words, coloured by its kind.
  func verdictBadge(_ verdict: Verdict) -> HTML {
    .h("span", ["class": "verdict verdict-\(verdict.code)"], verdict.text(in: language))
  }

  /// A team's week from `first` (a Monday or any day), on the team's clock: seven days, each
  /// with its events and the hours the five can play; then, for editors, the form to plan
  /// an event and the calendar addresses.
  func week(
    _ roster: Roster, team: Team, from first: Day, token: String, viewer: Viewer,
    form: EventForm? = nil, notice: String? = nil
  ) -> HTTPResponse {
    let zone = team.zone
    let players = roster.players(in: team.id)
    let schedule = roster.schedule
    let query = "team=\(team.tag)"
    let days: [HTML] = (0..<7).map { offset in
      let day = first.adding(days: offset)
      let start = Schedule.midnight(day, in: zone)
      let end = Schedule.midnight(day.adding(days: 1), in: zone)
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
      // The hours of the day, joined where the verdict stays the same.
      // By the hour from midnight: 23 of them on the day the clocks go forward, 25 back.
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
      let hours: [HTML] = spans.map { span in
        .h(
          "li", ["class": "verdict-\(span.verdict.code)"],
          [
            .h("span", ["class": "time"], "\(clock(span.from))–\(clock(span.to))"),
            .text(" " + span.verdict.text(in: language)),
          ])
      }
      let weekday = Weekday(of: start, in: zone)
      return .h(
        "li", ["class": "day", "aria-labelledby": "day-\(day)"],
        [
          .h(
            "h2", ["id": "day-\(day)"],
            "\(weekday.shortName(in: language)) \(day.formatted(in: language))"),
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
    let main: HTML = .h(
      "main", ["class": "week", "data-live": ""],
      [
        notice.map { .h("p", ["class": "status shown", "role": "status"], $0) }
          ?? .h("p", ["class": "status", "role": "status"], ""),
        .h(
          "nav", ["class": "week-nav", "aria-label": localized("Weeks")],
          [
            .h(
              "a", ["href": "/week?\(query)&from=\(first.adding(days: -7))", "rel": "prev"],
              localized("Previous week")),
            .h("span", ["class": "muted"], zone.identifier),
            .h(
              "a", ["href": "/week?\(query)&from=\(first.adding(days: 7))", "rel": "next"],
              localized("Next week")),
          ]),
        .h("ol", ["class": "week-days"], days),
        record(of: team, in: schedule),
      ])
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
        .h(
          "section", ["class": "week-tools", "aria-labelledby": "plan-title"],
          [
            .h("h2", ["id": "plan-title"], localized("Plan an event")),
            eventForm(
              form?.input ?? EventInput(kind: "scrim", start: "\(first)T20:00"),
              errors: form?.errors, token: token, action: "/week/events?\(query)",
              submit: localized("Plan"), opponents: schedule.opponents(of: team.id)),
          ]))
      tools.append(
        calendarSection(
          schedule.feeds.filter { $0.teamID == team.id },
          explained: localized(
            "A private address staff phones subscribe to: anyone who has it sees this team's events."
          ),
          token: token, actions: "/calendar", fields: [("team", team.tag)]))
    }
    return page(
      status: form?.errors == nil ? 200 : 422,
      title: localized("Week · %@", team.name),
      [
        .h(
          "header", ["class": "topbar"],
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
          ]),
        main,
      ] + tools)
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

  /// The form to plan or change an event; its times on the team's clock.
  func eventForm(
    _ input: EventInput, errors: ValidationError?, token: String, action: String, submit: String,
    opponents: [String]
  ) -> HTML {
    func field(_ name: ValidationError.Field, _ label: String, _ control: HTML) -> HTML {
      .h(
        "div", ["class": "field"],
        [.h("label", ["for": name.rawValue], label), control, fieldError(errors, name)])
    }
    func text(_ name: ValidationError.Field, _ value: String, _ extra: HTML.Attributes = [:])
      -> HTML
    {
      .h(
        "input",
        ["type": "text", "id": name.rawValue, "name": name.rawValue, "value": value] + extra
          + Self.invalid(errors, name))
    }
    func options<T: RawRepresentable>(_ values: [T], _ chosen: String, _ name: (T) -> String)
      -> [HTML] where T.RawValue == String
    {
      values.map { value in
        .h(
          "option",
          ["value": value.rawValue]
            + (value.rawValue == chosen.lowercased() ? ["selected": ""] : [:]),
          name(value))
      }
    }
    let kind: HTML = .h(
      "select", ["id": "eventType", "name": "kind"] + Self.invalid(errors, .eventType),
      options(TeamEvent.Kind.allCases, input.kind) { $0.displayName(in: language) })
    let format: HTML = .h(
      "select", ["id": "format", "name": "format"] + Self.invalid(errors, .format),
      [.h("option", ["value": ""], localized("None"))]
        + options(TeamEvent.Format.allCases, input.format) { $0.displayName })
    let times: [HTML] = [
      field(
        .start, localized("Start"),
        .h(
          "input",
          ["type": "datetime-local", "id": "start", "name": "start", "value": input.start]
            + Self.invalid(errors, .start))),
      field(
        .end, localized("End (two hours later when empty)"),
        .h(
          "input",
          ["type": "datetime-local", "id": "end", "name": "end", "value": input.end]
            + Self.invalid(errors, .end))),
    ]
    let details: [HTML] = [
      field(
        .opponent, localized("Opponent"),
        text(.opponent, input.opponent, ["list": "opponents", "autocomplete": "off"])),
      .h("datalist", ["id": "opponents"], opponents.map { .h("option", ["value": $0]) }),
      field(.format, localized("Format"), format),
      field(.place, localized("Place (empty for online)"), text(.place, input.place)),
      field(
        .notes, localized("Notes"),
        .h(
          "textarea", ["id": "notes", "name": "notes", "rows": "2"] + Self.invalid(errors, .notes),
          input.notes)),
    ]
    return .h(
      "form", ["method": "post", "action": action, "class": "event-form", "novalidate": ""],
      [Self.csrfField(token), field(.eventType, localized("Kind"), kind)] + times + details + [
        .h(
          "div", ["class": "actions"],
          [.h("button", ["class": "button primary", "type": "submit"], submit)])
      ])
  }

  /// One event: when on the team's clock, its verdict, who is invited and their answers,
  /// the games logged; for editors, the forms to answer, log the result, change or cancel.
  func event(
    _ event: TeamEvent, in roster: Roster, token: String, viewer: Viewer,
    form: EventForm? = nil, games typed: (input: [GameInput], errors: ValidationError)? = nil,
    notice: String? = nil
  ) -> HTTPResponse {
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    let zone = team.zone
    let players = roster.players(in: team.id)
    let verdict = roster.schedule.verdict(of: event, players: players, in: zone)
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    let invited: [HTML] = event.invited.map { id in
      let answer = event.answers[id]
      var item: [HTML] = [
        .h("span", ["class": "name"], names[id] ?? "?"),
        .h(
          "span", ["class": "answer answer-\(answer?.rawValue ?? "none")"],
          answer?.displayName(in: language) ?? localized("No answer")),
      ]
      if let comment = event.comments[id] { item.append(.h("q", ["class": "comment"], comment)) }
      if viewer.mayAnswer(for: id) {
        item.append(
          .h(
            "form",
            [
              "method": "post", "action": "/events/\(event.id)/answer",
              "class": "inline answer-form",
            ],
            [
              Self.csrfField(token),
              .h("input", ["type": "hidden", "name": "player", "value": id.text]),
              .h(
                "input",
                [
                  "type": "text", "name": "comment", "value": event.comments[id] ?? "",
                  "maxlength": String(TeamEvent.maxCommentLength),
                  "placeholder": localized("A word (late, 20:30…)"),
                  "aria-label": localized("%@: a word with the answer", names[id] ?? "?"),
                ]),
            ]
              + TeamEvent.Answer.allCases.map { choice in
                .h(
                  "button",
                  [
                    "type": "submit", "name": "answer", "value": choice.rawValue,
                    "class": "button small",
                    "aria-label": localized(
                      "%1$@: %2$@", names[id] ?? "?", choice.displayName(in: language)),
                    "aria-pressed": answer == choice ? "true" : "false",
                  ], choice.displayName(in: language))
              }))
      }
      return .h("li", [:], item)
    }
    let games: [HTML] = event.games.enumerated().map { index, game in
      gameLine(game, number: index + 1, names: names)
    }
    var facts: [HTML] = [
      .h(
        "p", ["class": "when"],
        [
          .h(
            "time", ["datetime": event.start.formatted(.iso8601), "data-zone": zone.identifier],
            when(event, in: zone)),
          .text(" (\(zone.identifier))"),
        ]),
      .h("p", [:], [verdictBadge(verdict)]),
      .h("p", [:], event.place.isEmpty ? localized("Online") : event.place),
    ]
    if !event.notes.isEmpty { facts.append(.h("p", ["class": "notes"], event.notes)) }
    let main: HTML = .h(
      "main", ["class": "event-page", "data-live": ""],
      [
        notice.map { .h("p", ["class": "status shown", "role": "status"], $0) }
          ?? .h("p", ["class": "status", "role": "status"], "")
      ] + facts + [
        .h(
          "section", ["aria-labelledby": "invited-title"],
          [
            .h("h2", ["id": "invited-title"], localized("Invited")),
            invited.isEmpty
              ? .h("p", ["class": "muted"], localized("Nobody is invited."))
              : .h("ul", ["class": "invited"], invited),
          ] + (viewer.canEdit ? [inviteForm(event, in: roster, token: token)] : [])),
        .h(
          "section", ["aria-labelledby": "games-title"],
          [
            .h("h2", ["id": "games-title"], localized("Games")),
            games.isEmpty
              ? .h("p", ["class": "muted"], localized("No game logged yet."))
              : .h("ol", ["class": "games"], games),
          ]),
      ])
    var tools: [HTML] = []
    if viewer.canEdit {
      tools.append(
        resultForm(
          event, in: roster, lineup: roster.schedule.lineup(of: event, players: players, in: zone),
          typed: typed, token: token))
      tools.append(
        .h(
          "details", ["class": "week-tools"] + (form == nil ? [:] : ["open": ""]),
          [
            .h("summary", localized("Change this event")),
            eventForm(
              form?.input ?? EventInput(event, in: zone), errors: form?.errors, token: token,
              action: "/events/\(event.id)/edit", submit: localized("Save"),
              opponents: roster.schedule.opponents(of: team.id)),
          ]))
      tools.append(
        Self.postButton(
          "/events/\(event.id)/delete", token: token, button: ["class": "button danger"],
          [.text(localized("Cancel this event"))]))
    }
    let from = Day(event.start, in: zone)
    return page(
      status: form?.errors != nil || typed != nil ? 422 : 200,
      title: "\(text(event.title)) · \(team.name)",
      [
        .h(
          "header", ["class": "topbar"],
          [
            .h(
              "a",
              [
                "class": "icon-button back", "href": "/week?team=\(team.tag)&from=\(from)",
                "aria-label": localized("Back"),
              ], [Icon.chevronLeft]),
            .h(
              "h1", [:],
              [
                .text(text(event.title)),
                .h(
                  "span", ["class": "subtitle"],
                  ([team.name] + (event.format.map { [$0.displayName] } ?? [])).joined(
                    separator: " · ")),
              ]),
          ]),
        main,
      ] + tools)
  }

  /// A logged game in a line: its result and side, each of our champions with who played
  /// it (a guess nobody confirmed marked so), the other team's, and the recording.
  func gameLine(_ game: Game, number: Int, names: [UUID: String]) -> HTML {
    func champion(_ pick: Game.Pick) -> String {
      Champion.find(pick.champion)?.localizedName(in: language) ?? pick.champion
    }
    var parts = [game.result.displayName(in: language)]
    if let side = game.side { parts.append(side.displayName(in: language)) }
    // The language's own space before the colon (a no-break one in French).
    var line: [HTML] = [
      .text(
        localized("%1$@: %2$@", localized("Game %@", number), parts.joined(separator: " · ")))
    ]
    if !game.picks.isEmpty {
      line.append(.text(" · "))
      for (index, pick) in game.picks.enumerated() {
        if index > 0 { line.append(.text(", ")) }
        line.append(.text(champion(pick)))
        guard let player = pick.playerID.flatMap({ names[$0] }) else { continue }
        line.append(
          pick.guessed
            ? .h(
              "span",
              ["class": "played guessed", "title": localized("A guess: nobody said who played")],
              " (\(player)?)")
            : .h("span", ["class": "played"], " (\(player))"))
      }
    }
    if !game.opponentPicks.isEmpty {
      line.append(
        .text(
          " · " + localized("against %@", game.opponentPicks.map(champion).joined(separator: ", ")))
      )
    }
    if let vod = game.vod {
      line += [.text(" · "), .h("a", ["href": vod, "rel": "noopener noreferrer"], "VOD")]
    }
    return .h("li", ["class": "game game-\(game.result.rawValue)"], line)
  }

  /// The form that logs an event's games: as many rows as its format has games (three
  /// without one), the games logged first, or as typed when they were refused. Each role
  /// has our champion, who played it (the one `lineup`, the verdict's five, names unless the
  /// game says otherwise) and the other team's champion.
  func resultForm(
    _ event: TeamEvent, in roster: Roster, lineup: [Position: UUID],
    typed: (input: [GameInput], errors: ValidationError)?, token: String
  ) -> HTML {
    let errors = typed?.errors
    let inputs = typed?.input ?? event.games.map(GameInput.init)
    let count = max(
      inputs.count, event.format.map { ["bo1": 1, "bo3": 3, "bo5": 5][$0.rawValue] ?? 3 } ?? 3)
    let rows: [HTML] = (0..<count).map { index in
      let game = inputs.indices.contains(index) ? inputs[index] : nil
      let number = index + 1
      let result: HTML = .h(
        "select", ["name": "result\(number)", "aria-label": localized("Game %@: result", number)],
        [.h("option", ["value": ""], localized("Not played"))]
          + Game.Result.allCases.map { value in
            .h(
              "option",
              ["value": value.rawValue] + (game?.result == value.rawValue ? ["selected": ""] : [:]),
              value.displayName(in: language))
          })
      let side: HTML = .h(
        "select", ["name": "side\(number)", "aria-label": localized("Game %@: side", number)],
        [.h("option", ["value": ""], localized("Side"))]
          + Game.Side.allCases.map { value in
            .h(
              "option",
              ["value": value.rawValue] + (game?.side == value.rawValue ? ["selected": ""] : [:]),
              value.displayName(in: language))
          })
      let picks: [HTML] = Position.allCases.enumerated().map { role, position in
        func typed(_ list: [String]?) -> String {
          list.flatMap { $0.indices.contains(role) ? $0[role] : nil } ?? ""
        }
        func championName(_ text: String) -> String { Champion.find(text)?.name ?? text }
        let named = typed(game?.players)
        let player = UUID(uuidString: named) ?? (named.isEmpty ? lineup[position] : nil)
        return .h(
          "div", ["class": "pick"],
          [
            .h(
              "input",
              [
                "type": "text", "name": "champion\(number)-\(position.rawValue)",
                "list": "champion-names", "value": championName(typed(game?.champions)),
                "aria-label": localized("Game %1$@: %2$@'s champion", number, position.displayName),
                "placeholder": position.displayName, "autocomplete": "off",
              ]),
            playerChoice(
              in: roster, selected: player, name: "player\(number)-\(position.rawValue)",
              label: localized("Game %1$@: who played %2$@", number, position.displayName)),
            .h(
              "input",
              [
                "type": "text", "name": "opponent\(number)-\(position.rawValue)",
                "list": "champion-names", "value": championName(typed(game?.opponentChampions)),
                "aria-label": localized(
                  "Game %1$@: the other team’s %2$@", number, position.displayName),
                "placeholder": localized("Their %@", position.displayName), "autocomplete": "off",
              ]),
          ])
      }
      let vod: HTML = .h(
        "input",
        [
          "type": "url", "name": "vod\(number)", "value": game?.vod ?? "",
          "placeholder": "https://",
          "aria-label": localized("Game %@: VOD address", number),
        ])
      return .h(
        "fieldset", ["class": "game-row"],
        [.h("legend", localized("Game %@", number)), result, side] + picks + [vod])
    }
    return .h(
      "details", ["class": "week-tools"] + (errors == nil ? [:] : ["open": ""]),
      [
        .h("summary", localized("Log the result")),
        .h(
          "form",
          [
            "method": "post", "action": "/events/\(event.id)/games", "class": "result-form",
            "novalidate": "",
          ],
          [Self.csrfField(token), fieldError(errors, .game)] + rows + [
            .h(
              "datalist", ["id": "champion-names"],
              Champion.catalog.map { .h("option", ["value": $0.name]) }),
            .h(
              "div", ["class": "actions"],
              [
                .h(
                  "button", ["class": "button primary", "type": "submit"],
                  localized("Save the result"))
              ]),
          ]),
      ])
  }

  /// The form that invites a player of the organisation not invited yet (a stand-in from
  /// another team, say).
  func inviteForm(_ event: TeamEvent, in roster: Roster, token: String) -> HTML {
    .h(
      "form",
      ["method": "post", "action": "/events/\(event.id)/invite", "class": "inline invite-form"],
      [
        Self.csrfField(token),
        .h(
          "select", ["name": "player", "aria-label": localized("Player to invite")],
          playerOptions(in: roster) { !event.invited.contains($0.id) }),
        .h("button", ["type": "submit", "class": "button small"], localized("Invite")),
      ])
  }

  /// A choice of who played a role: the organisation's players, by team.
  private func playerChoice(
    in roster: Roster, selected: UUID?, name: String, label: String
  ) -> HTML {
    .h(
      "select", ["name": name, "aria-label": label],
      [.h("option", ["value": ""], localized("Nobody named"))]
        + playerOptions(in: roster, selected: selected))
  }

  /// The organisation's players that `isShown` keeps, as options grouped by team.
  private func playerOptions(
    in roster: Roster, selected: UUID? = nil, where isShown: (Player) -> Bool = { _ in true }
  ) -> [HTML] {
    roster.teams.map { team in
      .h(
        "optgroup", ["label": team.name],
        roster.players(in: team.id).filter(isShown).map { player in
          .h(
            "option",
            ["value": player.id.text] + (player.id == selected ? ["selected": ""] : [:]),
            player.name)
        })
    }
  }

  /// When a player can play: their weekly hours and days away, with the form to change
  /// them.
  func availability(
    _ player: Player, in roster: Roster, token: String, canEdit: Bool, now: Date,
    input: (weekly: String, away: String)? = nil, errors: ValidationError? = nil,
    notice: String? = nil
  ) -> HTTPResponse {
    let team = roster.team(id: player.teamID) ?? roster.firstTeam
    let current = roster.schedule.availability[player.id] ?? Availability()
    let weekly = input?.weekly ?? current.weekly.map(\.description).joined(separator: ", ")
    let away = input?.away ?? current.away.map(\.description).joined(separator: "\n")
    let today = Day(now, in: team.zone)
    var content: [HTML] = [
      notice.map { .h("p", ["class": "status shown", "role": "status"], $0) }
        ?? .h("p", ["class": "status", "role": "status"], ""),
      .h(
        "p", ["class": "muted"],
        localized(
          "Hours on %1$@'s clock. Without weekly hours, %2$@ counts as available at any hour; days away always win.",
          team.zone.identifier, player.name)),
    ]
    if canEdit {
      content.append(
        Self.postButton(
          "/players/\(player.id)/availability", token: token,
          fields: [("awayToday", today.description)],
          button: ["class": "button"],
          [.text(localized("Away today (%@)", today.formatted(in: language)))]))
      content.append(
        .h(
          "form",
          [
            "method": "post", "action": "/players/\(player.id)/availability",
            "class": "availability-form", "novalidate": "",
          ],
          [
            Self.csrfField(token),
            .h(
              "div", ["class": "field"],
              [
                .h(
                  "label", ["for": "weekly"],
                  localized("Weekly hours (Mon-Fri 18:00-23:00, Sat 14:00-20:00)")),
                .h(
                  "input",
                  [
                    "type": "text", "id": "weekly", "name": "weekly", "value": weekly,
                    "autocomplete": "off",
                  ] + Self.invalid(errors, .weekly)),
                fieldError(errors, .weekly),
              ]),
            .h(
              "div", ["class": "field"],
              [
                .h(
                  "label", ["for": "away"],
                  localized("Days away, one a line (2026-03-12 or 2026-03-12..2026-03-14)")),
                .h(
                  "textarea",
                  ["id": "away", "name": "away", "rows": "3"] + Self.invalid(errors, .away),
                  away),
                fieldError(errors, .away),
              ]),
            .h(
              "div", ["class": "actions"],
              [.h("button", ["class": "button primary", "type": "submit"], localized("Save"))]),
          ]))
      content.append(
        calendarSection(
          roster.schedule.feeds.filter { $0.playerID == player.id },
          explained: localized("A private address for the events %@ is invited to.", player.name),
          token: token, actions: "/players/\(player.id)/calendar", fields: []))
    } else {
      content.append(.h("p", [:], weekly.isEmpty ? localized("Any time") : weekly))
      content.append(.h("p", [:], away.isEmpty ? "" : localized("Away: %@", away)))
    }
    return page(
      status: errors == nil ? 200 : 422,
      title: localized("When %@ can play", player.name),
      [
        backBar(to: "/players/\(player.id)"),
        .h(
          "main", ["class": "sheet-page availability"],
          [.h("h1", localized("When %@ can play", player.name))] + content),
      ])
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// An event's page and the form to plan or change one.
extension Pages {
  /// The form to plan or change an event; its times on the team's clock. With `repeating`
  /// (a new event), the days it repeats on and the series' last day.
  func eventForm(
    _ input: EventInput, errors: ValidationError?, token: String, action: String, submit: String,
    opponents: [String], repeating: Bool = false
  ) -> HTML {
    let kind: HTML = .h(
      "select", ["id": "eventType", "name": "kind"] + Self.invalid(errors, .eventType),
      Self.options(TeamEvent.Kind.allCases, input.kind) { $0.displayName(in: language) })
    return .h(
      "form", ["method": "post", "action": action, "class": "event-form", "novalidate": ""],
      [Self.csrfField(token), field(.eventType, localized("Kind"), kind, errors)]
        + eventTimes(input, errors) + (repeating ? [repeatFields(input, errors)] : [])
        + eventDetails(input, errors, opponents: opponents) + [
          .h(
            "div", ["class": "actions"],
            [.h("button", ["class": "button primary", "type": "submit"], submit)])
        ])
  }

  /// A labelled control of an event's form, with its error.
  private func field(
    _ name: ValidationError.Field, _ label: String, _ control: HTML, _ errors: ValidationError?
  ) -> HTML {
    .h(
      "div", ["class": "field"],
      [.h("label", ["for": name.rawValue], label), control, fieldError(errors, name)])
  }

  /// The options of a choice, `chosen` (in any case) selected.
  static func options<T: RawRepresentable>(
    _ values: [T], _ chosen: String, _ name: (T) -> String
  ) -> [HTML] where T.RawValue == String {
    values.map { value in
      .h(
        "option",
        ["value": value.rawValue]
          + (value.rawValue == chosen.lowercased() ? ["selected": ""] : [:]),
        name(value))
    }
  }

  /// An event's start and end, on the team's clock.
  private func eventTimes(_ input: EventInput, _ errors: ValidationError?) -> [HTML] {
    func time(_ name: ValidationError.Field, _ label: String, _ value: String) -> HTML {
      field(
        name, label,
        .h(
          "input",
          ["type": "datetime-local", "id": name.rawValue, "name": name.rawValue, "value": value]
            + Self.invalid(errors, name)), errors)
    }
    return [
      time(.start, localized("Start"), input.start),
      time(.end, localized("End (two hours later when empty)"), input.end),
    ]
  }

  /// How the series' games lock champions (``DraftRule``).
  private func draftRuleChoice(_ input: EventInput, _ errors: ValidationError?) -> HTML {
    let chosen = input.draftRule.isEmpty ? DraftRule.standard.rawValue : input.draftRule
    return .h(
      "select", ["id": "draftRule", "name": "draftRule"] + Self.invalid(errors, .draftRule),
      Self.options(DraftRule.allCases, chosen) { $0.displayName(in: language) })
  }

  /// The days of the week a new event repeats on (none: once) and the series' last day.
  private func repeatFields(_ input: EventInput, _ errors: ValidationError?) -> HTML {
    let chosen = input.repeatWeekdays
    let days: [HTML] = Weekday.allCases.map { day in
      .h(
        "label", ["class": "day-choice"],
        [
          .h(
            "input",
            ["type": "checkbox", "name": "repeats", "value": day.code.lowercased()]
              + (day == .monday ? ["id": "repeats"] : [:])
              + (chosen.contains(day) ? ["checked": ""] : [:]) + Self.invalid(errors, .repeats)),
          .h("span", day.shortName(in: language)),
        ])
    }
    return .h(
      "fieldset", ["class": "repeat"],
      [
        .h("legend", localized("Repeat every week on (none: once)")),
        .h("div", ["class": "days"], days),
        fieldError(errors, .repeats),
        field(
          .until, localized("Until (the series' last day)"),
          .h(
            "input",
            ["type": "date", "id": "until", "name": "until", "value": input.until]
              + Self.invalid(errors, .until)), errors),
      ])
  }

  /// An event's opponent, format, place and notes.
  private func eventDetails(_ input: EventInput, _ errors: ValidationError?, opponents: [String])
    -> [HTML]
  {
    func text(_ name: ValidationError.Field, _ value: String, _ extra: HTML.Attributes = [:])
      -> HTML
    {
      .h(
        "input",
        ["type": "text", "id": name.rawValue, "name": name.rawValue, "value": value] + extra
          + Self.invalid(errors, name))
    }
    let format: HTML = .h(
      "select", ["id": "format", "name": "format"] + Self.invalid(errors, .format),
      [.h("option", ["value": ""], localized("None"))]
        + Self.options(TeamEvent.Format.allCases, input.format) { $0.displayName })
    return [
      field(
        .opponent, localized("Opponent"),
        text(.opponent, input.opponent, ["list": "opponents", "autocomplete": "off"]), errors),
      .h("datalist", ["id": "opponents"], opponents.map { .h("option", ["value": $0]) }),
      field(.format, localized("Format"), format, errors),
      field(.draftRule, localized("Draft"), draftRuleChoice(input, errors), errors),
      field(.place, localized("Place (empty for online)"), text(.place, input.place), errors),
      field(
        .notes, localized("Notes"),
        .h(
          "textarea", ["id": "notes", "name": "notes", "rows": "2"] + Self.invalid(errors, .notes),
          input.notes), errors),
    ]
  }

  /// One event: when on the team's clock, its verdict, who is invited and their answers,
  /// the games logged; for editors, the forms to answer, log the result, change or cancel.
  func event(
    _ event: TeamEvent, in roster: Roster, token: String, viewer: Viewer,
    form: EventForm? = nil, games typed: (input: [GameInput], errors: ValidationError)? = nil,
    draft: DraftView? = nil, note: (input: GameNoteInput, errors: ValidationError)? = nil,
    notice: String? = nil
  ) -> HTTPResponse {
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    let zone = team.zone
    let players = roster.players(in: team.id)
    let verdict = roster.schedule.verdict(of: event, players: players, in: zone)
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    let invited = event.invited.map {
      invitee($0, of: event, names: names, viewer: viewer, token: token)
    }
    let facts = eventFacts(event, verdict: verdict, in: roster.schedule, zone: zone)
    let main: HTML = .h(
      "main", ["class": "event-page", "data-live": "", "data-version": String(roster.version)],
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
        gamesSection(event, names: names),
        draftBoard(
          event, view: draft ?? DraftView(event, query: [:]), in: roster, viewer: viewer,
          token: token),
        gameNotesSection(event, names: names, zone: zone, viewer: viewer, token: token),
      ])
    let tools =
      viewer.canEdit
      ? editorTools(event, of: team, in: roster, form: form, games: typed, note: note, token: token)
      : []
    return page(
      status: form?.errors != nil || typed != nil || draft?.errors != nil
        || draft?.proposal != nil || note != nil ? 422 : 200,
      title: "\(text(event.title)) · \(team.name)",
      [
        eventTopbar(event, of: team),
        main,
        // Outside <main> (a live update renews it; a form being filled in must stay), in a
        // landmark of its own.
        tools.isEmpty
          ? .fragment([])
          : .h("section", ["class": "page-tools", "aria-label": localized("Actions")], tools),
      ])
  }

  /// The games logged, each with its result and who played what.
  private func gamesSection(_ event: TeamEvent, names: [UUID: String]) -> HTML {
    let games: [HTML] = event.games.enumerated().map { index, game in
      gameLine(game, number: index + 1, names: names)
    }
    return .h(
      "section", ["aria-labelledby": "games-title"],
      [
        .h("h2", ["id": "games-title"], localized("Games")),
        games.isEmpty
          ? .h("p", ["class": "muted"], localized("No game logged yet."))
          : .h("ol", ["class": "games"], games),
      ])
  }

  /// When, the verdict, where, the series and the notes.
  private func eventFacts(
    _ event: TeamEvent, verdict: Verdict, in schedule: Schedule, zone: TimeZone
  ) -> [HTML] {
    var facts: [HTML] = [
      .h("p", ["class": "when"], time(of: event, in: zone)),
      .h("p", [:], [verdictBadge(verdict)]),
      .h("p", [:], event.place.isEmpty ? localized("Online") : event.place),
    ]
    if let series = seriesLine(event, in: schedule, zone: zone) { facts.append(series) }
    if !event.notes.isEmpty { facts.append(.h("p", ["class": "notes"], event.notes)) }
    return facts
  }

  /// Where an event stands in its series (`Series: 3 of 8, the last on Thu 28 Jan`), with
  /// the next one's link; nil for an event planned alone.
  private func seriesLine(_ event: TeamEvent, in schedule: Schedule, zone: TimeZone) -> HTML? {
    let series = schedule.series(of: event)
    guard series.count > 1, let index = series.firstIndex(where: { $0.id == event.id }),
      let last = series.last
    else { return nil }
    let lastDay =
      "\(Weekday(of: last.start, in: zone).shortName(in: language)) "
      + Day(last.start, in: zone).formatted(in: language)
    var line: [HTML] = [
      .text(localized("Series: %1$@ of %2$@, the last on %3$@", index + 1, series.count, lastDay))
    ]
    if index + 1 < series.count {
      line += [
        .text(" · "),
        .h("a", ["href": "/events/\(series[index + 1].id)"], localized("Next in the series")),
      ]
    }
    return .h("p", ["class": "series"], line)
  }

  /// The event's title bar: back to its week, its title, team and format.
  private func eventTopbar(_ event: TeamEvent, of team: Team) -> HTML {
    let from = Day(event.start, in: team.zone)
    return .h(
      "header", ["class": "topbar \(team.color.cssClass)"],
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
      ])
  }

  /// An invited player with their answer and comment; where the reader may answer for
  /// them, the buttons to.
  private func invitee(
    _ id: UUID, of event: TeamEvent, names: [UUID: String], viewer: Viewer, token: String
  ) -> HTML {
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

  /// For editors: the result form, the event's form, and cancelling it.
  private func editorTools(
    _ event: TeamEvent, of team: Team, in roster: Roster, form: EventForm?,
    games typed: (input: [GameInput], errors: ValidationError)?,
    note: (input: GameNoteInput, errors: ValidationError)?, token: String
  ) -> [HTML] {
    let zone = team.zone
    let players = roster.players(in: team.id)
    return [
      gameNoteForm(event, players: players, typed: note, token: token),
      resultForm(
        event, in: roster, lineup: roster.schedule.lineup(of: event, players: players, in: zone),
        typed: typed, token: token),
      .h(
        "details", ["class": "week-tools"] + (form == nil ? [:] : ["open": ""]),
        [
          .h("summary", localized("Change this event")),
          eventForm(
            form?.input ?? EventInput(event, in: zone), errors: form?.errors, token: token,
            action: "/events/\(event.id)/edit", submit: localized("Save"),
            opponents: roster.schedule.opponents(of: team.id)),
        ]),
      .h(
        "div", ["class": "danger-zone"],
        [
          Self.postButton(
            "/events/\(event.id)/delete", token: token, button: ["class": "button danger"],
            [.text(localized("Cancel this event"))])
        ] + cancelFollowing(event, in: roster.schedule, token: token)),
    ]
  }

  /// For an event of a series with events after it: cancelling it and those.
  private func cancelFollowing(_ event: TeamEvent, in schedule: Schedule, token: String) -> [HTML] {
    let following = schedule.series(from: event).count - 1
    guard following > 0 else { return [] }
    return [
      Self.postButton(
        "/events/\(event.id)/delete", token: token, fields: [("following", "true")],
        button: ["class": "button danger"],
        [.text(localized("Cancel this event and the %@ following", following))])
    ]
  }

  /// A logged game: its result and side (and recording), then our picks, each champion's
  /// picture with its name and who played it (a guess nobody confirmed marked so), and the
  /// other team's.
  func gameLine(_ game: Game, number: Int, names: [UUID: String]) -> HTML {
    var parts = [game.result.displayName(in: language)]
    if let side = game.side { parts.append(side.displayName(in: language)) }
    // The language's own space before the colon (a no-break one in French).
    var head: [HTML] = [
      .text(
        localized("%1$@: %2$@", localized("Game %@", number), parts.joined(separator: " · ")))
    ]
    if let vod = game.vod {
      head += [.text(" · "), .h("a", ["href": vod, "rel": "noopener noreferrer"], "VOD")]
    }
    var line: [HTML] = [.h("p", ["class": "game-head"], head)]
    for (picks, label, kind) in [
      (game.picks, localized("Our picks"), "picks"),
      (game.opponentPicks, localized("Their picks"), "picks opponent"),
    ] where !picks.isEmpty {
      line += [
        .h("p", ["class": "picks-label"], label),
        .h("ul", ["class": kind], picks.map { pickItem($0, names: names) }),
      ]
    }
    return .h("li", ["class": "game game-\(game.result.rawValue)"], line)
  }

  /// A champion played: its picture, its name, and who played it.
  private func pickItem(_ pick: Game.Pick, names: [UUID: String]) -> HTML {
    let champion = champions.find(pick.champion)
    var item: [HTML] = [
      avatar(champion?.imageName ?? pick.champion, size: 40),
      .h(
        "span", ["class": "pick-name"],
        champion.map { champions.name(of: $0, in: language) } ?? pick.champion),
    ]
    if let player = pick.playerID.flatMap({ names[$0] }) {
      item.append(
        pick.guessed
          ? .h(
            "span",
            ["class": "played guessed", "title": localized("A guess: nobody said who played")],
            player + "?")
          : .h("span", ["class": "played"], player))
    }
    return .h("li", ["class": "pick", "title": pick.position.displayName], item)
  }
}

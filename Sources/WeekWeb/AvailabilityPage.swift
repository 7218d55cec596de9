import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// A player's availability page.
extension Pages {
  /// When a player can play: their weekly hours and days away, with the form to change
  /// them.
  func availability(
    _ player: Player, in roster: Roster, token: String, canEdit: Bool, now: Date,
    input: (weekly: String, away: String)? = nil, errors: ValidationError? = nil,
    notice: String? = nil
  ) -> HTTPResponse {
    let team = roster.team(id: player.teamID) ?? roster.firstTeam
    let current = roster.schedule.availability[player.id] ?? Availability()
    let weekly =
      input?.weekly ?? current.weekly.map { $0.text(in: language) }.joined(separator: ", ")
    let away = input?.away ?? current.away.map { $0.text(in: language) }.joined(separator: "\n")
    let today = Day(now, in: team.zone)
    var content: [HTML] = [
      notice.map { .h("p", ["class": "status shown", "role": "status"], $0) }
        ?? .h("p", ["class": "status", "role": "status"], ""),
      .h(
        "p", ["class": "muted"],
        localized(
          "Times (%1$@). Without weekly hours, %2$@ counts as available at any time; days away always win.",
          zoneName(team.zone), player.name)),
    ]
    if canEdit {
      content.append(
        Self.postButton(
          "/players/\(player.id)/availability", token: token,
          fields: [("awayToday", today.description)],
          button: ["class": "button"],
          [.text(localized("Away today (%@)", today.formatted(in: language)))]))
      content.append(awayForm(of: player, today: today, token: token, errors: errors))
      content.append(hourGrid(of: player, current.weekly, token: token))
      content.append(
        hoursForm(of: player, weekly: weekly, away: away, token: token, errors: errors))
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

  /// The hours and days away as text, for those who type them.
  private func hoursForm(
    of player: Player, weekly: String, away: String, token: String, errors: ValidationError?
  ) -> HTML {
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
      ])
  }

  /// The week as a grid of hours, each a checkbox ticked where the player can play: a tap
  /// ticks one, a drag paints several (app.js), and Save keeps them as weekly hours.
  func hourGrid(of player: Player, _ weekly: [WeeklyBlock], token: String) -> HTML {
    let days = Weekday.allCases
    let header: HTML = .h(
      "tr", [:],
      [.h("td", [:], "")]
        + days.map { .h("th", ["scope": "col"], $0.shortName(in: language)) })
    let rows: [HTML] = (0..<24).map { hour in
      let clock = WeeklyBlock.clock(hour * 60)
      return .h(
        "tr", [:],
        [.h("th", ["scope": "row"], clock)]
          + days.map { day in
            let slot = HourSlot(day: day, hour: hour)
            let ticked = weekly.contains { $0.covers(slot) }
            return .h(
              "td", [:],
              [
                .h(
                  "input",
                  [
                    "type": "checkbox", "name": "hour", "value": slot.code,
                    "aria-label": "\(day.shortName(in: language)) \(clock)",
                  ] + (ticked ? ["checked": ""] : [:]))
              ])
          })
    }
    return .h(
      "form",
      [
        "method": "post", "action": "/players/\(player.id)/availability",
        "class": "hour-grid-form", "aria-labelledby": "hour-grid-title",
      ],
      [
        Self.csrfField(token),
        .h("input", ["type": "hidden", "name": "grid", "value": "1"]),
        .h("h2", ["id": "hour-grid-title"], localized("Paint the hours you can play")),
        .h(
          "p", ["class": "muted"],
          localized("Tap an hour, or drag across several; Save keeps them for every week.")),
        .h("table", ["class": "hour-grid"], [.h("thead", [:], [header]), .h("tbody", [:], rows)]),
        .h(
          "div", ["class": "actions"],
          [.h("button", ["class": "button primary", "type": "submit"], localized("Save"))]),
      ])
  }

  /// Days away picked from the phone's own date picker: from one day to another (the same
  /// day when the second is left empty).
  func awayForm(of player: Player, today: Day, token: String, errors: ValidationError?) -> HTML {
    func date(_ name: String, _ label: String) -> HTML {
      .h(
        "div", ["class": "field"],
        [
          .h("label", ["for": name], label),
          .h(
            "input",
            ["type": "date", "id": name, "name": name, "min": today.description]
              + (name == "awayFrom" ? Self.invalid(errors, .away) : [:])),
        ])
    }
    return .h(
      "form",
      [
        "method": "post", "action": "/players/\(player.id)/availability",
        "class": "away-form", "aria-labelledby": "away-title",
      ],
      [
        Self.csrfField(token),
        .h("h2", ["id": "away-title"], localized("Days away")),
        date("awayFrom", localized("From")), date("awayTo", localized("To (optional)")),
        .h("button", ["class": "button", "type": "submit"], localized("Add these days away")),
      ])
  }
}

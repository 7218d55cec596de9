import Foundation
import TeamHTTP
import TeamKit
import TeamStore

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

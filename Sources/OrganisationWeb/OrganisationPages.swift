import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The organisation at a glance, its teams' settings, and a player's move to another team.
extension Pages {
  /// `/` when the organisation has several teams: a card per team, with
  /// its starting five and the completeness line, its substitutes, the contracts ending
  /// within 90 days, and its events of the next seven days with their verdicts.
  package func overview(_ roster: Roster, viewer: Viewer, now: Date) -> HTTPResponse {
    let today = Day(now, in: roster.firstTeam.zone)  // the organisation's day: its first team's
    let cards = roster.teams.map {
      teamCard($0, in: roster, viewer: viewer, now: now, today: today)
    }
    return page(
      title: roster.organisation,
      [
        .h(
          "header", ["class": "topbar"],
          [
            .h(
              "h1", [:],
              [
                .text(roster.organisation),
                .h("span", ["class": "subtitle"], localized("Organisation")),
              ])
          ]),
        teamSwitcher(roster.teams, current: nil),
        .h(
          "main", ["data-live": ""],
          [
            .h("ul", ["class": "team-cards"], cards),
            footer(viewer, removed: roster.removedCount, organisation: true),
          ]),
      ])
  }

  /// A team at a glance: its starters in the game's order, substitutes, contracts ending,
  /// and its next seven days.
  private func teamCard(_ team: Team, in roster: Roster, viewer: Viewer, now: Date, today: Day)
    -> HTML
  {
    let players = roster.players(in: team.id)
    let status = LineupStatus(players: players)
    let zone = team.zone
    // Today on the team's clock and the six days after (the page is cached by the hour).
    let day = Day(now, in: zone)
    let upcoming = roster.schedule.events(
      of: team.id, from: Schedule.midnight(day, in: zone),
      to: Schedule.midnight(day.adding(days: 7), in: zone))
    let substitutes = players.count { $0.lineup == .substitute }
    let ending = Contracts.ending(in: players, within: Contracts.warningDays, today: today)
    // The five in the game's order, Top to Support, as a broadcast lists them.
    let starters = Position.allCases.flatMap { position in
      status.starters.filter { $0.position == position }
    }
    return .h(
      "li", ["class": "team-card \(team.color.cssClass)", "id": "team-\(team.tag)"],
      [
        teamHeading(team, in: roster),
        .h(
          "ul", ["class": "starters", "aria-label": localized("Starting five")],
          starters.map { player in
            .h(
              "li", [:],
              [
                .h(
                  "a", ["href": "/players/\(player.id)"],
                  [avatar(of: player, size: 40), .h("span", ["class": "name"], player.name)]),
                .text(" "), .h("span", ["class": "role"], player.position.displayName),
              ])
          }),
        .h(
          "p", ["class": status.isComplete ? "lineup complete" : "lineup"],
          status.summary(in: language)),
        .h(
          "p", ["class": "muted"],
          substitutes == 1 ? localized("1 substitute") : localized("%@ substitutes", substitutes)),
        ending.isEmpty || !viewer.isStaff
          ? .fragment([])
          : .h(
            "p", ["class": "contracts"],
            localized(
              "Contracts ending within 90 days: %@.",
              ending.map { "\($0.name) (\($0.contractEnd?.formatted(in: language) ?? ""))" }
                .joined(separator: ", "))),
        upcomingList(upcoming, in: roster.schedule, players: players, zone: zone),
      ])
  }

  /// A team's events of the next seven days with their verdicts; nothing without any.
  private func upcomingList(
    _ upcoming: [TeamEvent], in schedule: Schedule, players: [Player], zone: TimeZone
  ) -> HTML {
    guard !upcoming.isEmpty else { return .fragment([]) }
    return .h(
      "ul", ["class": "upcoming", "aria-label": localized("Next seven days")],
      upcoming.map { event in
        let verdict = schedule.verdict(of: event, players: players, in: zone)
        return .h(
          "li", [:],
          [
            .h("a", ["href": "/events/\(event.id)"], text(event.title)), .text(" · "),
            .text(when(event, in: zone)), .text(" · "), verdictBadge(verdict),
          ])
      })
  }

  /// `/teams`: every team; an owner adds, renames, re-parents and
  /// removes teams, and renames the organisation.
  func teams(
    _ roster: Roster, token: String, viewer: Viewer,
    failure: (tag: String?, input: TeamInput, errors: ValidationError)? = nil,
    notice: String? = nil,
    status: Int = 200
  ) -> HTTPResponse {
    func failed(_ team: Team?) -> (TeamInput, ValidationError)? {
      guard let failure, failure.tag == team?.tag else { return nil }
      return (failure.input, failure.errors)
    }
    let rows = roster.teams.map { team in
      teamRow(team, in: roster, viewer: viewer, token: token, failed: failed(team))
    }
    var content: [HTML] = [
      .h(
        "div", ["class": notice == nil ? "status" : "status shown", "role": "status"],
        notice.map { [.text($0)] } ?? []),
      .h("ul", ["class": "team-cards"], rows),
    ]
    if viewer.isOwner { content += ownerSections(roster, token: token, failed: failed(nil)) }
    return page(
      status: status, title: localized("Teams · %@", roster.organisation),
      [backBar(), .h("main", [:], [.h("h1", localized("Teams"))] + content)])
  }

  /// A team form's fields, `input` in them, each with its error.
  private func teamFields(
    _ input: TeamInput, for team: Team?, errors: ValidationError?, in roster: Roster,
    token: String
  ) -> [HTML] {
    let prefix = team.map { "team-\($0.tag)-" } ?? "new-team-"
    func field(
      _ field: ValidationError.Field, _ name: String, _ label: String, _ value: String,
      _ extra: HTML.Attributes = [:]
    ) -> HTML {
      let id = prefix + name
      let message = errors?.messages(for: field).map(text).joined(separator: " ")
      let invalid: HTML.Attributes =
        message.map { _ in ["aria-invalid": "true", "aria-describedby": id + "-error"] } ?? [:]
      return .h(
        "div", ["class": "field"],
        [
          .h("label", ["for": id], label),
          .h(
            "input",
            ["type": "text", "id": id, "name": name, "value": value, "autocomplete": "off"]
              + extra + invalid),
          message.map { .h("p", ["class": "error", "id": id + "-error"], $0) }
            ?? .fragment([]),
        ])
    }
    let parents = roster.teams.filter { $0.id != team?.id }
    let parentID = prefix + "parent"
    return [
      Self.csrfField(token),
      field(.teamName, "name", localized("Name"), input.name, ["maxlength": "40"]),
      field(.tag, "tag", localized("Tag"), input.tag, ["maxlength": "5"]),
      field(.league, "league", localized("League"), input.league, ["maxlength": "16"]),
      .h(
        "div", ["class": "field"],
        [
          .h("label", ["for": parentID], localized("Main team")),
          .h(
            "select", ["id": parentID, "name": "parent"],
            [.h("option", ["value": ""], localized("None (a main team itself)"))]
              + parents.map { parent in
                .h(
                  "option",
                  ["value": parent.tag]
                    + (Team.tagKey(input.parent) == parent.tag ? ["selected": ""] : [:]),
                  parent.name)
              }),
          errors?.message(for: .parent).map { .h("p", ["class": "error"], text($0)) }
            ?? .fragment([]),
        ]),
      colorField(input, id: prefix + "color", errors: errors),
    ]
  }

  /// A team's colour, from the palette; a new team's is blue.
  private func colorField(_ input: TeamInput, id: String, errors: ValidationError?) -> HTML {
    let chosen = TeamColor(parsing: input.color) ?? .blue
    let message = errors?.message(for: .color).map(text)
    return .h(
      "div", ["class": "field"],
      [
        .h("label", ["for": id], localized("Colour")),
        .h(
          "select",
          ["id": id, "name": "color"]
            + (message == nil ? [:] : ["aria-invalid": "true", "aria-describedby": id + "-error"]),
          TeamColor.allCases.map { color in
            .h(
              "option",
              ["value": color.rawValue, "class": color.cssClass]
                + (color == chosen ? ["selected": ""] : [:]),
              color.displayName(in: language))
          }),
        message.map { .h("p", ["class": "error", "id": id + "-error"], $0) } ?? .fragment([]),
      ])
  }

  /// A team on the teams page; for an owner, its form and its removal.
  /// A team's name, linked to its roster, with its tag, league and main team.
  private func teamHeading(_ team: Team, in roster: Roster) -> HTML {
    let parent = team.parentID.flatMap { roster.team(id: $0) }
    return .h(
      "h2", [:],
      [
        .h("a", ["href": "/teams/\(team.tag)"], team.name),
        .h(
          "span", ["class": "subtitle"],
          [team.tag, team.league, parent.map { localized("academy of %@", $0.name) }]
            .compactMap(\.self).joined(separator: " · ")),
      ])
  }

  private func teamRow(
    _ team: Team, in roster: Roster, viewer: Viewer, token: String,
    failed: (TeamInput, ValidationError)?
  ) -> HTML {
    let count = roster.players(in: team.id).count
    var children: [HTML] = [
      teamHeading(team, in: roster),
      .h(
        "p", ["class": "muted"],
        count == 1 ? localized("1 player") : localized("%@ players", count)),
    ]
    if viewer.isOwner {
      children += [
        .h(
          "details", failed == nil ? [:] : ["open": ""],
          [
            .h("summary", localized("Change %@", team.name)),
            .h(
              "form",
              ["method": "post", "action": "/teams/\(team.tag)/edit", "class": "team-form"],
              teamFields(
                failed?.0 ?? TeamInput(team: team, in: roster.teams), for: team,
                errors: failed?.1, in: roster, token: token)
                + [.h("button", ["class": "button", "type": "submit"], localized("Save"))]),
          ]),
        // Only an empty team can go (the store refuses the others): said, not offered.
        count == 0 && roster.teams.count > 1
          ? Self.postButton(
            "/teams/\(team.tag)/delete", token: token,
            button: ["class": "button danger small"],
            [.text(localized("Remove %@", team.name))])
          : .h(
            "p", ["class": "muted small"],
            localized("Move its players to another team to remove %@.", team.name)),
      ]
    }
    return .h(
      "li", ["class": "team-card \(team.color.cssClass)", "id": "team-\(team.tag)"], children)
  }

  /// For an owner: a new team, and the organisation's name.
  private func ownerSections(
    _ roster: Roster, token: String, failed: (TeamInput, ValidationError)?
  ) -> [HTML] {
    [
      .h(
        "section", ["aria-labelledby": "new-team-title"],
        [
          .h("h2", ["id": "new-team-title"], localized("New team")),
          .h(
            "form", ["method": "post", "action": "/teams", "class": "team-form"],
            teamFields(
              failed?.0 ?? TeamInput(name: "", tag: ""), for: nil, errors: failed?.1,
              in: roster, token: token)
              + [.h("button", ["class": "button", "type": "submit"], localized("Add team"))]),
        ]),
      .h(
        "section", ["aria-labelledby": "organisation-title"],
        [
          .h("h2", ["id": "organisation-title"], localized("Organisation")),
          .h(
            "form", ["method": "post", "action": "/organisation", "class": "team-form"],
            [
              Self.csrfField(token),
              .h(
                "div", ["class": "field"],
                [
                  .h("label", ["for": "organisation-name"], localized("Name")),
                  .h(
                    "input",
                    [
                      "type": "text", "id": "organisation-name", "name": "name",
                      "value": roster.organisation, "maxlength": "40",
                    ]),
                ]),
              .h("button", ["class": "button", "type": "submit"], localized("Rename")),
            ]),
        ]),
    ]
  }

  /// "Move to team…": the teams the reader may move the player to, each with its open
  /// roles (positions no starter plays there).
  func moveForm(
    _ player: Player, in roster: Roster, targets: [Team], token: String, cookie: String?,
    error: String? = nil
  ) -> HTTPResponse {
    let current = roster.team(id: player.teamID)
    let choices = targets.map { moveChoice($0, in: roster, only: targets.count == 1) }
    return page(
      status: error == nil ? 200 : 422,
      title: localized("Move %@ to another team", player.name), cookie: cookie,
      [
        backBar(to: "/players/\(player.id)"),
        .h(
          "main", [:],
          [
            .h("h1", localized("Move %@ to another team", player.name)),
            .h(
              "p", ["class": "muted"],
              localized(
                "%1$@ is on %2$@. The move keeps their pseudo, photo and champions, and dates their arrival today.",
                player.name, current?.name ?? "")),
            error.map { .h("p", ["class": "error", "role": "alert"], $0) } ?? .fragment([]),
            targets.isEmpty
              ? .h("p", localized("There is no other team you may move them to."))
              : .h(
                "form", ["method": "post", "action": "/players/\(player.id)/team"],
                [
                  Self.csrfField(token),
                  .h(
                    "fieldset", [:],
                    [.h("legend", localized("Team"))] + choices),
                  moveStatusField(),
                  .h("button", ["class": "button", "type": "submit"], localized("Move")),
                ]),
          ]),
      ])
  }

  /// A team the player may move to, with the roles it lacks; chosen already when it is the
  /// only one (`only`).
  private func moveChoice(_ team: Team, in roster: Roster, only: Bool) -> HTML {
    let missing = LineupStatus(players: roster.players(in: team.id)).missing
    let id = "move-\(team.tag)"
    // The one team on offer is chosen already; a choice is required of several.
    let radio: HTML.Attributes =
      ["type": "radio", "name": "team", "value": team.tag, "id": id, "required": ""]
      + (only ? ["checked": ""] : [:])
    return .h(
      "div", ["class": "choice"],
      [
        .h("input", radio),
        .h(
          "label", ["for": id],
          [
            .h("strong", team.name),
            .text(" · "),
            .h(
              "span", ["class": "muted"],
              missing.isEmpty
                ? localized("no open role")
                : localized(
                  "open roles: %@", missing.map(\.displayName).joined(separator: ", "))),
          ]),
      ])
  }

  /// The player's status in the new team.
  private func moveStatusField() -> HTML {
    .h(
      "div", ["class": "field"],
      [
        .h("label", ["for": "lineup"], localized("Status in the new team")),
        .h(
          "select", ["id": "lineup", "name": "lineup"],
          [.h("option", ["value": ""], localized("As the team needs"))]
            + [Lineup.starter, .substitute].map { lineup in
              .h("option", ["value": lineup.rawValue], lineup.label(in: language))
            }),
      ])
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Which game of a series' draft its board shows, the turn chosen, and what was typed when a
/// choice was refused.
struct DraftView {
  var game: Int
  var turn: Int?
  var typed = ""
  var errors: ValidationError?
  /// A proposal refused, as typed.
  var proposal: (input: ProposalInput, errors: ValidationError)?
  /// The request's instant, which a turn timer counts from on every screen.
  var now: Date?

  /// The board of `event` as the page's query asks: `game` (the first not drafted to the
  /// end by default) and `turn` (the next empty one by default).
  init(_ event: TeamEvent, query: [String: String], now: Date? = nil) {
    self.now = now
    let open = min(event.completedDrafts.count + 1, event.gameCount)
    let asked = query["game"].flatMap { Int($0) } ?? open
    game = min(max(asked, 1), min(event.drafts.count + 1, event.gameCount))
    turn = query["turn"].flatMap { Int($0) }.flatMap {
      DraftSlot.order.indices.contains($0) ? $0 : nil
    }
  }
}

/// An event's draft board: the games of its series, each game's twenty turns in tournament
/// order, and for editors the champions to tap, those the rule locks greyed.
extension Pages {
  func draftBoard(
    _ event: TeamEvent, view: DraftView, in roster: Roster, viewer: Viewer, token: String
  ) -> HTML {
    let canEdit = viewer.canEdit
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    let draft = event.drafts.indices.contains(view.game - 1) ? event.drafts[view.game - 1] : nil
    let turn = view.turn ?? draft?.nextTurn
    var parts: [HTML] = [
      .h(
        "h2", ["id": "draft-title"],
        localized("Draft · %@", event.draftRule.displayName(in: language))),
      gameTabs(event, view: view),
      turnTimer(event, view: view, canEdit: canEdit, token: token),
      .h(
        "p", [:],
        [
          .h(
            "a", ["href": "/pools?team=\(team.tag)&event=\(event.id)"],
            localized("Our pools for this series")),
          .text(" · "),
          .h("a", ["href": "/teams/\(team.tag)/mocks"], localized("Mock drafts")),
        ]),
    ]
    if let draft {
      let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
      parts.append(turnList(draft, event: event, game: view.game, selected: turn, names: names))
    } else {
      parts.append(.h("p", ["class": "muted"], localized("Game %@ is not drafted yet.", view.game)))
    }
    if canEdit {
      parts.append(fieldError(view.errors, .draft))
      parts.append(fieldError(view.errors, .game))
      parts.append(
        draft.map {
          championPicker(event, draft: $0, game: view.game, turn: turn, view: view, token: token)
        } ?? sideChoice(event, game: view.game, token: token))
    }
    // Below the picker: what appears with the first choice moves nothing under the thumb.
    if let draft, draft.champions.contains(where: { $0 != nil }) {
      let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
      parts.append(asText(draft, event: event, game: view.game, team: team, names: names))
      if canEdit {
        parts.append(tryAsMock(draft, event: event, game: view.game, team: team, token: token))
      }
    }
    if canEdit {
      parts.append(
        draftLinks(
          event, links: roster.schedule.draftLinks.filter { $0.eventID == event.id },
          game: view.game, token: token))
    }
    parts.append(draftPlan(event, view: view, in: roster, viewer: viewer, token: token))
    parts.append(
      .h(
        "datalist", ["id": "draft-champions"],
        champions.champions.map { .h("option", ["value": champions.name(of: $0, in: language)]) }))
    return .h(
      "section", ["id": "draft", "class": "draft", "aria-labelledby": "draft-title"], parts)
  }

  /// The turn timer: its seconds counted from the board's last change, ticking on every
  /// screen that follows the board (scripts; without them, when the turn began); for
  /// editors, the form that starts, restarts or stops it.
  private func turnTimer(_ event: TeamEvent, view: DraftView, canEdit: Bool, token: String)
    -> HTML
  {
    var parts: [HTML] = []
    if let seconds = event.turnSeconds {
      let drawn: HTML.Attributes =
        view.now.map { ["data-now": String(Int64($0.timeIntervalSince1970 * 1000))] } ?? [:]
      parts.append(
        .h(
          "p",
          [
            "class": "draft-timer", "role": "timer", "aria-live": "off",
            "data-seconds": String(seconds),
            "data-since": String(Int64(event.updated.timeIntervalSince1970 * 1000)),
          ] + drawn, localized("Each turn: %@ s", seconds)))
    }
    if canEdit {
      let choices = TeamEvent.turnTimers.map { seconds in
        HTML.h(
          "option",
          ["value": String(seconds)]
            + (seconds == (event.turnSeconds ?? 30) ? ["selected": ""] : [:]),
          localized("%@ s", seconds))
      }
      parts.append(
        .h(
          "form",
          ["method": "post", "action": "/events/\(event.id)/timer", "class": "draft-timer-form"],
          [
            Self.csrfField(token),
            // The game shown stays shown.
            .h("input", ["type": "hidden", "name": "game", "value": String(view.game)]),
            .h(
              "select", ["name": "seconds", "aria-label": localized("Seconds per turn")], choices),
            .h(
              "button", ["type": "submit", "class": "button small"],
              event.turnSeconds == nil
                ? localized("Time each turn") : localized("Restart the timer")),
          ]
            + (event.turnSeconds == nil
              ? []
              : [
                .h(
                  "button",
                  ["type": "submit", "name": "seconds", "value": "off", "class": "button small"],
                  localized("Stop the timer"))
              ])))
    }
    return .h("div", ["class": "draft-clock"], parts)
  }

  /// The game's draft as text to paste in the team's chat: selectable as it is, copied in
  /// one tap with scripts.
  private func asText(
    _ draft: GameDraft, event: TeamEvent, game: Int, team: Team, names: [UUID: String]
  ) -> HTML {
    let text = DraftText.text(
      of: draft, game: game, us: team.name,
      them: event.opponent.isEmpty ? localized("them") : event.opponent, catalog: champions,
      names: names, in: language)
    return .h(
      "details", ["class": "draft-text"],
      [
        .h("summary", localized("The draft as text")),
        .h(
          "textarea",
          [
            "id": "draft-text", "readonly": "", "rows": "6",
            "aria-label": localized("The draft of game %@ as text", game),
          ], text),
        .h(
          "button",
          ["type": "button", "class": "button small", "data-copy": "draft-text", "hidden": ""],
          localized("Copy")),
      ])
  }

  /// The event's draft links, each with its address and Revoke, and the form that makes one
  /// for a game: the other team's captain enters their turns, a spectator follows.
  private func draftLinks(_ event: TeamEvent, links: [DraftLink], game: Int, token: String)
    -> HTML
  {
    let them = event.opponent.isEmpty ? localized("them") : event.opponent
    let items: [HTML] = links.map { link in
      .h(
        "li", [:],
        [
          .text(
            link.kind == .captain
              ? localized("Game %1$@, %2$@'s captain: ", link.game, them)
              : localized("Game %@, spectators: ", link.game)),
          .h("a", ["href": link.path], link.path),
          .text(" "),
          Self.postButton(
            "/events/\(event.id)/links/\(link.secret)/delete", token: token,
            button: ["class": "button small", "aria-label": localized("Revoke %@", link.path)],
            [.text(localized("Revoke"))]),
        ])
    }
    let games = (1...max(event.gameCount, 1)).map { number in
      HTML.h(
        "option", ["value": String(number)] + (number == game ? ["selected": ""] : [:]),
        localized("Game %@", number))
    }
    return .h(
      "details", ["id": "links", "class": "draft-links"] + (links.isEmpty ? [:] : ["open": ""]),
      [
        .h("summary", localized("Links for %@'s captain and spectators", them)),
        .h(
          "p", ["class": "muted"],
          localized(
            "A captain's link enters only their side's turns of its game; a spectator's follows the board. Both end with the series."
          )),
        items.isEmpty ? .fragment([]) : .h("ul", ["class": "draft-link-list"], items),
        .h(
          "form",
          ["method": "post", "action": "/events/\(event.id)/links", "class": "draft-timer-form"],
          [
            Self.csrfField(token),
            .h("select", ["name": "game", "aria-label": localized("Game")], games),
            .h(
              "select", ["name": "kind", "aria-label": localized("Link")],
              [
                .h("option", ["value": "captain"], localized("Captain")),
                .h("option", ["value": "spectator"], localized("Spectator")),
              ]),
            .h("button", ["type": "submit", "class": "button small"], localized("Make a link")),
          ]),
      ])
  }

  /// Links to each game drafted or next to draft.
  private func gameTabs(_ event: TeamEvent, view: DraftView) -> HTML {
    let shown = min(event.drafts.count + 1, event.gameCount)
    return .h(
      "nav", ["class": "draft-games", "aria-label": localized("Games of the series")],
      (1...max(shown, 1)).map { game in
        let done = event.drafts.indices.contains(game - 1) && event.drafts[game - 1].isComplete
        return .h(
          "a",
          ["href": "/events/\(event.id)?game=\(game)#draft", "class": "chip"]
            + (game == view.game ? ["aria-current": "page"] : [:]),
          done ? localized("Game %@ ✓", game) : localized("Game %@", game))
      })
  }

  /// The twenty turns, blue's and red's, the selected one marked.
  func turnList(
    _ draft: GameDraft, event: TeamEvent, game: Int, selected: Int?, names: [UUID: String]
  ) -> HTML {
    turnList(draft, selected: selected, names: names) {
      "/events/\(event.id)?game=\(game)&turn=\($0)#draft"
    }
  }

  /// A draft's twenty turns in tournament order, each linking to `href` of its index; those
  /// in `marked` (a comparison's differences) said so.
  func turnList(
    _ draft: GameDraft, selected: Int?, names: [UUID: String], marked: Set<Int> = [],
    href: (Int) -> String
  ) -> HTML {
    let items: [HTML] = DraftSlot.order.enumerated().map { index, slot in
      let team = draft.team(of: slot)
      let champion = draft.champions[index].flatMap { champions.find($0) }
      var label = [slot.code, slot.action == .ban ? localized("ban") : localized("pick")].joined(
        separator: " ")
      if team == .us { label += " · " + localized("us") }
      var content: [HTML] = [
        .h("span", ["class": "turn-code"], label),
        champion.map { avatar($0.imageName, size: 32, lazy: true) }
          ?? .h("span", ["class": "no-pick"], ""),
        .h(
          "span", ["class": "turn-champion"],
          champion.map { champions.name(of: $0, in: language) } ?? "—"),
      ]
      if let role = draft.roles[index] {
        let who = draft.players[index].flatMap { names[$0] }
        content.append(
          .h(
            "span", ["class": "turn-role"],
            [role.displayName, who ?? ""].filter { !$0.isEmpty }
              .joined(separator: " · ")))
      }
      if marked.contains(index) {
        content.append(.h("span", ["class": "turn-differs"], localized("differs")))
      }
      let classes =
        ["turn", slot.side.rawValue, slot.action.rawValue, team.rawValue]
        + (marked.contains(index) ? ["differs"] : [])
      return .h(
        "li",
        ["class": classes.joined(separator: " ")]
          + (index == selected ? ["aria-current": "step"] : [:]),
        [.h("a", ["href": href(index)], content)])
    }
    return .h("ol", ["class": "draft-turns", "aria-label": localized("Turns in order")], items)
  }

  /// Before a game's first turn: which side we play.
  private func sideChoice(_ event: TeamEvent, game: Int, token: String) -> HTML {
    .h(
      "form",
      ["method": "post", "action": "/events/\(event.id)/drafts/\(game)", "class": "draft-side"],
      [Self.csrfField(token), .h("p", localized("Which side do we play in game %@?", game))]
        + Game.Side.allCases.map { side in
          .h(
            "button",
            [
              "type": "submit", "name": "side", "value": side.rawValue,
              "class": "button \(side.rawValue)",
            ],
            side.displayName(in: language))
        })
  }

  /// The selected turn's choice: a forgiving search, the role of a pick, and every champion
  /// as a button, those the series' rule locks for that turn's team (or already in this game)
  /// greyed with the game that used them.
  private func championPicker(
    _ event: TeamEvent, draft: GameDraft, game: Int, turn: Int?, view: DraftView, token: String
  ) -> HTML {
    guard let turn else { return draftResult(event, game: game, token: token) }
    let slot = DraftSlot.order[turn]
    let team = draft.team(of: slot)
    let locked = event.locked(for: team, action: slot.action, inGame: game)
    let taken = Set(
      draft.champions.enumerated().compactMap { $0.offset == turn ? nil : $0.element })
    var controls: [HTML] = [
      Self.csrfField(token),
      .h("input", ["type": "hidden", "name": "turn", "value": String(turn)]),
      .h(
        "label", ["for": "draft-search", "class": "draft-now"],
        localized(
          "%1$@ %2$@ (%3$@)", slot.code,
          slot.action == .ban ? localized("ban") : localized("pick"),
          team == .us
            ? localized("us") : event.opponent.isEmpty ? localized("them") : event.opponent)),
      searchAndRole(draft, turn: turn, team: team, view: view),
    ]
    controls += [
      .h("button", ["type": "submit", "class": "button primary"], localized("Choose")),
      .h(
        "button", ["type": "submit", "name": "clear", "value": "true", "class": "button"],
        localized("Empty this turn")),
    ]
    let grid = championGrid(locked: locked, taken: taken)
    return .h(
      "form",
      [
        "method": "post", "action": "/events/\(event.id)/drafts/\(game)",
        "class": "draft-picker", "novalidate": "",
      ],
      controls + [
        // Focusable: scrolled by keyboard too, and where focus goes after a choice made in
        // place (the search would open a phone's keyboard).
        .h(
          "div",
          [
            "class": "draft-grid", "id": "draft-grid", "tabindex": "-1",
            "aria-label": localized("Champions"), "role": "group",
          ], grid)
      ])
  }

  /// The picker's search and, for a pick, its role, on one row: a ban's picker is as tall as
  /// a pick's, so the champions stay where the thumb is from one turn to the next.
  private func searchAndRole(_ draft: GameDraft, turn: Int, team: DraftTeam, view: DraftView)
    -> HTML
  {
    var line: [HTML] = [
      .h(
        "input",
        [
          "type": "search", "id": "draft-search", "name": "search", "value": view.typed,
          "list": "draft-champions", "autocomplete": "off", "data-filter": "draft-grid",
          "placeholder": localized("Search a champion"),
        ] + Self.invalid(view.errors, .draft))
    ]
    if DraftSlot.order[turn].action == .pick {
      let role = draft.roles[turn] ?? draft.freeRole(for: team)
      line.append(
        .h(
          "select", ["name": "role", "aria-label": localized("Role")],
          Position.allCases.map { position in
            .h(
              "option", ["value": position.rawValue] + (position == role ? ["selected": ""] : [:]),
              position.displayName)
          }))
    }
    return .h("div", ["class": "draft-line"], line)
  }

  /// Every champion as a button of the picker; those `locked` (with the game that used
  /// them) or `taken` in this game disabled.
  func championGrid(locked: [String: Int], taken: Set<String>) -> [HTML] {
    champions.champions.map { champion in
      let usedIn = locked[champion.id]
      let name = champions.name(of: champion, in: language)
      let disabled = usedIn != nil || taken.contains(champion.id)
      return .h(
        "button",
        [
          "type": "submit", "name": "champion", "value": champion.id,
          "data-name": Champion.searchKey(name) + " " + Champion.searchKey(champion.name),
        ]
          + (disabled
            ? [
              "disabled": "",
              "title": usedIn.map { localized("Used in game %@", $0) }
                ?? localized("Already in this game"),
            ] : [:]),
        [artIfAny(champion), .h("span", name)]
          + (usedIn.map { [.h("span", ["class": "used"], localized("G%@", $0))] } ?? []))
    }
  }

  /// A complete draft: the game's result, logged with its picks read from the draft.
  private func draftResult(_ event: TeamEvent, game: Int, token: String) -> HTML {
    let logged = event.games.indices.contains(game - 1) ? event.games[game - 1].result : nil
    return .h(
      "form",
      ["method": "post", "action": "/events/\(event.id)/drafts/\(game)", "class": "draft-side"],
      [
        Self.csrfField(token),
        .h("p", [:], localized("The draft of game %@ is complete. Its result:", game)),
        // Said in words, not only by the pressed button's look.
        logged.map {
          .h(
            "p", ["class": "status shown", "role": "status"],
            localized("Logged: %@.", $0.displayName(in: language)))
        } ?? .fragment([]),
      ]
        + Game.Result.allCases.map { result in
          .h(
            "button",
            [
              "type": "submit", "name": "result", "value": result.rawValue, "class": "button",
              "aria-pressed": logged == result ? "true" : "false",
            ], result.displayName(in: language))
        })
  }

  /// A champion's picture when the game's art (or a file) shows it; nothing for a drawing, so
  /// that a grid of every champion stays light.
  func artIfAny(_ champion: Champion) -> HTML {
    ImageLibrary.drawnPicture(ofImage: champion.imageName, in: pictures) == nil
      ? avatar(champion.imageName, size: 36, lazy: true) : .fragment([])
  }
}

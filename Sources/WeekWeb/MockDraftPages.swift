import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The pages of the mock drafts: a team's list (with the forms to make and compare them),
/// a mock draft's board, and two side by side.
extension Pages {
  func mockList(
    _ team: Team, in roster: Roster, viewer: Viewer, token: String,
    typed: (name: String, errors: ValidationError)? = nil
  ) -> HTTPResponse {
    let mocks = roster.schedule.mocks.filter { $0.teamID == team.id }
    let items: [HTML] = mocks.map { mock in
      var line: [HTML] = [
        .h("a", ["href": "/teams/\(team.tag)/mocks/\(mock.id)"], mock.name),
        .h("span", ["class": "muted"], mockFacts(mock, in: roster)),
      ]
      if viewer.canEdit {
        line.append(
          Self.postButton(
            "/teams/\(team.tag)/mocks/\(mock.id)/delete", token: token,
            button: [
              "class": "icon-button small",
              "aria-label": localized("Delete the mock draft %@", mock.name),
            ], [.trusted("×")]))
      }
      return .h("li", ["class": "mock"], line)
    }
    var parts: [HTML] = [
      typed.map { .h("p", ["class": "error", "role": "alert"], text($0.errors.issues[0].text)) }
        ?? .h("p", ["class": "status", "role": "status"], ""),
      items.isEmpty
        ? .h("p", ["class": "muted"], localized("No mock draft yet."))
        : .h("ul", ["class": "plain mocks"], items),
    ]
    if mocks.count > 1 { parts.append(mockCompareForm(team, mocks)) }
    if viewer.canEdit { parts.append(newMockForm(team, in: roster, typed: typed, token: token)) }
    return page(
      status: typed == nil ? 200 : 422, title: localized("Mock drafts · %@", team.name),
      [
        teamTopBar(
          localized("Mock drafts"), team.name, back: "/pools?team=\(team.tag)", team: team),
        .h("main", ["class": "pools-page mocks-page"], parts),
      ])
  }

  /// A mock draft's side, the game it started from, and how far it is filled.
  private func mockFacts(_ mock: MockDraft, in roster: Roster) -> String {
    var facts = [mock.draft.side.displayName(in: language)]
    if let origin = mock.origin, let event = roster.schedule.event(id: origin.event) {
      facts.append(localized("from %1$@, game %2$@", text(event.title), origin.game))
    }
    let filled = mock.draft.champions.count { $0 != nil }
    facts.append(localized("%1$@ of %2$@ turns", filled, DraftSlot.order.count))
    return facts.joined(separator: " · ")
  }

  private func mockCompareForm(_ team: Team, _ mocks: [MockDraft]) -> HTML {
    func choice(_ name: String, _ label: String, selected: Int) -> [HTML] {
      [
        .h("label", ["for": "compare-\(name)"], label),
        .h(
          "select", ["id": "compare-\(name)", "name": name],
          mocks.enumerated().map { index, mock in
            .h(
              "option",
              ["value": mock.id.uuidString] + (index == selected ? ["selected": ""] : [:]),
              mock.name)
          }),
      ]
    }
    return .h(
      "form", ["method": "get", "action": "/teams/\(team.tag)/mocks/compare", "class": "form"],
      [.h("h2", localized("Compare two"))] + choice("a", localized("First"), selected: 0)
        + choice("b", localized("Second"), selected: 1)
        + [.h("button", ["class": "button", "type": "submit"], localized("Compare"))])
  }

  private func newMockForm(
    _ team: Team, in roster: Roster, typed: (name: String, errors: ValidationError)?, token: String
  ) -> HTML {
    let drafted: [HTML] = roster.schedule.events.filter { $0.teamID == team.id }.flatMap { event in
      event.drafts.enumerated().filter { $0.element.champions.contains { $0 != nil } }.map {
        index, _ in
        .h(
          "option", ["value": "\(event.id.uuidString):\(index + 1)"],
          localized("%1$@, game %2$@", text(event.title), index + 1))
      }
    }
    return .h(
      "form", ["method": "post", "action": "/teams/\(team.tag)/mocks", "class": "form"],
      [
        Self.csrfField(token),
        .h("h2", localized("New mock draft")),
        .h("label", ["for": "mock-name"], localized("Name")),
        .h(
          "input",
          [
            "type": "text", "id": "mock-name", "name": "name", "value": typed?.name ?? "",
            "maxlength": String(MockDraft.maxNameLength), "autocomplete": "off",
          ] + Self.invalid(typed?.errors, .draft)),
        fieldError(typed?.errors, .draft),
        .h("label", ["for": "mock-side"], localized("Our side")),
        .h(
          "select", ["id": "mock-side", "name": "side"],
          Game.Side.allCases.map {
            .h("option", ["value": $0.rawValue], $0.displayName(in: language))
          }),
        .h("label", ["for": "mock-from"], localized("Start from")),
        .h(
          "select", ["id": "mock-from", "name": "from"],
          [.h("option", ["value": ""], localized("An empty draft"))] + drafted),
        .h("button", ["class": "button primary", "type": "submit"], localized("Make it")),
      ])
  }

  /// A mock draft made from this game's draft, to try other choices without touching it.
  func tryAsMock(_ draft: GameDraft, event: TeamEvent, game: Int, team: Team, token: String)
    -> HTML
  {
    Self.postButton(
      "/teams/\(team.tag)/mocks", token: token,
      fields: [
        (
          "name",
          String(
            localized("%1$@, game %2$@", text(event.title), game).prefix(MockDraft.maxNameLength))
        ),
        ("side", draft.side.rawValue), ("from", "\(event.id.uuidString):\(game)"),
      ], button: ["class": "button small"], [.text(localized("Try it as a mock draft"))])
  }

  /// A mock draft's board: its turns, and for editors the selected turn's champions.
  func mockBoard(
    _ mock: MockDraft, of team: Team, in roster: Roster, turn: Int?, viewer: Viewer,
    token: String, error: Message? = nil
  ) -> HTTPResponse {
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    var parts: [HTML] = [
      error.map { .h("p", ["class": "error", "role": "alert"], text($0)) }
        ?? .h("p", ["class": "status", "role": "status"], ""),
      .h("h2", ["class": "mock-name"], mock.name),
      .h("p", ["class": "muted"], mockFacts(mock, in: roster)),
      turnList(mock.draft, selected: turn, names: names) {
        "/teams/\(team.tag)/mocks/\(mock.id)?turn=\($0)#board"
      },
    ]
    if viewer.canEdit, let turn {
      parts.append(mockPicker(mock, of: team, turn: turn, token: token))
    }
    return page(
      status: error == nil ? 200 : 422, title: "\(mock.name) · \(team.name)",
      [
        teamTopBar(
          localized("Mock draft"), team.name, back: "/teams/\(team.tag)/mocks", team: team),
        .h("main", ["class": "draft mock-board", "id": "board"], parts),
      ])
  }

  /// The selected turn's champions: those already in the draft greyed.
  private func mockPicker(_ mock: MockDraft, of team: Team, turn: Int, token: String) -> HTML {
    let slot = DraftSlot.order[turn]
    let taken = Set(
      mock.draft.champions.enumerated().compactMap { $0.offset == turn ? nil : $0.element })
    let side =
      mock.draft.team(of: slot) == .us ? localized("us") : localized("them")
    return .h(
      "form",
      [
        "method": "post", "action": "/teams/\(team.tag)/mocks/\(mock.id)", "class": "mock-picker",
        "novalidate": "",
      ],
      [
        Self.csrfField(token),
        .h("input", ["type": "hidden", "name": "turn", "value": String(turn)]),
        .h("label", ["for": "draft-search", "class": "draft-now"], "\(turnLabel(turn)) (\(side))"),
        .h(
          "input",
          [
            "type": "search", "id": "draft-search", "name": "search", "autocomplete": "off",
            "data-filter": "draft-grid", "placeholder": localized("Search a champion"),
          ]),
        .h("button", ["type": "submit", "class": "button primary"], localized("Choose")),
        .h(
          "button", ["type": "submit", "name": "empty", "value": "1", "class": "button"],
          localized("Empty this turn")),
        .h(
          "div",
          [
            "class": "draft-grid", "id": "draft-grid", "aria-label": localized("Champions"),
            "role": "group",
          ], championGrid(locked: [:], taken: taken)),
      ])
  }

  /// Two mock drafts side by side, the turns where they differ said so.
  func mockCompare(_ first: MockDraft, _ second: MockDraft, of team: Team, in roster: Roster)
    -> HTTPResponse
  {
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    let differing = MockDraft.differences(first.draft, second.draft)
    let columns: [HTML] = [first, second].map { mock in
      .h(
        "section", ["aria-label": mock.name],
        [
          .h("h2", [:], [.h("a", ["href": "/teams/\(team.tag)/mocks/\(mock.id)"], mock.name)]),
          .h("p", ["class": "muted"], mockFacts(mock, in: roster)),
          turnList(mock.draft, selected: nil, names: names, marked: differing) {
            "/teams/\(team.tag)/mocks/\(mock.id)?turn=\($0)#board"
          },
        ])
    }
    return page(
      title: localized("%1$@ and %2$@", first.name, second.name),
      [
        teamTopBar(localized("Compare"), team.name, back: "/teams/\(team.tag)/mocks", team: team),
        .h(
          "main", ["class": "draft mock-compare"],
          [
            .h(
              "p", ["role": "status"],
              localized("%@ {1:turn differs|turns differ}.", differing.count)),
            .h("div", ["class": "mock-columns"], columns),
          ]),
      ])
  }
}

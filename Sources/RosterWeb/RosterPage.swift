import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The roster: the starting five, the substitutes, and what happened last.
extension Pages {
  /// What the roster announces after an action (in a `role="status"` region).
  enum Notice {
    case added(Player)
    case removed(Player)
    case restored(Player)
    case imported(ImportRecord, team: Team?)
    case importUndone(team: Team?)
    /// The add form came back with its errors.
    case refused
  }

  /// How many pages a roster of `players` takes (at least one).
  static func pageCount(_ players: Int) -> Int {
    max(1, (players + Self.pageSize - 1) / Self.pageSize)
  }

  /// The page (from 1) that shows `player`: the roster is shown starters first.
  static func page(of player: UUID, in players: [Player]) -> Int {
    (players.startersFirst.firstIndex { $0.id == player } ?? 0) / Self.pageSize + 1
  }

  /// Where "Back" from a player leads: their row on the page of their team that shows them.
  static func rosterLink(to player: Player, in roster: Roster) -> String {
    let team = roster.team(id: player.teamID) ?? roster.firstTeam
    let players = roster.players(in: team.id)
    return Self.path(of: team, in: roster)
      + "?page=\(Self.page(of: player.id, in: players))#player-\(player.id)"
  }

  /// A team's page `page`, from 1 to ``Self.pageCount(_:)``: the starting five, then the
  /// substitutes and the other statuses, with their order buttons.
  func roster(
    _ roster: Roster, team: Team, page: Int, token: String, viewer: Viewer,
    notice: Notice? = nil, addForm: (input: PlayerInput, errors: ValidationError?)? = nil
  ) -> HTTPResponse {
    let members = roster.players(in: team.id)
    let players = members.startersFirst
    let pages = Self.pageCount(players.count)
    let shown = Array(players.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize))
    let status = LineupStatus(players: members)
    let base = Self.path(of: team, in: roster)
    let several = roster.teams.count > 1
    let justAdded: UUID? = if case .added(let player)? = notice { player.id } else { nil }
    var content: [HTML] = [
      statusRegion(addForm != nil ? .refused : notice, token: token, canUndo: viewer.canEdit)
    ]
    if players.isEmpty {
      content.append(
        .h(
          "div", ["class": "empty"],
          [
            .h("strong", localized("No players yet")),
            .h("p", localized("Add the first member of the team with the + button.")),
          ]))
    } else {
      content.append(
        .h(
          "p", ["class": status.isComplete ? "lineup complete" : "lineup"],
          status.summary(in: language)))
      content += rosterGroups(
        players, shown: shown, page: page, pages: pages, base: base, token: token,
        viewer: viewer, justAdded: justAdded)
    }
    content.append(
      footer(viewer, removed: roster.removedCount, organisation: several, team: team))
    let teamQuery = several ? "?team=\(team.tag)" : ""
    return self.page(
      status: addForm != nil ? 422 : 200,
      title: !several
        ? localized("KCorp roster")
        : team.name == roster.organisation
          ? team.name : "\(team.name) · \(roster.organisation)",
      [
        rosterTopbar(team, in: roster, viewer: viewer),
        several ? teamSwitcher(roster.teams, current: team) : .fragment([]),
        .h(
          "main",
          [
            "data-order-etag": RosterFeature.etag(order: members), "data-live": "",
            "data-order-url": "/api/roster/order" + teamQuery,
          ],
          content),
        addSheet(team, several: several, form: addForm, token: token),
      ])
  }

  /// The sheet that adds a player to `team`: open, with what was typed, when refused.
  private func addSheet(
    _ team: Team, several: Bool, form addForm: (input: PlayerInput, errors: ValidationError?)?,
    token: String
  ) -> HTML {
    let form =
      addForm ?? (PlayerInput(name: "", position: "Top", team: several ? team.tag : ""), nil)
    let refused = addForm != nil
    return .h(
      "dialog",
      ["id": "add-dialog", "class": "sheet", "aria-labelledby": "form-title"]
        + (refused ? ["open": "", "data-refused": ""] : [:]),
      [
        // Without scripts the sheet opens only when refused: then with every champion.
        playerForm(
          form.input, errors: form.errors, token: token, action: "/players",
          title: several ? localized("New player · %@", team.name) : localized("New player"),
          submit: localized("Add"), everyChampion: refused)
      ])
  }

  /// The roster's groups by status on this page, and the links to the other pages.
  private func rosterGroups(
    _ players: [Player], shown: [Player], page: Int, pages: Int, base: String, token: String,
    viewer: Viewer, justAdded: UUID?
  ) -> [HTML] {
    var groups: [HTML] = []
    for lineup in Lineup.allCases {
      let group = shown.filter { $0.lineup == lineup }
      let everyone = players.filter { $0.lineup == lineup }
      let title = groupTitle(lineup)
      let titleID =
        "\(lineup == .starter ? "starters" : lineup == .substitute ? "substitutes" : lineup.rawValue)-title"
      // The other statuses show only when someone has them.
      let always = lineup == .starter || lineup == .substitute
      guard !group.isEmpty || (always && everyone.isEmpty && page == pages) else { continue }
      groups.append(
        .h(
          "section", ["class": "group", "aria-labelledby": titleID],
          [
            .h("h2", ["id": titleID], title),
            lineup == .starter && (page == 1 || !group.isEmpty)
              ? startingFive(group, token: token, justAdded: justAdded)
              : group.isEmpty
                ? .h("p", ["class": "muted"], localized("No substitutes."))
                : .h(
                  "ul",
                  [
                    "class": "roster", "aria-labelledby": titleID, "data-lineup": lineup.rawValue,
                  ],
                  group.map {
                    row(
                      $0, in: everyone, token: token, justAdded: $0.id == justAdded,
                      canMove: viewer.canEdit)
                  }),
          ]))
    }
    if pages > 1 {
      groups.append(
        .h(
          "nav", ["class": "pages", "aria-label": localized("Pages")],
          [
            page > 1
              ? .h("a", ["href": "\(base)?page=\(page - 1)"], localized("Previous"))
              : .fragment([]),
            .h(
              "span",
              localized(
                "Page %1$@ of %2$@ · %3$@ players", page, pages,
                language.number(players.count))),
            page < pages
              ? .h("a", ["href": "\(base)?page=\(page + 1)"], localized("Next"))
              : .fragment([]),
          ]))
    }
    return groups
  }

  /// The roster's title bar: the team, the week, and adding a player.
  private func rosterTopbar(_ team: Team, in roster: Roster, viewer: Viewer) -> HTML {
    let several = roster.teams.count > 1
    let teamQuery = several ? "?team=\(team.tag)" : ""
    return .h(
      "header", ["class": "topbar \(team.color.cssClass)"],
      [
        .h(
          "h1", [:],
          several
            ? [
              .text(team.name),
              .h(
                "span", ["class": "subtitle"],
                [team.tag, team.league].compactMap(\.self).joined(separator: " · ")),
            ]
            : [
              .text(roster.organisation),
              .h("span", ["class": "subtitle"], localized("Team roster")),
            ]),
        .h(
          "nav", ["class": "team-links", "aria-label": localized("The team's pages")],
          [
            .h(
              "a", ["class": "button small week-link", "href": "/week?team=\(team.tag)"],
              localized("Week")),
            .h(
              "a", ["class": "button small pools-link", "href": "/pools?team=\(team.tag)"],
              localized("Pools")),
          ]),
        viewer.canEdit
          ? .h(
            "a",
            [
              "id": "add-player", "class": "icon-button", "href": "/players/new" + teamQuery,
              "aria-label": localized("Add player"),
            ], [Icon.plus]) : .fragment([]),
      ])
  }

  /// The title of a group of the roster, by status.
  func groupTitle(_ lineup: Lineup) -> String {
    switch lineup {
    case .starter: localized("Starting five")
    case .substitute: localized("Substitutes")
    case .trainee: localized("Trainees")
    case .standIn: localized("Stand-ins")
    case .inactive: localized("Inactive")
    }
  }

  /// The live region that announces what just happened, with "Undo" after a removal.
  func statusRegion(_ notice: Notice?, token: String, canUndo: Bool = true) -> HTML {
    var children: [HTML] = []
    switch notice {
    case .added(let player)?:
      children = [.text(localized("%@ was added.", player.name))]
    case .restored(let player)?:
      children = [.text(localized("%@ is back on the roster.", player.name))]
    case .imported(let record, let team)?:
      let number = language.number
      children = [
        .text(
          localized(
            "Imported into %1$@: %2$@ added, %3$@ changed, %4$@ removed. ",
            team?.name ?? localized("the whole organisation"), number(record.added),
            number(record.changed), number(record.removed)))
      ]
      if canUndo, record.canUndo {
        children.append(
          Self.postButton(
            (team.map { "/teams/\($0.tag)" } ?? "") + "/imports/\(record.id)/undo", token: token,
            button: ["class": "button small", "id": "undo"], [.text(localized("Undo the import"))]))
      }
    case .importUndone(let team)?:
      children = [
        .text(
          localized(
            "The import was undone: %@ is as it was.",
            team?.name ?? localized("the whole organisation")))
      ]
    case .refused?:
      children = [.text(localized("Nothing was added: fix the fields marked in the form."))]
    case .removed(let player)?:
      children = [.text(localized("%@ was removed. ", player.name))]
      if canUndo {
        children.append(
          Self.postButton(
            "/trash/\(player.id)/restore", token: token,
            button: ["class": "button small", "id": "undo"], [.text(localized("Undo"))]))
      }
    case nil:
      break
    }
    return .h(
      "div",
      ["class": notice == nil ? "status" : "status shown", "role": "status", "id": "status"],
      children)
  }

  /// The starting five as one card per lane, in the game's order (Top, Jungle, Mid, ADC,
  /// Support): a lane without a starter shows an empty card, a second starter of a lane
  /// follows the first.
  func startingFive(_ starters: [Player], token: String, justAdded: UUID?) -> HTML {
    var cards: [HTML] = []
    for position in Position.allCases {
      let here = starters.filter { $0.position == position }
      guard !here.isEmpty else {
        cards.append(
          .h(
            "li", ["class": "card vacant"],
            [
              .h("span", ["class": "role"], [Icon.lane(position), .text(position.displayName)]),
              .h("span", ["class": "muted"], localized("No starter")),
            ]))
        continue
      }
      for player in here {
        cards.append(
          .h(
            "li",
            [
              "id": "player-\(player.id)",
              "class": player.id == justAdded ? "player-item card just-added" : "player-item card",
              "data-id": player.id.uuidString, "data-position": position.rawValue,
            ],
            [link(to: player, size: 72)]))
      }
    }
    return .h(
      "ol",
      ["class": "roster five", "aria-labelledby": "starters-title", "data-lineup": "starter"],
      cards)
  }

  /// A player's link in the roster: picture, pseudo, lane, first champions.
  func link(to player: Player, size: Int) -> HTML {
    .h(
      "a", ["class": "player-row", "href": "/players/\(player.id)"],
      [
        avatar(of: player, size: size),
        .h(
          "span", ["class": "names"],
          [
            .h("span", ["class": "pseudo"], player.name),
            .h(
              "span", ["class": "role"],
              [Icon.lane(player.position), .text(player.position.displayName)]),
          ]),
        champions(of: player),
      ])
  }

  /// A player's first three favourite champions, small, each named by its picture's text.
  func champions(of player: Player) -> HTML {
    let favourites = player.favoriteChampions.prefix(3)
    guard !favourites.isEmpty else { return .fragment([]) }
    return .h(
      "span", ["class": "champions"],
      favourites.map { avatar($0.imageName, size: 28, alt: $0.name, lazy: true) })
  }

  /// One player's row: their link, and buttons that move them within their group.
  func row(
    _ player: Player, in group: [Player], token: String, justAdded: Bool, canMove: Bool = true
  ) -> HTML {
    let index = group.firstIndex(of: player) ?? 0
    func move(_ direction: String, _ label: String, _ symbol: StaticString, disabled: Bool) -> HTML
    {
      .h(
        "button",
        [
          "type": "submit", "name": "direction", "value": direction,
          "class": "icon-button small", "aria-label": label, "id": "\(direction)-\(player.id)",
        ] + (disabled ? ["disabled": ""] : [:]),
        [.trusted(symbol)])
    }
    return .h(
      "li",
      [
        "id": "player-\(player.id)", "class": justAdded ? "player-item just-added" : "player-item",
        "data-id": player.id.uuidString,
      ],
      [
        link(to: player, size: 56),
        canMove
          ? .h(
            "form",
            ["method": "post", "action": "/players/\(player.id)/move", "class": "move"],
            [
              Self.csrfField(token),
              move("up", localized("Move up %@", player.name), "▲", disabled: index == 0),
              move(
                "down", localized("Move down %@", player.name), "▼",
                disabled: index == group.count - 1),
            ]) : .fragment([]),
      ])
  }
}

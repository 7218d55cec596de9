import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// A player's detail, and the confirmation of their removal.
extension Pages {
  func player(
    _ player: Player, in roster: Roster, token: String, viewer: Viewer, canMove: Bool = false,
    tenures: [Tenure] = [], today: Day, notice: String? = nil
  ) -> HTTPResponse {
    let team = roster.team(id: player.teamID)
    let several = roster.teams.count > 1
    let facts = playerFacts(player, team: team, several: several, today: today)
    let history = tenureSection(tenures)
    let edits = playerActions(player, in: roster, token: token, canMove: canMove)
    let champions = championSection(player)
    return page(
      title: "\(player.name) · KCorp",
      [
        backBar(to: Self.rosterLink(to: player, in: roster)),
        .h(
          "main", ["class": "detail", "data-live": "", "data-player": player.id.uuidString],
          [
            .h(
              "div",
              [
                "class": notice == nil ? "status" : "status shown", "role": "status",
                "id": "status",
              ],
              notice.map { [.text($0)] } ?? []),
            // Who they are and what they play; beside it on a desktop, the rest.
            .h(
              "div", ["class": "detail-identity"],
              [
                avatar(of: player, size: 160, alt: localized("Photo of %@", player.name)),
                .h("h1", player.name),
                .h(
                  "p", ["class": "role"],
                  [Icon.lane(player.position), .text(player.position.displayName)]),
                .h(
                  "p", ["class": "muted", "id": "player-status"], player.lineup.label(in: language)),
                viewer.canEdit ? edits : .fragment([]),
                champions,
                availabilitySection(of: player, in: roster, viewer: viewer),
              ]),
            .h(
              "div", ["class": "detail-more"],
              [
                .h("dl", ["class": "facts"], facts),
                gameNotes(about: player, in: roster, viewer: viewer),
                .fragment(history),
                viewer.canEdit ? deleteButton(player) : .fragment([]),
              ]),
          ]),
        .fragment(playerSheets(player, token: token)),
      ])
  }

  /// The notes on games that name the player, the newest first, for the staff and the
  /// player themself; nothing when there are none.
  private func gameNotes(about player: Player, in roster: Roster, viewer: Viewer) -> HTML {
    guard viewer.isStaff || viewer.player == player.id else { return .fragment([]) }
    let zone = roster.team(id: player.teamID)?.zone ?? roster.firstTeam.zone
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    // The notes of their team's games: a staff member of one team reads no other's.
    let notes = roster.schedule.events.filter { $0.teamID == player.teamID }.flatMap { event in
      event.gameNotes.filter { $0.player == player.id }.map { (event, $0) }
    }.sorted { $0.1.written > $1.1.written }
    guard !notes.isEmpty else { return .fragment([]) }
    return .h(
      "section", ["aria-labelledby": "game-notes-title"],
      [
        .h("h2", ["id": "game-notes-title"], localized("Notes from the games")),
        .h(
          "ul", ["class": "plain game-notes"],
          notes.map { event, note in
            .h(
              "li", ["class": "game-note"],
              [.h("a", ["href": "/events/\(event.id)#notes"], text(event.title))]
                + gameNoteLine(note, names: names, zone: zone))
          }),
      ])
  }

  /// Delete, which opens the confirmation (a page of its own without scripts).
  private func deleteButton(_ player: Player) -> HTML {
    .h(
      "form",
      [
        "method": "get", "action": "/players/\(player.id)/delete",
        "class": "delete-form", "data-confirm": "delete-dialog",
      ],
      [
        .h(
          "button", ["class": "button danger wide", "type": "submit"],
          [Icon.trash, .text(localized("Delete player"))])
      ])
  }

  /// The sheets scripts open: the edit form and the confirmation of a deletion.
  private func playerSheets(_ player: Player, token: String) -> [HTML] {
    [
      .h(
        "dialog", ["id": "edit-dialog", "class": "sheet", "aria-labelledby": "form-title"],
        [
          // Only scripts open this sheet: the other champions come from the shared row.
          editForm(
            player, input: Self.input(of: player), errors: nil, token: token,
            version: Door.etag(player), everyChampion: false)
        ]),
      .h(
        "dialog", ["id": "delete-dialog", "class": "sheet", "aria-labelledby": "confirm-title"],
        [
          confirmDelete(
            player, token: token,
            cancel: .h(
              "button", ["class": "button", "type": "button", "data-close": ""],
              localized("Cancel")))
        ]),
    ]
  }

  /// Who they are, a term and its value each, when it has one.
  private func playerFacts(_ player: Player, team: Team?, several: Bool, today: Day) -> [HTML] {
    /// One line of who they are: a term and its value, when it has one.
    func fact(_ term: String, _ value: String?, id: String, _ attributes: HTML.Attributes = [:])
      -> [HTML]
    {
      guard let value else { return [] }
      return [.h("dt", term), .h("dd", ["id": id] + attributes, value)]
    }
    let soon = Contracts.endsSoon(player, today: today)
    return
      (several ? fact(localized("Team"), team?.name, id: "fact-team") : [])
      + fact(localized("Riot ID"), player.riotID?.description, id: "fact-riot-id")
      + fact(localized("Real name"), player.realName, id: "fact-real-name")
      + fact(
        localized("Nationality"), player.nationality.map { Player.countryName($0, in: language) },
        id: "fact-nationality"
      )
      + fact(
        localized("Birth date"), player.birthDate?.formatted(in: language), id: "fact-birth-date")
      + fact(
        localized("Joined the team"), player.joined?.formatted(in: language), id: "fact-joined")
      + fact(
        localized("Contract end"),
        player.contractEnd.map {
          soon
            ? localized("%@ (within 90 days)", $0.formatted(in: language))
            : $0.formatted(in: language)
        }, id: "fact-contract-end", soon ? ["class": "soon"] : [:])
  }

  /// The teams they were on before; nothing without any.
  private func tenureSection(_ tenures: [Tenure]) -> [HTML] {
    tenures.isEmpty
      ? []
      : [
        .h(
          "section", ["aria-labelledby": "tenures-title"],
          [
            .h("h2", ["id": "tenures-title"], localized("Earlier teams")),
            .h(
              "ul", ["class": "tenures"],
              tenures.map { tenure in
                .h(
                  "li", [:],
                  localized(
                    "%1$@ (%2$@), %3$@ → %4$@", tenure.teamName, tenure.position.displayName,
                    tenure.from?.formatted(in: language) ?? "?", tenure.to.formatted(in: language)))
              }),
          ])
      ]
  }

  /// An editor's actions on a player: edit, starter or substitute, swaps, another team.
  private func playerActions(_ player: Player, in roster: Roster, token: String, canMove: Bool)
    -> HTML
  {
    let starter = player.lineup == .starter
    // A starter and a substitute of the same lane exchange their places in one change.
    let swaps = roster.players(in: player.teamID).swapPartners(of: player)
    return .h(
      "div", ["class": "detail-actions"],
      [
        .h(
          "a",
          ["class": "button", "id": "edit-player", "href": "/players/\(player.id)/edit"],
          localized("Edit")),
        Self.postButton(
          "/players/\(player.id)/lineup", token: token,
          fields: [("lineup", starter ? "substitute" : "starter")],
          button: ["class": "button", "id": "lineup-toggle"],
          [.text(starter ? localized("Move to substitutes") : localized("Make starter"))]),
        .fragment(
          swaps.map { other in
            Self.postButton(
              "/players/\(player.id)/swap", token: token, fields: [("with", other.id.uuidString)],
              button: ["class": "button", "data-swap": other.id.uuidString],
              [.text(localized("Swap with %@", other.name))])
          }),
        canMove
          ? .h(
            "a",
            ["class": "button", "id": "move-team", "href": "/players/\(player.id)/team"],
            localized("Move to team…")) : .fragment([]),
      ])
  }

  /// Their favourite champions, with their pictures.
  private func championSection(_ player: Player) -> HTML {
    .h(
      "section", ["aria-labelledby": "champions-title"],
      [
        .h("h2", ["id": "champions-title"], localized("Favorite champions")),
        player.favoriteChampions.isEmpty
          ? .h("p", ["class": "muted"], localized("No favorite champions yet."))
          : .h(
            "ul", ["class": "champions"],
            player.favoriteChampions.map { champion in
              .h(
                "li", [:],
                [
                  avatar(champion.imageName, size: 56),
                  .h("span", champions.name(of: champion, in: language)),
                ])
            }),
      ])
  }

  /// When they can play, and the champions they played in logged games; the links to change
  /// their hours and Discord link for those who may (the staff who edit, the player).
  private func availabilitySection(of player: Player, in roster: Roster, viewer: Viewer)
    -> HTML
  {
    let mayChange = viewer.canEdit || viewer.player == player.id
    let hours = roster.schedule.availability[player.id] ?? Availability()
    let played = roster.schedule.championsPlayed(by: player)
    let summary =
      hours.weekly.isEmpty
      ? localized("Any time (no weekly hours given).")
      : hours.weekly.map { $0.text(in: language) }.joined(separator: ", ")
    return .h(
      "section", ["aria-labelledby": "week-title"],
      [
        .h("h2", ["id": "week-title"], localized("Availability")),
        .h("p", [:], summary),
        hours.away.isEmpty
          ? .fragment([])
          : .h(
            "p", [:],
            localized(
              "Away: %@", hours.away.map { $0.text(in: language) }.joined(separator: ", "))
          ),
        mayChange
          ? .h(
            "a", ["class": "button small", "href": "/players/\(player.id)/availability"],
            localized("When %@ can play", player.name)) : .fragment([]),
        mayChange
          ? .h(
            "a", ["class": "button small", "href": "/players/\(player.id)/discord"],
            localized("Link Discord")) : .fragment([]),
        player.riotID == nil
          ? .fragment([])
          : .h(
            "a", ["class": "button small", "href": "/players/\(player.id)/soloq"],
            localized("Solo queue")),
        played.isEmpty
          ? .fragment([])
          : .h(
            "p", ["class": "played"],
            localized(
              "Played in logged games: %@",
              played.map {
                "\(champions.find($0.champion).map { champions.name(of: $0, in: language) } ?? $0.champion) ×\($0.games)"
              }
              .joined(separator: ", "))),
      ])
  }

  func confirmDelete(
    _ player: Player, token: String, cancel: HTML, heading: StaticString = "h2"
  ) -> HTML {
    .h(
      "form",
      ["method": "post", "action": "/players/\(player.id)/delete", "class": "confirm"],
      [
        .h(heading, ["id": "confirm-title"], localized("Delete %@?", player.name)),
        .h(
          "p", ["class": "muted"],
          localized(
            "%@ will go to Recently removed, where they can be restored for 30 days.", player.name)),
        Self.csrfField(token),
        .h(
          "div", ["class": "actions"],
          [
            cancel,
            .h("button", ["class": "button danger", "type": "submit"], localized("Delete")),
          ]),
      ])
  }

  func confirmDeletePage(_ player: Player, token: String, cookie: String?) -> HTTPResponse {
    page(
      title: localized("Delete %@? · KCorp", player.name), cookie: cookie,
      [
        backBar(to: "/players/\(player.id)"),
        .h(
          "main", [:],
          [
            confirmDelete(
              player, token: token,
              cancel: .h(
                "a", ["class": "button", "href": "/players/\(player.id)"], localized("Cancel")),
              heading: "h1")
          ]),
      ])
  }
}

import Foundation
import SoloQueueWeb
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// A team's champion pools by role against the series to come, and the figures its drafts
/// and logged games give.
extension Pages {
  /// A pool's change refused: whose, what was typed, and why.
  typealias PoolTyped = (player: UUID, champion: String, errors: ValidationError)

  func pools(
    of team: Team, in roster: Roster, event: TeamEvent?, token: String, viewer: Viewer, now: Date,
    typed: PoolTyped? = nil, notice: String? = nil, solo: [UUID: RiotStanding] = [:]
  ) -> HTTPResponse {
    let board = PoolBoard(
      players: roster.players(in: team.id), schedule: roster.schedule, event: event,
      catalog: roster.champions, now: now)
    let columns: [HTML] = Position.allCases.map { position in
      .h(
        "section", ["class": "pool-role", "aria-label": position.displayName],
        [.h("h2", [:], [Icon.lane(position), .text(position.displayName)])]
          + board.rows.filter { $0.player.position == position }.map {
            poolCard(
              $0, board: board, zone: team.zone, canEdit: viewer.canEdit, token: token,
              typed: typed, solo: solo[$0.player.id], series: event?.id)
          })
    }
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    let unplayed = board.unplayed.map { champions.name(of: $0, in: language) }
    let status: HTML =
      notice.map { .h("p", ["class": "status shown", "role": "status"], $0) }
      ?? .h("p", ["class": "status", "role": "status"], "")
    var parts: [HTML] = [
      status,
      .h("p", ["class": "pool-need"], [needLine(board)]),
      poolSummary(board),
      .h("div", ["class": "pool-grid"], columns),
      overlaps(board, names: names),
      .h(
        "details", ["class": "unplayed"],
        [
          .h("summary", localized("Champions no one plays (%@)", unplayed.count)),
          .h("p", [:], unplayed.joined(separator: ", ")),
        ]),
      figures(
        DraftFigures(team: team.id, schedule: roster.schedule, players: roster.players), in: roster),
    ]
    if viewer.canEdit {
      let options: [HTML] = champions.champions.map { .h("option", ["value": $0.name]) }
      parts.append(.h("datalist", ["id": "champion-names"], options))
    }
    let main: HTML = .h("main", ["class": "pools-page", "data-live": ""], parts)
    return page(
      status: typed == nil ? 200 : 422, title: localized("Pools · %@", team.name),
      [
        teamTopBar(
          localized("Pools"), team.name, back: "/?team=\(team.tag)", team: team,
          actions: [
            .h(
              "a", ["class": "button small", "href": "/teams/\(team.tag)/mocks"],
              localized("Mock drafts")),
            .h(
              "a", ["class": "button small", "href": "/soloq?team=\(team.tag)"],
              localized("Solo queue")),
          ]),
        main,
      ])
  }

  /// The pools at a glance, first on the page: each role's players, the champions they have
  /// left against the games left, and whose pool is short.
  private func poolSummary(_ board: PoolBoard) -> HTML {
    let rows: [HTML] = Position.allCases.flatMap { position in
      board.rows.filter { $0.player.position == position }.map { row -> HTML in
        let depth = board.depth(of: row)
        let flag: String =
          switch depth {
          case .enough: localized("Enough")
          case .thin: localized("No spare for a ban")
          case .short: localized("Short")
          }
        return .h(
          "tr", [:],
          [
            .h("td", [:], [Icon.lane(position), .text(position.displayName)]),
            .h(
              "th", ["scope": "row"], [.h("a", ["href": "#pool-\(row.player.id)"], row.player.name)]
            ),
            .h("td", ["class": "number"], "\(row.left)/\(board.need)"),
            .h("td", [:], [.h("span", ["class": "badge depth-\(depth.rawValue)"], flag)]),
          ])
      }
    }
    guard !rows.isEmpty else { return .fragment([]) }
    return .h(
      "table", ["class": "figures-table pool-summary"],
      [
        .h("caption", localized("At a glance")),
        .h(
          "thead", [:],
          [
            .h(
              "tr", [:],
              [
                .h("th", ["scope": "col"], localized("Role")),
                .h("th", ["scope": "col"], localized("Player")),
                .h("th", ["scope": "col"], localized("Champions left")),
                .h("th", ["scope": "col"], localized("Depth")),
              ])
          ]),
        .h("tbody", [:], rows),
      ])
  }

  /// What the pools are counted for: the series and how many champions each player needs.
  private func needLine(_ board: PoolBoard) -> HTML {
    guard let event = board.event else {
      return .text(
        localized(
          "For a Bo5 in fearless from its first game: %@ champions a player.", board.need))
    }
    return .fragment([
      .h("a", ["href": "/events/\(event.id)#draft"], text(event.title)),
      .text(
        " · "
          + localized(
            "%1$@, %2$@ games left: %3$@ champions a player.",
            board.rule.displayName(in: language), event.gamesLeft, board.need)),
    ])
  }

  /// One player's pool: its depth against the need, each champion with its comfort, what
  /// the games show, and whether the series locks it; for editors, the forms to change it.
  private func poolCard(
    _ row: PoolBoard.Row, board: PoolBoard, zone: TimeZone, canEdit: Bool, token: String,
    typed: PoolTyped?, solo: RiotStanding?, series: UUID?
  ) -> HTML {
    let depth = board.depth(of: row)
    let depthText: String =
      switch depth {
      case .enough: localized("%1$@ left of %2$@ needed", row.left, board.need)
      case .thin: localized("%1$@ left of %2$@ needed: no spare for a ban", row.left, board.need)
      case .short: localized("%1$@ left of %2$@ needed: short", row.left, board.need)
      }
    let entries: [HTML] = row.entries.map {
      poolEntry(
        $0, of: row.player, zone: zone, canEdit: canEdit, token: token, solo: solo,
        series: series)
    }
    // Folded on a phone by the page's script, the pools' summary above it.
    var card: [HTML] = [
      .h(
        "summary", [:],
        [
          .h(
            "h3", [:],
            [
              .text(row.player.name),
              .h("span", ["class": "subtitle"], text(row.player.lineup.name)),
            ]),
          .h("span", ["class": "depth depth-\(depth.rawValue)"], depthText),
        ]),
      // A summary is a button: the player's page is linked beside it, not in it.
      .h(
        "p", ["class": "player-link"],
        [.h("a", ["href": "/players/\(row.player.id)"], localized("%@’s page", row.player.name))]),
      solo.map {
        .h(
          "p", ["class": "solo-line"],
          [
            .h(
              "a", ["href": "/players/\(row.player.id)/soloq"],
              localized("Solo queue: %@", soloRank($0)))
          ])
      } ?? .fragment([]),
      entries.isEmpty
        ? .h("p", ["class": "muted"], localized("No champion in the pool yet."))
        : .h("ul", ["class": "pool"], entries),
    ]
    if canEdit {
      let mine = typed?.player == row.player.id ? typed : nil
      card.append(poolAddForm(row.player, typed: mine, token: token, series: series))
    }
    return .h(
      "details", ["class": "pool-card", "id": "pool-\(row.player.id)", "open": ""], card)
  }

  private func poolEntry(
    _ item: PoolBoard.Entry, of player: Player, zone: TimeZone, canEdit: Bool, token: String,
    solo: RiotStanding?, series: UUID?
  ) -> HTML {
    let champion = champions.find(item.entry.champion)
    let name = champions.name(ofID: item.entry.champion, in: language)
    let record = item.record
    var facts: [String] = [localized("Comfort %@/5", item.entry.comfort)]
    if item.entry.priority { facts.append(localized("priority")) }
    facts.append(
      record.games == 0
        ? localized("no game logged")
        : record.games == 1
          ? localized("1 game, %@%% won", record.winRate)
          : localized("%1$@ games, %2$@%% won", record.games, record.winRate))
    if let last = record.last {
      facts.append(localized("last on %@", Day(last, in: zone).formatted(in: language)))
    }
    // What solo queue shows beside the games the staff logged.
    if let ranked = solo?.record(of: item.entry.champion), ranked.games > 0 {
      facts.append(
        localized("solo queue: %1$@ {1:game|games}, %2$@ won", ranked.games, ranked.wins))
    }
    var text: [HTML] = [
      .h("span", ["class": "name"], name),
      .h("span", ["class": "evidence"], facts.joined(separator: " · ")),
    ]
    if let game = item.lockedIn {
      text.append(.h("span", ["class": "badge locked"], localized("Used in game %@", game)))
    }
    // Never played says so already.
    if item.isStale, record.games > 0 {
      text.append(
        .h(
          "span", ["class": "badge stale"],
          localized("Not played for %@ weeks", PoolBoard.staleWeeks)))
    }
    var content: [HTML] = [
      champion.map { avatar($0.imageName, size: 40, lazy: true) } ?? .fragment([]),
      .h("span", ["class": "text"], text),
    ]
    if canEdit {
      content.append(
        Self.postButton(
          Self.poolPath(of: player, series: series), token: token,
          fields: [("champion", item.entry.champion), ("remove", "true")],
          button: [
            "class": "icon-button small",
            "aria-label": localized("Take %1$@ out of %2$@'s pool", name, player.name),
          ],
          [.trusted("×")]))
    }
    return .h("li", ["class": item.lockedIn == nil ? "entry" : "entry locked"], content)
  }

  /// Where a player's pool is changed from the page counting `series`: the page comes back
  /// counting the same series.
  static func poolPath(of player: Player, series: UUID?) -> String {
    "/players/\(player.id)/pool" + (series.map { "?event=\($0)" } ?? "")
  }

  /// Adds a champion to a player's pool, or rates one already in it.
  private func poolAddForm(_ player: Player, typed: PoolTyped?, token: String, series: UUID?)
    -> HTML
  {
    let id = "pool-add-\(player.id)"
    return .h(
      "form",
      [
        "method": "post", "action": Self.poolPath(of: player, series: series), "class": "pool-add",
        "novalidate": "",
      ],
      [
        Self.csrfField(token),
        .h(
          "input",
          [
            "type": "text", "id": id, "name": "champion", "list": "champion-names",
            "autocomplete": "off", "value": typed?.champion ?? "",
            "aria-label": localized("A champion for %@'s pool", player.name),
            "placeholder": localized("Add a champion"),
          ] + Self.invalid(typed?.errors, .pool)),
        .h(
          "select", ["name": "comfort", "aria-label": localized("Comfort")],
          PoolEntry.comforts.map { comfort in
            .h(
              "option", ["value": String(comfort)] + (comfort == 3 ? ["selected": ""] : [:]),
              String(comfort))
          }),
        .h(
          "label", ["class": "check"],
          [
            .h("input", ["type": "checkbox", "name": "priority", "value": "true"]),
            .text(localized("priority")),
          ]),
        .h("button", ["type": "submit", "class": "button small"], localized("Add")),
        fieldError(typed?.errors, .pool),
      ])
  }

  /// Champions in two pools or more.
  private func overlaps(_ board: PoolBoard, names: [UUID: String]) -> HTML {
    .h(
      "section", ["aria-labelledby": "overlaps-title"],
      [
        .h("h2", ["id": "overlaps-title"], localized("Overlaps")),
        board.overlaps.isEmpty
          ? .h("p", ["class": "muted"], localized("No champion is in two pools."))
          : .h(
            "ul", ["class": "overlaps"],
            board.overlaps.map { overlap in
              .h(
                "li", [:],
                champions.name(ofID: overlap.champion, in: language) + ": "
                  + overlap.players.compactMap { names[$0] }.joined(separator: ", "))
            }),
      ])
  }
}

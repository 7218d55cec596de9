import Foundation
import Riot
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The pages of the solo queue: a team's, a player's, and the owner's Riot settings.
extension Pages {
  /// What a solo-queue page knows of Riot: the standings, the refresh, the key.
  struct RiotView {
    var standings: [UUID: RiotStanding]
    var state: RiotJob.State
    /// Until when the refresh under way waits on Riot's limits.
    var waiting: Date?
    var hasKey: Bool
    var now: Date
  }

  /// A team's players ranked by their solo-queue rank, each with their LP chart; for
  /// editors, the team's refresh.
  func soloQueue(_ team: Team, in roster: Roster, riot: RiotView, viewer: Viewer, token: String)
    -> HTTPResponse
  {
    let players = SoloQueue.ranked(roster.players(in: team.id), by: riot.standings)
    let running: Bool = if case .running = riot.state { true } else { false }
    var parts: [HTML] = [
      riotProgress(riot.state, team: team.id, now: riot.now, waiting: riot.waiting)
    ]
    if !riot.hasKey { parts.append(riotKeyMissing(owner: viewer.isOwner)) }
    if viewer.canEdit && riot.hasKey {
      parts.append(
        riotRefreshForm(
          "/teams/\(team.tag)/riot", label: localized("Refresh the team from Riot"), token: token,
          running: running))
    }
    parts.append(
      .h(
        "ol", ["class": "solo-ranking"],
        players.map { player in
          let standing = riot.standings[player.id]
          return .h(
            "li", ["class": "solo-player"],
            [
              .h(
                "h2", [:],
                [
                  .h("a", ["href": "/players/\(player.id)/soloq"], player.name),
                  .h("span", ["class": "subtitle"], player.position.displayName),
                ]),
              .h("p", ["class": "solo-rank"], soloRank(standing)),
              standing.map { lpChart($0.series, now: riot.now) } ?? .fragment([]),
              standing.map { topChampions($0) } ?? .fragment([]),
            ])
        }))
    return page(
      title: localized("Solo queue · %@", team.name),
      [
        teamTopBar(localized("Solo queue"), team.name, back: "/pools?team=\(team.tag)", team: team),
        .h("main", ["class": "soloq-page"], parts),
      ])
  }

  /// The three champions most played, with games and wins.
  private func topChampions(_ standing: RiotStanding) -> HTML {
    let top = standing.champions.prefix(3).map {
      localized(
        "%1$@ %2$@ {2:game|games}, %3$@ won", champions.name(ofID: $0.champion, in: language),
        $0.games,
        $0.wins)
    }
    return top.isEmpty ? .fragment([]) : .h("p", ["class": "muted"], top.joined(separator: " · "))
  }

  /// One player's solo queue: their Riot ID's check, ranks, LP chart and champions.
  func soloQueue(
    of player: Player, in roster: Roster, riot: RiotView, viewer: Viewer, token: String
  )
    -> HTTPResponse
  {
    let standing = riot.standings[player.id]
    let team = roster.team(id: player.teamID) ?? roster.firstTeam
    let running: Bool = if case .running = riot.state { true } else { false }
    var parts: [HTML] = [
      riotProgress(riot.state, team: player.teamID, now: riot.now, waiting: riot.waiting),
      riotIDState(player, standing, hasKey: riot.hasKey),
    ]
    if !riot.hasKey { parts.append(riotKeyMissing(owner: viewer.isOwner)) }
    if viewer.canEdit && riot.hasKey && player.riotID != nil {
      parts.append(
        riotRefreshForm(
          "/players/\(player.id)/riot", label: localized("Refresh from Riot"), token: token,
          running: running))
    }
    if let standing {
      parts.append(
        .h(
          "ul", ["class": "solo-ranks"],
          RiotRank.Queue.allCases.map { queue in
            let rank = standing.ranks.first { $0.queue == queue }
            return .h(
              "li", [:],
              (queue == .solo
                ? localized("Solo/Duo: %@", rank.map { rankLine($0) } ?? localized("unranked"))
                : localized("Flex: %@", rank.map { rankLine($0) } ?? localized("unranked"))))
          }))
      parts.append(lpChart(standing.series, now: riot.now))
      parts.append(soloChampions(standing, zone: team.zone))
    }
    return page(
      title: localized("Solo queue · %@", player.name),
      [
        teamTopBar(localized("Solo queue"), player.name, back: "/players/\(player.id)", team: team),
        .h("main", ["class": "soloq-page"], parts),
      ])
  }

  /// `Diamond I · 67 LP, 96 W 81 L`.
  private func rankLine(_ rank: RiotRank) -> String {
    localized("%1$@, %2$@ W %3$@ L", rank.label(in: language), rank.wins, rank.losses)
  }

  /// The owner's Riot settings: the key (never shown back), the platform and how many
  /// games are kept.
  func riotSettings(
    _ settings: RiotSettings, riot: RiotView, keyFromServer: Bool, token: String,
    error: Message? = nil
  ) -> HTTPResponse {
    let keyState: String =
      keyFromServer
      ? localized("A key was given to the server ($KCORP_RIOT_KEY); it is used first.")
      : settings.keyGiven.map {
        localized("A key is set, given on %@.", Day($0, in: .current).formatted(in: language))
      } ?? localized("No key is set: solo queue is off.")
    let platforms: [HTML] = RiotPlatform.allCases.map {
      .h(
        "option",
        ["value": $0.rawValue] + ($0 == settings.platform ? ["selected": ""] : [:]),
        "\($0.rawValue) (\($0.region))")
    }
    return page(
      status: error == nil ? 200 : 422, title: localized("Riot API · KCorp"),
      [
        backBar(to: "/"),
        .h(
          "main", ["class": "trash riot-settings"],
          [
            .h("h1", localized("Riot API")),
            .h("p", keyState),
            .h(
              "p", ["class": "muted"],
              localized(
                "The key stays on the server: it is never shown again, logged, exported or backed up. A development key expires every 24 hours; a personal key from developer.riotgames.com suits one organisation’s tool."
              )),
            error.map { .h("p", ["class": "error", "role": "alert"], text($0)) } ?? .fragment([]),
            riotProgress(riot.state, team: nil, now: riot.now, waiting: riot.waiting),
            riotSettingsForm(settings, platforms: platforms, token: token),
          ]),
      ])
  }

  private func riotSettingsForm(_ settings: RiotSettings, platforms: [HTML], token: String)
    -> HTML
  {
    .h(
      "form", ["method": "post", "action": "/riot", "class": "form"],
      [
        Self.csrfField(token),
        .h("label", ["for": "riot-key"], localized("API key (left empty: kept as it is)")),
        .h(
          "input",
          [
            "id": "riot-key", "name": "key", "type": "password", "autocomplete": "off",
            "spellcheck": "false",
          ]),
        .h("label", ["for": "riot-platform"], localized("Server (platform and region)")),
        .h("select", ["id": "riot-platform", "name": "platform"], platforms),
        .h("label", ["for": "riot-games"], localized("Ranked games kept a player")),
        .h(
          "input",
          [
            "id": "riot-games", "name": "games", "type": "number", "min": "1", "max": "100",
            "value": String(settings.games),
          ]),
        .h(
          "button", ["class": "button primary", "type": "submit"], localized("Save")),
        .h(
          "button", ["class": "button", "type": "submit", "name": "forget", "value": "1"],
          localized("Remove the key")),
      ])
  }
}

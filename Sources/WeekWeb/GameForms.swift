import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The forms of an event's page that log its games and invite a player.
extension Pages {
  /// The form that logs an event's games: as many rows as its format has games (three
  /// without one), the games logged first, or as typed when they were refused. Each role
  /// has our champion, who played it (the one `lineup`, the verdict's five, names unless the
  /// game says otherwise) and the other team's champion.
  func resultForm(
    _ event: TeamEvent, in roster: Roster, lineup: [Position: UUID],
    typed: (input: [GameInput], errors: ValidationError)?, token: String
  ) -> HTML {
    let errors = typed?.errors
    let inputs = typed?.input ?? event.games.map(GameInput.init)
    // A series' games; three rows for a scrim block without a format.
    let count = max(inputs.count, event.format == nil ? 3 : event.gameCount)
    let rows = (0..<count).map { index in
      gameRow(
        inputs.indices.contains(index) ? inputs[index] : nil, number: index + 1, in: roster,
        team: event.teamID, lineup: lineup)
    }
    return .h(
      "details", ["class": "week-tools result"] + (errors == nil ? [:] : ["open": ""]),
      [
        .h("summary", localized("Log the result")),
        .h(
          "form",
          [
            "method": "post", "action": "/events/\(event.id)/games", "class": "result-form",
            "novalidate": "",
          ],
          [Self.csrfField(token), fieldError(errors, .game)] + rows + [
            .h(
              "datalist", ["id": "champion-names"],
              champions.champions.map { .h("option", ["value": $0.name]) }),
            .h(
              "div", ["class": "actions"],
              [
                .h(
                  "button", ["class": "button primary", "type": "submit"],
                  localized("Save the result"))
              ]),
          ]),
      ])
  }

  /// One game of the result form: its result, side, each role's picks, its recording.
  private func gameRow(
    _ game: GameInput?, number: Int, in roster: Roster, team: UUID, lineup: [Position: UUID]
  ) -> HTML {
    let result: HTML = .h(
      "select", ["name": "result\(number)", "aria-label": localized("Game %@: result", number)],
      [.h("option", ["value": ""], localized("Not played"))]
        + Self.options(Game.Result.allCases, game?.result ?? "") { $0.displayName(in: language) })
    let side: HTML = .h(
      "select", ["name": "side\(number)", "aria-label": localized("Game %@: side", number)],
      [.h("option", ["value": ""], localized("Side"))]
        + Self.options(Game.Side.allCases, game?.side ?? "") { $0.displayName(in: language) })
    let picks = Position.allCases.enumerated().map { role, position in
      pick(
        game, role: role, position: position, number: number, in: roster, team: team,
        lineup: lineup)
    }
    let vod: HTML = .h(
      "input",
      [
        "type": "url", "name": "vod\(number)", "value": game?.vod ?? "",
        "placeholder": "https://",
        "aria-label": localized("Game %@: VOD address", number),
      ])
    return .h(
      "fieldset", ["class": "game-row"],
      [.h("legend", localized("Game %@", number)), result, side] + picks + [vod])
  }

  /// One role of a game: our champion, who played it, the other team's champion.
  private func pick(
    _ game: GameInput?, role: Int, position: Position, number: Int, in roster: Roster,
    team: UUID, lineup: [Position: UUID]
  ) -> HTML {
    func typed(_ list: [String]?) -> String {
      list.flatMap { $0.indices.contains(role) ? $0[role] : nil } ?? ""
    }
    func championName(_ text: String) -> String { champions.find(text)?.name ?? text }
    let named = typed(game?.players)
    // A guess stays one unless someone names the player for sure.
    let guess = named.hasPrefix("?") ? UUID(uuidString: String(named.dropFirst())) : nil
    let player = UUID(uuidString: named) ?? guess ?? (named.isEmpty ? lineup[position] : nil)
    return .h(
      "div", ["class": "pick"],
      [
        .h(
          "input",
          [
            "type": "text", "name": "champion\(number)-\(position.rawValue)",
            "list": "champion-names", "value": championName(typed(game?.champions)),
            "aria-label": localized("Game %1$@: %2$@'s champion", number, position.displayName),
            "placeholder": position.displayName, "autocomplete": "off",
          ]),
        playerChoice(
          in: roster, team: team, selected: player, guess: guess,
          name: "player\(number)-\(position.rawValue)",
          label: localized("Game %1$@: who played %2$@", number, position.displayName)),
        .h(
          "input",
          [
            "type": "text", "name": "opponent\(number)-\(position.rawValue)",
            "list": "champion-names", "value": championName(typed(game?.opponentChampions)),
            "aria-label": localized(
              "Game %1$@: the other team’s %2$@", number, position.displayName),
            "placeholder": localized("Their %@", position.displayName), "autocomplete": "off",
          ]),
      ])
  }

  /// The form that invites a player of the organisation not invited yet (a stand-in from
  /// another team, say).
  func inviteForm(_ event: TeamEvent, in roster: Roster, token: String) -> HTML {
    .h(
      "form",
      ["method": "post", "action": "/events/\(event.id)/invite", "class": "inline invite-form"],
      [
        Self.csrfField(token),
        .h(
          "select", ["name": "player", "aria-label": localized("Player to invite")],
          playerOptions(in: roster) { !event.invited.contains($0.id) }),
        .h("button", ["type": "submit", "class": "button small"], localized("Invite")),
      ])
  }

  /// Who played a role: a guess first when the game has one for it (chosen, it stays a
  /// guess), then the event's team's players (choosing the same player confirms it; another
  /// team's would be refused).
  private func playerChoice(
    in roster: Roster, team: UUID, selected: UUID?, guess: UUID?, name: String, label: String
  ) -> HTML {
    let guessed: [HTML] =
      guess.flatMap { roster.player(id: $0) }.map { player in
        [
          .h(
            "option", ["value": "?" + player.id.text, "selected": ""],
            localized("%@ (a guess)", player.name))
        ]
      } ?? []
    return .h(
      "select", ["name": name, "aria-label": label],
      [.h("option", ["value": ""], localized("Nobody named"))] + guessed
        + playerOptions(in: roster, selected: guess == nil ? selected : nil) {
          // Another team's player named before the rule stays shown, so the form keeps them.
          $0.teamID == team || $0.id == selected
        })
  }

  /// The organisation's players that `isShown` keeps, as options grouped by team.
  private func playerOptions(
    in roster: Roster, selected: UUID? = nil, where isShown: (Player) -> Bool = { _ in true }
  ) -> [HTML] {
    roster.teams.compactMap { team in
      let shown = roster.players(in: team.id).filter(isShown)
      guard !shown.isEmpty else { return nil }
      return .h(
        "optgroup", ["label": team.name],
        shown.map { player in
          .h(
            "option",
            ["value": player.id.text] + (player.id == selected ? ["selected": ""] : [:]),
            player.name)
        })
    }
  }
}

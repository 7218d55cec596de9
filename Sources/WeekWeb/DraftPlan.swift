import Foundation
import TeamKit
import TeamStore
import WebBase

/// Planning a game before it is drafted: the bans and picks proposed, and each of our
/// players' pool as the series' rule leaves it for that game.
extension Pages {
  func draftPlan(
    _ event: TeamEvent, view: DraftView, in roster: Roster, viewer: Viewer, token: String
  )
    -> HTML
  {
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    let players = roster.players(in: team.id)
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    let proposals = event.proposals.filter { $0.game == view.game }
    let lineup = roster.schedule.lineup(of: event, players: players, in: team.zone)
    let locked = event.locked(for: .us, inGame: view.game)
    let pools: [HTML] = Position.allCases.compactMap { position in
      guard let id = lineup[position], let name = names[id] else { return nil }
      let pool = (roster.schedule.pools[id] ?? []).map { entry -> String in
        let champion = champions.name(ofID: entry.champion, in: language)
        return locked[entry.champion].map { localized("%1$@ (used in game %2$@)", champion, $0) }
          ?? champion
      }
      let open = (roster.schedule.pools[id] ?? []).count { locked[$0.champion] == nil }
      return .h(
        "li", [:],
        [
          .h("strong", [:], "\(name) · \(position.displayName)"),
          .text(" — " + localized("%@ open", open) + ": "),
          .text(pool.isEmpty ? localized("no pool yet") : pool.joined(separator: ", ")),
        ])
    }
    var parts: [HTML] = [
      .h("h3", ["id": "plan"], localized("Plan for game %@", view.game)),
      .h("ul", ["class": "plan-pools"], pools),
      proposals.isEmpty
        ? .h("p", ["class": "muted"], localized("Nothing proposed for this game yet."))
        : .h(
          "ul", ["class": "proposals"],
          proposals.map {
            proposalItem($0, of: event, names: names, viewer: viewer, token: token)
          }),
    ]
    if viewer.canEdit || viewer.player.map({ id in players.contains { $0.id == id } }) == true {
      parts.append(proposalForm(event, view: view, players: players, viewer: viewer, token: token))
    }
    return .h("div", ["class": "draft-plan"], parts)
  }

  private func proposalItem(
    _ proposal: DraftProposal, of event: TeamEvent, names: [UUID: String], viewer: Viewer,
    token: String
  ) -> HTML {
    let champion = champions.name(ofID: proposal.champion, in: language)
    var text =
      proposal.action == .ban
      ? localized("Ban %@", champion)
      : proposal.player.flatMap { names[$0] }.map { localized("Pick %1$@ for %2$@", champion, $0) }
        ?? localized("Pick %@", champion)
    text += " — " + RosterChange.name(ofAuthor: proposal.author, in: language)
    var item: [HTML] = [
      champions.find(proposal.champion).map { avatar($0.imageName, size: 28, lazy: true) }
        ?? .fragment([]),
      .text(text),
    ]
    if !proposal.note.isEmpty { item.append(.h("q", ["class": "comment"], proposal.note)) }
    // The staff withdraw any; a player the ones made for them.
    let own = proposal.player != nil && proposal.player == viewer.player
    if viewer.canEdit || own {
      item.append(
        Self.postButton(
          "/events/\(event.id)/proposals/\(proposal.id)/delete", token: token,
          fields: own ? [("player", proposal.player?.uuidString ?? "")] : [],
          button: ["class": "icon-button small", "aria-label": localized("Withdraw: %@", text)],
          [.trusted("×")]))
    }
    return .h("li", ["class": "proposal \(proposal.action.rawValue)"], item)
  }

  /// Proposes a ban or a pick: the staff for any player of the team or none, a player for
  /// themself.
  private func proposalForm(
    _ event: TeamEvent, view: DraftView, players: [Player], viewer: Viewer, token: String
  ) -> HTML {
    let typed = view.proposal?.input
    let who: HTML =
      viewer.canEdit
      ? .h(
        "select", ["name": "player", "aria-label": localized("For")],
        [.h("option", ["value": ""], localized("The team"))]
          + players.filter { $0.lineup != .inactive }.map { player in
            .h(
              "option",
              ["value": player.id.text] + (typed?.player == player.id ? ["selected": ""] : [:]),
              player.name)
          })
      : .h("input", ["type": "hidden", "name": "player", "value": viewer.player?.text ?? ""])
    let action: HTML = .h(
      "select", ["name": "action", "aria-label": localized("Ban or pick")],
      [DraftSlot.Action.ban, .pick].map { choice in
        .h(
          "option",
          ["value": choice.rawValue] + (typed?.action == choice.rawValue ? ["selected": ""] : [:]),
          choice == .ban ? localized("ban") : localized("pick"))
      })
    return .h(
      "form",
      [
        "method": "post", "action": "/events/\(event.id)/proposals", "class": "proposal-form",
        "novalidate": "",
      ],
      [
        Self.csrfField(token),
        .h("input", ["type": "hidden", "name": "game", "value": String(view.game)]),
        action,
        .h(
          "input",
          [
            "type": "text", "name": "champion", "list": "draft-champions", "autocomplete": "off",
            "value": typed?.champion ?? "", "aria-label": localized("Champion"),
            "placeholder": localized("Champion"),
          ] + Self.invalid(view.proposal?.errors, .draft)),
        who,
        .h(
          "input",
          [
            "type": "text", "name": "note", "value": typed?.note ?? "",
            "maxlength": String(DraftProposal.maxNoteLength),
            "aria-label": localized("A word with it"), "placeholder": localized("A word with it"),
          ]),
        .h("button", ["type": "submit", "class": "button small"], localized("Propose")),
        fieldError(view.proposal?.errors, .draft),
      ])
  }
}

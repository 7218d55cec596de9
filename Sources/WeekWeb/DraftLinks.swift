import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Draft links: a secret address of one game's board for the other team's captain, who
/// enters their side's turns there, or for spectators, who follow it; made and revoked by
/// the staff on the event's page, answering until the series is over.
extension WeekFeature {
  static func addDraftLinkRoutes(_ router: inout Router) {
    router.teamRoute("POST", "/events/{id}/links", RoutePolicy(.editor, .form, team: .event)) {
      _, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let game = context.form["game"]?.first.flatMap { Int($0) } ?? 0
      guard let kind = DraftLink.Kind(rawValue: context.form["kind"]?.first ?? "") else {
        throw HTTPError(.invalid, context.localized("Choose a captain's or a spectator's link."))
      }
      try await scope.drafts.addDraftLink(to: event.id, game: game, kind: kind)
      return .redirect(to: "/events/\(event.id)?game=\(game)#links")
    }

    router.teamRoute(
      "POST", "/events/{id}/links/{secret}/delete", RoutePolicy(.editor, .form, team: .event)
    ) { _, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      try await scope.drafts.revokeDraftLink(context.parameters["secret"] ?? "")
      return .redirect(to: "/events/\(event.id)#links")
    }

    // The link is the credential: whoever holds it, signed in or not.
    router.teamRoute("GET", "/draft/{secret}", RoutePolicy(.anyone, team: .draftLink)) {
      request, context, _ in
      let (link, event) = try Self.openLink(context)
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.draftLinkPage(link, event: event, in: context.roster, token: token)
        .with(cookie: cookie)
    }

    // A captain's choice: a champion for the next turn, theirs only, in the link's game.
    router.teamRoute(
      "POST", "/draft/{secret}", RoutePolicy(.anyone, .form, team: .draftLink)
    ) { request, context, scope in
      let (link, event) = try Self.openLink(context)
      let form = context.form
      guard link.kind == .captain else {
        throw HTTPError(
          .forbidden, context.localized("This link follows the draft; it enters nothing."))
      }
      guard form["game"]?.first.flatMap({ Int($0) }) ?? link.game == link.game else {
        throw HTTPError(.forbidden, context.localized("This link enters game %@ only.", link.game))
      }
      let draft = event.drafts.indices.contains(link.game - 1) ? event.drafts[link.game - 1] : nil
      guard let draft, let next = draft.nextTurn else {
        throw HTTPError(.conflict, context.localized("No turn of this game is waiting for you."))
      }
      let turn = form["turn"]?.first.flatMap { Int($0) } ?? next
      guard turn == next, draft.team(of: DraftSlot.order[turn]) == .them else {
        throw HTTPError(.forbidden, context.localized("Only your side's turn can be entered here."))
      }
      do throws(RosterError) {
        let chosen = try Self.draftChoice(
          ["turn": [String(turn)], "champion": form["champion"] ?? []], game: link.game,
          of: event, in: context.roster)
        try await scope.drafts.saveDraft(chosen, through: link)
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.draftLinkPage(
          link, event: event, in: context.roster, token: token, errors: errors
        ).with(cookie: cookie)
      }
      return .redirect(to: link.path)
    }
  }

  /// The link the path's `{secret}` names and its event, while it answers; 404 otherwise
  /// (revoked, its event cancelled, or the series over).
  static func openLink(_ context: RequestContext) throws(HTTPError) -> (DraftLink, TeamEvent) {
    let schedule = context.roster.schedule
    guard let secret = context.parameters["secret"],
      let link = schedule.draftLinks.first(where: { $0.secret == secret }),
      let event = schedule.event(id: link.eventID), link.isOpen(for: event, at: context.now)
    else {
      throw HTTPError(
        .notFound, context.localized("This draft link is not valid: it was revoked or has ended."))
    }
    return (link, event)
  }
}

extension Pages {
  /// A draft link's page: the game's twenty turns, whose turn it is and, for the captain
  /// when it is theirs, the champions their side may choose. It follows the board (scripts
  /// read it again every two seconds; without them, "Refresh").
  func draftLinkPage(
    _ link: DraftLink, event: TeamEvent, in roster: Roster, token: String,
    errors: ValidationError? = nil
  ) -> HTTPResponse {
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    let them = event.opponent.isEmpty ? localized("them") : event.opponent
    let title = localized("Game %1$@ · %2$@ vs %3$@", link.game, team.name, them)
    let draft = event.drafts.indices.contains(link.game - 1) ? event.drafts[link.game - 1] : nil
    var parts: [HTML] = [.h("h1", title)]
    guard let draft else {
      parts.append(.h("p", ["role": "status"], localized("The draft has not started yet.")))
      return draftLinkPage(title: title, parts, version: roster.version)
    }
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    parts.append(
      turnList(draft, event: event, game: link.game, selected: draft.nextTurn, names: names))
    parts.append(fieldError(errors, .draft))
    if let next = draft.nextTurn {
      let slot = DraftSlot.order[next]
      let theirs = draft.team(of: slot) == .them
      let action = slot.action == .ban ? localized("ban") : localized("pick")
      parts.append(
        .h(
          "p", ["class": "draft-now", "role": "status"],
          theirs
            ? localized("%1$@ %2$@: %3$@'s turn", slot.code, action, them)
            : localized("%1$@ %2$@: %3$@'s turn", slot.code, action, team.name)))
      if theirs, link.kind == .captain {
        let taken = Set(draft.champions.compactMap { $0 })
        parts.append(
          .h(
            "form", ["method": "post", "action": link.path, "class": "draft-picker"],
            [
              Self.csrfField(token),
              .h("input", ["type": "hidden", "name": "turn", "value": String(next)]),
              .h("input", ["type": "hidden", "name": "game", "value": String(link.game)]),
              .h(
                "div",
                [
                  "class": "draft-grid", "id": "draft-grid", "tabindex": "-1", "role": "group",
                  "aria-label": localized("Champions"),
                ],
                championGrid(
                  locked: event.locked(for: .them, action: slot.action, inGame: link.game),
                  taken: taken)),
            ]))
      }
    } else {
      parts.append(
        .h("p", ["role": "status"], localized("The draft of game %@ is complete.", link.game)))
    }
    parts.append(
      .h("p", [:], [.h("a", ["href": link.path, "class": "button"], localized("Refresh"))]))
    return draftLinkPage(title: title, parts, version: roster.version)
  }

  private func draftLinkPage(title: String, _ parts: [HTML], version: Int) -> HTTPResponse {
    page(
      title: title + " · KCorp",
      [
        .h(
          "main",
          [
            "class": "event-page draft-link", "id": "draft", "data-poll": "2",
            "data-version": String(version),
          ],
          parts)
      ])
  }
}

import Foundation
import SoloQueueWeb
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

extension WeekFeature {
  /// Drafts on the board, champion pools and the figures drafts give.
  static func addDraftRoutes(_ router: inout Router) {
    addDraftBoardRoutes(&router)
    addTurnTimerRoute(&router)
    addDraftLinkRoutes(&router)
    addProposalRoutes(&router)
    addProposalAPIRoutes(&router)
    addPoolPageRoutes(&router)
    addPoolAPIRoutes(&router)
  }

  /// A game's number from the path (games count from 1).
  static func gameNumber(_ context: RequestContext) throws(HTTPError) -> Int {
    guard let game = context.parameters["game"].flatMap({ Int($0) }), game >= 1 else {
      throw HTTPError(.notFound, context.localized("No game has this number: games count from 1."))
    }
    return game
  }

  /// One tap of the board: our side, a champion for a turn (its id, or a search that
  /// forgives as the champion search does), an emptied turn, or the game's result.
  private static func addDraftBoardRoutes(_ router: inout Router) {
    router.teamRoute(
      "POST", "/events/{id}/drafts/{game}", RoutePolicy(.editor, .form, team: .event)
    ) {
      request, context, scope in
      let roster = context.roster
      let event = try context.event(context.parameters["id"], in: roster)
      let game = try Self.gameNumber(context)
      let form = context.form
      var view = DraftView(event, query: ["game": String(game)], now: context.now)
      view.typed = form["search"]?.first ?? ""
      view.turn = form["turn"]?.first.flatMap { Int($0) }.flatMap {
        DraftSlot.order.indices.contains($0) ? $0 : nil
      }
      do throws(RosterError) {
        if let result = form["result"]?.first {
          try await scope.week.logGames(
            try Self.gamesLogging(result, game: game, of: event), of: event.id)
        } else {
          let draft = try Self.draftChoice(form, game: game, of: event, in: roster)
          try await scope.drafts.saveDraft(draft, game: game, of: event.id)
        }
        return .redirect(to: "/events/\(event.id)?game=\(game)#draft")
      } catch {
        guard let errors = error.validation else { throw error }
        view.errors = errors
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.event(
          event, in: context.roster, token: token, viewer: context.viewer, draft: view
        ).with(cookie: cookie)
      }
    }
  }

  /// A board's turn timer started, restarted or stopped; answered with the board.
  private static func addTurnTimerRoute(_ router: inout Router) {
    router.teamRoute("POST", "/events/{id}/timer", RoutePolicy(.editor, .form, team: .event)) {
      request, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let asked = context.form["seconds"] ?? []
      let seconds = asked.contains("off") ? nil : asked.last.flatMap { Int($0) }
      guard asked.contains("off") || seconds != nil else {
        throw HTTPError(.invalid, context.localized("Choose how many seconds each turn lasts."))
      }
      do throws(RosterError) {
        try await scope.drafts.setTurnTimer(of: event.id, to: seconds)
      } catch {
        guard let errors = error.validation else { throw error }
        var view = DraftView(event, query: request.query, now: context.now)
        view.errors = errors
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.event(
          event, in: context.roster, token: token, viewer: context.viewer, draft: view
        ).with(cookie: cookie)
      }
      let game = context.form["game"]?.first.flatMap { Int($0) }.map { "?game=\($0)" } ?? ""
      return .redirect(to: "/events/\(event.id)\(game)#draft")
    }
  }

  /// Bans and picks proposed before a game: by the staff, or by a player for themself.
  private static func addProposalRoutes(_ router: inout Router) {
    router.teamRoute(
      "POST", "/events/{id}/proposals",
      RoutePolicy(.ownPlayer(.form("player")), .form, team: .event)
    ) { request, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let form = context.form
      func value(_ name: String) -> String { form[name]?.first ?? "" }
      let input = ProposalInput(
        game: Int(value("game")) ?? 0, action: value("action"), champion: value("champion"),
        player: UUID(text: value("player")), note: value("note"))
      do throws(RosterError) {
        try await scope.drafts.propose(input, to: event.id)
      } catch {
        guard let errors = error.validation else { throw error }
        var view = DraftView(event, query: ["game": String(input.game)])
        view.proposal = (input, errors)
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.event(
          event, in: context.roster, token: token, viewer: context.viewer, draft: view
        ).with(cookie: cookie)
      }
      return .redirect(to: "/events/\(event.id)?game=\(input.game)#plan")
    }

    // Withdrawn by the staff, or by the player it was made for (their own account names
    // them in the form, as when they proposed it).
    router.teamRoute(
      "POST", "/events/{id}/proposals/{proposal}/delete",
      RoutePolicy(.ownPlayer(.form("player")), .form, team: .event)
    ) { _, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let id = UUID(text: context.parameters["proposal"] ?? "")
      guard let proposal = event.proposals.first(where: { $0.id == id }) else {
        throw HTTPError(
          .notFound, context.localized("No proposal has this id: it may have been withdrawn."))
      }
      if !Door.allows(context.identity, .editor, on: scope.team),
        proposal.player == nil || proposal.player != context.identity.player
      {
        throw HTTPError(
          .forbidden,
          context.localized("Only the staff and the player it was made for may withdraw it."))
      }
      try await scope.drafts.withdrawProposal(proposal.id, of: event.id)
      return .redirect(to: "/events/\(event.id)?game=\(proposal.game)#plan")
    }

  }

  /// Proposals on the API.
  private static func addProposalAPIRoutes(_ router: inout Router) {
    // The staff's own proposals name `team` for the player.
    router.teamRoute(
      .proposeDraft,
      RoutePolicy(.ownPlayer(.path("player")), .sameOrigin, team: .event),
      json: ProposalInput.self
    ) { _, context, scope, body in
      let event = try context.event(context.parameters["id"], in: context.roster)
      var input = body
      let named = context.parameters["player"] ?? ""
      if named != "team" { input.player = try context.player(named, in: context.roster).id }
      let proposal = try await scope.drafts.propose(input, to: event.id)
      return context.json(proposal, status: 201)
    }

    router.teamRoute(
      .withdrawProposal,
      RoutePolicy(.editor, .sameOrigin, team: .event)
    ) { _, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      guard let proposal = UUID(text: context.parameters["proposal"] ?? "") else {
        throw HTTPError(
          .notFound, context.localized("No proposal has this id: it may have been withdrawn."))
      }
      try await scope.drafts.withdrawProposal(proposal, of: event.id)
      return HTTPResponse(status: 204)
    }
  }

  /// The draft a board's form makes of game `game`'s: our side, or a champion in a turn (the
  /// next empty one unless the form names one), or that turn emptied.
  static func draftChoice(
    _ form: [String: [String]], game: Int, of event: TeamEvent, in roster: Roster
  ) throws(RosterError) -> GameDraft {
    func value(_ name: String) -> String { form[name]?.first ?? "" }
    let current = event.drafts.indices.contains(game - 1) ? event.drafts[game - 1] : nil
    if let side = Game.Side(rawValue: value("side")) {
      var draft = current ?? GameDraft(side: side)
      draft.side = side
      return draft
    }
    guard let current else {
      throw .invalid(ValidationError(.draft, Message("Choose our side first.")))
    }
    guard let turn = Int(value("turn")) ?? current.nextTurn,
      DraftSlot.order.indices.contains(turn)
    else { throw .invalid(ValidationError(.draft, Message("Choose a turn of the draft."))) }
    if value("clear") == "true" { return current.choosing(nil, at: turn) }
    let typed = value("champion").isEmpty ? value("search") : value("champion")
    guard let champion = roster.champions.match(typed) else {
      throw .invalid(
        ValidationError(
          .draft,
          Champion.searchKey(typed).isEmpty
            ? Message("Choose a champion, or type a few letters of one.")
            : Message("No champion matches “%@”.", typed)))
    }
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    let lineup = roster.schedule.lineup(
      of: event, players: roster.players(in: team.id), in: team.zone)
    return current.choosing(
      champion.id, at: turn, role: Position(rawValue: value("role")), lineup: lineup)
  }

  /// The event's games with game `game`'s result given on the board: its side from the
  /// draft, its picks read from the draft.
  static func gamesLogging(_ result: String, game: Int, of event: TeamEvent)
    throws(RosterError) -> [GameInput]
  {
    var games = event.games.map(GameInput.init)
    guard game <= event.gameCount else {
      throw .invalid(
        ValidationError(.game, Message("This series has %@ games at most.", event.gameCount)))
    }
    guard game <= games.count + 1 else {
      throw .invalid(
        ValidationError(.game, Message("Log game %@ first.", games.count + 1)))
    }
    let draft = event.drafts.indices.contains(game - 1) ? event.drafts[game - 1] : nil
    let side = draft?.side.rawValue ?? ""
    if game <= games.count {
      games[game - 1].result = result
      if !side.isEmpty { games[game - 1].side = side }
    } else {
      games.append(GameInput(result: result, side: side))
    }
    // The game carries its draft's picks: the games list, the players' champions and the
    // result's post show them.
    if let draft { games[game - 1] = games[game - 1].withPicks(of: draft) }
    return games
  }

  /// The pools page, and a pool's change from it.
  private static func addPoolPageRoutes(_ router: inout Router) {
    router.teamRoute("GET", "/pools", RoutePolicy(.reader, team: .chosen)) {
      request, context, scope in
      let team = scope.team
      let roster = context.roster
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.pools(
        of: team, in: roster,
        event: try Self.seriesShown(
          request.query["event"], team: team, in: roster, now: context.now,
          language: context.language),
        token: token, viewer: context.viewer, now: context.now,
        notice: request.query["saved"] != nil ? context.localized("Saved.") : nil,
        solo: try scope.soloQueue()
      ).with(cookie: cookie)
    }

    router.teamRoute("POST", "/players/{id}/pool", RoutePolicy(.editor, .form, team: .player)) {
      request, context, scope in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let form = context.form
      func value(_ name: String) -> String { form[name]?.first ?? "" }
      var inputs = (roster.schedule.pools[player.id] ?? []).map {
        PoolInput(champion: $0.champion, comfort: String($0.comfort), priority: $0.priority)
      }
      let named = value("champion")
      let found = roster.champions.match(named)
      let index = inputs.firstIndex { $0.champion == found?.id }
      if value("remove") == "true" {
        if let index { inputs.remove(at: index) }
      } else {
        let input = PoolInput(
          champion: found?.id ?? named, comfort: value("comfort"),
          priority: value("priority") == "true")
        if let index { inputs[index] = input } else { inputs.append(input) }
      }
      // The series the page counted, kept for the page that comes back (when it is still
      // there: the pool is saved whatever became of it).
      let team = roster.team(id: player.teamID) ?? roster.firstTeam
      let series =
        (try? Self.seriesShown(
          request.query["event"], team: team, in: roster, now: context.now,
          language: context.language)) ?? nil
      let kept = request.query["event"] == nil ? nil : series
      do throws(RosterError) {
        try await scope.drafts.setPool(of: player.id, to: inputs)
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.pools(
          of: team, in: roster, event: series, token: token, viewer: context.viewer,
          now: context.now, typed: (player.id, named, errors), solo: try scope.soloQueue()
        ).with(cookie: cookie)
      }
      let shown = kept.map { "&event=\($0.id)" } ?? ""
      return .redirect(to: "/pools?team=\(team.tag)\(shown)&saved#pool-\(player.id)")
    }
  }

  /// The series the pools are counted for: the team's event `id` names, else the team's
  /// next match or scrim with a format not drafted to the end; nil for none.
  /// - Throws: 400 for an id that is none, 404 for no event of the team's.
  static func seriesShown(
    _ id: String?, team: Team, in roster: Roster, now: Date, language: Language
  ) throws(HTTPError) -> TeamEvent? {
    guard let id else {
      return roster.schedule.nextSeries(of: team.id, after: now)
    }
    guard let uuid = UUID(text: id) else {
      throw HTTPError(
        .malformed, language.localized("Give event as an event's id (not “%@”).", id))
    }
    guard let event = roster.schedule.event(id: uuid), event.teamID == team.id else {
      throw HTTPError(
        .notFound, language.localized("No event has this id: it may have been cancelled."))
    }
    return event
  }

  /// The pools and figures on the API.
  private static func addPoolAPIRoutes(_ router: inout Router) {
    router.teamRoute(.getPools, RoutePolicy(.reader, team: .chosen)) {
      request, context, scope in
      let team = scope.team
      let roster = context.roster
      return context.json(
        PoolBoard(
          players: roster.players(in: team.id), schedule: roster.schedule,
          event: try Self.seriesShown(
            request.query["event"], team: team, in: roster, now: context.now,
            language: context.language),
          catalog: roster.champions, now: context.now))
    }

    router.teamRoute(.getFigures, RoutePolicy(.reader, team: .chosen)) {
      _, context, scope in
      let team = scope.team
      return context.json(
        DraftFigures(
          team: team.id, schedule: context.roster.schedule, players: context.roster.players))
    }

    router.route(.getPool, RoutePolicy(.reader, team: .player)) {
      _, context in
      let player = try context.player(context.parameters["id"], in: context.roster)
      return context.json(context.roster.schedule.pools[player.id] ?? [])
    }

    router.teamRoute(
      .setPool, RoutePolicy(.editor, .sameOrigin, team: .player),
      json: [PoolInput].self
    ) { _, context, scope, inputs in
      let player = try context.player(context.parameters["id"], in: context.roster)
      return context.json(try await scope.drafts.setPool(of: player.id, to: inputs))
    }
  }
}

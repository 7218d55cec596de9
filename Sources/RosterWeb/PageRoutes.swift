import Foundation
import OrganisationWeb
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

extension RosterFeature {
  /// The screens: GET renders from the store's snapshot; POST changes it, then redirects.
  func addPageRoutes(_ router: inout Router) {
    addRosterPageRoutes(&router)
    addPlayerPageRoutes(&router)
    addPlayerChangeRoutes(&router)
    addOrganisationPageRoutes(&router)
  }

  /// The roster pages, and adding a player from them.
  private func addRosterPageRoutes(_ router: inout Router) {
    let cache = cache
    // One team: its roster, as before teams. Several: the organisation at a glance.
    router.route("GET", "/", RoutePolicy(.reader, team: .organisation)) { request, context in
      let roster = context.roster
      guard roster.teams.count > 1 else {
        return Self.teamPage(request, context, roster.firstTeam, cache: cache)
      }
      // Cached by the hour: "contracts ending" and each team's next seven days (on its own
      // clock) change with the day.
      let viewer = context.viewer
      return cache.response(
        "/~overview" + viewer.cacheKey + "~\(Int(context.now.timeIntervalSince1970) / 3600)",
        version: roster.version, for: context
      ) { context.pages.overview(roster, viewer: viewer, now: context.now) }
    }
    router.teamRoute("GET", "/teams/{tag}", RoutePolicy(.reader, team: .tag)) {
      request, context, scope in
      Self.teamPage(request, context, scope.team, cache: cache)
    }
    router.teamRoute("GET", "/players/new", RoutePolicy(.editor, team: .chosen)) {
      request, context, scope in
      let (token, cookie) = Door.csrfToken(for: request)
      let team = scope.team
      let several = context.roster.teams.count > 1
      return cache.response(
        "/players/new?team=" + team.id.text, version: context.roster.version, for: context,
        token: token, cookie: cookie
      ) {
        context.pages.addPlayer(
          PlayerInput(name: "", position: "Top", team: several ? team.tag : ""), errors: nil,
          token: ResponseCache.tokenSlot, cookie: nil,
          cancel: Pages.path(of: team, in: context.roster), team: several ? team : nil)
      }
    }
    router.teamRoute(
      "POST", "/players", RoutePolicy(.editor, .form, upload: .fileForm, team: .chosen),
      expired: { request, context, _ in
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.addPlayer(
          Self.input(from: context.form), errors: nil, token: token, cookie: cookie,
          status: 403,
          notice: context.localized(
            "This form had expired, so nothing was saved. Check it and press Add again."))
      }
    ) { request, context, scope in
      try await Self.addPlayer(request, context, scope)
    }
  }

  /// A team's roster page, cached per roster version and viewer.
  private static func teamPage(
    _ request: HTTPRequest, _ context: RequestContext, _ team: Team,
    cache: ResponseCache
  ) -> HTTPResponse {
    let (token, cookie) = Door.csrfToken(for: request)
    let roster = context.roster
    let pages = Pages.pageCount(roster.players(in: team.id).count)
    let page = min(max(request.query["page"].flatMap { Int($0) } ?? 1, 1), pages)
    // After an action the roster says what happened: rendered for this request only.
    let viewer = context.viewer(on: team)
    if let notice = Self.notice(
      request.query, roster: roster, reads: try? context.reads, team: team)
    {
      return context.pages.roster(
        roster, team: team, page: page, token: token, viewer: viewer, notice: notice
      ).with(cookie: cookie)
    }
    return cache.response(
      ["/teams/", team.tag, "?page=", String(page), viewer.cacheKey].joined(),
      version: roster.version, for: context, token: token, cookie: cookie
    ) {
      context.pages.roster(
        roster, team: team, page: page, token: ResponseCache.tokenSlot, viewer: viewer)
    }
  }

  /// `POST /players`: the player added from the roster's sheet, or the sheet again.
  private static func addPlayer(
    _ request: HTTPRequest, _ context: RequestContext, _ scope: TeamScope
  )
    async throws -> HTTPResponse
  {
    let team = scope.team
    let input = Self.input(from: context.form)
    if let search = Pages.ChampionSearch(form: context.form) {
      // The form again, its champions filtered, everything typed kept; nothing saved.
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.addPlayer(
        input, errors: nil, token: token, cookie: cookie,
        cancel: Pages.path(of: team, in: context.roster), search: search,
        team: context.roster.teams.count > 1 ? team : nil)
    }
    do throws(RosterError) {
      // The photo is read first: a file that is no photo adds nobody. The player and their
      // photo are one change.
      let player = try await scope.addPlayer(
        input, photo: try await Self.formPhoto(request))
      return .redirect(to: Self.rosterLink(after: "added", player, in: context.roster))
    } catch {
      guard let validation = error.validation else { throw error }
      // The roster with its sheet open again, the input kept, focus on the first error.
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.roster(
        context.roster, team: team, page: 1, token: token, viewer: context.viewer,
        addForm: (input, validation)
      ).with(cookie: cookie)
    }
  }

  /// Removing a player, and their place and status on the roster.
  private func addPlayerChangeRoutes(_ router: inout Router) {
    router.teamRoute(
      "POST", "/players/{id}/delete", RoutePolicy(.editor, .form, team: .player),
      expired: { request, context, _ in
        let player = try context.player(context.parameters["id"], in: context.roster)
        let (token, cookie) = Door.csrfToken(for: request)
        var response = context.pages.confirmDeletePage(player, token: token, cookie: cookie)
        response.status = 403
        return response
      }
    ) { _, context, scope in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      // The page that showed them, computed before they leave the roster.
      let team = roster.team(id: player.teamID) ?? roster.firstTeam
      let page = Pages.page(of: player.id, in: roster.players(in: team.id))
      try await scope.removePlayer(player.id)
      return .redirect(
        to: Pages.path(of: team, in: roster) + "?page=\(page)&removed=\(player.id)")
    }
    router.teamRoute("POST", "/players/{id}/move", RoutePolicy(.editor, .form, team: .player)) {
      _, context, scope in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let up = context.form["direction"]?.first == "up"
      try await Self.moveInRoster(player, up: up, in: roster, scope)
      return .redirect(to: Pages.rosterLink(to: player, in: context.roster))
    }
    router.teamRoute("POST", "/players/{id}/lineup", RoutePolicy(.editor, .form, team: .player)) {
      request, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      let lineup = context.form["lineup"]?.first ?? ""
      try await scope.updatePlayer(player.id, with: PlayerEdit(lineup: lineup))
      return .redirect(to: "/players/\(player.id)?saved")
    }
    router.teamRoute("POST", "/players/{id}/swap", RoutePolicy(.editor, .form, team: .player)) {
      request, context, scope in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let other = try context.player(context.form["with"]?.first, in: roster)
      _ = try await scope.swapPlayers(player.id, with: other.id)
      return .redirect(to: "/players/\(player.id)?swapped=\(other.id)")
    }
  }

  /// Moves a player one place up or down among the players of their status, as shown.
  private static func moveInRoster(
    _ player: Player, up: Bool, in roster: Roster, _ scope: TeamScope
  ) async throws {
    let members = roster.players(in: player.teamID)
    let shown = members.startersFirst
    let group = shown.filter { $0.lineup == player.lineup }
    if let index = group.firstIndex(of: player),
      let neighbour = up ? group[safe: index - 1] : group[safe: index + 1],
      let from = shown.firstIndex(of: player), let to = shown.firstIndex(of: neighbour)
    {
      var order = shown.map(\.id)
      order.swapAt(from, to)
      try await scope.reorder(order, expected: members.map(\.id))
    }
  }

  /// The history and Recently removed.
  private func addOrganisationPageRoutes(_ router: inout Router) {
    router.route("GET", "/history", RoutePolicy(.staff, team: .organisation)) { request, context in
      let (player, _, _) = try Self.historyQuery(request, in: context.language)
      return context.pages.history(
        try context.reads.history(player: player, limit: 200), now: context.now)
    }

    router.route("GET", "/trash", RoutePolicy(.staff, team: .organisation)) { request, context in
      let (token, cookie) = Door.csrfToken(for: request)
      let page = try ListPage(request, in: context.language, defaultLimit: 100)
      let roster = context.roster
      // Each removed player with the restore button where the reader may edit their team.
      let removed = page.slice(roster.removed)
      let restorable = Set(
        removed.filter {
          Door.allows(context.identity, .editor, on: roster.team(id: $0.player.teamID))
        }.map(\.id))
      // The events cancelled, of the teams the reader may see.
      let events = roster.schedule.removed.compactMap { removal -> Pages.CancelledEvent? in
        guard let team = roster.team(id: removal.event.teamID),
          Door.allows(context.identity, .staff, on: team)
        else { return nil }
        return (removal, team, Door.allows(context.identity, .editor, on: team))
      }
      return context.pages.trash(
        removed, more: page.next(total: roster.removed.count, of: request), token: token,
        now: context.now, viewer: context.viewer, restorable: restorable,
        events: page.offset == 0 ? events : []
      ).with(cookie: cookie)
    }

    router.teamRoute("POST", "/trash/{id}/restore", RoutePolicy(.editor, .form, team: .player)) {
      _, context, scope in
      guard let id = context.parameters["id"].flatMap(UUID.init(text:)) else {
        throw HTTPError(.notFound, context.localized("Nobody with this id is in Recently removed."))
      }
      let player = try await scope.restorePlayer(id)
      return .redirect(to: Self.rosterLink(after: "restored", player, in: context.roster))
    }
  }

  /// The roster page holding `player`, announcing what happened to them.
  static func rosterLink(after event: String, _ player: Player, in roster: Roster) -> String {
    let team = roster.team(id: player.teamID) ?? roster.firstTeam
    let page = Pages.page(of: player.id, in: roster.players(in: team.id))
    return Pages.path(of: team, in: roster)
      + "?page=\(page)&\(event)=\(player.id)#player-\(player.id)"
  }

  /// What the roster announces, from `?added=`, `?removed=` or `?restored=` (ids that exist),
  /// `?imported=` or `?undone=` (an import's number).
  static func notice(_ query: [String: String], roster: Roster, reads: StoreReads?, team: Team)
    -> Pages.Notice?
  {
    /// An import told on its own team's page only (the whole organisation's on the first).
    func record(_ name: String) -> ImportRecord? {
      guard let id = query[name].flatMap(Int64.init),
        let record = try? reads?.importRecord(id),
        record.teamID ?? roster.firstTeam.id == team.id
      else { return nil }
      return record
    }
    func id(_ name: String) -> UUID? { query[name].flatMap(UUID.init(text:)) }
    if let id = id("added"), let player = roster.player(id: id) { return .added(player) }
    if let id = id("restored"), let player = roster.player(id: id) { return .restored(player) }
    if let record = record("imported") {
      return .imported(record, team: record.teamID.flatMap { roster.team(id: $0) })
    }
    if let record = record("undone"), record.undone {
      return .importUndone(team: record.teamID.flatMap { roster.team(id: $0) })
    }
    if let id = id("removed"), let removal = roster.removal(id: id) {
      return .removed(removal.player)
    }
    return nil
  }

}

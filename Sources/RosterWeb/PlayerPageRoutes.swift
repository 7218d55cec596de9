import Foundation
import OrganisationWeb
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

extension RosterFeature {
  /// A player's page, the pages of one action on them, and saving their edit.
  func addPlayerPageRoutes(_ router: inout Router) {
    let cache = cache
    /// A page about one player on the roster, cached per roster version; 404 for others.
    func playerPage(
      _ suffix: String,
      _ render: @escaping @Sendable (Player, Roster, String, Pages) -> HTTPResponse
    ) -> Router.Handler {
      { request, context in
        let roster = context.roster
        let player = try context.player(context.parameters["id"], in: roster)
        let (token, cookie) = Door.csrfToken(for: request)
        return cache.response(
          ["/players/", player.id.text, suffix, context.viewer.cacheKey].joined(),
          version: roster.version, for: context, token: token, cookie: cookie
        ) {
          render(player, roster, ResponseCache.tokenSlot, context.pages)
        }
      }
    }
    router.route("GET", "/players/{id}", RoutePolicy(.reader, team: .player)) { request, context in
      try Self.playerPage(request, context, cache: cache)
    }
    router.route(
      "GET", "/players/{id}/delete", RoutePolicy(.editor, team: .player),
      playerPage("/delete") { player, _, token, pages in
        pages.confirmDeletePage(player, token: token, cookie: nil)
      })
    router.route(
      "GET", "/players/{id}/edit", RoutePolicy(.editor, team: .player),
      playerPage("/edit") { player, _, token, pages in
        pages.editPlayer(
          player, input: Pages.input(of: player), errors: nil, token: token,
          version: Door.etag(player), cookie: nil)
      })
    router.teamRoute(
      "POST", "/players/{id}/edit",
      RoutePolicy(.editor, .form, upload: .fileForm, team: .player),
      expired: { request, context, _ in
        Self.editAgain(
          request, context, 403,
          notice: context.localized(
            "This form had expired, so nothing was saved. Check it and press Save again."),
          player: try context.player(context.parameters["id"], in: context.roster))
      }
    ) { request, context, scope in
      try await Self.saveEdit(request, context, scope)
    }
  }

  /// `GET /players/{id}`: the player's page, with what just happened to them.
  private static func playerPage(
    _ request: HTTPRequest, _ context: RequestContext, cache: ResponseCache
  ) throws -> HTTPResponse {
    let roster = context.roster
    let player = try context.player(context.parameters["id"], in: roster)
    let (token, cookie) = Door.csrfToken(for: request)
    let viewer = context.viewer
    // Tenures are read from the file only when the page is rendered: every transfer is a
    // new roster version. The day is in the key: "ends soon" changes at midnight.
    // The day in the key is UTC's (a time zone costs more to ask than the cached page
    // does to serve): "ends soon" may be an hour or so late around midnight.
    let day = Int(context.now.timeIntervalSince1970) / 86_400
    // "Move to team…" only where there is a team this reader may move them to.
    let canMove =
      viewer.canEdit
      && !OrganisationFeature.moveTargets(of: player, in: roster, for: context.identity).isEmpty
    let notice = playerNotice(request, context, player, in: roster)
    return try cache.response(
      [
        "/players/", player.id.text, viewer.cacheKey, canMove ? "~m" : "", "~", String(day),
        notice.map { "~" + $0 } ?? "",
      ]
      .joined(),
      version: roster.version, for: context, token: token, cookie: cookie
    ) {
      // Their personal data and earlier teams for the staff and themself alone.
      let personal = viewer.seesPersonalData(of: player.id)
      return context.pages.player(
        player.shown(to: viewer), in: roster, token: ResponseCache.tokenSlot, viewer: viewer,
        canMove: canMove, tenures: personal ? try context.reads.tenures(of: player.id) : [],
        today: Day(context.now, in: (roster.team(id: player.teamID) ?? roster.firstTeam).zone),
        notice: notice)
    }
  }

  /// After a change made on a player's page, its confirmation (a page of its own in the
  /// cache); nil otherwise.
  private static func playerNotice(
    _ request: HTTPRequest, _ context: RequestContext, _ player: Player, in roster: Roster
  ) -> String? {
    if request.query["saved"] != nil {
      return context.localized("Saved.")
    } else if request.query["moved"] != nil, let team = roster.team(id: player.teamID) {
      return context.localized(
        "%1$@ is now on %2$@, %3$@.", player.name, team.name, player.lineup.name)
    } else if let other = request.query["swapped"].flatMap(UUID.init(text:))
      .flatMap(roster.player(id:))
    {
      return context.localized(
        "%1$@ is now %2$@, %3$@ %4$@.", player.name, player.lineup.name, other.name,
        other.lineup.name)
    }
    return nil
  }

  /// The edit form again, with what was typed.
  private static func editAgain(
    _ request: HTTPRequest, _ context: RequestContext, _ status: Int,
    errors: ValidationError? = nil,
    notice: String? = nil, player: Player, version: String? = nil,
    search: Pages.ChampionSearch? = nil
  ) -> HTTPResponse {
    let (token, cookie) = Door.csrfToken(for: request)
    return context.pages.editPlayer(
      player, input: Self.input(from: context.form), errors: errors, token: token,
      version: version ?? Door.etag(player), cookie: cookie, status: status, notice: notice,
      search: search)
  }

  /// `POST /players/{id}/edit`: the edit saved (merged with what someone saved meanwhile
  /// when the fields differ), or the form again saying what to do.
  private static func saveEdit(
    _ request: HTTPRequest, _ context: RequestContext, _ scope: TeamScope
  )
    async throws -> HTTPResponse
  {
    let current = try context.player(context.parameters["id"], in: context.roster)
    let form = context.form
    var input = Self.input(from: form)
    let version = form["version"]?.first ?? ""
    if let search = Pages.ChampionSearch(form: form) {
      // The form again, filtered, with the version it was made from: nothing saved.
      return editAgain(request, context, 200, player: current, version: version, search: search)
    }
    if version != Door.etag(current),
      let answer = try merge(&input, madeFrom: version, into: current, request, context)
    {
      return answer
    }
    let edit = PlayerEdit(
      name: input.name, position: input.position, image: input.image,
      favoriteChampions: current.favorites(
        keepingOrderWith: input.favoriteChampions, champions: context.pages.champions),
      lineup: input.lineup.isEmpty ? nil : input.lineup, riotID: input.riotID,
      realName: input.realName, nationality: input.nationality, birthDate: input.birthDate,
      joined: input.joined, contractEnd: input.contractEnd)
    do throws(RosterError) {
      let player = try await scope.updatePlayer(
        current.id, with: edit, expected: current,
        photo: try await Self.formPhoto(request),
        removingPhoto: form["removePhoto"]?.first == "1")
      return .redirect(to: "/players/\(player.id)?saved")
    } catch {
      switch error {
      case .changed(let now):
        return editAgain(
          request, context, 409, notice: Self.changedNotice(now, in: context.language),
          player: now)
      case .invalid(let errors), .conflict(let errors):
        return editAgain(request, context, 422, errors: errors, player: current)
      default: throw error
      }
    }
  }

  /// Someone saved meanwhile: what the form was made from is in the history. Fields only one
  /// of them changed are merged into `input`; those both changed are for the typist (the
  /// form again, 409, which this returns; nil when merged).
  private static func merge(
    _ input: inout PlayerInput, madeFrom version: String, into current: Player,
    _ request: HTTPRequest, _ context: RequestContext
  ) throws -> HTTPResponse? {
    guard
      let (base, authors) = try Self.changes(
        to: current, since: version, in: try context.reads, language: context.language)
    else {
      return editAgain(
        request, context, 409, notice: Self.changedNotice(current, in: context.language),
        player: current)
    }
    let merge = input.merged(
      from: Pages.input(of: base), over: Pages.input(of: current),
      champions: context.pages.champions)
    guard merge.conflicts.isEmpty else {
      let who = authors.joined(separator: ", ")
      let (token, cookie) = Door.csrfToken(for: request)
      let now = Pages.input(of: current)
      return context.pages.editPlayer(
        current, input: merge.input,
        errors: ValidationError(
          issues: merge.conflicts.map { field in
            ValidationError.Issue(
              field: field,
              text: Message(
                "%1$@ changed this meanwhile, to “%2$@”: keep yours or take theirs, then Save.",
                who, Self.shown(field, of: now, in: context.pages)),
              isConflict: true)
          }), token: token, version: Door.etag(current), cookie: cookie, status: 409,
        notice: context.localized(
          "%1$@ changed %2$@ meanwhile; nothing was saved. Their changes to other fields are in the form below with yours.",
          who, current.name))
    }
    input = merge.input
    return nil
  }
}

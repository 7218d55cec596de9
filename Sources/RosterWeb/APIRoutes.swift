import Foundation
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// `POST /api/players/{id}/swap`: the player to exchange statuses and places with, by id or
/// pseudo.
struct SwapRequest: Decodable, Sendable {
  let with: String
}

/// The two players of a swap, as stored: `{"player": …, "with": …}`.
struct SwapDocument: JSONWritable {
  let player: Player
  let other: Player

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("player", player)
      $0.member("with", other)
    }
  }
}

/// `GET /api/lineup`: whether the starting five is complete.
struct LineupDocument: JSONWritable {
  let status: LineupStatus

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("complete", status.isComplete)
      $0.member("doubled", status.doubled.map(\.rawValue))
      $0.member("missing", status.missing.map(\.rawValue))
      $0.member("starters", status.starters.map(\.id.uuidString))
    }
  }
}

extension RosterFeature {

  /// The roster order's entity tag: it changes when a player comes, goes or moves.
  static func etag(order players: [Player]) -> String {
    "\"\(Player.orderVersion(players.map(\.id)))\""
  }

  /// Whether an `If-Match` header (absent, `*`, or a list of tags) lets a write go ahead.
  static func matches(_ ifMatch: String?, _ etag: String) -> Bool {
    guard let ifMatch else { return true }
    return ifMatch.split(separator: ",").contains {
      let tag = $0.trimmingCharacters(in: .whitespaces)
      return tag == "*" || tag == etag
    }
  }

  /// `?player=<id>&after=<id>&limit=<n>` of a history request.
  static func historyQuery(_ request: HTTPRequest, in language: Language) throws(HTTPError) -> (
    UUID?, Int64, Int
  ) {
    var player: UUID?
    if let text = request.query["player"] {
      guard let id = UUID(text: text) else {
        throw HTTPError(.malformed, language.localized("Give ?player= a player’s id."))
      }
      player = id
    }
    let after = Int64(request.query["after"] ?? "0") ?? -1
    let limit = Int(request.query["limit"] ?? "100") ?? -1
    guard after >= 0, (1...1000).contains(limit) else {
      throw HTTPError(
        .malformed,
        language.localized("Give ?after= a history id and ?limit= a number from 1 to 1000."))
    }
    return (player, after, limit)
  }

  /// Whether a write names the version it changes (an `If-Match` other than `*`).
  static func isConditional(_ request: HTTPRequest) -> Bool {
    guard let ifMatch = request.header("if-match") else { return false }
    return ifMatch.trimmingCharacters(in: .whitespaces) != "*"
  }

  /// The JSON API: the CLI's `--json` shapes, problems as `application/problem+json`.
  func addAPIRoutes(_ router: inout Router) {
    addPlayerAPIRoutes(&router)
    addTrashAPIRoutes(&router)
    addOrderAPIRoutes(&router)
    addHistoryAPIRoute(&router)
  }

  /// The players: list, add, read, change, remove.
  private func addPlayerAPIRoutes(_ router: inout Router) {
    let cache = cache
    // The organisation's first team, as before teams; another with ?team=TAG.
    router.teamRoute(.listPlayers, RoutePolicy(.reader, team: .chosen)) {
      request, context, scope in
      let roster = context.roster
      let team = scope.team
      let viewer = context.viewer
      return cache.response(
        "/api/players?team=" + team.id.text + viewer.privacyKey, version: roster.version,
        for: context
      ) { context.json(roster.players(in: team.id).shown(to: viewer)) }
    }

    // The team is the body's `team` (or ?team=), the first one when it names none.
    router.teamRoute(
      .addPlayer, RoutePolicy(.editor, .sameOrigin, team: .chosen),
      json: TeamNamed<PlayerInput>.self
    ) { _, context, scope, body in
      let input = body.input
      let player = try await scope.addPlayer(input)
      var response = context.json(player, status: 201)
      response.headers += [
        ("Location", "/api/players/\(player.id)"), ("ETag", Door.etag(player)),
      ]
      return response
    }

    router.route(.getPlayer, RoutePolicy(.reader, team: .player)) { _, context in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let viewer = context.viewer
      // The tag is of what this reader sees: another player's personal data changes none
      // of theirs (a tag of every field would let them test guesses).
      let shown = player.shown(to: viewer)
      var response = cache.response(
        "/api/players/" + player.id.text + viewer.privacyKey, version: roster.version, for: context
      ) { context.json(shown) }
      response.headers.append(("ETag", Door.etag(shown)))
      return response
    }

    router.teamRoute(
      .editPlayer, RoutePolicy(.editor, .sameOrigin, team: .player),
      json: PlayerEdit.self
    ) { request, context, scope, edit in
      let current = try context.player(context.parameters["id"], in: context.roster)
      guard Self.matches(request.header("if-match"), Door.etag(current)) else {
        throw RosterError.changed(current)
      }
      // The store checks again in its transaction that nobody changed the player meanwhile
      // (unless any version will do: no If-Match, or `*`).
      let player = try await scope.updatePlayer(
        current.id, with: edit, expected: Self.isConditional(request) ? current : nil)
      var response = context.json(player)
      response.headers.append(("ETag", Door.etag(player)))
      return response
    }

    router.teamRoute(
      .deletePlayer, RoutePolicy(.editor, .sameOrigin, team: .player)
    ) {
      _, context, scope in
      let id = try context.player(context.parameters["id"], in: context.roster).id
      try await scope.removePlayer(id)
      return HTTPResponse(status: 204)
    }
  }

  /// Recently removed, and restoring from it.
  private func addTrashAPIRoutes(_ router: inout Router) {
    router.route(.listRemovedPlayers, RoutePolicy(.staff, team: .organisation)) {
      request, context in
      let page = try ListPage(request, in: context.language)
      let removed = context.roster.removed
      return page.headed(context.json(page.slice(removed)), total: removed.count, of: request)
    }

    router.teamRoute(
      .restorePlayer, RoutePolicy(.editor, .sameOrigin, team: .player)
    ) {
      _, context, scope in
      guard let id = context.parameters["id"].flatMap(UUID.init(text:)) else {
        throw HTTPError(.notFound, context.localized("No removed player has this id."))
      }
      let player = try await scope.restorePlayer(id)
      var response = context.json(player, status: 201)
      response.headers += [
        ("Location", "/api/players/\(player.id)"), ("ETag", Door.etag(player)),
      ]
      return response
    }
  }

  /// The roster's order, swaps, and the starting five.
  private func addOrderAPIRoutes(_ router: inout Router) {
    router.teamRoute(.getOrder, RoutePolicy(.reader, team: .chosen)) {
      request, context, scope in
      let players = context.roster.players(in: scope.team.id)
      var response = context.json(players.map(\.id.uuidString))
      response.headers.append(("ETag", Self.etag(order: players)))
      return response
    }

    router.teamRoute(
      .setOrder, RoutePolicy(.editor, .sameOrigin, team: .chosen),
      json: [String].self
    ) { request, context, scope, texts in
      let team = scope.team
      let ids = texts.compactMap(UUID.init(text:))
      guard ids.count == texts.count else {
        throw HTTPError(
          .malformed, context.localized("Send the players’ ids, in the order wanted."))
      }
      let before = context.roster.players(in: team.id)
      guard Self.matches(request.header("if-match"), Self.etag(order: before)) else {
        throw HTTPError(
          .changed,
          context.localized(
            "The roster changed meanwhile; nothing was saved. Reload it and order it again."))
      }
      let players = try await scope.reorder(
        ids, expected: Self.isConditional(request) ? before.map(\.id) : nil)
      var response = context.json(players.map(\.id.uuidString))
      response.headers.append(("ETag", Self.etag(order: players)))
      return response
    }

    // The other player is on the same team (the store refuses otherwise), which the role
    // was checked on.
    router.teamRoute(
      .swapPlayers, RoutePolicy(.editor, .sameOrigin, team: .player),
      json: SwapRequest.self
    ) { request, context, scope, swap in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let named = swap.with
      let key = Player.nameKey(named)
      guard
        let other = roster.players.first(where: {
          $0.id.uuidString.lowercased() == named.lowercased() || Player.nameKey($0.name) == key
        })
      else {
        throw HTTPError(
          .conflict, context.localized("No player on the roster is called “%@”.", named))
      }
      let (swapped, otherSwapped) = try await scope.swapPlayers(player.id, with: other.id)
      return context.json(SwapDocument(player: swapped, other: otherSwapped))
    }

    router.teamRoute(.getLineup, RoutePolicy(.reader, team: .chosen)) {
      request, context, scope in
      let team = scope.team
      return context.json(
        LineupDocument(status: LineupStatus(players: context.roster.players(in: team.id))))
    }
  }

  /// The organisation's history of roster changes, newest first.
  private func addHistoryAPIRoute(_ router: inout Router) {
    router.route(.getHistory, RoutePolicy(.staff, team: .organisation)) {
      request, context in
      let (player, after, limit) = try Self.historyQuery(request, in: context.language)
      return context.json(
        try context.reads.history(after: after, player: player, limit: limit))
    }
  }
}

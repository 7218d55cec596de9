import Foundation
import TeamHTTP
import TeamKit
import TeamStore

extension WebApp {
  /// The screens: GET renders from the store's snapshot; POST changes it, then redirects.
  mutating func addPageRoutes() {
    let store = store
    let cache = cache
    let slot = ResponseCache.tokenSlot

    route("GET", "/") { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      let roster = store.roster
      let pages = Pages.pageCount(roster.players.count)
      let page = min(max(request.query["page"].flatMap { Int($0) } ?? 1, 1), pages)
      return cache.response("/?page=\(page)", version: roster.version, token: token, cookie: cookie)
      {
        Pages.roster(roster.players, page: page, token: slot)
      }
    }

    route("GET", "/players/new") { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      return cache.response(
        "/players/new", version: store.roster.version, token: token, cookie: cookie
      ) {
        Pages.addPlayer(
          PlayerInput(name: "", position: "Top"), errors: nil, token: slot, cookie: nil)
      }
    }

    route("POST", "/players") { request, _ in
      let form = request.formFields
      let input = PlayerInput(
        name: form["name"]?.first ?? "", position: form["position"]?.first ?? "",
        image: form["image"]?.first ?? "", favoriteChampions: form["champion"] ?? [])
      guard WebApp.isSameOrigin(request), WebApp.hasValidToken(request, form: form) else {
        let (token, cookie) = WebApp.csrfToken(for: request)
        return Pages.addPlayer(
          input, errors: nil, token: token, cookie: cookie, status: 403,
          notice: "This form had expired, so nothing was saved. Check it and press Add again.")
      }
      do throws(RosterError) {
        try store.addPlayer(input)
        return .redirect(to: "/")
      } catch {
        guard let validation = error.validation else { throw error }
        let (token, cookie) = WebApp.csrfToken(for: request)
        return Pages.addPlayer(input, errors: validation, token: token, cookie: cookie, status: 422)
      }
    }

    /// A page about one existing player, cached per roster version; 404 for any other id.
    func playerPage(
      _ suffix: String, _ render: @escaping @Sendable (Player, String) -> HTTPResponse
    ) -> Router.Handler {
      { request, parameters in
        let roster = store.roster
        let player = try WebApp.player(parameters["id"], in: roster)
        let (token, cookie) = WebApp.csrfToken(for: request)
        return cache.response(
          "/players/\(player.id)\(suffix)", version: roster.version, token: token, cookie: cookie
        ) {
          render(player, slot)
        }
      }
    }
    route("GET", "/players/{id}", playerPage("") { Pages.player($0, token: $1) })
    route(
      "GET", "/players/{id}/delete",
      playerPage("/delete") { Pages.confirmDeletePage($0, token: $1, cookie: nil) })

    route("POST", "/players/{id}/delete") { request, parameters in
      let player = try WebApp.player(parameters["id"], in: store.roster)
      guard WebApp.isSameOrigin(request), WebApp.hasValidToken(request, form: request.formFields)
      else {
        let (token, cookie) = WebApp.csrfToken(for: request)
        var response = Pages.confirmDeletePage(player, token: token, cookie: cookie)
        response.status = 403
        return response
      }
      try store.removePlayer(id: player.id)
      return .redirect(to: "/")
    }
  }

  /// The player whose id is in the path.
  /// - Throws: ``HTTPError/playerNotFound`` for a malformed or unknown id.
  static func player(_ id: String?, in roster: Roster) throws(HTTPError) -> Player {
    guard let id = id.flatMap(UUID.init(uuidString:)), let player = roster.player(id: id) else {
      throw .playerNotFound
    }
    return player
  }
}

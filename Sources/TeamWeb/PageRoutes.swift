import Foundation
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
      do {
        try store.addPlayer(input)
        return .redirect(to: "/")
      } catch let error as ValidationError {
        let (token, cookie) = WebApp.csrfToken(for: request)
        return Pages.addPlayer(input, errors: error, token: token, cookie: cookie, status: 422)
      } catch {
        return WebApp.storageFailure(error, api: false)
      }
    }

    /// A page about one existing player, cached per roster version; 404 for any other id.
    func playerPage(
      _ suffix: String, _ render: @escaping @Sendable (Player, String) -> HTTPResponse
    ) -> Router.Handler {
      { request, parameters in
        let roster = store.roster
        guard let player = WebApp.player(parameters["id"], in: roster) else {
          return Pages.notFound()
        }
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
      guard let player = WebApp.player(parameters["id"], in: store.roster) else {
        return Pages.notFound()
      }
      guard WebApp.isSameOrigin(request), WebApp.hasValidToken(request, form: request.formFields)
      else {
        let (token, cookie) = WebApp.csrfToken(for: request)
        var response = Pages.confirmDeletePage(player, token: token, cookie: cookie)
        response.status = 403
        return response
      }
      do {
        try store.removePlayer(id: player.id)
        return .redirect(to: "/")
      } catch {
        return WebApp.storageFailure(error, api: false)
      }
    }
  }

  static func player(_ id: String?, in roster: Roster) -> Player? {
    guard let id = id.flatMap(UUID.init(uuidString:)) else { return nil }
    return roster.player(id: id)
  }

  /// The database could not commit (disk full, I/O error): nothing was saved, say so.
  /// Answers a write the database could not commit (disk full, I/O error): nothing was
  /// saved. The details, which name files, go to the server's log, not to the client.
  static func storageFailure(_ error: any Error, api: Bool) -> HTTPResponse {
    FileHandle.standardError.write(Data("kcorp: not saved: \(error)\n".utf8))
    let text = "The roster could not be saved just now; nothing was changed. Try again."
    return api
      ? Problem(status: 503, detail: text).response
      : Pages.message(status: 503, title: "Not saved", text: text)
  }
}

import Foundation
import TeamKit
import TeamStore

extension WebApp {
  /// The screens: GET renders from the store's snapshot; POST changes it, then redirects.
  mutating func addPageRoutes() {
    let store = store

    route("GET", "/") { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      let page = request.query["page"].flatMap { Int($0) } ?? 1
      return Pages.roster(store.players, page: page, token: token, cookie: cookie)
    }

    route("GET", "/players/new") { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      return Pages.addPlayer(
        PlayerInput(name: "", position: "Top"), errors: nil, token: token, cookie: cookie)
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
        return WebApp.storageFailure(error)
      }
    }

    route("GET", "/players/{id}") { request, parameters in
      guard let player = WebApp.player(parameters["id"], in: store) else { return Pages.notFound() }
      let (token, cookie) = WebApp.csrfToken(for: request)
      return Pages.player(player, token: token, cookie: cookie)
    }

    route("GET", "/players/{id}/delete") { request, parameters in
      guard let player = WebApp.player(parameters["id"], in: store) else { return Pages.notFound() }
      let (token, cookie) = WebApp.csrfToken(for: request)
      return Pages.confirmDeletePage(player, token: token, cookie: cookie)
    }

    route("POST", "/players/{id}/delete") { request, parameters in
      guard let player = WebApp.player(parameters["id"], in: store) else { return Pages.notFound() }
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
        return WebApp.storageFailure(error)
      }
    }
  }

  static func player(_ id: String?, in store: RosterStore) -> Player? {
    guard let id = id.flatMap(UUID.init(uuidString:)) else { return nil }
    return store.roster.player(id: id)
  }

  /// The database could not commit (disk full, I/O error): nothing was saved, say so.
  static func storageFailure(_ error: any Error) -> HTTPResponse {
    Pages.message(
      status: 503, title: "Not saved",
      text: "The roster could not be saved just now (\(error)). Go back and try again.")
  }
}

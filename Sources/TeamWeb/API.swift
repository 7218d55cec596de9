import Foundation
import TeamKit
import TeamStore

/// An RFC 9457 problem document, with one entry per field for invalid players.
struct Problem: Encodable {
  let type = "about:blank"
  let title: String
  let status: Int
  let detail: String
  var errors: [FieldError]?

  struct FieldError: Encodable {
    let field: String
    let message: String
  }

  init(status: Int, detail: String, errors: [FieldError]? = nil) {
    self.status = status
    self.title = Problem.titles[status] ?? "Error"
    self.detail = detail
    self.errors = errors
  }

  static let titles = [
    400: "Bad Request", 403: "Forbidden", 421: "Misdirected Request", 404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict", 413: "Content Too Large", 415: "Unsupported Media Type",
    422: "Unprocessable Content", 503: "Service Unavailable",
  ]

  var response: HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/problem+json", body: Array(TeamJSON.encode(self)))
  }
}

extension WebApp {
  static func json(_ value: some JSONWritable, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/json", body: Array(TeamJSON.encode(value)))
  }

  /// The JSON API: the CLI's `--json` shapes, problems as `application/problem+json`.
  mutating func addAPIRoutes() {
    let store = store
    let cache = cache

    route("GET", "/api/players") { _, _ in
      let roster = store.roster
      return cache.response("/api/players", version: roster.version) {
        WebApp.json(roster.players)
      }
    }

    route("POST", "/api/players") { request, _ in
      guard WebApp.isSameOrigin(request) else {
        return Problem(status: 403, detail: "Cross-site requests are refused.").response
      }
      guard request.contentType == "application/json" else {
        var response = Problem(
          status: 415, detail: "Send the player as application/json."
        ).response
        response.headers.append(("Accept-Post", "application/json"))
        return response
      }
      let input: PlayerInput
      do throws(JSONInputError) {
        input = try TeamJSON.decode(PlayerInput.self, from: Data(request.body))
      } catch {
        return Problem(status: 400, detail: error.message).response
      }
      do {
        let player = try store.addPlayer(input)
        var response = WebApp.json(player, status: 201)
        response.headers.append(("Location", "/api/players/\(player.id)"))
        return response
      } catch let error as ValidationError {
        return Problem(
          status: error.isConflict ? 409 : 422,
          detail: error.isConflict
            ? "A player already has this pseudo." : "Fix the fields listed in errors.",
          errors: error.issues.map { .init(field: $0.field.rawValue, message: $0.message) }
        ).response
      } catch {
        return WebApp.storageFailure(error, api: true)
      }
    }

    route("GET", "/api/players/{id}") { _, parameters in
      let roster = store.roster
      guard let player = WebApp.player(parameters["id"], in: roster) else {
        return Problem(status: 404, detail: "No player has this id.").response
      }
      return cache.response("/api/players/\(player.id)", version: roster.version) {
        WebApp.json(player)
      }
    }

    route("DELETE", "/api/players/{id}") { request, parameters in
      guard WebApp.isSameOrigin(request) else {
        return Problem(status: 403, detail: "Cross-site requests are refused.").response
      }
      guard let player = WebApp.player(parameters["id"], in: store.roster) else {
        return Problem(status: 404, detail: "No player has this id.").response
      }
      do {
        try store.removePlayer(id: player.id)
        return HTTPResponse(status: 204)
      } catch {
        return WebApp.storageFailure(error, api: true)
      }
    }

    route("GET", "/api/champions") { _, _ in WebApp.json(Champion.catalog) }

    route("GET", "/api/openapi.json") { _, _ in
      HTTPResponse(status: 200, contentType: "application/json", body: Asset.openAPI)
    }
  }
}

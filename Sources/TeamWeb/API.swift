import Foundation
import TeamHTTP
import TeamKit
import TeamStore

/// An RFC 9457 problem document, with one entry per field for invalid players.
struct Problem: JSONWritable {
  let type = "about:blank"
  let title: String
  let status: Int
  let detail: String
  let errors: [FieldError]

  /// One problem with one field of the input.
  struct FieldError: JSONWritable {
    let field: String
    let message: String

    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("field", field)
        $0.member("message", message)
      }
    }
  }

  /// The problem for a refusal, with the fields at fault (none for most refusals).
  init(_ error: HTTPError, errors: [ValidationError.Issue] = []) {
    status = error.status
    title = HTTPError.reason(error.status)
    detail = error.message
    self.errors = errors.map { FieldError(field: $0.field.rawValue, message: $0.message) }
  }

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("detail", detail)
      if !errors.isEmpty { $0.member("errors", errors) }
      $0.member("status", status)
      $0.member("title", title)
      $0.member("type", type)
    }
  }

  var response: HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/problem+json", body: Array(TeamJSON.encode(self)))
  }
}

extension HTTPError {
  static let playerNotFound = HTTPError(404, "No player has this id: they may have been removed.")
  static let crossSite = HTTPError(403, "Cross-site requests are refused.")
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
      guard WebApp.isSameOrigin(request) else { throw HTTPError.crossSite }
      guard request.contentType == "application/json" else {
        throw HTTPError(
          415, "Send the player as application/json.",
          headers: ["Accept-Post": "application/json"])
      }
      let input: PlayerInput
      do throws(JSONInputError) {
        input = try TeamJSON.decode(PlayerInput.self, from: Data(request.body))
      } catch {
        throw HTTPError(400, error.message)
      }
      let player = try store.addPlayer(input)
      var response = WebApp.json(player, status: 201)
      response.headers.append(("Location", "/api/players/\(player.id)"))
      return response
    }

    route("GET", "/api/players/{id}") { _, parameters in
      let roster = store.roster
      let player = try WebApp.player(parameters["id"], in: roster)
      return cache.response("/api/players/\(player.id)", version: roster.version) {
        WebApp.json(player)
      }
    }

    route("DELETE", "/api/players/{id}") { request, parameters in
      guard WebApp.isSameOrigin(request) else { throw HTTPError.crossSite }
      try store.removePlayer(id: try WebApp.player(parameters["id"], in: store.roster).id)
      return HTTPResponse(status: 204)
    }

    route("GET", "/api/champions") { _, _ in WebApp.json(Champion.catalog) }

    route("GET", "/api/openapi.json") { _, _ in
      HTTPResponse(status: 200, contentType: "application/json", body: Asset.openAPI)
    }
  }
}

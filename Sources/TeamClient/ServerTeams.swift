import Foundation
import TeamKit

/// The organisation's teams on the team's server (``TeamServer/teams``): its API under
/// `/api/teams`, and a player's transfer and tenures.
struct ServerTeams: TeamsSource {
  let server: TeamServer

  func transferPlayer(id: UUID, to team: String) async throws -> Player {
    var writer = JSONWriter()
    writer.object { $0.member("team", team) }
    return try TeamJSON.decode(
      Player.self,
      from: try await server.call("POST", "api/players/\(id)/transfer", body: Data(writer.bytes))
        .data)
  }

  func tenures(of id: UUID) async throws -> [Tenure] {
    try TeamJSON.decode(
      [Tenure].self, from: try await server.call("GET", "api/players/\(id)/tenures").data)
  }

  func addTeam(_ input: TeamInput) async throws -> Team {
    try TeamJSON.decode(
      Team.self, from: try await server.call("POST", "api/teams", body: TeamJSON.encode(input)).data
    )
  }

  func updateTeam(_ tag: String, with input: TeamInput) async throws -> Team {
    try TeamJSON.decode(
      Team.self,
      from: try await server.call(
        "PATCH", "api/teams/\(TeamServer.pathSegment(tag))", body: TeamJSON.encode(input),
        contentType: "application/merge-patch+json"
      ).data)
  }

  func removeTeam(_ tag: String) async throws {
    _ = try await server.call("DELETE", "api/teams/\(TeamServer.pathSegment(tag))")
  }
}

import Foundation
import TeamAPI
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
      from: try await server.call(.transferPlayer, id.uuidString, body: Data(writer.bytes))
        .data)
  }

  func tenures(of id: UUID) async throws -> [Tenure] {
    try TeamJSON.decode(
      [Tenure].self, from: try await server.call(.listTenures, id.uuidString).data)
  }

  func addTeam(_ input: TeamInput) async throws -> Team {
    try TeamJSON.decode(
      Team.self, from: try await server.call(.addTeam, body: TeamJSON.encode(input)).data
    )
  }

  func updateTeam(_ tag: String, with input: TeamInput) async throws -> Team {
    try TeamJSON.decode(
      Team.self,
      from: try await server.call(
        .editTeam, tag, body: TeamJSON.encode(input)
      ).data)
  }

  func removeTeam(_ tag: String) async throws {
    _ = try await server.call(.removeTeam, tag)
  }
}

import Discord
import Foundation
import TeamAPI
import TeamClient
import TeamKit

extension TeamServer {
  /// The teams' Discord settings on the server.
  var discord: ServerDiscord { ServerDiscord(server: self) }
}

/// A team's Discord settings on the team's server (``TeamServer/discord``).
struct ServerDiscord: Sendable {
  let server: TeamServer

  /// A team's Discord settings and last posts (never the webhook's address).
  func settings(team: String) async throws -> DiscordSettingsShown {
    try TeamJSON.decode(
      DiscordSettingsShown.self,
      from: try await server.call(.getTeamDiscord, team).data)
  }

  /// Sets a team's webhook address (`off` turns the posts off and forgets it).
  func setWebhook(team: String, webhook: String?, off: Bool) async throws {
    var writer = JSONWriter()
    writer.object {
      if off { $0.member("off", true) }
      if let webhook { $0.member("webhook", webhook) }
    }
    _ = try await server.call(
      .setTeamDiscord, team, body: Data(writer.bytes))
  }
}

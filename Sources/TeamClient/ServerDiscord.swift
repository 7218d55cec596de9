import Foundation
import TeamKit

/// A team's Discord settings on the team's server.
extension TeamServer {
  /// A team's Discord settings and last posts (never the webhook's address).
  public func discordSettings(team: String) async throws -> DiscordSettingsShown {
    try TeamJSON.decode(
      DiscordSettingsShown.self,
      from: try await call("GET", "api/teams/\(Self.pathSegment(team))/discord").data)
  }

  /// Sets a team's webhook address (`off` turns the posts off and forgets it).
  public func setDiscordWebhook(team: String, webhook: String?, off: Bool) async throws {
    var writer = JSONWriter()
    writer.object {
      if off { $0.member("off", true) }
      if let webhook { $0.member("webhook", webhook) }
    }
    _ = try await call(
      "PUT", "api/teams/\(Self.pathSegment(team))/discord", body: Data(writer.bytes))
  }
}

import CLIBase
import Foundation
import TeamKit
import TestSupport
import Testing

/// `kcorp discord`, `discord webhook`, `discord commands` and `discord register` on this
/// machine's database, against a stand-in of Discord's API.
@Suite struct DiscordCommandTests {
  @Test func aWebhookIsSetAndShownWithoutItsAddressAndTheCommandsAreRegistered() throws {
    let kcorp = try KCorp()
    let discord = try DiscordStandIn(token: "bot-secret")
    let elsewhere = try kcorp("discord", "webhook", "KC", "https://evil.example/api/webhooks/1/x")
    #expect(elsewhere.status == 65 && elsewhere.stderr.contains("Paste the webhook’s address"))
    #expect(elsewhere.stderr.split(separator: "\n").count == 1)
    // The stand-in's address is taken only when it is the one named as Discord's.
    #expect(try kcorp("discord", "webhook", "KC", discord.webhook()).status == 65)
    let set = try kcorp(
      "discord", "webhook", "KC", "-", "--discord-api", discord.api, input: discord.webhook() + "\n"
    )
    #expect(set.status == 0 && set.stdout.contains("KC’s posts go to the webhook’s channel."))
    #expect(
      try kcorp(
        "events", "add", "--type", "scrim", "--start", "2030-01-07T20:00", "--opponent", "G2"
      ).status == 0)
    let shown = try kcorp("discord")
    #expect(shown.status == 0)
    #expect(shown.stdout.contains("KC: posts on (fr) — planned, changed, cancelled"))
    #expect(shown.stdout.contains("pending Prévu\u{00A0}: Scrim contre G2 (0 tries)"))
    #expect(!shown.stdout.contains("hook-token"))
    let usage = try kcorp("discord", "webhook", "KC")
    #expect(usage.status == 64 && usage.stderr.split(separator: "\n").count == 1)
    #expect(try kcorp("discord", "webhook", "KC", "--off").status == 0)
    #expect(try kcorp("discord", "--team", "KC").stdout.hasPrefix("KC: no webhook"))

    let commands = try kcorp("discord", "commands")
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(commands.stdout.utf8)) as? [[String: Any]])
    #expect(
      list.compactMap { $0["name"] as? String } == ["week", "availability", "scrims", "link"])
    #expect(
      list.compactMap { ($0["name_localizations"] as? [String: String])?["fr"] } == [
        "semaine", "dispo", "scrims", "lier",
      ])

    let registered = try kcorp(
      "discord", "register", "--application", "123456789012345678", "--discord-api", discord.api,
      environment: ["KCORP_DISCORD_TOKEN": "bot-secret"])
    #expect(registered.status == 0 && registered.stdout.contains("Discord keeps 4 commands"))
    let refused = try kcorp(
      "discord", "register", "--application", "123456789012345678", "--discord-api", discord.api,
      input: "wrong-token\n")
    #expect(refused.status == 69 && refused.stderr.contains("Discord refused (401)"))
    #expect(
      refused.stderr.split(separator: "\n").count == 1 && !refused.stderr.contains("wrong-token"))
  }
}

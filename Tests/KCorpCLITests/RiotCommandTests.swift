import Foundation
import Riot
import TeamKit
import TestSupport
import Testing

/// `kcorp riot`, `riot key` and `riot refresh` on this machine's database, against a
/// stand-in of Riot's API.
@Suite struct RiotCommandTests {
  @Test func theKeyIsReadFromStandardInputAndARefreshPrintsEachPlayersRankAndChampions()
    throws
  {
    let kcorp = try KCorp()
    let key = "RGAPI-cli-test-key-0000"
    let riot = try RiotStandIn(key: key)
    #expect(try kcorp("players", "edit", "Canna", "--riot-id", "Canna#KC1").status == 0)
    #expect(try kcorp("players", "edit", "Caliste", "--riot-id", "Nobody#KC1").status == 0)
    let noKey = try kcorp("riot", "refresh", "--riot-api", riot.base)
    #expect(noKey.status == 65)
    #expect(noKey.stderr.contains("No Riot API key is set"))
    #expect(noKey.stderr.split(separator: "\n").count == 1)

    #expect(try kcorp("riot", "--games", "4").status == 0)
    let given = try kcorp("riot", "key", input: key + "\n")
    #expect(given.status == 0 && given.stdout.contains("The Riot API key is set."))
    let shown = try kcorp("riot")
    #expect(shown.stdout.contains("Key: set on") && shown.stdout.contains("games kept a player: 4"))
    #expect(!shown.stdout.contains(key))

    let bad = try kcorp("riot", "refresh", "--riot-api", "http://127.0.0.1/no-routing")
    #expect(bad.status == 64 && bad.stderr.contains("{routing}"))

    let refreshed = try kcorp("riot", "refresh", "--riot-api", riot.base)
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    #expect(refreshed.stdout.contains("Canna (Top) Canna#KC1 — Challenger · 1234 LP — "))
    #expect(refreshed.stdout.contains("Caliste (ADC) Nobody#KC1 — no such Riot ID"))
    let json = try kcorp("riot", "refresh", "--riot-api", riot.base, "--json")
    let queue = try TeamJSON.decode(SoloQueue.self, from: Data(json.stdout.utf8))
    #expect(queue.players.first?.standing?.games.count == 4)
    #expect(!json.stdout.contains(key))

    try riot.control("expire")
    let expired = try kcorp("riot", "refresh", "--riot-api", riot.base)
    #expect(expired.status == 69)
    #expect(expired.stderr.contains("Riot refused the API key (403)"))
    #expect(expired.stderr.split(separator: "\n").count == 1)
  }
}

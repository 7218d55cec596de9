import Foundation
import Riot
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import SoloQueueWeb
@testable import TeamWeb

/// The players' Riot accounts, asked of a stand-in of Riot's API in its own shapes: the
/// refresh, what the pages and the API show of it, the Riot ID's check, an expired or
/// changed key, a renamed Riot ID, and the key nowhere in what is served.
@Suite struct SoloQueueTests {
  static let key = "RGAPI-solo-queue-test-key-0001"

  /// The app asking the stand-in, with KCorp's five: the brief's three and two more, each
  /// with a Riot ID the stand-in knows. Eight games kept a player: a refresh of the five is
  /// 55 calls, under a development key's 100 in 2 minutes (the limit's own wait is the
  /// browser tests').
  struct Setup {
    let folder: TemporaryFolder
    let store: RosterStore
    let app: WebApp
    let client: AppClient
    let riot: RiotStandIn
    let players: [String: Player]

    init(setKey: Bool = true) async throws {
      folder = try TemporaryFolder()
      store = try RosterStore(path: folder.path("roster.sqlite"))
      riot = try RiotStandIn(key: SoloQueueTests.key)
      app = WebApp(store: store, options: WebApp.Options(riotAPI: riot.base))
      client = AppClient(app: app, host: "127.0.0.1", maxBodyBytes: 1 << 20)
      var players: [String: Player] = [:]
      for player in store.players {
        var edit = PlayerEdit()
        edit.riotID = "\(player.name)#KC1"
        players[player.name] = try await store.playerRows.updatePlayer(id: player.id, with: edit)
      }
      for (name, position) in [("Closer", "Jungle"), ("Vladi", "Mid")] {
        players[name] = try await store.playerRows.addPlayer(
          PlayerInput(name: name, position: position, riotID: "\(name)#KC1"))
      }
      self.players = players
      try await store.riot.apply(RiotSettingsInput(games: 8))
      if setKey { try await store.riot.setKey(SoloQueueTests.key) }
    }

    /// Refreshes the first team now; the error that stopped it, if any.
    func refresh() async throws -> RiotError? {
      let (client, games) = try app.riot.client()
      return await app.riot.run(
        store.roster.players(in: Team.first.id), team: Team.first.id, client: client, games: games)
    }
  }

  @Test func aRefreshShowsEachPlayersRankLPChartAndRankedChampionsOnEveryPage() async throws {
    let setup = try await Setup()
    #expect(try await setup.refresh() == nil)
    let canna = try #require(setup.players["Canna"])
    _ = try await setup.store.draftRows.setPool(
      of: canna.id, to: [PoolInput(champion: "Jax", comfort: "5", priority: true)])

    let team = try await setup.client.get("/soloq?team=KC")
    #expect(team.status == 200)
    for rank in [
      "Challenger · 1234 LP", "Grandmaster · 702 LP", "Master · 318 LP", "Diamond I · 67 LP",
      "Master · 41 LP",
    ] {
      #expect(team.text.contains(rank), "\(rank)")
    }
    #expect(team.text.components(separatedBy: #"class="lp-chart""#).count == 6)
    // Ranked: the Challenger first, the Diamond last.
    let order = ["Canna", "Closer", "Vladi", "Targamas", "Caliste"].compactMap {
      team.text.range(of: ">\($0)</a>")?.lowerBound
    }
    #expect(order.count == 5 && order == order.sorted())

    let standing = try #require(try setup.store.riot.standings()[canna.id])
    #expect(standing.games.count == 8)
    let jax = standing.record(of: "jax")
    #expect(jax.games > 0)
    let row = try #require(standing.champions.first { $0.champion == "jax" })
    let player = try await setup.client.get("/players/\(canna.id)/soloq")
    #expect(player.text.contains("Canna#KC1: found."))
    #expect(
      player.text.contains(
        #"<th scope="row">Jax</th><td>Top</td><td>\#(row.games)</td><td>\#(row.wins)</td>"#))
    #expect(player.text.contains("Last 8 ranked games"))
    let pools = try await setup.client.get("/pools?team=KC")
    #expect(pools.text.contains("Solo queue: Challenger · 1234 LP"))
    #expect(pools.text.contains("solo queue: \(jax.games) games, \(jax.wins) won"))

    let french = try await setup.client.get(
      "/soloq?team=KC", headers: ["Accept-Language": "fr-FR"])
    #expect(french.text.contains("Diamant I · 67 LP"))
    #expect(french.text.contains("Grand Maître · 702 LP"))

    let api = try await setup.client.get("/api/soloq?team=KC")
    let queue = try TeamJSON.decode(SoloQueue.self, from: Data(api.body))
    #expect(queue.players.first?.name == "Canna")
    #expect(queue.players.first?.standing?.solo?.lp == 1234)
    #expect(queue.players.first?.standing?.games.count == 8)
    let one = try await setup.client.get("/api/players/\(canna.id)/soloq")
    let decoded = try TeamJSON.decode(RiotStanding.self, from: Data(one.body))
    #expect(
      decoded.ranks == standing.ranks
        && decoded.games.map(\.matchID) == standing.games.map(\.matchID))
    #expect(decoded.champions.map(\.games) == standing.champions.map(\.games))
    for response in [team, player, pools, french, api, one] {
      #expect(!response.text.contains(Self.key))
      #expect(!response.text.contains("puuid"))
    }
    // A second refresh asks only for the games it does not have.
    try setup.riot.control("reset_stats")
    #expect(try await setup.refresh() == nil)
    let stats = try setup.riot.stats()
    #expect((stats["by_route"] as? [String: Int])?["match"] == 0)
  }

  @Test func anExpiredKeySaysSoAndChangesNothing() async throws {
    let setup = try await Setup()
    #expect(try await setup.refresh() == nil)
    let before = try setup.store.riot.standings()
    try setup.riot.control("lp", #"{"riot_id":"Canna#KC1","lp":1500}"#)
    try setup.riot.control("expire")
    #expect(try await setup.refresh() == .keyRefused(403))
    #expect(try setup.store.riot.standings() == before)
    let page = try await setup.client.get("/soloq?team=KC")
    #expect(page.text.contains("Riot refused the API key (403): it has expired or was revoked"))
    #expect(page.text.contains("Challenger · 1234 LP"))
  }

  @Test func aNewKeyFindsThePlayersAgainAndAPUUIDOfTheOldKeyIsNotUsed() async throws {
    let setup = try await Setup()
    #expect(try await setup.refresh() == nil)
    let newKey = "RGAPI-solo-queue-test-key-0002"
    try setup.riot.control("key", #"{"key":"\#(newKey)"}"#)
    try await setup.store.riot.setKey(newKey)
    try setup.riot.control("lp", #"{"riot_id":"Canna#KC1","lp":1300}"#)
    #expect(try await setup.refresh() == nil)
    let canna = try #require(setup.players["Canna"])
    let standing = try #require(try setup.store.riot.standings()[canna.id])
    #expect(standing.solo?.lp == 1300)
    // The chart has both points.
    #expect(standing.series.map(\.lp) == [1234, 1300])
    #expect((try setup.riot.stats()["keys_seen"] as? [String]) == [Self.key, newKey])
  }

  @Test func aRenamedRiotIDIsMarkedWithTheNameRiotGivesItNow() async throws {
    let setup = try await Setup()
    #expect(try await setup.refresh() == nil)
    try setup.riot.control("rename", #"{"from":"Canna#KC1","to":"Cannon#KC1"}"#)
    #expect(try await setup.refresh() == nil)
    let canna = try #require(setup.players["Canna"])
    let standing = try #require(try setup.store.riot.standings()[canna.id])
    #expect(standing.status == .notFound)
    #expect(standing.nowNamed == "Cannon#KC1")
    let page = try await setup.client.get("/players/\(canna.id)/soloq")
    #expect(page.text.contains("Canna#KC1: no such Riot ID."))
    #expect(page.text.contains("Riot now names this account Cannon#KC1"))
    // What was kept stays.
    #expect(standing.games.count == 8)
  }

  @Test func aRiotIDIsCheckedOnceSetAndMarkedWhenNotFoundOrNotCheckable() async throws {
    let setup = try await Setup(setKey: false)
    let typo = try await setup.store.playerRows.addPlayer(
      PlayerInput(name: "Typo", position: "ADC", riotID: "Nobody#KC1"))
    await setup.app.riot.checkPending()
    #expect(try setup.store.riot.standings().isEmpty)
    let before = try await setup.client.get("/players/\(typo.id)/soloq")
    #expect(before.text.contains("Nobody#KC1: not checked (no Riot API key)."))
    #expect(before.text.contains("Solo queue is off: no Riot API key is set."))

    try await setup.store.riot.setKey(Self.key)
    await setup.app.riot.checkPending()
    let standings = try setup.store.riot.standings()
    #expect(standings[typo.id]?.status == .notFound)
    #expect(standings[try #require(setup.players["Vladi"]).id]?.status == .found)
    let after = try await setup.client.get("/players/\(typo.id)/soloq")
    #expect(after.text.contains("Nobody#KC1: no such Riot ID."))

    // Riot failing: the new ID is kept, marked, and checked again later.
    var edit = PlayerEdit()
    edit.riotID = "Typo#KC1"
    _ = try await setup.store.playerRows.updatePlayer(id: typo.id, with: edit)
    try setup.riot.control("fail", #"{"status":503,"count":3}"#)
    await setup.app.riot.checkPending()
    #expect(try setup.store.riot.standings()[typo.id]?.status == .unchecked)
    let failed = try await setup.client.get("/players/\(typo.id)/soloq")
    #expect(failed.text.contains("Typo#KC1: could not check now"))
  }

  @Test func aRefreshWaitsOutRetryAfterAndStaysUnderTheLimits() async throws {
    let setup = try await Setup()
    try setup.riot.control("throttle", #"{"retry_after":1}"#)
    let started = Date()
    #expect(try await setup.refresh() == nil)
    #expect(Date().timeIntervalSince(started) >= 1)
    let stats = try setup.riot.stats()
    #expect(stats["retry_after_honoured"] as? Bool == true)
    #expect(stats["violations"] as? Int == 0)
    #expect((stats["max_in_1s"] as? Int ?? 99) <= 20)
  }

  @Test func aRefreshWaitingOnRiotsLimitSaysSoOnThePageAndInTheAPI() async throws {
    let setup = try await Setup()
    try setup.riot.control("throttle", #"{"retry_after":3}"#)
    #expect(
      setup.app.riot.start(setup.store.roster.players(in: Team.first.id), team: Team.first.id))
    var page = ""
    var api = ""
    for _ in 0..<60 {
      page = try await setup.client.get("/soloq?team=KC").text
      if page.contains("Waiting on Riot’s limit: the refresh goes on in") {
        api = try await setup.client.get("/api/soloq?team=KC").text
        break
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(page.contains("Waiting on Riot’s limit: the refresh goes on in"))
    #expect(api.contains(#""state":"running""#) && api.contains(#""waitSeconds":"#), "\(api)")
    // Once it goes on, the wait is no longer said.
    for _ in 0..<200 where setup.app.riot.isRunning { try await Task.sleep(for: .milliseconds(50)) }
    #expect(!setup.app.riot.isRunning && setup.app.riot.waitingUntil == nil)
    #expect(!(try await setup.client.get("/soloq?team=KC").text.contains("Waiting on Riot")))
  }

  @Test func theOwnersKeyIsTakenButNeverShownBackExportedOrBackedUp() async throws {
    let setup = try await Setup(setKey: false)
    let app = setup.client
    let page = try await app.get("/riot")
    #expect(page.text.contains("No key is set: solo queue is off."))
    let cookie = try #require(page.header("set-cookie")?.split(separator: ";").first)
    let token = try #require(page.text.range(of: #"name="csrf" value=""#)).upperBound
    let csrf = String(page.text[token...].prefix(64))
    func post(_ fields: String) async throws -> WireResponse {
      try await app.send(
        "POST", "/riot",
        headers: [
          "Content-Type": "application/x-www-form-urlencoded", "Origin": "http://127.0.0.1",
          "Cookie": String(cookie),
        ], body: Array("csrf=\(csrf)&\(fields)".utf8))
    }
    let refused = try await post("key=not%20a%20key&platform=kr&games=500")
    #expect(refused.status == 422)
    #expect(refused.text.contains("Paste the key as Riot"))
    #expect(refused.text.contains(#"<option value="kr" selected="">"#))
    #expect(try setup.store.riot.settings().keyGiven == nil)
    #expect(try await post("key=\(Self.key)&platform=euw1&games=20").status == 303)
    #expect(try setup.store.riot.key() == Self.key)

    let shown = try await app.get("/riot")
    #expect(shown.text.contains("A key is set, given on"))
    let api = try await app.get("/api/riot")
    #expect(api.text.contains(#""keySet":true"#))
    let export = try await app.get("/export.json")
    #expect(export.status == 200)
    for response in [shown, api, export] { #expect(!response.text.contains(Self.key)) }

    let backup = setup.folder.path("backup.sqlite")
    try setup.store.backup(to: backup)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
    #expect(bytes.range(of: Data(Self.key.utf8)) == nil)
    #expect(try RosterStore(path: backup).riot.key() == nil)
    #expect(try setup.store.riot.key() == Self.key)
  }

  @Test func anLPChartWithOnePointShowsIt() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let point = RankPoint(
      at: now.addingTimeInterval(-86_400), tier: "GOLD", division: "II", lp: 40)
    var chart = ""
    Pages(language: .english).lpChart([point], now: now).render(into: &chart)
    #expect(chart.contains("<circle") && chart.contains("from 40 LP to 40 LP"))
  }

  @Test func aRefreshsEndIsSaidOnTheNextPagesOnlyNotForEver() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func said(_ ended: TimeInterval) -> Bool {
      var page = ""
      Pages(language: .english).riotProgress(
        .finished(team: nil, count: 5, at: now.addingTimeInterval(-ended)), team: nil, now: now
      ).render(into: &page)
      return page.contains("Refreshed from Riot: 5 players.")
    }
    #expect(said(5) && said(50))
    #expect(!said(90) && !said(86_400))
  }
}

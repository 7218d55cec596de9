import Foundation
import Riot
import TeamKit
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// The players' Riot accounts as stored, and the calls' budget every server on a database
/// shares, on both backends.
@Suite struct RiotStoreTests {
  static func game(_ id: Int, _ champion: String, win: Bool, daysAgo: Double) -> SoloGame {
    SoloGame(
      matchID: "EUW1_\(id)", at: Date(timeIntervalSinceNow: -daysAgo * 86_400),
      champion: champion, position: .top, win: win, seconds: 1800)
  }

  @Test(arguments: Backend.allCases)
  func aRefreshIsKeptWholeTheNewestGamesStayAndAnotherRiotIDStartsAfresh(_ backend: Backend)
    async throws
  {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let store = try database.open()
    var edit = PlayerEdit()
    edit.riotID = "canna#kc1"
    let canna = try await store.playerRows.updatePlayer(
      id: try #require(store.players.first).id, with: edit)
    let rank = RiotRank(queue: .solo, tier: "DIAMOND", division: "II", lp: 40, wins: 10, losses: 8)
    var update = RiotUpdate(
      player: canna.id, riotID: "Canna#KC1", status: .found, puuid: "p-1",
      at: Date(timeIntervalSinceNow: -3600), ranks: [rank])
    update.newGames = (1...4).map {
      Self.game($0, "jax", win: $0 % 2 == 0, daysAgo: Double(10 - $0))
    }
    try await store.riot.save(update, keep: 3)
    var later = update
    later.at = Date()
    later.ranks = [
      RiotRank(queue: .solo, tier: "DIAMOND", division: "I", lp: 12, wins: 11, losses: 8)
    ]
    later.newGames = [Self.game(5, "ksante", win: true, daysAgo: 0.5)]
    try await store.riot.save(later, keep: 3)

    let standing = try #require(try database.open().riot.standings()[canna.id])
    #expect(standing.status == .found && standing.riotID == "Canna#KC1")
    #expect(standing.games.map(\.matchID) == ["EUW1_5", "EUW1_4", "EUW1_3"])
    #expect(standing.series.map(\.lp) == [40, 12])
    #expect(standing.solo?.division == "I")
    #expect(standing.champions.map(\.champion) == ["jax", "ksante"])
    #expect(standing.record(of: "jax") == (2, 1))
    #expect(try store.riot.targets([canna]).first?.puuid == "p-1")

    // A check alone keeps the figures; another Riot ID is another account.
    let check = RiotUpdate(
      player: canna.id, riotID: "Canna#KC1", status: .found, puuid: "p-1", at: Date())
    try await store.riot.save(check, keep: 3)
    #expect(try store.riot.standings()[canna.id]?.refreshed == standing.refreshed)
    #expect(try store.riot.standings()[canna.id]?.games.count == 3)
    // Another Riot ID on the player: the old one's figures are no longer theirs, and go
    // once the new one is checked.
    edit.riotID = "Other#KC1"
    _ = try await store.playerRows.updatePlayer(id: canna.id, with: edit)
    #expect(try store.riot.standings()[canna.id] == nil)
    let other = RiotUpdate(
      player: canna.id, riotID: "Other#KC1", status: .notFound, puuid: nil, at: Date())
    try await store.riot.save(other, keep: 3)
    let after = try #require(try store.riot.standings()[canna.id])
    #expect(after.games.isEmpty && after.series.isEmpty && after.status == .notFound)
  }

  @Test(arguments: Backend.allCases)
  func theBudgetKeepsEveryLimitAndRetryAfterForEveryServerOnTheDatabase(_ backend: Backend)
    async throws
  {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let one = try database.open()
    let two = try database.open()
    let start = Date()
    // A development key: 20 a second, 100 in 2 minutes, whichever server takes them.
    for index in 0..<20 {
      let store = index.isMultiple(of: 2) ? one : two
      #expect(
        try await store.riot.take(.match, at: start.addingTimeInterval(Double(index) * 0.01)) == nil
      )
    }
    let wait = try #require(try await two.riot.take(.match, at: start.addingTimeInterval(0.3)))
    #expect(wait > 0.7 && wait <= 1.1)
    // Riot's headers say a method allows fewer: they are kept and followed.
    try await one.riot.learn(
      app: RiotAPI.developmentLimits, method: [RiotAPI.Limit(count: 1, seconds: 10)], for: .league)
    let later = start.addingTimeInterval(5)
    #expect(try await two.riot.take(.league, at: later) == nil)
    #expect(try await one.riot.take(.league, at: later.addingTimeInterval(1)) != nil)
    // A settled call counts from its answer.
    try await one.riot.settle(.league, taken: later, answered: later.addingTimeInterval(2))
    let left = try #require(try await two.riot.take(.league, at: later.addingTimeInterval(9)))
    #expect(left > 2.9 && left <= 3.1)
    // A 429's Retry-After holds every server.
    try await one.riot.hold(until: later.addingTimeInterval(30))
    let held = try #require(try await two.riot.take(.account, at: later.addingTimeInterval(10)))
    #expect(held > 19.9 && held <= 20.1)
  }

  @Test(arguments: Backend.allCases)
  func theDaysRefreshIsTakenByOneServerAndTheSettingsAreCheckedWhole(_ backend: Backend)
    async throws
  {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let one = try database.open()
    let two = try database.open()
    try await one.riot.setKey("RGAPI-store-test-key")
    #expect(try await one.riot.claimDailyRefresh() == true)
    #expect(try await two.riot.claimDailyRefresh() == false)

    await #expect(throws: RosterError.self) {
      try await two.riot.apply(
        RiotSettingsInput(key: "not a key!", platform: "mars1", games: 0))
    }
    #expect(try two.riot.settings().platform == .euw1)
    #expect(try two.riot.key() == "RGAPI-store-test-key")
    try await two.riot.apply(RiotSettingsInput(platform: "KR", games: 30))
    let settings = try one.riot.settings()
    #expect(settings.platform == .kr && settings.games == 30 && settings.keyGiven != nil)
    try await one.riot.setKey(nil)
    #expect(try two.riot.key() == nil)
  }
}

import Foundation
import Riot
import TeamKit
import TestSupport
import Testing
import WebBase

@_spi(Rows) @testable import TeamStore
@testable import TeamWeb

/// Riot's numbers at their extremes, from Riot's answers and from rows an earlier build
/// stored: every one is brought within ``RiotBounds`` (or refused) and every page and
/// document that shows them answers.
@Suite struct RiotBoundsTests {
  static let integers: [Int] = [.min, .min + 1, -1, 0, 1, 2_000, 100_001, .max - 1, .max]
  static let seconds: [Double] = [
    -.greatestFiniteMagnitude, -1e300, -1, 0, 1e300, .greatestFiniteMagnitude,
  ]

  @Test(arguments: integers)
  func aRanksNumbersFromRiotAreBroughtWithinBounds(_ value: Int) throws {
    let json = """
      [{"queueType":"RANKED_SOLO_5x5","tier":"CHALLENGER","rank":"I","leaguePoints":\(value),\
      "wins":\(value),"losses":\(value)},{"queueType":"RANKED_FLEX_SR","tier":"GOLD",\
      "rank":"IV","leaguePoints":\(value),"wins":\(value),"losses":\(value)}]
      """
    let ranks = try RiotAPI.ranks(in: Data(json.utf8))
    #expect(ranks.count == 2)
    for rank in ranks {
      #expect(RiotBounds.lp.contains(rank.lp))
      #expect(RiotBounds.games.contains(rank.wins) && RiotBounds.games.contains(rank.losses))
      #expect(rank.score >= 0 && !rank.label(in: .french).isEmpty)
    }
    let point = RankPoint(at: Date(), tier: "MASTER", division: "I", lp: value)
    #expect(RiotBounds.lp.contains(point.lp) && point.score >= 2800)
  }

  @Test func aNumberBeyondAnIntRefusesRiotsAnswer() {
    for number in ["9223372036854775808", "-9223372036854775809", "1e300", "-1e300"] {
      let json = """
        [{"queueType":"RANKED_SOLO_5x5","tier":"MASTER","rank":"I","leaguePoints":\(number),\
        "wins":1,"losses":1}]
        """
      #expect(throws: JSONInputError.self) { try RiotAPI.ranks(in: Data(json.utf8)) }
    }
  }

  @Test(arguments: seconds)
  func aGameDatedOutsideBoundsIsNotKeptAndItsLengthIsBounded(_ created: Double) throws {
    for duration in [Int.min, -1, Int.max] {
      let json = """
        {"metadata":{"matchId":"EUW1_1"},"info":{"gameCreation":\(created),\
        "gameDuration":\(duration),"participants":[{"puuid":"p","championName":"Jax",\
        "teamPosition":"TOP","win":true}]}}
        """
      let game = try RiotAPI.game(in: Data(json.utf8), of: "p")
      if RiotBounds.dates.contains(Date(timeIntervalSince1970: created / 1000)) {
        #expect(game.map { RiotBounds.seconds.contains($0.seconds) } == true)
      } else {
        #expect(game == nil)
      }
    }
    // Made elsewhere (the API read back, a row), a date that is no number is bounded too.
    for at in [created, .nan, .infinity, -.infinity] {
      let game = SoloGame(
        matchID: "EUW1_2", at: Date(timeIntervalSince1970: at), champion: "jax",
        position: .top, win: true, seconds: .max)
      #expect(RiotBounds.dates.contains(game.at) && game.seconds == RiotBounds.seconds.upperBound)
    }
  }

  /// An extreme as an earlier build could store it: LP, wins, losses, lengths and dates.
  struct Stored: Sendable, CustomTestStringConvertible {
    let integer: Int64
    let date: Double
    var testDescription: String { "\(integer), \(date)" }
  }

  static let stored: [Stored] = [
    Stored(integer: .max, date: 1e300), Stored(integer: .min, date: -1e300),
    Stored(integer: -1, date: .infinity), Stored(integer: .max, date: -.infinity),
    Stored(integer: .min, date: .greatestFiniteMagnitude),
  ]

  @Test(arguments: stored)
  func storedExtremesShowOnEveryPageAndDocument(_ extreme: Stored) async throws {
    let setup = try await SoloQueueTests.Setup()
    #expect(try await setup.refresh() == nil)
    try await setup.store.record { connection in
      let (number, date) = (SQLValue.int(extreme.integer), SQLValue.double(extreme.date))
      try connection.prepare("UPDATE riot_rank SET lp = ?1, wins = ?1, losses = ?1, at = ?2")
        .bind(number, date).run()
      try connection.prepare("UPDATE riot_game SET seconds = ?1, at = ?2").bind(number, date)
        .run()
      try connection.prepare("UPDATE riot_account SET checked = ?1, refreshed = ?1").bind(date)
        .run()
      try connection.prepare("UPDATE riot_settings SET games = ?1, key_given = ?2")
        .bind(number, date).run()
    }
    let canna = try #require(setup.players["Canna"])
    for path in [
      "/soloq?team=KC", "/api/soloq?team=KC", "/players/\(canna.id)/soloq",
      "/api/players/\(canna.id)/soloq", "/pools?team=KC", "/export.json", "/riot", "/api/riot",
    ] {
      let response = try await setup.client.get(path)
      #expect(response.status == 200, "\(path)")
    }
    let api = try await setup.client.get("/api/soloq?team=KC")
    let queue = try TeamJSON.decode(SoloQueue.self, from: Data(api.body))
    let standings = queue.players.compactMap(\.standing)
    #expect(standings.count == 5)
    for standing in standings {
      #expect(standing.ranks.allSatisfy { RiotBounds.lp.contains($0.lp) })
      #expect(standing.games.allSatisfy { RiotBounds.dates.contains($0.at) })
      #expect(standing.series.allSatisfy { RiotBounds.dates.contains($0.at) })
    }
    // What the CLI prints and exports is read the same way.
    #expect(RiotAPI.gamesRange.contains(try setup.store.riot.settings().games))
    let solo = SoloQueue(
      players: setup.store.roster.players, standings: try setup.store.riot.standings(),
      refresh: RiotRefreshState(state: "idle"))
    #expect(solo.players.count == setup.store.roster.players.count)
  }
}

import Foundation
import Testing

@testable import Riot
@testable import TeamKit

/// Riot's API as the product reads it: paths, answers, rate-limit headers, ranks in words.
@Suite struct RiotAPITests {
  @Test func pathsKeepEachPartOneSegmentAndRoutingFollowsThePlatform() throws {
    let id = try RiotID(parsing: "Le Roi#EUW")
    #expect(RiotAPI.accountPath(id) == "riot/account/v1/accounts/by-riot-id/Le%20Roi/EUW")
    #expect(RiotAPI.segment("a/b?c") == "a%2Fb%3Fc")
    #expect(RiotAPI.matchPath("EUW1_1/../x") == "lol/match/v5/matches/EUW1_1%2F..%2Fx")
    #expect(RiotPlatform.kr.region == "asia" && RiotPlatform.euw1.accountRegion == "europe")
    #expect(RiotPlatform.vn2.region == "sea" && RiotPlatform.vn2.accountRegion == "asia")
  }

  @Test func answersAreReadInRiotsShapesAndWhatCannotBeAnAddressIsLeftOut() throws {
    let league = Data(
      #"""
      [{"queueType":"RANKED_FLEX_SR","tier":"EMERALD","rank":"II","leaguePoints":12,"wins":3,"losses":4},
       {"queueType":"CHERRY","tier":"GOLD","rank":"I","leaguePoints":0,"wins":1,"losses":1},
       {"queueType":"RANKED_SOLO_5x5","tier":"MASTER","rank":"I","leaguePoints":318,"wins":143,"losses":129}]
      """#.utf8)
    let ranks = try RiotAPI.ranks(in: league)
    #expect(ranks.map(\.queue) == [.flex, .solo])
    #expect(ranks[1].label(in: .english) == "Master · 318 LP")
    #expect(ranks[0].label(in: .french) == "Émeraude II · 12 LP")
    #expect(ranks[1].score > ranks[0].score)
    let ids = try RiotAPI.matchIDs(in: Data(#"["EUW1_7","../etc","KR_12"]"#.utf8))
    #expect(ids == ["EUW1_7", "KR_12"])
    let match = Data(
      #"""
      {"metadata":{"matchId":"EUW1_7"},"info":{"gameCreation":1700000000000,"gameDuration":1850,
       "participants":[{"puuid":"other","championName":"Ahri","teamPosition":"MIDDLE","win":false},
                       {"puuid":"me","championName":"MonkeyKing","teamPosition":"UTILITY","win":true}]}}
      """#.utf8)
    let game = try #require(try RiotAPI.game(in: match, of: "me"))
    #expect(game.champion == "monkeyking" && game.position == .support && game.win)
    #expect(game.at == Date(timeIntervalSince1970: 1_700_000_000) && game.seconds == 1850)
    #expect(try RiotAPI.game(in: match, of: "nobody") == nil)
    #expect(throws: JSONInputError.self) { try RiotAPI.puuid(in: Data("{}".utf8)) }
  }

  @Test func rateLimitHeadersReadOrAreRefused() {
    #expect(
      RiotAPI.limits("20:1,100:120")
        == [RiotAPI.Limit(count: 20, seconds: 1), RiotAPI.Limit(count: 100, seconds: 120)])
    #expect(RiotAPI.limits("20:1,x:120") == nil)
    #expect(RiotAPI.limits("0:1") == nil)
    #expect(RiotAPI.limits("") == nil)
    #expect(RiotAPI.text(RiotAPI.developmentLimits) == "20:1,100:120")
  }
}

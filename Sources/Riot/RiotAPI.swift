import Foundation
import TeamKit

/// Riot's API as the product reads it: account-v1 (a Riot ID's PUUID), league-v4 (ranks by
/// PUUID) and match-v5 (ranked games), their paths and JSON shapes, and the rate limits its
/// headers state. The calls themselves are the client's (`SoloQueueWeb.RiotClient`).
public enum RiotAPI {
  /// Riot's hosts: `{routing}` stands for a platform (`euw1`) or a cluster (`europe`).
  public static let address = "https://{routing}.api.riotgames.com"

  /// The calls made, each its own method limit in Riot's headers.
  public enum Method: String, CaseIterable, Sendable {
    case account, league, matchIDs = "match-ids", match
  }

  /// The most ranked games kept a player; the owner chooses how many (20 by default).
  public static let gamesRange = 1...100
  public static let defaultGames = 20

  /// The path of `riotID`'s account, on an account cluster.
  public static func accountPath(_ riotID: RiotID) -> String {
    "riot/account/v1/accounts/by-riot-id/\(segment(riotID.gameName))/\(segment(riotID.tagLine))"
  }

  /// The path of a PUUID's account, on an account cluster: its Riot ID now.
  public static func accountPath(puuid: String) -> String {
    "riot/account/v1/accounts/by-puuid/\(segment(puuid))"
  }

  /// The path of a PUUID's ranks, on the platform.
  public static func leaguePath(_ puuid: String) -> String {
    "lol/league/v4/entries/by-puuid/\(segment(puuid))"
  }

  /// The path of a PUUID's last `count` ranked solo-queue games' ids, on the match cluster.
  public static func matchIDsPath(_ puuid: String, count: Int) -> String {
    "lol/match/v5/matches/by-puuid/\(segment(puuid))/ids?queue=420&type=ranked&start=0&count=\(count)"
  }

  /// The path of one match, on the match cluster.
  public static func matchPath(_ id: String) -> String { "lol/match/v5/matches/\(segment(id))" }

  /// One path segment, every byte but letters, digits, `-`, `_` and `.` escaped: a name
  /// with spaces or a slash stays one segment.
  static func segment(_ text: String) -> String {
    let allowed = CharacterSet(charactersIn: "-_.").union(
      CharacterSet(charactersIn: "a"..."z")
    ).union(CharacterSet(charactersIn: "A"..."Z")).union(CharacterSet(charactersIn: "0"..."9"))
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }

  // MARK: - Answers

  /// A Riot ID's PUUID.
  public static func puuid(in data: Data) throws(JSONInputError) -> String {
    struct Account: Decodable { let puuid: String }
    return try TeamJSON.decode(Account.self, from: data).puuid
  }

  /// The Riot ID an account answer gives, `name#tag`.
  public static func riotID(in data: Data) throws(JSONInputError) -> String {
    struct Account: Decodable {
      let gameName: String
      let tagLine: String
    }
    let account = try TeamJSON.decode(Account.self, from: data)
    return "\(account.gameName)#\(account.tagLine)"
  }

  /// The ranked queues' ranks; other queues (Arena, TFT) are left out. A number that does
  /// not fit an `Int` refuses the answer; one that does is brought within ``RiotBounds``.
  public static func ranks(in data: Data) throws(JSONInputError) -> [RiotRank] {
    struct Entry: Decodable {
      let queueType: String
      let tier: String
      let rank: String
      let leaguePoints: Int
      let wins: Int
      let losses: Int
    }
    return try TeamJSON.decode([Entry].self, from: data).compactMap { entry in
      guard let queue = RiotRank.Queue(rawValue: entry.queueType),
        RiotRank.tiers.contains(entry.tier)
      else { return nil }
      return RiotRank(
        queue: queue, tier: entry.tier, division: entry.rank, lp: entry.leaguePoints,
        wins: entry.wins, losses: entry.losses)
    }
  }

  /// Match ids, newest first; one that is not a platform and a number is left out (it
  /// becomes part of an address).
  public static func matchIDs(in data: Data) throws(JSONInputError) -> [String] {
    try TeamJSON.decode([String].self, from: data).filter(isMatchID)
  }

  static func isMatchID(_ text: String) -> Bool {
    let parts = text.split(separator: "_")
    return text.count <= 40 && parts.count == 2
      && parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// The player's game in a match; nil when they are not in it, or when its date is outside
  /// ``RiotBounds/dates`` (such a game is not kept: it would stand first for ever). Its
  /// length is brought within ``RiotBounds/seconds``.
  public static func game(in data: Data, of puuid: String) throws(JSONInputError) -> SoloGame? {
    struct Match: Decodable {
      struct Metadata: Decodable { let matchId: String }
      struct Info: Decodable {
        let gameCreation: Double
        let gameDuration: Int
        let participants: [Participant]
      }
      struct Participant: Decodable {
        let puuid: String
        let championName: String
        let teamPosition: String?
        let win: Bool
      }
      let metadata: Metadata
      let info: Info
    }
    let match = try TeamJSON.decode(Match.self, from: data)
    let at = Date(timeIntervalSince1970: match.info.gameCreation / 1000)
    guard let player = match.info.participants.first(where: { $0.puuid == puuid }),
      RiotBounds.dates.contains(at)
    else { return nil }
    let positions: [String: Position] = [
      "TOP": .top, "JUNGLE": .jungle, "MIDDLE": .mid, "BOTTOM": .adc, "UTILITY": .support,
    ]
    return SoloGame(
      matchID: match.metadata.matchId,
      at: at,
      champion: player.championName.lowercased().filter { $0.isLetter || $0.isNumber },
      position: positions[player.teamPosition ?? ""], win: player.win,
      seconds: match.info.gameDuration)
  }

  // MARK: - Rate limits

  /// One window of a rate limit: at most `count` calls in `seconds`.
  public struct Limit: Hashable, Sendable {
    public var count: Int
    public var seconds: Int

    public init(count: Int, seconds: Int) {
      self.count = count
      self.seconds = seconds
    }
  }

  /// A development key's application limits, kept until Riot's headers say otherwise.
  public static let developmentLimits = [
    Limit(count: 20, seconds: 1), Limit(count: 100, seconds: 120),
  ]

  /// The limits an `X-App-Rate-Limit` or `X-Method-Rate-Limit` header states
  /// (`20:1,100:120`); nil when it does not read.
  public static func limits(_ header: String) -> [Limit]? {
    let limits = header.split(separator: ",").map { pair -> Limit? in
      let parts = pair.split(separator: ":")
      guard parts.count == 2,
        let count = Int(parts[0].trimmed(.whitespaces)),
        let seconds = Int(parts[1].trimmed(.whitespaces)),
        count > 0, (1...86_400).contains(seconds)
      else { return nil }
      return Limit(count: count, seconds: seconds)
    }
    guard !limits.isEmpty, !limits.contains(nil) else { return nil }
    return limits.compactMap { $0 }
  }

  /// Limits as a header writes them, the form they are stored in.
  public static func text(_ limits: [Limit]) -> String {
    limits.map { "\($0.count):\($0.seconds)" }.joined(separator: ",")
  }
}

/// The calls to Riot's API every server on one database may still make: each call is taken
/// from it first, so that several servers together stay under the key's limits.
public protocol RiotBudget: Sendable {
  /// Takes one call of `method` at `now` if every limit allows it; otherwise returns how
  /// many seconds to wait before asking again. The call counts from `now` until settled.
  func take(_ method: RiotAPI.Method, at now: Date) async throws -> TimeInterval?
  /// Keeps the limits Riot's headers stated for the application and for `method`.
  func learn(app: [RiotAPI.Limit], method: [RiotAPI.Limit]?, for name: RiotAPI.Method)
    async throws
  /// No call until `date` (a 429's `Retry-After`), for every server.
  func hold(until date: Date) async throws
  /// Counts the call of `method` taken at `taken` from when its answer came, `answered`:
  /// Riot counts it when it arrives, some time after it was taken.
  func settle(_ method: RiotAPI.Method, taken: Date, answered: Date) async throws
}

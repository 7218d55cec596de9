import Foundation

/// A player's Riot account in the API and the export: what was checked, the ranks, the LP
/// series, the games kept and the champions they make. Never the PUUID or the key.
///
/// `{"champions","checked","games","nowNamed"?,"ranks","refreshed"?,"riotID","series","status"}`.
extension RiotStanding: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champions", champions)
      $0.member("checked", checked.formatted(.iso8601))
      $0.member("games", games)
      if let nowNamed { $0.member("nowNamed", nowNamed) }
      $0.member("ranks", ranks)
      if let refreshed { $0.member("refreshed", refreshed.formatted(.iso8601)) }
      $0.member("riotID", riotID)
      $0.member("series", series)
      $0.member("status", status.rawValue)
    }
  }
}

extension SoloChampion: JSONWritable {
  /// `{"champion","games","lastPlayed","position"?,"wins"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champion", champion)
      $0.member("games", games)
      $0.member("lastPlayed", lastPlayed.formatted(.iso8601))
      if let position { $0.member("position", position.rawValue) }
      $0.member("wins", wins)
    }
  }
}

extension SoloGame: JSONWritable {
  /// `{"at","champion","matchID","position"?,"seconds","win"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("at", at.formatted(.iso8601))
      $0.member("champion", champion)
      $0.member("matchID", matchID)
      if let position { $0.member("position", position.rawValue) }
      $0.member("seconds", seconds)
      $0.member("win", win)
    }
  }
}

extension RiotRank: JSONWritable {
  /// `{"division","losses","lp","queue","tier","wins"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("division", division)
      $0.member("losses", losses)
      $0.member("lp", lp)
      $0.member("queue", queue.rawValue)
      $0.member("tier", tier)
      $0.member("wins", wins)
    }
  }
}

extension RankPoint: JSONWritable {
  /// `{"at","division","lp","tier"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("at", at.formatted(.iso8601))
      $0.member("division", division)
      $0.member("lp", lp)
      $0.member("tier", tier)
    }
  }
}

/// A player's standing read back from the API (the app, the CLI with `--server`).
extension RiotStanding: Decodable {
  private enum Key: String, CodingKey {
    case checked, games, nowNamed, ranks, refreshed, riotID, series, status
  }
  private struct Rank: Decodable {
    let division: String, losses: Int, lp: Int, queue: String, tier: String, wins: Int
  }
  private struct Point: Decodable {
    let at: String, division: String, lp: Int, tier: String
  }
  private struct Game: Decodable {
    let at: String, champion: String, matchID: String, position: String?, seconds: Int
    let win: Bool
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    func date(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }
    self.init(
      riotID: try container.decode(String.self, forKey: .riotID),
      status: RiotIDStatus(rawValue: try container.decode(String.self, forKey: .status))
        ?? .unchecked,
      checked: try date(try container.decode(String.self, forKey: .checked)),
      refreshed: try container.decodeIfPresent(String.self, forKey: .refreshed).map(date),
      ranks: try container.decode([Rank].self, forKey: .ranks).compactMap { rank in
        RiotRank.Queue(rawValue: rank.queue).map {
          RiotRank(
            queue: $0, tier: rank.tier, division: rank.division, lp: rank.lp, wins: rank.wins,
            losses: rank.losses)
        }
      },
      series: try container.decode([Point].self, forKey: .series).map {
        RankPoint(at: try date($0.at), tier: $0.tier, division: $0.division, lp: $0.lp)
      },
      games: try container.decode([Game].self, forKey: .games).map {
        SoloGame(
          matchID: $0.matchID, at: try date($0.at), champion: $0.champion,
          position: $0.position.flatMap(Position.init(rawValue:)), win: $0.win,
          seconds: $0.seconds)
      })
    nowNamed = try container.decodeIfPresent(String.self, forKey: .nowNamed)
  }
}

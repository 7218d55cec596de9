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

/// A team's solo queue, the best ranked first (`GET /api/soloq`):
/// `{"players":[{"id","name","position","riotID"?,"standing"?}],"refresh"}`.
public struct SoloQueue: Sendable, JSONWritable, Decodable {
  public struct Row: Sendable, JSONWritable, Decodable {
    public var id: UUID
    public var name: String
    public var position: String
    public var riotID: String?
    public var standing: RiotStanding?

    public func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("id", id)
        $0.member("name", name)
        $0.member("position", position)
        if let riotID { $0.member("riotID", riotID) }
        if let standing { $0.member("standing", standing) }
      }
    }
  }

  public var players: [Row]
  public var refresh: RiotRefreshState

  /// `players` best solo-queue rank first, the unranked last in their order.
  public static func ranked(_ players: [Player], by standings: [UUID: RiotStanding]) -> [Player] {
    players.sorted {
      (standings[$0.id]?.solo?.score ?? -1) > (standings[$1.id]?.solo?.score ?? -1)
    }
  }

  public init(players: [Player], standings: [UUID: RiotStanding], refresh: RiotRefreshState) {
    self.players = Self.ranked(players, by: standings).map {
      Row(
        id: $0.id, name: $0.name, position: $0.position.rawValue,
        riotID: $0.riotID?.description, standing: standings[$0.id])
    }
    self.refresh = refresh
  }

  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("players", players)
      $0.member("refresh", refresh)
    }
  }
}

/// Where a refresh from Riot is: `{"done"?,"message"?,"state","total"?}`, its state one of
/// `idle`, `running`, `failed` (with its message) and `finished`.
public struct RiotRefreshState: Sendable, Hashable, JSONWritable, Decodable {
  public var state: String
  public var done: Int?
  public var total: Int?
  public var message: Message?
  /// While running: the seconds it still waits on Riot's limits, when it waits.
  public var waitSeconds: Int?

  public init(
    state: String, done: Int? = nil, total: Int? = nil, message: Message? = nil,
    waitSeconds: Int? = nil
  ) {
    self.state = state
    self.done = done
    self.total = total
    self.message = message
    self.waitSeconds = waitSeconds
  }

  private enum Key: String, CodingKey { case state, done, total, message, waitSeconds }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    state = try container.decode(String.self, forKey: .state)
    done = try container.decodeIfPresent(Int.self, forKey: .done)
    total = try container.decodeIfPresent(Int.self, forKey: .total)
    message = try container.decodeIfPresent(String.self, forKey: .message).map {
      Message(verbatim: $0)
    }
    waitSeconds = try container.decodeIfPresent(Int.self, forKey: .waitSeconds)
  }

  public func write(to writer: inout JSONWriter) {
    writer.object {
      if let done { $0.member("done", done) }
      if let message { $0.member("message", message) }
      $0.member("state", state)
      if let total { $0.member("total", total) }
      if let waitSeconds { $0.member("waitSeconds", waitSeconds) }
    }
  }
}

/// The owner's Riot settings as `GET /api/riot` gives them (never the key).
public struct RiotSettingsShown: Sendable, Decodable {
  public var games: Int
  public var keyFromServer: Bool
  public var keyGiven: String?
  public var keySet: Bool
  public var platform: String
  public var region: String
}

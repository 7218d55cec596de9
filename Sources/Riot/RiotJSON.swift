import Foundation
import TeamKit

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

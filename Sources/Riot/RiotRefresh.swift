import Foundation
import TeamKit

/// A League of Legends server as Riot's API routes it: the platform (`euw1`) its ranks are
/// asked of, and the regional clusters its accounts and matches are asked of.
public enum RiotPlatform: String, CaseIterable, Sendable {
  case br1, eun1, euw1, jp1, kr, la1, la2, me1, na1, oc1, ru, sg2, tr1, tw2, vn2

  /// match-v5's cluster: `americas`, `asia`, `europe` or `sea`.
  public var region: String {
    switch self {
    case .br1, .la1, .la2, .na1: "americas"
    case .jp1, .kr: "asia"
    case .eun1, .euw1, .me1, .ru, .tr1: "europe"
    case .oc1, .sg2, .tw2, .vn2: "sea"
    }
  }

  /// account-v1's cluster: any of `americas`, `asia` and `europe` finds every account;
  /// the nearest is asked (`sea` has no account service).
  public var accountRegion: String { region == "sea" ? "asia" : region }
}

/// What is known of a player's account before a refresh.
public struct RiotTarget: Sendable {
  public var player: UUID
  public var riotID: RiotID
  /// The PUUID found with the current key, if any.
  public var puuid: String?
  /// The games stored already, by match id: not asked again.
  public var storedGames: Set<String>

  public init(player: UUID, riotID: RiotID, puuid: String?, storedGames: Set<String> = []) {
    self.player = player
    self.riotID = riotID
    self.puuid = puuid
    self.storedGames = storedGames
  }
}

/// What one player's check or refresh found: written in one transaction, or not at all.
public struct RiotUpdate: Sendable {
  public var player: UUID
  public var riotID: String
  public var status: RiotIDStatus
  public var puuid: String?
  /// The Riot ID Riot gives the PUUID now, when the one stored is not found (renamed).
  public var nowNamed: String?
  public var at: Date
  /// The ranks and games, after a full refresh; nil after a check of the Riot ID alone.
  public var ranks: [RiotRank]?
  /// The games not stored yet.
  public var newGames: [SoloGame] = []
  /// The last ranked games' ids, newest first: the games kept.
  public var recent: [String] = []

  public init(
    player: UUID, riotID: String, status: RiotIDStatus, puuid: String?, at: Date,
    ranks: [RiotRank]? = nil
  ) {
    self.player = player
    self.riotID = riotID
    self.status = status
    self.puuid = puuid
    self.at = at
    self.ranks = ranks
  }
}

/// Why Riot's API could not be used; what was stored before stays as it was.
public enum RiotError: Error, Hashable, Sendable {
  /// No API key is set.
  case noKey
  /// Riot refused the key (401, 403): expired, revoked, or not a key.
  case keyRefused(Int)
  /// Riot answered with a server error (5xx) after the retries.
  case riotFailed(Int)
  /// Riot could not be reached, or did not answer in time.
  case unreachable(Message)
  /// An answer is not in Riot's shape.
  case invalid(Message)
  /// Riot asks to wait longer than a refresh waits.
  case throttled(seconds: Int)
}

extension RiotError: KindedError {
  /// No key is a setting to give (409, as for any state that refuses a change); Riot's
  /// refusals and failures are the moment's (503).
  public var kind: ErrorKind {
    switch self {
    case .noKey: .conflict
    case .throttled: .throttled
    default: .unavailable
    }
  }

  public var retryAfter: Int? {
    if case .throttled(let seconds) = self { seconds } else { nil }
  }

  public var message: Message {
    switch self {
    case .noKey:
      Message(
        "No Riot API key is set: an owner gives one on the Riot page or with ‘kcorp riot key’ (a personal key from developer.riotgames.com)."
      )
    case .keyRefused(let status):
      Message(
        "Riot refused the API key (%@): it has expired or was revoked; nothing was changed. Give a new key on the Riot page or with ‘kcorp riot key’.",
        String(status))
    case .riotFailed(let status):
      Message(
        "Riot’s API answered %@ (its own failure); what was refreshed is kept, the rest is unchanged. Try again later.",
        String(status))
    case .unreachable(let reason):
      Message(
        "Could not reach Riot’s API (%@); what was refreshed is kept, the rest is unchanged. Try again later.",
        reason)
    case .invalid(let reason):
      Message(
        "Riot’s API answered in a shape this build does not read (%@); nothing of it was stored.",
        reason)
    case .throttled(let seconds):
      Message(
        "Riot asks to wait %@ seconds before the next call; try again then.", String(seconds))
    }
  }
}

/// The owner's Riot settings as a face sends them (`PUT /api/riot`): what is given
/// changes, the rest stays.
public struct RiotSettingsInput: Decodable, Sendable, JSONWritable {
  /// A new API key.
  public var key: String?
  /// Forget the key stored.
  public var forget: Bool?
  /// The platform's routing value (`euw1`).
  public var platform: String?
  /// How many ranked games are kept a player.
  public var games: Int?

  public init(key: String? = nil, forget: Bool? = nil, platform: String? = nil, games: Int? = nil) {
    self.key = key
    self.forget = forget
    self.platform = platform
    self.games = games
  }

  /// `{"forget"?,"games"?,"key"?,"platform"?}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if let forget { $0.member("forget", forget) }
      if let games { $0.member("games", games) }
      if let key { $0.member("key", key) }
      if let platform { $0.member("platform", platform) }
    }
  }
}

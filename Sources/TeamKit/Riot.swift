import Foundation

/// What Riot's numbers and dates may be. Riot's answers are not trusted, nor what an earlier
/// build stored of them: every value is brought within these bounds where a rank, a point
/// or a game is made, so that no arithmetic or date on them can trap.
public enum RiotBounds {
  /// League points: 0 to 100 in a division; Master and up share one ladder whose best hold a
  /// few thousand. 0…100,000 leaves room and keeps every score far from overflowing.
  public static let lp = 0...100_000
  /// Wins or losses in a season: even the most active play a few thousand games.
  public static let games = 0...100_000
  /// A game's length in seconds: none lasts a day (the longest are under two hours).
  public static let seconds = 0...86_400
  /// A game's or a rank's date: from League of Legends' launch (2009-10-27) to 2100.
  public static let dates =
    Date(timeIntervalSince1970: 1_256_601_600)...Date(timeIntervalSince1970: 4_102_444_800)

  /// `value` within `range`.
  public static func clamped(_ value: Int, to range: ClosedRange<Int>) -> Int {
    min(max(value, range.lowerBound), range.upperBound)
  }

  /// `date` within ``dates``; a date that is no number is the earliest.
  public static func clamped(_ date: Date) -> Date {
    date.timeIntervalSince1970.isNaN
      ? dates.lowerBound : min(max(date, dates.lowerBound), dates.upperBound)
  }
}

/// A rank in one ranked queue, as league-v4 gives it; its numbers within ``RiotBounds``.
public struct RiotRank: Hashable, Sendable {
  /// The ranked queues league-v4 names.
  public enum Queue: String, CaseIterable, Sendable {
    case solo = "RANKED_SOLO_5x5"
    case flex = "RANKED_FLEX_SR"
  }

  public var queue: Queue
  /// `IRON` … `CHALLENGER`.
  public var tier: String
  /// `IV` … `I` (always `I` from Master up).
  public var division: String
  /// Within ``RiotBounds/lp``.
  public private(set) var lp: Int
  /// Within ``RiotBounds/games``.
  public private(set) var wins: Int
  public private(set) var losses: Int

  /// A rank, its LP, wins and losses brought within ``RiotBounds``.
  public init(queue: Queue, tier: String, division: String, lp: Int, wins: Int, losses: Int) {
    self.queue = queue
    self.tier = tier
    self.division = division
    self.lp = RiotBounds.clamped(lp, to: RiotBounds.lp)
    self.wins = RiotBounds.clamped(wins, to: RiotBounds.games)
    self.losses = RiotBounds.clamped(losses, to: RiotBounds.games)
  }

  /// The tiers from lowest to highest.
  public static let tiers = [
    "IRON", "BRONZE", "SILVER", "GOLD", "PLATINUM", "EMERALD", "DIAMOND", "MASTER",
    "GRANDMASTER", "CHALLENGER",
  ]

  /// A number that orders ranks: 100 a division under Master, LP on top; Master,
  /// Grandmaster and Challenger share one ladder of LP, as the game's does.
  public var score: Int { Self.score(tier: tier, division: division, lp: lp) }

  static func score(tier: String, division: String, lp: Int) -> Int {
    // Bounded again here: the sum below then stays far below `Int.max`.
    let lp = RiotBounds.clamped(lp, to: RiotBounds.lp)
    let index = tiers.firstIndex(of: tier) ?? 0
    guard index < 7 else { return 2800 + lp }
    let step = ["IV": 0, "III": 1, "II": 2, "I": 3][division] ?? 0
    return (index * 4 + step) * 100 + lp
  }

  /// The tier's name in `language` (`Diamond`, `Diamant`).
  public func tierName(in language: Language) -> String {
    switch tier {
    case "IRON": language.localized("Iron")
    case "BRONZE": language.localized("Bronze")
    case "SILVER": language.localized("Silver")
    case "GOLD": language.localized("Gold")
    case "PLATINUM": language.localized("Platinum")
    case "EMERALD": language.localized("Emerald")
    case "DIAMOND": language.localized("Diamond")
    case "MASTER": language.localized("Master")
    case "GRANDMASTER": language.localized("Grandmaster")
    case "CHALLENGER": language.localized("Challenger")
    default: tier
    }
  }

  /// `Diamond II · 45 LP`, `Master · 310 LP`.
  public func label(in language: Language) -> String {
    let apex = (Self.tiers.firstIndex(of: tier) ?? 0) >= 7
    let name = apex ? tierName(in: language) : "\(tierName(in: language)) \(division)"
    return language.localized("%1$@ · %2$@ LP", name, String(lp))
  }
}

/// A solo-queue rank at one moment: the points of the LP chart.
public struct RankPoint: Hashable, Sendable {
  /// Within ``RiotBounds/dates``.
  public private(set) var at: Date
  public var tier: String
  public var division: String
  /// Within ``RiotBounds/lp``.
  public private(set) var lp: Int

  /// A point, its date and LP brought within ``RiotBounds``.
  public init(at: Date, tier: String, division: String, lp: Int) {
    self.at = RiotBounds.clamped(at)
    self.tier = tier
    self.division = division
    self.lp = RiotBounds.clamped(lp, to: RiotBounds.lp)
  }

  public var score: Int { RiotRank.score(tier: tier, division: division, lp: lp) }
}

/// One ranked game of a player, as match-v5 tells it.
public struct SoloGame: Hashable, Sendable {
  public var matchID: String
  /// Within ``RiotBounds/dates``.
  public private(set) var at: Date
  /// The catalogue's id: Data Dragon's in lower case (`ksante`).
  public var champion: String
  public var position: Position?
  public var win: Bool
  /// Within ``RiotBounds/seconds``.
  public private(set) var seconds: Int

  /// A game, its date and length brought within ``RiotBounds``.
  public init(
    matchID: String, at: Date, champion: String, position: Position?, win: Bool, seconds: Int
  ) {
    self.matchID = matchID
    self.at = RiotBounds.clamped(at)
    self.champion = champion
    self.position = position
    self.win = win
    self.seconds = RiotBounds.clamped(seconds, to: RiotBounds.seconds)
  }
}

/// What checking a Riot ID with Riot found.
public enum RiotIDStatus: String, Sendable {
  case found
  /// No such Riot ID: kept as typed, marked.
  case notFound = "not-found"
  /// Riot could not be asked (no key, unreachable, refused): checked again later.
  case unchecked
}

/// A champion a player played in ranked games, in one role.
public struct SoloChampion: Hashable, Sendable {
  public var champion: String
  public var position: Position?
  public var games: Int
  public var wins: Int
  public var lastPlayed: Date
}

/// A player's Riot account as last seen: whether the Riot ID was found, their ranks, the
/// solo-queue LP over time and their last ranked games.
public struct RiotStanding: Hashable, Sendable {
  /// The Riot ID this was checked for; a player's Riot ID changed since is checked again.
  public var riotID: String
  public var status: RiotIDStatus
  public var checked: Date
  /// The last full refresh (ranks and games), if any.
  public var refreshed: Date?
  /// The Riot ID Riot gives the account now, when the one stored is not found (renamed).
  public var nowNamed: String?
  public var ranks: [RiotRank]
  /// Solo queue, oldest first.
  public var series: [RankPoint]
  /// Newest first.
  public var games: [SoloGame]

  public init(
    riotID: String, status: RiotIDStatus, checked: Date, refreshed: Date? = nil,
    ranks: [RiotRank] = [], series: [RankPoint] = [], games: [SoloGame] = []
  ) {
    self.riotID = riotID
    self.status = status
    self.checked = checked
    self.refreshed = refreshed
    self.ranks = ranks
    self.series = series
    self.games = games
  }

  /// The solo-queue rank, if the player is ranked there.
  public var solo: RiotRank? { ranks.first { $0.queue == .solo } }

  /// The champions played, by champion and role, the most played first.
  public var champions: [SoloChampion] {
    var byKey: [String: SoloChampion] = [:]
    for game in games {
      let key = "\(game.champion)/\(game.position?.rawValue ?? "")"
      var entry =
        byKey[key]
        ?? SoloChampion(
          champion: game.champion, position: game.position, games: 0, wins: 0,
          lastPlayed: game.at)
      entry.games += 1
      entry.wins += game.win ? 1 : 0
      entry.lastPlayed = max(entry.lastPlayed, game.at)
      byKey[key] = entry
    }
    return byKey.values.sorted {
      ($1.games, $1.lastPlayed, $0.champion) < ($0.games, $0.lastPlayed, $1.champion)
    }
  }

  /// The games and wins with `champion` (a catalogue id), in every role.
  public func record(of champion: String) -> (games: Int, wins: Int) {
    let played = games.filter { $0.champion == champion }
    return (played.count, played.count { $0.win })
  }
}

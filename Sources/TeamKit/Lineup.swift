import Foundation

/// A player's status in their team: one of the starting five, a substitute, a trainee (an
/// academy player training with the team), a stand-in (for a time), or inactive.
public enum Lineup: String, CaseIterable, Codable, Sendable {
  case starter
  case substitute
  case trainee
  case standIn = "stand-in"
  case inactive

  /// The five who start: one player per position.
  public static let size = 5

  /// Where a new player goes: a starter while the roster has fewer than five starters.
  public static func forNewPlayer(in players: [Player]) -> Lineup {
    forNewPlayer(starters: players.count(where: { $0.lineup == .starter }))
  }

  /// Where a new player goes when the roster has this many starters.
  public static func forNewPlayer(starters: Int) -> Lineup {
    starters < size ? .starter : .substitute
  }

  /// The word people read, in `language`.
  public func displayName(in language: Language) -> String { name.text(in: language) }

  /// The word, kept by its key.
  public var name: Message {
    switch self {
    case .starter: Message("starter")
    case .substitute: Message("substitute")
    case .trainee: Message("trainee")
    case .standIn: Message("stand-in")
    case .inactive: Message("inactive")
    }
  }

  /// The word as a label, capitalized: `Starter`, `Stand-in`, « Titulaire ».
  public func label(in language: Language) -> String {
    let name = displayName(in: language)
    return name.prefix(1).uppercased() + name.dropFirst()
  }

  /// Parses a status (any case or accents; `sub` and `bench` for substitute, `standin` for
  /// stand-in; the French words as the app shows them: `titulaire`, `remplaçant`…).
  /// - Throws: ``ValidationError`` on the `lineup` field.
  public init(parsing text: String) throws(ValidationError) {
    switch text.trimmed()
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    {
    case "starter", "start", "titulaire": self = .starter
    case "substitute", "sub", "bench", "remplacant": self = .substitute
    case "trainee", "en formation": self = .trainee
    case "stand-in", "standin", "stand in", "remplacant temporaire": self = .standIn
    case "inactive", "inactif": self = .inactive
    default:
      throw ValidationError(
        .lineup,
        Message(
          "“%@” is not a status; choose starter, substitute, trainee, stand-in or inactive.",
          text))
    }
  }
}

/// Whether the starting five is complete: one starter per position, or which positions are
/// missing or doubled.
public struct LineupStatus: Hashable, Sendable {
  /// The starters, in roster order.
  public let starters: [Player]
  /// Positions no starter plays, in the game's order.
  public let missing: [Position]
  /// Positions two or more starters play, in the game's order.
  public let doubled: [Position]
  /// How many starters play each position.
  public let counts: [Position: Int]

  public init(players: [Player]) {
    starters = players.filter { $0.lineup == .starter }
    let counts = starters.reduce(into: [Position: Int]()) { $0[$1.position, default: 0] += 1 }
    self.counts = counts
    missing = Position.allCases.filter { counts[$0] == nil }
    doubled = Position.allCases.filter { (counts[$0] ?? 0) > 1 }
  }

  /// True when the five starters play the five positions.
  public var isComplete: Bool { missing.isEmpty && doubled.isEmpty }

  /// What is wrong, as short phrases, the doubled roles first: `two Mid starters`,
  /// `no Jungle` (« deux mid titulaires », « pas de jungle », « pas d’ADC »).
  public func problems(in language: Language) -> [String] {
    let numbers = [
      2: language.localized("two"), 3: language.localized("three"), 4: language.localized("four"),
      5: language.localized("five"),
    ]
    return doubled.map { position in
      let count = counts[position] ?? 0
      return language.localized(
        "%1$@ %2$@ starters", numbers[count] ?? String(count), position.inSentence(language))
    }
      + missing.map { position in
        position == .adc
          ? language.localized("no ADC")
          : language.localized("no %@", position.inSentence(language))
      }
  }

  /// The starting five in one sentence: `Starting five: complete.`, `Starting five: no
  /// Jungle.`, or, with a role doubled, `Invalid lineup: two ADC starters, no Mid.`
  public func summary(in language: Language) -> String {
    if isComplete { return language.localized("Starting five: complete.") }
    let problems = problems(in: language).joined(separator: ", ")
    return doubled.isEmpty
      ? language.localized("Starting five: %@.", problems)
      : language.localized("Invalid lineup: %@.", problems)
  }
}

extension Array where Element == Player {
  /// The roster as shown: the starters, then the substitutes, each in roster order.
  public var startersFirst: [Player] {
    filter { $0.lineup == .starter } + filter { $0.lineup == .substitute }
  }

  /// The players in the game's order of lanes (Top, Jungle, Mid, ADC, Support), in roster
  /// order within a lane: how a starting five is shown.
  public var byLane: [Player] {
    Position.allCases.flatMap { lane in filter { $0.position == lane } }
  }

  /// Whom `player` may swap with from their page: on their team and lane, starters for a
  /// player who does not start, the others for a starter.
  public func swapPartners(of player: Player) -> [Player] {
    filter {
      $0.teamID == player.teamID && $0.position == player.position
        && ($0.lineup == .starter) != (player.lineup == .starter)
    }
  }

  /// The players with the two at `first` and `second` exchanged, statuses and places: a
  /// substitute coming into the starting five for a starter.
  /// - Throws: ``ValidationError`` on the lineup when they are one player, on two teams, or
  ///   of the same status.
  public func swapping(_ first: Int, with second: Int) throws(ValidationError) -> [Player] {
    let (player, other) = (self[first], self[second])
    guard player.teamID == other.teamID else {
      throw ValidationError(
        .lineup, Message("%1$@ and %2$@ are not on the same team.", player.name, other.name))
    }
    guard player.lineup != other.lineup else {
      throw ValidationError(
        .lineup,
        Message(
          "%1$@ and %2$@ are both %3$@: a swap exchanges two statuses.", player.name, other.name,
          player.lineup.name))
    }
    var players = self
    players[first] = other
    players[first].lineup = player.lineup
    players[second] = player
    players[second].lineup = other.lineup
    return players
  }
}

/// A player in "Recently removed": kept for ``retention`` after the removal, then purged, and
/// the oldest purged sooner beyond ``keptAtMost``.
public struct RemovedPlayer: Identifiable, Hashable, Sendable {
  /// How long a removed player can be restored: 30 days.
  public static let retention: TimeInterval = 30 * 24 * 60 * 60
  /// The most removals kept, the newest: removing and adding players again and again cannot
  /// grow the list without end.
  public static let keptAtMost = 1_000

  public let player: Player
  public let removedAt: Date

  public init(player: Player, removedAt: Date) {
    self.player = player
    self.removedAt = removedAt
  }

  public var id: UUID { player.id }
}

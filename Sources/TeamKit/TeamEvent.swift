import Foundation

/// Something on a team's calendar: a scrim against another team, an official match, a
/// training or a review, with who is invited and, afterwards, how each game went.
public struct TeamEvent: Identifiable, Hashable, Sendable {
  public enum Kind: String, CaseIterable, Codable, Sendable {
    case scrim, match, training, review

    /// The word people read, in the current language.
    public var displayName: String {
      switch self {
      case .scrim: localized("Scrim")
      case .match: localized("Match")
      case .training: localized("Training")
      case .review: localized("Review")
      }
    }
  }

  /// A series' length: best of one, three or five games.
  public enum Format: String, CaseIterable, Codable, Sendable {
    case bo1, bo3, bo5

    /// `Bo3`, as the scene writes it.
    public var displayName: String { "Bo" + rawValue.dropFirst(2) }
  }

  /// An invited player's answer.
  public enum Answer: String, CaseIterable, Codable, Sendable {
    case yes, no, maybe

    public var displayName: String {
      switch self {
      case .yes: localized("Yes")
      case .no: localized("No")
      case .maybe: localized("Maybe")
      }
    }
  }

  public let id: UUID
  public var teamID: UUID
  public var kind: Kind
  public var start: Date
  public var end: Date
  /// The other team, for a scrim or a match; empty otherwise.
  public var opponent: String
  public var format: Format?
  /// Where it is played; empty for online.
  public var place: String
  public var notes: String
  /// The players asked to come (the starters when it was made), in the team's order.
  public var invited: [UUID]
  /// The invited players' answers; one who has not answered is absent.
  public var answers: [UUID: Answer]
  /// The games played, once logged.
  public var games: [Game]
  /// Counts the changes since it was made (a calendar's `SEQUENCE`).
  public var sequence: Int
  /// When it last changed (a calendar's `DTSTAMP`).
  public var updated: Date

  public init(
    id: UUID = UUID(), teamID: UUID, kind: Kind, start: Date, end: Date, opponent: String = "",
    format: Format? = nil, place: String = "", notes: String = "", invited: [UUID] = [],
    answers: [UUID: Answer] = [:], games: [Game] = [], sequence: Int = 0, updated: Date = Date()
  ) {
    self.id = id
    self.teamID = teamID
    self.kind = kind
    self.start = start
    self.end = end
    self.opponent = opponent
    self.format = format
    self.place = place
    self.notes = notes
    self.invited = invited
    self.answers = answers
    self.games = games
    self.sequence = sequence
    self.updated = updated
  }

  /// `Scrim vs G2 Esports`, `Training`: how a calendar names it.
  public var title: String {
    opponent.isEmpty ? kind.displayName : localized("%1$@ vs %2$@", kind.displayName, opponent)
  }

  /// Whether `player` counts for this event: their answer when they gave one (yes wins
  /// over their hours, no over everything), else their availability.
  public func isAvailable(
    _ player: UUID, availability: Availability?, in zone: TimeZone
  ) -> Bool {
    switch answers[player] {
    case .yes: true
    case .no: false
    case .maybe, nil:
      availability?.isAvailable(from: start, to: end, in: zone) ?? true
    }
  }

  /// The games won and lost.
  public var score: (won: Int, lost: Int) {
    (games.count { $0.result == .win }, games.count { $0.result == .loss })
  }
}

/// One game of an event, logged afterwards.
public struct Game: Hashable, Sendable {
  public enum Result: String, CaseIterable, Codable, Sendable {
    case win, loss

    public var displayName: String {
      switch self {
      case .win: localized("Win")
      case .loss: localized("Loss")
      }
    }
  }

  public enum Side: String, CaseIterable, Codable, Sendable {
    case blue, red

    public var displayName: String {
      switch self {
      case .blue: localized("Blue side")
      case .red: localized("Red side")
      }
    }
  }

  /// Who played a role, and on which champion (a catalog id).
  public struct Pick: Hashable, Sendable {
    public var position: Position
    public var playerID: UUID?
    public var champion: String

    public init(position: Position, playerID: UUID?, champion: String) {
      self.position = position
      self.playerID = playerID
      self.champion = champion
    }
  }

  public var result: Result
  public var side: Side?
  /// Our champions, in role order; a role may be missing.
  public var picks: [Pick]
  /// Where the game's recording is, when given (an `https` address).
  public var vod: String?

  public init(result: Result, side: Side? = nil, picks: [Pick] = [], vod: String? = nil) {
    self.result = result
    self.side = side
    self.picks = picks
    self.vod = vod
  }
}

/// Whether a team can field its five at a time, from its roster and who is available.
public enum Verdict: Hashable, Sendable, CustomStringConvertible {
  /// A starter of every role is available.
  case fullFive
  /// Every role is covered, some only by a substitute, stand-in or trainee (named).
  case withSubs([Cover])
  /// These roles have nobody available.
  case notEnough(missing: [Position], subs: [Cover])

  /// A role played by someone other than its starter.
  public struct Cover: Hashable, Sendable {
    public let position: Position
    public let playerID: UUID
    public let name: String

    public init(position: Position, playerID: UUID, name: String) {
      self.position = position
      self.playerID = playerID
      self.name = name
    }
  }

  /// The verdict for `players` (one team's), `isAvailable` telling who can play. Inactive
  /// players never count.
  public static func of(_ players: [Player], isAvailable: (Player) -> Bool) -> Verdict {
    var missing: [Position] = []
    var subs: [Cover] = []
    for position in Position.allCases {
      let candidates = players.filter { $0.position == position && $0.lineup != .inactive }
      if candidates.contains(where: { $0.lineup == .starter && isAvailable($0) }) { continue }
      var cover: Player?
      for lineup in [Lineup.substitute, .standIn, .trainee] where cover == nil {
        cover = candidates.first { $0.lineup == lineup && isAvailable($0) }
      }
      if let cover {
        subs.append(Cover(position: position, playerID: cover.id, name: cover.name))
      } else {
        missing.append(position)
      }
    }
    if !missing.isEmpty { return .notEnough(missing: missing, subs: subs) }
    return subs.isEmpty ? .fullFive : .withSubs(subs)
  }

  /// A short word for styles and scripts: `full`, `subs`, `short`.
  public var code: String {
    switch self {
    case .fullFive: "full"
    case .withSubs: "subs"
    case .notEnough: "short"
    }
  }

  /// The verdict in words: `Full five`, `With subs: Yike for Jungle`, `Not enough: no Jungle`.
  public var description: String {
    func covers(_ subs: [Cover]) -> String {
      subs.map { localized("%1$@ for %2$@", $0.name, $0.position.displayName) }
        .joined(separator: ", ")
    }
    switch self {
    case .fullFive: return localized("Full five")
    case .withSubs(let subs): return localized("With subs: %@", covers(subs))
    case .notEnough(let missing, _):
      return localized(
        "Not enough: no %@",
        missing.map(\.displayName).joined(separator: localized(" and no ")))
    }
  }
}

/// A game as a user typed it, checked by ``validated(players:)``.
public struct GameInput: Hashable, Sendable {
  /// `win` or `loss` (`w`, `l`, `victoire`, `défaite`).
  public var result: String
  /// `blue`, `red`, or empty.
  public var side: String
  /// Our champions in role order (Top, Jungle, Mid, ADC, Support), by name or id; an empty
  /// one for a role not logged.
  public var champions: [String]
  /// An `https` address of the recording, or empty.
  public var vod: String

  public init(result: String, side: String = "", champions: [String] = [], vod: String = "") {
    self.result = result
    self.side = side
    self.champions = champions
    self.vod = vod
  }

  /// A logged game as the form shows it again.
  public init(_ game: Game) {
    self.init(
      result: game.result.rawValue, side: game.side?.rawValue ?? "",
      champions: Position.allCases.map { position in
        game.picks.first { $0.position == position }?.champion ?? ""
      }, vod: game.vod ?? "")
  }

  /// The most games one event may log.
  public static let maxGames = 7

  /// The game, each champion credited to who played the role (`players`, the starters).
  /// - Throws: ``ValidationError`` on the `game` field, naming what to fix.
  public func validated(players: [Position: UUID]) throws(ValidationError) -> Game {
    let result: Game.Result
    switch self.result.trimmingCharacters(in: .whitespaces)
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    {
    case "win", "w", "won", "victoire", "v": result = .win
    case "loss", "l", "lost", "lose", "defaite", "d": result = .loss
    default:
      throw ValidationError(
        .game, Message("“%@” is not a result; write win or loss.", self.result))
    }
    let sideText = side.trimmingCharacters(in: .whitespaces).lowercased()
    let side: Game.Side? =
      switch sideText {
      case "": nil
      case "blue", "bleu": .blue
      case "red", "rouge": .red
      default:
        throw ValidationError(.game, Message("“%@” is not a side; write blue or red.", self.side))
      }
    guard champions.count <= Position.allCases.count else {
      throw ValidationError(
        .game,
        Message("Give at most five champions, in role order: Top, Jungle, Mid, ADC, Support."))
    }
    var picks: [Game.Pick] = []
    for (position, name) in zip(Position.allCases, champions) {
      let name = name.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { continue }
      guard let champion = Champion.find(name) else {
        throw ValidationError(
          .game,
          Message(
            "“%1$@” (%2$@) is not a champion; check its spelling.", name, position.displayName))
      }
      picks.append(
        Game.Pick(position: position, playerID: players[position], champion: champion.id))
    }
    let vod = self.vod.trimmingCharacters(in: .whitespaces)
    if !vod.isEmpty {
      guard vod.count <= 300, let url = URL(string: vod), url.scheme == "https", url.host != nil
      else {
        throw ValidationError(
          .game, Message("Give the recording as an https:// address, or nothing."))
      }
    }
    return Game(result: result, side: side, picks: picks, vod: vod.isEmpty ? nil : vod)
  }
}

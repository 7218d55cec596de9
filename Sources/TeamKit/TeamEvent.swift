import Foundation

/// Something on a team's calendar: a scrim against another team, an official match, a
/// training or a review, with who is invited and, afterwards, how each game went.
public struct TeamEvent: Identifiable, Hashable, Sendable {
  public enum Kind: String, CaseIterable, Codable, Sendable {
    case scrim, match, training, review

    /// The word people read, in `language`.
    public func displayName(in language: Language) -> String { name.text(in: language) }

    /// The word, kept by its key.
    public var name: Message {
      switch self {
      case .scrim: Message("Scrim")
      case .match: Message("Match")
      case .training: Message("Training")
      case .review: Message("Review")
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

    public func displayName(in language: Language) -> String {
      switch self {
      case .yes: language.localized("Yes")
      case .no: language.localized("No")
      case .maybe: language.localized("Maybe")
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
  /// What a player said with their answer ("en retard, 20h30"), at most
  /// ``maxCommentLength`` characters; absent without one.
  public var comments: [UUID: String] = [:]
  /// The games played, once logged.
  public var games: [Game]
  /// How the series' earlier games lock champions for the next (``DraftRule``).
  public var draftRule: DraftRule = .standard
  /// Each game's draft, game 1 first, as far as they were entered.
  public var drafts: [GameDraft] = []
  /// The bans and picks proposed for the series' games (``DraftProposal``).
  public var proposals: [DraftProposal] = []
  /// What the staff noted on the series' games after them (``GameNote``), the oldest first.
  public var gameNotes: [GameNote] = []
  /// The seconds each turn of its draft board is timed to, counted from the board's last
  /// change (``updated``), on every screen following it; nil without a timer.
  public var turnSeconds: Int?

  /// The turn timers a board may have: 30 s as in tournaments, a few for practice.
  public static let turnTimers = [20, 30, 45, 60, 90]
  /// The series it was planned in (every Tuesday and Thursday until a date), shared by its
  /// events; nil for an event planned alone. Each event of a series is changed alone.
  public var series: UUID?
  /// Counts the changes since it was made (a calendar's `SEQUENCE`).
  public var sequence: Int
  /// When it last changed (a calendar's `DTSTAMP`).
  public var updated: Date

  /// The most characters an answer's comment holds.
  public static let maxCommentLength = 80

  public init(
    id: UUID = UUID.random(), teamID: UUID, kind: Kind, start: Date, end: Date,
    opponent: String = "",
    format: Format? = nil, place: String = "", notes: String = "", invited: [UUID] = [],
    answers: [UUID: Answer] = [:], games: [Game] = [], series: UUID? = nil, sequence: Int = 0,
    updated: Date = SystemClock.now()
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
    self.series = series
    self.sequence = sequence
    self.updated = updated
  }

  /// The most games its series has: its format's (Bo3: 3), else as many as a scrim block
  /// may log.
  public var gameCount: Int {
    switch format {
    case .bo1: 1
    case .bo3: 3
    case .bo5: 5
    case nil: GameInput.maxGames
    }
  }

  /// `Scrim vs G2 Esports`, `Training`: how a calendar names it.
  public var title: Message {
    opponent.isEmpty ? kind.name : Message("%1$@ vs %2$@", kind.name, opponent)
  }

  /// Whether `player` counts for this event: never on a day they are away (days away
  /// always win, even over a yes given before them); else their answer when they gave one
  /// (yes wins over their hours, no over everything), else their hours.
  public func isAvailable(
    _ player: UUID, availability: Availability?, in zone: TimeZone
  ) -> Bool {
    if availability?.isAway(from: start, to: end, in: zone) == true { return false }
    return switch answers[player] {
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

    public func displayName(in language: Language) -> String {
      switch self {
      case .win: language.localized("Win")
      case .loss: language.localized("Loss")
      }
    }
  }

  public enum Side: String, CaseIterable, Codable, Sendable {
    case blue, red

    public func displayName(in language: Language) -> String {
      switch self {
      case .blue: language.localized("Blue side")
      case .red: language.localized("Red side")
      }
    }
  }

  /// Who played a role, and on which champion (a catalog id).
  public struct Pick: Hashable, Sendable {
    public var position: Position
    public var playerID: UUID?
    public var champion: String
    /// Whether the player is a guess nobody confirmed: games logged before the form named
    /// who played were credited to the role's starter.
    public var guessed: Bool

    public init(position: Position, playerID: UUID?, champion: String, guessed: Bool = false) {
      self.position = position
      self.playerID = playerID
      self.champion = champion
      self.guessed = guessed
    }
  }

  public var result: Result
  public var side: Side?
  /// Our champions and who played them, in role order; a role may be missing.
  public var picks: [Pick]
  /// The other team's champions, in role order (no player); a role may be missing.
  public var opponentPicks: [Pick]
  /// Where the game's recording is, when given (an `https` address).
  public var vod: String?

  public init(
    result: Result, side: Side? = nil, picks: [Pick] = [], opponentPicks: [Pick] = [],
    vod: String? = nil
  ) {
    self.result = result
    self.side = side
    self.picks = picks
    self.opponentPicks = opponentPicks
    self.vod = vod
  }
}

/// Whether a team can field its five at a time, from its roster and who is available.
public enum Verdict: Hashable, Sendable {
  /// A starter of every role is available, and for an event each of them said yes.
  case fullFive
  /// A starter of every role is available by their hours or answers, but only `confirmed`
  /// of them said yes to the event: five on paper, not yet five for sure.
  case available(confirmed: Int)
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
      switch choice(for: position, in: players, isAvailable: isAvailable) {
      case .some(let player) where player.lineup == .starter: continue
      case .some(let cover):
        subs.append(Cover(position: position, playerID: cover.id, name: cover.name))
      case nil: missing.append(position)
      }
    }
    if !missing.isEmpty { return .notEnough(missing: missing, subs: subs) }
    return subs.isEmpty ? .fullFive : .withSubs(subs)
  }

  /// The five the verdict names, by role: the available starter, else the substitute,
  /// stand-in or trainee it names instead; a role nobody covers is absent.
  public static func lineup(_ players: [Player], isAvailable: (Player) -> Bool) -> [Position:
    UUID]
  {
    var lineup: [Position: UUID] = [:]
    for position in Position.allCases {
      lineup[position] = choice(for: position, in: players, isAvailable: isAvailable)?.id
    }
    return lineup
  }

  /// Who plays `position`: an available starter, else the first available substitute,
  /// stand-in or trainee, in that order.
  private static func choice(
    for position: Position, in players: [Player], isAvailable: (Player) -> Bool
  ) -> Player? {
    let candidates = players.filter { $0.position == position && $0.lineup != .inactive }
    for lineup in [Lineup.starter, .substitute, .standIn, .trainee] {
      if let player = candidates.first(where: { $0.lineup == lineup && isAvailable($0) }) {
        return player
      }
    }
    return nil
  }

  /// A short word for styles and scripts: `full`, `available`, `subs`, `short`.
  public var code: String {
    switch self {
    case .fullFive: "full"
    case .available: "available"
    case .withSubs: "subs"
    case .notEnough: "short"
    }
  }

  /// The verdict in words: `Full five`, `With subs: Yike for Jungle`, `Not enough: no Jungle`.
  public func text(in language: Language) -> String {
    func covers(_ subs: [Cover]) -> String {
      subs.map { language.localized("%1$@ for %2$@", $0.name, $0.position.displayName) }
        .joined(separator: ", ")
    }
    switch self {
    case .fullFive: return language.localized("Full five")
    case .available(let confirmed):
      return language.localized("Five available, %@ of 5 confirmed", confirmed)
    case .withSubs(let subs): return language.localized("With subs: %@", covers(subs))
    case .notEnough(let missing, _):
      return language.localized(
        "Not enough: no %@",
        missing.map(\.displayName).joined(separator: language.localized(" and no ")))
    }
  }
}

/// A game as a user typed it, checked by ``validated(lineup:players:)``.
public struct GameInput: Hashable, Sendable {
  /// `win` or `loss` (`w`, `l`, `victoire`, `défaite`).
  public var result: String
  /// `blue`, `red`, or empty.
  public var side: String
  /// Our champions in role order (Top, Jungle, Mid, ADC, Support), by name or id; an empty
  /// one for a role not logged.
  public var champions: [String]
  /// Who played each role, in the same order, by id or pseudo; an empty one for the player
  /// the verdict names. `?` before one keeps a guess a guess (``Game/Pick/guessed``): a
  /// result saved again unchanged confirms nobody.
  public var players: [String]
  /// The other team's champions in role order, by name or id; an empty one when unknown.
  public var opponentChampions: [String]
  /// An `https` address of the recording, or empty.
  public var vod: String

  public init(
    result: String, side: String = "", champions: [String] = [], players: [String] = [],
    opponentChampions: [String] = [], vod: String = ""
  ) {
    self.result = result
    self.side = side
    self.champions = champions
    self.players = players
    self.opponentChampions = opponentChampions
    self.vod = vod
  }

  /// A logged game as the form shows it again.
  public init(_ game: Game) {
    self.init(
      result: game.result.rawValue, side: game.side?.rawValue ?? "",
      champions: Self.byRole(game.picks, \.champion),
      players: Self.byRole(game.picks) { pick in
        pick.playerID.map { (pick.guessed ? "?" : "") + $0.uuidString } ?? ""
      },
      opponentChampions: Self.byRole(game.opponentPicks, \.champion), vod: game.vod ?? "")
  }

  /// The game with the picks `draft` made, both teams' and our players, when it logs no
  /// champion of its own: a result given from the board carries the game's draft.
  public func withPicks(of draft: GameDraft) -> GameInput {
    guard champions.allSatisfy(\.isEmpty), opponentChampions.allSatisfy(\.isEmpty) else {
      return self
    }
    var game = self
    let ours = draft.picks(of: .us)
    game.champions = Self.byRole(ours, \.champion)
    game.players = Self.byRole(ours) { $0.playerID?.uuidString ?? "" }
    game.opponentChampions = Self.byRole(draft.picks(of: .them), \.champion)
    return game
  }

  /// One value of each role's pick, in the roles' order; none at all when no role has one.
  private static func byRole(_ picks: [Game.Pick], _ value: (Game.Pick) -> String) -> [String] {
    let values = Position.allCases.map { position in
      picks.first { $0.position == position }.map(value) ?? ""
    }
    return values.allSatisfy(\.isEmpty) ? [] : values
  }

  /// The most games one event may log.
  public static let maxGames = 7

  /// The game, each champion credited to who played the role: the player named, else the
  /// one `lineup` has for it (the five the verdict names).
  /// - Parameters:
  ///   - players: whom a name may name (the organisation's players).
  ///   - catalog: the champions a pick may be (the store's).
  /// - Throws: ``ValidationError`` on the `game` field, naming what to fix.
  public func validated(
    lineup: [Position: UUID], players: [Player], catalog: ChampionCatalog
  ) throws(ValidationError) -> Game {
    let (result, side) = try resultAndSide()
    for list in [champions, opponentChampions] where list.count > Position.allCases.count {
      throw ValidationError(
        .game,
        Message("Give at most five champions, in role order: Top, Jungle, Mid, ADC, Support."))
    }
    guard self.players.count <= Position.allCases.count else {
      throw ValidationError(
        .game,
        Message("Name at most five players, in role order: Top, Jungle, Mid, ADC, Support."))
    }
    let picks = try ourPicks(lineup: lineup, players: players, catalog: catalog)
    var opponentPicks: [Game.Pick] = []
    for (index, position) in Position.allCases.enumerated() {
      let name = Self.entry(opponentChampions, index)
      guard !name.isEmpty else { continue }
      opponentPicks.append(
        Game.Pick(
          position: position, playerID: nil,
          champion: try Self.champion(name, position, in: catalog).id)
      )
    }
    let vod = self.vod.trimmed(.whitespaces)
    if !vod.isEmpty {
      guard vod.count <= 300, let url = URL(string: vod), url.scheme == "https", url.host != nil
      else {
        throw ValidationError(
          .game, Message("Give the recording as an https:// address, or nothing."))
      }
    }
    return Game(
      result: result, side: side, picks: picks, opponentPicks: opponentPicks,
      vod: vod.isEmpty ? nil : vod)
  }

  /// The game's result and side, as typed in either language.
  private func resultAndSide() throws(ValidationError) -> (Game.Result, Game.Side?) {
    let result: Game.Result
    switch self.result.trimmed(.whitespaces)
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    {
    case "win", "w", "won", "victoire", "v": result = .win
    case "loss", "l", "lost", "lose", "defaite", "d": result = .loss
    default:
      throw ValidationError(
        .game, Message("“%@” is not a result; write win or loss.", self.result))
    }
    let sideText = side.trimmed(.whitespaces).lowercased()
    let side: Game.Side? =
      switch sideText {
      case "": nil
      case "blue", "bleu": .blue
      case "red", "rouge": .red
      default:
        throw ValidationError(.game, Message("“%@” is not a side; write blue or red.", self.side))
      }
    return (result, side)
  }

  /// Our picks, by role: each champion with who played it (the lineup's unless named; a
  /// name after `?` a guess).
  private func ourPicks(
    lineup: [Position: UUID], players: [Player], catalog: ChampionCatalog
  ) throws(ValidationError) -> [Game.Pick] {
    var picks: [Game.Pick] = []
    for (index, position) in Position.allCases.enumerated() {
      let name = Self.entry(champions, index)
      let entry = Self.entry(self.players, index)
      let guess = entry.hasPrefix("?")
      let named = guess ? String(entry.dropFirst()) : entry
      guard !name.isEmpty else {
        guard named.isEmpty else {
          throw ValidationError(
            .game,
            Message(
              "Give the champion %1$@ played (%2$@), or leave the player empty.", named,
              position.displayName))
        }
        continue
      }
      let champion = try Self.champion(name, position, in: catalog)
      var player = lineup[position]
      if !named.isEmpty {
        guard let found = Player.find(named, in: players) else {
          throw ValidationError(
            .game,
            Message(
              "“%1$@” (%2$@) is no player of the organisation; check the pseudo.", named,
              position.displayName))
        }
        player = found.id
      }
      picks.append(
        Game.Pick(
          position: position, playerID: player, champion: champion.id,
          guessed: guess && !named.isEmpty))
    }
    return picks
  }

  /// The list's text at `index`, trimmed; empty past its end.
  private static func entry(_ list: [String], _ index: Int) -> String {
    list.indices.contains(index) ? list[index].trimmed(.whitespaces) : ""
  }

  private static func champion(
    _ name: String, _ position: Position, in champions: ChampionCatalog
  ) throws(ValidationError) -> Champion {
    guard let champion = champions.find(name) else {
      throw ValidationError(
        .game,
        Message("“%1$@” (%2$@) is not a champion; check its spelling.", name, position.displayName))
    }
    return champion
  }
}

import Foundation

/// One champion of a player's pool, as the staff rate it.
public struct PoolEntry: Hashable, Sendable {
  /// The champion's catalogue id.
  public var champion: String
  /// How comfortable the player is on it, from 1 (learning) to 5 (signature).
  public var comfort: Int
  /// Whether the staff want it played first when it is open.
  public var priority: Bool

  public init(champion: String, comfort: Int, priority: Bool = false) {
    self.champion = champion
    self.comfort = comfort
    self.priority = priority
  }

  /// The comforts a pool entry may have.
  public static let comforts = 1...5
  /// The most champions a player's pool holds.
  public static let maxPerPlayer = 40
}

/// A pool's entry as typed: a champion by id or name (forgiving as the search is), a comfort
/// as text, and the priority.
public struct PoolInput: Hashable, Sendable {
  public var champion: String
  public var comfort: String
  public var priority: Bool

  public init(champion: String, comfort: String, priority: Bool = false) {
    self.champion = champion
    self.comfort = comfort
    self.priority = priority
  }

  /// A whole pool checked: each champion one of `catalog`'s and once, each comfort 1–5, at
  /// most ``PoolEntry/maxPerPlayer`` of them.
  /// - Throws: ``ValidationError`` on the `pool` field, naming the entry at fault.
  public static func validated(_ inputs: [PoolInput], catalog: ChampionCatalog)
    throws(ValidationError) -> [PoolEntry]
  {
    guard inputs.count <= PoolEntry.maxPerPlayer else {
      throw ValidationError(
        .pool, Message("A pool holds %@ champions at most.", PoolEntry.maxPerPlayer))
    }
    var entries: [PoolEntry] = []
    for input in inputs {
      guard let champion = catalog.find(input.champion) else {
        throw ValidationError(
          .pool, Message("“%@” is not a champion; check its spelling.", input.champion))
      }
      guard !entries.contains(where: { $0.champion == champion.id }) else {
        throw ValidationError(.pool, Message("%@ is in the pool twice.", champion.name))
      }
      let text = input.comfort.trimmed(.whitespaces)
      guard let comfort = text.isEmpty ? 3 : Int(text), PoolEntry.comforts.contains(comfort)
      else {
        throw ValidationError(
          .pool,
          Message("Give %1$@'s comfort from 1 to 5 (not “%2$@”).", champion.name, input.comfort))
      }
      entries.append(PoolEntry(champion: champion.id, comfort: comfort, priority: input.priority))
    }
    return entries
  }
}

/// What the logged games show of a champion in someone's hands.
public struct ChampionRecord: Hashable, Sendable {
  public var games = 0
  public var wins = 0
  /// When it was last played (the event's start).
  public var last: Date?

  public init(games: Int = 0, wins: Int = 0, last: Date? = nil) {
    self.games = games
    self.wins = wins
    self.last = last
  }

  /// The wins in hundredths of the games (0 without a game).
  public var winRate: Int { games == 0 ? 0 : (wins * 100 + games / 2) / games }

  mutating func count(_ result: Game.Result, at date: Date) {
    games += 1
    if result == .win { wins += 1 }
    last = max(last ?? date, date)
  }

  /// Whether nothing logged shows it played in the `weeks` weeks before `now`.
  public func isStale(at now: Date, weeks: Int = PoolBoard.staleWeeks) -> Bool {
    guard let last else { return true }
    return now.timeIntervalSince(last) > Double(weeks) * 7 * 86_400
  }
}

/// A game of the week as it was played: its result, our side, who picked what; from the
/// game logged, or from its draft where the game names no picks.
public struct PlayedGame: Hashable, Sendable {
  public let event: TeamEvent
  /// Its number in the series, from 1.
  public let number: Int
  public let result: Game.Result
  public let side: Game.Side?
  public let picks: [Game.Pick]
  public let opponentPicks: [Game.Pick]
}

extension Schedule {
  /// The games played, the earliest first; `team`'s only when given.
  public func playedGames(of team: UUID? = nil) -> [PlayedGame] {
    events.filter { team == nil || $0.teamID == team }.flatMap { event in
      event.games.enumerated().map { index, game in
        let draft = event.drafts.indices.contains(index) ? event.drafts[index] : nil
        return PlayedGame(
          event: event, number: index + 1, result: game.result, side: game.side ?? draft?.side,
          picks: game.picks.isEmpty ? draft?.picks(of: .us) ?? [] : game.picks,
          opponentPicks: game.opponentPicks.isEmpty
            ? draft?.picks(of: .them) ?? [] : game.opponentPicks)
      }
    }
  }

  /// What each of `players` played in their team's logged games (scrims and matches), by
  /// player and champion id. A pick on another team's event is not counted: another team's
  /// editors could have named them there (docs/PRIVACY.md).
  public func championRecords(of players: [Player]) -> [UUID: [String: ChampionRecord]] {
    let teams = Dictionary(players.map { ($0.id, $0.teamID) }) { first, _ in first }
    var records: [UUID: [String: ChampionRecord]] = [:]
    for game in playedGames() {
      for pick in game.picks {
        guard let player = pick.playerID, teams[player] == game.event.teamID else { continue }
        records[player, default: [:]][pick.champion, default: ChampionRecord()].count(
          game.result, at: game.event.start)
      }
    }
    return records
  }
}

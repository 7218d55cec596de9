import Foundation

/// A team's figures from its logged games and drafts: win rates by side, champion and
/// player, and per opponent what they pick first and ban.
public struct DraftFigures: Sendable {
  /// Our games and wins on each side.
  public let bySide: [Game.Side: ChampionRecord]
  /// Our games and wins on each champion, by catalogue id.
  public let byChampion: [String: ChampionRecord]
  /// Each of our players' games and wins, and on each champion.
  public let byPlayer: [UUID: ChampionRecord]
  public let playerChampions: [UUID: [String: ChampionRecord]]
  /// What each opponent (as the events name them) did in the drafts against us.
  public let opponents: [String: Scouting]

  /// An opponent's drafts against us.
  public struct Scouting: Hashable, Sendable {
    /// How many of their drafts we entered.
    public var drafts = 0
    /// Their first pick of each draft, counted by champion.
    public var firstPicks: [String: Int] = [:]
    /// Their bans, counted by champion.
    public var bans: [String: Int] = [:]

    /// `counts` the most first, then by id: the top of a scouting list.
    public static func ranked(_ counts: [String: Int]) -> [(champion: String, count: Int)] {
      counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }
  }

  /// The figures of `team`'s events in `schedule`; a pick is credited to a player only when
  /// they are one of `players`, the team's (a name of another team's, stored before drafts
  /// were held to the event's team, counts for the champion alone).
  public init(team: UUID, schedule: Schedule, players: [Player]) {
    let own = Set(players.filter { $0.teamID == team }.map(\.id))
    var bySide: [Game.Side: ChampionRecord] = [:]
    var byChampion: [String: ChampionRecord] = [:]
    var byPlayer: [UUID: ChampionRecord] = [:]
    var playerChampions: [UUID: [String: ChampionRecord]] = [:]
    for game in schedule.playedGames(of: team) {
      let date = game.event.start
      if let side = game.side {
        bySide[side, default: ChampionRecord()].count(game.result, at: date)
      }
      for pick in game.picks {
        byChampion[pick.champion, default: ChampionRecord()].count(game.result, at: date)
        guard let player = pick.playerID, own.contains(player) else { continue }
        byPlayer[player, default: ChampionRecord()].count(game.result, at: date)
        playerChampions[player, default: [:]][pick.champion, default: ChampionRecord()].count(
          game.result, at: date)
      }
    }
    var opponents: [String: Scouting] = [:]
    for event in schedule.events where event.teamID == team && !event.opponent.isEmpty {
      for draft in event.drafts {
        var scouting = opponents[event.opponent, default: Scouting()]
        scouting.drafts += 1
        let theirs = DraftSlot.order.indices.filter {
          draft.team(of: DraftSlot.order[$0]) == .them
        }
        if let first = theirs.first(where: { DraftSlot.order[$0].action == .pick }),
          let champion = draft.champions[first]
        {
          scouting.firstPicks[champion, default: 0] += 1
        }
        for index in theirs where DraftSlot.order[index].action == .ban {
          if let champion = draft.champions[index] { scouting.bans[champion, default: 0] += 1 }
        }
        opponents[event.opponent] = scouting
      }
    }
    self.bySide = bySide
    self.byChampion = byChampion
    self.byPlayer = byPlayer
    self.playerChampions = playerChampions
    self.opponents = opponents
  }
}

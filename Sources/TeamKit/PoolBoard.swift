import Foundation

/// A team's pools against what a series needs: for each player the champions they may
/// still play, how many the games left ask for, overlaps, and the champions no one plays.
public struct PoolBoard: Sendable {
  /// A pool entry with what the games show and whether the series locks it.
  public struct Entry: Hashable, Sendable {
    public let entry: PoolEntry
    public let record: ChampionRecord
    /// The game that locked it for us under the series' rule.
    public let lockedIn: Int?
    /// Not played in a logged game for ``PoolBoard/staleWeeks`` weeks.
    public let isStale: Bool
  }

  /// One player's pool.
  public struct Row: Sendable {
    public let player: Player
    public let entries: [Entry]
    /// The champions of the pool the series still allows.
    public var left: Int { entries.count { $0.lockedIn == nil } }
  }

  /// How deep a pool must be: short when it cannot cover the games left, thin when one ban
  /// takes it below them.
  public enum Depth: String, Sendable {
    case enough, thin, short
  }

  /// How many weeks without a logged game make a pool entry stale.
  public static let staleWeeks = 4

  /// The series counted for, nil for a Bo5 in hard fearless from its first game.
  public let event: TeamEvent?
  public let rule: DraftRule
  /// Distinct champions each player needs for the games left.
  public let need: Int
  /// The team's players but the inactive, by role, starters first.
  public let rows: [Row]
  /// Champions in two players' pools or more, with them.
  public let overlaps: [(champion: String, players: [UUID])]
  /// The catalogue's champions in no one's pool.
  public let unplayed: [Champion]

  /// The board of `players` (one team's) for the series `event`, or for a Bo5 in hard
  /// fearless not begun when nil.
  public init(
    players: [Player], schedule: Schedule, event: TeamEvent?, catalog: ChampionCatalog,
    now: Date
  ) {
    self.event = event
    rule = event?.draftRule ?? .fearless
    switch (event, rule) {
    case (nil, _): need = 5
    case (let event?, .standard): need = event.gamesLeft > 0 ? 1 : 0
    case (let event?, _): need = event.gamesLeft
    }
    // A game begun has its picks made: they count, its draft complete or not.
    let locked = rule.locked(for: .us, after: event?.drafts ?? [])
    let records = schedule.championRecords(of: players)
    let shown = players.filter { $0.lineup != .inactive }.sorted {
      (
        Position.allCases.firstIndex(of: $0.position) ?? 0,
        Lineup.allCases.firstIndex(of: $0.lineup) ?? 0
      )
        < (
          Position.allCases.firstIndex(of: $1.position) ?? 0,
          Lineup.allCases.firstIndex(of: $1.lineup) ?? 0
        )
    }
    rows = shown.map { player in
      Row(
        player: player,
        entries: (schedule.pools[player.id] ?? []).map { entry in
          let record = records[player.id]?[entry.champion] ?? ChampionRecord()
          return Entry(
            entry: entry, record: record, lockedIn: locked[entry.champion],
            isStale: record.isStale(at: now))
        })
    }
    var holders: [String: [UUID]] = [:]
    for row in rows {
      for entry in row.entries { holders[entry.entry.champion, default: []].append(row.player.id) }
    }
    overlaps = holders.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map {
      (champion: $0.key, players: $0.value)
    }
    unplayed = catalog.champions.filter { holders[$0.id] == nil }
  }

  /// How `row`'s pool stands against the games left.
  public func depth(of row: Row) -> Depth {
    row.left < need ? .short : row.left == need && need > 0 ? .thin : .enough
  }
}

extension Schedule {
  /// The series a team's pools are counted for by default: its next match or scrim with a
  /// format not ended and with games left.
  public func nextSeries(of team: UUID, after now: Date) -> TeamEvent? {
    events.first { $0.teamID == team && $0.format != nil && $0.end > now && $0.gamesLeft > 0 }
  }
}

import Foundation

/// A team's week as the API and `kcorp week --json` give it: the team, its players, their
/// availability and champion pools, its events, each with its verdict.
public struct TeamWeek: Sendable {
  public let team: Team
  public let players: [Player]
  /// Only this team's events and its players' availability and pools.
  public private(set) var schedule: Schedule
  /// The team's results over all its events, kept by ``between(_:_:)``.
  public let record: Schedule.TeamRecord

  public init(team: Team, players: [Player], schedule: Schedule) {
    self.team = team
    self.players = players
    self.schedule = Schedule(
      events: schedule.events.filter { $0.teamID == team.id },
      availability: schedule.availability.filter { id, _ in players.contains { $0.id == id } },
      pools: schedule.pools.filter { id, _ in players.contains { $0.id == id } })
    record = schedule.record(of: team.id)
  }

  /// A week as a server sent it, its players to be read from the roster.
  public init(unfiltered team: Team, schedule: Schedule) {
    self.team = team
    self.players = []
    self.schedule = schedule
    record = schedule.record(of: team.id)
  }

  /// The same week with the team's players, so that its verdicts can be computed.
  public func with(players: [Player]) -> TeamWeek {
    TeamWeek(team: team, players: players, schedule: schedule)
  }

  /// The same week with only the events that overlap `start` to `end`, its record whole.
  public func between(_ start: Date, _ end: Date) -> TeamWeek {
    var copy = self
    copy.schedule = Schedule(
      events: schedule.events(of: team.id, from: start, to: end),
      availability: schedule.availability, pools: schedule.pools)
    return copy
  }

  /// The same week with each event as `change` makes it (what a reader may see of it).
  public func mapEvents(_ change: (TeamEvent) -> TeamEvent) -> TeamWeek {
    var copy = self
    copy.schedule = Schedule(
      events: schedule.events.map(change), availability: schedule.availability,
      pools: schedule.pools)
    return copy
  }

  public func verdict(of event: TeamEvent) -> Verdict {
    schedule.verdict(of: event, players: players, in: team.zone)
  }
}

/// A player's availability as a client sent it: text, checked by ``validated()``.
public struct AvailabilityInput: Sendable {
  public var weekly: String
  public var away: [String]

  /// Hours as typed (`Mon-Fri 18:00-23:00, sam 14h-20h`) and days away (`2026-03-12`,
  /// `2026-03-12..2026-03-14`).
  public init(weekly: String, away: [String]) {
    self.weekly = weekly
    self.away = away
  }

  /// The availability, every block and day checked.
  /// - Throws: ``ValidationError`` on `weekly` or `away`.
  public func validated() throws(ValidationError) -> Availability {
    Availability(
      weekly: try Availability.weekly(parsing: weekly),
      away: try away.map { (text) throws(ValidationError) in try Availability.absence(parsing: text)
      })
  }
}

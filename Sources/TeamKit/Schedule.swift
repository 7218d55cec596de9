import Foundation

/// The organisation's week: every team's events, each player's availability, and the
/// secret addresses of its calendar feeds.
public struct Schedule: Hashable, Sendable {
  /// Every event, the earliest first.
  public private(set) var events: [TeamEvent]
  /// Each player's availability; a player without one is available at any hour.
  public var availability: [UUID: Availability]
  public var feeds: [CalendarFeed]
  /// Each player's champion pool, as the staff rate it.
  public var pools: [UUID: [PoolEntry]]
  /// Events cancelled in the last 30 days, with what they held, the latest first: none of
  /// the week's answers, verdicts, figures or calendars counts them.
  public var removed: [RemovedEvent] = []
  /// The secret addresses of draft boards given to the other team's captain or to
  /// spectators (``DraftLink``).
  public var draftLinks: [DraftLink] = []
  /// The drafts tried out away from any game (``MockDraft``), the newest first.
  public var mocks: [MockDraft] = []

  /// How many events a team keeps: years of scrims, blocks and matches, every one of them
  /// in one answer of the week.
  public static let maxEventsPerTeam = 5000

  public init(
    events: [TeamEvent] = [], availability: [UUID: Availability] = [:],
    feeds: [CalendarFeed] = [], pools: [UUID: [PoolEntry]] = [:]
  ) {
    self.events = events.sorted(by: Self.chronological)
    self.availability = availability
    self.feeds = feeds
    self.pools = pools
  }

  private static func chronological(_ a: TeamEvent, _ b: TeamEvent) -> Bool {
    (a.start, a.id.uuidString) < (b.start, b.id.uuidString)
  }

  public func event(id: UUID) -> TeamEvent? { events.first { $0.id == id } }

  /// The removal of the event with this id, if it is in "Recently removed".
  public func removal(id: UUID) -> RemovedEvent? { removed.first { $0.id == id } }

  /// The schedule with `event` added, or put in place of the one with its id.
  public func with(_ event: TeamEvent) -> Schedule {
    var copy = self
    copy.events = (events.filter { $0.id != event.id } + [event]).sorted(by: Self.chronological)
    return copy
  }

  /// The events of `event`'s series, the earliest first; just `event` when it was planned
  /// alone.
  public func series(of event: TeamEvent) -> [TeamEvent] {
    guard let series = event.series else { return [event] }
    return events.filter { $0.series == series && $0.teamID == event.teamID }
  }

  /// `event` and the events of its series after it, the earliest first.
  public func series(from event: TeamEvent) -> [TeamEvent] {
    series(of: event).filter { $0.id == event.id || Self.chronological(event, $0) }
  }

  /// The schedule without the event with this id.
  public func without(event id: UUID) -> Schedule {
    var copy = self
    copy.events.removeAll { $0.id == id }
    return copy
  }

  /// A team's events that overlap `start` to `end`, the earliest first.
  public func events(of team: UUID, from start: Date, to end: Date) -> [TeamEvent] {
    events.filter { $0.teamID == team && $0.end > start && $0.start < end }
  }

  /// Midnight starting `day` on `zone`'s clock (ICU's rules, through Foundation).
  public static func midnight(_ day: Day, in zone: TimeZone) -> Date {
    // Where the clocks go forward at midnight, the day starts at 01:00.
    (try? EventInput.instant("\(day)T00:00", in: zone, field: .start))
      ?? (try? EventInput.instant("\(day)T01:00", in: zone, field: .start)) ?? .distantPast
  }

  /// A team's events that start on `day` of `zone`'s clock, the earliest first.
  public func events(of team: UUID, on day: Day, in zone: TimeZone) -> [TeamEvent] {
    events(
      of: team, from: Self.midnight(day, in: zone),
      to: Self.midnight(day.adding(days: 1), in: zone)
    ).filter { Day($0.start, in: zone) == day }
  }

  /// The events a player is invited to.
  public func events(inviting player: UUID) -> [TeamEvent] {
    events.filter { $0.invited.contains(player) }
  }

  /// Whether `players` (one team's) can field five for `event`, in `zone`: a full five only
  /// once each of the five said yes, never on silence.
  public func verdict(of event: TeamEvent, players: [Player], in zone: TimeZone) -> Verdict {
    let verdict = Verdict.of(players) {
      event.isAvailable($0.id, availability: availability[$0.id], in: zone)
    }
    guard verdict == .fullFive else { return verdict }
    let confirmed = lineup(of: event, players: players, in: zone).values.count {
      event.answers[$0] == .yes
    }
    return confirmed >= Position.allCases.count ? .fullFive : .available(confirmed: confirmed)
  }

  /// Who plays each role of `event`, as its verdict names them (``Verdict/lineup(_:isAvailable:)``).
  public func lineup(of event: TeamEvent, players: [Player], in zone: TimeZone) -> [Position:
    UUID]
  {
    Verdict.lineup(players) {
      event.isAvailable($0.id, availability: availability[$0.id], in: zone)
    }
  }

  /// The players `event`'s verdict names to cover a role whose starter cannot play, who are
  /// not invited yet: they are invited in their turn.
  public func uninvitedCovers(of event: TeamEvent, players: [Player], in zone: TimeZone)
    -> [UUID]
  {
    let covers: [Verdict.Cover] =
      switch verdict(of: event, players: players, in: zone) {
      case .fullFive, .available: []
      case .withSubs(let subs), .notEnough(_, let subs): subs
      }
    return covers.map(\.playerID).filter { !event.invited.contains($0) }
  }

  /// Whether `players` can field five from `start` to `end`, from their hours alone.
  public func verdict(players: [Player], from start: Date, to end: Date, in zone: TimeZone)
    -> Verdict
  {
    Verdict.of(players) {
      availability[$0.id]?.isAvailable(from: start, to: end, in: zone) ?? true
    }
  }

  /// The opponents a team has met or will meet, the latest first, once each (as typed the
  /// last time): what the event form suggests.
  public func opponents(of team: UUID) -> [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for event in events.reversed() where event.teamID == team && !event.opponent.isEmpty {
      if seen.insert(event.opponent.lowercased()).inserted { names.append(event.opponent) }
    }
    return names
  }

  /// Games won and lost against one opponent.
  public struct Record: Hashable, Sendable {
    public let opponent: String
    public let won: Int
    public let lost: Int
  }

  /// A team's results: games won and lost per opponent, the most played first, and over
  /// its last scrims logged.
  public struct TeamRecord: Hashable, Sendable {
    public let opponents: [Record]
    /// How many scrims ``scrimsWon`` and ``scrimsLost`` count: the last ten logged, or fewer.
    public let scrims: Int
    public let scrimsWon: Int
    public let scrimsLost: Int
  }

  /// A team's results, over the events with games logged.
  public func record(of team: UUID, lastScrims count: Int = 10) -> TeamRecord {
    var totals: [String: (name: String, won: Int, lost: Int)] = [:]
    for event in events where event.teamID == team && !event.games.isEmpty {
      let key = event.opponent.lowercased()
      var total = totals[key] ?? (event.opponent, 0, 0)
      total.won += event.score.won
      total.lost += event.score.lost
      totals[key] = total
    }
    let scrims = events.reversed()
      .filter { $0.teamID == team && $0.kind == .scrim && !$0.games.isEmpty }
      .prefix(count)
    return TeamRecord(
      opponents: totals.values.map { Record(opponent: $0.name, won: $0.won, lost: $0.lost) }
        .sorted { ($0.won + $0.lost, $1.opponent) > ($1.won + $1.lost, $0.opponent) },
      scrims: scrims.count, scrimsWon: scrims.reduce(0) { $0 + $1.score.won },
      scrimsLost: scrims.reduce(0) { $0 + $1.score.lost })
  }

  /// The champions a player played in their team's logged games, the most played first, with
  /// how many games (another team's events do not count: docs/PRIVACY.md).
  public func championsPlayed(by player: Player) -> [(champion: String, games: Int)] {
    var counts: [String: Int] = [:]
    for event in events where event.teamID == player.teamID {
      for game in event.games {
        for pick in game.picks where pick.playerID == player.id {
          counts[pick.champion, default: 0] += 1
        }
      }
    }
    return counts.map { ($0.key, $0.value) }.sorted {
      ($0.games, $1.champion) > ($1.games, $0.champion)
    }
  }

  /// The feed with this secret, if it was not revoked.
  public func feed(secret: String) -> CalendarFeed? {
    // Compared in constant time: the secret is the feed's only key.
    feeds.first { feed in
      feed.secret.utf8.count == secret.utf8.count
        && zip(feed.secret.utf8, secret.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
  }
}

/// A private calendar address: a team's events, or those a player is invited to, for
/// whoever knows its secret, until it is revoked.
public struct CalendarFeed: Hashable, Sendable {
  public let secret: String
  public let teamID: UUID?
  public let playerID: UUID?
  public let created: Date

  public init(secret: String, teamID: UUID?, playerID: UUID?, created: Date) {
    self.secret = secret
    self.teamID = teamID
    self.playerID = playerID
    self.created = created
  }

  /// Where it is served, relative to the server: `/calendar/SECRET.ics`.
  public var path: String { "/calendar/\(secret).ics" }

  /// A new secret for an address given outside (a calendar's, a draft board's): 24 random
  /// bytes from the system's generator, in URL-safe Base64.
  public static func newSecret() -> String {
    var bytes = [UInt8](repeating: 0, count: 24)
    var generator = SystemRandomNumberGenerator()
    for index in bytes.indices { bytes[index] = generator.next() }
    return Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
  }
}

/// A secret address of one game's draft board, given outside the organisation: the other
/// team's captain enters their side's turns there, a spectator follows the board. It names
/// one game of one event, is revocable, and ends with the series (``isOpen(for:at:)``).
public struct DraftLink: Hashable, Sendable {
  public enum Kind: String, CaseIterable, Sendable { case captain, spectator }

  public let secret: String
  public let eventID: UUID
  public let game: Int
  public let kind: Kind
  public let created: Date

  public init(secret: String, eventID: UUID, game: Int, kind: Kind, created: Date) {
    self.secret = secret
    self.eventID = eventID
    self.game = game
    self.kind = kind
    self.created = created
  }

  /// Where it is served, relative to the server: `/draft/SECRET`.
  public var path: String { "/draft/\(secret)" }

  /// How long after the series ends a link still answers: the evening's last game may run
  /// late.
  public static let afterTheSeries: TimeInterval = 12 * 3600

  /// The most links an event keeps.
  public static let maxPerEvent = 10

  /// Whether it still answers for `event` (its event) at `now`.
  public func isOpen(for event: TeamEvent, at now: Date) -> Bool {
    now < event.end.addingTimeInterval(Self.afterTheSeries) && game <= event.gameCount
  }
}

/// An event in "Recently removed": cancelled with everything it held (its answers, games,
/// drafts and proposals), restorable as it was for 30 days (``RemovedPlayer/retention``).
public struct RemovedEvent: Identifiable, Hashable, Sendable {
  public let event: TeamEvent
  public let removedAt: Date

  public init(event: TeamEvent, removedAt: Date) {
    self.event = event
    self.removedAt = removedAt
  }

  public var id: UUID { event.id }

  /// "Recently removed"'s order: the latest first, those cancelled together by id.
  public static func latestFirst(_ a: RemovedEvent, _ b: RemovedEvent) -> Bool {
    (a.removedAt, a.id.uuidString) > (b.removedAt, b.id.uuidString)
  }

  /// The most events "Recently removed" keeps, the latest: cancelling again and again cannot
  /// grow it without end.
  public static let keptAtMost = Schedule.maxEventsPerTeam

  /// Whether cancelling it loses something a person entered: answers, games or drafts. The
  /// faces ask before cancelling such an event.
  public static func holdsWork(_ event: TeamEvent) -> Bool {
    !event.games.isEmpty || !event.drafts.isEmpty || !event.answers.isEmpty
      || !event.proposals.isEmpty || !event.gameNotes.isEmpty
  }
}

import Foundation

/// Where the app's team (TeamClient's `EsportTeam`) has its roster: this device's database
/// (TeamStore's `LocalRoster`, in memory for previews and tests) or the team's server
/// (TeamClient's `TeamServer`). Each change is validated
/// and kept by the source before the team shows it; refused input comes back as an error
/// whose fields ``ValidationError/init(reportedBy:)`` finds, and a change to a player someone
/// else changed meanwhile as ``PlayerChangedError``.
public protocol RosterSource: AnyObject, Sendable {
  /// Where the roster is, for people: "This device", or the server's name.
  var name: Message { get }
  /// The players of every team, each team's in its order.
  func players() async throws -> [Player]
  /// The organisation: its name, its teams and their players.
  func organisation() async throws -> Organisation
  func removedPlayers() async throws -> [RemovedPlayer]
  func addPlayer(_ input: PlayerInput) async throws -> Player
  /// Changes a player's fields, unless they are no longer `expected`.
  func updatePlayer(id: UUID, with edit: PlayerEdit, expected: Player?) async throws -> Player
  /// Moves a player to "Recently removed".
  func removePlayer(id: UUID) async throws
  func restorePlayer(id: UUID) async throws -> Player
  /// Puts one team's players in the order of `ids`, unless its order is no longer `expected`.
  func reorder(_ ids: [UUID], expected: [UUID]?, in team: UUID) async throws
  /// Exchanges two players of one team, statuses and places (a substitute into the
  /// starting five, the starter out), in one change; returns both as stored.
  func swapPlayers(id: UUID, with other: UUID) async throws -> (Player, Player)
  /// Gives a player a photo from an image (JPEG, PNG, WebP or HEIC, re-encoded by the
  /// source), or takes it away (nil); returns the player as stored.
  func setPhoto(of id: UUID, to image: Data?) async throws -> Player
  /// A stored photo (a JPEG) by its hash (``Player/photo``), nil when there is none.
  func photo(_ hash: String) async throws -> Data?
  /// A champion's art synced from Data Dragon (a JPEG), by image name; nil without any.
  func championArt(_ imageName: String) async throws -> Data?
  /// Who changed what, the newest first: entries after the id `after`, of one player when
  /// given, at most `limit`.
  func history(after: Int64, player: UUID?, limit: Int) async throws -> [RosterChange]
  /// What happens elsewhere: the roster changed, the connection was lost or is back. Ends
  /// when the source will tell nothing more.
  func events() -> AsyncStream<SourceEvent>
  /// The source's teams, and the moves of players between them.
  var teams: any TeamsSource { get }
  /// The source's week: events, hours and answers, calendar addresses.
  var week: any WeekSource { get }
  /// The source's drafts and champion pools.
  var drafts: any DraftSource { get }
  /// The player whose own account (``Role/player``) reads this source; nil for the staff,
  /// a token, or this device.
  func signedInPlayer() async throws -> UUID?
  /// A player's Riot account as the server last saw it: nil where there is no server
  /// (this device's own roster), or before its first check.
  func soloQueue(of id: UUID) async throws -> RiotStanding?
}

/// The week of a ``RosterSource``: a team's events, its players' hours and answers, and the
/// private calendar addresses.
public protocol WeekSource: Sendable {
  /// A team's week (its tag or id; the first team when nil): its events with their
  /// verdicts and its players' availability.
  func of(team: String?) async throws -> TeamWeek
  /// Replaces a player's weekly hours and days away.
  func setAvailability(of id: UUID, to availability: Availability) async throws
  /// Plans an event for a team, its times on the team's clock; its starters are invited.
  func addEvent(_ input: EventInput, team: String?) async throws -> TeamEvent
  func updateEvent(id: UUID, with input: EventInput) async throws -> TeamEvent
  /// Cancels an event, and with `following` the events of its series after it.
  func removeEvent(id: UUID, following: Bool) async throws
  /// Brings a cancelled event back from "Recently removed" as it was, with the events of its
  /// series cancelled with it.
  func restoreEvent(id: UUID) async throws -> TeamEvent
  /// Logs an event's games, replacing those logged before.
  func logGames(_ games: [GameInput], of id: UUID) async throws -> TeamEvent
  /// A player's answer to an event (nil takes it back).
  func answer(_ answer: TeamEvent.Answer?, for player: UUID, to event: UUID) async throws
    -> TeamEvent
  /// The private calendar addresses (each with its secret).
  func calendarFeeds() async throws -> [CalendarFeed]
  /// A new calendar address for a team's events (its tag or id), or a player's.
  func createFeed(team: String?, player: UUID?) async throws -> CalendarFeed
  /// Revokes a calendar address.
  func revokeFeed(_ secret: String) async throws
}

/// The drafts of a ``RosterSource``'s events and its players' champion pools.
public protocol DraftSource: Sendable {
  /// Puts game `game`'s draft of an event (from 1), checked under its series' rule.
  func saveDraft(_ draft: GameDraft, game: Int, of id: UUID) async throws -> TeamEvent
  /// Proposes a ban or a pick for a game of an event's series.
  func propose(_ input: ProposalInput, to id: UUID) async throws -> DraftProposal
  /// Puts a player's champion pool, in order; returns it as stored.
  func setPool(of id: UUID, to pool: [PoolInput]) async throws -> [PoolEntry]
}

extension RosterSource {
  /// Only a server asks Riot: a roster of this device has no solo queue.
  public func soloQueue(of id: UUID) async throws -> RiotStanding? { nil }
}

/// What a ``RosterSource`` tells its team.
public enum SourceEvent: Hashable, Sendable {
  /// The roster changed elsewhere (another client, another process): read it again.
  case changed
  /// The source cannot be reached (the team is read-only until it is back).
  case disconnected
  /// The source is listened to: from the start, and again after ``disconnected``.
  case connected
}

/// A player's version was outdated: someone else changed them meanwhile. Nothing was written.
public struct PlayerChangedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The player as they are now.
  public let current: Player
  public init(current: Player) { self.current = current }
  /// What happened and what to do, in the reader's language when shown.
  public var message: Message {
    Message(
      "Someone else changed %@ meanwhile; nothing was saved. Their version is shown: check it and save again.",
      current.name)
  }
  public var description: String { message.description }
}

/// The team's source cannot be reached: nothing was changed.
public struct OfflineError: Error, Hashable, Sendable, CustomStringConvertible {
  public init() {}
  /// What happened and what to do, in the reader's language when shown.
  public var message: Message {
    Message(
      "The team’s server cannot be reached just now; nothing was changed, and what you typed is kept. Try again when it is back."
    )
  }
  public var description: String { message.description }
}

/// The organisation's teams and the moves between them, from a roster source
/// (``RosterSource/teams``).
public protocol TeamsSource: Sendable {
  func addTeam(_ input: TeamInput) async throws -> Team
  /// Changes the team with this tag (or id).
  func updateTeam(_ tag: String, with input: TeamInput) async throws -> Team
  /// Removes an empty team.
  func removeTeam(_ tag: String) async throws
  /// Moves a player to another team (one change: the tenure kept, joined today).
  func transferPlayer(id: UUID, to team: String) async throws -> Player
  /// The teams a player was on before, the latest first.
  func tenures(of id: UUID) async throws -> [Tenure]
}

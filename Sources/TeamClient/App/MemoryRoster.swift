import Foundation
import Synchronization
import TeamKit

/// A roster kept in memory only, by the same rules as a stored one: previews, and the team
/// before anything is saved. One team; no history, art or calendar addresses (none read);
/// setting a photo is refused (``PhotoSourceError``), and so are other teams and events
/// (``MemoryRosterError``).
public final class MemoryRoster: RosterSource {
  private struct State {
    var players: [Player]
    var removed: [RemovedPlayer] = []
    /// Where each removed player stood, to restore them there.
    var places: [UUID: Int] = [:]
    /// The hours and answers set.
    var schedule = Schedule()
  }

  private let state: Mutex<State>
  private let team = Team.first

  /// The clock its removals are dated by.
  private let now: @Sendable () -> Date

  /// A roster starting with `players`, all of ``TeamKit/Team/first``.
  public init(players: [Player], now: @escaping @Sendable () -> Date = SystemClock.now) {
    state = Mutex(State(players: players))
    self.now = now
  }

  public var name: Message { Message("In memory") }

  public func players() async throws -> [Player] { state.withLock { $0.players } }

  public func organisation() async throws -> Organisation {
    Organisation(name: team.name, teams: [team], players: try await players())
  }

  public func removedPlayers() async throws -> [RemovedPlayer] { state.withLock { $0.removed } }

  public func addPlayer(_ input: PlayerInput) async throws -> Player {
    try state.withLock { state in
      var player = try input.validated(in: state.players)
      player.teamID = team.id
      state.players.append(player)
      return player
    }
  }

  public func updatePlayer(id: UUID, with edit: PlayerEdit, expected: Player?) async throws
    -> Player
  {
    try state.withLock { state in
      guard let index = state.players.firstIndex(where: { $0.id == id }) else {
        throw MemoryRosterError.noPlayer
      }
      let players = state.players
      let updated = try edit.applied(to: players[index]) { key in
        players.first { Player.nameKey($0.name) == key }?.name
      }
      state.players[index] = updated
      return updated
    }
  }

  public func removePlayer(id: UUID) async throws {
    try state.withLock { state in
      guard let index = state.players.firstIndex(where: { $0.id == id }) else {
        throw MemoryRosterError.noPlayer
      }
      state.places[id] = index
      let player = state.players.remove(at: index)
      state.removed.insert(RemovedPlayer(player: player, removedAt: now()), at: 0)
    }
  }

  public func restorePlayer(id: UUID) async throws -> Player {
    try state.withLock { state in
      guard let player = state.removed.first(where: { $0.id == id })?.player else {
        throw MemoryRosterError.noPlayer
      }
      if let other = state.players.first(where: {
        Player.nameKey($0.name) == Player.nameKey(player.name)
      }) {
        throw ValidationError(
          .name,
          Message(
            "“%1$@” is on the roster now; rename them before restoring %2$@.", other.name,
            player.name),
          isConflict: true)
      }
      let place = min(state.places[id] ?? state.players.count, state.players.count)
      state.players.insert(player, at: place)
      state.removed.removeAll { $0.id == id }
      return player
    }
  }

  public func reorder(_ ids: [UUID], expected: [UUID]?, in team: UUID) async throws {
    state.withLock { state in
      let byID = Dictionary(state.players.map { ($0.id, $0) }) { first, _ in first }
      state.players = ids.compactMap { byID[$0] } + state.players.filter { !ids.contains($0.id) }
    }
  }

  public func transferPlayer(id: UUID, to team: String) async throws -> Player {
    throw MemoryRosterError.oneTeam
  }

  public func swapPlayers(id: UUID, with other: UUID) async throws -> (Player, Player) {
    try state.withLock { state in
      guard let first = state.players.firstIndex(where: { $0.id == id }),
        let second = state.players.firstIndex(where: { $0.id == other })
      else { throw MemoryRosterError.noPlayer }
      state.players = try state.players.swapping(first, with: second)
      return (state.players[second], state.players[first])
    }
  }

  public func tenures(of id: UUID) async throws -> [Tenure] { [] }

  public func addTeam(_ input: TeamInput) async throws -> Team { throw MemoryRosterError.oneTeam }

  public func updateTeam(_ tag: String, with input: TeamInput) async throws -> Team {
    throw MemoryRosterError.oneTeam
  }

  public func removeTeam(_ tag: String) async throws { throw MemoryRosterError.oneTeam }

  public func setPhoto(of id: UUID, to image: Data?) async throws -> Player {
    throw PhotoSourceError()
  }

  public func photo(_ hash: String) async throws -> Data? { nil }

  public func championArt(_ imageName: String) async throws -> Data? { nil }

  public func history(after: Int64, player: UUID?, limit: Int) async throws -> [RosterChange] {
    []
  }

  /// Nothing happens elsewhere: the stream ends at once.
  public func events() -> AsyncStream<SourceEvent> { AsyncStream { $0.finish() } }

  public func week(team tag: String?) async throws -> TeamWeek {
    let (players, schedule) = state.withLock { ($0.players, $0.schedule) }
    return TeamWeek(team: team, players: players, schedule: schedule)
  }

  public func setAvailability(of id: UUID, to availability: Availability) async throws {
    state.withLock { $0.schedule.availability[id] = availability }
  }

  public func addEvent(_ input: EventInput, team: String?) async throws -> TeamEvent {
    throw MemoryRosterError.noEvents
  }

  public func updateEvent(id: UUID, with input: EventInput) async throws -> TeamEvent {
    throw MemoryRosterError.noEvents
  }

  public func removeEvent(id: UUID, following: Bool) async throws {
    throw MemoryRosterError.noEvents
  }

  public func logGames(_ games: [GameInput], of id: UUID) async throws -> TeamEvent {
    throw MemoryRosterError.noEvents
  }

  public func saveDraft(_ draft: GameDraft, game: Int, of id: UUID) async throws -> TeamEvent {
    throw MemoryRosterError.noEvents
  }

  public func propose(_ input: ProposalInput, to id: UUID) async throws -> DraftProposal {
    throw MemoryRosterError.noEvents
  }

  public func setPool(of id: UUID, to pool: [PoolInput]) async throws -> [PoolEntry] {
    let entries = try PoolInput.validated(pool, catalog: .builtIn)
    return try state.withLock { state in
      guard state.players.contains(where: { $0.id == id }) else {
        throw ValidationError(.pool, Message("There is no such player."))
      }
      state.schedule.pools[id] = entries.isEmpty ? nil : entries
      return entries
    }
  }

  public func answer(_ answer: TeamEvent.Answer?, for player: UUID, to event: UUID) async throws
    -> TeamEvent
  {
    throw MemoryRosterError.noEvents
  }

  public func calendarFeeds() async throws -> [CalendarFeed] { [] }

  public func createFeed(team: String?, player: UUID?) async throws -> CalendarFeed {
    throw MemoryRosterError.noEvents
  }

  public func revokeFeed(_ secret: String) async throws { throw MemoryRosterError.noEvents }

  public func signedInPlayer() async throws -> UUID? { nil }
}

/// What a roster in memory does not keep; each says what to do.
public enum MemoryRosterError: Error, Hashable, Sendable, CustomStringConvertible, KindedError {
  /// The player is not (or no longer) on the roster.
  case noPlayer
  /// A roster in memory has one team.
  case oneTeam
  /// A roster in memory plans no events.
  case noEvents

  public var message: Message {
    switch self {
    case .noPlayer: Message("This player is not on the roster any more.")
    case .oneTeam: Message("This roster is in memory and has one team: open a saved roster.")
    case .noEvents: Message("This roster is in memory and plans no events: open a saved roster.")
    }
  }

  public var kind: ErrorKind { self == .noPlayer ? .notFound : .invalid }
  public var description: String { message.description }
}

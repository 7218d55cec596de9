import Foundation
import TeamKit
import TeamPhoto

/// A database on this machine as a roster source (the app's `EsportTeam`'s): the Apple app's roster on its
/// own, and the CLI's.
public final class LocalRoster: RosterSource {
  public let store: RosterStore
  /// How often ``events()`` looks for what other processes committed; nil: never (the
  /// Apple app alone writes its database).
  private let polling: Duration?
  /// Who the history names for this source's changes (``RosterChange/name(ofAuthor:)``).
  private let author: String
  public var name: Message { Message("This device") }

  public init(store: RosterStore, polling: Duration? = nil, author: String = RosterStore.local) {
    self.store = store
    self.polling = polling
    self.author = author
  }

  public func players() async throws -> [Player] { store.players }

  public func removedPlayers() async throws -> [RemovedPlayer] { store.removedPlayers }

  public func addPlayer(_ input: PlayerInput) async throws -> Player {
    try await store.playerRows.addPlayer(input, by: author)
  }

  public func updatePlayer(id: UUID, with edit: PlayerEdit, expected: Player?) async throws
    -> Player
  {
    do {
      return try await store.playerRows.updatePlayer(
        id: id, with: edit, expected: expected, by: author)
    } catch .changed(let current) {
      throw PlayerChangedError(current: current)
    }
  }

  public func removePlayer(id: UUID) async throws {
    try await store.playerRows.removePlayer(id: id, by: author)
  }

  public func restorePlayer(id: UUID) async throws -> Player {
    try await store.playerRows.restorePlayer(id: id, by: author)
  }

  public func organisation() async throws -> Organisation {
    let roster = store.roster
    return Organisation(name: roster.organisation, teams: roster.teams, players: roster.players)
  }

  public func reorder(_ ids: [UUID], expected: [UUID]?, in team: UUID) async throws {
    try await store.playerRows.reorder(ids, expected: expected, team: team.text, by: author)
  }

  public func swapPlayers(id: UUID, with other: UUID) async throws -> (Player, Player) {
    try await store.playerRows.swapPlayers(id, with: other, by: author)
  }

  /// Nobody: this device's roster is the staff's.
  public func signedInPlayer() async throws -> UUID? { nil }

  public var week: any WeekSource { LocalWeek(store: store, author: author) }

  public var drafts: any DraftSource { LocalDrafts(store: store, author: author) }

  public var teams: any TeamsSource { LocalTeams(store: store, author: author) }

  /// Re-encodes the image as the server does (TeamPhoto), then keeps it with the roster.
  public func setPhoto(of id: UUID, to image: Data?) async throws -> Player {
    guard let image else { return try await store.playerRows.setPhoto(of: id, to: nil) }
    return try await store.playerRows.setPhoto(of: id, to: Photo.decoding(image))
  }

  public func photo(_ hash: String) async throws -> Data? { try store.playerRows.photo(hash: hash) }

  public func championArt(_ imageName: String) async throws -> Data? {
    let roster = store.roster
    guard let champion = roster.champions.champion(imageName: imageName),
      roster.championArt.picture(of: champion.id) != nil
    else { return nil }
    return try store.artRows.picture(id: champion.id)
  }

  public func history(after: Int64, player: UUID?, limit: Int) async throws -> [RosterChange] {
    try store.history(after: after, player: player, limit: limit)
  }

  /// `.changed` after every committed change: this process's at once, other processes'
  /// within ``polling`` when it is set.
  public func events() -> AsyncStream<SourceEvent> {
    AsyncStream { continuation in
      let observer = store.onChange { _ in continuation.yield(.changed) }
      let poller = polling.map { interval in
        Task { [store] in
          while (try? await Task.sleep(for: interval)) != nil {
            do { try store.refresh() } catch {
              Log.warning("other processes' changes could not be read (tried again): \(error)")
            }
          }
        }
      }
      continuation.onTermination = { [store] _ in
        store.removeObserver(observer)
        poller?.cancel()
      }
    }
  }
}

/// This device's teams (``LocalRoster/teams``).
struct LocalTeams: TeamsSource {
  let store: RosterStore
  let author: String

  func addTeam(_ input: TeamInput) async throws -> Team {
    try await store.teamRows.addTeam(input, by: author)
  }

  func updateTeam(_ tag: String, with input: TeamInput) async throws -> Team {
    try await store.teamRows.updateTeam(tag, with: input, by: author)
  }

  func removeTeam(_ tag: String) async throws {
    try await store.teamRows.removeTeam(tag, by: author)
  }

  func transferPlayer(id: UUID, to team: String) async throws -> Player {
    try await store.playerRows.transferPlayer(id: id, to: team, by: author)
  }

  func tenures(of id: UUID) async throws -> [Tenure] { try store.playerRows.tenures(of: id) }
}

/// This device's week (``LocalRoster/week``).
struct LocalWeek: WeekSource {
  let store: RosterStore
  let author: String

  func of(team: String?) async throws -> TeamWeek { try store.weekRows.week(team: team) }

  func setAvailability(of id: UUID, to availability: Availability) async throws {
    try await store.weekRows.setAvailability(of: id, to: availability, by: author)
  }

  func addEvent(_ input: EventInput, team: String?) async throws -> TeamEvent {
    try await store.weekRows.addEvent(input, team: team, by: author)
  }

  func updateEvent(id: UUID, with input: EventInput) async throws -> TeamEvent {
    try await store.weekRows.updateEvent(id: id, with: input, by: author)
  }

  func removeEvent(id: UUID, following: Bool) async throws {
    try await store.weekRows.removeEvent(id: id, following: following, by: author)
  }

  func logGames(_ games: [GameInput], of id: UUID) async throws -> TeamEvent {
    try await store.weekRows.logGames(games, of: id, by: author)
  }

  func restoreEvent(id: UUID) async throws -> TeamEvent {
    try await store.weekRows.restoreEvent(id: id, by: author)
  }

  func answer(_ answer: TeamEvent.Answer?, for player: UUID, to event: UUID) async throws
    -> TeamEvent
  {
    try await store.weekRows.answer(answer, for: player, to: event, by: author)
  }

  func calendarFeeds() async throws -> [CalendarFeed] { store.roster.schedule.feeds }

  func createFeed(team: String?, player: UUID?) async throws -> CalendarFeed {
    try await store.weekRows.createFeed(
      team: try team.map { try store.weekRows.week(team: $0).team.id }, player: player)
  }

  func revokeFeed(_ secret: String) async throws {
    try await store.weekRows.revokeFeed(secret)
  }
}

/// This device's drafts and pools (``LocalRoster/drafts``).
struct LocalDrafts: DraftSource {
  let store: RosterStore
  let author: String

  func saveDraft(_ draft: GameDraft, game: Int, of id: UUID) async throws -> TeamEvent {
    try await store.draftRows.saveDraft(draft, game: game, of: id, by: author)
  }

  func propose(_ input: ProposalInput, to id: UUID) async throws -> DraftProposal {
    try await store.draftRows.propose(input, to: id, by: author)
  }

  func setPool(of id: UUID, to pool: [PoolInput]) async throws -> [PoolEntry] {
    try await store.draftRows.setPool(of: id, to: pool, by: author)
  }
}

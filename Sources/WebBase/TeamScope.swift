import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore

/// The store as a handler may change a team: bound to the team whose role the door checked
/// (handed to a route declared with ``Router/teamRoute(_:_:_:expired:_:)``). What it adds goes to that team whatever the input names; what
/// it changes by id must be that team's (404 otherwise), checked again in the change's own
/// transaction for a player (who may move meanwhile). Routes change a team through nothing
/// else: the store is out of their reach.
package struct TeamScope: Sendable {
  private let store: RosterStore
  package let team: Team
  package let identity: Identity
  /// The request's language, for the refusals the scope words itself.
  package let language: Language

  package init(store: RosterStore, team: Team, identity: Identity, language: Language) {
    self.store = store
    self.team = team
    self.identity = identity
    self.language = language
  }

  /// Who the history records the changes as.
  package var author: String { identity.name }

  /// The team's week: its events, their games, drafts and proposals, its players' hours,
  /// answers and pools, its calendar addresses.
  package var week: WeekScope {
    WeekScope(store: store, team: team, author: author, language: language)
  }

  /// The team's drafts: its boards and their links, proposals and game notes, its players'
  /// pools, its mock drafts.
  package var drafts: DraftScope { DraftScope(store: store, team: team, author: author) }

  // MARK: - Checks

  private func owned(_ id: UUID) throws(RosterError) -> Player {
    try store.roster.owned(id, by: team)
  }

  // MARK: - The team itself

  /// Changes the team's name, tag, league, parent, zone or colour.
  package func update(with input: TeamInput) async throws(RosterError) -> Team {
    try await store.teamRows.updateTeam(team.id.uuidString, with: input, by: author)
  }

  /// Removes the team, which must have no players.
  package func remove() async throws(RosterError) {
    try await store.teamRows.removeTeam(team.id.uuidString, by: author)
  }

  // MARK: - Players

  /// Adds a player to the team (with `photo`, in the same change).
  package func addPlayer(_ input: PlayerInput, photo: Photo? = nil) async throws(RosterError)
    -> Player
  {
    var input = input
    input.team = team.id.text
    return try await store.playerRows.addPlayer(input, photo: photo, by: author)
  }

  /// Changes the fields `edit` gives of one of the team's players.
  @discardableResult
  package func updatePlayer(
    _ id: UUID, with edit: PlayerEdit, expected: Player? = nil, photo: Photo? = nil,
    removingPhoto: Bool = false
  ) async throws(RosterError) -> Player {
    _ = try owned(id)
    return try await store.playerRows.updatePlayer(
      id: id, with: edit, expected: expected, photo: photo, removingPhoto: removingPhoto,
      onTeam: team.id, by: author)
  }

  /// Gives one of the team's players a photo, or takes it away (nil).
  package func setPhoto(of id: UUID, to photo: Photo?) async throws(RosterError) -> Player {
    _ = try owned(id)
    return try await store.playerRows.setPhoto(of: id, to: photo, onTeam: team.id)
  }

  /// Moves one of the team's players to Recently removed.
  package func removePlayer(_ id: UUID) async throws(RosterError) {
    _ = try owned(id)
    _ = try await store.playerRows.removePlayer(id: id, onTeam: team.id, by: author)
  }

  /// Brings back a player the team removed.
  package func restorePlayer(_ id: UUID) async throws(RosterError) -> Player {
    guard let removal = store.roster.removal(id: id), removal.player.teamID == team.id else {
      throw .notFound(id)
    }
    return try await store.playerRows.restorePlayer(id: removal.player.id, by: author)
  }

  /// Puts the team's players in the order of `ids`.
  @discardableResult
  package func reorder(_ ids: [UUID], expected: [UUID]?) async throws(RosterError) -> [Player] {
    try await store.playerRows.reorder(ids, expected: expected, team: team.id.text, by: author)
  }

  /// Exchanges two of the team's players.
  package func swapPlayers(_ id: UUID, with other: UUID) async throws(RosterError) -> (
    Player, Player
  ) {
    _ = try owned(id)
    _ = try owned(other)
    return try await store.playerRows.swapPlayers(id, with: other, onTeam: team.id, by: author)
  }

  /// Moves one of the team's players to `target`, whose role is checked here too: a move
  /// changes both teams.
  package func transferPlayer(_ id: UUID, to target: Team, lineup: Lineup? = nil) async throws
    -> Player
  {
    _ = try owned(id)
    try Door.check(identity, may: .editor, on: target, in: language)
    return try await store.playerRows.transferPlayer(
      id: id, to: target.id.text, lineup: lineup, from: team.id, by: author)
  }

  // MARK: - Solo queue

  /// The team's players, or only `player` of them (a refresh from Riot is started for these).
  package func players(only player: UUID? = nil) throws(RosterError) -> [Player] {
    guard let player else { return store.roster.players(in: team.id) }
    return [try owned(player)]
  }

  /// A feature's rows, bound to this team.
  package func rows<R: TeamBoundRows>(_ type: R.Type) -> R {
    R(store: store, team: team, author: author)
  }

  // MARK: - Imports

  package func importTurn<T>(_ body: () async throws -> T) async throws -> T {
    try await store.importRows.importTurn(body)
  }

  package func planImport(_ data: Data, mode: RosterImport.Mode) async throws -> RosterImport {
    try await store.importRows.planImportAside(data, team: team, mode: mode)
  }

  /// Applies an import made for this team (a plan for another team or the organisation is
  /// refused).
  package func importRoster(_ plan: RosterImport, photos: [UUID: Photo]) async throws(RosterError)
    -> ImportRecord
  {
    guard plan.team?.id == team.id else { throw .teamNotFound(plan.team?.tag ?? "") }
    return try await store.importRows.importRoster(plan, photos: photos, by: author)
  }

  /// Undoes one of this team's imports.
  @discardableResult
  package func undoImport(_ id: Int64) async throws(RosterError) -> ImportRecord {
    try await store.importRows.undoImport(id, onTeam: team.id, by: author)
  }
}

extension Roster {
  /// `team`'s player `id`, as the roster is now.
  package func owned(_ id: UUID, by team: Team) throws(RosterError) -> Player {
    guard let player = player(id: id), player.teamID == team.id else { throw .notFound(id) }
    return player
  }

  /// Whether event `id` is `team`'s, as the roster is now.
  func ownsEvent(_ id: UUID, by team: Team) throws(RosterError) {
    guard schedule.event(id: id)?.teamID == team.id else { throw .notFound(id) }
  }
}

/// The store as a handler may change a team's week (``TeamScope/week``), bound to the team
/// the door checked as ``TeamScope`` is: what it changes by id must be that team's (404
/// otherwise).
package struct WeekScope: Sendable {
  private let store: RosterStore
  package let team: Team
  private let author: String
  /// The request's language, for the refusals the scope words itself.
  private let language: Language

  fileprivate init(store: RosterStore, team: Team, author: String, language: Language) {
    self.store = store
    self.team = team
    self.author = author
    self.language = language
  }

  private func owned(_ id: UUID) throws(RosterError) -> Player {
    try store.roster.owned(id, by: team)
  }

  private func ownedEvent(_ id: UUID) throws(RosterError) {
    try store.roster.ownsEvent(id, by: team)
  }

  /// Replaces the weekly hours and days away of one of the team's players.
  package func setAvailability(of id: UUID, to availability: Availability) async throws(RosterError)
  {
    _ = try owned(id)
    try await store.weekRows.setAvailability(of: id, to: availability, onTeam: team.id, by: author)
  }

  // MARK: - The week

  /// Plans an event of the team.
  package func addEvent(_ input: EventInput) async throws(RosterError) -> TeamEvent {
    try await store.weekRows.addEvent(input, team: team.id.text, by: author)
  }

  /// Changes one of the team's events.
  @discardableResult
  package func updateEvent(_ id: UUID, with input: EventInput) async throws(RosterError)
    -> TeamEvent
  {
    try ownedEvent(id)
    return try await store.weekRows.updateEvent(id: id, with: input, by: author)
  }

  /// Cancels one of the team's events, and with `following` the events of its series after
  /// it.
  package func removeEvent(_ id: UUID, following: Bool = false) async throws(RosterError) {
    try ownedEvent(id)
    try await store.weekRows.removeEvent(id: id, following: following, by: author)
  }

  /// Brings one of the team's events back from "Recently removed".
  @discardableResult
  package func restoreEvent(_ id: UUID) async throws(RosterError) -> TeamEvent {
    try await store.weekRows.restoreEvent(id: id, onTeam: team.id, by: author)
  }

  /// Logs the games of one of the team's events.
  @discardableResult
  package func logGames(_ games: [GameInput], of id: UUID) async throws(RosterError) -> TeamEvent {
    try ownedEvent(id)
    return try await store.weekRows.logGames(games, of: id, by: author)
  }

  /// The answer to one of the team's events of one of its players, or of a player of the
  /// organisation it invited, with a few words or none.
  @discardableResult
  package func answer(
    _ answer: TeamEvent.Answer?, comment: String? = nil, for player: UUID, to event: UUID
  ) async throws(RosterError) -> TeamEvent {
    try ownedEvent(event)
    if store.roster.schedule.event(id: event)?.invited.contains(player) != true {
      _ = try owned(player)
    }
    return try await store.weekRows.answer(
      answer, comment: comment, for: player, to: event, by: author)
  }

  /// Invites a player of the organisation to one of the team's events.
  @discardableResult
  package func invite(_ player: UUID, to event: UUID) async throws(RosterError) -> TeamEvent {
    try ownedEvent(event)
    return try await store.weekRows.invite(player, to: event, by: author)
  }

  // MARK: - Calendar addresses

  /// A new calendar address for the team's events, or for one of its players' (`player`).
  package func createFeed(player: UUID? = nil) async throws(RosterError) -> CalendarFeed {
    guard let player else { return try await store.weekRows.createFeed(team: team.id) }
    _ = try owned(player)
    return try await store.weekRows.createFeed(player: player)
  }

  /// Revokes one of the team's calendar addresses, or one of its players' (only `player`'s
  /// when given).
  /// - Throws: 404 when no such address has `secret`.
  package func revokeFeed(_ secret: String, player: UUID? = nil) async throws {
    let roster = store.roster
    guard let feed = roster.schedule.feed(secret: secret),
      Self.team(of: feed, in: roster) == team.id, player == nil || feed.playerID == player
    else {
      throw HTTPError(
        .notFound, language.localized("No calendar address of %@ has this secret.", team.name))
    }
    try await store.weekRows.revokeFeed(secret)
  }

  /// The team a calendar address belongs to: its own, or its player's.
  package static func team(of feed: CalendarFeed, in roster: Roster) -> UUID? {
    feed.teamID ?? feed.playerID.flatMap { roster.player(id: $0)?.teamID }
  }
}

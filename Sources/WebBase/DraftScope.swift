import Foundation
import TeamKit
import TeamStore

/// The store as a handler may change a team's drafts, pools, mock drafts and game notes
/// (``TeamScope/drafts``), bound to the team the door checked as ``TeamScope`` is: what it
/// changes by id must be that team's (404 otherwise).
package struct DraftScope: Sendable {
  private let store: RosterStore
  package let team: Team
  private let author: String

  init(store: RosterStore, team: Team, author: String) {
    self.store = store
    self.team = team
    self.author = author
  }

  private func owned(_ id: UUID) throws(RosterError) -> Player {
    try store.roster.owned(id, by: team)
  }

  private func ownedEvent(_ id: UUID) throws(RosterError) {
    try store.roster.ownsEvent(id, by: team)
  }

  /// A new secret address of one game's draft board of one of the team's events.
  @discardableResult
  package func addDraftLink(to id: UUID, game: Int, kind: DraftLink.Kind)
    async throws(RosterError) -> DraftLink
  {
    try ownedEvent(id)
    return try await store.draftRows.addDraftLink(
      to: id, game: game, kind: kind, onTeam: team.id, by: author)
  }

  /// Revokes a draft board's secret address of one of the team's events.
  package func revokeDraftLink(_ secret: String) async throws(RosterError) {
    try await store.draftRows.revokeDraftLink(secret, onTeam: team.id)
  }

  /// The draft a captain's link gives, for its game of the team's event: the history names
  /// the other team's captain.
  @discardableResult
  package func saveDraft(_ draft: GameDraft, through link: DraftLink)
    async throws(RosterError) -> TeamEvent
  {
    try ownedEvent(link.eventID)
    let opponent = store.roster.schedule.event(id: link.eventID)?.opponent ?? ""
    let captain = opponent.isEmpty ? "captain" : "\(opponent) captain"
    return try await store.draftRows.saveDraft(
      draft, game: link.game, of: link.eventID, by: captain)
  }

  /// Puts one of the team's players' champion pool.
  @discardableResult
  package func setPool(of id: UUID, to inputs: [PoolInput]) async throws(RosterError) -> [PoolEntry]
  {
    _ = try owned(id)
    return try await store.draftRows.setPool(of: id, to: inputs, onTeam: team.id, by: author)
  }

  /// Times each turn of one of the team's draft boards (nil: no timer).
  @discardableResult
  package func setTurnTimer(of id: UUID, to seconds: Int?) async throws(RosterError) -> TeamEvent {
    try await store.draftRows.setTurnTimer(of: id, to: seconds, onTeam: team.id, by: author)
  }

  /// Puts a game's draft of one of the team's events, checked under its series' rule.
  @discardableResult
  package func saveDraft(_ draft: GameDraft, game: Int, of id: UUID) async throws(RosterError)
    -> TeamEvent
  {
    try ownedEvent(id)
    return try await store.draftRows.saveDraft(draft, game: game, of: id, by: author)
  }

  /// A ban or pick proposed for one of the team's events, for one of its players or none.
  @discardableResult
  package func propose(_ input: ProposalInput, to id: UUID) async throws(RosterError)
    -> DraftProposal
  {
    try ownedEvent(id)
    if let player = input.player { _ = try owned(player) }
    return try await store.draftRows.propose(input, to: id, onTeam: team.id, by: author)
  }

  /// A new mock draft of the team, empty or from one of its games' drafts.
  @discardableResult
  package func addMock(named name: String, side: Game.Side, from origin: MockDraft.Origin?)
    async throws(RosterError) -> MockDraft
  {
    try await store.draftRows.addMock(
      named: name, side: side, from: origin, team: team.id, by: author)
  }

  /// A champion chosen (or a turn emptied) in one of the team's mock drafts.
  @discardableResult
  package func chooseInMock(_ id: UUID, champion: String?, at turn: Int)
    async throws(RosterError) -> MockDraft
  {
    try await store.draftRows.chooseInMock(
      id, champion: champion, at: turn, team: team.id, by: author)
  }

  /// Deletes one of the team's mock drafts.
  package func removeMock(_ id: UUID) async throws(RosterError) {
    try await store.draftRows.removeMock(id, team: team.id, by: author)
  }

  /// Adds a note to a game of one of the team's events.
  @discardableResult
  package func addNote(_ input: GameNoteInput, to id: UUID) async throws(RosterError) -> GameNote {
    try ownedEvent(id)
    if let player = input.player { _ = try owned(player) }
    return try await store.draftRows.addNote(input, to: id, onTeam: team.id, by: author)
  }

  /// Takes a note off one of the team's events.
  package func removeNote(_ note: UUID, of id: UUID) async throws(RosterError) {
    try ownedEvent(id)
    try await store.draftRows.removeNote(note, of: id, onTeam: team.id, by: author)
  }

  /// Takes a proposal off one of the team's events.
  package func withdrawProposal(_ proposal: UUID, of id: UUID) async throws(RosterError) {
    try ownedEvent(id)
    try await store.draftRows.withdrawProposal(proposal, of: id, onTeam: team.id, by: author)
  }
}

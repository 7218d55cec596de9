import Foundation
import TeamKit

/// The drafts a team tries out away from any game (``MockDraft``): made empty or from a
/// game's draft, filled turn by turn, deleted.
extension DraftRows {
  /// A new mock draft of team `team`, named `name`, our side `side`, or starting from game
  /// `origin`'s draft (its side and turns).
  /// - Throws: ``RosterError/invalid(_:)`` (on the `draft` field), ``RosterError/notFound(_:)``
  ///   for a game not of the team, or ``RosterError/storage(_:)``.
  @discardableResult
  public func addMock(
    named name: String, side: Game.Side, from origin: MockDraft.Origin? = nil, team: UUID,
    by author: String = RosterStore.local
  ) async throws(RosterError) -> MockDraft {
    try await store.change(by: author) { change, _ in
      let schedule = change.roster.schedule
      guard schedule.mocks.count(where: { $0.teamID == team }) < MockDraft.maxPerTeam else {
        throw RosterError.invalid(
          ValidationError(
            .draft,
            Message(
              "A team keeps %@ mock drafts at most; delete old ones first.", MockDraft.maxPerTeam)
          ))
      }
      var draft = GameDraft(side: side)
      if let origin {
        guard let event = schedule.event(id: origin.event), event.teamID == team,
          event.drafts.indices.contains(origin.game - 1)
        else { throw RosterError.notFound(origin.event) }
        draft = event.drafts[origin.game - 1]
      }
      let mock = MockDraft(
        teamID: team, name: try MockDraft.checkedName(name), draft: draft, origin: origin,
        updated: change.at)
      return (true, change.save(mock))
    }
  }

  /// Mock draft `id` of team `team` with `champion` in turn `turn` (nil: the turn emptied).
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` for a champion not
  ///   in the catalog or already in the draft, or ``RosterError/storage(_:)``.
  @discardableResult
  public func chooseInMock(
    _ id: UUID, champion: String?, at turn: Int, team: UUID, by author: String = RosterStore.local
  ) async throws(RosterError) -> MockDraft {
    try await store.change(by: author) { change, _ in
      guard var mock = change.roster.schedule.mocks.first(where: { $0.id == id }),
        mock.teamID == team, DraftSlot.order.indices.contains(turn)
      else { throw RosterError.notFound(id) }
      var chosen: String?
      if let champion {
        guard let found = change.roster.champions.match(champion) else {
          throw RosterError.invalid(
            ValidationError(
              .draft, Message("“%@” is not a champion; check its spelling.", champion)))
        }
        if let other = mock.draft.champions.firstIndex(of: found.id), other != turn {
          throw RosterError.invalid(
            ValidationError(
              .draft,
              Message(
                "%1$@ is in the draft already (%2$@).", found.name, DraftSlot.order[other].code)))
        }
        chosen = found.id
      }
      mock.draft = mock.draft.choosing(chosen, at: turn)
      mock.updated = change.at
      return (true, change.save(mock))
    }
  }

  /// Deletes mock draft `id` of team `team`.
  /// - Throws: ``RosterError/notFound(_:)`` or ``RosterError/storage(_:)``.
  public func removeMock(_ id: UUID, team: UUID, by author: String = RosterStore.local)
    async throws(RosterError)
  {
    try await store.change(by: author) { change, _ in
      guard change.roster.schedule.mocks.contains(where: { $0.id == id && $0.teamID == team })
      else { throw RosterError.notFound(id) }
      change.remove(mock: id)
      return (true, ())
    }
  }
}

/// The mock drafts' rows: each one's turns kept as the draft's JSON.
extension Writer {
  /// The mock drafts, the newest first.
  func mocks() throws -> [MockDraft] {
    enum Column: Int32, SQLColumns { case id, teamID, name, draft, fromEvent, fromGame, updated }
    var mocks: [MockDraft] = []
    try statement("SELECT \(Column.list()) FROM mock_draft")
      .forEachRow { row in
        let id = row.text(Column.id)
        let draft = try? TeamJSON.decode(GameDraft.self, from: Data(row.text(Column.draft).utf8))
        mocks.append(
          MockDraft(
            id: try read(UUID(text: id), "mock_draft", id, "the id"),
            teamID: try read(UUID(text: row.text(Column.teamID)), "mock_draft", id, "the team"),
            name: row.text(Column.name), draft: try read(draft, "mock_draft", id, "the draft"),
            origin: try row.optional(Column.fromEvent).map { event in
              MockDraft.Origin(
                event: try read(UUID(text: event), "mock_draft", id, "the game's event"),
                game: Int(row.int(Column.fromGame)))
            },
            updated: Date(timeIntervalSince1970: row.double(Column.updated))))
      }
    return mocks.sorted(by: MockDraft.newestFirst)
  }

  /// Writes a mock draft in place of the one stored with its id.
  func save(_ mock: MockDraft) throws {
    try delete(mock: mock.id)
    try statement(
      """
      INSERT INTO mock_draft (id, team_id, name, draft, from_event, from_game, updated)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
      """
    ).bind(
      .text(mock.id.text), .text(mock.teamID.text), .text(mock.name),
      .text(String(decoding: TeamJSON.encode(mock.draft), as: UTF8.self)),
      mock.origin.map { .text($0.event.text) } ?? .null,
      mock.origin.map { .int(Int64($0.game)) } ?? .null,
      .double(mock.updated.timeIntervalSince1970)
    ).run()
  }

  func delete(mock id: UUID) throws {
    try statement("DELETE FROM mock_draft WHERE id = ?1").bind(.text(id.text)).run()
  }
}

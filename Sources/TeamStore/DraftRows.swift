import Foundation
import TeamKit

/// The drafts' rows: each game's side, and its turns in tournament order (an empty turn has
/// no row). The same SQL on SQLite and PostgreSQL.
extension Writer {
  /// Reads every event's drafts into `events`.
  func readDrafts(into events: inout [UUID: TeamEvent]) throws {
    enum Game: Int32, SQLColumns { case eventID, game, side }
    enum Turn: Int32, SQLColumns { case eventID, game, turn, champion, position, playerID }
    try statement("SELECT \(Game.list()) FROM draft_game ORDER BY event_id, game").forEachRow {
      row in
      let id = row.text(Game.eventID)
      let side = try readDraft(TeamKit.Game.Side(rawValue: row.text(Game.side)), id, "the side")
      guard let event = UUID(text: id), events[event] != nil else { return }
      guard Int(row.int(Game.game)) == (events[event]?.drafts.count ?? 0) + 1 else {
        throw StoreOpenError.unreadableRow(
          path: connection.name, table: "draft_game", id: id, reason: "a game's draft is missing")
      }
      events[event]?.drafts.append(GameDraft(side: side))
    }
    try statement("SELECT \(Turn.list()) FROM draft_turn").forEachRow { row in
      let id = row.text(Turn.eventID)
      let (game, turn) = (Int(row.int(Turn.game)) - 1, Int(row.int(Turn.turn)))
      guard let event = UUID(text: id), let drafts = events[event]?.drafts,
        drafts.indices.contains(game), DraftSlot.order.indices.contains(turn)
      else {
        throw StoreOpenError.unreadableRow(
          path: connection.name, table: "draft_turn", id: id, reason: "the turn does not read")
      }
      events[event]?.drafts[game].champions[turn] = row.text(Turn.champion)
      if let position = row.optional(Turn.position) {
        events[event]?.drafts[game].roles[turn] = try readDraft(
          Position(rawValue: position), id, "“\(position)”")
      }
      if let player = row.optional(Turn.playerID) {
        events[event]?.drafts[game].players[turn] = try readDraft(
          UUID(text: player), id, "the player id")
      }
    }
  }

  /// Reads every event's proposals into `events`, the earliest first.
  func readProposals(into events: inout [UUID: TeamEvent]) throws {
    enum Column: Int32, SQLColumns {
      case id, eventID, game, action, champion, playerID, author, note, created
    }
    try statement("SELECT \(Column.list()) FROM draft_proposal ORDER BY created, id").forEachRow {
      row in
      let id = row.text(Column.id)
      guard let event = UUID(text: row.text(Column.eventID)), events[event] != nil else { return }
      let proposal = DraftProposal(
        id: try readDraft(UUID(text: id), id, "the id"), game: Int(row.int(Column.game)),
        action: try readDraft(
          DraftSlot.Action(rawValue: row.text(Column.action)), id, "the action"),
        champion: row.text(Column.champion),
        player: try row.optional(Column.playerID).map {
          try readDraft(UUID(text: $0), id, "the player")
        },
        author: row.text(Column.author), note: row.text(Column.note),
        created: Date(timeIntervalSince1970: row.double(Column.created)))
      events[event]?.proposals.append(proposal)
    }
  }

  private func readDraft<T>(_ value: T?, _ id: String, _ what: String) throws -> T {
    guard let value else {
      throw StoreOpenError.unreadableRow(
        path: connection.name, table: "draft_turn", id: id, reason: "\(what) does not read")
    }
    return value
  }

  /// Writes an event's drafts in place of those stored.
  func saveDrafts(of event: TeamEvent) throws {
    try deleteDrafts(of: event.id)
    let game = try statement("INSERT INTO draft_game (event_id, game, side) VALUES (?1, ?2, ?3)")
    let turn = try statement(
      """
      INSERT INTO draft_turn (event_id, game, turn, champion, position, player_id)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6)
      """)
    let proposal = try statement(
      """
      INSERT INTO draft_proposal (id, event_id, game, action, champion, player_id, author, note,
        created)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
      """)
    for item in event.proposals {
      try proposal.bind(
        .text(item.id.text), .text(event.id.text), .int(Int64(item.game)),
        .text(item.action.rawValue), .text(item.champion),
        item.player.map { .text($0.text) } ?? .null, .text(item.author), .text(item.note),
        .double(item.created.timeIntervalSince1970)
      ).run()
    }
    for (index, draft) in event.drafts.enumerated() {
      let number = SQLValue.int(Int64(index + 1))
      try game.bind(.text(event.id.text), number, .text(draft.side.rawValue)).run()
      for (slot, champion) in draft.champions.enumerated() {
        guard let champion else { continue }
        try turn.bind(
          .text(event.id.text), number, .int(Int64(slot)), .text(champion),
          draft.roles[slot].map { .text($0.rawValue) } ?? .null,
          draft.players[slot].map { .text($0.text) } ?? .null
        ).run()
      }
    }
  }

  func deleteDrafts(of id: UUID) throws {
    for table in ["draft_turn", "draft_game", "draft_proposal"] {
      try statement("DELETE FROM \(table) WHERE event_id = ?1").bind(.text(id.text)).run()
    }
  }
}

/// Drafts and pools: a series' drafts, game by game, checked under its rule, the bans and
/// picks proposed for its games, and the players' champion pools (``RosterStore/draftRows``).
public struct DraftRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// Drafts and pools.
  public var draftRows: DraftRows { DraftRows(store: self) }
}

/// A series' drafts, game by game, checked under its rule.
extension DraftRows {
  /// Puts `draft` as game `game`'s (from 1: the games drafted so far, or the next), checked
  /// under the event's rule against the games before, and the games after checked again.
  /// Returns the event as stored.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` (on the `draft`
  ///   field, naming the game that locked a champion) or ``RosterError/storage(_:)``.
  @discardableResult
  public func saveDraft(
    _ draft: GameDraft, game: Int, of id: UUID, by author: String = RosterStore.local
  )
    async throws(RosterError) -> TeamEvent
  {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard var event = roster.schedule.event(id: id) else { throw RosterError.notFound(id) }
      let most = event.gameCount
      let players = Set(roster.players.map(\.id))
      guard (1...min(event.drafts.count + 1, most)).contains(game) else {
        throw ValidationError(
          .draft,
          Message(
            "Draft game %1$@ or an earlier one: this series has %2$@ drafted of %3$@.",
            min(event.drafts.count + 1, most), event.drafts.count, most))
      }
      // The draft given names the event's team's players only; the stored drafts after it,
      // checked again, keep what they named.
      let turns = { (draft: GameDraft?) in DraftSlot.order.indices.map { draft?.players[$0] } }
      try (roster.team(id: event.teamID) ?? roster.firstTeam).checkOwn(
        turns(draft),
        kept: turns(event.drafts.indices.contains(game - 1) ? event.drafts[game - 1] : nil),
        places: DraftSlot.order.map(\.code), among: roster.players, field: .draft)
      var drafts = Array(event.drafts.prefix(game - 1))
      for draft in [draft] + event.drafts.dropFirst(game).map(\.withoutRepeatedRoles) {
        drafts.append(
          try draft.validated(
            after: drafts, rule: event.draftRule, catalog: roster.champions, players: players))
      }
      guard drafts != event.drafts else { return (false, event) }
      event.drafts = drafts
      event = change.saveChanged(event)
      Self.recordEdit(of: event, &change)
      return (true, event)
    }
  }

  /// An event's drafts kept through a change of it: within its format's games and holding
  /// under its rule, which may have changed; refused on the field whose change breaks them.
  static func keptDrafts(of current: TeamEvent, in event: TeamEvent, roster: Roster)
    throws(ValidationError) -> [GameDraft]
  {
    guard current.drafts.count <= event.gameCount else {
      throw ValidationError(
        .format,
        Message(
          "This series has %@ games drafted; choose a format of as many games or more.",
          current.drafts.count))
    }
    let players = Set(roster.players.map(\.id))
    var drafts: [GameDraft] = []
    do {
      for draft in current.drafts.map(\.withoutRepeatedRoles) {
        drafts.append(
          try draft.validated(
            after: drafts, rule: event.draftRule, catalog: roster.champions, players: players))
      }
    } catch { throw ValidationError(.draftRule, error.message) }
    return drafts
  }
}

/// The bans and picks proposed for a series' games.
extension DraftRows {
  /// Adds `input` to event `id`'s proposals, by `author`; with `team`, only on its events.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` (on the `draft`
  ///   field) or ``RosterError/storage(_:)``.
  @discardableResult
  public func propose(
    _ input: ProposalInput, to id: UUID, onTeam team: UUID? = nil,
    by author: String = RosterStore.local
  ) async throws(RosterError) -> DraftProposal {
    try await editing(id, onTeam: team, by: author) { event, roster, at in
      var proposal = try input.validated(
        for: event, catalog: roster.champions,
        players: Set(roster.players(in: event.teamID).map(\.id)), author: author, now: at)
      proposal.created = Writer.stored(proposal.created)  // as it reads back
      event.proposals.append(proposal)
      return proposal
    }
  }

  /// Takes proposal `proposal` off event `id`; with `team`, only on its events.
  /// - Throws: ``RosterError/notFound(_:)`` or ``RosterError/storage(_:)``.
  public func withdrawProposal(
    _ proposal: UUID, of id: UUID, onTeam team: UUID? = nil, by author: String = RosterStore.local
  ) async throws(RosterError) {
    try await editing(id, onTeam: team, by: author) { event, _, _ in
      guard event.proposals.contains(where: { $0.id == proposal }) else {
        throw RosterError.notFound(proposal)
      }
      event.proposals.removeAll { $0.id == proposal }
    }
  }

  /// Adds a note to a game of event `id`, by `author`; with `team`, only on its events.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` (on the `draft`
  ///   field) or ``RosterError/storage(_:)``.
  @discardableResult
  public func addNote(
    _ input: GameNoteInput, to id: UUID, onTeam team: UUID? = nil,
    by author: String = RosterStore.local
  ) async throws(RosterError) -> GameNote {
    try await editing(id, onTeam: team, by: author) { event, roster, at in
      var note = try input.validated(
        for: event, players: Set(roster.players(in: event.teamID).map(\.id)), author: author,
        now: at)
      note.written = Writer.stored(note.written)  // as it reads back
      event.gameNotes.append(note)
      return note
    }
  }

  /// Takes note `note` off event `id`; with `team`, only on its events.
  /// - Throws: ``RosterError/notFound(_:)`` or ``RosterError/storage(_:)``.
  public func removeNote(
    _ note: UUID, of id: UUID, onTeam team: UUID? = nil, by author: String = RosterStore.local
  ) async throws(RosterError) {
    try await editing(id, onTeam: team, by: author) { event, _, _ in
      guard event.gameNotes.contains(where: { $0.id == note }) else {
        throw RosterError.notFound(note)
      }
      event.gameNotes.removeAll { $0.id == note }
    }
  }

  /// Event `id` (of `team`, when given) changed in place by `edit`, which gets the roster and
  /// the change's instant; saved with its history entry.
  private func editing<T: Sendable>(
    _ id: UUID, onTeam team: UUID?, by author: String,
    _ edit: @escaping (inout TeamEvent, Roster, Date) throws -> T
  ) async throws(RosterError) -> T {
    try await store.change(by: author) { change, _ in
      guard var event = change.roster.schedule.event(id: id), team == nil || event.teamID == team
      else { throw RosterError.notFound(id) }
      let result = try edit(&event, change.roster, change.at)
      Self.recordEdit(of: change.save(event), &change)
      return (true, result)
    }
  }

  /// The history entry of an event's drafts or proposals changed.
  static func recordEdit(of event: TeamEvent, _ change: inout Change) {
    let team = change.roster.team(id: event.teamID) ?? change.roster.firstTeam
    change.record(
      .eventEdited, name: event.opponent, from: event.kind.rawValue,
      to: WeekRows.clock(event, team))
  }
}

import Foundation
import TeamKit

/// The week's rows: weekly hours, days away, events with their invitations and games, and
/// the calendar feeds. The same SQL on SQLite and PostgreSQL.
extension Writer {
  /// The whole schedule as the database holds it.
  /// - Throws: ``StoreOpenError/unreadableRow(path:table:id:reason:)`` for a row that does
  ///   not read (never skipped: a week missing an event must not look complete).
  func schedule() throws -> Schedule {
    var (events, removedAt) = try events()
    try readInvitations(into: &events)
    try readGames(into: &events)
    try readDrafts(into: &events)
    try readProposals(into: &events)
    try readNotes(into: &events)
    var schedule = Schedule(
      events: events.values.filter { removedAt[$0.id] == nil }, availability: try availability(),
      feeds: try feeds(), pools: try pools())
    schedule.draftLinks = try draftLinks()
    schedule.mocks = try mocks()
    schedule.removed = removedAt.compactMap { id, at in
      events[id].map { RemovedEvent(event: $0, removedAt: at) }
    }.sorted(by: RemovedEvent.latestFirst)
    return schedule
  }

  /// `value`, or the error that names the row it did not read from.
  func read<T>(_ value: T?, _ table: String, _ id: String, _ what: String) throws -> T {
    guard let value else {
      throw StoreOpenError.unreadableRow(
        path: connection.name, table: table, id: id, reason: "\(what) does not read")
    }
    return value
  }

  private func availability() throws -> [UUID: Availability] {
    enum Block: Int32, SQLColumns { case playerID, day, startMinute, endMinute }
    enum Away: Int32, SQLColumns { case playerID, firstDay, lastDay }
    var availability: [UUID: Availability] = [:]
    try statement(
      "SELECT \(Block.list()) FROM availability_block ORDER BY player_id, day, start_minute"
    ).forEachRow { row in
      let id = row.text(Block.playerID)
      let player = try read(UUID(text: id), "availability_block", id, "the id")
      let day = try read(
        Weekday(rawValue: Int(row.int(Block.day))), "availability_block", id, "the day")
      availability[player, default: Availability()].weekly.append(
        WeeklyBlock(
          day: day, start: Int(row.int(Block.startMinute)), end: Int(row.int(Block.endMinute))))
    }
    try statement("SELECT \(Away.list()) FROM absence ORDER BY player_id, first_day")
      .forEachRow { row in
        let id = row.text(Away.playerID)
        let player = try read(UUID(text: id), "absence", id, "the id")
        let first = try read(
          Day(row.text(Away.firstDay)), "absence", id, "“\(row.text(Away.firstDay))”")
        let last = try read(
          Day(row.text(Away.lastDay)), "absence", id, "“\(row.text(Away.lastDay))”")
        availability[player, default: Availability()].away.append(
          Absence(first: first, last: last))
      }
    return availability
  }

  /// Every event, and when those in "Recently removed" were cancelled.
  private func events() throws -> ([UUID: TeamEvent], [UUID: Date]) {
    enum Column: Int32, SQLColumns {
      case id, teamID, kind, starts, ends, opponent, format, place, notes, sequence, updated
      case seriesID, draftRule, removedAt, turnSeconds
    }
    var events: [UUID: TeamEvent] = [:]
    var removedAt: [UUID: Date] = [:]
    try statement("SELECT \(Column.list()) FROM team_event").forEachRow { row in
      let text = row.text(Column.id)
      func value<T>(_ value: T?, _ column: Column) throws -> T {
        try read(value, "team_event", text, "“\(row.text(column))”")
      }
      let id = try value(UUID(text: text), .id)
      let format = try row.optional(Column.format).map {
        try value(TeamEvent.Format(rawValue: $0), .format)
      }
      events[id] = TeamEvent(
        id: id, teamID: try value(UUID(text: row.text(Column.teamID)), .teamID),
        kind: try value(TeamEvent.Kind(rawValue: row.text(Column.kind)), .kind),
        start: Date(timeIntervalSince1970: row.double(Column.starts)),
        end: Date(timeIntervalSince1970: row.double(Column.ends)),
        opponent: row.text(Column.opponent), format: format, place: row.text(Column.place),
        notes: row.text(Column.notes),
        series: try row.optional(Column.seriesID).map { try value(UUID(text: $0), .seriesID) },
        sequence: Int(row.int(Column.sequence)),
        updated: Date(timeIntervalSince1970: row.double(Column.updated)))
      events[id]?.draftRule = try value(DraftRule(rawValue: row.text(Column.draftRule)), .draftRule)
      // Within the timers offered: no stored number makes a board count from a strange one.
      events[id]?.turnSeconds =
        row.isNull(Column.turnSeconds)
        ? nil : TeamEvent.turnTimers.first { $0 == Int(row.int(Column.turnSeconds)) }
      if !row.isNull(Column.removedAt) {
        removedAt[id] = Date(timeIntervalSince1970: row.double(Column.removedAt))
      }
    }
    return (events, removedAt)
  }

  private func readInvitations(into events: inout [UUID: TeamEvent]) throws {
    enum Column: Int32, SQLColumns { case eventID, playerID, answer, comment }
    try statement(
      "SELECT \(Column.list()) FROM event_invitation ORDER BY event_id, sort_order"
    ).forEachRow { row in
      let id = row.text(Column.eventID)
      let event = try read(UUID(text: id), "event_invitation", id, "the id")
      let player = try read(
        UUID(text: row.text(Column.playerID)), "event_invitation", id, "the player id")
      events[event]?.invited.append(player)
      if let answer = row.optional(Column.answer) {
        events[event]?.answers[player] = try read(
          TeamEvent.Answer(rawValue: answer), "event_invitation", id, "“\(answer)”")
      }
      if let comment = row.optional(Column.comment) { events[event]?.comments[player] = comment }
    }
  }

  /// The games and, in each, the picks in role order.
  private func readGames(into events: inout [UUID: TeamEvent]) throws {
    enum GameColumn: Int32, SQLColumns { case eventID, result, side, vod }
    enum PickColumn: Int32, SQLColumns {
      case eventID, number, position, playerID, champion, opponent, guessed
    }
    try statement("SELECT \(GameColumn.list()) FROM event_game ORDER BY event_id, number")
      .forEachRow { row in
        let id = row.text(GameColumn.eventID)
        let event = try read(UUID(text: id), "event_game", id, "the id")
        let result = try read(
          Game.Result(rawValue: row.text(GameColumn.result)), "event_game", id,
          "“\(row.text(GameColumn.result))”")
        let side = try row.optional(GameColumn.side).map {
          try read(Game.Side(rawValue: $0), "event_game", id, "“\($0)”")
        }
        events[event]?.games.append(
          Game(result: result, side: side, vod: row.optional(GameColumn.vod)))
      }
    try statement("SELECT \(PickColumn.list()) FROM game_pick ORDER BY event_id, number")
      .forEachRow { row in
        let id = row.text(PickColumn.eventID)
        let event = try read(UUID(text: id), "game_pick", id, "the id")
        let position = try read(
          Position(rawValue: row.text(PickColumn.position)), "game_pick", id,
          "“\(row.text(PickColumn.position))”")
        let number = Int(row.int(PickColumn.number))
        _ = try read(
          events[event]?.games.indices.contains(number - 1) == true ? true : nil, "game_pick",
          id, "game \(number)")
        let player = try row.optional(PickColumn.playerID).map {
          try read(UUID(text: $0), "game_pick", id, "the player id")
        }
        let pick = Game.Pick(
          position: position, playerID: player, champion: row.text(PickColumn.champion),
          guessed: row.int(PickColumn.guessed) != 0)
        if row.int(PickColumn.opponent) != 0 {
          events[event]?.games[number - 1].opponentPicks.append(pick)
        } else {
          events[event]?.games[number - 1].picks.append(pick)
        }
      }
    func inRoleOrder(_ picks: [Game.Pick]) -> [Game.Pick] {
      picks.sorted {
        (Position.allCases.firstIndex(of: $0.position) ?? 0)
          < (Position.allCases.firstIndex(of: $1.position) ?? 0)
      }
    }
    for (id, event) in events {
      events[id]?.games = event.games.map { game in
        var game = game
        game.picks = inRoleOrder(game.picks)
        game.opponentPicks = inRoleOrder(game.opponentPicks)
        return game
      }
    }
  }

  private func feeds() throws -> [CalendarFeed] {
    enum Column: Int32, SQLColumns { case secret, teamID, playerID, created }
    var feeds: [CalendarFeed] = []
    try statement("SELECT \(Column.list()) FROM calendar_feed ORDER BY created, secret")
      .forEachRow { row in
        // Named by its place, never by its secret.
        let team = try row.optional(Column.teamID).map {
          try read(UUID(text: $0), "calendar_feed", "?", "the team id")
        }
        let player = try row.optional(Column.playerID).map {
          try read(UUID(text: $0), "calendar_feed", "?", "the player id")
        }
        feeds.append(
          CalendarFeed(
            secret: row.text(Column.secret), teamID: team, playerID: player,
            created: Date(timeIntervalSince1970: row.double(Column.created))))
      }
    return feeds
  }

  /// Replaces a player's weekly hours and days away.
  func setAvailability(of player: UUID, to availability: Availability) throws {
    let id = SQLValue.text(player.text)
    touched.players.insert(player)
    try statement("DELETE FROM availability_block WHERE player_id = ?1").bind(id).run()
    try statement("DELETE FROM absence WHERE player_id = ?1").bind(id).run()
    let block = try statement(
      "INSERT INTO availability_block (player_id, day, start_minute, end_minute) VALUES (?1, ?2, ?3, ?4)"
    )
    for item in availability.weekly {
      try block.bind(
        id, .int(Int64(item.day.rawValue)), .int(Int64(item.start)), .int(Int64(item.end))
      )
      .run()
    }
    let absence = try statement(
      "INSERT INTO absence (player_id, first_day, last_day) VALUES (?1, ?2, ?3)")
    for item in availability.away {
      try absence.bind(id, .text(item.first.description), .text(item.last.description)).run()
    }
  }

  /// Writes an event whole, in place of what was stored under its id; returns it as it will
  /// be read back (its times as the seconds stored).
  func save(_ event: TeamEvent) throws -> TeamEvent {
    var event = event
    event.start = Self.stored(event.start)
    event.end = Self.stored(event.end)
    event.updated = Self.stored(event.updated)
    try delete(event: event.id)
    try statement(
      """
      INSERT INTO team_event (id, team_id, kind, starts, ends, opponent, format, place, notes,
        sequence, updated, series_id, draft_rule, turn_seconds)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
      """
    ).bind(
      .text(event.id.text), .text(event.teamID.text), .text(event.kind.rawValue),
      .double(event.start.timeIntervalSince1970), .double(event.end.timeIntervalSince1970),
      .text(event.opponent), event.format.map { .text($0.rawValue) } ?? .null,
      .text(event.place), .text(event.notes), .int(Int64(event.sequence)),
      .double(event.updated.timeIntervalSince1970), event.series.map { .text($0.text) } ?? .null,
      .text(event.draftRule.rawValue), event.turnSeconds.map { .int(Int64($0)) } ?? .null
    ).run()
    try saveDrafts(of: event)
    try saveNotes(of: event)
    let invitation = try statement(
      """
      INSERT INTO event_invitation (event_id, player_id, sort_order, answer, comment)
      VALUES (?1, ?2, ?3, ?4, ?5)
      """
    )
    for (index, player) in event.invited.enumerated() {
      try invitation.bind(
        .text(event.id.text), .text(player.text), .int(Int64(index)),
        event.answers[player].map { .text($0.rawValue) } ?? .null,
        event.comments[player].map { .text($0) } ?? .null
      ).run()
    }
    let game = try statement(
      "INSERT INTO event_game (event_id, number, result, side, vod) VALUES (?1, ?2, ?3, ?4, ?5)")
    let pick = try statement(
      """
      INSERT INTO game_pick (event_id, number, position, player_id, champion, opponent, guessed)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
      """
    )
    for (index, item) in event.games.enumerated() {
      let number = SQLValue.int(Int64(index + 1))
      try game.bind(
        .text(event.id.text), number, .text(item.result.rawValue),
        item.side.map { .text($0.rawValue) } ?? .null, item.vod.map { .text($0) } ?? .null
      ).run()
      for (choice, opponent) in item.picks.map({ ($0, 0) }) + item.opponentPicks.map({ ($0, 1) }) {
        try pick.bind(
          .text(event.id.text), number, .text(choice.position.rawValue),
          choice.playerID.map { .text($0.text) } ?? .null, .text(choice.champion),
          .int(Int64(opponent)), .int(choice.guessed ? 1 : 0)
        ).run()
      }
    }
    return event
  }

  /// Writes an event's game notes in their order (its rows deleted with the event's first).
  private func saveNotes(of event: TeamEvent) throws {
    guard !event.gameNotes.isEmpty else { return }
    let insert = try statement(
      """
      INSERT INTO game_note (id, event_id, sort_order, game, text, player_id, turn, author,
        written)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
      """)
    for (index, note) in event.gameNotes.enumerated() {
      try insert.bind(
        .text(note.id.text), .text(event.id.text), .int(Int64(index)), .int(Int64(note.game)),
        .text(note.text), note.player.map { .text($0.text) } ?? .null,
        note.turn.map { .int(Int64($0)) } ?? .null, .text(note.author),
        .double(note.written.timeIntervalSince1970)
      ).run()
    }
  }

  /// The game notes, each on its event in its order.
  private func readNotes(into events: inout [UUID: TeamEvent]) throws {
    enum Column: Int32, SQLColumns { case id, eventID, game, text, playerID, turn, author, written }
    try statement("SELECT \(Column.list()) FROM game_note ORDER BY event_id, sort_order")
      .forEachRow { row in
        let id = row.text(Column.id)
        guard let event = UUID(text: row.text(Column.eventID)), events[event] != nil else {
          return
        }
        events[event]?.gameNotes.append(
          GameNote(
            id: try read(UUID(text: id), "game_note", id, "the id"),
            game: Int(row.int(Column.game)), text: row.text(Column.text),
            player: try row.optional(Column.playerID).map {
              try read(UUID(text: $0), "game_note", id, "the player")
            },
            turn: row.isNull(Column.turn) ? nil : Int(row.int(Column.turn)),
            author: row.text(Column.author),
            written: Date(timeIntervalSince1970: row.double(Column.written))))
      }
  }

  /// A date as reading its stored seconds gives it back: a `Date` counts from 2001, so the
  /// seconds from 1970 do not always convert back to the same value.
  static func stored(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970)
  }

  /// Writes an event in "Recently removed", whole, with when it was cancelled.
  func save(_ removal: RemovedEvent) throws {
    _ = try save(removal.event)
    try statement("UPDATE team_event SET removed_at = ?2 WHERE id = ?1")
      .bind(.text(removal.id.text), .double(removal.removedAt.timeIntervalSince1970)).run()
  }

  /// Deletes the events cancelled before `date`, for good.
  func purgeEvents(removedBefore date: Date) throws {
    var gone: [UUID] = []
    try statement("SELECT id FROM team_event WHERE removed_at < ?1")
      .bind(.double(date.timeIntervalSince1970))
      .forEachRow { if let id = UUID(text: $0.text(0)) { gone.append(id) } }
    for id in gone { try forget(event: id) }
  }

  /// The draft boards' secret addresses, the oldest first.
  private func draftLinks() throws -> [DraftLink] {
    enum Column: Int32, SQLColumns { case secret, eventID, game, kind, created }
    var links: [DraftLink] = []
    try statement("SELECT \(Column.list()) FROM draft_link ORDER BY created, secret")
      .forEachRow { row in
        let secret = row.text(Column.secret)
        links.append(
          DraftLink(
            secret: secret,
            eventID: try read(UUID(text: row.text(Column.eventID)), "draft_link", secret, "the id"),
            game: Int(row.int(Column.game)),
            kind: try read(
              DraftLink.Kind(rawValue: row.text(Column.kind)), "draft_link", secret, "the kind"),
            created: Date(timeIntervalSince1970: row.double(Column.created))))
      }
    return links
  }

  func insert(_ link: DraftLink) throws {
    try statement(
      "INSERT INTO draft_link (secret, event_id, game, kind, created) VALUES (?1, ?2, ?3, ?4, ?5)"
    ).bind(
      .text(link.secret), .text(link.eventID.text), .int(Int64(link.game)),
      .text(link.kind.rawValue), .double(link.created.timeIntervalSince1970)
    ).run()
  }

  func delete(draftLink secret: String) throws {
    try statement("DELETE FROM draft_link WHERE secret = ?1").bind(.text(secret)).run()
  }

  /// Deletes an event with its invitations and games.
  /// Deletes an event for good: its rows, and the secret addresses of its draft boards.
  func forget(event id: UUID) throws {
    try statement("DELETE FROM draft_link WHERE event_id = ?1").bind(.text(id.text)).run()
    try delete(event: id)
  }

  /// Deletes an event's rows (saving an event writes them again).
  func delete(event id: UUID) throws {
    touched.events.insert(id)
    for table in ["game_pick", "event_game", "event_invitation", "game_note"] {
      try connection.prepare("DELETE FROM \(table) WHERE event_id = ?1").bind(.text(id.text)).run()
    }
    try deleteDrafts(of: id)
    try statement("DELETE FROM team_event WHERE id = ?1").bind(.text(id.text)).run()
  }

  func insert(_ feed: CalendarFeed) throws {
    try statement(
      "INSERT INTO calendar_feed (secret, team_id, player_id, created) VALUES (?1, ?2, ?3, ?4)"
    ).bind(
      .text(feed.secret), feed.teamID.map { .text($0.text) } ?? .null,
      feed.playerID.map { .text($0.text) } ?? .null, .double(feed.created.timeIntervalSince1970)
    ).run()
  }

  func delete(feed secret: String) throws {
    try statement("DELETE FROM calendar_feed WHERE secret = ?1").bind(.text(secret)).run()
  }
}

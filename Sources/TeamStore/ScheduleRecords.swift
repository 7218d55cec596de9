import Foundation
import TeamKit

/// The week's rows: weekly hours, days away, events with their invitations and games, and
/// the calendar feeds. The same SQL on SQLite and PostgreSQL.
extension Writer {
  /// The whole schedule as the database holds it.
  /// - Throws: ``StoreOpenError/unreadableRow(path:table:id:reason:)`` for a row that does
  ///   not read (never skipped: a week missing an event must not look complete).
  func schedule() throws -> Schedule {
    func read<T>(_ value: T?, _ table: String, _ id: String, _ what: String) throws -> T {
      guard let value else {
        throw StoreOpenError.unreadableRow(
          path: connection.name, table: table, id: id, reason: "\(what) does not read")
      }
      return value
    }
    var availability: [UUID: Availability] = [:]
    try statement(
      "SELECT player_id, day, start_minute, end_minute FROM availability_block ORDER BY player_id, day, start_minute"
    ).forEachRow { row in
      let player = try read(UUID(text: row.text(0)), "availability_block", row.text(0), "the id")
      let day = try read(
        Weekday(rawValue: Int(row.int(1))), "availability_block", row.text(0), "the day")
      availability[player, default: Availability()].weekly.append(
        WeeklyBlock(day: day, start: Int(row.int(2)), end: Int(row.int(3))))
    }
    try statement(
      "SELECT player_id, first_day, last_day FROM absence ORDER BY player_id, first_day"
    ).forEachRow { row in
      let player = try read(UUID(text: row.text(0)), "absence", row.text(0), "the id")
      let first = try read(Day(row.text(1)), "absence", row.text(0), "“\(row.text(1))”")
      let last = try read(Day(row.text(2)), "absence", row.text(0), "“\(row.text(2))”")
      availability[player, default: Availability()].away.append(Absence(first: first, last: last))
    }
    var events: [UUID: TeamEvent] = [:]
    try statement(
      """
      SELECT id, team_id, kind, starts, ends, opponent, format, place, notes, sequence, updated
      FROM team_event
      """
    ).forEachRow { row in
      let id = try read(UUID(text: row.text(0)), "team_event", row.text(0), "the id")
      let team = try read(UUID(text: row.text(1)), "team_event", row.text(0), "the team id")
      let kind = try read(
        TeamEvent.Kind(rawValue: row.text(2)), "team_event", row.text(0), "“\(row.text(2))”")
      let format =
        row.isNull(6)
        ? nil
        : try read(
          TeamEvent.Format(rawValue: row.text(6)), "team_event", row.text(0), "“\(row.text(6))”")
      events[id] = TeamEvent(
        id: id, teamID: team, kind: kind, start: Date(timeIntervalSince1970: row.double(3)),
        end: Date(timeIntervalSince1970: row.double(4)), opponent: row.text(5),
        format: format,
        place: row.text(7), notes: row.text(8), sequence: Int(row.int(9)),
        updated: Date(timeIntervalSince1970: row.double(10)))
    }
    try statement(
      """
      SELECT event_id, player_id, answer, comment FROM event_invitation
      ORDER BY event_id, sort_order
      """
    ).forEachRow { row in
      let event = try read(UUID(text: row.text(0)), "event_invitation", row.text(0), "the id")
      let player = try read(
        UUID(text: row.text(1)), "event_invitation", row.text(0), "the player id")
      events[event]?.invited.append(player)
      if !row.isNull(2) {
        events[event]?.answers[player] = try read(
          TeamEvent.Answer(rawValue: row.text(2)), "event_invitation", row.text(0),
          "“\(row.text(2))”")
      }
      if !row.isNull(3) { events[event]?.comments[player] = row.text(3) }
    }
    try statement(
      "SELECT event_id, result, side, vod FROM event_game ORDER BY event_id, number"
    ).forEachRow { row in
      let event = try read(UUID(text: row.text(0)), "event_game", row.text(0), "the id")
      let result = try read(
        Game.Result(rawValue: row.text(1)), "event_game", row.text(0), "“\(row.text(1))”")
      let side =
        row.isNull(2)
        ? nil
        : try read(Game.Side(rawValue: row.text(2)), "event_game", row.text(0), "“\(row.text(2))”")
      events[event]?.games.append(
        Game(
          result: result, side: side,
          vod: row.isNull(3) ? nil : row.text(3)))
    }
    try statement(
      """
      SELECT event_id, number, position, player_id, champion, opponent, guessed FROM game_pick
      ORDER BY event_id, number
      """
    ).forEachRow { row in
      let event = try read(UUID(text: row.text(0)), "game_pick", row.text(0), "the id")
      let position = try read(
        Position(rawValue: row.text(2)), "game_pick", row.text(0), "“\(row.text(2))”")
      let number = Int(row.int(1))
      _ = try read(
        events[event]?.games.indices.contains(number - 1) == true ? true : nil, "game_pick",
        row.text(0), "game \(number)")
      let player =
        row.isNull(3)
        ? nil : try read(UUID(text: row.text(3)), "game_pick", row.text(0), "the player id")
      let pick = Game.Pick(
        position: position, playerID: player,
        champion: row.text(4), guessed: row.int(6) != 0)
      if row.int(5) != 0 {
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
    var feeds: [CalendarFeed] = []
    try statement(
      "SELECT secret, team_id, player_id, created FROM calendar_feed ORDER BY created, secret"
    ).forEachRow { row in
      // Named by its place, never by its secret.
      let team =
        row.isNull(1)
        ? nil : try read(UUID(text: row.text(1)), "calendar_feed", "?", "the team id")
      let player =
        row.isNull(2)
        ? nil : try read(UUID(text: row.text(2)), "calendar_feed", "?", "the player id")
      feeds.append(
        CalendarFeed(
          secret: row.text(0), teamID: team, playerID: player,
          created: Date(timeIntervalSince1970: row.double(3))))
    }
    return Schedule(events: Array(events.values), availability: availability, feeds: feeds)
  }

  /// Replaces every event and every player's availability (an import); the calendar
  /// addresses stay.
  func replaceWeek(with schedule: Schedule) throws {
    for table in [
      "availability_block", "absence", "game_pick", "event_game", "event_invitation", "team_event",
    ] {
      try statement("DELETE FROM \(table)").run()
    }
    for (player, availability) in schedule.availability {
      try setAvailability(of: player, to: availability)
    }
    for event in schedule.events { _ = try save(event) }
  }

  /// Replaces a player's weekly hours and days away.
  func setAvailability(of player: UUID, to availability: Availability) throws {
    let id = SQLValue.text(player.text)
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
        sequence, updated)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
      """
    ).bind(
      .text(event.id.text), .text(event.teamID.text), .text(event.kind.rawValue),
      .double(event.start.timeIntervalSince1970), .double(event.end.timeIntervalSince1970),
      .text(event.opponent), event.format.map { .text($0.rawValue) } ?? .null,
      .text(event.place), .text(event.notes), .int(Int64(event.sequence)),
      .double(event.updated.timeIntervalSince1970)
    ).run()
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

  /// A date as reading its stored seconds gives it back: a `Date` counts from 2001, so the
  /// seconds from 1970 do not always convert back to the same value.
  static func stored(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970)
  }

  /// Deletes an event with its invitations and games.
  func delete(event id: UUID) throws {
    for table in ["game_pick", "event_game", "event_invitation"] {
      try connection.prepare("DELETE FROM \(table) WHERE event_id = ?1").bind(.text(id.text)).run()
    }
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

import Foundation
import TeamKit

/// The teams' rows, and the organisation's name.
extension Writer {
  /// The teams, the first first.
  func teams() throws -> [Team] {
    enum Column: Int32, SQLColumns { case id, name, tag, league, parentID, timeZone, color }
    var teams: [Team] = []
    try statement("SELECT \(Column.list()) FROM team ORDER BY sort_order, tag").forEachRow { row in
      guard let id = UUID(text: row.text(Column.id)) else {
        throw StoreOpenError.unreadableRow(
          path: connection.name, table: "team", id: row.text(Column.id),
          reason: "the id is not a UUID")
      }
      guard let color = TeamColor(rawValue: row.text(Column.color)) else {
        throw StoreOpenError.unreadableRow(
          path: connection.name, table: "team", id: id.text,
          reason: "“\(row.text(Column.color))” is not a team colour")
      }
      teams.append(
        Team(
          id: id, name: row.text(Column.name), tag: row.text(Column.tag),
          league: row.optional(Column.league),
          parentID: row.optional(Column.parentID).flatMap(UUID.init(text:)),
          timeZone: row.text(Column.timeZone), color: color))
    }
    return teams
  }

  /// Adds a team after the others.
  func insert(_ team: Team) throws {
    try statement(
      """
      INSERT INTO team (id, name, tag, league, parent_id, time_zone, color, sort_order)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT coalesce(max(sort_order), 0) + 1 FROM team))
      """
    ).bind(Self.values(team)).run()
  }

  /// Changes a team's fields; its time zone turns its verdicts: every row is looked at.
  func update(_ team: Team) throws {
    touched.all = true
    try statement(
      """
      UPDATE team SET name = ?2, tag = ?3, league = ?4, parent_id = ?5, time_zone = ?6, color = ?7
      WHERE id = ?1
      """
    ).bind(Self.values(team)).run()
  }

  static func values(_ team: Team) -> [SQLValue] {
    [
      .text(team.id.text), .text(team.name), .text(team.tag),
      team.league.map { .text($0) } ?? .null, team.parentID.map { .text($0.text) } ?? .null,
      .text(team.timeZone), .text(team.color.rawValue),
    ]
  }

  /// Deletes a team that has no player; its removed players go to `heir` (they are restored
  /// there) and its academies lose their parent.
  func delete(_ team: Team, heir: Team) throws {
    touched.all = true
    try statement("UPDATE player SET team_id = ?2 WHERE team_id = ?1")
      .bind(.text(team.id.text), .text(heir.id.text)).run()
    try statement("UPDATE team SET parent_id = NULL WHERE parent_id = ?1")
      .bind(.text(team.id.text)).run()
    try statement("DELETE FROM team WHERE id = ?1").bind(.text(team.id.text)).run()
    // Its week goes with it; its events are nobody else's.
    var events: [String] = []
    try statement("SELECT id FROM team_event WHERE team_id = ?1").bind(.text(team.id.text))
      .forEachRow { events.append($0.text(0)) }
    for event in events.compactMap(UUID.init(text:)) { try forget(event: event) }
    try statement("DELETE FROM calendar_feed WHERE team_id = ?1").bind(.text(team.id.text)).run()
  }

  /// An account or API token that may reach `team` and no other, or nil. Removing the team
  /// would leave it limited to no team, which the access rules read as every team.
  func limitedOnly(to team: Team) throws -> String? {
    for (table, column) in [("account_team", "account"), ("token_team", "token")] {
      var name: String?
      try statement(
        """
        SELECT \(column) FROM \(table) GROUP BY \(column)
        HAVING count(*) = 1 AND max(team_id) = ?1 ORDER BY \(column)
        """
      ).bind(.text(team.id.text)).forEachRow { name = name ?? $0.text(0) }
      if let name { return name }
    }
    return nil
  }

  func setOrganisation(_ name: String) throws {
    try statement("UPDATE organisation SET name = ?1 WHERE id = 1").bind(.text(name)).run()
  }
}

import Foundation
import TeamKit

/// The queries any connection may run: the writer's, and the readers' that never wait for a
/// commit (``ReadPool``).
extension SQLConnection {
  /// The newest history id in the database.
  func newestHistoryID() throws -> Int64 {
    try scalar("SELECT coalesce(max(id), 0) FROM history")
  }

  /// History entries, the newest first: those after `after` (an id), of one player when
  /// given, at most `limit`.
  func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 500) throws -> [RosterChange] {
    var changes: [RosterChange] = []
    let statement = try prepare(
      """
      SELECT id, at, author, kind, player_id, player_name, before, after, from_team, to_team,
        other_player
      FROM history
      WHERE id > ?1 AND (CAST(?2 AS TEXT) IS NULL OR player_id = ?2) ORDER BY id DESC LIMIT ?3
      """)
    try statement.bind(
      .int(after), player.map { .text($0.uuidString) } ?? .null, .int(Int64(limit))
    )
    .forEachRow { row in
      // An entry that does not read is reported, never shown as something else.
      func unreadable(_ reason: String) -> StoreOpenError {
        .unreadableRow(path: name, table: "history", id: String(row.int(0)), reason: reason)
      }
      func player(_ column: Int32) throws -> Player? {
        guard !row.isNull(column) else { return nil }
        do {
          return try TeamJSON.decode(Player.self, from: Data(row.text(column).utf8))
        } catch {
          throw unreadable("the player it keeps does not read: \(error)")
        }
      }
      guard let kind = RosterChange.Kind(rawValue: row.text(3)) else {
        throw unreadable("“\(row.text(3))” is not a kind of change")
      }
      changes.append(
        RosterChange(
          id: row.int(0), at: Date(timeIntervalSince1970: row.double(1)), author: row.text(2),
          kind: kind,
          playerID: row.isNull(4) ? nil : UUID(text: row.text(4)),
          playerName: row.text(5), before: try player(6), after: try player(7),
          fromTeam: row.isNull(8) ? nil : row.text(8), toTeam: row.isNull(9) ? nil : row.text(9),
          otherPlayer: row.isNull(10) ? nil : row.text(10)))
    }
    return changes
  }

  /// The teams a player was on before this one, the latest first.
  func tenures(of player: UUID) throws -> [Tenure] {
    var tenures: [Tenure] = []
    try prepare(
      """
      SELECT team_id, team_name, team_tag, position, from_day, to_day FROM tenure
      WHERE player_id = ?1 ORDER BY to_day DESC, rowid DESC
      """
    ).bind(.text(player.uuidString)).forEachRow { row in
      guard let team = UUID(text: row.text(0)), let to = Day(row.text(5)),
        let position = Position(rawValue: row.text(3)),
        row.isNull(4) || Day(row.text(4)) != nil
      else {
        throw StoreOpenError.unreadableRow(
          path: name, table: "tenure", id: player.uuidString,
          reason: "a tenure's team, role or dates do not read")
      }
      tenures.append(
        Tenure(
          teamID: team, teamName: row.text(1), teamTag: row.text(2), position: position,
          from: row.isNull(4) ? nil : Day(row.text(4)), to: to))
    }
    return tenures
  }

  /// The photo with this hash, if one is stored.
  func photo(hash: String) throws -> Data? {
    var found: Data?
    try prepare("SELECT jpeg FROM photo WHERE hash = ?1 LIMIT 1").bind(.text(hash))
      .forEachRow { found = $0.blob(0) }
    return found
  }

  /// A synced champion's picture (a JPEG), by catalog id (`ksante`), if one is stored.
  func championPicture(id: String) throws -> Data? {
    var found: Data?
    try prepare("SELECT jpeg FROM champion_art WHERE lower(id) = ?1").bind(.text(id))
      .forEachRow { found = $0.blob(0) }
    return found
  }
}

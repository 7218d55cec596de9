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
      SELECT \(HistoryColumn.list()) FROM history
      WHERE id > ?1 AND (CAST(?2 AS TEXT) IS NULL OR player_id = ?2) ORDER BY id DESC LIMIT ?3
      """)
    try statement.bind(
      .int(after), player.map { .text($0.uuidString) } ?? .null, .int(Int64(limit))
    )
    .forEachRow { row in
      // An entry that does not read is reported, never shown as something else.
      func unreadable(_ reason: String) -> StoreOpenError {
        .unreadableRow(
          path: name, table: "history", id: String(row.int(HistoryColumn.id)), reason: reason)
      }
      func player(_ column: HistoryColumn) throws -> Player? {
        guard !row.isNull(column) else { return nil }
        do {
          return try TeamJSON.decode(Player.self, from: Data(row.text(column).utf8))
        } catch {
          throw unreadable("the player it keeps does not read: \(error)")
        }
      }
      guard let kind = RosterChange.Kind(rawValue: row.text(HistoryColumn.kind)) else {
        throw unreadable("“\(row.text(HistoryColumn.kind))” is not a kind of change")
      }
      changes.append(
        RosterChange(
          id: row.int(HistoryColumn.id),
          at: Date(timeIntervalSince1970: row.double(HistoryColumn.at)),
          author: row.text(HistoryColumn.author), kind: kind,
          playerID: row.optional(HistoryColumn.playerID).flatMap(UUID.init(text:)),
          playerName: row.text(HistoryColumn.playerName), before: try player(.before),
          after: try player(.after), fromTeam: row.optional(HistoryColumn.fromTeam),
          toTeam: row.optional(HistoryColumn.toTeam),
          otherPlayer: row.optional(HistoryColumn.otherPlayer)))
    }
    return changes
  }

  /// The teams a player was on before this one, the latest first.
  func tenures(of player: UUID) throws -> [Tenure] {
    var tenures: [Tenure] = []
    try prepare(
      """
      SELECT \(TenureColumn.list()) FROM tenure
      WHERE player_id = ?1 ORDER BY to_day DESC, rowid DESC
      """
    ).bind(.text(player.uuidString)).forEachRow { row in
      guard let team = UUID(text: row.text(TenureColumn.teamID)),
        let to = Day(row.text(TenureColumn.toDay)),
        let position = Position(rawValue: row.text(TenureColumn.position)),
        row.isNull(TenureColumn.fromDay) || Day(row.text(TenureColumn.fromDay)) != nil
      else {
        throw StoreOpenError.unreadableRow(
          path: name, table: "tenure", id: player.uuidString,
          reason: "a tenure's team, role or dates do not read")
      }
      tenures.append(
        Tenure(
          teamID: team, teamName: row.text(TenureColumn.teamName),
          teamTag: row.text(TenureColumn.teamTag),
          position: position, from: row.optional(TenureColumn.fromDay).flatMap { Day($0) }, to: to))
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

/// The columns of ``SQLConnection/history(after:player:limit:)``.
private enum HistoryColumn: Int32, SQLColumns {
  case id, at, author, kind, playerID, playerName, before, after, fromTeam, toTeam, otherPlayer
}

/// The columns of ``SQLConnection/tenures(of:)``.
private enum TenureColumn: Int32, SQLColumns {
  case teamID, teamName, teamTag, position, fromDay, toDay
}

extension SQLValue {
  /// A value kept as its JSON text (the history's players, an import's rosters).
  static func json(_ value: some JSONWritable) -> SQLValue {
    .text(String(decoding: TeamJSON.encode(value), as: UTF8.self))
  }
}

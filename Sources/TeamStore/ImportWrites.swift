import Foundation
import TeamKit
import TeamPhoto

/// What an import writes in its change: the players' keys held while they swap, and the
/// import kept for its Undo (its players as they were, the photos it replaced).
extension Writer {
  /// Gives players about to be changed together placeholder keys in place of their pseudos'
  /// and Riot IDs' (their updates set the new ones).
  func releaseKeys(of players: [Player]) throws {
    for player in players {
      try statement("UPDATE player SET name_key = ?2, riot_key = NULL WHERE id = ?1")
        .bind(.text(player.id.text), .text("~" + player.id.text)).run()
    }
  }

  /// Keeps an import's players as they were and as it leaves them.
  func insertImport(_ plan: RosterImport, restoring: [Player], at date: Date, author: String)
    throws -> ImportRecord
  {
    let before = plan.changed.map(\.before) + plan.removed + restoring
    let after = plan.changed.map(\.after) + plan.added + plan.restored
    var id: Int64 = 0
    try statement(
      """
      INSERT INTO roster_import (team_id, at, author, before, after, restored, week_replaced)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id
      """
    ).bind(
      plan.team.map { .text($0.id.text) } ?? .null, .double(date.timeIntervalSince1970),
      .text(author), .json(before), .json(after),
      .text(plan.restored.map(\.id.text).joined(separator: ",")),
      // The week or the pools replaced: the import cannot be undone (nothing keeps them).
      .int(plan.schedule == nil && plan.pools == nil ? 0 : 1)
    ).forEachRow { id = $0.int(0) }
    return ImportRecord(
      id: id, teamID: plan.team?.id, added: plan.added.count + plan.restored.count,
      changed: plan.changed.count,
      removed: plan.removed.count, weekReplaced: plan.schedule != nil || plan.pools != nil,
      undone: false)
  }

  /// Keeps a player's photo (or that they had none) before an import replaces it, and the
  /// hash of the one it sets (an Undo finds it there, or refuses).
  func keepPhoto(of player: UUID, setting hash: String, for importID: Int64) throws {
    var jpeg: Data?
    try statement("SELECT jpeg FROM photo WHERE player_id = ?1").bind(.text(player.text))
      .forEachRow { jpeg = $0.blob(0) }
    try statement(
      """
      INSERT INTO roster_import_photo (import_id, player_id, jpeg, set_hash)
      VALUES (?1, ?2, ?3, ?4)
      """
    ).bind(.int(importID), .text(player.text), jpeg.map { .blob($0) } ?? .null, .text(hash)).run()
  }

  /// The photos an import replaced (nil: the player had none), and the hash of each it set.
  func keptPhotos(of importID: Int64) throws -> [(player: UUID, jpeg: Data?, set: String)] {
    enum Column: Int32, SQLColumns { case playerID, jpeg, setHash }
    var photos: [(player: UUID, jpeg: Data?, set: String)] = []
    try statement("SELECT \(Column.list()) FROM roster_import_photo WHERE import_id = ?1")
      .bind(.int(importID)).forEachRow { row in
        guard let id = UUID(text: row.text(Column.playerID)) else {
          throw StoreOpenError.unreadableRow(
            path: connection.name, table: "roster_import_photo", id: row.text(Column.playerID),
            reason: "the player id is not a UUID")
        }
        photos.append(
          (id, row.isNull(Column.jpeg) ? nil : row.blob(Column.jpeg), row.text(Column.setHash)))
      }
    return photos
  }

  func markUndone(_ id: Int64, at date: Date) throws {
    try statement("UPDATE roster_import SET undone_at = ?2 WHERE id = ?1")
      .bind(.int(id), .double(date.timeIntervalSince1970)).run()
  }

  /// An import with its players as they were and as it left them; nil when there is none.
  func storedImport(_ id: Int64) throws -> StoredImport? {
    try Self.storedImport(id, in: connection)
  }

  /// An import as kept: its record, its players before and after, and those it brought
  /// back from Recently removed.
  struct StoredImport {
    let record: ImportRecord
    let before: [Player]
    let after: [Player]
    let restored: Set<UUID>
  }

  /// The import with this id, read on any connection.
  static func storedImport(_ id: Int64, in connection: any SQLConnection) throws
    -> StoredImport?
  {
    enum Column: Int32, SQLColumns {
      case teamID, before, after, restored, weekReplaced, undone
      var sql: String {
        self == .undone ? "CASE WHEN undone_at IS NULL THEN 0 ELSE 1 END" : Self.name(of: self)
      }
    }
    var found: StoredImport?
    try connection.prepare("SELECT \(Column.list()) FROM roster_import WHERE id = ?1")
      .bind(.int(id)).forEachRow { row in
        let before = try TeamJSON.decode([Player].self, from: Data(row.text(Column.before).utf8))
        let after = try TeamJSON.decode([Player].self, from: Data(row.text(Column.after).utf8))
        let restored = Set(
          row.text(Column.restored).split(separator: ",").compactMap { UUID(text: String($0)) })
        let beforeIDs = Set(before.map(\.id))
        let afterIDs = Set(after.map(\.id))
        let record = ImportRecord(
          id: id, teamID: row.optional(Column.teamID).flatMap(UUID.init(text:)),
          added: after.count(where: { !beforeIDs.contains($0.id) || restored.contains($0.id) }),
          changed: after.count(where: { beforeIDs.contains($0.id) && !restored.contains($0.id) }),
          removed: before.count(where: { !afterIDs.contains($0.id) }),
          weekReplaced: row.int(Column.weekReplaced) != 0, undone: row.int(Column.undone) != 0)
        found = StoredImport(record: record, before: before, after: after, restored: restored)
      }
    return found
  }
}

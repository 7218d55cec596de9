import Foundation
import TeamKit

/// The players' photos, kept in the database beside their rows.
extension Writer {
  /// The photos' hashes, by player.
  func photoHashes() throws -> [UUID: String] {
    enum Column: Int32, SQLColumns { case playerID, hash }
    var hashes: [UUID: String] = [:]
    try statement("SELECT \(Column.list()) FROM photo").forEachRow { row in
      if let id = UUID(text: row.text(Column.playerID)) { hashes[id] = row.text(Column.hash) }
    }
    return hashes
  }

  /// Stores a player's photo, or removes it (nil).
  func setPhoto(of id: UUID, jpeg: Data?, hash: String?) throws {
    if let jpeg, let hash {
      try statement(
        """
        INSERT INTO photo (player_id, hash, jpeg) VALUES (?1, ?2, ?3)
        ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash, jpeg = excluded.jpeg
        """
      )
      .bind(.text(id.text), .text(hash), .blob(jpeg)).run()
    } else {
      try statement("DELETE FROM photo WHERE player_id = ?1").bind(.text(id.text)).run()
    }
  }
}

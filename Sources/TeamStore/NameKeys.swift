import TeamKit

extension Schema {
  /// Pseudo keys are derived data, computed by the model (``Player/nameKey(_:)``), not by a
  /// migration: when a version marked them stale, every key is computed again once the
  /// schema is up to date. Players on the roster whose pseudos now look alike all stay (a
  /// later one's key gets its id appended); only new lookalikes are refused.
  static func refreshStaleNameKeys(_ db: SQLiteConnection) throws {
    guard try db.scalar("SELECT count(*) FROM player WHERE name_key LIKE 'stale:%'") > 0 else {
      return
    }
    enum Column: Int32, SQLColumns {
      case id, name, onRoster
      var sql: String { self == .onRoster ? "removed_at IS NULL" : Self.name(of: self) }
    }
    var rows: [(id: String, name: String, onRoster: Bool)] = []
    try db.prepare("SELECT \(Column.list()) FROM player ORDER BY sort_order").forEachRow {
      rows.append(($0.text(Column.id), $0.text(Column.name), $0.int(Column.onRoster) == 1))
    }
    // Ids first, so that no new key meets an old one on the way.
    try db.execute("UPDATE player SET name_key = id")
    var taken: Set<String> = []
    for row in rows {
      var key = Player.nameKey(row.name)
      if row.onRoster, !taken.insert(key).inserted { key += "#" + row.id }
      try db.prepare("UPDATE player SET name_key = ?2 WHERE id = ?1")
        .bind(.text(row.id), .text(key)).run()
    }
  }
}

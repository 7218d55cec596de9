import Foundation
import TeamKit

/// The champion pools' rows, one a champion in the pool's order. The same SQL on SQLite and
/// PostgreSQL.
extension Writer {
  /// Every player's pool.
  func pools() throws -> [UUID: [PoolEntry]] {
    enum Column: Int32, SQLColumns { case playerID, champion, comfort, priority }
    var pools: [UUID: [PoolEntry]] = [:]
    try statement("SELECT \(Column.list()) FROM pool_entry ORDER BY player_id, sort_order")
      .forEachRow { row in
        let id = row.text(Column.playerID)
        guard let player = UUID(text: id) else {
          throw StoreOpenError.unreadableRow(
            path: connection.name, table: "pool_entry", id: id, reason: "the id does not read")
        }
        pools[player, default: []].append(
          PoolEntry(
            champion: row.text(Column.champion), comfort: Int(row.int(Column.comfort)),
            priority: row.int(Column.priority) != 0))
      }
    return pools
  }

  /// Writes a player's pool in place of the one stored.
  func setPool(of player: UUID, to entries: [PoolEntry]) throws {
    let id = SQLValue.text(player.text)
    try statement("DELETE FROM pool_entry WHERE player_id = ?1").bind(id).run()
    let insert = try statement(
      """
      INSERT INTO pool_entry (player_id, sort_order, champion, comfort, priority)
      VALUES (?1, ?2, ?3, ?4, ?5)
      """)
    for (index, entry) in entries.enumerated() {
      try insert.bind(
        id, .int(Int64(index)), .text(entry.champion), .int(Int64(entry.comfort)),
        .int(entry.priority ? 1 : 0)
      ).run()
    }
  }
}

extension DraftRows {
  /// Puts `inputs` as player `id`'s champion pool, in their order; with `team`, only if the
  /// player is on it. Returns the pool as stored.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` on the `pool` field,
  ///   or ``RosterError/storage(_:)``.
  @discardableResult
  public func setPool(
    of id: UUID, to inputs: [PoolInput], onTeam team: UUID? = nil,
    by author: String = RosterStore.local
  ) async throws(RosterError) -> [PoolEntry] {
    try await store.change(by: author) { change, _ in
      guard let player = change.roster.player(id: id), RosterStore.isOn(team, player) else {
        throw RosterError.notFound(id)
      }
      let entries = try PoolInput.validated(inputs, catalog: change.roster.champions)
      guard (change.roster.schedule.pools[id] ?? []) != entries else { return (false, entries) }
      change.setPool(of: id, to: entries)
      change.record(.poolChanged, after: player)
      return (true, entries)
    }
  }
}

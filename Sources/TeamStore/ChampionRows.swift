import Foundation
import TeamKit
import TeamPhoto

/// The champion art of the last sync of Data Dragon, its pictures and its replacement
/// (``RosterStore/artRows``).
public struct ArtRows: Sendable {
  let store: RosterStore

  /// A synced champion's picture (a JPEG), by catalog id (`ksante`), or nil.
  /// - Throws: ``RosterError/storage(_:)``.
  public func picture(id: String) throws(RosterError) -> Data? {
    try store.read { try $0.championPicture(id: id) }
  }

  /// Replaces the champion art with what a sync of Data Dragon brought, all at once: each
  /// champion with its picture (re-encoded: TeamPhoto). Champions released after this
  /// build become valid favourites.
  /// - Throws: ``RosterError/storage(_:)``; nothing is then changed.
  @discardableResult
  public func replace(version: String, champions: [(SyncedChampion, Photo)])
    async throws(RosterError) -> ChampionArt
  {
    try await store.change(by: RosterStore.local) { change, _ in
      change.replaceArt(version: version, champions: champions)
      return (true, change.roster.championArt)
    }
  }
}

extension RosterStore {
  /// The champion art's rows.
  public var artRows: ArtRows { ArtRows(store: self) }
}

/// The champions a database knows beyond the build's: the art the last sync of Data Dragon
/// stored, and every champion it ever knew (a sync's, an imported file's).
extension Writer {
  /// The champion art stored by the last sync (without its pictures).
  func championArt() throws -> ChampionArt {
    enum Column: Int32, SQLColumns { case id, name, frenchName, title, classes, version, hash }
    var version = ""
    var champions: [SyncedChampion] = []
    try statement("SELECT \(Column.list()) FROM champion_art ORDER BY id").forEachRow { row in
      version = row.text(Column.version)
      champions.append(
        SyncedChampion(
          id: row.text(Column.id), name: row.text(Column.name),
          frenchName: row.text(Column.frenchName), title: row.text(Column.title),
          classes: row.text(Column.classes).split(separator: ",").compactMap {
            ChampionClass(rawValue: String($0))
          }, picture: row.text(Column.hash)))
    }
    return ChampionArt(version: version, champions: champions)
  }

  /// Every champion the database knew beyond the build's (``ChampionCatalog/knowing(_:)``).
  func knownChampions() throws -> [Champion] {
    enum Column: Int32, SQLColumns { case id, name }
    var champions: [Champion] = []
    try statement("SELECT \(Column.list()) FROM known_champion ORDER BY id").forEachRow { row in
      let id = row.text(Column.id)
      champions.append(Champion(id: id, name: row.text(Column.name), imageName: id))
    }
    return champions
  }

  /// Keeps `champions` among those the database knows, in the transaction under way; a
  /// sync's names replace those kept before (`renaming`), an import's never do.
  func learnChampions(_ champions: [Champion], renaming: Bool) throws {
    let conflict = renaming ? "DO UPDATE SET name = excluded.name" : "DO NOTHING"
    for champion in champions {
      try statement(
        "INSERT INTO known_champion (id, name) VALUES (?1, ?2) ON CONFLICT (id) \(conflict)"
      ).bind(.text(champion.id), .text(champion.name)).run()
    }
  }

  /// Replaces the stored champion art with a sync's, in the transaction under way; the
  /// champions it brings are known for good (a later sync that drops one keeps it known).
  func replaceChampionArt(version: String, champions: [(SyncedChampion, jpeg: Data)]) throws {
    try learnChampions(
      champions.map {
        Champion(id: $0.0.id.lowercased(), name: $0.0.name, imageName: $0.0.id.lowercased())
      }, renaming: true)
    try connection.execute("DELETE FROM champion_art")
    for (champion, jpeg) in champions {
      try statement(
        """
        INSERT INTO champion_art (id, name, french_name, title, classes, version, hash, jpeg)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        """
      ).bind(
        .text(champion.id), .text(champion.name), .text(champion.frenchName),
        .text(champion.title), .text(champion.classes.map(\.rawValue).joined(separator: ",")),
        .text(version), .text(champion.picture), .blob(jpeg)
      ).run()
    }
  }
}

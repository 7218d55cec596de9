import Foundation
import TeamKit
import TeamPhoto
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// A champion a database once knew stays known while something names it, and a JSON export
/// describes the champions it names, so it imports back here or into a fresh database.
@Suite struct ChampionRoundTripTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// A champion as a sync brings it, with a picture.
  private func synced(_ id: String) throws -> (SyncedChampion, Photo) {
    (
      SyncedChampion(
        id: id, name: id, frenchName: id, title: "the new one", classes: [.mage], picture: ""),
      try Photo(upload: stripedPNG(side: 64, rgb: (40, 80, 160)))
    )
  }

  @Test(arguments: Backend.allCases)
  func aChampionALaterSyncDropsStaysKnownAndTheExportImportsHereAndIntoAFreshDatabase(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.artRows.replace(
      version: "99.1.1", champions: [try synced("Vexlyn"), try synced("Jax")])
    let vex = try await store.playerRows.addPlayer(
      PlayerInput(name: "Vex", position: "Mid", favoriteChampions: ["vexlyn"]))
    try await store.draftRows.setPool(of: vex.id, to: [PoolInput(champion: "Vexlyn", comfort: "4")])
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2027-01-05T20:00", opponent: "G2", format: "bo1"))
    try await store.weekRows.logGames(
      [GameInput(result: "win", champions: ["", "", "vexlyn"])], of: scrim.id)
    // The next sync no longer lists it.
    try await store.artRows.replace(version: "99.2.1", champions: [try synced("Jax")])

    let reopened = try db.open()
    let player = try #require(reopened.roster.player(id: vex.id))
    #expect(player.favoriteChampions.map(\.name) == ["Vexlyn"])
    #expect(reopened.roster.champions.find("vexlyn")?.name == "Vexlyn")
    let roster = reopened.roster
    let file = RosterFile.export(
      roster.players, as: .json, teams: roster.teams, schedule: roster.schedule,
      champions: roster.champions)
    #expect(String(decoding: file, as: UTF8.self).contains(#""id": "vexlyn""#))

    // Back into the same database, and into one that never synced.
    try await reopened.importing(file)
    let fresh = try TestDatabase(backend, in: try TemporaryFolder())
    let other = try fresh.open()
    #expect(other.roster.champions.find("vexlyn") == nil)
    try await other.importing(file)
    let again = try fresh.open()
    #expect(again.roster.player(id: vex.id)?.favoriteChampions.map(\.name) == ["Vexlyn"])
    #expect(again.roster.schedule.pools[vex.id]?.map(\.champion) == ["vexlyn"])
    #expect(again.roster.champions.find("Vexlyn")?.id == "vexlyn")
    #expect(again.roster.champions.count == ChampionCatalog.builtIn.count + 1)
  }

  @Test(arguments: Backend.allCases)
  func aFileNamingAChampionItDoesNotDescribeOrDescribesBadlyIsRefusedAndNothingIsLearned(
    _ backend: Backend
  ) async throws {
    let store = try TestDatabase(backend, in: folder).open()
    let version = store.roster.version
    let files = [
      // Named, not described.
      #"{"players":[{"name":"Vex","position":"Mid","favoriteChampions":[{"id":"vexlyn"}]}]}"#,
      // Described with an id that is no catalogue id, or a name too long.
      #"{"champions":[{"id":"Vex lyn!","name":"Vexlyn"}],"players":[{"name":"Vex","position":"Mid","favoriteChampions":[{"id":"vexlyn"}]}]}"#,
      #"{"champions":[{"id":"vexlyn","name":"\#(String(repeating: "V", count: 41))"}],"players":[{"name":"Vex","position":"Mid","favoriteChampions":[{"id":"vexlyn"}]}]}"#,
      // A name another champion has.
      #"{"champions":[{"id":"vexlyn","name":"Ahri"}],"players":[{"name":"Vex","position":"Mid","favoriteChampions":[{"id":"vexlyn"}]}]}"#,
    ]
    for file in files {
      await #expect(throws: RosterFile.Problems.self, "\(file)") {
        try await store.importing(file)
      }
    }
    #expect(store.roster.version == version)
    #expect(store.roster.champions.count == ChampionCatalog.builtIn.count)
  }
}

import Foundation
import TeamKit
import TeamPhoto
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// Imports into one team: merged by default, replacing only when asked, the others' players
/// never touched, and one Undo that puts the team back as it was.
@Suite struct ImportStoreTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// KC (the default three) and KC Blue with Kamiloo (Riot ID, image, real name) and Rhilech.
  private func organisation(_ backend: Backend) async throws -> (TestDatabase, RosterStore) {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    try await store.playerRows.addPlayer(
      PlayerInput(
        name: "Kamiloo", position: "Jungle", image: "kamiloo", team: "KCB",
        riotID: "Kamiloo#EUW", realName: "Kamil"))
    try await store.playerRows.addPlayer(PlayerInput(name: "Rhilech", position: "Mid", team: "KCB"))
    return (db, store)
  }

  private func players(of tag: String, in store: RosterStore) throws -> [Player] {
    let team = try #require(store.roster.team(tag))
    return store.roster.players(in: team.id)
  }

  @Test(arguments: Backend.allCases)
  func aTeamsImportMergesTheFilesColumnsOnlyAndUndoPutsTheTeamBack(_ backend: Backend)
    async throws
  {
    let (db, store) = try await organisation(backend)
    let kcBefore = try players(of: "KC", in: store)
    let blueBefore = try players(of: "KCB", in: store)
    let historyBefore = try store.history().count
    // French Excel's columns; Canna is KC's and is left out.
    let record = try await store.importing(
      "Pseudo;Rôle;Statut;Champions;Fin de contrat\r\n"
        + "kâmiloo;Jungle;Titulaire;Vi, Lee Sin;31/08/2027\r\n"
        + "Nouveau;Soutien;;;\r\nCanna;Haut;;;\r\n",
      team: "KCB")
    #expect((record.added, record.changed, record.removed) == (1, 1, 0))
    #expect(try players(of: "KC", in: store) == kcBefore)
    let kamiloo = try #require(store.players.first { $0.name == "Kamiloo" })
    #expect(kamiloo.riotID?.description == "Kamiloo#EUW")
    #expect(kamiloo.image == "kamiloo" && kamiloo.realName == "Kamil")
    #expect(kamiloo.favoriteChampions.map(\.id) == ["vi", "leesin"])
    #expect(kamiloo.contractEnd == Day("2027-08-31"))
    #expect(try players(of: "KCB", in: store).map(\.name) == ["Kamiloo", "Rhilech", "Nouveau"])
    let history = try store.history()
    #expect(history.count == historyBefore + 1)
    #expect(history.first?.kind == .imported && history.first?.playerName == "KC Blue")
    #expect(try db.open().players == store.players)

    try await store.importRows.undoImport(record.id, onTeam: store.roster.team("KCB")?.id)
    #expect(try players(of: "KCB", in: store).map(\.name) == blueBefore.map(\.name))
    #expect(
      zip(try players(of: "KCB", in: store), blueBefore).allSatisfy { $0.hasSameFields(as: $1) })
    #expect(try players(of: "KC", in: store) == kcBefore)
    #expect(store.roster.removed.map(\.player.name) == ["Nouveau"])
    #expect(try store.history().first?.kind == .importUndone)
    #expect(try db.open().players == store.players)
    #expect(try store.importRows.importRecord(record.id)?.undone == true)
    let again = await #expect(throws: RosterError.self) {
      try await store.importRows.undoImport(record.id)
    }
    guard case .importOutdated = again else {
      Issue.record("expected importOutdated, got \(String(describing: again))")
      return
    }
  }

  @Test(arguments: Backend.allCases)
  func aReplacingImportSendsTheOthersToRecentlyRemovedAndUndoBringsThemBack(_ backend: Backend)
    async throws
  {
    let (db, store) = try await organisation(backend)
    let kcBefore = try players(of: "KC", in: store)
    let record = try await store.importing(
      "name,position\nKamiloo,Jungle\n", team: "KCB", mode: .replace)
    #expect((record.added, record.changed, record.removed) == (0, 0, 1))
    #expect(try players(of: "KCB", in: store).map(\.name) == ["Kamiloo"])
    #expect(store.roster.removed.map(\.player.name) == ["Rhilech"])
    #expect(try players(of: "KC", in: store) == kcBefore)
    #expect(try db.open().roster.removed.map(\.player.name) == ["Rhilech"])

    try await store.importRows.undoImport(record.id)
    #expect(try players(of: "KCB", in: store).map(\.name) == ["Kamiloo", "Rhilech"])
    #expect(store.roster.removed.isEmpty)
  }

  /// One import at a time for the organisation, whichever process runs it: a second store on
  /// the same database (another server, the CLI) hears "an import is running" until the first
  /// is done.
  @Test(arguments: Backend.allCases)
  func oneImportAtATimeAcrossProcesses(_ backend: Backend) async throws {
    let (db, store) = try await organisation(backend)
    let other = try db.open()
    let refused = try await store.importRows.importTurn {
      do {
        try await other.importRows.importTurn {}
        return false
      } catch is ImportRunningError {
        return true
      }
    }
    #expect(refused)
    #expect(try await other.importRows.importTurn { true })
    #expect(try await store.importRows.importTurn { true })
  }

  /// Replacing a full team again and again keeps the newest removals only, in memory as on
  /// disk: "Recently removed" cannot grow without end within its 30 days.
  @Test(arguments: Backend.allCases)
  func recentlyRemovedKeepsTheNewestThousand(_ backend: Backend) async throws {
    let (db, store) = try await organisation(backend)
    for round in 1...7 {
      let rows = (1...200).map { "R\(round)P\($0),Mid" }.joined(separator: "\n")
      try await store.importing("name,position\n" + rows, team: "KCB", mode: .replace)
    }
    // Rounds 2 to 7 removed 200 each (round 1 the two there before): the oldest went.
    let names = Set(store.roster.removed.map(\.player.name))
    #expect(names.count == RemovedPlayer.keptAtMost)
    #expect(names.contains("R6P1") && names.contains("R2P200") && !names.contains("R1P1"))
    #expect(!names.contains("Rhilech"))
    #expect(Set(try db.open().roster.removed.map(\.player.name)) == names)
  }

  @Test(arguments: Backend.allCases)
  func anUndoAfterALaterChangeOrOnAnotherTeamIsRefusedAndChangesNothing(_ backend: Backend)
    async throws
  {
    let (_, store) = try await organisation(backend)
    let record = try await store.importing("name,position\nKamiloo,Top\n", team: "KCB")
    let kamiloo = try #require(store.players.first { $0.name == "Kamiloo" })
    try await store.playerRows.updatePlayer(id: kamiloo.id, with: PlayerEdit(image: "later"))
    let version = store.roster.version
    let refused = await #expect(throws: RosterError.self) {
      try await store.importRows.undoImport(record.id)
    }
    guard case .importOutdated(let reason) = refused else {
      Issue.record("expected importOutdated, got \(String(describing: refused))")
      return
    }
    #expect(reason.text(in: .english).contains("Kamiloo"))
    let elsewhere = await #expect(throws: RosterError.self) {
      try await store.importRows.undoImport(record.id, onTeam: store.roster.firstTeam.id)
    }
    #expect(elsewhere == .importNotFound)
    #expect(store.roster.version == version)
    #expect(store.players.first { $0.name == "Kamiloo" }?.position == .top)
  }

  @Test(arguments: Backend.allCases)
  func aPhotoAnImportBringsIsUndoneToThePhotoBefore(_ backend: Backend) async throws {
    let (db, store) = try await organisation(backend)
    let kamiloo = try #require(store.players.first { $0.name == "Kamiloo" })
    let old = try Photo(upload: stripedPNG(side: 64, rgb: (200, 10, 10)))
    try await store.playerRows.setPhoto(of: kamiloo.id, to: old)
    let new = try Photo(upload: stripedPNG(side: 64, rgb: (10, 200, 10)))
    let file = Data(
      #"[{"name":"Kamiloo","position":"Jungle","photo":"\#(new.jpeg.base64EncodedString())"}]"#
        .utf8)
    let plan = try store.importRows.planImport(file, team: store.roster.team("KCB"))
    #expect(plan.changed.map(\.fields) == [[.photo]])
    let record = try await store.importing(file, team: "KCB")
    let imported = try #require(store.roster.photos[kamiloo.id])
    #expect(imported != old.hash)
    // The photo the player has now is no change.
    let again = Data(
      #"[{"name":"Kamiloo","photo":"\#(try #require(try store.playerRows.photo(hash: imported)).base64EncodedString())"}]"#
        .utf8)
    #expect(try store.importRows.planImport(again, team: store.roster.team("KCB")).isEmpty)

    try await store.importRows.undoImport(record.id)
    #expect(store.roster.photos[kamiloo.id] == old.hash)
    #expect(try db.open().roster.photos[kamiloo.id] == old.hash)
  }

  @Test(arguments: Backend.allCases)
  func twoPlayersExchangePseudosAndRiotIDsInOneImport(_ backend: Backend) async throws {
    let (db, store) = try await organisation(backend)
    let kamiloo = try #require(store.players.first { $0.name == "Kamiloo" })
    let rhilech = try #require(store.players.first { $0.name == "Rhilech" })
    try await store.playerRows.updatePlayer(id: rhilech.id, with: PlayerEdit(riotID: "Rhilech#KCB"))
    let record = try await store.importing(
      "id,name,position,riotID\n\(kamiloo.id),Rhilech,Jungle,Rhilech#KCB\n"
        + "\(rhilech.id),Kamiloo,Mid,Kamiloo#EUW\n", team: "KCB")
    #expect(record.changed == 2)
    #expect(store.roster.player(id: kamiloo.id)?.name == "Rhilech")
    #expect(store.roster.player(id: rhilech.id)?.riotID?.description == "Kamiloo#EUW")
    #expect(try db.open().players == store.players)
    // The pseudos are held as they are now.
    await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "kamiloo", position: "Top"))
    }
    try await store.importRows.undoImport(record.id)
    #expect(store.roster.player(id: kamiloo.id)?.name == "Kamiloo")
  }

  @Test(arguments: Backend.allCases)
  func aRemovedPlayerBroughtBackByIdKeepsWhatTheFileLacksAndUndoSendsThemBack(
    _ backend: Backend
  ) async throws {
    let (db, store) = try await organisation(backend)
    let kamiloo = try #require(store.players.first { $0.name == "Kamiloo" })
    try await store.playerRows.removePlayer(id: kamiloo.id)
    let record = try await store.importing(
      "id,name,position\n\(kamiloo.id),Kamiloo,Mid\n", team: "KCB")
    #expect(record.added == 1)
    let back = try #require(store.roster.player(id: kamiloo.id))
    #expect(back.position == .mid && back.realName == "Kamil" && back.image == "kamiloo")
    #expect(back.riotID?.description == "Kamiloo#EUW")
    try await store.importRows.undoImport(record.id)
    let removed = try #require(try db.open().roster.removal(id: kamiloo.id))
    #expect(removed.player.hasSameFields(as: kamiloo))  // as it was removed: a jungler
  }

  @Test(arguments: Backend.allCases)
  func anUndoLeavesAPhotoSetSinceTheImportAndSaysWhy(_ backend: Backend) async throws {
    let (_, store) = try await organisation(backend)
    let kamiloo = try #require(store.players.first { $0.name == "Kamiloo" })
    let imported = try Photo(upload: stripedPNG(side: 64, rgb: (10, 200, 10)))
    let file = Data(
      #"[{"name":"Kamiloo","photo":"\#(imported.jpeg.base64EncodedString())"}]"#.utf8)
    let record = try await store.importing(file, team: "KCB")
    let later = try Photo(upload: stripedPNG(side: 64, rgb: (10, 10, 200)))
    try await store.playerRows.setPhoto(of: kamiloo.id, to: later)
    await #expect(throws: RosterError.self) { try await store.importRows.undoImport(record.id) }
    #expect(store.roster.photos[kamiloo.id] == later.hash)
  }
}

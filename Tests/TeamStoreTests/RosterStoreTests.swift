import Foundation
import Synchronization
import TeamClient
import TeamKit
import TeamPhoto
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

@Suite struct RosterStoreTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("data/roster.sqlite")
  }

  @Test func aNewDatabaseHoldsTheBriefsRosterInItsFoldersCreatedOnDemand() throws {
    let store = try RosterStore(path: path)
    #expect(store.players == Player.defaultRoster)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test(arguments: Backend.allCases) func changesPersistAcrossReopening(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let added: Player
    do {
      let store = try db.open()
      added = try await store.playerRows.addPlayer(
        PlayerInput(name: "Rekkles", position: "ADC", favoriteChampions: ["kalista", "jax"]))
      try await store.playerRows.removePlayer(id: Player.defaultRoster[0].id)
    }
    let reopened = try db.open()
    #expect(reopened.players.map(\.name) == ["Caliste", "Targamas", "Rekkles"])
    #expect(reopened.players.last == added)
  }

  /// The app's own roster keeps photos as the server does: re-encoded, on the player, kept
  /// through an edit, a removal and a restore, and after reopening.
  @Test(arguments: Backend.allCases) func aPhotoGivenOnThisDeviceIsReEncodedAndStaysWithThePlayer(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let device = LocalRoster(store: store)
    let canna = Player.defaultRoster[0]
    let updated = try await device.setPhoto(of: canna.id, to: onePixelPNG)
    let hash = try #require(updated.photo)
    #expect(store.players.first == updated)
    #expect(try await device.photo(hash)?.starts(with: [0xFF, 0xD8, 0xFF]) == true)

    // Someone who saw Canna before the photo edits their fields: no conflict, the photo stays.
    #expect(canna.version == updated.version)
    let renamed = try await store.playerRows.updatePlayer(
      id: canna.id, with: PlayerEdit(position: "Mid"), expected: canna)
    #expect(renamed.photo == hash)
    let edited = try await store.playerRows.updatePlayer(
      id: canna.id, with: PlayerEdit(name: "Canna2"), expected: renamed)
    #expect(edited.photo == hash)
    #expect(
      try await store.playerRows.updatePlayer(id: canna.id, with: PlayerEdit(name: "Canna2"))
        == edited)
    try await store.playerRows.removePlayer(id: canna.id)
    #expect(try db.open().removedPlayers.first?.player.photo == hash)
    #expect(try await store.playerRows.restorePlayer(id: canna.id).photo == hash)
    #expect(try db.open().players.first { $0.id == canna.id }?.photo == hash)

    await #expect(throws: PhotoError.unsupported) {
      try await device.setPhoto(of: canna.id, to: Data("not a picture".utf8))
    }
    #expect(try await device.setPhoto(of: canna.id, to: nil).photo == nil)
    #expect(store.roster.photos.isEmpty)
  }

  @Test(arguments: Backend.allCases) func championArtIsReplacedWholeKeptAndCopied(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    #expect(store.roster.championArt == .none)
    func champion(_ id: String, _ french: String) throws -> (SyncedChampion, Photo) {
      (
        SyncedChampion(
          id: id, name: id, frenchName: french, title: "the \(id)", classes: [.fighter, .tank],
          picture: ""),
        try Photo(upload: stripedPNG(side: 64, rgb: (UInt8(id.count * 30), 80, 160)))
      )
    }
    try await store.artRows.replace(
      version: "99.1.1", champions: [try champion("Jax", "Jax"), try champion("Garen", "Garen")])
    let art = try await store.artRows.replace(
      version: "99.2.1", champions: [try champion("Jax", "Jax")])
    #expect(art.version == "99.2.1" && art.champions.map(\.id) == ["Jax"])
    #expect(art.champions[0].classes == [.fighter, .tank])
    #expect(try store.artRows.picture(id: "garen") == nil)  // the sync before is gone whole
    let jpeg = try #require(try store.artRows.picture(id: "jax"))
    #expect(Photo(jpeg: jpeg).hash == art.picture(of: "jax"))

    let reopened = try db.open()
    #expect(reopened.roster.championArt == art)
    let copy = try RosterStore(path: folder.path("copy.sqlite"))
    try await store.copy(to: copy)
    #expect(copy.roster.championArt == art)
    #expect(try copy.artRows.picture(id: "jax") == jpeg)
  }

  @Test(arguments: Backend.allCases) func anEmptiedRosterIsNeverSeededAgain(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    do {
      let store = try db.open()
      for player in store.players { try await store.playerRows.removePlayer(id: player.id) }
    }
    #expect(try db.open().players.isEmpty)
  }

  @Test func aRemovedPlayerKeepsTheirRowAndFavouritesUntilPurged() async throws {
    let store = try RosterStore(path: path)
    try await store.playerRows.removePlayer(id: Player.defaultRoster[0].id)
    let connection = try SQLiteConnection(path: path, create: false)
    #expect(try connection.scalar("SELECT count(*) FROM favorite_champion") == 5)
    #expect(try connection.scalar("SELECT count(*) FROM player WHERE removed_at IS NULL") == 2)
    try connection.execute("PRAGMA foreign_keys = ON; DELETE FROM player WHERE removed_at > 0")
    #expect(try connection.scalar("SELECT count(*) FROM favorite_champion") == 3)
  }

  @Test(arguments: Backend.allCases) func invalidInputLeavesTheStoreUnchanged(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let before = store.roster
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "CANNA", position: "Top"))
    }
    guard case .conflict(let validation) = error else {
      Issue.record("expected a conflict, got \(String(describing: error))")
      return
    }
    #expect(
      validation.message(for: .name)?.text(in: .english).contains("“Canna” is already in the team")
        == true)
    #expect(store.roster == before)
    #expect(try db.open().players == before.players)
  }

  @Test(arguments: Backend.allCases)
  func aRemovedPlayersPseudoIsFreeAgainAndImportsReplaceThePseudos(_ backend: Backend) async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.playerRows.removePlayer(id: Player.defaultRoster[0].id)
    #expect(
      try await store.playerRows.addPlayer(PlayerInput(name: "CANNA", position: "Mid")).name
        == "CANNA")
    try await store.importing("name,position\nSolo,Top\n", mode: .replace)
    #expect(store.players.map(\.name) == ["Solo"])
    #expect(
      try await store.playerRows.addPlayer(PlayerInput(name: "Canna", position: "Top")).name
        == "Canna")
    await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "solo", position: "Top"))
    }
  }

  @Test func aZeroByteFileIsMigratedFromVersionZero() throws {
    _ = FileManager.default.createFile(atPath: folder.path("v0.sqlite"), contents: Data())
    let store = try RosterStore(path: folder.path("v0.sqlite"))
    #expect(store.players.count == 3)
    let connection = try SQLiteConnection(path: folder.path("v0.sqlite"), create: false)
    #expect(try connection.scalar("PRAGMA user_version") == Int64(Schema.migrations.count))
  }

  @Test func theConnectionIsDurableAndChecksForeignKeys() throws {
    let store = try RosterStore(path: path)
    let settings = try store.pragmas()
    #expect(settings.journalMode == "wal")
    #expect(settings.synchronous == 2)  // FULL
    #expect(settings.foreignKeys == 1)
    #expect(settings.busyTimeout >= 1000)
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftByteForByte() throws {
    let file = folder.path("notes.sqlite")
    let bytes = Data("These are the coach's notes, not a database.\n".utf8)
    try bytes.write(to: URL(fileURLWithPath: file))
    let error = #expect(throws: StoreOpenError.self) { try RosterStore(path: file) }
    #expect(error?.description.contains(file) == true)
    guard case .notADatabase(let path, _) = error else {
      Issue.record("expected notADatabase, got \(String(describing: error))")
      return
    }
    #expect(path == file)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.sqlite"])
  }

  @Test func aDatabaseFromANewerBuildIsRefusedAndLeftUnchanged() throws {
    let file = folder.path("future.sqlite")
    do {
      let connection = try SQLiteConnection(path: file, create: true)
      try connection.execute("CREATE TABLE t (x); PRAGMA user_version = 99;")
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    let error = #expect(throws: StoreOpenError.self) { try RosterStore(path: file) }
    #expect(error?.description.contains(file) == true)
    #expect(error == .newerSchema(path: file, version: 99, known: Schema.migrations.count))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
  }

  @Test(arguments: Backend.allCases) func eightThreadsWritingAtOnceLoseNothing(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let perThread = 24  // 195 players: within a team's 200
    try await withThrowingTaskGroup(of: Void.self) { group in
      for thread in 0..<8 {
        group.addTask {
          for n in 0..<perThread {
            try await store.playerRows.addPlayer(
              PlayerInput(name: "T\(thread)-\(n)", position: "Mid"))
            _ = store.players  // reads go on while others write
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(store.players.count == 3 + 8 * perThread)
    #expect(store.roster.version == 1 + 8 * perThread)
    let reopened = try db.open()
    #expect(Set(reopened.players.map(\.name)) == Set(store.players.map(\.name)))
    #expect(reopened.players.map(\.id) == store.players.map(\.id))
  }

  @Test(arguments: Backend.allCases) func concurrentAddsOfOnePseudoStoreItOnce(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let accepted = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          (try? await store.playerRows.addPlayer(PlayerInput(name: "Same", position: "Top"))) != nil
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(accepted == 1)
    #expect(store.players.filter { $0.name == "Same" }.count == 1)
  }

  @Test(arguments: Backend.allCases) func observersHearOfEveryCommittedChangeWithARisingVersion(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let seen = Mutex<[Int]>([])
    let id = store.onChange { update in seen.withLock { $0.append(update.roster.version) } }
    try await store.playerRows.addPlayer(PlayerInput(name: "A", position: "Top"))
    try await store.playerRows.removePlayer(id: Player.defaultRoster[1].id)
    _ = try? await store.playerRows.addPlayer(PlayerInput(name: "", position: "Top"))
    store.removeObserver(id)
    try await store.playerRows.addPlayer(PlayerInput(name: "B", position: "Top"))
    #expect(seen.withLock { $0 } == [2, 3])
    #expect(store.roster.version == 4)
  }

  @Test(arguments: Backend.allCases) func aWriteSeesWhatAnotherProcessCommittedFirst(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let server = try db.open()
    let cli = try db.open()
    try await cli.playerRows.addPlayer(PlayerInput(name: "FromCLI", position: "Top"))
    await #expect(throws: RosterError.self) {
      try await server.playerRows.addPlayer(PlayerInput(name: "fromcli", position: "Mid"))
    }
    try await server.playerRows.addPlayer(PlayerInput(name: "FromServer", position: "Mid"))
    #expect(server.players.map(\.name).suffix(2) == ["FromCLI", "FromServer"])
    #expect(try db.open().players.count == 5)
  }

  @Test(arguments: Backend.allCases) func anImportPreviewedBeforeAChangeIsRefusedWhole(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let roster = store.roster
    let plan = try RosterImport(
      Data("name,position\nCanna,Mid\nNew,Jungle\n".utf8), current: roster.players,
      teams: roster.teams)
    try await store.playerRows.updatePlayer(
      id: Player.defaultRoster[0].id, with: PlayerEdit(image: "other"))
    let error = await #expect(throws: RosterError.self) {
      try await store.importRows.importRoster(plan)
    }
    guard case .importOutdated = error else {
      Issue.record("expected importOutdated, got \(String(describing: error))")
      return
    }
    #expect(try db.open().players.map(\.name) == ["Canna", "Caliste", "Targamas"])
    #expect(store.players.first?.position == .top)
  }

  /// Servers (or a server and the CLI) opening a new database at the same moment create its
  /// schema and the default roster once.
  @Test(arguments: Backend.allCases)
  func openersRacingOnANewDatabaseMigrateAndSeedItOnce(_ backend: Backend) async throws {
    let db = try TestDatabase(backend, in: folder)
    try FileManager.default.createDirectory(
      atPath: folder.path("data"), withIntermediateDirectories: true)
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask { try db.open().players.count }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(counts == [3, 3, 3, 3])
    #expect(try db.open().players == Player.defaultRoster)
    #expect(try db.open().roster.teams.count == 1)
  }

  @Test func aFailedWriteDoesNotPoisonTheNextOne() async throws {
    let store = try RosterStore(path: path)
    // A trigger makes the next insert fail inside SQLite, after validation passed.
    let connection = try SQLiteConnection(path: path, create: false)
    try connection.execute(
      "CREATE TRIGGER refuse BEFORE INSERT ON player WHEN NEW.name = 'Boom' "
        + "BEGIN SELECT RAISE(ABORT, 'refused'); END;")
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "Boom", position: "Top"))
    }
    guard case .storage(let storage) = error else {
      Issue.record("expected a storage error, got \(String(describing: error))")
      return
    }
    #expect(storage.description.contains("refused") && storage.description.contains(path))
    #expect(
      try await store.playerRows.addPlayer(PlayerInput(name: "Fine", position: "Top")).name
        == "Fine")
    #expect(
      try await store.playerRows.addPlayer(PlayerInput(name: "Boom2", position: "Top")).name
        == "Boom2")
    #expect(try RosterStore(path: path).players.map(\.name).suffix(2) == ["Fine", "Boom2"])
  }

  @Test(arguments: Backend.allCases)
  func refreshingPicksUpAnotherProcesssChangesOnlyWhenThereAreSome(_ backend: Backend) async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let server = try db.open()
    let cli = try db.open()
    let versions = Mutex<[Int]>([])
    server.onChange { update in versions.withLock { $0.append(update.roster.version) } }
    try server.refresh()
    #expect(versions.withLock { $0 }.isEmpty)
    try await cli.playerRows.addPlayer(PlayerInput(name: "FromCLI", position: "Top"))
    #expect(server.players.count == 3)  // reads never touch the disk
    try server.refresh()
    #expect(server.players.last?.name == "FromCLI")
    #expect(versions.withLock { $0 } == [2])
    try server.refresh()
    #expect(versions.withLock { $0 } == [2])
  }

  @Test(arguments: Backend.allCases) func removingNobodyIsNotFoundAndChangesNoVersion(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let id = UUID()
    await #expect(throws: RosterError.notFound(id)) {
      try await store.playerRows.removePlayer(id: id)
    }
    #expect(store.roster.version == 1)
  }

  struct UnreadableRow: Sendable, CustomTestStringConvertible {
    let sql: String
    let reason: String
    var testDescription: String { reason }
  }

  @Test(arguments: [
    UnreadableRow(
      sql: "UPDATE player SET id = 'not-a-uuid' WHERE name = 'Caliste'", reason: "not a UUID"),
    UnreadableRow(
      sql: "PRAGMA ignore_check_constraints = ON; "
        + "UPDATE player SET position = 'Coach' WHERE name = 'Caliste'",
      reason: "“Coach” is not a position"),
    UnreadableRow(
      sql: "UPDATE player SET riot_id = 'no hash sign' WHERE name = 'Caliste'",
      reason: "“no hash sign” is not a Riot ID"),
    UnreadableRow(
      sql: "UPDATE player SET contract_end = '31/08/2027' WHERE name = 'Caliste'",
      reason: "“31/08/2027” is not a date"),
  ])
  func aRowThatIsNotAPlayerIsReportedNeverSkipped(_ row: UnreadableRow) throws {
    _ = try RosterStore(path: path)
    try SQLiteConnection(path: path, create: false).execute(row.sql)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let error = #expect(throws: StoreOpenError.self) { try RosterStore(path: path) }
    guard case .unreadableRow(path, "player", _, let reason) = error else {
      Issue.record("expected unreadableRow, got \(String(describing: error))")
      return
    }
    #expect(reason.contains(row.reason))
    #expect(error?.description.contains(path) == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  @Test func aWeekRowThatDoesNotReadIsReportedNeverSkipped() throws {
    _ = try RosterStore(path: path)
    let caliste = try #require(Player.defaultRoster.first { $0.name == "Caliste" }).id
    try SQLiteConnection(path: path, create: false).execute(
      "INSERT INTO absence (player_id, first_day, last_day) VALUES ('\(caliste.text)', '2026-12-24', 'Christmas')"
    )
    let error = #expect(throws: StoreOpenError.self) { try RosterStore(path: path) }
    guard case .unreadableRow(path, "absence", _, let reason) = error else {
      Issue.record("expected unreadableRow, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("“Christmas”"))
  }

  /// A stored player in a history entry whose Riot ID does not read is an error, not a
  /// player without a Riot ID (an edit merged from it would clear the Riot ID).
  @Test func aHistoryEntrysPlayerWhoseRiotIDDoesNotReadIsReported() throws {
    let store = try RosterStore(path: path)
    let canna = try #require(store.roster.players.first { $0.name == "Canna" })
    var json = String(decoding: try TeamJSON.encode(canna), as: UTF8.self)
    json.insert(contentsOf: #""riotID":"no hash sign","#, at: json.index(after: json.startIndex))
    try SQLiteConnection(path: path, create: false).execute(
      """
      INSERT INTO history (at, author, kind, player_id, player_name, after)
      VALUES (0, 'x', 'edited', '\(canna.id.text)', 'Canna', '\(json)')
      """)
    let error = #expect(throws: RosterError.self) { try store.history() }
    #expect(error?.description.contains("no hash sign") == true)
  }

  @Test func aHistoryEntryThatDoesNotReadIsReportedNeverShownAsAnother() throws {
    let store = try RosterStore(path: path)
    try SQLiteConnection(path: path, create: false).execute(
      "INSERT INTO history (at, author, kind, player_name) VALUES (0, 'x', 'mystery', 'Canna')")
    let error = #expect(throws: RosterError.self) { try store.history() }
    #expect(error?.description.contains("“mystery” is not a kind of change") == true)
  }

  @Test(arguments: Backend.allCases) func aReplacingImportKeepsIdsAndSendsTheOthersToTrash(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let keptID = UUID()
    try await store.importing("id,name,position\n\(keptID),One,Top\n,Two,sup\n", mode: .replace)
    let reopened = try db.open()
    #expect(reopened.players.map(\.name) == ["One", "Two"])
    #expect(reopened.players.first?.id == keptID)
    #expect(Set(reopened.roster.removed.map(\.id)) == Set(Player.defaultRoster.map(\.id)))
  }

  @MainActor @Test(arguments: Backend.allCases) func aTeamBackedByTheStorePersistsItsChanges(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let team = EsportTeam(store: try db.open())
    try await team.addPlayer(
      name: "Saken", position: .mid, favoriteChampions: ChampionCatalog.builtIn.champions)
    try await team.removePlayer(team.players[0])
    #expect(try db.open().players == team.players)
    #expect(team.players.map(\.name) == ["Caliste", "Targamas", "Saken"])
  }

  @MainActor @Test(arguments: Backend.allCases)
  func aTeamBackedByTheStoreReportsRefusedInputByField(_ backend: Backend) async throws {
    let db = try TestDatabase(backend, in: folder)
    let team = EsportTeam(store: try db.open())
    let thrown = await #expect(throws: RosterError.self) {
      try await team.addPlayer(name: "caliste", position: .mid, image: "Bad Name")
    }
    // What AddPlayerView does with any error: the messages go next to their fields.
    let errors = try #require(thrown.flatMap(ValidationError.init(reportedBy:)))
    #expect(
      errors.message(for: .name)?.text(in: .english).contains("“Caliste” is already in the team")
        == true)
    #expect(errors.message(for: .image)?.text(in: .english) != nil)
    #expect(team.players.map(\.name) == ["Canna", "Caliste", "Targamas"])
    #expect(ValidationError(reportedBy: RosterError.notFound(UUID())) == nil)
  }

  @Test func anInMemoryStoreStartsSeededAndLeavesNoFile() async throws {
    let store = try RosterStore.inMemory()
    try await store.playerRows.addPlayer(PlayerInput(name: "Temp", position: "Top"))
    #expect(store.players.count == 4)
    #expect(try RosterStore.inMemory().players.count == 3)
  }
}

@Suite struct DatabaseLocationTests {
  @Test func prefersTheFlagThenTheEnvironmentThenXDGThenHome() {
    let env = ["KCORP_DB": "/e/db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    #expect(
      DatabaseLocation.resolve(path: "/flag", inMemory: false, environment: env) == .file("/flag"))
    #expect(DatabaseLocation.resolve(path: "/flag", inMemory: true, environment: env) == .inMemory)
    #expect(
      DatabaseLocation.resolve(path: nil, inMemory: false, environment: env) == .file("/e/db"))
    #expect(
      DatabaseLocation.resolve(path: nil, inMemory: false, environment: ["XDG_DATA_HOME": "/xdg"])
        == .file("/xdg/kcorp/roster.sqlite"))
    #expect(
      DatabaseLocation.resolve(path: nil, inMemory: false, environment: ["HOME": "/home/u"])
        == .file("/home/u/.local/share/kcorp/roster.sqlite"))
  }

  @Test func theAppleAppKeepsItsRosterInApplicationSupport() throws {
    let mac = URL(fileURLWithPath: "/Users/coach/Library/Application Support")
    #expect(
      DatabaseLocation.applicationSupport(in: mac)
        == .file("/Users/coach/Library/Application Support/KCorp/roster.sqlite"))
    #if os(Linux)
      // Foundation's Application Support on Linux is the XDG data folder.
      let environment = ProcessInfo.processInfo.environment
      let dataHome =
        environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        ?? (NSHomeDirectory() + "/.local/share")
      #expect(DatabaseLocation.applicationSupport() == .file(dataHome + "/KCorp/roster.sqlite"))
    #endif
  }
}

import Foundation
import Synchronization
import TeamClient
import TeamKit
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// Everyday work on the roster: edit, remove and restore, order, the starting five.
@Suite struct RosterWorkTests {
  let folder: TemporaryFolder
  let path: String
  let canna = Player.defaultRoster[0]
  let caliste = Player.defaultRoster[1]
  let targamas = Player.defaultRoster[2]

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("roster.sqlite")
  }

  /// A clock the test moves by hand.
  final class Clock: Sendable {
    let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { time.withLock { $0 } }
    func advance(days: Double) { time.withLock { $0 += days * 24 * 60 * 60 } }
  }

  // MARK: - Edit

  @Test(arguments: Backend.allCases) func anEditChangesTheFieldsGivenAndKeepsTheOthers(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let edited = try await store.playerRows.updatePlayer(
      id: caliste.id, with: PlayerEdit(position: "sup", favoriteChampions: ["braum", "jax"]))
    #expect(edited.name == "Caliste" && edited.image == "caliste")
    #expect(edited.position == .support)
    #expect(edited.favoriteChampions.map(\.id) == ["braum", "jax"])
    #expect(try db.open().players[1] == edited)
  }

  @Test(arguments: Backend.allCases) func aPseudoMayKeepItsNameOrChangeItsCaseButNotTakeAnothers(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    #expect(
      try await store.playerRows.updatePlayer(id: canna.id, with: PlayerEdit(name: "Canna")).name
        == "Canna")
    #expect(
      try await store.playerRows.updatePlayer(id: canna.id, with: PlayerEdit(name: "CANNA")).name
        == "CANNA")
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.updatePlayer(id: canna.id, with: PlayerEdit(name: "caliste"))
    }
    guard case .conflict = error else {
      Issue.record("expected a conflict, got \(String(describing: error))")
      return
    }
    await #expect(throws: RosterError.self) {
      try await store.playerRows.updatePlayer(
        id: canna.id, with: PlayerEdit(image: "../x", lineup: "coach"))
    }
    #expect(try db.open().players.map(\.name) == ["CANNA", "Caliste", "Targamas"])
  }

  @Test(arguments: Backend.allCases)
  func anEditFromAnOutdatedVersionWritesNothingAndSaysWhatChanged(_ backend: Backend) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let seen = store.players[0]
    let first = try await store.playerRows.updatePlayer(
      id: seen.id, with: PlayerEdit(position: "Mid"), expected: seen)
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.updatePlayer(
        id: seen.id, with: PlayerEdit(name: "Overwritten"), expected: seen)
    }
    #expect(error == .changed(first))
    #expect(try db.open().players[0] == first)
  }

  @Test func twoStoresEditingOnePlayerAtOnceNeverOverwriteEachOther() async throws {
    let path = self.path
    let seen = try RosterStore(path: path).players[0]
    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
      for name in ["FirstEdit", "SecondEdit"] {
        group.addTask {
          let store = try RosterStore(path: path)
          do throws(RosterError) {
            try await store.playerRows.updatePlayer(
              id: seen.id, with: PlayerEdit(name: name), expected: seen)
            return true
          } catch {
            guard case .changed = error else { throw error }
            return false
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 }.count == 1)
    #expect(["FirstEdit", "SecondEdit"].contains(try RosterStore(path: path).players[0].name))
  }

  // MARK: - Remove and restore

  @Test(arguments: Backend.allCases) func aRemovedPlayerComesBackAtTheirPlaceWithEveryField(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.playerRows.updatePlayer(id: caliste.id, with: PlayerEdit(lineup: "substitute"))
    let before = store.players
    try await store.playerRows.removePlayer(id: caliste.id)
    #expect(store.players.map(\.name) == ["Canna", "Targamas"])
    #expect(store.roster.removed.map(\.player) == [before[1]])
    let reopened = try db.open()
    #expect(reopened.roster.removed.map(\.player) == [before[1]])
    #expect(try await reopened.playerRows.restorePlayer(id: caliste.id) == before[1])
    #expect(reopened.players == before)
    #expect(reopened.roster.removed.isEmpty)
    #expect(try db.open().players == before)
  }

  @Test(arguments: Backend.allCases)
  func aRemovedPlayersPseudoIsFreeAndRestoringItWhenTakenIsAConflict(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.playerRows.removePlayer(id: canna.id)
    try await store.playerRows.addPlayer(PlayerInput(name: "canna", position: "Top"))
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.restorePlayer(id: canna.id)
    }
    guard case .conflict(let validation) = error else {
      Issue.record("expected a conflict, got \(String(describing: error))")
      return
    }
    #expect(
      validation.message(for: .name)?.text(in: .english).contains("“canna” is on the roster")
        == true)
    #expect(store.roster.removed.map(\.id) == [canna.id])
    await #expect(throws: RosterError.notFound(caliste.id)) {
      try await store.playerRows.restorePlayer(id: caliste.id)
    }
  }

  @Test func removalsAreKeptThirtyDaysThenPurgedOnStartOrOnTheNextWrite() async throws {
    let clock = Clock()
    let store = try RosterStore(path: path, now: clock.now)
    try await store.playerRows.removePlayer(id: canna.id)
    clock.advance(days: 29)
    try await store.playerRows.removePlayer(id: caliste.id)
    #expect(try RosterStore(path: path, now: clock.now).roster.removed.count == 2)
    clock.advance(days: 2)  // Canna's removal is 31 days old, Caliste's 2
    #expect(try RosterStore(path: path, now: clock.now).roster.removed.map(\.id) == [caliste.id])
    try await store.playerRows.addPlayer(PlayerInput(name: "Next", position: "Mid"))
    #expect(store.roster.removed.map(\.id) == [caliste.id])
    let connection = try SQLiteConnection(path: path, create: false)
    #expect(try connection.scalar("SELECT count(*) FROM player WHERE id = '\(canna.id)'") == 0)
    // Canna's two favourites went with them; Caliste's two and Targamas's one stay.
    #expect(try connection.scalar("SELECT count(*) FROM favorite_champion") == 3)
  }

  @Test(arguments: Backend.allCases)
  func manyRemovalsStayInOrderFindableAndPurgedByAge(_ backend: Backend) async throws {
    // More removals than the snapshot keeps in one part, so that they span several.
    let clock = Clock()
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open(now: clock.now)
    var removed: [UUID] = []
    for index in 0..<50 {
      let player = try await store.playerRows.addPlayer(
        PlayerInput(name: "Gone\(index)", position: "Mid"))
      try await store.playerRows.removePlayer(id: player.id)
      removed.append(player.id)
      clock.advance(days: index == 19 ? 20 : 0.001)
    }
    #expect(store.roster.removed.map(\.id) == removed.reversed())
    #expect(store.roster.removedCount == 50)
    #expect(store.roster.removal(id: removed[0])?.player.name == "Gone0")
    #expect(store.roster.removal(id: removed[49])?.player.name == "Gone49")
    try await store.playerRows.restorePlayer(id: removed[3])
    removed.remove(at: 3)
    #expect(store.roster.removed.map(\.id) == removed.reversed())
    #expect(
      try db.open(now: clock.now).roster.removed.map(\.id) == removed.reversed())
    // The first twenty (less the restored one) are 31 days old now, the others 11.
    clock.advance(days: 11)
    try await store.playerRows.addPlayer(PlayerInput(name: "Next", position: "Mid"))
    #expect(store.roster.removed.map(\.id) == removed.dropFirst(19).reversed())
    #expect(store.roster.removedCount == 30)
    #expect(store.roster.removal(id: removed[0]) == nil)
  }

  @Test(arguments: Backend.allCases) func removingTwiceIsNotFound(_ backend: Backend) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.playerRows.removePlayer(id: canna.id)
    await #expect(throws: RosterError.notFound(canna.id)) {
      try await store.playerRows.removePlayer(id: canna.id)
    }
  }

  // MARK: - Order

  @Test(arguments: Backend.allCases) func aPlayerMovesToAnyPlaceAndTheOrderLasts(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.playerRows.movePlayer(id: targamas.id, to: 0)
    #expect(store.players.map(\.name) == ["Targamas", "Canna", "Caliste"])
    try await store.playerRows.movePlayer(id: targamas.id, to: 99)
    #expect(store.players.map(\.name) == ["Canna", "Caliste", "Targamas"])
    try await store.playerRows.movePlayer(id: canna.id, to: 1)
    #expect(try db.open().players.map(\.name) == ["Caliste", "Canna", "Targamas"])
  }

  @Test(arguments: Backend.allCases)
  func aWholeOrderMustNameEveryPlayerOnceAndBeFromTheCurrentRoster(_ backend: Backend) async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let ids = store.players.map(\.id)
    try await store.playerRows.reorder([ids[2], ids[0], ids[1]], expected: ids)
    #expect(store.players.map(\.name) == ["Targamas", "Canna", "Caliste"])
    for wrong in [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [ids[0], ids[1], UUID()]] {
      await #expect(throws: RosterError.rosterChanged) { try await store.playerRows.reorder(wrong) }
    }
    await #expect(throws: RosterError.orderChanged) {
      try await store.playerRows.reorder(ids, expected: ids)
    }
    #expect(try db.open().players.map(\.name) == ["Targamas", "Canna", "Caliste"])
  }

  @Test(arguments: Backend.allCases) func aRestoredPlayerTakesTheirPlaceInAReorderedRoster(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    for name in ["Four", "Five"] {
      try await store.playerRows.addPlayer(PlayerInput(name: name, position: "Mid"))
    }
    try await store.playerRows.removePlayer(id: caliste.id)  // was second
    try await store.playerRows.movePlayer(id: canna.id, to: 3)  // Targamas, Four, Five, Canna
    try await store.playerRows.restorePlayer(id: caliste.id)
    #expect(store.players.map(\.name) == ["Targamas", "Caliste", "Four", "Five", "Canna"])
  }

  // MARK: - The starting five

  @Test(arguments: Backend.allCases) func newPlayersStartWhileFewerThanFiveStart(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    for name in ["Four", "Five", "Six"] {
      try await store.playerRows.addPlayer(PlayerInput(name: name, position: "Mid"))
    }
    #expect(
      store.players.map(\.lineup) == [
        .starter, .starter, .starter, .starter, .starter, .substitute,
      ])
    try await store.playerRows.addPlayer(
      PlayerInput(name: "Forced", position: "Top", lineup: "starter"))
    #expect(store.players.last?.lineup == .starter)
    try await store.playerRows.updatePlayer(id: canna.id, with: PlayerEdit(lineup: "substitute"))
    #expect(try db.open().players[0].lineup == .substitute)
  }

  @Test func aVersionOneDatabaseMigratesWithTheFirstFiveStarting() throws {
    // The schema of version 1, written by hand with six players.
    let v1 = Schema.migrations[0]
    do {
      let connection = try SQLiteConnection(path: path, create: true)
      try connection.transaction {
        try v1(connection)
        for (index, name) in ["D", "E", "F"].enumerated() {
          try connection.execute(
            "INSERT INTO player VALUES ('\(UUID())', '\(name)', '\(name.lowercased())', 'Mid', "
              + "'player_default', \(10 + index))")
        }
        try connection.execute("PRAGMA user_version = 1")
      }
    }
    let store = try RosterStore(path: path)
    #expect(store.players.map(\.name) == ["Canna", "Caliste", "Targamas", "D", "E", "F"])
    #expect(
      store.players.map(\.lineup) == [
        .starter, .starter, .starter, .starter, .starter, .substitute,
      ])
    #expect(store.players[0].favoriteChampions.map(\.id) == ["jayce", "jax"])
    let connection = try SQLiteConnection(path: path, create: false)
    #expect(try connection.scalar("PRAGMA user_version") == Int64(Schema.migrations.count))
    #expect(try connection.scalar("PRAGMA foreign_keys") == 0)  // a fresh connection's default
    #expect(try store.pragmas().foreignKeys == 1)
  }
}

extension RosterWorkTests {
  /// A new file at schema `version`: the first `version` migrations, as a build of that
  /// time wrote it.
  static func file(at path: String, schema version: Int) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: path, create: true)
    try connection.transaction {
      for migration in Schema.migrations.prefix(version) { try migration(connection) }
      try connection.execute("PRAGMA user_version = \(version)")
    }
    return connection
  }

  @Test func lookalikesAlreadyOnTheRosterStayAndNewOnesAreRefused() async throws {
    do {
      // A file of schema 4, keyed the old way (lower case), holding two lookalikes.
      let connection = try Self.file(at: path, schema: 4)
      try connection.execute(
        """
        UPDATE player SET name_key = lower(name);
        INSERT INTO player (id, name, name_key, position, image, sort_order, lineup)
        VALUES ('\(UUID())', 'C\u{0430}nna', 'c\u{0430}nna', 'Top', 'player_default', 9,
          'substitute');
        """)
    }
    let store = try RosterStore(path: path)
    #expect(store.players.map(\.name).filter { $0.hasSuffix("nna") }.count == 2)
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "\u{FF23}ANNA", position: "Mid"))
    }
    #expect(error?.description.contains("looks the same as") == true)
    let connection = try SQLiteConnection(path: path, create: false)
    #expect(try connection.scalar("PRAGMA user_version") == Int64(Schema.migrations.count))
  }
}

extension RosterWorkTests {
  @Test func keysStoredBeforeTheLunateSigmaRuleAreComputedAgain() async throws {
    do {
      // A file of schema 6 whose Ϲ (U+03F9) pseudo was keyed as a Σ: "oanna" then.
      let connection = try Self.file(at: path, schema: 6)
      try connection.execute(
        """
        INSERT INTO player (id, name, name_key, position, image, sort_order, lineup)
        VALUES ('\(UUID())', '\u{03F9}anna', 'oanna', 'Top', 'player_default', 9, 'substitute');
        """)
    }
    let store = try RosterStore(path: path)
    // Both stay; an "oanna" is no longer taken, and another lookalike of Canna is refused.
    #expect(store.players.map(\.name).filter { $0.hasSuffix("anna") }.count == 2)
    try await store.playerRows.addPlayer(PlayerInput(name: "Oanna", position: "Mid"))
    await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "\u{216D}anna", position: "Mid"))
    }
  }
}

@Suite struct LineupStatusTests {
  func player(_ position: Position, _ lineup: Lineup = .starter) -> Player {
    Player(name: "P\(UUID().uuidString.prefix(4))", position: position, lineup: lineup)
  }

  @Test func fiveStartersOnFivePositionsAreComplete() {
    let players = Position.allCases.map { player($0) } + [player(.mid, .substitute)]
    let status = LineupStatus(players: players)
    #expect(status.isComplete && status.problems(in: .english).isEmpty)
    #expect(status.starters.count == 5)
  }

  @Test func missingAndDoubledPositionsAreNamed() {
    let status = LineupStatus(players: [player(.top), player(.mid), player(.mid), player(.adc)])
    #expect(!status.isComplete)
    #expect(status.missing == [.jungle, .support])
    #expect(status.doubled == [.mid])
    #expect(status.problems(in: .english) == ["two Mid starters", "no Jungle", "no Support"])
  }

  @Test func substitutesComeAfterStartersInRosterOrder() {
    let a = player(.top, .substitute)
    let b = player(.mid)
    let c = player(.adc, .substitute)
    let d = player(.jungle)
    #expect([a, b, c, d].startersFirst == [b, d, a, c])
  }
}

@MainActor @Suite struct StoredTeamTests {
  @Test func aStoredTeamsEditsRemovalsRestoresAndMovesLast() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("roster.sqlite")
    let team = EsportTeam(store: try RosterStore(path: path))
    let caliste = team.players[1]
    try await team.updatePlayer(
      caliste, name: "Caliste", position: .support, image: "caliste", favoriteChampions: [])
    try await team.removePlayer(team.players[0])
    try await team.restorePlayer(Player.defaultRoster[0])
    try await team.movePlayers(in: .starter, fromOffsets: IndexSet(integer: 2), toOffset: 0)
    try await team.setLineup(.substitute, of: team.players[0])
    let reopened = try RosterStore(path: path)
    #expect(reopened.players == team.players)
    #expect(team.players.map(\.name) == ["Targamas", "Canna", "Caliste"])
    #expect(team.players[0].lineup == .substitute)
    #expect(team.players[2].position == .support)
  }

  @Test func aStaleEditFromTheAppIsRefusedWithTheCurrentPlayer() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("roster.sqlite")
    let team = EsportTeam(store: try RosterStore(path: path))
    let seen = team.players[0]
    try await RosterStore(path: path).playerRows.updatePlayer(
      id: seen.id, with: PlayerEdit(name: "Elsewhere"))
    let error = await #expect(throws: PlayerChangedError.self) {
      try await team.updatePlayer(
        seen, name: "Here", position: .top, image: "canna", favoriteChampions: [])
    }
    #expect(error?.current.name == "Elsewhere")
    // The team shows the other's version; nothing of "Here" was written.
    #expect(team.players[0].name == "Elsewhere")
    #expect(try RosterStore(path: path).players[0].name == "Elsewhere")
  }
}

@Suite struct HistoryTests {
  @Test func everyChangeIsRecordedWithItsAuthorAndTheBeforeAndAfter() async throws {
    let folder = try TemporaryFolder()
    let store = try RosterStore(path: folder.path("roster.sqlite"))
    let canna = Player.defaultRoster[0]
    let updates = Mutex<[RosterUpdate]>([])
    store.onChange { update in updates.withLock { $0.append(update) } }
    try await store.playerRows.updatePlayer(
      id: canna.id, with: PlayerEdit(position: "Mid"), by: "coach")
    try await store.playerRows.removePlayer(id: canna.id, by: "coach")
    try await store.playerRows.restorePlayer(id: canna.id)
    let added = try await store.playerRows.addPlayer(PlayerInput(name: "Saken", position: "Mid"))
    try await store.playerRows.movePlayer(id: added.id, to: 0)
    let history = try store.history()
    #expect(history.map(\.kind) == [.moved, .added, .restored, .removed, .edited])
    #expect(history.map(\.author) == ["local", "local", "local", "coach", "coach"])
    let edit = try #require(history.last)
    #expect(edit.before?.position == .top && edit.after?.position == .mid)
    #expect(edit.summary(in: .english) == "coach edited Canna: role Top → Mid.")
    #expect(
      history[0].summary(in: .english) == "Someone on this machine changed the roster’s order.")
    #expect(try store.history(player: canna.id).count == 3)
    #expect(try store.history(after: history[1].id).map(\.kind) == [.moved])
    // Observers got each change with its update.
    #expect(
      updates.withLock { $0.flatMap(\.changes).map(\.kind) } == history.reversed().map(\.kind))
    // Export is the roster only: the history stays out.
    #expect(!String(decoding: TeamJSON.encode(store.players), as: UTF8.self).contains("coach"))
  }

  @Test func anotherProcesssChangesReachObserversWithTheirAuthor() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("roster.sqlite")
    let server = try RosterStore(path: path)
    let updates = Mutex<[RosterChange]>([])
    server.onChange { update in updates.withLock { $0 += update.changes } }
    try await RosterStore(path: path).playerRows.addPlayer(
      PlayerInput(name: "FromCLI", position: "Top"))
    try server.refresh()
    #expect(updates.withLock { $0 }.map(\.playerName) == ["FromCLI"])
    try await server.playerRows.addPlayer(PlayerInput(name: "FromServer", position: "Top"))
    #expect(updates.withLock { $0 }.map(\.playerName) == ["FromCLI", "FromServer"])
  }

  @Test func aRefusedChangeLeavesNoHistory() async throws {
    let store = try RosterStore.inMemory()
    await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "canna", position: "Top"))
    }
    #expect(try store.history().isEmpty)
  }
}

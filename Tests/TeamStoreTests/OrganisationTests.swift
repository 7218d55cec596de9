import Foundation
import TeamAccess
import TeamClient
import TeamKit
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// The organisation: several teams, each with its order and starting five, players who move
/// between them, and who each player is.
@Suite struct OrganisationTests {
  let folder: TemporaryFolder
  let path: String
  let caliste = Player.defaultRoster[1]

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("roster.sqlite")
  }

  /// The organisation of the field: Karmine Corp (the first team, renamed), KC Blue its
  /// academy.
  func organisation(_ db: TestDatabase) async throws -> RosterStore {
    let store = try db.open()
    try await store.teamRows.updateTeam(
      "KC", with: TeamInput(name: "Karmine Corp", tag: "KC", league: "LEC"))
    try await store.teamRows.addTeam(
      TeamInput(name: "KC Blue", tag: "kcb", league: "LFL", parent: "KC"))
    return store
  }

  @Test(arguments: Backend.allCases) func aNewDatabaseHasOneTeamHoldingTheBriefsPlayers(
    _ backend: Backend
  ) throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    #expect(store.roster.organisation == "KCorp")
    #expect(store.roster.teams == [Team.first])
    #expect(store.roster.players(in: Team.first.id) == Player.defaultRoster)
  }

  @Test(arguments: Backend.allCases) func aSubstituteSwappedInTakesTheStartersStatusAndPlace(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try await organisation(db)
    for name in ["Closer", "Vladi"] {
      try await store.playerRows.addPlayer(PlayerInput(name: name, position: "Jungle"))
    }
    try await store.playerRows.addPlayer(
      PlayerInput(name: "Yike", position: "Jungle", lineup: "substitute"))
    let yike = try #require(store.players.first { $0.name == "Yike" })
    let closer = try #require(store.players.first { $0.name == "Closer" })
    let order = store.roster.players(in: Team.first.id).map(\.name)
    let before = try store.history(limit: 500).count
    let (swapped, out) = try await store.playerRows.swapPlayers(yike.id, with: closer.id)
    #expect(swapped.lineup == .starter && out.lineup == .substitute)
    let reopened = try db.open()
    let names = reopened.roster.players(in: Team.first.id).map(\.name)
    #expect(names == order.map { $0 == "Yike" ? "Closer" : $0 == "Closer" ? "Yike" : $0 })
    #expect(reopened.roster.player(id: yike.id)?.lineup == .starter)
    #expect(reopened.roster.player(id: closer.id)?.lineup == .substitute)
    // One change, naming both.
    let history = try reopened.history(limit: 500)
    #expect(history.count == before + 1)
    let entry = try #require(history.first)
    #expect(entry.kind == .swapped && entry.playerID == yike.id && entry.otherPlayer == "Closer")
    #expect(
      entry.summary(in: .english)
        == "Someone on this machine swapped Yike (now starter) with Closer (now substitute).")
    // Refused, changing nothing: two starters, two teams, someone not there.
    let vladi = try #require(store.players.first { $0.name == "Vladi" })
    await #expect(throws: RosterError.self) {
      try await store.playerRows.swapPlayers(vladi.id, with: yike.id)
    }
    let tao = try await store.playerRows.addPlayer(
      PlayerInput(name: "Tao", position: "Jungle", lineup: "substitute", team: "KCB"))
    await #expect(throws: RosterError.self) {
      try await store.playerRows.swapPlayers(tao.id, with: yike.id)
    }
    await #expect(
      throws: RosterError.notFound(UUID(uuidString: "00000000-0000-4000-8000-000000000000")!)
    ) {
      try await store.playerRows.swapPlayers(
        UUID(uuidString: "00000000-0000-4000-8000-000000000000")!, with: yike.id)
    }
    #expect(try db.open().history(limit: 500).count == before + 2)  // the swap and Tao's add
  }

  @Test(arguments: Backend.allCases) func teamsHaveTheirOwnOrderAndStartingFive(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try await organisation(db)
    let blue = try #require(store.roster.team("KCB"))
    #expect(blue.tag == "KCB" && blue.parentID == Team.first.id && blue.league == "LFL")
    for name in ["Blue1", "Blue2", "Blue3", "Blue4", "Blue5", "Blue6"] {
      try await store.playerRows.addPlayer(PlayerInput(name: name, position: "Mid", team: "KCB"))
    }
    // The first team's three starters do not count against KC Blue's five.
    let blues = store.roster.players(in: blue.id)
    #expect(blues.map(\.lineup) == [.starter, .starter, .starter, .starter, .starter, .substitute])
    #expect(store.roster.players(in: Team.first.id) == Player.defaultRoster)
    // Reordering one team leaves the other as it is, and names that team's players only.
    let reversed = Array(blues.map(\.id).reversed())
    try await store.playerRows.reorder(reversed, team: "KCB")
    #expect(store.roster.players(in: blue.id).map(\.id) == reversed)
    #expect(store.roster.players(in: Team.first.id) == Player.defaultRoster)
    await #expect(throws: RosterError.rosterChanged) {
      try await store.playerRows.reorder(Player.defaultRoster.map(\.id), team: "KCB")
    }
    try await store.playerRows.movePlayer(id: reversed[0], to: 5)
    #expect(store.roster.players(in: blue.id).last?.id == reversed[0])
    #expect(try db.open().roster.players(in: blue.id).last?.id == reversed[0])
  }

  @Test(arguments: Backend.allCases) func aPromotionIsOneChangeThatKeepsTheTenureAndTheHistory(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try await organisation(db)
    let player = try await store.playerRows.addPlayer(
      PlayerInput(
        name: "Tao", position: "Jungle", team: "KCB", riotID: "Tao#KCB1",
        contractEnd: "2027-11-30"))
    let before = try store.history(limit: 500).count
    let moved = try await store.playerRows.transferPlayer(id: player.id, to: "KC")
    #expect(moved.teamID == Team.first.id)
    #expect(moved.name == "Tao" && moved.riotID?.description == "Tao#KCB1")
    #expect(moved.contractEnd == Day("2027-11-30"))
    #expect(moved.lineup == .starter)  // the first team has three starters
    let reopened = try db.open()
    #expect(reopened.roster.players(in: Team.first.id).last == moved)
    #expect(reopened.roster.players(in: try #require(reopened.roster.team("KCB")).id).isEmpty)
    let history = try reopened.history(limit: 500)
    #expect(history.count == before + 1)
    let entry = try #require(history.first)
    #expect(entry.kind == .transferred && entry.fromTeam == "KC Blue")
    #expect(entry.toTeam == "Karmine Corp")
    #expect(
      entry.summary(in: .english)
        == "Someone on this machine moved Tao from KC Blue to Karmine Corp.")
    let tenures = try reopened.playerRows.tenures(of: player.id)
    #expect(tenures.count == 1)
    #expect(tenures.first?.teamTag == "KCB" && tenures.first?.position == .jungle)
    #expect(tenures.first?.to == moved.joined)
  }

  @Test(arguments: Backend.allCases) func pseudosAndRiotIDsAreUniqueInTheWholeOrganisation(
    _ backend: Backend
  ) async throws {
    let store = try await organisation(TestDatabase(backend, in: folder))
    try await store.playerRows.addPlayer(
      PlayerInput(name: "Tao", position: "Jungle", riotID: "Tao#KC1"))
    let pseudo = await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "TAO", position: "Mid", team: "KCB"))
    }
    #expect(pseudo?.validation?.isConflict == true)
    let riot = await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(
        PlayerInput(name: "Other", position: "Mid", riotID: "tao#kc1"))
    }
    #expect(
      riot?.validation?.message(for: .riotID)?.text(in: .english)
        == "Tao has the Riot ID tao#kc1 already.")
    // Freed when its holder is removed.
    let tao = try #require(store.players.first { $0.name == "Tao" })
    try await store.playerRows.removePlayer(id: tao.id)
    try await store.playerRows.addPlayer(
      PlayerInput(name: "Other", position: "Mid", riotID: "Tao#KC1"))
  }

  @Test(arguments: Backend.allCases) func whoAPlayerIsIsCheckedAndKept(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(
        PlayerInput(
          name: "Bad", position: "Mid", team: "XYZ", riotID: "ab#1", nationality: "Atlantis",
          birthDate: "2000-02-30", joined: "2026-06-01", contractEnd: "2026-01-01"))
    }
    let fields = Set(error?.validation?.issues.map(\.field) ?? [])
    #expect(fields == [.team, .riotID, .nationality, .birthDate, .contractEnd])
    #expect(store.players == Player.defaultRoster)
    let player = try await store.playerRows.addPlayer(
      PlayerInput(
        name: "Vladi", position: "Mid", riotID: " Vladi # KC2 ", realName: "Vladimiros Kourtidis",
        nationality: "gr", birthDate: "2004-05-16", contractEnd: "2026-11-30"))
    #expect(player.riotID?.description == "Vladi#KC2")
    #expect(player.nationality == "GR" && player.birthDate == Day("2004-05-16"))
    #expect(player.joined == Day(Date()))  // a new player joins today
    let edited = try await store.playerRows.updatePlayer(
      id: player.id, with: PlayerEdit(riotID: "", nationality: "", contractEnd: "2028-11-30"))
    #expect(edited.riotID == nil && edited.nationality == nil)
    #expect(edited.contractEnd == Day("2028-11-30") && edited.realName == "Vladimiros Kourtidis")
    #expect(try db.open().roster.player(id: player.id) == edited)
  }

  @Test(arguments: Backend.allCases) func aTeamWithPlayersIsNotRemovedAndAnEmptyOneIs(
    _ backend: Backend
  ) async throws {
    let store = try await organisation(TestDatabase(backend, in: folder))
    let error = await #expect(throws: RosterError.self) {
      try await store.teamRows.removeTeam("KC")
    }
    #expect(error?.description == "Karmine Corp still has 3 players: move or remove them first.")
    let blue = try await store.playerRows.addPlayer(
      PlayerInput(name: "Blue", position: "Top", team: "KCB"))
    try await store.playerRows.removePlayer(id: blue.id)
    try await store.teamRows.removeTeam("KCB")
    #expect(store.roster.teams.map(\.tag) == ["KC"])
    // The removed player is restored on the team that remains.
    let restored = try await store.playerRows.restorePlayer(id: blue.id)
    #expect(restored.teamID == Team.first.id)
    let only = await #expect(throws: RosterError.self) {
      try await store.teamRows.removeTeam(Team.first.id.uuidString)
    }
    #expect(only?.validation?.isConflict == true)
  }

  /// An account or token limited to one team would be limited to none once it is gone, and
  /// none reads as every team: the team stays until it reaches another.
  @Test(arguments: Backend.allCases) func aTeamIsNotRemovedWhileAnAccountCanReachOnlyIt(
    _ backend: Backend
  ) async throws {
    let store = try await organisation(TestDatabase(backend, in: folder))
    let academy = try #require(store.roster.team("KCB"))
    let now = Date()
    try await store.accounts.saveAccount(
      AccountRecord(
        name: "coach", role: .editor, passwordHash: "not checked", createdAt: now,
        teams: [academy.id]))
    let error = await #expect(throws: RosterError.self) {
      try await store.teamRows.removeTeam("KCB")
    }
    #expect(
      error?.description
        == "coach can reach no team but KC Blue: give it another team first, or remove it.")
    #expect(try store.accounts.account(named: "coach")?.teams == [academy.id])
    try await store.accounts.saveAccount(
      AccountRecord(
        name: "coach", role: .editor, passwordHash: "not checked", createdAt: now,
        teams: [academy.id, Team.first.id]))
    try await store.tokens.insertToken(
      TokenRecord(
        name: "scout", tokenHash: "h", role: .viewer, createdAt: now, lastUsed: nil,
        teams: [academy.id]))
    let token = await #expect(throws: RosterError.self) {
      try await store.teamRows.removeTeam("KCB")
    }
    #expect(token?.validation?.isConflict == true)
    #expect(token?.description.hasPrefix("scout can reach no team but") == true)
    _ = try await store.tokens.deleteToken(named: "scout")
    try await store.teamRows.removeTeam("KCB")
    #expect(try store.accounts.account(named: "coach")?.teams == [Team.first.id])
  }

  @Test(arguments: Backend.allCases) func aTokenIsFoundByItsDigestWithItsTeams(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try await organisation(db)
    let academy = try #require(store.roster.team("KCB"))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    for index in 0..<50 {
      try await store.tokens.insertToken(
        TokenRecord(
          name: "script \(index)", tokenHash: "digest-\(index)", role: .editor, createdAt: now,
          lastUsed: nil, teams: index.isMultiple(of: 2) ? [academy.id] : nil))
    }
    let found = try #require(try store.tokens.token(hash: "digest-42"))
    #expect(found.name == "script 42" && found.role == .editor && found.teams == [academy.id])
    #expect(try store.tokens.token(hash: "digest-7")?.teams == nil)
    #expect(try store.tokens.token(hash: "digest-50") == nil)
    #expect(try store.tokens.token(hash: "") == nil)
    #expect(try store.tokens.all().count == 50)
  }

  @Test(arguments: Backend.allCases) func teamTagsAreUniqueAndParentsNeverLoop(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try await organisation(db)
    let taken = await #expect(throws: RosterError.self) {
      try await store.teamRows.addTeam(TeamInput(name: "Other", tag: "KCb"))
    }
    #expect(taken?.validation?.isConflict == true)
    let loop = await #expect(throws: RosterError.self) {
      try await store.teamRows.updateTeam(
        "KC", with: TeamInput(name: "Karmine Corp", tag: "KC", parent: "KCB"))
    }
    #expect(loop?.validation?.message(for: .parent)?.text(in: .english) != nil)
    try await store.teamRows.renameOrganisation("Karmine Corp")
    #expect(try db.open().roster.organisation == "Karmine Corp")
    // A team's colour: blue when new, kept when a change names none, stored on both backends.
    #expect(store.roster.team("KCB")?.color == .blue)
    try await store.teamRows.updateTeam(
      "KCB", with: TeamInput(name: "KC Blue", tag: "KCB", parent: "KC", color: "or"))
    try await store.teamRows.updateTeam(
      "KCB", with: TeamInput(name: "KC Blue", tag: "KCB", parent: "KC"))
    #expect(try db.open().roster.team("KCB")?.color == .gold)
    let unknown = await #expect(throws: RosterError.self) {
      try await store.teamRows.updateTeam(
        "KCB", with: TeamInput(name: "KC Blue", tag: "KCB", color: "#fff"))
    }
    #expect(unknown?.validation?.message(for: .color) != nil)
  }

  @MainActor @Test func theAppOnTheDevicesDatabaseShowsATeamAtATimeAndMovesAPlayer()
    async throws
  {
    // The device's own database is a file.
    let store = try await organisation(TestDatabase(.sqlite, in: folder))
    let team = EsportTeam(store: store)
    try await team.load()
    #expect(team.teams.map(\.tag) == ["KC", "KCB"])
    let blue = try #require(team.teams.last)
    team.shownTeamID = blue.id
    var form = PlayerForm()
    form.name = "Hazel"
    form.position = .adc
    form.lineup = .trainee
    form.contractEnd = "2027-06-30"
    let hazel = try await team.addPlayer(form.input)
    #expect(hazel.teamID == blue.id && hazel.lineup == .trainee)
    #expect(team.players.map(\.name) == ["Hazel"] && team.substitutes.map(\.name) == ["Hazel"])
    try await team.movePlayer(hazel, to: try #require(team.teams.first))
    #expect(team.players.isEmpty)
    #expect(store.roster.players(in: Team.first.id).map(\.name).last == "Hazel")
    #expect(try await team.tenures(of: hazel).map(\.teamTag) == ["KCB"])
    #expect(try store.history(limit: 1).first?.kind == .transferred)
  }

  @Test func aFileWrittenByTheReleaseBeforeTeamsMigratesWithEverythingKept() async throws {
    // Written by the release before teams: six players (one a substitute, Targamas moved
    // first, Canna's champions edited), Closer in Recently removed, an account and a token.
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/schema-7.sqlite")
    try FileManager.default.copyItem(at: fixture, to: URL(fileURLWithPath: path))
    let store = try RosterStore(path: path)
    let roster = store.roster
    #expect(roster.teams == [Team.first])
    let players = roster.players(in: Team.first.id)
    try #require(players.map(\.name) == ["Targamas", "Canna", "Caliste", "Yike", "Vladi", "Saken"])
    #expect(
      players.map(\.lineup) == [.starter, .starter, .starter, .starter, .starter, .substitute])
    #expect(players[1].favoriteChampions.map(\.id) == ["jayce", "jax", "ksante"])
    try #require(roster.removed.map(\.player.name) == ["Closer"])
    // Joined: the day of their first history entry; unknown for the brief's three.
    #expect(players[3].joined == Day("2026-12-01"))
    #expect(players[0].joined == nil)
    let history = try store.history(limit: 50)
    #expect(history.count == 7 && history.first?.kind == .removed)
    #expect(try store.accounts.account(named: "coach")?.role == .editor)
    #expect(try store.tokens.all().map(\.name) == ["ci"])
    // And the roster goes on as before.
    let closer = try await store.playerRows.restorePlayer(id: roster.removed[0].id)
    #expect(closer.teamID == Team.first.id && closer.lineup == .substitute)
  }
}

import Foundation
import TeamKit
import TeamPhoto
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// A change is stated once (``Change``): its steps change the snapshot, and the writer
/// writes the rows they name. So after every kind of change, the snapshot readers see must
/// be what the database reads back when opened again, on both backends.
@Suite struct ChangeTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// The snapshot and the database opened again agree, but for the version (a count of
  /// this store's changes).
  func expectSame(_ store: RosterStore, _ db: TestDatabase, after step: String) throws {
    let mine = store.roster
    let read = try db.open().roster
    #expect(mine.players == read.players, "players after \(step)")
    #expect(mine.removed == read.removed, "Recently removed after \(step)")
    #expect(mine.photos == read.photos, "photos after \(step)")
    #expect(mine.teams == read.teams, "teams after \(step)")
    #expect(mine.organisation == read.organisation, "organisation after \(step)")
    #expect(mine.schedule == read.schedule, "the week after \(step)")
    #expect(mine.championArt == read.championArt, "the champion art after \(step)")
    #expect(mine.champions.champions == read.champions.champions, "champions after \(step)")
  }

  @Test(arguments: Backend.allCases) func everyKindOfChangeReadsBackAsTheSnapshotHasIt(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let first = store.roster.players
    let (canna, caliste) = (first[0], first[1])
    func check(_ step: String) throws { try expectSame(store, db, after: step) }

    let academy = try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    try check("a team added")
    let added = try await store.playerRows.addPlayer(
      PlayerInput(
        name: "Yike", position: "Jungle", favoriteChampions: ["viego", "sejuani"],
        lineup: "substitute", riotID: "Yike#KC1"),
      photo: Photo(jpeg: Data([0xFF, 0xD8, 1, 2, 3])))
    try check("a player added with a photo")
    try await store.playerRows.updatePlayer(
      id: added.id, with: PlayerEdit(name: "Yike2", favoriteChampions: ["lee sin"]))
    try check("a player edited")
    try await store.playerRows.updatePlayer(id: added.id, with: PlayerEdit(), removingPhoto: true)
    try check("a photo taken away in an edit")
    try await store.playerRows.setPhoto(of: canna.id, to: Photo(jpeg: Data([0xFF, 0xD8, 9])))
    try check("a photo given")
    try await store.playerRows.swapPlayers(added.id, with: store.roster.players[1].id)
    try check("two players swapped")
    try await store.playerRows.movePlayer(id: added.id, to: 0)
    try check("a player moved in the order")
    let kc = store.roster.players(in: store.roster.firstTeam.id).map(\.id)
    try await store.playerRows.reorder(kc.reversed(), team: store.roster.firstTeam.tag)
    try check("a team reordered")
    let feed = try await store.weekRows.createFeed(player: caliste.id)
    try check("a calendar address made")
    try await store.playerRows.transferPlayer(id: caliste.id, to: "KCB")
    #expect(store.roster.schedule.feed(secret: feed.secret) == nil)
    try check("a player transferred, their calendar address revoked")
    try await store.playerRows.removePlayer(id: canna.id)
    try await store.playerRows.removePlayer(id: first[2].id)
    try check("players removed")
    try await store.playerRows.restorePlayer(id: canna.id)
    try check("a player restored to their place")

    try await store.weekRows.setAvailability(
      of: added.id,
      to: Availability(
        weekly: try Availability.weekly(parsing: "Mon-Fri 18:00-23:00"),
        away: [try Availability.absence(parsing: "2030-03-12..2030-03-14")]))
    try check("hours given")
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2030-03-11T20:00", opponent: "G2", format: "bo3"))
    try check("an event planned, its covers invited")
    try await store.weekRows.updateEvent(
      id: scrim.id, with: EventInput(kind: "scrim", start: "2030-03-11T20:30", opponent: "G2"))
    try check("an event moved")
    try await store.weekRows.answer(.no, comment: "exam", for: canna.id, to: scrim.id)
    try await store.weekRows.invite(caliste.id, to: scrim.id)
    try check("an answer and an invitation")
    try await store.draftRows.saveDraft(
      GameDraft(side: .blue).choosing("viego", at: 7), game: 1, of: scrim.id)
    let proposal = try await store.draftRows.propose(
      ProposalInput(game: 2, action: "ban", champion: "Azir"), to: scrim.id)
    try check("a draft and a proposal")
    let note = try await store.draftRows.addNote(
      GameNoteInput(game: 1, text: "Late to the drake\nwards first", player: canna.id, turn: 9),
      to: scrim.id)
    try await store.draftRows.addNote(GameNoteInput(game: 1, text: "Good reset"), to: scrim.id)
    #expect(
      store.roster.schedule.event(id: scrim.id)?.gameNotes.map(\.text) == [
        "Late to the drake\nwards first", "Good reset",
      ])
    try check("two notes on a game")
    // An edit of the event keeps its notes and the words said with its answers.
    try await store.weekRows.updateEvent(
      id: scrim.id,
      with: EventInput(
        kind: "scrim", start: "2030-03-11T20:00", opponent: "G2", format: "bo3", place: "Studio"))
    #expect(store.roster.schedule.event(id: scrim.id)?.gameNotes.count == 2)
    #expect(store.roster.schedule.event(id: scrim.id)?.comments[canna.id] == "exam")
    try check("an event edited with its notes")
    try await store.draftRows.removeNote(note.id, of: scrim.id)
    try check("a note removed")
    let team = scrim.teamID
    let mock = try await store.draftRows.addMock(
      named: "G2, blue", side: .red, from: MockDraft.Origin(event: scrim.id, game: 1), team: team)
    #expect(mock.draft.side == .blue && mock.draft.champions[7] == "viego")
    try await store.draftRows.chooseInMock(mock.id, champion: "Ahri", at: 0, team: team)
    let empty = try await store.draftRows.addMock(named: "Red try", side: .red, team: team)
    #expect(store.roster.schedule.mocks.count == 2)
    try check("two mock drafts")
    await #expect(throws: RosterError.self) {
      try await store.draftRows.chooseInMock(mock.id, champion: "Viego", at: 1, team: team)
    }
    try await store.draftRows.removeMock(empty.id, team: team)
    try check("a mock draft deleted")
    let timed = try await store.draftRows.setTurnTimer(of: scrim.id, to: 30)
    #expect(timed.turnSeconds == 30)
    try check("a turn timer")
    await #expect(throws: RosterError.self) {
      try await store.draftRows.setTurnTimer(of: scrim.id, to: 7)
    }
    try await store.draftRows.withdrawProposal(proposal.id, of: scrim.id)
    try await store.weekRows.logGames(
      [GameInput(result: "win", side: "blue", champions: ["ksante", "", "", "jinx", ""])],
      of: scrim.id)
    try check("a proposal withdrawn and a game logged")
    try await store.draftRows.setPool(
      of: added.id, to: [PoolInput(champion: "Viego", comfort: "4")])
    try check("a pool")
    let series = try await store.weekRows.addEvent(
      EventInput(
        kind: "training", start: "2030-03-12T18:00", repeats: "tue,thu", until: "2030-03-28"))
    try await store.weekRows.removeEvent(id: series.id, following: true)
    try await store.weekRows.removeEvent(id: scrim.id)
    try check("events cancelled")
    let teamFeed = try await store.weekRows.createFeed(team: academy.id)
    try await store.weekRows.revokeFeed(teamFeed.secret)
    try check("a calendar address revoked")

    try await store.teamRows.updateTeam(
      "KCB", with: TeamInput(name: "KC Blue Academy", tag: "KCBA", timeZone: "Europe/London"))
    try check("a team changed")
    try await store.teamRows.renameOrganisation("Karmine Corp")
    try check("the organisation renamed")
    try await store.playerRows.transferPlayer(id: caliste.id, to: store.roster.firstTeam.tag)
    try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2030-04-01T20:00"), team: "KCBA")
    try await store.weekRows.createFeed(team: academy.id)
    try await store.teamRows.removeTeam("KCBA")
    #expect(store.roster.teams.map(\.tag) == ["KC"])
    #expect(store.roster.schedule.events.isEmpty)
    try check("a team removed with its week")
    let zaahen = SyncedChampion(
      id: "Zaahen", name: "Zaahen", frenchName: "Zaahen", title: "the Unsundered",
      classes: [.fighter], picture: "")
    try await store.artRows.replace(
      version: "16.1.1", champions: [(zaahen, Photo(jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9])))])
    #expect(store.roster.champions.find("zaahen") != nil)
    try check("the champion art a sync brought")
  }

  @Test(arguments: Backend.allCases) func anImportAndItsUndoReadBackAsTheSnapshotHasThem(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    func check(_ step: String) throws { try expectSame(store, db, after: step) }
    try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2030-03-11T20:00", opponent: "G2", format: "bo3"))
    let roster = store.roster
    // Two players exchange their pseudos, a third comes back from Recently removed with a
    // new role, and the week is the file's.
    var players = roster.players
    (players[0].name, players[1].name) = (players[1].name, players[0].name)
    players[2].position = .support
    let file = RosterFile.export(
      players, as: .json, teams: roster.teams, schedule: roster.schedule)
    try await store.playerRows.removePlayer(id: players[2].id)
    let record = try await store.importing(file)
    #expect(store.roster.players[0].name == roster.players[1].name)
    #expect(store.roster.player(id: players[2].id)?.position == .support)
    try check("an import exchanging pseudos and bringing a player back")
    #expect(!record.canUndo)  // the week was replaced
    let name = store.roster.players[0].name
    let merge = try await store.importing("name,position\n\(name),Mid\nNouveau,Top\n")
    try check("a merge of a file with no week")
    try await store.importRows.undoImport(merge.id)
    #expect(store.roster.players[0].name == name)
    #expect(store.roster.removed.first?.player.name == "Nouveau")
    try check("an import undone")
    let replacing = try await store.importing(
      "name,position\n\(name),Mid\n", team: "KC", mode: .replace)
    #expect(replacing.removed > 1)
    try check("an import that sends the others to Recently removed")
    try await store.importRows.undoImport(replacing.id)
    #expect(store.roster.removed.count == 1)
    try check("a replacing import undone")

    // A player moved to another team and one brought back with another role, undone.
    _ = try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let mover = store.roster.players[0]
    let gone = store.roster.players[1]
    try await store.playerRows.removePlayer(id: gone.id)
    let role = gone.position == .jungle ? "Top" : "Jungle"
    let moves = try await store.importing(
      """
      id,name,position,team
      \(mover.id),\(mover.name),\(mover.position.rawValue),KCB
      \(gone.id),\(gone.name),\(role),KC

      """)
    #expect(store.roster.player(id: mover.id)?.teamID != mover.teamID)
    #expect(store.roster.player(id: gone.id)?.position.rawValue == role)
    try check("an import moving a player and bringing one back")
    try await store.importRows.undoImport(moves.id)
    #expect(store.roster.player(id: mover.id)?.teamID == mover.teamID)
    #expect(store.roster.removed.first?.player == gone)
    try check("an import of a move undone")

    // One brought back under another pseudo while someone took theirs: undone, they go back
    // to Recently removed under their own.
    let returning = store.roster.removed[0].player
    let tag = try #require(store.roster.team(id: returning.teamID)?.tag)
    _ = try await store.playerRows.addPlayer(
      PlayerInput(name: returning.name, position: "Top", team: tag))
    let renamed = try await store.importing(
      "id,name,position,team\n\(returning.id),\(returning.name)2,\(returning.position.rawValue),\(tag)\n"
    )
    #expect(store.roster.player(id: returning.id)?.name == returning.name + "2")
    try await store.importRows.undoImport(renamed.id)
    #expect(store.roster.removed.first?.player.name == returning.name)
    try check("a player brought back under another pseudo, undone")
  }
}

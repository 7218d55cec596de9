import Foundation
import TeamKit
import Testing

/// Filling a draft turn by turn, pools against a series, and the figures of drafts.
@Suite struct PoolTests {
  let ids = ChampionCatalog.builtIn.champions.map(\.id)
  let team = UUID()

  func player(_ name: String, _ position: Position, _ lineup: Lineup = .starter) -> Player {
    Player(name: name, position: position, lineup: lineup, teamID: team)
  }

  /// A complete draft of our side, our Mid (`mid`) on `midChampion`, the rest from the
  /// catalogue after `offset`.
  func draft(_ side: Game.Side, mid: UUID, midChampion: String, offset: Int) -> GameDraft {
    var draft = GameDraft(side: side)
    let others = ids.filter { $0 != midChampion }.dropFirst(offset)
    for (index, champion) in zip(DraftSlot.order.indices, others) {
      draft = draft.choosing(champion, at: index, lineup: [.mid: mid])
    }
    // Our third pick is the Mid's.
    let ours = DraftSlot.order.indices.filter {
      DraftSlot.order[$0].action == .pick && draft.team(of: DraftSlot.order[$0]) == .us
    }
    return draft.choosing(midChampion, at: ours[2], lineup: [.mid: mid])
  }

  @Test func eachTapFillsATurnAndAPickTakesItsTeamsNextRoleAndOurPlayer() {
    let mid = UUID()
    var draft = GameDraft(side: .red)
    #expect(draft.nextTurn == 0 && draft.freeRole(for: .us) == .top)
    draft = draft.choosing("ahri", at: 0)
    #expect(draft.roles[0] == nil && draft.nextTurn == 1)
    // R1 (turn 7) is our first pick: Top; B1 (turn 6) theirs.
    draft = draft.choosing("jax", at: 6).choosing("ksante", at: 7, lineup: [.top: mid])
    #expect(draft.roles[6] == .top && draft.players[6] == nil)
    #expect(draft.roles[7] == .top && draft.players[7] == mid)
    draft = draft.choosing("viktor", at: 8, role: .mid, lineup: [.mid: mid])
    #expect(
      draft.roles[8] == .mid && draft.players[8] == mid && draft.freeRole(for: .us) == .jungle)
    // Emptied, a turn loses its role and player; a turn out of the twenty changes nothing.
    draft = draft.choosing(nil, at: 8)
    #expect(draft.champions[8] == nil && draft.roles[8] == nil && draft.players[8] == nil)
    #expect(draft.choosing("jax", at: 20) == draft && draft.choosing("jax", at: -1) == draft)
    #expect(draft.picks(of: .us).map(\.champion) == ["ksante"])
    // A team's role is taken once in a game.
    var twice = draft.choosing("viktor", at: 8, role: .top)
    #expect(throws: ValidationError.self) {
      try twice.validated(after: [], rule: .standard, catalog: .builtIn, players: [mid])
    }
  }

  @Test func aMidShortOfChampionsForTheGamesLeftIsFlaggedAndSoftFearlessGivesTheirPickBack()
    throws
  {
    let mid = player("Vladi", .mid)
    let top = player("Canna", .top)
    let pool = ["ahri", "azir", "orianna", "syndra", "taliyah"].map {
      PoolEntry(champion: $0, comfort: 4)
    }
    var event = TeamEvent(
      teamID: team, kind: .match, start: Date(timeIntervalSince1970: 1_800_000_000),
      end: Date(timeIntervalSince1970: 1_800_007_200), opponent: "G2", format: .bo5)
    event.draftRule = .fearless
    // Game 1: our Mid on Ahri. Game 2: G2 picks Azir (their first pick, R1 on our blue side).
    event.drafts = [draft(.blue, mid: mid.id, midChampion: "ahri", offset: 0)]
    var two = draft(.blue, mid: mid.id, midChampion: "syndra", offset: 40)
    two = two.choosing("azir", at: 7)
    event.drafts.append(two)
    let schedule = Schedule(events: [event], pools: [mid.id: pool])
    let now = event.end
    let board = PoolBoard(
      players: [top, mid], schedule: schedule, event: event, catalog: .builtIn, now: now)
    #expect(board.need == 3)
    let row = try #require(board.rows.first { $0.player.id == mid.id })
    #expect(row.left == 2 && board.depth(of: row) == .short)
    #expect(row.entries.map(\.lockedIn) == [1, 2, nil, 2, nil])
    #expect(board.rows.first?.player.id == top.id && board.depth(of: board.rows[0]) == .short)

    event.draftRule = .softFearless
    let soft = PoolBoard(
      players: [mid], schedule: Schedule(events: [event], pools: [mid.id: pool]), event: event,
      catalog: .builtIn, now: now)
    // Soft fearless locks only our own picks: Azir (G2's) is ours again.
    #expect(soft.rows[0].left == 3 && soft.depth(of: soft.rows[0]) == .thin)
    #expect(soft.unplayed.count == ChampionCatalog.builtIn.count - 5)

    let standard = PoolBoard(
      players: [mid], schedule: schedule, event: nil, catalog: .builtIn, now: now)
    #expect(
      standard.need == 5 && standard.rows[0].left == 5
        && standard.depth(of: standard.rows[0]) == .thin)
  }

  @Test func poolEntriesAreStaleAfterFourWeeksWithoutAGameAndOverlapsAreNamed() {
    let mid = player("Vladi", .mid)
    let sub = player("Saken", .mid, .substitute)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var event = TeamEvent(
      teamID: team, kind: .scrim, start: start, end: start + 7200, opponent: "G2", format: nil)
    event.games = [
      Game(
        result: .win, side: .red,
        picks: [Game.Pick(position: .mid, playerID: mid.id, champion: "ahri")])
    ]
    let pools = [
      mid.id: [PoolEntry(champion: "ahri", comfort: 5), PoolEntry(champion: "azir", comfort: 2)],
      sub.id: [PoolEntry(champion: "azir", comfort: 3)],
    ]
    let schedule = Schedule(events: [event], pools: pools)
    let soon = PoolBoard(
      players: [sub, mid], schedule: schedule, event: nil, catalog: .builtIn, now: start + 86_400)
    #expect(soon.rows.map(\.player.id) == [mid.id, sub.id])
    #expect(soon.rows[0].entries.map(\.isStale) == [false, true])
    #expect(soon.rows[0].entries[0].record == ChampionRecord(games: 1, wins: 1, last: start))
    #expect(
      soon.overlaps.map(\.champion) == ["azir"] && soon.overlaps[0].players == [mid.id, sub.id])
    let later = PoolBoard(
      players: [mid], schedule: schedule, event: nil, catalog: .builtIn,
      now: start + 29 * 86_400)
    #expect(later.rows[0].entries.map(\.isStale) == [true, true])
  }

  @Test func aPickStoredOnAnotherTeamsEventCountsInNeitherTeamsFiguresForThePlayer() {
    // Vladi is ours; another team's game, stored before drafts were held to the event's
    // team, names him.
    let mid = player("Vladi", .mid)
    let other = UUID()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var theirs = TeamEvent(
      teamID: other, kind: .scrim, start: start, end: start + 7200, opponent: "G2", format: nil)
    theirs.games = [
      Game(
        result: .win, side: .red,
        picks: [Game.Pick(position: .mid, playerID: mid.id, champion: "ahri")])
    ]
    let schedule = Schedule(
      events: [theirs], pools: [mid.id: [PoolEntry(champion: "ahri", comfort: 3)]])
    let board = PoolBoard(
      players: [mid], schedule: schedule, event: nil, catalog: .builtIn, now: start + 86_400)
    #expect(board.rows[0].entries[0].record == ChampionRecord())
    #expect(schedule.championsPlayed(by: mid).isEmpty)
    // The other team's figures count the champion, not our player.
    let figures = DraftFigures(team: other, schedule: schedule, players: [mid])
    #expect(figures.byChampion["ahri"]?.games == 1 && figures.byPlayer.isEmpty)
    #expect(DraftFigures(team: team, schedule: schedule, players: [mid]).byPlayer.isEmpty)
  }

  @Test func theFiguresComeFromTheDraftsWhereTheGameNamesNoPicks() {
    let mid = UUID()
    var event = TeamEvent(
      teamID: team, kind: .match, start: Date(timeIntervalSince1970: 1_800_000_000),
      end: Date(timeIntervalSince1970: 1_800_007_200), opponent: "G2", format: .bo3)
    event.drafts = [
      draft(.blue, mid: mid, midChampion: "ahri", offset: 0),
      draft(.red, mid: mid, midChampion: "azir", offset: 30),
    ]
    event.games = [Game(result: .win), Game(result: .loss, side: .red)]
    let players = [Player(id: mid, name: "Saken", position: .mid, teamID: team)]
    let figures = DraftFigures(team: team, schedule: Schedule(events: [event]), players: players)
    #expect(figures.bySide[.blue]?.wins == 1 && figures.bySide[.red]?.games == 1)
    #expect(figures.byPlayer[mid] == ChampionRecord(games: 2, wins: 1, last: event.start))
    #expect(figures.playerChampions[mid]?["ahri"]?.winRate == 100)
    #expect(figures.byChampion.values.map(\.games).reduce(0, +) == 10)
    let scouting = figures.opponents["G2"]
    #expect(scouting?.drafts == 2 && scouting?.bans.values.reduce(0, +) == 10)
    // G2's first pick on our blue side is R1 (turn 7), on our red side B1 (turn 6).
    #expect(
      scouting?.firstPicks == [
        event.drafts[0].champions[7]!: 1, event.drafts[1].champions[6]!: 1,
      ])
    #expect(
      DraftFigures(team: UUID(), schedule: Schedule(events: [event]), players: players).opponents
        .isEmpty)
  }

  @Test func aPoolIsCheckedWhole() throws {
    let pool = try PoolInput.validated(
      [
        PoolInput(champion: "kai'sa", comfort: "5", priority: true),
        PoolInput(champion: "Jax", comfort: " "),
      ],
      catalog: .builtIn)
    #expect(
      pool == [
        PoolEntry(champion: "kaisa", comfort: 5, priority: true),
        PoolEntry(champion: "jax", comfort: 3),
      ])
    #expect(throws: ValidationError.self) {
      try PoolInput.validated(
        Array(repeating: PoolInput(champion: "Jax", comfort: "1"), count: 41), catalog: .builtIn)
    }
    #expect(throws: ValidationError.self) {
      try PoolInput.validated([PoolInput(champion: "Jax", comfort: "0")], catalog: .builtIn)
    }
  }

  @Test func aTeamsImportTakesItsPlayersPoolsByTheIdsItGivesThemAndLeavesTheOthers() throws {
    let blue = Team(name: "KC Blue", tag: "KCB")
    let canna = Player(name: "Canna", position: .top)
    let saken = Player(name: "Saken", position: .mid, teamID: blue.id)
    // The same players in another server's export: other ids.
    let theirs = [
      Player(name: "Canna", position: .top), Player(name: "Saken", position: .mid, teamID: blue.id),
    ]
    let exported = RosterFile.export(
      theirs, as: .json, teams: [.first, blue],
      schedule: Schedule(pools: [
        theirs[0].id: [PoolEntry(champion: "jax", comfort: 2)],
        theirs[1].id: [PoolEntry(champion: "ahri", comfort: 5, priority: true)],
      ]))
    let plan = try RosterImport(
      exported, current: [canna, saken], teams: [.first, blue], team: blue,
      pools: [saken.id: [PoolEntry(champion: "azir", comfort: 3)]])
    #expect(plan.pools == [saken.id: [PoolEntry(champion: "ahri", comfort: 5, priority: true)]])
    // The same pools as now: nothing to change.
    let same = try RosterImport(
      exported, current: [canna, saken], teams: [.first, blue], team: blue,
      pools: [saken.id: [PoolEntry(champion: "ahri", comfort: 5, priority: true)]])
    #expect(same.pools == nil)
    // The whole organisation's import names a pool of a player not in the file: refused.
    var file = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
    file["pools"] = [["player": UUID().uuidString, "pool": [] as [Any]]]
    #expect(throws: RosterFile.Problems.self) {
      try RosterImport(
        try JSONSerialization.data(withJSONObject: file), current: [canna, saken],
        teams: [.first, blue])
    }
  }

  @Test func aRoleTakenTwiceInAStoredDraftIsKeptOnTheFirstPickOnly() throws {
    var draft = GameDraft(side: .blue)
    draft = draft.choosing("ksante", at: 6, role: .top).choosing("vi", at: 9, role: .top)
      .choosing("jax", at: 7, role: .top)
    let kept = draft.withoutRepeatedRoles
    #expect(kept.roles == [6: .top, 7: .top])
    _ = try kept.validated(after: [], rule: .standard, catalog: .builtIn, players: [])
  }
}

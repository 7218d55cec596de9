import Foundation
import Synchronization
import TeamAccess
import TeamKit
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// The team's week in the store, on SQLite and PostgreSQL: hours, events, answers, games and
/// calendar feeds are kept, reopened, copied, and each change is one history entry.
@Suite struct WeekStoreTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text) ?? .distantPast }

  @Test(arguments: Backend.allCases) func theWeekIsKeptReopenedAndCopied(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let (canna, caliste) = (store.players[0], store.players[1])
    #expect(store.roster.firstTeam.timeZone == "Europe/Paris")  // a new database's zone

    let hours = Availability(
      weekly: try Availability.weekly(parsing: "Mon-Fri 18:00-23:00"),
      away: [try Availability.absence(parsing: "2026-03-12..2026-03-14")])
    try await store.weekRows.setAvailability(of: canna.id, to: hours, by: "coach")
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2", format: "bo3"),
      by: "coach")
    // The starters are invited; the time is the team's wall clock.
    #expect(scrim.invited == store.players.filter { $0.lineup == .starter }.map(\.id))
    #expect(scrim.start == utc("2026-03-26T19:00:00Z"))
    try await store.weekRows.answer(.no, for: caliste.id, to: scrim.id, by: "Caliste")
    let logged = try await store.weekRows.logGames(
      [
        GameInput(
          result: "win", side: "blue", champions: ["K'Sante", "jarvaniv", "", "jinx", "rell"]),
        GameInput(result: "l", side: "red", vod: "https://example.com/vod/2"),
      ], of: scrim.id, by: "coach")
    #expect(logged.score == (1, 1) && logged.sequence == 1)
    #expect(logged.games[0].picks.map(\.champion) == ["ksante", "jarvaniv", "jinx", "rell"])
    #expect(logged.games[0].picks.first?.playerID == canna.id)  // Canna is the Top starter
    let edited = try await store.weekRows.updateEvent(
      id: scrim.id,
      with: EventInput(
        kind: "scrim", start: "2026-03-26T21:00", end: "2026-03-26T23:30", opponent: "G2"),
      by: "coach")
    #expect(
      edited.sequence == 2 && edited.games == logged.games && edited.answers[caliste.id] == .no)
    let feed = try await store.weekRows.createFeed(team: store.roster.firstTeam.id)
    let training = try await store.weekRows.addEvent(
      EventInput(kind: "training", start: "2026-03-27T18:00"))

    // What the history says, newest first.
    let kinds = try store.history(limit: 6).map(\.kind)
    #expect(
      kinds == [
        .eventAdded, .eventEdited, .resultLogged, .answered, .eventAdded, .availabilityChanged,
      ])
    #expect(
      try store.history(limit: 6)[3].summary(in: .english)
        == "Caliste answered no for Caliste to Scrim on 2026-03-26 20:00.")
    #expect(
      try store.history(limit: 6)[2].summary(in: .english)
        == "coach logged Scrim vs G2 on 2026-03-26 20:00: 1–1."
    )

    for opened in [try db.open()] {
      let schedule = opened.roster.schedule
      #expect(schedule == store.roster.schedule)
      #expect(schedule.availability[canna.id] == hours)
      #expect(schedule.events.map(\.id) == [edited.id, training.id])
      #expect(schedule.event(id: scrim.id) == edited)
      #expect(schedule.feed(secret: feed.secret)?.teamID == store.roster.firstTeam.id)
    }
    let copy = try RosterStore(path: folder.path("copy.sqlite"))
    try await store.copy(to: copy)
    #expect(copy.roster.schedule == store.roster.schedule)

    // Cancelled and revoked: gone on reopening too.
    try await store.weekRows.removeEvent(id: training.id)
    try await store.weekRows.revokeFeed(feed.secret)
    let reopened = try db.open()
    #expect(reopened.roster.schedule.events.map(\.id) == [scrim.id])
    #expect(reopened.roster.schedule.feed(secret: feed.secret) == nil)
  }

  @Test(arguments: Backend.allCases)
  func aSubstituteWhoReplacedAnAbsentStarterIsCreditedAndOldGamesAreGuessedBetter(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let canna = store.players[0]
    let saken = try await store.playerRows.addPlayer(PlayerInput(name: "Saken", position: "Mid"))
    let tao = try await store.playerRows.addPlayer(
      PlayerInput(name: "Tao", position: "Mid", lineup: "substitute"))
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2", format: "bo3"))
    try await store.weekRows.answer(.no, for: saken.id, to: scrim.id)
    try await store.weekRows.answer(.yes, for: tao.id, to: scrim.id)
    let logged = try await store.weekRows.logGames(
      [
        GameInput(
          result: "win", champions: ["ksante", "", "ahri"],
          opponentChampions: ["aatrox", "", "azir"]
        ),
        GameInput(result: "loss", champions: ["", "", "viktor"], players: ["", "", "Saken"]),
      ], of: scrim.id)
    // Tao played Mid in game 1, as the verdict said; game 2 names Saken, who came after all.
    #expect(logged.games[0].picks.map(\.playerID) == [canna.id, tao.id])
    #expect(logged.games[0].opponentPicks.map(\.champion) == ["aatrox", "azir"])
    #expect(logged.games[1].picks.map(\.playerID) == [saken.id])
    #expect(store.roster.schedule.championsPlayed(by: tao).map(\.champion) == ["ahri"])
    #expect(store.roster.schedule.championsPlayed(by: saken).map(\.champion) == ["viktor"])
    #expect(try db.open().roster.schedule == store.roster.schedule)

    // A database from before (version 14) credited the starter: its games are marked as
    // guesses, and the starter who answered no gives the game to the one who answered yes.
    try store.writer.withLock { writer in
      let connection = writer.connection
      try connection.execute(
        "UPDATE game_pick SET player_id = '\(saken.id.text)' WHERE player_id = '\(tao.id.text)'")
      try connection.execute("DELETE FROM game_pick WHERE opponent = 1")
      switch backend {
      case .sqlite:
        try connection.execute(
          """
          ALTER TABLE game_pick DROP COLUMN opponent;
          ALTER TABLE game_pick DROP COLUMN guessed;
          ALTER TABLE event_invitation DROP COLUMN comment;
          ALTER TABLE team_event DROP COLUMN series_id;
          ALTER TABLE team DROP COLUMN color;
          ALTER TABLE team_event DROP COLUMN draft_rule;
          DROP INDEX team_event_removed_at;
          ALTER TABLE team_event DROP COLUMN removed_at;
          ALTER TABLE team_event DROP COLUMN turn_seconds;
          DROP TABLE draft_link;
          DROP TABLE game_note;
          DROP TABLE mock_draft;
          DROP TABLE draft_game;
          DROP TABLE draft_turn;
          DROP TABLE pool_entry;
          DROP TABLE draft_proposal;
          DROP TABLE riot_settings;
          DROP TABLE riot_limit;
          DROP TABLE riot_call;
          DROP TABLE riot_account;
          DROP TABLE riot_rank;
          DROP TABLE riot_game;
          DROP TABLE discord_settings;
          DROP TABLE discord_team;
          DROP TABLE discord_post;
          DROP TABLE discord_link;
          DROP TABLE discord_code;
          DROP TABLE discord_seen;
          DROP TABLE known_champion;
          PRAGMA user_version = 14;
          """)
      case .postgres:
        try connection.execute(
          """
          ALTER TABLE game_pick DROP COLUMN opponent, DROP COLUMN guessed;
          ALTER TABLE event_invitation DROP COLUMN comment;
          ALTER TABLE team_event DROP COLUMN series_id;
          ALTER TABLE team DROP COLUMN color;
          ALTER TABLE team_event DROP COLUMN draft_rule;
          DROP INDEX team_event_removed_at;
          ALTER TABLE team_event DROP COLUMN removed_at;
          ALTER TABLE team_event DROP COLUMN turn_seconds;
          DROP TABLE draft_link;
          DROP TABLE game_note;
          DROP TABLE mock_draft;
          DROP TABLE draft_game;
          DROP TABLE draft_turn;
          DROP TABLE pool_entry;
          DROP TABLE draft_proposal;
          DROP TABLE riot_settings;
          DROP TABLE riot_limit;
          DROP TABLE riot_call;
          DROP TABLE riot_account;
          DROP TABLE riot_rank;
          DROP TABLE riot_game;
          DROP TABLE discord_settings;
          DROP TABLE discord_team;
          DROP TABLE discord_post;
          DROP TABLE discord_link;
          DROP TABLE discord_code;
          DROP TABLE discord_seen;
          DROP TABLE known_champion;
          DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES (14);
          """)
      }
    }
    let migrated = try db.open().roster.schedule.event(id: scrim.id)
    let games = try #require(migrated?.games)
    #expect(games[0].picks.map(\.playerID) == [canna.id, tao.id])
    #expect(games[1].picks.map(\.playerID) == [tao.id])
    #expect(games.allSatisfy { $0.picks.allSatisfy(\.guessed) && $0.opponentPicks.isEmpty })
  }

  @Test(arguments: Backend.allCases)
  func aCancelledSeriesWaitsInRecentlyRemovedWithItsWorkAndComesBackWhole(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let clock = Mutex(utc("2026-03-20T12:00:00Z"))
    let store = try db.open(now: { clock.withLock { $0 } })
    let canna = store.players[0]
    let series = try await store.weekRows.addEvent(
      EventInput(
        kind: "scrim", start: "2026-03-24T20:00", opponent: "G2", format: "bo1",
        repeats: "tue,thu", until: "2026-03-27"))
    let second = try #require(store.roster.schedule.series(of: series).last)
    try await store.weekRows.logGames(
      [GameInput(result: "win", side: "blue", champions: ["K'Sante"])], of: series.id)
    try await store.weekRows.answer(.yes, comment: "ready", for: canna.id, to: second.id)
    try await store.draftRows.saveDraft(
      GameDraft(side: .red).choosing("azir", at: 0), game: 1, of: second.id)
    let before = store.roster.schedule
    #expect(RemovedEvent.holdsWork(before.event(id: series.id)!))
    #expect(store.roster.schedule.record(of: store.roster.firstTeam.id).scrims == 1)

    try await store.weekRows.removeEvent(id: series.id, following: true)
    // Gone from the week and its figures, waiting in Recently removed with their work.
    #expect(store.roster.schedule.events.isEmpty)
    #expect(
      store.roster.schedule.removed.map(\.event)
        == [second, series].map {
          before.event(id: $0.id)!
        }.sorted { $0.id.uuidString > $1.id.uuidString })
    #expect(store.roster.schedule.record(of: store.roster.firstTeam.id).scrims == 0)
    let now = { @Sendable in clock.withLock { $0 } }
    #expect(try db.open(now: now).roster.schedule == store.roster.schedule)

    // Restoring one brings back the series cancelled with it, as it was.
    try await store.weekRows.restoreEvent(id: second.id)
    #expect(store.roster.schedule.events == before.events)
    #expect(store.roster.schedule.removed.isEmpty)
    #expect(try db.open(now: now).roster.schedule == store.roster.schedule)
    let kinds = try store.history(limit: 2).map(\.kind)
    #expect(kinds == [.eventRestored, .eventRestored])
    await #expect(throws: RosterError.self) {
      try await store.weekRows.restoreEvent(id: second.id)
    }

    // Cancelled again and kept 30 days: then gone for good, with their drafts.
    try await store.weekRows.removeEvent(id: series.id)
    clock.withLock { $0 = $0.addingTimeInterval(RemovedPlayer.retention + 60) }
    try await store.weekRows.setAvailability(of: canna.id, to: Availability())
    try await store.weekRows.answer(.no, for: canna.id, to: second.id)
    #expect(store.roster.schedule.removed.isEmpty)
    #expect(store.roster.schedule.events.map(\.id) == [second.id])
    #expect(try db.open(now: now).roster.schedule == store.roster.schedule)
  }

  @Test(arguments: Backend.allCases)
  func theSubstituteTheVerdictNamesIsInvitedAndStaffInviteAnyoneOfTheOrganisation(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open(now: { ISO8601DateFormatter().date(from: "2026-03-20T12:00:00Z")! })
    let saken = try await store.playerRows.addPlayer(PlayerInput(name: "Saken", position: "Mid"))
    let tao = try await store.playerRows.addPlayer(
      PlayerInput(name: "Tao", position: "Mid", lineup: "substitute"))
    let blue = try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let kamiloo = try await store.playerRows.addPlayer(
      PlayerInput(name: "Kamiloo", position: "Jungle", team: blue.tag))
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2"))
    #expect(scrim.invited.contains(saken.id) && !scrim.invited.contains(tao.id))

    // Saken cannot come: Tao, whom the verdict names instead, is invited with it.
    let answered = try await store.weekRows.answer(
      .no, comment: "  exam that evening ", for: saken.id, to: scrim.id, by: "Saken")
    #expect(answered.invited.last == tao.id && answered.comments[saken.id] == "exam that evening")
    #expect(
      try store.history(limit: 1)[0].summary(in: .english)
        == "Saken invited Tao to Scrim on 2026-03-26 20:00.")

    // Away on the day of a training planned after: its substitute is invited when it is made.
    try await store.weekRows.setAvailability(
      of: saken.id, to: Availability(away: [try Availability.absence(parsing: "2026-03-27")]))
    let training = try await store.weekRows.addEvent(
      EventInput(kind: "training", start: "2026-03-27T18:00"))
    #expect(training.invited.contains(tao.id))
    // An event already over invites nobody more.
    let past = try await store.weekRows.addEvent(
      EventInput(kind: "review", start: "2026-03-10T18:00"))
    try await store.weekRows.answer(.no, for: saken.id, to: past.id)
    #expect(store.roster.schedule.event(id: past.id)?.invited.contains(tao.id) == false)

    // The staff invite a player of another team, who answers with a few words.
    _ = try await store.weekRows.invite(kamiloo.id, to: scrim.id, by: "coach")
    let late = try await store.weekRows.answer(
      .yes, comment: "en retard, 20h30", for: kamiloo.id, to: scrim.id, by: "Kamiloo")
    #expect(late.answers[kamiloo.id] == .yes && late.comments[kamiloo.id] == "en retard, 20h30")
    await #expect(throws: RosterError.self) {
      try await store.weekRows.answer(
        .yes, comment: String(repeating: "a", count: 81), for: kamiloo.id, to: scrim.id)
    }
    // A player neither of the team nor invited cannot answer.
    let other = try await store.playerRows.addPlayer(
      PlayerInput(name: "Other", position: "Top", team: blue.tag))
    await #expect(throws: RosterError.self) {
      try await store.weekRows.answer(.yes, for: other.id, to: scrim.id)
    }
    // Taking the answer back takes its words too.
    let back = try await store.weekRows.answer(
      nil, comment: "ignored", for: kamiloo.id, to: scrim.id)
    #expect(back.comments[kamiloo.id] == nil)
    #expect(try db.open().roster.schedule == store.roster.schedule)
  }

  @Test(arguments: Backend.allCases) func aJSONImportReplacesTheWeekAndACSVKeepsIt(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let canna = store.players[0]
    try await store.weekRows.setAvailability(
      of: canna.id, to: Availability(weekly: try Availability.weekly(parsing: "Sat 14:00-20:00")))
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2"))
    _ = try await store.weekRows.logGames(
      [GameInput(result: "win", champions: ["ksante"], opponentChampions: ["", "", "azir"])],
      of: scrim.id)
    try await store.weekRows.answer(.maybe, for: canna.id, to: scrim.id)
    try await store.draftRows.setPool(of: canna.id, to: [PoolInput(champion: "Jax", comfort: "4")])
    _ = try await store.draftRows.propose(
      ProposalInput(game: 1, action: "ban", champion: "Azir"), to: scrim.id, by: "coach")
    let exported = RosterFile.export(
      store.players, as: .json, teams: store.roster.teams, schedule: store.roster.schedule)
    let week = store.roster.schedule

    // A CSV keeps the week.
    try await store.importing(RosterFile.export(store.players, as: .csv))
    #expect(store.roster.schedule == week)

    // Another week in its place, then the export's back: as it was, reopened too.
    _ = try await store.weekRows.addEvent(EventInput(kind: "training", start: "2026-03-27T18:00"))
    try await store.weekRows.setAvailability(of: canna.id, to: Availability())
    try await store.draftRows.setPool(of: canna.id, to: [])
    try await store.importing(exported)
    #expect(store.roster.schedule.pools[canna.id] == [PoolEntry(champion: "jax", comfort: 4)])
    #expect(store.roster.schedule.event(id: scrim.id)?.proposals.map(\.champion) == ["azir"])
    #expect(store.roster.schedule.events.map(\.id) == [scrim.id])
    #expect(store.roster.schedule.event(id: scrim.id)?.games == week.event(id: scrim.id)?.games)
    #expect(store.roster.schedule.event(id: scrim.id)?.answers == [canna.id: .maybe])
    #expect(store.roster.schedule.availability == week.availability)
    #expect(try db.open().roster.schedule == store.roster.schedule)
    // The same file again changes nothing a calendar sees; an older one is a newer version.
    let sequence = try #require(store.roster.schedule.event(id: scrim.id)?.sequence)
    try await store.importing(exported)
    #expect(store.roster.schedule.event(id: scrim.id)?.sequence == sequence)
    _ = try await store.weekRows.updateEvent(
      id: scrim.id, with: EventInput(kind: "scrim", start: "2026-03-26T21:00", opponent: "G2"))
    try await store.importing(exported)
    let restored = try #require(store.roster.schedule.event(id: scrim.id))
    #expect(restored.start == scrim.start && restored.sequence == sequence + 2)
  }

  @Test(arguments: Backend.allCases) func aNewStartAloneMovesTheEventItsLengthKept(
    _ backend: Backend
  ) async throws {
    let store = try TestDatabase(backend, in: folder).open()
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T19:00", end: "2026-03-26T21:00"))
    let zone = store.roster.firstTeam.zone
    func moved(start: String, end: String) async throws -> (String, String) {
      var input = EventInput(try #require(store.roster.schedule.event(id: scrim.id)), in: zone)
      input.start = start
      input.end = end
      let event = try await store.weekRows.updateEvent(id: scrim.id, with: input)
      return (
        EventInput.wallClock(event.start, in: zone), EventInput.wallClock(event.end, in: zone)
      )
    }
    // The form's end as it was (the web, the API's whole event): the length is kept.
    #expect(
      try await moved(start: "2026-03-26T20:30", end: "2026-03-26T21:00")
        == ("2026-03-26T20:30", "2026-03-26T22:30"))
    // No end at all: the same.
    #expect(
      try await moved(start: "2026-03-27T18:00", end: "")
        == ("2026-03-27T18:00", "2026-03-27T20:00"))
    // An end given too is the end.
    #expect(
      try await moved(start: "2026-03-27T18:30", end: "2026-03-27T19:30")
        == ("2026-03-27T18:30", "2026-03-27T19:30"))
    // The end alone changes the length.
    #expect(
      try await moved(start: "2026-03-27T18:30", end: "2026-03-27T21:00")
        == ("2026-03-27T18:30", "2026-03-27T21:00"))
  }

  @Test(arguments: Backend.allCases) func refusedChangesChangeNothing(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let before = store.roster.version
    await #expect(throws: RosterError.self) {
      try await store.weekRows.addEvent(EventInput(kind: "scrim", start: "2026-03-29T02:30"))
    }
    await #expect(throws: RosterError.self) {
      try await store.weekRows.addEvent(
        EventInput(kind: "scrim", start: "2026-03-26T20:00"), team: "NOPE")
    }
    let event = try await store.weekRows.addEvent(
      EventInput(kind: "review", start: "2026-03-26T20:00"))
    await #expect(throws: RosterError.self) {
      try await store.weekRows.logGames(
        [GameInput(result: "win", champions: ["Notachampion"])], of: event.id)
    }
    await #expect(throws: RosterError.self) {
      try await store.weekRows.logGames(
        [GameInput(result: "win", vod: "javascript:alert(1)")], of: event.id)
    }
    await #expect(throws: RosterError.self) {
      try await store.weekRows.answer(.yes, for: UUID(), to: event.id)
    }
    #expect(store.roster.version == before + 1)
    #expect(try db.open().roster.schedule.events == [event])
  }

  @Test(arguments: Backend.allCases) func aPlayersAccountKeepsItsPlayer(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let canna = store.players[0]
    try await store.accounts.saveAccount(
      AccountRecord(
        name: "canna", role: .player, passwordHash: "$argon2id$x", createdAt: Date(),
        teams: [canna.teamID], player: canna.id))
    let reopened = try db.open()
    let account = try #require(try reopened.accounts.account(named: "canna"))
    #expect(
      account.role == .player && account.player == canna.id && account.teams == [canna.teamID])
  }

  @Test(arguments: Backend.allCases) func aTeamsZoneIsItsOwn(_ backend: Backend) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    try await store.teamRows.addTeam(
      TeamInput(name: "KC NA", tag: "KCNA", timeZone: "America/New_York"))
    await #expect(throws: RosterError.self) {
      try await store.teamRows.addTeam(
        TeamInput(name: "Nowhere", tag: "NOW", timeZone: "Mars/Olympus"))
    }
    let event = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00"), team: "KCNA")
    #expect(event.start == utc("2026-03-27T00:00:00Z"))  // 20:00 in New York (UTC−4)
    // Editing the team keeps its zone unless another is given.
    try await store.teamRows.updateTeam(
      "KCNA", with: TeamInput(name: "KC North America", tag: "KCNA"))
    #expect(try db.open().roster.team("KCNA")?.timeZone == "America/New_York")
  }

  @Test(arguments: Backend.allCases)
  func aPlayersAddressesEndWithTheirMoveOrRemovalAndAddressesAreCapped(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let blue = try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let (canna, caliste) = (store.players[0], store.players[1])
    let moved = try await store.weekRows.createFeed(player: canna.id)
    let removed = try await store.weekRows.createFeed(player: caliste.id)
    _ = try await store.playerRows.transferPlayer(id: canna.id, to: "KCB")
    _ = try await store.playerRows.removePlayer(id: caliste.id)
    _ = try await store.playerRows.restorePlayer(id: caliste.id)
    for secret in [moved.secret, removed.secret] {
      #expect(store.roster.schedule.feed(secret: secret) == nil)
      #expect(try db.open().roster.schedule.feed(secret: secret) == nil)
    }
    // A change asked for one team's player does not reach them on another.
    await #expect(throws: RosterError.notFound(canna.id)) {
      try await store.playerRows.updatePlayer(
        id: canna.id, with: PlayerEdit(position: "Mid"), onTeam: Team.first.id)
    }
    #expect(try db.open().roster.player(id: canna.id)?.teamID == blue.id)
    // At most five addresses of one's own.
    for _ in 0..<WeekRows.maxFeedsPerPlayer {
      _ = try await store.weekRows.createFeed(player: caliste.id)
    }
    await #expect(throws: RosterError.self) {
      try await store.weekRows.createFeed(player: caliste.id)
    }
    #expect(
      try db.open().roster.schedule.feeds.count(where: { $0.playerID == caliste.id })
        == WeekRows.maxFeedsPerPlayer)
  }

  @Test(arguments: Backend.allCases)
  func aSeriesIsPlannedAtOnceKeptAndItsRestCancelledInOneChange(_ backend: Backend) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let first = try await store.weekRows.addEvent(
      EventInput(
        kind: "scrim", start: "2027-01-05T20:00", opponent: "G2", repeats: "tue,thu",
        until: "2027-01-28"), by: "coach")
    let series = try #require(first.series)
    let events = store.roster.schedule.series(of: first)
    #expect(events.count == 8 && events.first == first)
    // Each invites the starters and is a history entry of its own.
    let starters = store.players.filter { $0.lineup == .starter }.map(\.id)
    #expect(events.allSatisfy { $0.invited == starters })
    #expect(try store.history(limit: 8).allSatisfy { $0.kind == .eventAdded })
    #expect(try db.open().roster.schedule.series(of: first).map(\.id) == events.map(\.id))

    // An event of it changes alone; a change that repeats is refused.
    let moved = try await store.weekRows.updateEvent(
      id: events[2].id, with: EventInput(kind: "scrim", start: "2027-01-12T21:00", opponent: "G2"))
    #expect(moved.series == series && store.roster.schedule.series(of: first).count == 8)
    await #expect(throws: RosterError.self) {
      try await store.weekRows.updateEvent(
        id: events[3].id,
        with: EventInput(
          kind: "scrim", start: "2027-01-14T20:00", repeats: "thu", until: "2027-02-01"))
    }

    // The fifth and the rest cancelled; the four before stay.
    let cancelled = try await store.weekRows.removeEvent(
      id: events[4].id, following: true, by: "coach")
    #expect(cancelled.map(\.id) == events[4...].map(\.id))
    let kept = try db.open().roster.schedule.series(of: first)
    #expect(kept.map(\.id) == events[..<4].map(\.id))
    // One event alone leaves its series.
    try await store.weekRows.removeEvent(id: events[1].id)
    #expect(
      store.roster.schedule.series(of: first).map(\.id) == [
        events[0].id, events[2].id, events[3].id,
      ])

    // A series refused is refused whole: nothing of it is planned.
    await #expect(throws: RosterError.self) {
      try await store.weekRows.addEvent(
        EventInput(
          kind: "training", start: "2027-02-01T18:00", repeats: "mon,tue,wed,thu,fri,sat,sun",
          until: "2027-09-01"))
    }
    #expect(store.roster.schedule.events.count == 3)
  }

  @Test(arguments: Backend.allCases)
  func aPlayersPoolIsKeptInOrderCopiedAndRefusedWholeWhenAnEntryIsWrong(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let canna = store.players[0]
    let pool = try await store.draftRows.setPool(
      of: canna.id,
      to: [
        PoolInput(champion: "K'Sante", comfort: "5", priority: true),
        PoolInput(champion: "jax", comfort: ""),
      ], by: "coach")
    #expect(
      pool == [
        PoolEntry(champion: "ksante", comfort: 5, priority: true),
        PoolEntry(champion: "jax", comfort: 3),
      ])
    #expect(try store.history(limit: 1).first?.kind == .poolChanged)
    // One wrong entry refuses the whole pool, said on its field; the stored one stays.
    for wrong in [
      [PoolInput(champion: "Jax", comfort: "6")], [PoolInput(champion: "Nobody", comfort: "1")],
      [PoolInput(champion: "Jax", comfort: "1"), PoolInput(champion: "jax", comfort: "2")],
    ] {
      let refused = await #expect(throws: RosterError.self) {
        try await store.draftRows.setPool(of: canna.id, to: wrong)
      }
      #expect(refused?.validation?.message(for: .pool) != nil)
    }
    await #expect(throws: RosterError.self) {
      try await store.draftRows.setPool(of: canna.id, to: [], onTeam: UUID())
    }
    #expect(try db.open().roster.schedule.pools[canna.id] == pool)
    // A copy to another database takes it.
    let copy = try RosterStore(path: folder.path("pool-copy.sqlite"))
    try await store.copy(to: copy)
    #expect(copy.roster.schedule.pools[canna.id] == pool)
    try await store.draftRows.setPool(of: canna.id, to: [])
    #expect(try db.open().roster.schedule.pools[canna.id] == nil)
  }

  @Test(arguments: Backend.allCases)
  func proposalsAreKeptWithTheirEventAndRefusedWhenTheRuleLocksTheChampion(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let canna = store.players[0]
    let series = try await store.weekRows.addEvent(
      EventInput(
        kind: "match", start: "2027-01-05T17:00", opponent: "G2", format: "bo3",
        draftRule: "full-fearless"))
    var one = GameDraft(side: .blue)
    one.champions[0] = "azir"  // our first ban: full fearless locks bans too
    try await store.draftRows.saveDraft(one, game: 1, of: series.id)
    let pick = try await store.draftRows.propose(
      ProposalInput(game: 2, action: "pick", champion: "K'Sante", player: canna.id, note: "lane"),
      to: series.id, by: "coach")
    #expect(pick.champion == "ksante" && pick.author == "coach" && pick.game == 2)
    for wrong in [
      ProposalInput(game: 2, action: "ban", champion: "Azir"),
      ProposalInput(game: 4, action: "pick", champion: "Jax"),
      ProposalInput(game: 2, action: "steal", champion: "Jax"),
      ProposalInput(game: 2, action: "pick", champion: "Jax", player: UUID()),
      ProposalInput(game: 2, action: "pick", champion: "?"),
    ] {
      let refused = await #expect(throws: RosterError.self) {
        try await store.draftRows.propose(wrong, to: series.id)
      }
      #expect(refused?.validation?.message(for: .draft) != nil)
    }
    await #expect(throws: RosterError.self) {
      try await store.draftRows.propose(
        ProposalInput(game: 2, action: "ban", champion: "Jax"), to: series.id, onTeam: UUID())
    }
    // A change of the event keeps them.
    _ = try await store.weekRows.updateEvent(
      id: series.id,
      with: EventInput(kind: "match", start: "2027-01-05T18:00", opponent: "G2", format: "bo3"))
    let reopened = try #require(try db.open().roster.schedule.event(id: series.id))
    #expect(reopened.proposals == [pick] && reopened.drafts.count == 1)
    let copy = try RosterStore(path: folder.path("proposal-copy.sqlite"))
    try await store.copy(to: copy)
    #expect(copy.roster.schedule.event(id: series.id)?.proposals == [pick])
    try await store.draftRows.withdrawProposal(pick.id, of: series.id)
    #expect(try db.open().roster.schedule.event(id: series.id)?.proposals == [])
  }

  @Test(arguments: Backend.allCases)
  func aFearlessSeriesKeepsItsDraftsInOrderAndRefusesALockedChampion(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let canna = store.players[0]
    let series = try await store.weekRows.addEvent(
      EventInput(
        kind: "match", start: "2027-01-05T17:00", opponent: "G2", format: "bo5",
        draftRule: "fearless"))
    #expect(series.draftRule == .fearless)
    var one = GameDraft(side: .blue)
    one.champions[0] = "Azir"  // our first ban
    one.champions[6] = "K'Sante"  // our first pick, Canna's top
    one.roles[6] = .top
    one.players[6] = canna.id
    one.champions[7] = "Ahri"  // G2's first pick
    try await store.draftRows.saveDraft(one, game: 1, of: series.id, by: "coach")
    var three = GameDraft(side: .red)
    three.champions[7] = "ahri"
    // Game 3 before game 2: refused, said so.
    await #expect(throws: RosterError.self) {
      try await store.draftRows.saveDraft(three, game: 3, of: series.id)
    }
    try await store.draftRows.saveDraft(GameDraft(side: .red), game: 2, of: series.id)
    let locked = await #expect(throws: RosterError.self) {
      try await store.draftRows.saveDraft(three, game: 3, of: series.id)
    }
    #expect(locked?.validation?.message(for: .draft)?.text(in: .english).contains("game 1") == true)

    // Kept on reopening, turns, roles and players alike; Azir, only banned, is free again.
    let reopened = try #require(try db.open().roster.schedule.event(id: series.id))
    #expect(reopened.drafts.count == 2 && reopened.drafts[0].champions[6] == "ksante")
    #expect(reopened.drafts[0].roles[6] == .top && reopened.drafts[0].players[6] == canna.id)
    #expect(reopened.draftRule == .fearless && reopened.drafts[0].side == .blue)
    three.champions[7] = "Azir"
    try await store.draftRows.saveDraft(three, game: 3, of: series.id)
    // A change of rule that an entered draft breaks is refused, said by the rule's field; one
    // it holds under is kept.
    let broken = await #expect(throws: RosterError.self) {
      try await store.weekRows.updateEvent(
        id: series.id,
        with: EventInput(
          kind: "match", start: "2027-01-05T17:00", opponent: "G2", format: "bo5",
          draftRule: "full-fearless"))
    }
    #expect(broken?.validation?.message(for: .draftRule) != nil)
    let soft = try await store.weekRows.updateEvent(
      id: series.id,
      with: EventInput(
        kind: "match", start: "2027-01-05T17:00", opponent: "G2", format: "bo5",
        draftRule: "soft-fearless"))
    #expect(soft.draftRule == .softFearless && soft.drafts.count == 3)
    // A change that names no rule keeps it; a format shorter than the games drafted is refused.
    let kept = try await store.weekRows.updateEvent(
      id: series.id,
      with: EventInput(kind: "match", start: "2027-01-05T18:00", opponent: "G2", format: "bo5"))
    #expect(kept.draftRule == .softFearless && kept.drafts.count == 3)
    let shorter = await #expect(throws: RosterError.self) {
      try await store.weekRows.updateEvent(
        id: series.id,
        with: EventInput(kind: "match", start: "2027-01-05T18:00", opponent: "G2", format: "bo1"))
    }
    #expect(shorter?.validation?.message(for: .format) != nil)
    // A player who is not of the organisation is refused.
    var stranger = GameDraft(side: .blue)
    (stranger.champions[6], stranger.players[6]) = ("Jax", UUID())
    await #expect(throws: RosterError.self) {
      try await store.draftRows.saveDraft(stranger, game: 4, of: series.id)
    }
    // Cancelled: its drafts wait with it in Recently removed, and go with it when it is
    // purged, 30 days later.
    try await store.weekRows.removeEvent(id: series.id)
    #expect(store.roster.schedule.removal(id: series.id)?.event.drafts.count == 3)
    #expect(try store.read { try $0.scalar("SELECT count(*) FROM draft_turn") } == 4)
    try store.writer.withLock { writer in
      try writer.connection.transaction {
        try writer.purgeEvents(removedBefore: Date().addingTimeInterval(60))
      }
    }
    let turns = try store.read { try $0.scalar("SELECT count(*) FROM draft_turn") }
    #expect(turns == 0)
  }
}

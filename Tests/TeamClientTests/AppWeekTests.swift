import Foundation
import TeamAccess
import TeamClient
import TeamHTTP
import TeamKit
import TeamStore
import TeamWeb
import TestSupport
import Testing

/// The app's week, as `WeekView` and `AvailabilityView` use it: the team (``EsportTeam``)
/// over this device's database and over the team's server, where a player signed in with
/// their own account sets their hours and answers, and nobody else's.
@Suite(.timeLimit(.minutes(1))) @MainActor struct AppWeekTests {
  let folder: TemporaryFolder
  let store: RosterStore

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("roster.sqlite"))
  }

  /// Bo starts in Jungle, Yike is the substitute; a scrim on Thursday 26 March, 20:00.
  func scrim() async throws -> (bo: Player, yike: Player, scrim: TeamEvent) {
    let bo = try await store.playerRows.addPlayer(PlayerInput(name: "Bo", position: "Jungle"))
    _ = try await store.playerRows.addPlayer(PlayerInput(name: "Vladi", position: "Mid"))
    let yike = try await store.playerRows.addPlayer(
      PlayerInput(name: "Yike", position: "Jungle", lineup: "substitute"))
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2"))
    return (bo, yike, scrim)
  }

  /// The scrim's verdict in the week the team shows, the event as the week has it.
  func verdict(of event: TeamEvent, in team: EsportTeam) -> String? {
    guard let week = team.week, let shown = week.schedule.event(id: event.id) else { return nil }
    return week.verdict(of: shown).text(in: .english)
  }

  @Test func onThisDeviceTheStaffSetAnyonesHoursAndBadHoursChangeNothing() async throws {
    let (bo, _, scrim) = try await scrim()
    let team = EsportTeam(source: LocalRoster(store: store))
    try await team.load()
    #expect(team.week == nil)  // read when the week is shown
    try await team.loadWeek()
    #expect(team.ownPlayerID == nil)  // the device's roster is the staff's
    let week = try #require(team.week)
    #expect(verdict(of: scrim, in: team) == "Five available, 0 of 5 confirmed")
    #expect(
      week.schedule.events(of: week.team.id, on: Day("2026-03-26")!, in: week.team.zone).map(
        \.id) == [scrim.id])

    // French day names, as the field's hint says; away that Thursday: Yike covers.
    let kept = try await team.setAvailability(
      weekly: "lun-ven 18h-23h", away: ["2026-03-26"], of: bo)
    #expect(kept.weekly.count == 5)
    #expect(store.roster.schedule.availability[bo.id] == kept)
    #expect(verdict(of: scrim, in: team) == "With subs: Yike for Jungle")

    let error = await #expect(throws: ValidationError.self) {
      try await team.setAvailability(weekly: "Someday 25:00", away: [], of: bo)
    }
    #expect(error?.messages(for: .weekly).isEmpty == false)
    #expect(store.roster.schedule.availability[bo.id] == kept)
  }

  @Test func aPlayersOwnAccountSetsTheirHoursAndAnswersAndNobodyElses() async throws {
    let (bo, yike, scrim) = try await scrim()
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 2
    let access = AccessControl(store: store, policy: policy)
    try await access.addAccount(name: "bo", role: .player, password: "bo's password", player: bo.id)
    let server = try WebApp.serve(store: store, port: 0, requireLogin: true, access: access)
    defer { server.stop() }
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
    let remote = try await TeamServer.signIn(url: url, name: "bo", password: "bo's password")
    let team = EsportTeam(source: remote)
    try await team.load()
    try await team.loadWeek()
    #expect(team.ownPlayerID == bo.id)
    #expect(verdict(of: scrim, in: team) == "Five available, 0 of 5 confirmed")

    try await team.setAvailability(weekly: "", away: ["2026-03-26"], of: bo)
    #expect(store.roster.schedule.availability[bo.id]?.away.map(\.description) == ["2026-03-26"])
    #expect(verdict(of: scrim, in: team) == "With subs: Yike for Jungle")

    // Another player's hours and answers are refused, and nothing changes.
    await #expect(throws: TeamServerError.self) {
      try await team.setAvailability(weekly: "Sat 14:00-20:00", away: [], of: yike)
    }
    #expect(store.roster.schedule.availability[yike.id] == nil)
    await #expect(throws: TeamServerError.self) {
      try await team.answer(.no, to: scrim, for: yike)
    }
    // His answer is kept, but his day away wins over it: he does not count.
    try await team.answer(.yes, to: scrim, for: bo)
    #expect(store.roster.schedule.event(id: scrim.id)?.answers == [bo.id: .yes])
    #expect(verdict(of: scrim, in: team) == "With subs: Yike for Jungle")
    // Back from his day away, his yes counts.
    try await team.setAvailability(weekly: "", away: [], of: bo)
    #expect(verdict(of: scrim, in: team) == "Five available, 1 of 5 confirmed")

    // A change made elsewhere reaches the week shown.
    _ = try await store.weekRows.addEvent(EventInput(kind: "training", start: "2026-03-27T18:00"))
    try await team.load()
    #expect(team.week?.schedule.events.count == 2)
  }

  @Test func aPlayerReadsTheSeriesAndPoolsAndProposesForThemselfThroughTheServer() async throws {
    let (bo, _, _) = try await scrim()
    let series = try await store.weekRows.addEvent(
      EventInput(
        kind: "match", start: "2099-01-05T17:00", opponent: "G2", format: "bo3",
        draftRule: "fearless"))
    try await store.draftRows.setPool(of: bo.id, to: [PoolInput(champion: "Vi", comfort: "5")])
    try await store.draftRows.saveDraft(
      GameDraft(side: .blue).choosing("viego", at: 7), game: 1, of: series.id)
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 2
    let access = AccessControl(store: store, policy: policy)
    try await access.addAccount(name: "bo", role: .player, password: "bo's password", player: bo.id)
    let server = try WebApp.serve(store: store, port: 0, requireLogin: true, access: access)
    defer { server.stop() }
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
    let team = EsportTeam(
      source: try await TeamServer.signIn(url: url, name: "bo", password: "bo's password"))
    try await team.load()
    try await team.loadWeek()
    // The pools and the series as PoolsView and SeriesView read them.
    let week = try #require(team.week)
    #expect(week.schedule.pools[bo.id] == [PoolEntry(champion: "vi", comfort: 5)])
    let shown = try #require(week.schedule.event(id: series.id))
    #expect(week.schedule.nextSeries(of: week.team.id, after: Date())?.id == series.id)
    let board = PoolBoard(
      players: week.players, schedule: week.schedule, event: shown, catalog: .builtIn,
      now: Date())
    #expect(board.need == 2 && board.rows.first { $0.player.id == bo.id }?.left == 1)

    try await team.propose(.pick, "Vi", note: "comfort", game: 2, of: shown)
    let proposal = try #require(store.roster.schedule.event(id: series.id)?.proposals.first)
    #expect(proposal.player == bo.id && proposal.author == "bo" && proposal.champion == "vi")
    #expect(team.week?.schedule.event(id: series.id)?.proposals.count == 1)
    // G2's Viego of game 1 is locked in fearless: refused, nothing added.
    let refused = await #expect(throws: ValidationError.self) {
      try await team.propose(.pick, "Viego", game: 2, of: shown)
    }
    #expect(refused?.description.contains("used in game 1") == true)
    #expect(store.roster.schedule.event(id: series.id)?.proposals.count == 1)
  }
}

import Foundation
import Synchronization
import TeamAccess
import TeamClient
import TeamHTTP
import TeamKit
import TeamStore
import TeamWeb
import TestSupport
import Testing

/// The team's server on loopback, signed in to as the app does: every call, every refusal,
/// and the live stream through a restart.
@Suite(.timeLimit(.minutes(1))) struct TeamServerTests {
  let folder: TemporaryFolder
  let store: RosterStore
  let access: AccessControl
  let server: HTTPServer
  let url: URL

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("roster.sqlite"))
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 2
    policy.freeFailuresPerAccount = 2
    access = AccessControl(store: store, policy: policy)
    try await access.addAccount(name: "coach", role: .editor, password: "coach password")
    try await access.addAccount(name: "analyst", role: .viewer, password: "analyst password")
    server = try Self.serve(store, access, port: 0)
    url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
  }

  static func serve(_ store: RosterStore, _ access: AccessControl, port: Int) throws -> HTTPServer {
    try WebApp.serve(store: store, port: port, requireLogin: true, access: access)
  }

  func coach() async throws -> TeamServer {
    try await TeamServer.signIn(url: url, name: "coach", password: "coach password")
  }

  @Test func aSignedInEditorMakesEveryChangeAndTheServerKeepsIt() async throws {
    let seeded = store.players.map(\.name)  // a new roster starts with the brief's players
    let seen = try store.history().first?.id ?? 0
    let remote = try await coach()
    let me = try await remote.identity()
    #expect(me.name == "coach" && me.role == .editor)
    let rekkles = try await remote.addPlayer(
      PlayerInput(name: "Rekkles", position: "ADC", favoriteChampions: ["Jax"]))
    let cabochard = try await remote.addPlayer(PlayerInput(name: "Cabochard", position: "Top"))
    #expect(store.players.map(\.name) == seeded + ["Rekkles", "Cabochard"])
    #expect(try await remote.players() == store.players)

    let renamed = try await remote.updatePlayer(
      id: rekkles.id, with: PlayerEdit(name: "Rekkles2"), expected: rekkles)
    #expect(renamed.name == "Rekkles2")
    #expect(store.players.first { $0.id == rekkles.id }?.name == "Rekkles2")

    let benched = try await remote.updatePlayer(
      id: rekkles.id, with: PlayerEdit(lineup: "substitute"), expected: renamed)
    #expect(benched.lineup == .substitute)
    #expect(store.players.first { $0.id == rekkles.id }?.lineup == .substitute)

    let order = store.players.map(\.id)
    try await remote.reorder([cabochard.id] + order.dropLast(), expected: order, in: Team.first.id)
    #expect(store.players.map(\.name) == ["Cabochard"] + seeded + ["Rekkles2"])

    try await remote.removePlayer(id: cabochard.id)
    #expect(store.players.map(\.name) == seeded + ["Rekkles2"])
    #expect(try await remote.removedPlayers().map(\.player.name) == ["Cabochard"])
    #expect(try await remote.restorePlayer(id: cabochard.id).name == "Cabochard")
    #expect(Set(store.players.map(\.name)) == Set(seeded + ["Rekkles2", "Cabochard"]))

    let history = try await remote.history(after: seen)
    #expect(
      history.map(\.kind) == [.restored, .removed, .moved, .edited, .edited, .added, .added])
    #expect(history.allSatisfy { $0.author == "coach" })
    #expect(
      try await remote.history(after: seen, player: cabochard.id).map(\.kind) == [
        .restored, .removed, .added,
      ])
  }

  @Test func anOutdatedEditIsRefusedWithThePlayerAsTheyAreNow() async throws {
    let remote = try await coach()
    let player = try await remote.addPlayer(PlayerInput(name: "Vladi", position: "Mid"))
    let theirs = try await store.playerRows.updatePlayer(
      id: player.id, with: PlayerEdit(position: "Top"))
    let error = await #expect(throws: PlayerChangedError.self) {
      try await remote.updatePlayer(id: player.id, with: PlayerEdit(name: "Vlad"), expected: player)
    }
    #expect(error?.current == theirs)
    #expect(store.players.first { $0.id == player.id } == theirs)
    // Without a version to check, the change applies to whatever is there.
    #expect(
      try await remote.updatePlayer(id: player.id, with: PlayerEdit(name: "Vlad"), expected: nil)
        .position == .top)
  }

  @Test func badInputComesBackFieldByFieldAndNothingIsWritten() async throws {
    let remote = try await coach()
    let before = store.players
    let invalid = await #expect(throws: ValidationError.self) {
      try await remote.addPlayer(PlayerInput(name: " ", position: "Goalie"))
    }
    #expect(invalid?.message(for: .name) != nil)
    #expect(invalid?.message(for: .position) != nil)
    let taken = await #expect(throws: ValidationError.self) {
      try await remote.addPlayer(PlayerInput(name: "canna", position: "Mid"))
    }
    #expect(taken?.isConflict == true)
    #expect(taken?.message(for: .name) != nil)
    #expect(store.players == before)
  }

  @MainActor @Test func theAppShowsOneTeamAtATimeAddsWithTheNewFieldsAndMovesAPlayer()
    async throws
  {
    let blue = try await store.teamRows.addTeam(
      TeamInput(name: "KC Blue", tag: "KCB", parent: "KC"))
    let team = EsportTeam(source: try await coach())
    try await team.load()
    #expect(team.teams.map(\.tag) == ["KC", "KCB"])
    #expect(team.players.map(\.name) == ["Canna", "Caliste", "Targamas"])
    // The picker shows KC Blue: its (empty) roster, where the form adds.
    team.shownTeamID = blue.id
    #expect(team.players.isEmpty)
    var form = PlayerForm()
    form.name = "Hazel"
    form.position = .adc
    form.riotID = "Hazel#KCB"
    form.nationality = "fr"
    form.contractEnd = "2027-06-30"
    let hazel = try await team.addPlayer(form.input)
    #expect(hazel.teamID == blue.id && hazel.riotID?.description == "Hazel#KCB")
    #expect(hazel.nationality == "FR" && team.players.map(\.name) == ["Hazel"])
    // A bad field is refused by its name, nothing added.
    form.name = "Other"
    form.riotID = ""
    form.birthDate = "2026-02-30"
    let refused = await #expect(throws: ValidationError.self) {
      try await team.addPlayer(form.input)
    }
    #expect(refused?.message(for: .birthDate) != nil)
    #expect(team.players.count == 1)
    // The edit form keeps every field; "Move to team…" promotes, one change on the server.
    var edit = PlayerForm(player: hazel)
    edit.realName = "Hazel Martin"
    let edited = try await team.updatePlayer(hazel, with: edit.edit)
    #expect(edited.realName == "Hazel Martin" && edited.riotID == hazel.riotID)
    try await team.movePlayer(edited, to: Team.first)
    #expect(team.players.isEmpty)
    team.shownTeamID = Team.first.id
    #expect(team.players.map(\.name) == ["Canna", "Caliste", "Targamas", "Hazel"])
    #expect(store.roster.players.first { $0.name == "Hazel" }?.teamID == Team.first.id)
    #expect(try await team.tenures(of: edited).map(\.teamTag) == ["KCB"])
  }

  @MainActor @Test func aPhotoFromTheAppIsReEncodedByTheServerShownAndTakenAway() async throws {
    let team = EsportTeam(source: try await coach())
    try await team.load()
    let canna = try #require(team.players.first)
    let updated = try await team.setPhoto(onePixelPNG, of: canna)
    let hash = try #require(updated.photo)
    #expect(team.players.first?.photo == hash)
    #expect(store.roster.photos[canna.id] == hash)
    #expect(store.players.first == updated)
    let jpeg = try #require(await team.photo(of: updated))
    #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))  // re-encoded as a JPEG

    // What is not an image is refused in the server's words; the photo stays.
    let notAnImage = await #expect(throws: TeamServerError.self) {
      try await team.setPhoto(Data("not a picture".utf8), of: updated)
    }
    #expect(notAnImage?.description.contains("image/png") == true)
    let cutShort = await #expect(throws: TeamServerError.self) {
      try await team.setPhoto(onePixelPNG.prefix(40), of: updated)
    }
    #expect(cutShort?.description.contains("could not be read") == true)
    #expect(store.roster.photos[canna.id] == hash)

    let cleared = try await team.setPhoto(nil, of: updated)
    #expect(cleared.photo == nil && team.players.first?.photo == nil)
    #expect(store.roster.photos[canna.id] == nil)
  }

  @Test func aWrongPasswordIsRefusedThenSlowedDown() async throws {
    // On a clock that stands still: the wait after the failures never runs out while the
    // test goes on, however busy the machine.
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 2
    policy.freeFailuresPerAccount = 2
    let frozen = Date()
    let server = try Self.serve(
      store, AccessControl(store: store, policy: policy, now: { frozen }), port: 0)
    defer { server.stop() }
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
    await #expect(throws: TeamServerError.signInRefused) {
      try await TeamServer.signIn(url: url, name: "coach", password: "not the password")
    }
    await #expect(throws: TeamServerError.signInRefused) {
      try await TeamServer.signIn(url: url, name: "nobody", password: "coach password")
    }
    _ = try? await TeamServer.signIn(url: url, name: "coach", password: "still not it")
    let error = await #expect(throws: TeamServerError.self) {
      try await TeamServer.signIn(url: url, name: "coach", password: "coach password")
    }
    guard case .throttled(let seconds) = error else {
      Issue.record("expected throttled, got \(String(describing: error))")
      return
    }
    #expect(seconds > 0)
  }

  @Test func aViewerReadsButCannotWriteAndAnUnknownTokenMustSignInAgain() async throws {
    let viewer = try await TeamServer.signIn(
      url: url, name: "analyst", password: "analyst password")
    #expect(try await viewer.players() == store.players)
    let refusal = await #expect(throws: TeamServerError.self) {
      try await viewer.addPlayer(PlayerInput(name: "Other", position: "Top"))
    }
    guard case .forbidden(let message) = refusal else {
      Issue.record("expected forbidden, got \(String(describing: refusal))")
      return
    }
    #expect(message.contains("viewer"))
    #expect(!store.players.map(\.name).contains("Other"))

    let token = try await access.createToken(name: "scripts", role: .editor)
    let script = TeamServer(url: url, credential: .token(token))
    #expect(try await script.addPlayer(PlayerInput(name: "Bo", position: "Top")).name == "Bo")
    let stranger = TeamServer(url: url, credential: .token(String(repeating: "0", count: 64)))
    await #expect(throws: TeamServerError.unauthorized) { try await stranger.players() }
  }

  @Test func signingOutEndsTheSession() async throws {
    let remote = try await coach()
    #expect(try await remote.players() == store.players)
    try await remote.signOut()
    await #expect(throws: TeamServerError.unauthorized) { try await remote.players() }
  }

  @Test func aBusyServersAnswerIsSentAgainAfterItsRetryAfterTwiceAtMost() async throws {
    let app = WebApp(store: store, access: access)
    let refusals = Mutex(2)  // the first two requests are told "busy"
    let busy = try HTTPServer(host: "127.0.0.1", port: 0) { request in
      let refuse = refusals.withLock { count in
        defer { count -= 1 }
        return count > 0
      }
      guard !refuse else {
        return HTTPResponse(status: 503, headers: [("Retry-After", "0")])
      }
      return await app.handle(request)
    }
    defer { busy.stop() }
    let token = try await access.createToken(name: "scripts", role: .viewer)
    let remote = TeamServer(
      url: try #require(URL(string: "http://127.0.0.1:\(busy.port)")), credential: .token(token))
    #expect(try await remote.players() == store.players)
    // A third refusal in a row is the answer.
    refusals.withLock { $0 = 3 }
    await #expect(throws: TeamServerError.self) { try await remote.players() }
    #expect(refusals.withLock { $0 } == 0)
  }

  @Test func aServerThatCannotBeReachedIsOffline() async throws {
    let nowhere = try Self.serve(store, access, port: 0)
    let port = nowhere.port
    nowhere.stop()
    let gone = try #require(URL(string: "http://127.0.0.1:\(port)"))
    await #expect(throws: OfflineError.self) {
      try await TeamServer.signIn(url: gone, name: "coach", password: "coach password")
    }
    await #expect(throws: OfflineError.self) {
      try await TeamServer(url: gone, credential: .token("x")).players()
    }
  }

  @MainActor @Test func anotherStaffMembersChangeReachesTheTeamWithinASecond() async throws {
    let mine = EsportTeam(source: try await coach())
    let theirs = EsportTeam(
      source: try await TeamServer.signIn(url: url, name: "coach", password: "coach password"))
    try await mine.load()
    let opened = EventLog(try await coach().events())  // a stream of the same server
    defer { opened.stop() }
    let following = Task { await mine.follow() }
    defer { following.cancel() }
    #expect(await opened.waitFor(.connected, count: 1, within: .seconds(5)))
    try await theirs.load()
    try await theirs.addPlayer(name: "Hantera", position: .support)
    #expect(await eventually(within: .seconds(1)) { mine.players.last?.name == "Hantera" })
    #expect(mine.isConnected)
    #expect(mine.sourceName.description == "127.0.0.1")
    await stopFollowing(following)
    await opened.stopped()
  }

  @MainActor @Test func aCoachEntersAGamesTurnsFromTheAppAndAnotherScreenFollowsThem()
    async throws
  {
    let event = try await store.weekRows.addEvent(
      EventInput(kind: "match", start: "2030-05-02T18:00", opponent: "G2", format: "bo3"))
    let mine = EsportTeam(source: try await coach())
    let theirServer = try await coach()
    let theirs = EsportTeam(source: theirServer)
    try await mine.load()
    try await mine.loadWeek()
    try await theirs.load()
    try await theirs.loadWeek()
    let following = Task { await theirs.follow() }
    defer { following.cancel() }
    let shown = try #require(mine.week?.schedule.event(id: event.id))
    try await mine.enterTurn(nil, side: .red, game: 1, of: shown)
    let begun = try #require(mine.week?.schedule.event(id: event.id))
    #expect(begun.drafts.first?.side == .red)
    try await mine.enterTurn("ksante", game: 1, of: begun)
    #expect(mine.week?.schedule.event(id: event.id)?.drafts.first?.champions[0] == "ksante")
    // The other screen follows the board.
    #expect(
      await eventually(within: .seconds(3)) {
        theirs.week?.schedule.event(id: event.id)?.drafts.first?.champions[0] == "ksante"
      })
    // A champion already in the game is refused, and nothing changes.
    let now = try #require(mine.week?.schedule.event(id: event.id))
    await #expect(throws: (any Error).self) {
      try await mine.enterTurn("K'Sante", game: 1, of: now)
    }
    #expect(
      try store.weekRows.week().schedule.event(id: event.id)?.drafts.first?.champions.compactMap {
        $0
      } == ["ksante"])
    // Their session ended, the server closes their stream and the feed ends by itself: no
    // request is cancelled while the server may be closing it (``stopFollowing(_:)``).
    try await theirServer.signOut()
    await following.value
  }

  @Test func theStreamReconnectsAfterARestartAndCatchesUpWithWhatWasMissed() async throws {
    let remote = try await coach()
    let log = EventLog(remote.events())
    defer { log.stop() }
    #expect(await log.waitFor(.connected, count: 1, within: .seconds(5)))
    try await store.playerRows.addPlayer(PlayerInput(name: "Before", position: "Top"))
    #expect(await log.waitFor(.changed, count: 1, within: .seconds(2)))

    server.stop()
    #expect(await log.waitFor(.disconnected, count: 1, within: .seconds(5)))
    try await store.playerRows.addPlayer(PlayerInput(name: "Meanwhile", position: "Mid"))
    // The port just let go may be held a moment by another test's connection (the same
    // ephemeral range): asked again for up to three seconds.
    var restarted = try? Self.serve(store, access, port: server.port)
    for _ in 0..<30 where restarted == nil {
      try await Task.sleep(for: .milliseconds(100))
      restarted = try? Self.serve(store, access, port: server.port)
    }
    let again = try #require(restarted)
    defer { again.stop() }
    #expect(await log.waitFor(.connected, count: 2, within: .seconds(10)))
    // The change made while the server was down comes with the reconnection.
    #expect(await log.waitFor(.changed, count: 2, within: .seconds(2)))
    #expect(try await remote.players().suffix(2).map(\.name) == ["Before", "Meanwhile"])
    await log.stopped()
  }
}

/// Polls `condition` until it holds or `limit` has passed.
@MainActor func eventually(within limit: Duration, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return condition()
}

/// Stops following a server and waits until the stream's connection is let go, before the
/// test's server stops: on Linux a request cancelled while its server closes the connection
/// races in swift-corelibs-foundation and traps the process.
func stopFollowing(_ task: Task<Void, Never>) async {
  task.cancel()
  await task.value
  try? await Task.sleep(for: .milliseconds(300))
}

/// Records a source's events as they come.
final class EventLog: Sendable {
  private final class Events: Sendable {
    let list = Mutex<[SourceEvent]>([])
  }
  private let events: Events
  private let task: Task<Void, Never>

  init(_ stream: AsyncStream<SourceEvent>) {
    let events = Events()
    self.events = events
    task = Task { for await event in stream { events.list.withLock { $0.append(event) } } }
  }

  func stop() { task.cancel() }

  /// Stops recording and waits until the stream's connection is let go (``stopFollowing(_:)``).
  func stopped() async { await stopFollowing(task) }

  /// Whether `event` has come `count` times before `limit` passed.
  func waitFor(_ event: SourceEvent, count: Int, within limit: Duration) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if events.list.withLock({ $0.filter { $0 == event }.count }) >= count { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return false
  }
}

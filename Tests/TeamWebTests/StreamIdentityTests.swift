import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// An open `/api/events` stream is sent only what its account may see now: a change of
/// role, a sign-out everywhere or a removed account ends it before the next event.
// The sockets are read off the concurrency pool (`offThePool`): the server needs its threads.
@Suite(.timeLimit(.minutes(1))) struct StreamIdentityTests {
  let folder: TemporaryFolder
  let store: RosterStore
  let access: AccessControl
  let server: HTTPServer
  let client: HTTPClient
  let canna = Player.defaultRoster[0]
  let caliste = Player.defaultRoster[1]

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("roster.sqlite"))
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 2
    access = AccessControl(store: store, policy: policy)
    try await access.addAccount(
      name: "canna", role: .player, password: "canna password", player: canna.id)
    try await access.addAccount(name: "vera", role: .viewer, password: "vera password")
    server = try WebApp.serve(
      store: store, host: "127.0.0.1", port: 0, requireLogin: true, access: access)
    client = HTTPClient(port: server.port)
  }

  /// A stream opened with `cookies`, once its opening came.
  func stream(_ cookies: String, lastEventID: String? = nil) async throws -> OpenConnection {
    var headers = ["Cookie": cookies]
    headers["Last-Event-ID"] = lastEventID
    let client = client
    let sent = headers
    let events = try await offThePool { try client.open("/api/events", headers: sent) }
    #expect(try await offThePool { events.read(until: "retry: 2000") })
    return events
  }

  func signIn(_ name: String) async throws -> String {
    let client = client
    return try await offThePool { try client.signIn(name, "\(name) password") }
  }

  /// Caliste's real name changed, with his role: a change a player's account hears of, but
  /// without his personal data.
  func changeCaliste(_ realName: String, position: String) async throws {
    var edit = PlayerEdit()
    edit.realName = realName
    edit.position = position
    _ = try await store.playerRows.updatePlayer(id: caliste.id, with: edit)
  }

  @Test func anAccountMadeAPlayerAgainIsNoLongerSentOtherPlayersPersonalData() async throws {
    // Made a viewer, it opens a stream as the staff; then it is a player's account again.
    try await access.setRole(name: "canna", role: .viewer)
    let cookies = try await signIn("canna")
    let events = try await stream(cookies)
    try await access.setRole(name: "canna", role: .player)
    try await changeCaliste("Secret Name", position: "Top")
    #expect(try await !offThePool { events.read(until: "Secret Name", timeout: .seconds(2)) })
    #expect(try await offThePool { events.isClosedByServer() })
    // Connected again, it hears of the role change, not of the name.
    let again = try await stream(cookies, lastEventID: "0")
    #expect(try await offThePool { again.read(until: "event: reset") })
    try await changeCaliste("Other Secret", position: "Mid")
    #expect(try await offThePool { again.read(until: #""position":"Mid""#) })
    #expect(!again.received.contains("Other Secret"))
  }

  @Test func aSignOutEverywhereOrARemovedAccountEndsTheStreamBeforeTheNextEvent() async throws {
    let events = try await stream(try await signIn("vera"))
    try await changeCaliste("Seen By Staff", position: "Top")
    #expect(try await offThePool { events.read(until: "Seen By Staff") })
    try await access.signOutEverywhere(name: "vera")
    try await changeCaliste("After Sign Out", position: "Mid")
    #expect(try await !offThePool { events.read(until: "After Sign Out", timeout: .seconds(2)) })
    #expect(try await offThePool { events.isClosedByServer() })

    let removed = try await stream(try await signIn("vera"))
    try await access.removeAccount(name: "vera")
    try await changeCaliste("After Removal", position: "Jungle")
    #expect(try await !offThePool { removed.read(until: "After Removal", timeout: .seconds(2)) })
    #expect(try await offThePool { removed.isClosedByServer() })
  }

  @Test func aStreamWhoseAccountIsUnchangedStaysOpenAfterAnotherAccountChanges() async throws {
    let events = try await stream(try await signIn("vera"))
    try await access.setRole(name: "canna", role: .viewer)
    try await changeCaliste("Still Staff", position: "Top")
    #expect(try await offThePool { events.read(until: "Still Staff") })
    #expect(try await !offThePool { events.isClosedByServer(timeout: .milliseconds(1500)) })
  }
}

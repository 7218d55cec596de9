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

/// The app's choice between this device's roster and the team's server, kept between
/// launches.
@MainActor @Suite(.timeLimit(.minutes(1))) struct TeamConnectionTests {
  let folder: TemporaryFolder
  let store: RosterStore
  let server: HTTPServer
  let address: String
  /// What the Keychain would hold.
  let kept = Kept()

  final class Kept: Sendable {
    let value = Mutex<SavedSignIn?>(nil)
    /// Whether saving works (a Keychain can refuse).
    let works = Mutex(true)
    var keeper: SignInKeeper {
      SignInKeeper(
        load: { self.value.withLock { $0 } },
        save: { new in
          guard self.works.withLock({ $0 }) else { return false }
          self.value.withLock { $0 = new }
          return true
        })
    }
  }

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("server.sqlite"))
    let access = AccessControl(store: store)
    try await access.addAccount(name: "coach", role: .editor, password: "coach password")
    server = try WebApp.serve(store: store, port: 0, requireLogin: true, access: access)
    address = "http://127.0.0.1:\(server.port)"
  }

  func connection() throws -> TeamConnection {
    TeamConnection(local: try EsportTeam(), keeper: kept.keeper)
  }

  @Test func signingInShowsTheServersTeamAndIsKeptUntilSigningOut() async throws {
    try await store.playerRows.addPlayer(PlayerInput(name: "Rekkles", position: "ADC"))
    let app = try connection()
    #expect(app.team === app.local)
    try await app.signIn(address: address + "/", name: "coach", password: "coach password")
    #expect(app.team.players == store.players)
    #expect(app.team.sourceName.description == "127.0.0.1")
    let saved = try #require(kept.value.withLock { $0 })
    #expect(saved.url.absoluteString == address)

    // The next launch opens on the server.
    let relaunched = try connection()
    #expect(relaunched.team !== relaunched.local)
    try await relaunched.team.load()
    #expect(relaunched.team.players.map(\.name).contains("Rekkles"))

    await relaunched.signOut()
    #expect(relaunched.team === relaunched.local)
    #expect(kept.value.withLock { $0 } == nil)
    // The session is over on the server too.
    let old = TeamServer(url: saved.url, credential: .session(saved.cookie))
    await #expect(throws: TeamServerError.unauthorized) { try await old.players() }
  }

  @Test func aSessionTheDeviceCannotKeepIsSaidAndTheServersTeamIsShownAllTheSame() async throws {
    kept.works.withLock { $0 = false }
    let app = try connection()
    try await app.signIn(address: address, name: "coach", password: "coach password")
    #expect(app.team !== app.local)
    #expect(app.notice?.contains("sign in again at the next launch") == true)
    #expect(kept.value.withLock { $0 } == nil)
  }

  @Test func aRefusedSignInKeepsTheRosterShownAndKeepsNothing() async throws {
    let app = try connection()
    await #expect(throws: TeamServerError.signInRefused) {
      try await app.signIn(address: address, name: "coach", password: "wrong password")
    }
    #expect(app.team === app.local)
    #expect(kept.value.withLock { $0 } == nil)
  }

  @Test(arguments: [
    ("http://roster.example.org", true), ("roster example", false), ("ftp://x.org", false),
    ("", false),
  ])
  func addressesThatCannotBeUsedAreRefusedBeforeAnythingIsSent(address: String, needsHTTPS: Bool)
    async throws
  {
    let app = try connection()
    let error = await #expect(throws: ServerAddressError.self) {
      try await app.signIn(address: address, name: "coach", password: "coach password")
    }
    #expect(error?.needsHTTPS == needsHTTPS)
    #expect(app.team === app.local)
  }

  @Test func aSessionTheServerEndedSendsTheAppBackToThisDevicesRoster() async throws {
    let app = try connection()
    try await app.signIn(address: address, name: "coach", password: "coach password")
    let saved = try #require(kept.value.withLock { $0 })
    try await TeamServer(url: saved.url, credential: .session(saved.cookie)).signOut()
    await app.follow()
    #expect(app.team === app.local)
    #expect(app.notice?.contains("sign in again") == true)
    #expect(kept.value.withLock { $0 } == nil)
  }
}

/// What the Keychain keeps of a sign-in is written and read by the one JSON codec.
@Test func aSavedSignInIsReadBackAsWritten() throws {
  let saved = SavedSignIn(
    url: try #require(URL(string: "https://team.example:8443/kcorp")), cookie: "kcorp_session=a\"b")
  let data = TeamJSON.encode(saved)
  #expect(try TeamJSON.decode(SavedSignIn.self, from: data) == saved)
  #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"cookie":"kcorp_session=a\"b","#))
}

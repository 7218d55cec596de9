import AccountsWeb
import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// Sign-in, roles, tokens and names, on a server that requires sign-in.
@Suite struct AccessTests {
  let folder: TemporaryFolder
  let store: RosterStore
  let access: AccessControl
  let server: HTTPServer
  let client: HTTPClient

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("roster.sqlite"))
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 2
    access = AccessControl(store: store, policy: policy)
    try await access.addAccount(name: "coach", role: .owner, password: "coach password")
    try await access.addAccount(name: "analyst", role: .viewer, password: "analyst password")
    try await access.addAccount(name: "manager", role: .editor, password: "manager password")
    server = try WebApp.serve(
      store: store, host: "0.0.0.0", port: 0, requireLogin: true, access: access)
    client = HTTPClient(port: server.port)
  }

  /// Signs in through the form as a browser would; returns the cookies to send.
  func signIn(_ name: String, _ password: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> String
  {
    try client.signIn(name, password, sourceLocation: sourceLocation)
  }

  @Test func nobodySignedInGetsTheSignInPageOr401() throws {
    let page = try client.get("/players/\(Player.defaultRoster[0].id)")
    #expect(page.status == 303)
    #expect(page.header("location") == "/signin?next=%2Fplayers%2F\(Player.defaultRoster[0].id)")
    for path in ["/api/players", "/api/players/\(Player.defaultRoster[0].id)", "/images/canna"] {
      let response = try client.get(path)
      #expect(response.status == (path.hasPrefix("/api") ? 401 : 303), "\(path)")
    }
    let api = try client.get("/api/players")
    #expect(api.header("www-authenticate")?.hasPrefix("Bearer") == true)
    #expect(api.header("content-type") == "application/problem+json")
    #expect(try client.get("/signin").status == 200)
    #expect(try client.get(Asset.stylesheet.path).status == 200)
    #expect(try client.send("DELETE", "/api/players/\(Player.defaultRoster[0].id)").status == 401)
    #expect(store.players.count == 3)
  }

  @Test func signingInGivesAnHttpOnlySessionAndTheRoster() async throws {
    let cookies = try await signIn("coach", "coach password")
    #expect(cookies.contains("kcorp_session="))
    let roster = try client.get("/", headers: ["Cookie": cookies])
    #expect(roster.status == 200 && roster.text.contains(">Canna<"))
    #expect(roster.text.contains(#"href="/account""#))
    let page = try client.get("/signin")
    _ = page
    // Signing out ends the session.
    let token = try #require(roster.text.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/)?.1)
    let out = try client.send(
      "POST", "/signout",
      headers: [
        "Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded",
        "Origin": "http://127.0.0.1:\(server.port)",
      ], body: Array("csrf=\(token)".utf8))
    #expect(out.status == 303 && out.header("set-cookie")?.contains("Max-Age=0") == true)
    #expect(try client.get("/", headers: ["Cookie": cookies]).status == 303)
  }

  @Test func aWrongNameAndAWrongPasswordGetTheSameAnswerThen429() throws {
    func attempt(_ name: String) throws -> WireResponse {
      let page = try client.get("/signin")
      let csrf = page.header("set-cookie")?.split(separator: ";").first.map(String.init) ?? ""
      let token = page.text.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/)?.1 ?? ""
      return try client.send(
        "POST", "/signin",
        headers: [
          "Content-Type": "application/x-www-form-urlencoded", "Cookie": csrf,
          "Origin": "http://127.0.0.1:\(server.port)",
        ], body: Array("csrf=\(token)&name=\(name)&password=wrongwrong".utf8))
    }
    let unknown = try attempt("nobody")
    let wrong = try attempt("coach")
    #expect(unknown.status == 401 && wrong.status == 401)
    #expect(
      unknown.text.contains("Wrong name or password.")
        && wrong.text.contains("Wrong name or password."))
    for _ in 0..<4 { _ = try attempt("coach") }
    let throttled = try attempt("coach")
    #expect(throttled.status == 429)
    #expect(Int(throttled.header("retry-after") ?? "") ?? 0 >= 1)
  }

  @Test func aViewerReadsButSeesNoEditControlsAndCannotWrite() async throws {
    let cookies = try await signIn("analyst", "analyst password")
    let roster = try client.get("/", headers: ["Cookie": cookies])
    #expect(roster.status == 200 && roster.text.contains(">Canna<"))
    #expect(!roster.text.contains("Add player") && !roster.text.contains("Move up"))
    let detail = try client.get(
      "/players/\(Player.defaultRoster[0].id)", headers: ["Cookie": cookies])
    #expect(!detail.text.contains("Delete player") && !detail.text.contains(">Edit<"))
    let write = try client.send(
      "POST", "/api/players",
      headers: ["Cookie": cookies, "Content-Type": "application/json"],
      body: Array(#"{"name":"Sneaky","position":"Mid"}"#.utf8))
    #expect(write.status == 403)
    #expect(store.players.count == 3)
  }

  @Test func tokensSpeakForTheirRoleAreRecordedAsAuthorsAndDieWhenRevoked() async throws {
    let editor = try await access.createToken(name: "scoreboard", role: .editor)
    let viewer = try await access.createToken(name: "display", role: .viewer)
    func post(_ token: String) throws -> WireResponse {
      try client.send(
        "POST", "/api/players",
        headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
        body: Array(#"{"name":"ByScript","position":"Mid"}"#.utf8))
    }
    #expect(
      try client.get("/api/players", headers: ["Authorization": "Bearer \(viewer)"]).status == 200)
    #expect(try post(viewer).status == 403)
    #expect(try post(editor).status == 201)
    #expect(try store.history().first?.author == "token:scoreboard")
    try await access.revokeToken(name: "scoreboard")
    let revoked = try client.get("/api/players", headers: ["Authorization": "Bearer \(editor)"])
    #expect(revoked.status == 401)
    #expect(
      try client.get("/api/players", headers: ["Authorization": "Bearer nonsense"]).status == 401)
  }

  @Test func anEditorsChangesAreRecordedUnderTheirName() async throws {
    let cookies = try await signIn("manager", "manager password")
    let response = try client.send(
      "PATCH", "/api/players/\(Player.defaultRoster[0].id)",
      headers: ["Cookie": cookies, "Content-Type": "application/json"],
      body: Array(#"{"position":"Mid"}"#.utf8))
    #expect(response.status == 200)
    #expect(try store.history().first?.author == "manager")
    let history = try client.get("/history", headers: ["Cookie": cookies])
    #expect(history.text.contains("manager edited Canna: role Top → Mid."))
    let api = try client.get("/api/history", headers: ["Cookie": cookies])
    #expect(api.status == 200 && api.text.contains(#""author":"manager""#))
  }

  @Test func onAnyAddressOnlyTheServersOwnNamesAreAnswered() throws {
    for host in ["evil.example", "evil.example:\(server.port)", "192.0.2.1"] {
      #expect(try client.get("/signin", headers: ["Host": host]).status == 421, "\(host)")
    }
    #expect(try client.get("/signin", headers: ["Host": "localhost:\(server.port)"]).status == 200)
    #expect(try client.get("/signin", headers: ["Host": "127.0.0.1"]).status == 200)
    // A page elsewhere pointing its name at this server cannot sign anyone in either.
    #expect(try client.send("POST", "/signin", headers: ["Host": "evil.example"]).status == 421)
  }

  @Test func theAccountPagesAndTheirRefusalsAreInFrench() async throws {
    let coach = try await signIn("coach", "coach password") + "; kcorp_lang=fr"
    for path in ["/account", "/accounts", "/"] {
      let page = try client.get(path, headers: ["Cookie": coach])
      #expect(page.status == 200 && page.text.contains(#"<html lang="fr">"#), "\(path)")
      let left = FrenchPagesTests.englishLeft(in: page.text)
      #expect(left.isEmpty, "\(path) still says \(left.sorted())")
    }
    let manager = try await signIn("manager", "manager password") + "; kcorp_lang=fr"
    let refused = try client.get("/accounts", headers: ["Cookie": manager])
    #expect(refused.status == 403)
    #expect(refused.text.contains("Seul un admin gère les comptes et les équipes."))
    let signIn = try client.get("/signin", headers: ["Accept-Language": "fr-FR"])
    #expect(signIn.text.contains("Se connecter à KCorp"))
    #expect(FrenchPagesTests.englishLeft(in: signIn.text).isEmpty)
  }

  @Test func ownersManageAccountsOthersCannot() async throws {
    let coach = try await signIn("coach", "coach password")
    #expect(try client.get("/accounts", headers: ["Cookie": coach]).text.contains("analyst"))
    let manager = try await signIn("manager", "manager password")
    #expect(try client.get("/accounts", headers: ["Cookie": manager]).status == 403)
  }
}

/// Paths, redirects and names that must not get round the rules.
@Suite struct AccessEdgeTests {
  @Test func onlyCanonicalPathsReachAHandler() throws {
    var router = Router()
    router.add("GET", "/accounts", RoutePolicy(.owner)) { _, _ in HTTPResponse(status: 200) }
    for path in ["//accounts", "/static/../accounts", "/./accounts", "/accounts//", "accounts"] {
      #expect(throws: HTTPError.self, "\(path)") { try router.match("GET", path) }
    }
    #expect(try router.match("GET", "/accounts/").route.policy.access == .owner)
  }

  @Test func afterSignInOnlyALocalPathIsFollowed() {
    #expect(AccountsFeature.safeNext("/players/1?page=2") == "/players/1?page=2")
    for next in [
      "//evil.example", "/\t/evil.example", "https://evil.example", "/\\evil", "/\n/x", nil,
    ] {
      #expect(AccountsFeature.safeNext(next) == "/", "\(String(describing: next))")
    }
  }

  @Test func loopbackIsAnAddressNotANameThatLooksLikeOne() {
    #expect(WebApp.isLoopback("127.0.0.1") && WebApp.isLoopback("127.9.9.9"))
    #expect(WebApp.isLoopback("::1") && WebApp.isLoopback("localhost"))
    #expect(!WebApp.isLoopback("127.evil.example") && !WebApp.isLoopback("0.0.0.0"))
  }

  @Test func behindAProxyOrByAPublicNameSignInIsRequiredEvenOnLoopback() throws {
    let folder = try TemporaryFolder()
    let store = try RosterStore(path: folder.path("roster.sqlite"))
    for server in [
      try WebApp.serve(store: store, port: 0, trustProxy: true),
      try WebApp.serve(store: store, port: 0, publicURL: URL(string: "https://roster.example.org")),
    ] {
      #expect(try HTTPClient(port: server.port).get("/api/players").status == 401)
    }
  }
}

extension AccessTests {
  @Test func aViewerGetsNoFormToChangeTheRosterAndATokenCannotSignOut() async throws {
    let viewer = try await signIn("analyst", "analyst password")
    for path in [
      "/players/new", "/players/\(Player.defaultRoster[0].id)/edit",
      "/players/\(Player.defaultRoster[0].id)/delete",
    ] {
      #expect(try client.get(path, headers: ["Cookie": viewer]).status == 403, "\(path)")
    }
    let token = try await access.createToken(name: "bot", role: .owner)
    let out = try client.send("POST", "/signout/all", headers: ["Authorization": "Bearer \(token)"])
    #expect(out.status == 403)
    #expect(
      try client.get("//accounts", headers: ["Authorization": "Bearer \(token)"]).status == 404)
  }

  @Test func oneAddressMayHoldSixteenLiveConnectionsNoMore() async throws {
    let token = try await access.createToken(name: "wall", role: .viewer)
    let open = try (0..<16).map { _ in
      try client.open("/api/events", headers: ["Authorization": "Bearer \(token)"])
    }
    for connection in open { #expect(connection.read(until: "retry:")) }
    let refused = try client.get("/api/events", headers: ["Authorization": "Bearer \(token)"])
    #expect(refused.status == 503)
    // One client leaves: its place is free again (looked at for up to 3 s).
    open[0].disconnect()
    var again = false
    for _ in 0..<30 where !again {
      let next = try client.open("/api/events", headers: ["Authorization": "Bearer \(token)"])
      again = next.read(until: "retry:", timeout: .milliseconds(100))
    }
    #expect(again)
  }

  @Test func aLiveStreamEndsWhenItsTokenIsRevokedOrItsAccountRemoved() async throws {
    let token = try await access.createToken(name: "wall", role: .viewer)
    let byToken = try client.open("/api/events", headers: ["Authorization": "Bearer \(token)"])
    #expect(byToken.read(until: "retry:"))
    let manager = try await signIn("manager", "manager password")
    let bySession = try client.open("/api/events", headers: ["Cookie": manager])
    #expect(bySession.read(until: "retry:"))
    let other = try client.open(
      "/api/events", headers: ["Cookie": try await signIn("coach", "coach password")])
    #expect(other.read(until: "retry:"))

    try await access.revokeToken(name: "wall")
    #expect(byToken.isClosedByServer(timeout: .seconds(3)))
    try await access.removeAccount(name: "manager")
    #expect(bySession.isClosedByServer(timeout: .seconds(3)))
    #expect(!other.isClosedByServer(timeout: .milliseconds(500)))  // the others go on
  }
}

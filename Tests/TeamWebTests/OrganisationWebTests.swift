import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// Several teams on one server: roles per team on every route, transfers, the pages of the
/// organisation.
@Suite struct OrganisationWebTests {
  let folder: TemporaryFolder
  let store: RosterStore
  let access: AccessControl
  let server: HTTPServer
  let client: HTTPClient
  let blue: Team
  let saken: Player

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("roster.sqlite"))
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 2
    access = AccessControl(store: store, policy: policy)
    blue = try await store.teamRows.addTeam(
      TeamInput(name: "KC Blue", tag: "KCB", league: "LFL", parent: "KC"))
    saken = try await store.playerRows.addPlayer(
      PlayerInput(name: "Saken", position: "Mid", team: "KCB"))
    try await access.addAccount(name: "coach", role: .owner, password: "coach password")
    try await access.addAccount(
      name: "bluecoach", role: .editor, password: "blue password", teams: [blue.id])
    server = try WebApp.serve(
      store: store, host: "127.0.0.1", port: 0, requireLogin: true, access: access)
    client = HTTPClient(port: server.port)
  }

  func signIn(_ name: String, _ password: String) throws -> String {
    try client.signIn(name, password)
  }

  func json(_ method: String, _ path: String, _ body: String, as who: String) throws
    -> WireResponse
  {
    try client.send(
      method, path,
      headers: ["Authorization": "Bearer \(who)", "Content-Type": "application/json"],
      body: Array(body.utf8))
  }

  @Test func anEditorOfOneTeamChangesItAndGets403OnAnotherOnTheAPI() async throws {
    let token = try await access.createToken(name: "blue-script", role: .editor, teams: [blue.id])
    let canna = Player.defaultRoster[0]
    let refused = try json("PATCH", "/api/players/\(canna.id)", #"{"position":"Mid"}"#, as: token)
    #expect(refused.status == 403)
    #expect(refused.text.contains("blue-script is not on the staff of KCorp"))
    #expect(
      try json("PATCH", "/api/players/\(saken.id)", #"{"position":"Jungle"}"#, as: token).status
        == 200)
    // Adding: to its team, not to the first.
    #expect(
      try json("POST", "/api/players", #"{"name":"Nope","position":"Top"}"#, as: token).status
        == 403)
    #expect(
      try json(
        "POST", "/api/players?team=KCB", #"{"name":"Yes","position":"Top","joined":null}"#,
        as: token
      ).status == 201)
    // A query's team is a tag or an id as the contract says, not whitespace read as none.
    #expect(try json("GET", "/api/players?team=%0B", "", as: token).status == 404)
    // A transfer needs both teams; teams and the organisation need an owner.
    let transfer = try json(
      "POST", "/api/players/\(saken.id)/transfer", #"{"team":"KC"}"#, as: token)
    #expect(transfer.status == 403)
    #expect(
      try json("POST", "/api/teams", #"{"name":"Blue Stars","tag":"KCBS"}"#, as: token).status
        == 403)
    #expect(try json("DELETE", "/api/teams/KCB", "", as: token).status == 403)
    // It reads the whole organisation.
    let organisation = try client.get(
      "/api/organisation", headers: ["Authorization": "Bearer \(token)"])
    #expect(organisation.status == 200 && organisation.text.contains(#""tag":"KC""#))
    #expect(store.roster.players(in: Team.first.id).map(\.position) == [.top, .adc, .support])
    #expect(store.roster.players.first { $0.id == saken.id }?.position == .jungle)
  }

  @Test func onThePagesAnEditorOfOneTeamSeesControlsOnItsOwnOnly() async throws {
    let cookies = try signIn("bluecoach", "blue password")
    let overview = try client.get("/", headers: ["Cookie": cookies])
    #expect(overview.status == 200)
    #expect(overview.text.contains("KC Blue") && overview.text.contains("LFL"))
    let blueRoster = try client.get("/teams/KCB", headers: ["Cookie": cookies])
    #expect(blueRoster.text.contains(">Saken<") && blueRoster.text.contains("Add player"))
    let mainRoster = try client.get("/teams/KC", headers: ["Cookie": cookies])
    #expect(mainRoster.status == 200 && mainRoster.text.contains(">Canna<"))
    #expect(!mainRoster.text.contains("Add player") && !mainRoster.text.contains("Move up"))
    let canna = try client.get(
      "/players/\(Player.defaultRoster[0].id)", headers: ["Cookie": cookies])
    #expect(!canna.text.contains("Delete player") && !canna.text.contains("Move to team"))
    let sakenPage = try client.get("/players/\(saken.id)", headers: ["Cookie": cookies])
    #expect(sakenPage.text.contains("Delete player"))
    // No other team it edits: no "Move to team…" that leads nowhere.
    #expect(!sakenPage.text.contains("Move to team"))
    // Teams are the owner's.
    #expect(!overview.text.contains("Add a team"))
  }

  @Test func theOverviewGivesEachTeamsComingEventsWithTheirVerdicts() async throws {
    let zone = try #require(TimeZone(identifier: "Europe/Paris"))
    let day = Day(Date(), in: zone).adding(days: 2)
    let scrim = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "\(day)T20:00", opponent: "G2"), team: "KCB")
    let start = scrim.start
    _ = try await store.weekRows.addEvent(
      EventInput(kind: "training", start: "\(day)T18:00"), team: "KC")
    // Out of the next seven days: not shown.
    _ = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "\(day.adding(days: 9))T20:00", opponent: "Vitality"),
      team: "KC")
    let overview = try client.get("/", headers: ["Cookie": try signIn("coach", "coach password")])
    #expect(overview.status == 200)
    // One card per team, each with its own events.
    let cards = overview.text.components(separatedBy: #"<li class="team-card team-color-blue""#)
    let blue = try #require(cards.first { $0.hasPrefix(#" id="team-KCB""#) })
    let main = try #require(cards.first { $0.hasPrefix(#" id="team-KC""#) })
    // Saken alone cannot field five; KCorp's brief roster has no Jungle and no Mid.
    #expect(
      blue.contains(">Scrim vs G2</a> · \(Weekday(of: start, in: zone).shortName(in: .english)) "))
    #expect(blue.contains(#"<span class="verdict verdict-short">Not enough: no Top"#))
    #expect(main.contains(">Training</a>"))
    #expect(
      main.contains(
        #"<span class="verdict verdict-short">Not enough: no Jungle and no Mid</span>"#))
    #expect(!overview.text.contains("Vitality"))
  }

  @Test func theMovePageChoosesItsOnlyTeamSaysWhatIsMissingAndConfirmsTheMove() async throws {
    let cookies = try signIn("coach", "coach password")
    let player = try client.get("/players/\(saken.id)", headers: ["Cookie": cookies])
    #expect(player.text.contains("Move to team"))
    let form = try client.get("/players/\(saken.id)/team", headers: ["Cookie": cookies])
    // The only other team, chosen already; its name apart from what it lacks.
    #expect(
      form.text.contains(
        #"<input type="radio" name="team" value="KC" id="move-KC" required="" checked="">"#))
    #expect(form.text.contains("<strong>KCorp</strong> · <span"))
    let token = try #require(form.text.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/)?.1)
    func post(_ fields: String) throws -> WireResponse {
      try client.send(
        "POST", "/players/\(saken.id)/team",
        headers: [
          "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies,
          "Origin": "http://127.0.0.1:\(server.port)",
        ], body: Array("csrf=\(token)&\(fields)".utf8))
    }
    // Without a team: the form again, saying what to choose; nothing moved.
    let refused = try post("team=&lineup=")
    #expect(refused.status == 422 && refused.text.contains("Choose the team to move Saken to."))
    #expect(refused.text.contains(#"id="move-KC""#))
    #expect(store.roster.players.first { $0.id == saken.id }?.teamID == blue.id)
    // Moved as a starter when asked, and told so on the player's page.
    let moved = try post("team=KC&lineup=starter")
    #expect(moved.status == 303 && moved.header("location") == "/players/\(saken.id)?moved")
    #expect(store.roster.players.first { $0.id == saken.id }?.lineup == .starter)
    let told = try client.get("/players/\(saken.id)?moved", headers: ["Cookie": cookies])
    #expect(told.text.contains("Saken is now on KCorp, starter."))
  }

  @Test func theOwnerMovesAPlayerAsOneChangeWithTheTenureKept() async throws {
    let cookies = try signIn("coach", "coach password")
    let moved = try client.send(
      "POST", "/api/players/\(saken.id)/transfer",
      headers: [
        "Cookie": cookies, "Content-Type": "application/json",
        "Origin": "http://127.0.0.1:\(server.port)",
      ],
      body: Array(#"{"team":"KC","lineup":"substitute"}"#.utf8))
    #expect(moved.status == 200)
    let player = try #require(store.roster.players.first { $0.id == saken.id })
    #expect(player.teamID == Team.first.id && player.lineup == .substitute)
    #expect(player.name == "Saken" && player.joined == Day(Date()))
    let history = try store.history(limit: 5)
    #expect(history.first?.kind == .transferred)
    #expect(history.first?.summary(in: .english) == "coach moved Saken from KC Blue to KCorp.")
    let tenures = try client.get(
      "/api/players/\(saken.id)/tenures", headers: ["Cookie": cookies])
    #expect(tenures.status == 200 && tenures.text.contains(#""team":"KCB""#))
    // The player's page says where they were.
    let page = try client.get("/players/\(saken.id)", headers: ["Cookie": cookies])
    #expect(page.text.contains("Earlier teams") && page.text.contains("KC Blue"))
    // A team with players cannot be removed, nor one that an account can reach alone (it
    // would reach every team after); an empty one that no one is limited to can.
    func remove(_ tag: String) throws -> WireResponse {
      try client.send(
        "DELETE", "/api/teams/\(tag)",
        headers: ["Cookie": cookies, "Origin": "http://127.0.0.1:\(server.port)"])
    }
    #expect(try remove("KC").status == 409)
    let limited = try remove("KCB")
    #expect(limited.status == 409 && limited.text.contains("bluecoach can reach no team but"))
    try await access.removeAccount(name: "bluecoach")
    #expect(try remove("KCB").status == 204)
    #expect(store.roster.teams.map(\.tag) == ["KC"])
  }
}

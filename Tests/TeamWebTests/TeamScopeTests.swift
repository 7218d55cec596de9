import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The ways around the team scope a attack found, each closed: a form that names another
/// team, a role change that widened an account, another team's calendar address.
@Suite struct TeamScopeTests {
  typealias Caller = AuthorizationMatrixTests.Caller

  /// A form to `/players?team=KCB`, its own `team` field set otherwise.
  struct Mismatch: Sendable, CustomTestStringConvertible {
    let team: String
    let multipart: Bool
    let status: Int
    var testDescription: String {
      "team=\(team.isEmpty ? "(empty)" : team)\(multipart ? " as multipart" : "")"
    }
  }

  @Test(arguments: [
    Mismatch(team: "KC", multipart: false, status: 400),
    Mismatch(team: "KC", multipart: true, status: 400),
    Mismatch(team: "NOPE", multipart: false, status: 404),
    Mismatch(team: "", multipart: false, status: 303),
    Mismatch(team: "KCB", multipart: true, status: 303),
  ])
  func anEditorOfKCBlueCannotAddAPlayerToKCorpThroughTheForm(_ form: Mismatch) async throws {
    let copy = try await Organisation.shared.copy()
    let fields = [
      ("csrf", Organisation.csrf), ("name", "Intruder"), ("position", "Top"), ("team", form.team),
    ]
    let boundary = "matrixboundary"
    let body =
      form.multipart
      ? fields.map {
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n"
      }.joined() + "--\(boundary)--\r\n"
      : fields.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    let response = try await copy.client.send(
      "POST", "/players?team=KCB",
      headers: [
        "Origin": "http://127.0.0.1",
        "Cookie": "kcorp_csrf=\(Organisation.csrf); \(copy.organisation.cookies[.editorA]!)",
        "Content-Type": form.multipart
          ? "multipart/form-data; boundary=\(boundary)" : "application/x-www-form-urlencoded",
      ], body: Array(body.utf8))
    #expect(response.status == form.status, "\(response.text.prefix(300))")
    let roster = copy.store.roster
    #expect(!roster.players(in: Team.first.id).contains { $0.name == "Intruder" })
    let blue = try #require(roster.team("KCB"))
    #expect(roster.players(in: blue.id).contains { $0.name == "Intruder" } == (form.status == 303))
    if form.status == 400 {
      #expect(response.text.contains("names two teams, KC Blue and KCorp"))
    }
  }

  @Test func aScopeChangesNothingOfAnotherTeam() async throws {
    let copy = try await Organisation.shared.copy()
    let blue = try #require(copy.store.roster.team("KCB"))
    let scope = TeamScope(
      store: copy.store, team: blue,
      identity: Identity(name: "editora", role: .editor, kind: .local, teams: [blue.id]),
      language: .english)
    let canna = Player.defaultRoster[0]
    await #expect(throws: RosterError.self) {
      try await scope.updatePlayer(canna.id, with: PlayerEdit(position: "Mid"))
    }
    await #expect(throws: RosterError.self) { try await scope.removePlayer(canna.id) }
    await #expect(throws: (any Error).self) {
      try await scope.transferPlayer(copy.organisation.own.id, to: Team.first)
    }
    #expect(copy.store.roster.player(id: canna.id)?.position == .top)
    #expect(copy.store.roster.player(id: copy.organisation.own.id)?.teamID == blue.id)
  }

  @Test(arguments: [
    #"{"name":"Intruder","position":"Top","team":"KC"}"#,
    #"{"name":"Intruder","position":"Top","te\u0061m":"KC"}"#,
    #"{"name":"Intruder","position":"Top","team":["KC"]}"#,
  ])
  func aJSONBodyThatNamesAnotherTeamThanTheQueryIsRefused(_ body: String) async throws {
    let copy = try await Organisation.shared.copy()
    let response = try await copy.client.send(
      "POST", "/api/players?team=KCB",
      headers: [
        "Authorization": "Bearer \(copy.organisation.tokens[.editorAToken]!)",
        "Content-Type": "application/json; charset=utf-8",
      ], body: Array(body.utf8))
    #expect(response.status == 400)
    #expect(!copy.store.roster.players.contains { $0.name == "Intruder" })
  }

  @Test func aChangeAskedForOneTeamsPlayerNeverReachesThemOnceMoved() async throws {
    let copy = try await Organisation.shared.copy()
    let blue = try #require(copy.store.roster.team("KCB"))
    let mate = copy.organisation.mate.id
    _ = try await copy.store.playerRows.transferPlayer(id: mate, to: "KC")
    // As a scope of KC Blue would ask it, in the store's own transaction.
    await #expect(throws: RosterError.notFound(mate)) {
      try await copy.store.playerRows.updatePlayer(
        id: mate, with: PlayerEdit(position: "Top"), onTeam: blue.id)
    }
    await #expect(throws: RosterError.notFound(mate)) {
      try await copy.store.playerRows.removePlayer(id: mate, onTeam: blue.id)
    }
    #expect(copy.store.roster.player(id: mate)?.position == .mid)
  }

  @Test func changingARoleKeepsTheAccountsTeamsAndThePageShowsThem() async throws {
    let copy = try await Organisation.shared.copy()
    let owner = "kcorp_csrf=\(Organisation.csrf); \(copy.organisation.cookies[.owner]!)"
    let page = try await copy.client.get("/accounts", headers: ["Cookie": owner])
    #expect(page.status == 200)
    #expect(page.text.contains("Teams: KC Blue"))
    #expect(page.text.contains("Player: Saken"))
    #expect(page.text.contains("Teams: every team"))

    func post(_ path: String, _ fields: String) async throws -> WireResponse {
      try await copy.client.send(
        "POST", path,
        headers: [
          "Origin": "http://127.0.0.1", "Cookie": owner,
          "Content-Type": "application/x-www-form-urlencoded",
        ], body: Array("csrf=\(Organisation.csrf)&\(fields)".utf8))
    }
    let blue = try #require(copy.store.roster.team("KCB"))
    // The role alone, as an older page sends it: the teams stay.
    #expect(try await post("/accounts/editora/role", "role=viewer").status == 303)
    var account = try #require(try copy.access.accounts().first { $0.name == "editora" })
    #expect(account.role == .viewer && account.teams == [blue.id])
    // The page's own form carries the teams ticked: the same ones.
    #expect(
      try await post("/accounts/editora/role", "role=editor&teams=1&team=\(blue.id)").status
        == 303)
    account = try #require(try copy.access.accounts().first { $0.name == "editora" })
    #expect(account.role == .editor && account.teams == [blue.id])
    // None ticked is refused, the account unchanged.
    #expect(try await post("/accounts/editora/role", "role=editor&teams=1").status == 422)
    #expect(try copy.access.accounts().first { $0.name == "editora" }?.teams == [blue.id])
    // Every team, when the owner says so.
    #expect(try await post("/accounts/editora/role", "role=editor&teams=1&team=*").status == 303)
    #expect(try copy.access.accounts().first { $0.name == "editora" }?.teams == nil)
    // A new account limited to one team from the page.
    #expect(
      try await post(
        "/accounts", "name=analyst&password=analyst+password&role=viewer&teams=1&team=KCB"
      ).status == 303)
    #expect(try copy.access.accounts().first { $0.name == "analyst" }?.teams == [blue.id])
  }

  @Test func revokingAnotherTeamsCalendarAddressIsRefused() async throws {
    let copy = try await Organisation.shared.copy()
    let kcorp = try await copy.store.weekRows.createFeed(team: Team.first.id)
    let editor = "kcorp_csrf=\(Organisation.csrf); \(copy.organisation.cookies[.editorA]!)"
    let response = try await copy.client.send(
      "POST", "/calendar/revoke",
      headers: [
        "Origin": "http://127.0.0.1", "Cookie": editor,
        "Content-Type": "application/x-www-form-urlencoded",
      ], body: Array("csrf=\(Organisation.csrf)&team=KCB&secret=\(kcorp.secret)".utf8))
    #expect(response.status == 404)
    #expect(copy.store.roster.schedule.feed(secret: kcorp.secret) != nil)
    // On the API too: the address's own team is checked.
    let api = try await copy.client.send(
      "DELETE", "/api/calendar/\(kcorp.secret)",
      headers: ["Authorization": "Bearer \(copy.organisation.tokens[.editorAToken]!)"])
    #expect(api.status == 403)
    #expect(copy.store.roster.schedule.feed(secret: kcorp.secret) != nil)
  }

  @Test func aPlayersCalendarAddressEndsWithTheirAccountOrTheirMove() async throws {
    let copy = try await Organisation.shared.copy()
    let own = copy.organisation.own
    let feed = copy.organisation.ownFeed
    let served = try await copy.client.get("/calendar/\(feed).ics")
    #expect(served.status == 200)
    #expect(served.header("cache-control") == "no-store")
    try await copy.access.removeAccount(name: "playera")
    #expect(try await copy.client.get("/calendar/\(feed).ics").status == 404)

    let moved = try await copy.store.weekRows.createFeed(player: copy.organisation.mate.id)
    _ = try await copy.store.playerRows.transferPlayer(id: copy.organisation.mate.id, to: "KC")
    #expect(try await copy.client.get("/calendar/\(moved.secret).ics").status == 404)
    #expect(copy.store.roster.schedule.feeds.allSatisfy { $0.playerID != own.id })

    // A removed player's addresses end, and a restore does not bring them back.
    let removed = try await copy.store.weekRows.createFeed(player: copy.organisation.mate.id)
    _ = try await copy.store.playerRows.removePlayer(id: copy.organisation.mate.id)
    _ = try await copy.store.playerRows.restorePlayer(id: copy.organisation.mate.id)
    #expect(try await copy.client.get("/calendar/\(removed.secret).ics").status == 404)
  }

  @Test func calendarAddressesAreCappedPerTeamAndPerPlayer() async throws {
    let copy = try await Organisation.shared.copy()
    let blue = try #require(copy.store.roster.team("KCB"))
    while copy.store.roster.schedule.feeds.count(where: { $0.teamID == blue.id })
      < WeekRows.maxFeedsPerTeam
    {
      _ = try await copy.store.weekRows.createFeed(team: blue.id)
    }
    await #expect(throws: RosterError.self) {
      try await copy.store.weekRows.createFeed(team: blue.id)
    }
    let response = try await copy.client.send(
      "POST", "/api/calendar",
      headers: [
        "Authorization": "Bearer \(copy.organisation.tokens[.editorAToken]!)",
        "Content-Type": "application/json",
      ], body: Array(#"{"team":"KCB"}"#.utf8))
    #expect(response.status == 409)
    #expect(response.text.contains("at most 20 calendar addresses"))
    let own = copy.organisation.own.id
    for _ in 1..<WeekRows.maxFeedsPerPlayer {
      _ = try await copy.store.weekRows.createFeed(player: own)
    }
    await #expect(throws: RosterError.self) {
      try await copy.store.weekRows.createFeed(player: own)
    }
  }
}

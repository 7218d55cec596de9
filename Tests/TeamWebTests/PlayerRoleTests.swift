import Discord
import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// A player's own account on every face of the server: it reads the roster and the week,
/// sets its own availability and answers its own invitations, and nothing else.
@Suite struct PlayerRoleTests {
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
      name: "canna", role: .player, password: "canna password", player: Player.defaultRoster[0].id)
    server = try WebApp.serve(
      store: store, host: "127.0.0.1", port: 0, requireLogin: true, access: access)
    client = HTTPClient(port: server.port)
  }

  /// A form posted as the signed-in browser, with its CSRF token.
  func post(_ path: String, _ fields: String, cookies: String) throws -> WireResponse {
    let page = try client.get("/players/\(canna.id)/availability", headers: ["Cookie": cookies])
    let token = try #require(page.text.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/)?.1)
    return try client.send(
      "POST", path,
      headers: [
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies,
        "Origin": "http://127.0.0.1:\(server.port)",
      ], body: Array("csrf=\(token)&\(fields)".utf8))
  }

  @Test func aPlayerIsOfferedOnlyTheLinksTheyMayFollow() throws {
    let cookies = try client.signIn("canna", "canna password")
    let own = try client.get("/players/\(canna.id)", headers: ["Cookie": cookies]).text
    #expect(own.contains(#"href="/players/\#(canna.id)/discord""#))
    #expect(own.contains(#"href="/players/\#(canna.id)/availability""#))
    // Another player's page offers neither: following them would be refused.
    let other = try client.get("/players/\(caliste.id)", headers: ["Cookie": cookies]).text
    #expect(other.contains("Caliste"))
    #expect(!other.contains(#"href="/players/\#(caliste.id)/discord""#))
    #expect(!other.contains(#"href="/players/\#(caliste.id)/availability""#))
    #expect(
      try client.get("/players/\(caliste.id)/discord", headers: ["Cookie": cookies]).status == 403)
  }

  @Test func aPlayerWithdrawsTheProposalsMadeForThemAndNoOthers() async throws {
    let series = try await store.weekRows.addEvent(
      EventInput(
        kind: "match", start: "2099-01-05T17:00", opponent: "G2", format: "bo3",
        draftRule: "fearless"))
    let cookies = try client.signIn("canna", "canna password")
    let mine = try await store.draftRows.propose(
      ProposalInput(game: 1, action: "pick", champion: "Azir", player: canna.id), to: series.id,
      by: "canna")
    let staffs = try await store.draftRows.propose(
      ProposalInput(game: 1, action: "ban", champion: "Ahri"), to: series.id)
    let calistes = try await store.draftRows.propose(
      ProposalInput(game: 1, action: "pick", champion: "Jinx", player: caliste.id), to: series.id)
    // The plan offers to withdraw their own only.
    let page = try client.get("/events/\(series.id)?game=1", headers: ["Cookie": cookies]).text
    #expect(page.contains("/proposals/\(mine.id)/delete"))
    #expect(!page.contains("/proposals/\(staffs.id)/delete"))
    #expect(!page.contains("/proposals/\(calistes.id)/delete"))
    // Another's, even naming themself, or the staff's: 403, nothing withdrawn.
    for other in [staffs, calistes] {
      let refused = try post(
        "/events/\(series.id)/proposals/\(other.id)/delete", "player=\(canna.id)",
        cookies: cookies)
      #expect(refused.status == 403)
    }
    #expect(
      try post(
        "/events/\(series.id)/proposals/\(calistes.id)/delete", "player=\(caliste.id)",
        cookies: cookies
      ).status == 403)
    #expect(store.roster.schedule.event(id: series.id)?.proposals.count == 3)
    // Their own: withdrawn.
    let withdrawn = try post(
      "/events/\(series.id)/proposals/\(mine.id)/delete", "player=\(canna.id)",
      cookies: cookies)
    #expect(withdrawn.status == 303)
    #expect(
      store.roster.schedule.event(id: series.id)?.proposals.map(\.id) == [staffs.id, calistes.id])
  }

  @Test func aPlayerSetsTheirOwnHoursAndAnswersAndNothingElse() async throws {
    let event = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00"))
    let cookies = try client.signIn("canna", "canna password")
    // It reads the week and the roster; the week has no planning form for it.
    let week = try client.get("/week", headers: ["Cookie": cookies])
    #expect(
      week.status == 200 && !week.text.contains("Plan an event") && !week.text.contains("plan-day"))
    #expect(try client.get("/", headers: ["Cookie": cookies]).status == 200)

    // Its own hours and answers: yes.
    #expect(
      try post(
        "/players/\(canna.id)/availability", "weekly=Mon-Fri+18%3A00-23%3A00&away=",
        cookies: cookies
      ).status == 303)
    #expect(store.roster.schedule.availability[canna.id]?.weekly.count == 5)
    #expect(
      try post("/events/\(event.id)/answer", "player=\(canna.id)&answer=no", cookies: cookies)
        .status == 303)
    #expect(store.roster.schedule.event(id: event.id)?.answers[canna.id] == .no)
    let page = try client.get("/events/\(event.id)", headers: ["Cookie": cookies]).text
    #expect(
      page.contains(#"aria-label="Canna: Yes""#) && !page.contains(#"aria-label="Caliste: Yes""#))

    // Anyone else's, or anything else: 403, nothing changed.
    let version = store.roster.version
    let other = try post(
      "/players/\(caliste.id)/availability", "weekly=&away=2026-03-26", cookies: cookies)
    #expect(other.status == 403)
    #expect(other.text.contains("canna is a player&#39;s account"))
    #expect(
      try post("/events/\(event.id)/answer", "player=\(caliste.id)&answer=no", cookies: cookies)
        .status == 403)
    // Naming itself in a field does not open another player's path.
    #expect(
      try post(
        "/players/\(caliste.id)/availability", "player=\(canna.id)&weekly=", cookies: cookies
      ).status == 403)
    #expect(
      try post("/week/events", "kind=scrim&start=2026-03-27T20%3A00", cookies: cookies).status
        == 403)
    #expect(
      try post("/players/\(canna.id)/edit", "name=Canna&position=Mid", cookies: cookies).status
        == 403)
    #expect(try post("/events/\(event.id)/delete", "", cookies: cookies).status == 403)
    #expect(store.roster.version == version)

    // The API, with its session: the same rules.
    func put(_ path: String, _ body: String) throws -> WireResponse {
      try client.send(
        "PUT", path,
        headers: [
          "Cookie": cookies, "Content-Type": "application/json",
          "Origin": "http://127.0.0.1:\(server.port)",
        ], body: Array(body.utf8))
    }
    #expect(
      try put("/api/players/\(canna.id)/availability", #"{"weekly":"Sat 14:00-20:00"}"#).status
        == 200)
    #expect(try put("/api/players/\(caliste.id)/availability", #"{"weekly":""}"#).status == 403)
    #expect(
      try put("/api/week/events/\(event.id)/answers/\(canna.id)", #"{"answer":"yes"}"#).status
        == 200)
    #expect(
      try put("/api/week/events/\(event.id)/answers/\(caliste.id)", #"{"answer":"yes"}"#).status
        == 403)
    #expect(
      try put("/api/week/events/\(event.id)", #"{"kind":"match","start":"2026-03-26T20:00"}"#)
        .status == 403)
  }

  @Test func aPlayerMakesTheirOwnCalendarAddressAndNoOneElses() async throws {
    let event = try await store.weekRows.addEvent(
      EventInput(kind: "match", start: "2026-03-28T17:00", opponent: "Vitality"))
    let teamFeed = try await store.weekRows.createFeed(team: Team.first.id)
    let cookies = try client.signIn("canna", "canna password")
    #expect(try post("/players/\(canna.id)/calendar/new", "", cookies: cookies).status == 303)
    let own = try #require(store.roster.schedule.feeds.first { $0.playerID == canna.id })
    let feed = try client.get(own.path)
    #expect(feed.status == 200 && feed.text.contains("UID:\(event.id.text)@kcorp-team-manager"))
    #expect(try post("/players/\(caliste.id)/calendar/new", "", cookies: cookies).status == 403)
    // The team's address is not theirs to revoke, even through their own path.
    let refused = try post(
      "/players/\(canna.id)/calendar/revoke", "secret=\(teamFeed.secret)", cookies: cookies)
    #expect(refused.status == 404)
    #expect(store.roster.schedule.feed(secret: teamFeed.secret) != nil)
    #expect(
      try post("/players/\(canna.id)/calendar/revoke", "secret=\(own.secret)", cookies: cookies)
        .status == 303)
    #expect(try client.get(own.path).status == 404)
  }

  @Test func aPlayersAccountNamesItsPlayerAndNoTokenIsOne() async throws {
    await #expect(throws: AccessError.self) {
      try await access.addAccount(name: "nobody", role: .player, password: "long enough password")
    }
    await #expect(throws: AccessError.self) {
      _ = try await access.createToken(name: "player-script", role: .player)
    }
    #expect(try store.accounts.account(named: "canna")?.player == canna.id)
  }
}

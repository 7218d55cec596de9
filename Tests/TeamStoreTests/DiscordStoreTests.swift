import Foundation
import Riot
import Synchronization
import TeamAccess
import TeamKit
import TestSupport
import Testing

@testable import Discord
@_spi(Rows) @testable import TeamStore

/// The Discord outbox, the teams' settings and the linked users as stored, on both
/// backends: a change and its posts are durable together, and one server delivers.
@Suite struct DiscordStoreTests {
  static let webhook = "https://discord.com/api/webhooks/123456789/tok-EN_1"

  static func scrim(_ start: Date, opponent: String = "G2") -> EventInput {
    EventInput(
      kind: "scrim", start: EventInput.wallClock(start, in: Team.first.zone), opponent: opponent)
  }

  @Test(arguments: Backend.allCases)
  func aChangeAndItsPostsAreWrittenTogetherAndAnswersSettleIntoOnePost(_ backend: Backend)
    async throws
  {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let store = try database.open().followingDiscord()
    // No team has Discord: nothing is queued.
    let early = try await store.weekRows.addEvent(
      Self.scrim(Date(timeIntervalSinceNow: 86_400 * 3)))
    #expect(try !store.discord.hasWaiting())

    try await store.discord.setTeam(team: Team.first.id, webhook: Self.webhook, language: .english)
    let settings = try store.discord.team(Team.first.id)
    #expect(settings.hasWebhook && settings.off == nil && settings.kinds.count == 7)
    let event = try await store.weekRows.addEvent(
      Self.scrim(Date(timeIntervalSinceNow: 86_400 * 4)))
    var posts = try store.discord.posts(team: Team.first.id)
    #expect(posts.map(\.title) == ["Planned: Scrim vs G2"])

    // A refused change queues nothing.
    await #expect(throws: RosterError.self) {
      try await store.weekRows.addEvent(EventInput(kind: "scrim", start: "not a date", end: ""))
    }
    #expect(try store.discord.posts(team: Team.first.id).count == 1)

    // Three answers, one summary waiting.
    for player in store.players {
      try await store.weekRows.answer(.yes, for: player.id, to: event.id)
    }
    posts = try store.discord.posts(team: Team.first.id)
    #expect(posts.map(\.kind) == [.answers, .planned])
    _ = early
    // Only the turn's first post of each team is handed out, and it is due now.
    let turn = try await store.discord.takeTurn(server: "a")
    #expect(turn.map(\.post.kind) == [.planned])
    #expect(turn.first?.webhook == Self.webhook)
    try await store.discord.settle(try #require(turn.first), .sent)
    // The summary settles a little first.
    #expect(try await store.discord.takeTurn(server: "a").isEmpty)
    // Another database reader sees the same outbox.
    #expect(
      try database.open().followingDiscord().discord.posts(team: Team.first.id).first?.state
        == .pending)
  }

  @Test(arguments: Backend.allCases)
  func discordTurnedOnElsewhereIsSeenByTheNextChange(_ backend: Backend) async throws {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let server = try database.open().followingDiscord()
    let elsewhere = try database.open().followingDiscord()
    // With Discord off everywhere, the server's changes queue nothing (and it keeps knowing so).
    try await server.weekRows.addEvent(Self.scrim(Date(timeIntervalSinceNow: 86_400 * 3)))
    try await server.weekRows.addEvent(Self.scrim(Date(timeIntervalSinceNow: 86_400 * 4)))
    #expect(try !server.discord.hasWaiting())
    // Another process (a `kcorp discord` command, another server) turns it on for the team…
    try await elsewhere.discord.setTeam(
      team: Team.first.id, webhook: Self.webhook, language: .english)
    // …and the server's next change is posted.
    try await server.weekRows.addEvent(
      Self.scrim(Date(timeIntervalSinceNow: 86_400 * 5), opponent: "Vitality"))
    var titles = try Self.titles(server)
    #expect(titles == ["Planned: Scrim vs Vitality"], "\(titles)")
    // Turned off again elsewhere: the server's next change queues nothing more.
    try await elsewhere.discord.setTeam(team: Team.first.id, webhook: "")
    try await server.weekRows.addEvent(
      Self.scrim(Date(timeIntervalSinceNow: 86_400 * 6), opponent: "Fnatic"))
    titles = try Self.titles(server)
    #expect(titles == ["Planned: Scrim vs Vitality"], "\(titles)")
  }

  static func titles(_ store: RosterStore) throws -> [String] {
    try store.discord.posts(team: Team.first.id).map(\.title)
  }

  @Test(arguments: Backend.allCases)
  func oneServerDeliversAtATimeAndDiscordsWaitsAreKept(_ backend: Backend) async throws {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let clock = Mutex(Date())
    let a = try database.open { clock.withLock { $0 } }.followingDiscord()
    let b = try database.open { clock.withLock { $0 } }.followingDiscord()
    try await a.discord.setTeam(team: Team.first.id, webhook: Self.webhook)
    try await a.weekRows.addEvent(Self.scrim(Date(timeIntervalSinceNow: 86_400 * 5)))
    let first = try await a.discord.takeTurn(server: "a")
    #expect(first.count == 1)
    #expect(try await b.discord.takeTurn(server: "b").isEmpty)
    // Discord asked to wait: the webhook is held, and the post tried again after.
    let until = clock.withLock { $0 }.addingTimeInterval(2)
    try await a.discord.settle(
      first[0], .retry(at: until, reason: "Discord asked to wait (429)"), hold: until)
    #expect(try await a.discord.takeTurn(server: "a").isEmpty)
    clock.withLock { $0 = $0.addingTimeInterval(40) }
    // a's turn has lapsed: b takes it, and gets the post again.
    let again = try await b.discord.takeTurn(server: "b")
    #expect(again.map(\.id) == first.map(\.id) && again.first?.attempts == 1)
    #expect(try await a.discord.takeTurn(server: "a").isEmpty)
    // Given up after the bound, with its reason.
    var delivery = again[0]
    for _ in 1..<DiscordRows.attempts {
      try await b.discord.settle(
        delivery, .retry(at: clock.withLock { $0 }, reason: "Discord failed (503)"))
      guard let next = try await b.discord.takeTurn(server: "b").first else { break }
      delivery = next
    }
    let post = try #require(try a.discord.posts(team: Team.first.id).first)
    #expect(post.state == .failed && post.reason == "Discord failed (503)")
    #expect(post.attempts == DiscordRows.attempts)

    // A deleted webhook turns the team's Discord off: nothing more is queued.
    try await a.weekRows.addEvent(Self.scrim(Date(timeIntervalSinceNow: 86_400 * 6)))
    let next = try #require(try await b.discord.takeTurn(server: "b").first)
    try await b.discord.settle(next, .revoked("Discord says the webhook no longer exists (404)"))
    #expect(try a.discord.team(Team.first.id).off != nil)
    try await a.weekRows.addEvent(Self.scrim(Date(timeIntervalSinceNow: 86_400 * 7)))
    #expect(try !a.discord.hasWaiting())
    // A new address turns it back on.
    try await a.discord.setTeam(team: Team.first.id, webhook: Self.webhook)
    #expect(try a.discord.team(Team.first.id).off == nil)
  }

  @Test(arguments: Backend.allCases)
  func aSummaryReplacedWhileSentGoesAgainAndALateRevocationSparesANewWebhook(_ backend: Backend)
    async throws
  {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let clock = Mutex(Date())
    let store = try database.open { clock.withLock { $0 } }.followingDiscord()
    try await store.discord.setTeam(
      team: Team.first.id, webhook: Self.webhook, kinds: [.answers], language: .english)
    let event = try await store.weekRows.addEvent(
      Self.scrim(Date(timeIntervalSinceNow: 86_400 * 4)))
    let players = store.players
    try await store.weekRows.answer(.yes, for: players[0].id, to: event.id)
    clock.withLock { $0 = $0.addingTimeInterval(31) }
    let taken = try #require(try await store.discord.takeTurn(server: "a").first)
    // Another answer while the summary is on its way: the newer one goes too.
    try await store.weekRows.answer(.no, for: players[1].id, to: event.id)
    try await store.discord.settle(taken, .sent)
    #expect(try store.discord.posts(team: Team.first.id).map(\.state) == [.pending])
    clock.withLock { $0 = $0.addingTimeInterval(31) }
    let newer = try #require(try await store.discord.takeTurn(server: "a").first)
    #expect(newer.revision == taken.revision + 1)
    #expect(newer.post.content.contains("1 yes · 0 maybe · 1 no"))

    // Discord says the old webhook is gone, after a new one was given: the team stays on.
    let replacement = "https://discord.com/api/webhooks/987654321/new-token"
    try await store.discord.setTeam(team: Team.first.id, webhook: replacement)
    try await store.discord.settle(
      newer, .revoked("Discord says the webhook no longer exists (404)"))
    #expect(try store.discord.team(Team.first.id).off == nil)
    #expect(try await store.discord.takeTurn(server: "a").first?.webhook == replacement)
    // Off: nothing waits, so no server takes a turn for it.
    try await store.discord.setTeam(team: Team.first.id, webhook: "")
    #expect(try !store.discord.hasWaiting())
    #expect(try store.discord.posts(team: Team.first.id).first?.reason == "Discord was off")
  }

  @Test(arguments: Backend.allCases)
  func aLinkEndsWhenThePlayerMovesOrLeavesOrTheAccountGoesWithItsCodes(_ backend: Backend)
    async throws
  {
    let folder = try TemporaryFolder()
    let store = try TestDatabase(backend, in: folder).open().followingDiscord()
    _ = try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let players = store.players
    for (index, player) in players.enumerated() {
      try await store.discord.keepCode(digest: "d\(index)", player: player.id, account: nil)
      _ = try await store.discord.link(
        codeDigest: "d\(index)", user: "4\(index)", name: player.name)
    }
    try await store.accounts.saveAccount(
      AccountRecord(name: "coach", role: .editor, passwordHash: "x", createdAt: Date()))
    try await store.discord.keepCode(digest: "c", player: nil, account: "coach")
    _ = try await store.discord.link(codeDigest: "c", user: "50", name: "coach")
    try await store.playerRows.transferPlayer(id: players[0].id, to: "KCB")
    try await store.playerRows.removePlayer(id: players[1].id)
    var edit = PlayerEdit()
    edit.position = "Support"
    _ = try await store.playerRows.updatePlayer(id: players[2].id, with: edit)
    #expect(try store.discord.linked(user: "40") == nil)
    #expect(try store.discord.linked(user: "41") == nil)
    #expect(try store.discord.linked(user: "42")?.player == players[2].id)
    // A code made for the account goes with it: a new account of the same name is someone
    // else.
    try await store.discord.keepCode(digest: "c2", player: nil, account: "coach")
    try await store.accounts.deleteAccount(named: "coach")
    #expect(try store.discord.linked(user: "50") == nil)
    #expect(try await store.discord.link(codeDigest: "c2", user: "51", name: "coach") == nil)
  }

  @Test(arguments: Backend.allCases)
  func aLinkCodeWorksOnceAndOnlyBeforeItExpires(_ backend: Backend) async throws {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let clock = Mutex(Date())
    let store = try database.open { clock.withLock { $0 } }.followingDiscord()
    let player = try #require(store.players.first)
    try await store.discord.keepCode(digest: "d1", player: player.id, account: nil)
    let link = try await store.discord.link(codeDigest: "d1", user: "42", name: "canna")
    #expect(link?.player == player.id)
    #expect(try await store.discord.link(codeDigest: "d1", user: "43", name: "x") == nil)
    #expect(try store.discord.linked(user: "42")?.player == player.id)
    // Linking again replaces the earlier user.
    try await store.discord.keepCode(digest: "d2", player: player.id, account: nil)
    _ = try await store.discord.link(codeDigest: "d2", user: "44", name: "canna2")
    #expect(try store.discord.linked(user: "42") == nil)
    #expect(try store.discord.linked(player: player.id)?.user == "44")
    // An expired code links nobody.
    try await store.discord.keepCode(digest: "d3", player: nil, account: "coach")
    clock.withLock { $0 = $0.addingTimeInterval(DiscordRows.codeLife + 1) }
    #expect(try await store.discord.link(codeDigest: "d3", user: "45", name: "coach") == nil)
    try await store.discord.unlink(player: player.id)
    #expect(try store.discord.linked(player: player.id) == nil)
    // An interaction is taken once, for ten minutes.
    #expect(try await store.discord.isNewInteraction("1234567890"))
    #expect(try await !store.discord.isNewInteraction("1234567890"))
    clock.withLock { $0 = $0.addingTimeInterval(601) }
    #expect(try await store.discord.isNewInteraction("1234567890"))
  }

  @Test(arguments: Backend.allCases)
  func settingsAreCheckedAndKeptAllOrNothing(_ backend: Backend) async throws {
    let folder = try TemporaryFolder()
    let store = try TestDatabase(backend, in: folder).open().followingDiscord()
    await #expect(throws: RosterError.self) {
      try await store.discord.setTeam(
        team: Team.first.id, webhook: "https://evil.example/api/webhooks/1/x")
    }
    await #expect(throws: RosterError.self) {
      try await store.discord.setApplication(publicKey: "zz", applicationID: "12")
    }
    #expect(try store.discord.application() == DiscordApplication())
    let key = String(repeating: "ab", count: 32)
    try await store.discord.setApplication(publicKey: key, applicationID: "123456789012345678")
    #expect(try store.discord.application().publicKey == key)
    try await store.discord.setTeam(
      team: Team.first.id, webhook: Self.webhook, kinds: [.planned, .verdict], language: .french)
    try await store.discord.setTeam(team: Team.first.id, webhook: nil)
    let kept = try store.discord.team(Team.first.id)
    #expect(kept.hasWebhook && kept.kinds == [.planned, .verdict] && kept.language == .french)
    try await store.discord.setTeam(team: Team.first.id, webhook: "")
    #expect(try !store.discord.team(Team.first.id).hasWebhook)
  }

  @Test(arguments: Backend.allCases)
  func aWaitThatIsNoNumberIsBoundedAndANewWebhookRevivesATeamHeldForEver(_ backend: Backend)
    async throws
  {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(backend, in: folder)
    let clock = Mutex(Date())
    let store = try database.open { clock.withLock { $0 } }.followingDiscord()
    try await store.discord.setTeam(team: Team.first.id, webhook: Self.webhook)
    try await store.weekRows.addEvent(Self.scrim(Date(timeIntervalSinceNow: 86_400 * 5)))
    try await store.weekRows.addEvent(
      Self.scrim(Date(timeIntervalSinceNow: 86_400 * 6), opponent: "FNC"))
    // Discord's `Retry-After: nan`, for the team and for every webhook: each wait is kept
    // finite, and the post is given up after the bound.
    let nan = Date(timeIntervalSince1970: .nan)
    var delivery = try #require(try await store.discord.takeTurn(server: "a").first)
    for attempt in 1...DiscordRows.attempts {
      try await store.discord.settle(
        delivery, .retry(at: nan, reason: "Discord asked to wait (429)"), hold: nan,
        global: attempt.isMultiple(of: 2))
      #expect(try await store.discord.takeTurn(server: "a").isEmpty)
      clock.withLock { $0 = $0.addingTimeInterval(6) }
      let next = try #require(try await store.discord.takeTurn(server: "a").first)
      guard attempt < DiscordRows.attempts else {
        // The team's later post is no longer held behind it.
        #expect(next.id != delivery.id && next.post.title.contains("FNC"))
        delivery = next
        break
      }
      #expect(next.id == delivery.id && next.attempts == attempt)
      delivery = next
    }
    let posts = try store.discord.posts(team: Team.first.id)
    #expect(posts.map(\.state) == [.pending, .failed])

    // Waits an earlier build kept for ever (PostgreSQL's NaN, a date ages away): the team
    // is silent until its webhook is given again, which revives it.
    let forever = SQLValue.double(backend == .postgres ? .nan : 1e300)
    try await store.record { connection in
      for sql in [
        "UPDATE discord_team SET held_until = ?1", "UPDATE discord_settings SET held_until = ?1",
        "UPDATE discord_post SET due = ?1 WHERE state = 'pending'",
      ] {
        try connection.prepare(sql).bind(forever).run()
      }
    }
    clock.withLock { $0 = $0.addingTimeInterval(40) }
    #expect(try await store.discord.takeTurn(server: "a").isEmpty)
    try await store.discord.setTeam(team: Team.first.id, webhook: Self.webhook)
    #expect(try await store.discord.takeTurn(server: "a").map(\.id) == [delivery.id])

    // The same waits, and Riot's, are ended as a server starts (its `discord` and `riot`
    // jobs' first turns), without a new webhook.
    try await store.record { connection in
      for sql in [
        "UPDATE discord_team SET held_until = ?1", "UPDATE discord_settings SET held_until = ?1",
        "UPDATE discord_post SET due = ?1 WHERE state = 'pending'",
        "UPDATE riot_settings SET held_until = ?1",
      ] {
        try connection.prepare(sql).bind(forever).run()
      }
    }
    clock.withLock { $0 = $0.addingTimeInterval(40) }
    #expect(try await store.discord.takeTurn(server: "b").isEmpty)
    try await store.discord.endEndlessWaits()
    try await store.riot.endEndlessWait()
    #expect(try await store.discord.takeTurn(server: "b").map(\.id) == [delivery.id])
    #expect(try await store.riot.take(.account, at: clock.withLock { $0 }) == nil)
  }
}

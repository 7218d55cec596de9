import Foundation
import Synchronization
import TeamKit
import TestSupport
import Testing

@testable import Discord
@_spi(Rows) @testable import TeamStore

/// What each kind of change posts to a team's channel, as the store queues it: a series as
/// one post, a new time with the old one struck through, a result, a move told to both
/// teams, a verdict that only turns, never a further yes.
@Suite struct DiscordNewsTests {
  static let webhook = "https://discord.com/api/webhooks/123456789/tok-EN_1"

  /// The newest posts' (kind, content), the oldest first.
  static func posts(_ store: RosterStore, team: UUID = Team.first.id) throws -> [DiscordSent] {
    try store.discord.posts(team: team, limit: 50).reversed()
  }

  @Test(arguments: Backend.allCases)
  func eachChangePostsWhatItChanged(_ backend: Backend) async throws {
    let folder = try TemporaryFolder()
    let store = try TestDatabase(backend, in: folder).open().followingDiscord()
    let blue = try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    try await store.discord.setTeam(team: Team.first.id, webhook: Self.webhook, language: .english)
    try await store.discord.setTeam(team: blue.id, webhook: Self.webhook, language: .french)

    // A series: one post for its events.
    let first = try await store.weekRows.addEvent(
      EventInput(
        kind: "training", start: "2030-01-08T18:00", repeats: "tue,thu", until: "2030-01-24"))
    var posts = try Self.posts(store)
    #expect(posts.map(\.title) == ["Planned: Training"])
    // Its content is read back through the outbox's delivery.
    let planned = try #require(try await store.discord.takeTurn(server: "a").first)
    #expect(planned.post.content.hasSuffix(" and 5 more in the series"))
    try await store.discord.settle(planned, .sent)

    // A new time: the old one struck through.
    var moved = EventInput(first, in: Team.first.zone)
    moved.start = "2030-01-08T19:00"
    moved.end = "2030-01-08T21:00"
    let changed = try await store.weekRows.updateEvent(id: first.id, with: moved)
    let post = try #require(try await store.discord.takeTurn(server: "a").first)
    let old = Int(first.start.timeIntervalSince1970)
    let new = Int(changed.start.timeIntervalSince1970)
    #expect(post.post.content == "**Training** — ~~<t:\(old):F>~~ → <t:\(new):F> (<t:\(new):R>)")
    try await store.discord.settle(post, .sent)

    // A result, then the rest of the series cancelled: one post.
    _ = try await store.weekRows.logGames(
      [GameInput(result: "win"), GameInput(result: "loss")], of: first.id)
    _ = try await store.weekRows.removeEvent(id: first.id, following: true)
    posts = try Self.posts(store)
    #expect(posts.suffix(2).map(\.title) == ["Result: Training", "Cancelled: Training"])

    // A player moved: told to the team they leave and the team they join, each in its
    // language.
    let canna = try #require(store.players.first { $0.name == "Canna" })
    try await store.playerRows.transferPlayer(id: canna.id, to: "KCB")
    #expect(try Self.posts(store).last?.title == "Canna leaves KCorp for KC Blue")
    #expect(
      try Self.posts(store, team: blue.id).map(\.title) == [
        "Canna rejoint KC Blue, venant de KCorp"
      ])
  }

  @Test(arguments: Backend.allCases)
  func aVerdictPostsWhenItTurnsWithin48HoursNotForAFurtherYes(_ backend: Backend) async throws {
    let folder = try TemporaryFolder()
    let store = try TestDatabase(backend, in: folder).open().followingDiscord()
    let bo = try await store.playerRows.addPlayer(PlayerInput(name: "Bo", position: "Jungle"))
    let vladi = try await store.playerRows.addPlayer(PlayerInput(name: "Vladi", position: "Mid"))
    _ = try await store.playerRows.addPlayer(
      PlayerInput(name: "Yike", position: "Jungle", lineup: "substitute"))
    try await store.discord.setTeam(
      team: Team.first.id, webhook: Self.webhook, kinds: [.verdict], language: .english)
    let tomorrow = Day(Date(timeIntervalSinceNow: 86_400), in: Team.first.zone)
    let soon = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "\(tomorrow)T20:00"))
    let later = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2030-01-08T20:00"))
    #expect(try Self.posts(store).isEmpty)
    // A yes: five available still, nothing said.
    try await store.weekRows.answer(.yes, for: vladi.id, to: soon.id)
    #expect(try Self.posts(store).isEmpty)
    // Bo away tomorrow and in 2030: only tomorrow's verdict is within 48 hours.
    try await store.weekRows.setAvailability(
      of: bo.id,
      to: Availability(
        weekly: [],
        away: [
          Absence(first: tomorrow, last: tomorrow),
          Absence(
            first: Day(later.start, in: Team.first.zone),
            last: Day(later.start, in: Team.first.zone)),
        ]))
    let posts = try Self.posts(store)
    #expect(posts.map(\.title) == ["Verdict: Scrim"])
  }

  /// What people type, shown in a post as typed: Discord's markdown never reads it.
  static let hostile = "[win](https://evil.example) @everyone <@1> #x *b* _i_ ~~s~~ ||p|| `c`"

  @Test func everyMarkdownCharacterAndAnAddressAreEscapedAsDiscordDocuments() {
    #expect(
      DiscordPost.escaped(Self.hostile)
        == ##"\[win\]\(https\://evil\.example\) \@everyone \<\@1\> \#x \*b\* \_i\_ \~\~s\~\~ \|\|p\|\| \`c\`"##
    )
    #expect(
      DiscordPost.escaped("# Head\n- list\n> quote\n-# small")
        == "\\# Head\n\\- list\n\\> quote\n\\-\\# small")
    #expect(DiscordPost.escaped(##"a\b <#9> <@&7>"##) == ##"a\\b \<\#9\> \<\@&7\>"##)
    #expect(DiscordPost.escaped("Canna, G2 Esports: 5 of 5") == "Canna, G2 Esports: 5 of 5")
  }

  @Test(arguments: Backend.allCases)
  func aCommentAnOpponentAPlaceAndNotesAreEscapedInEveryPost(_ backend: Backend) async throws {
    let folder = try TemporaryFolder()
    let clock = Mutex(Date())
    let store = try TestDatabase(backend, in: folder).open { clock.withLock { $0 } }
      .followingDiscord()
    try await store.discord.setTeam(team: Team.first.id, webhook: Self.webhook, language: .english)
    let event = try await store.weekRows.addEvent(
      EventInput(
        kind: "scrim", start: "2030-01-08T18:00", opponent: "G2 [x](https://a.example)",
        place: "@here", notes: "# Read https://b.example"))
    let planned = try #require(try await store.discord.takeTurn(server: "a").first)
    #expect(planned.post.content.hasPrefix(#"**Scrim vs G2 \[x\]\(https\://a\.example\)**"#))
    #expect(planned.post.description == ##"\@here"## + "\n" + ##"\# Read https\://b\.example"##)
    // The title stays plain for the settings page, and is escaped in the payload.
    #expect(planned.post.title == "Planned: Scrim vs G2 [x](https://a.example)")
    let payload = try #require(
      try JSONSerialization.jsonObject(with: Data(planned.post.payload(base: nil)))
        as? [String: Any])
    let embed = try #require((payload["embeds"] as? [[String: Any]])?.first)
    #expect(embed["title"] as? String == #"Planned: Scrim vs G2 \[x\]\(https\://a\.example\)"#)
    try await store.discord.settle(planned, .sent)

    // A player's comment with their answer: no masked link, no mention, no markdown.
    let player = try #require(store.players.first)
    try await store.weekRows.answer(.yes, comment: Self.hostile, for: player.id, to: event.id)
    clock.withLock { $0 = $0.addingTimeInterval(DiscordRows.answersSettle + 1) }
    let answers = try #require(try await store.discord.takeTurn(server: "a").first)
    #expect(answers.post.kind == .answers)
    #expect(
      answers.post.description.contains(
        #"\[win\]\(https\://evil\.example\) \@everyone \<\@1\>"#))
    #expect(!answers.post.description.contains("[win](https://"))
  }
}

extension RosterStore {
  /// The store, posting each change to Discord as a server's does.
  func followingDiscord() -> RosterStore {
    followDiscord()
    return self
  }
}

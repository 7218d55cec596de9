import Discord
import Foundation
import Synchronization
import TeamAccess
import TeamClient
import TeamKit
import TeamOutbound
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import DiscordWeb
@testable import TeamWeb

/// Discord, against a stand-in of its API in its own shapes: the posts delivered once with
/// Discord's timestamps, its rate limits and a deleted webhook; the interactions signed with
/// a test key pair, answered as the linked player; the commands' registration.
@Suite struct DiscordTests {
  struct Setup {
    let folder: TemporaryFolder
    let store: RosterStore
    let app: WebApp
    let client: AppClient
    let discord: DiscordStandIn
    let keys = DiscordSignature.newKeyPair()
    let jungler: Player
    let yike: Player

    init() async throws {
      folder = try TemporaryFolder()
      store = try RosterStore(path: folder.path("roster.sqlite"))
      discord = try DiscordStandIn()
      app = WebApp(
        store: store,
        options: WebApp.Options(
          discordPublicKey: keys.publicKey, discordAPI: discord.api,
          publicURL: URL(string: "https://kcorp.example")))
      // The tests read the answer itself: a machine busy with the other suites never turns it
      // into a deferred one (deferring has its own test).
      app.discord.answerWithin.withLock { $0 = .seconds(60) }
      client = AppClient(app: app, host: "127.0.0.1", maxBodyBytes: 1 << 20)
      jungler = try await store.playerRows.addPlayer(PlayerInput(name: "Bo", position: "Jungle"))
      _ = try await store.playerRows.addPlayer(PlayerInput(name: "Vladi", position: "Mid"))
      yike = try await store.playerRows.addPlayer(
        PlayerInput(name: "Yike", position: "Jungle", lineup: "substitute"))
      try await store.discord.setTeam(
        team: Team.first.id, webhook: discord.webhook(), language: .english,
        alsoAt: URL(string: discord.api))
    }

    /// The stand-in's webhook posts, with the status each got.
    func posts() throws -> [[String: Any]] {
      try discord.requests().filter { ($0["path"] as? String)?.hasPrefix("/api/webhooks/") == true }
    }

    /// A scrim tomorrow at 20:00 on the team's clock.
    func scrimTomorrow() async throws -> TeamEvent {
      let tomorrow = Day(Date(timeIntervalSinceNow: 86_400), in: Team.first.zone)
      return try await store.weekRows.addEvent(
        EventInput(kind: "scrim", start: "\(tomorrow)T20:00", opponent: "G2 Esports"))
    }

    /// An interaction as Discord sends it, signed with the test key (or `signature`), to
    /// this server or `server`, with `extra` headers.
    func interact(
      _ body: [String: Any], signature: String? = nil, timestamp: Date = Date(),
      via server: AppClient? = nil, extra: [String: String] = [:]
    ) async throws -> WireResponse {
      let bytes = Array(try JSONSerialization.data(withJSONObject: body))
      let stamp = String(Int(timestamp.timeIntervalSince1970))
      let signed =
        signature
        ?? DiscordSignature.sign(
          timestamp: stamp, body: bytes, publicKey: keys.publicKey, privateKey: keys.privateKey)
      return try await (server ?? client).send(
        "POST", "/discord/interactions",
        headers: [
          "Content-Type": "application/json", "X-Signature-Ed25519": signed,
          "X-Signature-Timestamp": stamp,
        ].merging(extra) { $1 }, body: bytes)
    }

    /// A slash command from Discord user `user`.
    func command(
      _ name: String, _ options: [String: String] = [:], user: String = "111",
      locale: String = "en-US"
    ) async throws -> [String: Any] {
      let response = try await interact([
        "type": 2, "id": UUID().uuidString, "application_id": "123456789012345678", "token": "tok",
        "locale": locale, "member": ["user": ["id": user, "username": "bo_kc"]],
        "data": [
          "name": name, "options": options.map { ["name": $0.key, "type": 3, "value": $0.value] },
        ],
      ])
      #expect(response.status == 200)
      return try #require(
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// `/link code` from Discord user `user`, to this server or `server` with `extra`
    /// headers: the raw answer.
    func linking(
      _ code: String, user: String, guild: String = "", via server: AppClient? = nil
    ) async throws -> WireResponse {
      var body: [String: Any] = [
        "type": 2, "id": UUID().uuidString, "application_id": "123456789012345678",
        "token": "tok", "locale": "en-US", "member": ["user": ["id": user, "username": "u"]],
        "data": ["name": "link", "options": [["name": "code", "type": 3, "value": code]]],
      ]
      if !guild.isEmpty { body["guild_id"] = guild }
      return try await interact(body, via: server)
    }

    /// A new link code for `player`, from their page.
    func code(for player: Player) async throws -> String {
      let made = try await client.send(
        "POST", "/api/players/\(player.id)/discord/code",
        headers: ["Content-Type": "application/json"])
      #expect(made.status == 201)
      return try #require(
        (try JSONSerialization.jsonObject(with: Data(made.body)) as? [String: Any])?["code"]
          as? String)
    }

    /// Links Discord user `user` to `player` through a code from the player's page.
    func link(_ player: Player, user: String = "111") async throws {
      let made = try await client.send(
        "POST", "/api/players/\(player.id)/discord/code",
        headers: ["Content-Type": "application/json"])
      #expect(made.status == 201)
      let code = try #require(
        (try JSONSerialization.jsonObject(with: Data(made.body)) as? [String: Any])?["code"]
          as? String)
      let answer = try await command("link", ["code": code.lowercased()], user: user)
      #expect(Self.content(answer).hasPrefix("Linked: in this server you answer as \(player.name)"))
    }

    static func content(_ answer: [String: Any]) -> String {
      ((answer["data"] as? [String: Any])?["content"] as? String) ?? ""
    }

    static func flags(_ answer: [String: Any]) -> Int? {
      (answer["data"] as? [String: Any])?["flags"] as? Int
    }
  }

  @Test func aScrimPlannedIsPostedOnceWithDiscordTimestampsAndItsLink() async throws {
    let setup = try await Setup()
    let event = try await setup.scrimTomorrow()
    #expect(await setup.app.discord.deliver() == 1)
    #expect(await setup.app.discord.deliver() == 0)
    let posts = try setup.posts()
    try #require(posts.count == 1)
    #expect(posts[0]["status"] as? Int == 204)
    let body = try #require(posts[0]["body"] as? [String: Any])
    let unix = Int(event.start.timeIntervalSince1970)
    let content = try #require(body["content"] as? String)
    #expect(content == "**Scrim vs G2 Esports** — <t:\(unix):F> (<t:\(unix):R>)")
    let embed = try #require((body["embeds"] as? [[String: Any]])?.first)
    #expect(embed["title"] as? String == "Planned: Scrim vs G2 Esports")
    #expect(embed["url"] as? String == "https://kcorp.example/events/\(event.id)")
    #expect((body["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
    let shown = try setup.store.discord.posts(team: Team.first.id)
    #expect(shown.map(\.state) == [.sent])

    // The page and the API say what went out, never the webhook's address.
    let page = try await setup.client.get("/teams/KC/discord")
    #expect(page.status == 200 && page.text.contains("Planned: Scrim vs G2 Esports"))
    #expect(!page.text.contains("hook-token"))
    let api = try await setup.client.get("/api/teams/KC/discord")
    #expect(api.text.contains("\"webhookSet\":true") && !api.text.contains("hook-token"))
    // Off and an address at once is refused, saying so; the address stays.
    let both = try await setup.client.send(
      "PUT", "/api/teams/KC/discord", headers: ["Content-Type": "application/json"],
      body: Array(#"{"off":true,"webhook":"not an address"}"#.utf8))
    #expect(both.status == 422 && both.text.contains("not both"))
    #expect(try setup.store.discord.team(Team.first.id).hasWebhook)
    // Nor a backup: its copy keeps the team's choices without the address.
    let copy = setup.folder.path("backup.sqlite")
    _ = try setup.store.backup(to: copy)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
    #expect(bytes.range(of: Data("hook-token".utf8)) == nil)
    #expect(try RosterStore(path: copy).discord.team(Team.first.id).kinds.count == 7)
  }

  /// Posts a form from the team's Discord page, as its buttons do.
  static func submit(
    _ path: String, _ fields: [(String, String)], on setup: Setup
  ) async throws -> WireResponse {
    let page = try await setup.client.get("/teams/KC/discord")
    let cookie = try #require(page.header("set-cookie")?.split(separator: ";").first)
    let token = try #require(
      page.text.range(of: #"name="csrf" value=""#).map {
        String(page.text[$0.upperBound...].prefix(64))
      })
    let body = ([("csrf", token)] + fields).map { name, value in
      "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
    }.joined(separator: "&")
    return try await setup.client.send(
      "POST", path,
      headers: [
        "Content-Type": "application/x-www-form-urlencoded", "Origin": "http://127.0.0.1",
        "Cookie": String(cookie),
      ], body: Array(body.utf8))
  }

  @Test func aTestPostGoesOutThroughTheOutboxAndShowsUnderTheLastPosts() async throws {
    let setup = try await Setup()
    #expect(try await setup.client.get("/teams/KC/discord").text.contains("Send a test post"))
    let sent = try await Self.submit("/teams/KC/discord/test", [], on: setup)
    #expect(sent.status == 303 && sent.header("location") == "/teams/KC/discord?test=sent")
    let page = try await setup.client.get("/teams/KC/discord?test=sent")
    #expect(page.text.contains("A test post is on its way"))
    // One at a time: another waits for the first to go.
    let again = try await Self.submit("/teams/KC/discord/test", [], on: setup)
    #expect(again.status == 422 && again.text.contains("still on its way"))
    #expect(await setup.app.discord.deliver() == 1)
    let post = try #require(try setup.posts().first?["body"] as? [String: Any])
    #expect(
      (post["content"] as? String)?.hasPrefix("A test post from KCorp Team Manager") == true)
    let shown = try setup.store.discord.posts(team: Team.first.id)
    #expect(shown.map(\.kind) == [.test] && shown.map(\.state) == [.sent])
    #expect(try await setup.client.get("/teams/KC/discord").text.contains("Test post"))
    // The API lists it with its kind.
    #expect(try await setup.client.get("/api/teams/KC/discord").text.contains(#""kind":"test""#))
    // Without a webhook there is nothing to test: said, and nothing queued.
    try await setup.store.discord.setTeam(team: Team.first.id, webhook: "")
    let refused = try await Self.submit("/teams/KC/discord/test", [], on: setup)
    #expect(refused.status == 422 && refused.text.contains("webhook address first"))
    #expect(try setup.store.discord.posts(team: Team.first.id).count == 1)
  }

  @Test func theOwnerRegistersTheCommandsFromThePageWithATokenNeverKept() async throws {
    let setup = try await Setup()
    let noID = try await Self.submit("/discord/commands", [("token", "bot-token")], on: setup)
    #expect(noID.status == 422 && noID.text.contains("Save the application’s id first"))
    try await setup.store.discord.setApplication(
      publicKey: nil, applicationID: "123456789012345678")
    let page = try await setup.client.get("/teams/KC/discord")
    #expect(page.text.contains("Register the commands") && page.text.contains(#"name="token""#))
    let empty = try await Self.submit("/discord/commands", [("token", " ")], on: setup)
    #expect(empty.status == 422 && empty.text.contains("Paste the bot token"))
    let odd = try await Self.submit("/discord/commands", [("token", "a token\r\nX: y")], on: setup)
    #expect(odd.status == 422 && odd.text.contains("A bot token is letters, digits"))
    let long = try await Self.submit(
      "/discord/commands", [("token", String(repeating: "a", count: 201))], on: setup)
    #expect(long.status == 422 && long.text.contains("A bot token is letters, digits"))
    let wrong = try await Self.submit("/discord/commands", [("token", "not-the-token")], on: setup)
    #expect(wrong.status == 422 && !wrong.text.contains("not-the-token"))
    let done = try await Self.submit("/discord/commands", [("token", "bot-token")], on: setup)
    #expect(done.status == 200)
    #expect(done.text.contains("Discord keeps 4 commands for the application."))
    #expect(!done.text.contains("bot-token"))
    let registered = try setup.discord.requests().filter {
      ($0["path"] as? String)?.hasSuffix("/applications/123456789012345678/commands") == true
    }
    #expect(registered.last?["authorization"] as? String == "Bot bot-token")
    // The token is kept nowhere: not in the database.
    for file in ["roster.sqlite", "roster.sqlite-wal"] {
      let bytes = (try? Data(contentsOf: URL(fileURLWithPath: setup.folder.path(file)))) ?? Data()
      #expect(bytes.range(of: Data("bot-token".utf8)) == nil, "\(file)")
    }
  }

  @Test func a429IsTriedAgainAfterItsRetryAfterAndArrivesOnce() async throws {
    let setup = try await Setup()
    try setup.discord.script("/api/webhooks/1/hook-token", [["status": 429, "retry_after": 1.2]])
    _ = try await setup.scrimTomorrow()
    await setup.app.discord.deliver()
    let waiting = try #require(try setup.store.discord.posts(team: Team.first.id).first)
    #expect(waiting.state == .pending && waiting.reason == "Discord asked to wait (429)")
    // Tried as often as the deliverer would: nothing goes before retry_after.
    for _ in 0..<40 where try setup.posts().count < 2 {
      await setup.app.discord.deliver()
      try await Task.sleep(for: .milliseconds(100))
    }
    let posts = try setup.posts()
    #expect(posts.map { $0["status"] as? Int } == [429, 204])
    let waited = try #require(posts[1]["at"] as? Double) - (try #require(posts[0]["at"] as? Double))
    #expect(waited >= 1.2)
    #expect(try setup.store.discord.posts(team: Team.first.id).map(\.state) == [.sent])
  }

  @Test func aDeletedWebhookTurnsTheTeamsDiscordOffAndSaysSo() async throws {
    let setup = try await Setup()
    try setup.discord.script("/api/webhooks/1/hook-token", [["status": 404]])
    _ = try await setup.scrimTomorrow()
    await setup.app.discord.deliver()
    let settings = try setup.store.discord.team(Team.first.id)
    #expect(settings.off?.contains("404") == true)
    let page = try await setup.client.get("/teams/KC/discord")
    #expect(page.text.contains("Discord is off: Discord says the webhook no longer exists (404)"))
    _ = try await setup.scrimTomorrow()
    #expect(await setup.app.discord.deliver() == 0)
    #expect(try setup.posts().count == 1)
  }

  @Test func aSignedDispoFromALinkedPlayerChangesTheirHoursAndTurnsTheVerdict() async throws {
    let setup = try await Setup()
    let event = try await setup.scrimTomorrow()
    await setup.app.discord.deliver()
    try await setup.link(setup.jungler)
    let week = try setup.store.weekRows.week()
    #expect(week.verdict(of: event).code == "available")

    let tomorrow = Day(event.start, in: Team.first.zone)
    let answer = try await setup.command(
      "availability", ["away": "\(tomorrow)"], locale: "fr")
    #expect(Setup.flags(answer) == DiscordInteractions.ephemeral)
    #expect(
      Setup.content(answer).hasPrefix("Vos heures\u{00A0}: —. Absences\u{00A0}:"))
    #expect(setup.store.roster.schedule.availability[setup.jungler.id]?.away.count == 1)
    let after = try setup.store.weekRows.week()
    #expect(
      after.verdict(of: after.schedule.event(id: event.id)!).text(in: .english)
        == "With subs: Yike for Jungle")
    // The verdict's change within 48 hours goes to the channel.
    await setup.app.discord.deliver()
    let titles = try setup.posts().compactMap {
      (($0["body"] as? [String: Any])?["embeds"] as? [[String: Any]])?.first?["title"] as? String
    }
    #expect(titles.contains("Verdict: Scrim vs G2 Esports"))
    // The history says who changed it: the linked Discord user.
    #expect(try setup.store.history().first?.author == "discord:bo_kc")

    // Hours that cannot be read are said back, and nothing changes.
    let wrong = try await setup.command("availability", ["hours": "someday"])
    #expect(Setup.content(wrong).hasPrefix("Nothing was changed:"))
    #expect(Setup.content(wrong).contains("someday"))
    #expect(setup.store.roster.schedule.availability[setup.jungler.id]?.away.count == 1)

    // Back after all: the day away is taken back, the five is whole again.
    let back = try await setup.command("availability", ["back": "\(tomorrow)"])
    #expect(Setup.content(back).hasPrefix("Your hours: —. Away: —."))
    #expect(setup.store.roster.schedule.availability[setup.jungler.id] == nil)
    let whole = try setup.store.weekRows.week()
    #expect(whole.verdict(of: whole.schedule.event(id: event.id)!).code == "available")
  }

  @Test func aWrongOrStaleSignatureIs401AndChangesNothing() async throws {
    let setup = try await Setup()
    try await setup.link(setup.jungler)
    let body: [String: Any] = [
      "type": 2, "locale": "en-US", "member": ["user": ["id": "111", "username": "bo_kc"]],
      "data": [
        "name": "availability", "options": [["name": "away", "type": 3, "value": "2030-01-02"]],
      ],
    ]
    let other = DiscordSignature.newKeyPair()
    let bytes = Array(try JSONSerialization.data(withJSONObject: body))
    let stamp = String(Int(Date().timeIntervalSince1970))
    let forged = DiscordSignature.sign(
      timestamp: stamp, body: bytes, publicKey: other.publicKey, privateKey: other.privateKey)
    #expect(try await setup.interact(body, signature: forged).status == 401)
    #expect(try await setup.interact(body, signature: "00").status == 401)
    #expect(
      try await setup.interact(body, timestamp: Date(timeIntervalSinceNow: -600)).status == 401)
    let unsigned = try await setup.client.send(
      "POST", "/discord/interactions", headers: ["Content-Type": "application/json"], body: bytes)
    #expect(unsigned.status == 401)
    #expect(setup.store.roster.schedule.availability[setup.jungler.id] == nil)
    // Discord's check: a signed PING is answered with a PONG.
    let ping = try await setup.interact(["type": 1])
    #expect(ping.status == 200 && ping.text == #"{"type":1}"#)
  }

  @Test func aSignedRequestSentAgainIsRefusedAndAnotherTeamsInvitationIsAnswered()
    async throws
  {
    let setup = try await Setup()
    try await setup.link(setup.jungler)
    let body: [String: Any] = [
      "type": 2, "id": "900", "locale": "en-US",
      "member": ["user": ["id": "111", "username": "bo_kc"]], "data": ["name": "week"],
    ]
    #expect(try await setup.interact(body).status == 200)
    #expect(try await setup.interact(body).status == 401)
    // Nor by another server of the same database.
    let secondServer = WebApp(
      store: try RosterStore(path: setup.folder.path("roster.sqlite")),
      options: WebApp.Options(discordPublicKey: setup.keys.publicKey))
    let bytes = Array(try JSONSerialization.data(withJSONObject: body))
    let stamp = String(Int(Date().timeIntervalSince1970))
    let again = try await AppClient(app: secondServer, host: "127.0.0.1", maxBodyBytes: 1 << 20)
      .send(
        "POST", "/discord/interactions",
        headers: [
          "Content-Type": "application/json", "X-Signature-Timestamp": stamp,
          "X-Signature-Ed25519": DiscordSignature.sign(
            timestamp: stamp, body: bytes, publicKey: setup.keys.publicKey,
            privateKey: setup.keys.privateKey),
        ], body: bytes)
    #expect(again.status == 401)
    // KC Blue invites Bo as a stand-in: he answers it from Discord.
    _ = try await setup.store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let other = try await setup.store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2030-01-02T20:00", opponent: "Vitality"), team: "KCB")
    try await setup.store.weekRows.invite(setup.jungler.id, to: other.id)
    let pressed = try await setup.interact([
      "type": 3, "locale": "en-US", "member": ["user": ["id": "111", "username": "bo_kc"]],
      "data": ["custom_id": "answer:\(other.id):maybe", "component_type": 2],
    ])
    #expect(pressed.text.contains("Your answer to"))
    #expect(setup.store.roster.schedule.event(id: other.id)?.answers[setup.jungler.id] == .maybe)
  }

  @Test func anUnlinkedUserIsToldHowToLinkAndAStaleCodeLinksNobody() async throws {
    let setup = try await Setup()
    let answer = try await setup.command("week", user: "999")
    #expect(Setup.flags(answer) == DiscordInteractions.ephemeral)
    #expect(Setup.content(answer).contains("/link"))
    let french = try await setup.command(
      "availability", ["away": "2030-01-02"], user: "999", locale: "fr")
    #expect(Setup.content(french).contains("/lier") || Setup.content(french).contains("lier"))
    let unknown = try await setup.command("link", ["code": "ABCDEFGH"], user: "999")
    #expect(Setup.content(unknown).hasPrefix("This code is unknown or expired"))
    #expect(try setup.store.discord.linked(user: "999") == nil)
  }

  @Test func scrimsListsOnesInvitationsWithButtonsThatAnswer() async throws {
    let setup = try await Setup()
    let event = try await setup.scrimTomorrow()
    try await setup.link(setup.jungler)
    let week = try await setup.command("week")
    #expect(Setup.flags(week) == nil)  // the team's week is for everyone in the channel
    #expect(Setup.content(week).contains("Scrim vs G2 Esports"))
    let scrims = try await setup.command("scrims")
    let rows = try #require((scrims["data"] as? [String: Any])?["components"] as? [[String: Any]])
    let buttons = try #require(rows.first?["components"] as? [[String: Any]])
    #expect(
      buttons.compactMap { $0["custom_id"] as? String } == [
        "answer:\(event.id):yes", "answer:\(event.id):maybe", "answer:\(event.id):no",
        "comment:\(event.id)",
      ])
    let pressed = try await setup.interact([
      "type": 3, "locale": "en-US", "member": ["user": ["id": "111", "username": "bo_kc"]],
      "data": ["custom_id": "answer:\(event.id):no", "component_type": 2],
    ])
    #expect(pressed.status == 200 && pressed.text.contains("Your answer to"))
    #expect(setup.store.roster.schedule.event(id: event.id)?.answers[setup.jungler.id] == .no)
    // A comment, through Discord's form.
    let form = try await setup.interact([
      "type": 3, "locale": "en-US", "member": ["user": ["id": "111", "username": "bo_kc"]],
      "data": ["custom_id": "comment:\(event.id)", "component_type": 2],
    ])
    #expect(form.text.contains(#""type":9"#))
    _ = try await setup.interact([
      "type": 5, "locale": "en-US", "member": ["user": ["id": "111", "username": "bo_kc"]],
      "data": [
        "custom_id": "comment:\(event.id)",
        "components": [
          ["type": 1, "components": [["type": 4, "custom_id": "comment", "value": "late, 20:30"]]]
        ],
      ],
    ])
    #expect(
      setup.store.roster.schedule.event(id: event.id)?.comments[setup.jungler.id] == "late, 20:30")
    // A player's rights only: another team's event is not theirs to answer.
    _ = try await setup.store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let other = try await setup.store.weekRows.addEvent(
      EventInput(kind: "training", start: "2030-01-02T20:00"), team: "KCB")
    let refused = try await setup.interact([
      "type": 3, "locale": "en-US", "member": ["user": ["id": "111", "username": "bo_kc"]],
      "data": ["custom_id": "answer:\(other.id):yes", "component_type": 2],
    ])
    #expect(refused.text.contains("Nothing was changed"))
    #expect(setup.store.roster.schedule.event(id: other.id)?.answers.isEmpty == true)
  }

  @Test func anAnswerNotReadyInTimeIsDeferredThenEditedThroughDiscordsAPI() async throws {
    let setup = try await Setup()
    _ = try await setup.scrimTomorrow()
    try await setup.link(setup.jungler)
    setup.app.discord.answerWithin.withLock { $0 = .zero }
    let deferred = try await setup.command("week")
    #expect(deferred["type"] as? Int == 5)
    #expect(Setup.flags(deferred) == nil)  // the week is for the channel
    var edits: [[String: Any]] = []
    for _ in 0..<50 where edits.isEmpty {
      try await Task.sleep(for: .milliseconds(100))
      edits = try setup.discord.requests().filter { $0["method"] as? String == "PATCH" }
    }
    let edit = try #require(edits.first)
    #expect(
      edit["path"] as? String
        == "/api/v10/webhooks/123456789012345678/tok/messages/@original")
    let content = try #require((edit["body"] as? [String: Any])?["content"] as? String)
    #expect(content.contains("Scrim vs G2 Esports") && content.contains("the next seven days"))
    let personal = try await setup.command("scrims")
    #expect(personal["type"] as? Int == 5 && Setup.flags(personal) == DiscordInteractions.ephemeral)
  }

  @Test func aStaffMemberLinkedFromTheirAccountSeesTheWeekButGivesNoHours() async throws {
    let setup = try await Setup()
    _ = try await setup.scrimTomorrow()
    let access = AccessControl(store: setup.store)
    try await access.addAccount(name: "coach", role: .editor, password: "coach password 1")
    let code = DiscordSignature.newLinkCode()
    try await setup.store.discord.keepCode(
      digest: Secrets.digest(code), player: nil, account: "coach")
    let linked = try await setup.command("link", ["code": code], user: "333")
    #expect(Setup.content(linked).hasPrefix("Linked: in this server you answer as coach"))
    #expect(
      Setup.content(try await setup.command("week", user: "333")).contains("Scrim vs G2 Esports"))
    let hours = try await setup.command("availability", ["hours": "mon 18-23"], user: "333")
    #expect(Setup.content(hours).hasPrefix("Only a player gives their hours from Discord"))
    #expect(setup.store.roster.schedule.availability.isEmpty)
  }

  @Test func theCommandsAreRegisteredWithTheBotToken() async throws {
    let discord = try DiscordStandIn(token: "secret-bot")
    let count = try await DiscordClient.registerCommands(
      base: discord.api, applicationID: "123456789012345678", token: "secret-bot")
    #expect(count == 4)
    await #expect(throws: DiscordError.self) {
      try await DiscordClient.registerCommands(
        base: discord.api, applicationID: "123456789012345678", token: "wrong")
    }
    let sent = try discord.requests().first
    #expect(sent?["authorization"] as? String == "Bot secret-bot")
    let names = (sent?["body"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    #expect(names == ["week", "availability", "scrims", "link"])
  }

  @Test func discordsAnswersAreReadAsItsDocumentationSays() {
    let now = Date(timeIntervalSince1970: 1_000)
    let limited = DiscordClient.verdict(
      status: 429, headers: [:], body: Data(#"{"retry_after": 2.5, "global": true}"#.utf8),
      attempts: 0, now: now)
    #expect(
      limited.outcome
        == .retry(at: now.addingTimeInterval(2.5), reason: "Discord asked to wait (429)"))
    #expect(limited.hold == now.addingTimeInterval(2.5) && limited.global)
    let spent = DiscordClient.verdict(
      status: 204, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset-after": "1.5"],
      body: Data(), attempts: 0, now: now)
    #expect(spent.outcome == .sent && spent.hold == now.addingTimeInterval(1.5))
    #expect(
      DiscordClient.verdict(status: 502, headers: [:], body: Data(), attempts: 2, now: now).outcome
        == .retry(at: now.addingTimeInterval(8), reason: "Discord failed (502)"))
    if case .revoked = DiscordClient.verdict(
      status: 404, headers: [:], body: Data(#"{"code":10015}"#.utf8), attempts: 0, now: now
    ).outcome {
    } else {
      Issue.record("a deleted webhook turns Discord off")
    }
    #expect(
      DiscordClient.verdict(
        status: 400, headers: [:], body: Data(#"{"message":"Invalid Form Body"}"#.utf8),
        attempts: 0, now: now
      ).outcome == .failed("Discord refused the post (400): Invalid Form Body"))
  }

  @Test func aRetryAfterOfNanWaitsAFewSecondsAndIsNotSentAgainAtOnce() async throws {
    let setup = try await Setup()
    try setup.discord.script(
      "/api/webhooks/1/hook-token",
      [
        [
          "status": 429, "body": ["message": "You are being rate limited."],
          "headers": [
            "Retry-After": "nan", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "nan",
          ],
        ]
      ])
    _ = try await setup.scrimTomorrow()
    let clock = ContinuousClock()
    let until = clock.now + .seconds(4)
    await setup.app.discord.deliver()
    let waiting = try #require(try setup.store.discord.posts(team: Team.first.id).first)
    #expect(waiting.state == .pending && waiting.attempts == 1)
    #expect(waiting.reason == "Discord asked to wait (429)")
    // As often as the deliverer's loop would ask: nothing goes before the default wait (5 s;
    // asked for 4 s at most, however slowly a busy machine runs the loop).
    for _ in 0..<10 where clock.now < until {
      await setup.app.discord.deliver()
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(try setup.posts().count == 1)
  }

  @Test func everyWaitDiscordAsksForIsAFiniteNumberBetweenASecondAndAnHour() {
    let now = Date(timeIntervalSince1970: 1_000)
    let cases: [(header: String, json: String, seconds: TimeInterval)] = [
      ("nan", "{}", 5), ("inf", "{}", 3600), ("-3", "{}", 1), ("1e300", "{}", 3600),
      ("soon", "{}", 5), ("nan", #"{"retry_after": 1e300}"#, 3600),
      ("2", #"{"retry_after": -7}"#, 1), ("2", #"{"retry_after": 0.2}"#, 1),
      ("2", #"{"retry_after": 2.5}"#, 2.5),
    ]
    for (header, json, seconds) in cases {
      let verdict = DiscordClient.verdict(
        status: 429, headers: ["retry-after": header], body: Data(json.utf8), attempts: 0,
        now: now)
      let until = now.addingTimeInterval(seconds)
      #expect(verdict.outcome == .retry(at: until, reason: "Discord asked to wait (429)"))
      #expect(verdict.hold == until)
    }
    for (after, hold) in [("nan", nil), ("inf", 3600), ("-1", 1), ("9e99", 3600)]
      as [(String, TimeInterval?)]
    {
      let verdict = DiscordClient.verdict(
        status: 204, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset-after": after],
        body: Data(), attempts: 0, now: now)
      #expect(verdict.hold == hold.map(now.addingTimeInterval))
    }
  }

  @Test func theEleventhWrongLinkCodeIsRefusedEvenRightAndAnotherUserElsewhereIsNot()
    async throws
  {
    let setup = try await Setup()
    // A second server on the same database: both count the same tries.
    let otherApp = WebApp(
      store: try RosterStore(path: setup.folder.path("roster.sqlite")),
      options: WebApp.Options(
        discordPublicKey: setup.keys.publicKey, discordAPI: setup.discord.api))
    otherApp.discord.answerWithin.withLock { $0 = .seconds(60) }
    let other = AppClient(app: otherApp, host: "127.0.0.1", maxBodyBytes: 1 << 20)
    let code = try await setup.code(for: setup.jungler)
    for index in 0..<10 {
      let wrong = try await setup.linking(
        index.isMultiple(of: 2) ? "ABCDEFGH" : "x", user: "111", guild: "900",
        via: index < 5 ? other : nil)
      #expect(wrong.status == 200 && wrong.text.contains("This code is unknown or expired"))
    }
    // The 11th is refused, right code or not, on either server and in any Discord server,
    // in a message the user sees (Discord shows nothing of an answer that is not a 200).
    for (server, guild) in [(other, "900"), (setup.client, "901"), (setup.client, "")] {
      let refused = try await setup.linking(code, user: "111", guild: guild, via: server)
      #expect(refused.status == 200)
      #expect(refused.text.contains("Too many wrong link codes: wait 15 minutes"))
    }
    // One user's tries hold no one else in that Discord server, until ten times as many
    // come from it (many accounts of one person): then every user there is refused.
    #expect(try setup.store.discord.linked(user: "111") == nil)
    for index in 0..<90 {
      let wrong = try await setup.linking("ABCDEFGH", user: "3\(index / 10)", guild: "900")
      #expect(!wrong.text.contains("Too many wrong link codes"))
    }
    #expect(
      try await setup.linking(code, user: "222", guild: "900").text.contains(
        "Too many wrong link codes"))
    let linked = try await setup.linking(code, user: "222", guild: "901")
    #expect(linked.status == 200 && linked.text.contains("Linked: in this server you answer as Bo"))
    // Other commands are never counted nor refused.
    let week = try await setup.interact([
      "type": 2, "id": UUID().uuidString, "locale": "en-US", "guild_id": "900",
      "member": ["user": ["id": "111", "username": "u"]], "data": ["name": "week"],
    ])
    #expect(week.status == 200 && !week.text.contains("Too many wrong link codes"))
  }

}

/// The settings page warns of an interactions address Discord can never call.
@Suite struct DiscordAddressTests {
  @Test func anAddressDiscordCannotCallIsNamedSoOnly() {
    for address in [
      "http://roster.example.org/discord/interactions", "https://127.0.0.1/discord/interactions",
      "https://localhost:8080/discord/interactions", "https://192.168.1.20/discord/interactions",
      "https://172.20.0.5/discord/interactions", "https://10.0.0.2/discord/interactions",
      "https://[::1]/discord/interactions", "https://…/discord/interactions", "not an address",
    ] {
      #expect(Pages.discordCannotReach(address), "\(address)")
    }
    for address in [
      "https://roster.example.org/discord/interactions", "https://172.32.0.5/discord/interactions",
    ] {
      #expect(!Pages.discordCannotReach(address), "\(address)")
    }
  }

  @Test func theSettingsPageWarnsWithoutAPublicAddress() async throws {
    let app = try TestServer()
    let page = try await app.client.get("/teams/KC/discord").text
    #expect(page.contains("Discord cannot reach this address"))
  }
}

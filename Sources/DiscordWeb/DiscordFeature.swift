import Discord
import Foundation
import Synchronization
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import TeamOutbound
import TeamStore
import WebBase

/// Discord: the signed interactions, a team's settings and posts, the application's key,
/// the players' and staff's links, the same in the API, and the `discord` job that
/// delivers the posts.
package struct DiscordFeature: WebFeature, Sendable {
  private let discord: DiscordJob
  private let discordDesk: DiscordDesk

  package init(job: DiscordJob, desk: DiscordDesk) {
    discord = job
    discordDesk = desk
  }

  package func mount(on router: inout Router) {
    addDiscordInteractionRoute(&router)
    addDiscordSettingsRoutes(&router)
    addDiscordLinkRoutes(&router)
    addDiscordAPIRoutes(&router)
  }

  /// The outbox delivered twice a second, from the server's start (the waits a crash left
  /// ended on its first turn).
  package func register(on jobs: Jobs) {
    jobs.register("discord", every: .milliseconds(500), atStart: true) { [discord] in
      try await discord.turn()
    }
  }

  private func addDiscordInteractionRoute(_ router: inout Router) {
    router.route(
      "POST", "/discord/interactions", RoutePolicy(.discord, team: .organisation),
      json: JSONValue.self
    ) { [discord, discordDesk] _, context, body in
      // Kept in the database: a request sent again to any server of it is refused.
      if let id = body["id"]?.string, try await !discordDesk.isNewInteraction(id) {
        throw HTTPError(
          .unauthorized,
          context.localized("This request was already answered: it is not taken twice."))
      }
      if let user = DiscordInteractions.linkingUser(body),
        let refusal = try Self.linkCodeRefusal(
          user: user, guild: body["guild_id"]?.string ?? "", discordDesk.linkCodes, context)
      {
        return context.json(refusal)
      }
      let interactions = discordDesk.interactions(as: context.identity, now: context.now)
      let work = Task { await interactions.answer(body) }
      // Discord waits 3 seconds: past 2.5, a deferred answer now and the real one after.
      let within = discord.answerWithin.withLock { $0 }
      let quick: JSONValue? =
        within <= .zero
        ? nil  // always deferred
        : await withTaskGroup(of: JSONValue?.self) { group in
          group.addTask { await work.value }
          group.addTask {
            try? await Task.sleep(for: within)
            return nil
          }
          let first = await group.next() ?? nil
          group.cancelAll()
          return first
        }
      if let quick { return context.json(quick) }
      if let application = body["application_id"]?.string, let token = body["token"]?.string {
        Task.detached {
          var writer = JSONWriter()
          (await work.value)["data"]?.write(to: &writer)
          _ = await DiscordClient.editOriginal(
            base: discord.api, applicationID: application, token: token, body: writer.bytes)
        }
      }
      // "Thinking…", seen by the user alone unless the answer is the team's week.
      let everyone =
        DiscordInteractions.number(body["type"]) == 2
        && body["data"]?["name"]?.string == DiscordCommands.Name.week.rawValue
      return context.json(
        JSONValue.object([
          "type": .int(5),
          "data": .object(everyone ? [:] : ["flags": .int(DiscordInteractions.ephemeral)]),
        ]))
    }
  }

  /// The answer to a `/link` after too many wrong codes from its Discord user or in its
  /// Discord server (``LinkCodeTries/allowed`` in a quarter of an hour), even
  /// a right one: a message only they see, saying when to try again (Discord shows nothing
  /// of an answer that is not a 200). Nil when the code may be tried.
  private static func linkCodeRefusal(
    user: String, guild: String, _ tries: LinkCodeTries, _ context: RequestContext
  ) throws -> JSONValue? {
    let wait = try tries.wait(user: user, guild: guild, at: context.now)
    guard wait > 0 else { return nil }
    return DiscordInteractions.message(
      context.localized(
        "Too many wrong link codes: wait %@ minutes, then type /link again with the code on your page.",
        String((wait + 59) / 60)))
  }

  // MARK: - Settings

  func discordView(_ team: Team, _ context: RequestContext) throws(RosterError) -> Pages.DiscordView
  {
    Pages.DiscordView(
      team: team, settings: try context.reads.discord.team(team.id),
      posts: try context.reads.discord.posts(team: team.id),
      application: try context.reads.discord.application(),
      keyFromServer: discord.givenKey != nil,
      interactionsURL: (discord.base?.absoluteString ?? "https://…") + "/discord/interactions",
      isOwner: context.identity.role == .owner)
  }

  /// The settings page again with what to change, for a refusal that names it; any other
  /// error as it is.
  private func refused(
    _ error: RosterError, _ request: HTTPRequest, _ context: RequestContext, team: Team
  ) throws -> HTTPResponse {
    guard let errors = error.validation else { throw error }
    let (token, cookie) = Door.csrfToken(for: request)
    return context.pages.discordSettings(
      try discordView(team, context), token: token,
      error: Message(joining: errors.issues.map(\.text))
    ).with(cookie: cookie)
  }

  private func addDiscordSettingsRoutes(_ router: inout Router) {
    router.teamRoute("GET", "/teams/{tag}/discord", RoutePolicy(.editor, team: .tag)) {
      [feature = self] request, context, scope in
      let (token, cookie) = Door.csrfToken(for: request)
      let notice =
        request.query["test"] == "sent"
        ? Message("A test post is on its way: how it went shows under Last posts.") : nil
      return context.pages.discordSettings(
        try feature.discordView(scope.team, context), token: token, notice: notice
      ).with(cookie: cookie)
    }
    router.teamRoute(
      "POST", "/teams/{tag}/discord/test", RoutePolicy(.editor, .form, team: .tag)
    ) { [feature = self] request, context, scope in
      do throws(RosterError) {
        try await scope.discord.sendTest()
        return .redirect(to: "/teams/\(scope.team.tag)/discord?test=sent")
      } catch {
        return try feature.refused(error, request, context, team: scope.team)
      }
    }
    router.teamRoute("POST", "/teams/{tag}/discord", RoutePolicy(.editor, .form, team: .tag)) {
      [feature = self] request, context, scope in
      let form = context.form
      let off = form["off"]?.first == "1"
      let webhook = form["webhook"]?.first ?? ""
      do throws(RosterError) {
        try await scope.discord.set(
          webhook: off ? "" : webhook.isEmpty ? nil : webhook,
          kinds: Set((form["kind"] ?? []).compactMap(DiscordKind.choice)),
          language: form["language"]?.first.flatMap(Language.init(rawValue:)),
          alsoAt: feature.discord.standIn)
        feature.discord.settingsChanged()
        return .redirect(to: "/teams/\(scope.team.tag)/discord")
      } catch {
        return try feature.refused(error, request, context, team: scope.team)
      }
    }
    router.route("POST", "/discord", RoutePolicy(.owner, .form, team: .organisation)) {
      _, context in
      let form = context.form
      try await context.organisation.discord(as: .owner).setApplication(
        publicKey: form["publicKey"]?.first, applicationID: form["applicationId"]?.first)
      let team = form["team"]?.first.flatMap { context.roster.team($0) } ?? context.roster.firstTeam
      return .redirect(to: "/teams/\(team.tag)/discord")
    }
    addCommandsRoute(&router)
  }

  /// The slash commands registered with Discord from the page: the bot token pasted is
  /// used for that one call, never kept nor written anywhere; the page says what Discord
  /// answered.
  private func addCommandsRoute(_ router: inout Router) {
    router.route("POST", "/discord/commands", RoutePolicy(.owner, .form, team: .organisation)) {
      [feature = self] request, context in
      let form = context.form
      let team = form["team"]?.first.flatMap { context.roster.team($0) } ?? context.roster.firstTeam
      let token = (form["token"]?.first ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      let view = try feature.discordView(team, context)
      var notice: Message?
      var problem: Message?
      if let id = view.application.applicationID, !id.isEmpty {
        if token.isEmpty {
          problem = Message("Paste the bot token to register the commands.")
        } else if token.count > 200
          || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        {
          problem = Message(
            "A bot token is letters, digits, dots, dashes and underscores; copy it again from the Bot tab."
          )
        } else {
          do throws(DiscordError) {
            let count = try await DiscordClient.registerCommands(
              base: feature.discord.api, applicationID: id, token: token)
            notice = Message("Discord keeps %@ commands for the application.", count)
          } catch {
            problem = error.message
          }
        }
      } else {
        problem = Message("Save the application’s id first, then register the commands.")
      }
      let (csrf, cookie) = Door.csrfToken(for: request)
      return context.pages.discordSettings(view, token: csrf, error: problem, notice: notice)
        .with(cookie: cookie)
    }
  }

  // MARK: - Links

  /// The page where `who` links their Discord account (posting to `action`), with a new
  /// `code` once made.
  private static func discordLinkPage(
    _ request: HTTPRequest, _ context: RequestContext, who: String, link: DiscordLink?,
    action: String, code: String? = nil
  ) -> HTTPResponse {
    let (token, cookie) = Door.csrfToken(for: request)
    return context.pages.discordLink(who, link: link, action: action, code: code, token: token)
      .with(cookie: cookie)
  }

  private func addDiscordLinkRoutes(_ router: inout Router) {
    router.route(
      "GET", "/players/{id}/discord", RoutePolicy(.ownPlayer(.path("id")), team: .player)
    ) {
      request, context in
      let player = try context.player(context.parameters["id"], in: context.roster)
      return Self.discordLinkPage(
        request, context, who: player.name, link: try context.reads.discord.link(player: player.id),
        action: "/players/\(player.id)/discord")
    }
    router.teamRoute(
      "POST", "/players/{id}/discord", RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) { request, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      let code = try await scope.discord.code(player: player.id)
      return Self.discordLinkPage(
        request, context, who: player.name, link: try context.reads.discord.link(player: player.id),
        action: "/players/\(player.id)/discord", code: code)
    }
    router.teamRoute(
      "POST", "/players/{id}/discord/unlink",
      RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) { _, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      try await scope.discord.unlink(player: player.id)
      return .redirect(to: "/players/\(player.id)/discord")
    }
    router.route("GET", "/account/discord", RoutePolicy(.person, team: .organisation)) {
      request, context in
      Self.discordLinkPage(
        request, context, who: context.identity.name,
        link: try context.reads.discord.link(account: context.identity.name),
        action: "/account/discord")
    }
    router.route("POST", "/account/discord", RoutePolicy(.person, .form, team: .organisation)) {
      request, context in
      let name = context.identity.name
      let code = try await context.account.discord.code()
      return Self.discordLinkPage(
        request, context, who: name, link: try context.reads.discord.link(account: name),
        action: "/account/discord", code: code)
    }
    router.route(
      "POST", "/account/discord/unlink", RoutePolicy(.person, .form, team: .organisation)
    ) {
      _, context in
      try await context.account.discord.unlink()
      return .redirect(to: "/account/discord")
    }
  }

  // MARK: - API

  private func addDiscordAPIRoutes(_ router: inout Router) {
    router.teamRoute(.getTeamDiscord, RoutePolicy(.editor, team: .tag)) {
      _, context, scope in
      let team = scope.team
      return context.json(
        DiscordSettingsJSON(
          settings: try context.reads.discord.team(team.id),
          posts: try context.reads.discord.posts(team: team.id)))
    }
    router.teamRoute(
      .setTeamDiscord, RoutePolicy(.editor, .sameOrigin, team: .tag),
      json: DiscordSettingsInput.self
    ) { [discord] _, context, scope, input in
      let team = scope.team
      let (kinds, language) = try input.validated()
      try await scope.discord.set(
        webhook: input.off == true ? "" : input.webhook, kinds: kinds, language: language,
        alsoAt: discord.standIn)
      discord.settingsChanged()
      return context.json(
        DiscordSettingsJSON(
          settings: try context.reads.discord.team(team.id),
          posts: try context.reads.discord.posts(team: team.id)))
    }
    router.route(.getDiscordApplication, RoutePolicy(.owner, team: .organisation)) {
      [discord] _, context in
      context.json(
        DiscordApplicationJSON(
          application: try context.reads.discord.application(),
          keyFromServer: discord.givenKey != nil))
    }
    router.route(
      .setDiscordApplication, RoutePolicy(.owner, .sameOrigin, team: .organisation),
      json: DiscordApplicationInput.self
    ) { [discord] _, context, input in
      try await context.organisation.discord(as: .owner).setApplication(
        publicKey: input.publicKey, applicationID: input.applicationId)
      return context.json(
        DiscordApplicationJSON(
          application: try context.reads.discord.application(),
          keyFromServer: discord.givenKey != nil))
    }
    router.teamRoute(
      .createDiscordLinkCode,
      RoutePolicy(.ownPlayer(.path("id")), .sameOrigin, team: .player)
    ) { _, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      let code = try await scope.discord.code(player: player.id)
      return context.json(
        JSONValue.object([
          "code": .string(code),
          "expires": .string(
            context.now.addingTimeInterval(DiscordRows.codeLife).formatted(.iso8601)),
        ]), status: 201)
    }
  }
}

/// `GET /api/teams/{tag}/discord`: never the webhook's address.
struct DiscordSettingsJSON: JSONWritable {
  let settings: DiscordTeamSettings
  let posts: [DiscordSent]

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("kinds", DiscordKind.allCases.filter(settings.kinds.contains).map(\.rawValue))
      $0.member("language", settings.language.rawValue)
      if let off = settings.off { $0.member("off", off) }
      $0.member("posts", posts.map(DiscordSentJSON.init))
      $0.member("webhookSet", settings.hasWebhook)
    }
  }
}

struct DiscordSentJSON: JSONWritable {
  let post: DiscordSent

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("attempts", post.attempts)
      $0.member("created", post.created.formatted(.iso8601))
      $0.member("kind", post.kind.rawValue)
      if let reason = post.reason { $0.member("reason", reason) }
      if let sent = post.sent { $0.member("sent", sent.formatted(.iso8601)) }
      $0.member("state", post.state.rawValue)
      $0.member("title", post.title)
    }
  }
}

/// `GET /api/discord`.
struct DiscordApplicationJSON: JSONWritable {
  let application: DiscordApplication
  let keyFromServer: Bool

  func write(to writer: inout JSONWriter) {
    writer.object {
      if let id = application.applicationID { $0.member("applicationId", id) }
      $0.member("keyFromServer", keyFromServer)
      if let key = application.publicKey { $0.member("publicKey", key) }
    }
  }
}

/// `PUT /api/discord`: what is given changes (`""` forgets it).
struct DiscordApplicationInput: Decodable, Sendable {
  var publicKey: String?
  var applicationId: String?
}

/// `PUT /api/teams/{tag}/discord`: what is given changes.
struct DiscordSettingsInput: Decodable, Sendable {
  /// The channel's webhook address.
  var webhook: String?
  /// The kinds posted (``DiscordKind``).
  var kinds: [String]?
  /// `fr` or `en`.
  var language: String?
  /// Turn the posts off and forget the address.
  var off: Bool?

  /// The kinds and language given.
  /// - Throws: ``RosterError/invalid(_:)`` naming each value to change.
  func validated() throws(RosterError) -> (Set<DiscordKind>?, Language?) {
    var issues: [Message] = []
    let kinds = kinds.map { Set($0.compactMap(DiscordKind.choice)) }
    if let given = self.kinds,
      let unknown = given.first(where: { DiscordKind.choice($0) == nil })
    {
      issues.append(
        Message(
          "‘%1$@’ is not a kind of post; choose among %2$@.", unknown,
          DiscordKind.allCases.map(\.rawValue).joined(separator: ", ")))
    }
    if off == true, let webhook, !webhook.trimmingCharacters(in: .whitespaces).isEmpty {
      issues.append(Message("Give either off or a webhook address, not both."))
    }
    let language = self.language.flatMap(Language.init(rawValue:))
    if let given = self.language, language == nil {
      issues.append(Message("Write the posts’ language as fr or en, not ‘%@’.", given))
    }
    guard issues.isEmpty else {
      throw .invalid(
        ValidationError(issues: issues.map { .init(field: .discord, text: $0, isConflict: false) }))
    }
    return (kinds, language)
  }
}

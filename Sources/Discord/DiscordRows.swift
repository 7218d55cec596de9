import Foundation
import TeamKit
@_spi(Rows) import TeamStore

/// A post waiting in the outbox, with where it goes.
public struct DiscordDelivery: Sendable {
  public let id: Int64
  public let post: DiscordPost
  /// The team's webhook address: for the call only, never shown or logged.
  public let webhook: String
  public let attempts: Int
  /// Rises each time a waiting summary is replaced: a delivery settles only the text it sent.
  public let revision: Int64
}

/// A post as the team's settings page and `kcorp discord` list it.
public struct DiscordSent: Hashable, Sendable {
  public enum State: String, Sendable { case pending, sent, failed }
  public let kind: DiscordKind
  public let title: String
  public let state: State
  public let attempts: Int
  /// Why it was given up, or why it is tried again.
  public let reason: String?
  public let created: Date
  public let sent: Date?
}

/// The application's side of Discord, set by the owner: its public key (for the
/// interactions' signatures) and id (for registering the commands). Neither is a secret.
public struct DiscordApplication: Hashable, Sendable {
  public var publicKey: String?
  public var applicationID: String?

  public init(publicKey: String? = nil, applicationID: String? = nil) {
    self.publicKey = publicKey
    self.applicationID = applicationID
  }
}

/// A Discord user linked to a player (acting as that player) or to a staff account.
public struct DiscordLink: Hashable, Sendable {
  public let user: String
  public let userName: String
  public let player: UUID?
  public let account: String?
}

/// Discord's rows: each team's settings and webhook, the application's key, the outbox and
/// the deliverer's turn, the interactions seen and the links of Discord users to players
/// (``RosterStore/discord``). Every write goes through the store's committer.
public struct DiscordRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// Discord's rows.
  public var discord: DiscordRows { DiscordRows(store: self) }
}

extension DiscordRows {
  /// How long an event's answers settle before their summary goes out.
  static let answersSettle: TimeInterval = 30
  /// How many times a post is tried before it is given up.
  public static let attempts = 8

  static func news(_ roster: Roster) -> DiscordNews.State {
    DiscordNews.State(teams: roster.teams, players: roster.players, schedule: roster.schedule)
  }

  static func teams(_ connection: any SQLConnection) throws -> [UUID: DiscordTeamSettings] {
    enum Column: Int32, SQLColumns { case teamId, hasWebhook, kinds, language, offReason }
    var teams: [UUID: DiscordTeamSettings] = [:]
    try connection.prepare(
      """
      SELECT team_id, (webhook IS NOT NULL) AS has_webhook, kinds, language, off_reason
      FROM discord_team
      """
    ).forEachRow { row in
      guard let id = UUID(text: row.text(Column.teamId)) else { return }
      teams[id] = DiscordTeamSettings(
        teamID: id, hasWebhook: row.int(Column.hasWebhook) != 0,
        kinds: DiscordKind.set(row.text(Column.kinds)),
        language: Language(rawValue: row.text(Column.language)) ?? .french,
        off: row.isNull(Column.offReason) ? nil : row.text(Column.offReason))
    }
    return teams
  }

  // MARK: - Settings

  /// Each team's Discord settings (a team never set is absent).
  public func teams() throws(RosterError) -> [UUID: DiscordTeamSettings] {
    try store.read { try Self.teams($0) }
  }

  /// A team's settings, its defaults when never set.
  public func team(_ team: UUID) throws(RosterError) -> DiscordTeamSettings {
    try teams()[team] ?? DiscordTeamSettings(teamID: team)
  }

  /// Whether `text` is a Discord webhook's address: `https://discord.com/api/webhooks/ID/TOKEN`
  /// (or discordapp.com, ptb., canary.), or the same path at `origin` (the scheme, host and
  /// port of a Discord stand-in the server was pointed at, `--discord-api`).
  public static func isDiscordWebhook(_ text: String, alsoAt origin: URL? = nil) -> Bool {
    guard text.count <= 300, let url = URL(string: text), let host = url.host?.lowercased()
    else { return false }
    let discord =
      url.scheme == "https" && url.port == nil
      && ["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"].contains(host)
    let standIn =
      origin.map {
        url.scheme == $0.scheme && host == $0.host?.lowercased() && url.port == $0.port
      } ?? false
    guard discord || standIn, url.query == nil, url.user == nil else { return false }
    let parts = url.path.split(separator: "/")
    guard parts.count == 4, parts[0] == "api", parts[1] == "webhooks" else { return false }
    return parts[2].allSatisfy { $0.isASCII && $0.isNumber }
      && parts[3].allSatisfy {
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
      }
  }

  /// Sets a team's Discord: a webhook address (`""` turns the posts off and forgets it; nil
  /// keeps the one kept), which kinds are posted and in which language. Setting an address
  /// turns a Discord the webhook's deletion turned off back on, and ends any wait held
  /// beyond ``RetryDelay/range`` (an earlier build kept Discord's `nan` as one).
  /// - Throws: ``RosterError/invalid(_:)`` for what is not a webhook address; nothing is
  ///   written.
  public func setTeam(
    team: UUID, webhook: String?, kinds: Set<DiscordKind>? = nil, language: Language? = nil,
    alsoAt origin: URL? = nil
  ) async throws(RosterError) {
    let webhook = webhook?.trimmingCharacters(in: .whitespacesAndNewlines)
    if let webhook, !webhook.isEmpty, !Self.isDiscordWebhook(webhook, alsoAt: origin) {
      throw .invalid(
        ValidationError(
          .discord,
          Message(
            "Paste the webhook’s address as Discord copies it: https://discord.com/api/webhooks/…"
          )))
    }
    guard store.roster.team(id: team) != nil else { throw .notFound(team) }
    let current = try self.team(team)
    try await store.record { [now = store.now] connection in
      try connection.prepare(
        """
        INSERT INTO discord_team (team_id, kinds, language, held_until)
        VALUES (?1, ?2, ?3, 0) ON CONFLICT (team_id) DO UPDATE SET kinds = ?2, language = ?3
        """
      ).bind(
        .text(team.text), .text(DiscordKind.text(kinds ?? current.kinds)),
        .text((language ?? current.language).rawValue)
      ).run()
      guard let webhook else { return }
      try connection.prepare(
        "UPDATE discord_team SET webhook = ?2, off_reason = NULL WHERE team_id = ?1"
      ).bind(.text(team.text), webhook.isEmpty ? .null : .text(webhook)).run()
      try Self.endEndlessWaits(now: now(), connection)
      // Posts left from while the team's Discord was off are old news: they do not go out.
      if webhook.isEmpty || !current.hasWebhook || current.off != nil {
        try connection.prepare(
          """
          UPDATE discord_post SET state = 'failed', reason = 'Discord was off'
          WHERE team_id = ?1 AND state = 'pending'
          """
        ).bind(.text(team.text)).run()
      }
    }
  }

  /// Queues a test post for a team's channel, in its posts' language: the `discord` job
  /// delivers it as it does the others, and the team's last posts show how it went.
  /// - Throws: ``RosterError/invalid(_:)`` when the team has no webhook (or its Discord is
  ///   off); nothing is written.
  public func queueTestPost(team: Team) async throws(RosterError) {
    let settings = try self.team(team.id)
    guard settings.hasWebhook, settings.off == nil else {
      throw .invalid(
        ValidationError(
          .discord, Message("Give the channel’s webhook address first, then send a test post.")))
    }
    let language = settings.language
    let title = Message("Test post").text(in: language)
    let content = Message(
      "A test post from KCorp Team Manager: this channel receives %@’s posts.", team.name
    ).text(in: language)
    try await store.record { [now = store.now] connection in
      // One at a time: a flood of test posts would hold the team's real posts back.
      var waiting = false
      try connection.prepare(
        "SELECT 1 FROM discord_post WHERE team_id = ?1 AND kind = ?2 AND state = 'pending'"
      ).bind(.text(team.id.text), .text(DiscordKind.test.rawValue)).forEachRow { _ in
        waiting = true
      }
      guard !waiting else {
        throw RosterError.invalid(
          ValidationError(
            .discord,
            Message("A test post is still on its way; see how it went under Last posts first.")))
      }
      let at = SQLValue.double(now().timeIntervalSince1970)
      try connection.prepare(
        """
        INSERT INTO discord_post (content, title, description, link, due, team_id, kind,
          topic, created, attempts, state, revision)
        VALUES (?1, ?2, '', NULL, ?3, ?4, ?5, NULL, ?3, 0, 'pending', 0)
        """
      ).bind(
        .text(content), .text(title), at, .text(team.id.text), .text(DiscordKind.test.rawValue)
      ).run()
    }
  }

  /// Ends every wait stored beyond the longest one (``RetryDelay``): the teams', the
  /// deliverer's and the posts' due dates. An earlier build could store
  /// `NaN` or ages, which would hold them for ever; a server calls this as it starts, and
  /// giving a webhook again does it too.
  public func endEndlessWaits() async throws(RosterError) {
    try await store.record { [now = store.now] connection in
      try Self.endEndlessWaits(now: now(), connection)
    }
  }

  private static func endEndlessWaits(now: Date, _ connection: any SQLConnection) throws {
    let at = SQLValue.double(now.timeIntervalSince1970)
    let limit = SQLValue.double(now.timeIntervalSince1970 + RetryDelay.range.upperBound)
    // `NOT (x <= limit)` also finds PostgreSQL's `NaN`, which is above every number.
    for update in [
      "UPDATE discord_team SET held_until = ?1 WHERE NOT (held_until <= ?2)",
      "UPDATE discord_post SET due = ?1 WHERE state = 'pending' AND NOT (due <= ?2)",
      "UPDATE discord_settings SET held_until = ?1 WHERE NOT (held_until <= ?2)",
    ] {
      try connection.prepare(update).bind(at, limit).run()
    }
  }

  /// The application's public key and id.
  public func application() throws(RosterError) -> DiscordApplication {
    try store.read { connection in
      enum Column: Int32, SQLColumns { case publicKey, applicationId }
      var application = DiscordApplication()
      try connection.prepare("SELECT \(Column.list()) FROM discord_settings WHERE id = 1")
        .forEachRow { row in
          application.publicKey =
            row.isNull(Column.publicKey) ? nil : row.text(Column.publicKey)
          application.applicationID =
            row.isNull(Column.applicationId) ? nil : row.text(Column.applicationId)
        }
      return application
    }
  }

  /// Keeps the application's public key (64 hex digits) and id (digits); an empty one
  /// forgets it, nil keeps it.
  /// - Throws: ``RosterError/invalid(_:)`` naming what to change; nothing is written.
  public func setApplication(publicKey: String?, applicationID: String?)
    async throws(RosterError)
  {
    let key = publicKey?.trimmingCharacters(in: .whitespaces).lowercased()
    let id = applicationID?.trimmingCharacters(in: .whitespaces)
    var issues: [Message] = []
    if let key, !key.isEmpty, key.count != 64 || !key.allSatisfy({ $0.isASCII && $0.isHexDigit }) {
      issues.append(
        Message("Paste the application’s public key: 64 hexadecimal digits, as Discord shows it."))
    }
    if let id, !id.isEmpty,
      !(15...22).contains(id.count) || !id.allSatisfy({ $0.isASCII && $0.isNumber })
    {
      issues.append(Message("Paste the application’s id: the digits Discord shows under it."))
    }
    guard issues.isEmpty else {
      throw .invalid(
        ValidationError(issues: issues.map { .init(field: .discord, text: $0, isConflict: false) }))
    }
    try await store.record { connection in
      for (column, value) in [("public_key", key), ("application_id", id)] {
        guard let value else { continue }
        try connection.prepare("UPDATE discord_settings SET \(column) = ?1 WHERE id = 1")
          .bind(value.isEmpty ? .null : .text(value)).run()
      }
    }
  }
}

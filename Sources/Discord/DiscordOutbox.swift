import Foundation
import TeamKit
@_spi(Rows) import TeamStore

/// The outbox's delivery, and the Discord users linked by a one-time code. Every write goes
/// through the committer: on PostgreSQL its transaction holds the servers' write lock, so
/// that one server at a time is the deliverer.
extension DiscordRows {
  /// Takes (or keeps) the deliverer's turn for `server` and returns each team's next post
  /// that is due, none while another server delivers or Discord asked us to wait.
  public func takeTurn(server: String, lease: TimeInterval = lease)
    async throws(RosterError) -> [DiscordDelivery]
  {
    try await store.record { [now = store.now] connection in
      let at = now().timeIntervalSince1970
      try connection.prepare(
        """
        UPDATE discord_settings SET deliverer = ?1, deliverer_until = ?2
        WHERE id = 1 AND (deliverer = ?1 OR deliverer_until < ?3) AND held_until <= ?3
        """
      ).bind(.text(server), .double(at + lease), .double(at)).run()
      guard connection.changes > 0 else { return [] }
      return try Self.duePosts(connection, at: at)
    }
  }

  /// How long a deliverer's turn lasts unless renewed: longer than a post's call (10 s).
  public static let lease: TimeInterval = 30

  /// Renews `server`'s turn before a post: false when it lapsed and another server took
  /// it (the post is then that server's to send).
  public func renewTurn(server: String, lease: TimeInterval = lease)
    async throws(RosterError) -> Bool
  {
    try await store.record { [now = store.now] connection in
      try connection.prepare(
        "UPDATE discord_settings SET deliverer_until = ?2 WHERE id = 1 AND deliverer = ?1"
      ).bind(.text(server), .double(now().timeIntervalSince1970 + lease)).run()
      return connection.changes > 0
    }
  }

  private static func duePosts(_ connection: any SQLConnection, at: Double) throws
    -> [DiscordDelivery]
  {
    enum Column: Int32, SQLColumns {
      case id, teamId, kind, topic, content, title, description, link, attempts, due, revision
      case webhook
    }
    var deliveries: [DiscordDelivery] = []
    var seen: Set<UUID> = []
    try connection.prepare(
      """
      SELECT \(Column.list("p").replacingOccurrences(of: "p.webhook", with: "t.webhook"))
      FROM discord_post p JOIN discord_team t ON t.team_id = p.team_id
      WHERE p.state = 'pending' AND t.webhook IS NOT NULL AND t.off_reason IS NULL
        AND t.held_until <= ?1
      ORDER BY p.id LIMIT 200
      """
    ).bind(.double(at)).forEachRow { row in
      guard let team = UUID(text: row.text(Column.teamId)),
        let kind = DiscordKind(rawValue: row.text(Column.kind)),
        seen.insert(team).inserted, row.double(Column.due) <= at
      else { return }  // each team's posts in order: the first waiting holds the others
      let post = DiscordPost(
        teamID: team, kind: kind, topic: row.isNull(Column.topic) ? nil : row.text(Column.topic),
        content: row.text(Column.content), title: row.text(Column.title),
        description: row.text(Column.description),
        link: row.isNull(Column.link) ? nil : row.text(Column.link))
      deliveries.append(
        DiscordDelivery(
          id: row.int(Column.id), post: post, webhook: row.text(Column.webhook),
          attempts: Int(row.int(Column.attempts)), revision: row.int(Column.revision)))
    }
    return deliveries
  }

  /// Keeps how a delivery ended; `hold` makes the team's webhook (or, `global`, every
  /// webhook) wait until then, as Discord's rate limits say. A retry's date and the hold
  /// are kept within an hour from now (``RetryDelay/until(_:from:fallback:)``): no date a
  /// service gave can hold a team's posts for ever.
  public func settle(
    _ delivery: DiscordDelivery, _ outcome: DiscordOutcome, hold: Date? = nil,
    global: Bool = false
  ) async throws(RosterError) {
    try await store.record { [now = store.now] connection in
      let date = now()
      let at = date.timeIntervalSince1970
      let hold = hold.map { RetryDelay.until($0, from: date) }
      let id = SQLValue.int(delivery.id)
      let team = SQLValue.text(delivery.post.teamID.text)
      switch outcome {
      case .sent:
        // A summary replaced while it was being sent stays waiting: the newer one goes too.
        try connection.prepare(
          """
          UPDATE discord_post SET state = 'sent', sent = ?2, attempts = attempts + 1,
            reason = NULL WHERE id = ?1 AND revision = ?3
          """
        ).bind(id, .double(at), .int(delivery.revision)).run()
      case .retry(let later, let reason) where delivery.attempts + 1 < DiscordRows.attempts:
        try connection.prepare(
          "UPDATE discord_post SET due = ?2, attempts = attempts + 1, reason = ?3 WHERE id = ?1"
        ).bind(
          id, .double(RetryDelay.until(later, from: date).timeIntervalSince1970), .text(reason)
        ).run()
      case .retry(_, let reason), .failed(let reason):
        try connection.prepare(
          """
          UPDATE discord_post SET state = 'failed', attempts = attempts + 1, reason = ?2
          WHERE id = ?1
          """
        ).bind(id, .text(reason)).run()
      case .revoked(let reason):
        // Only if the team still has that webhook: a new one given meanwhile stays on.
        try connection.prepare(
          "UPDATE discord_team SET off_reason = ?2 WHERE team_id = ?1 AND webhook = ?3"
        ).bind(team, .text(reason), .text(delivery.webhook)).run()
        guard connection.changes > 0 else { break }
        try connection.prepare(
          """
          UPDATE discord_post SET state = 'failed', reason = ?2
          WHERE team_id = ?1 AND state = 'pending'
          """
        ).bind(team, .text(reason)).run()
      }
      if let hold {
        let sql =
          global
          ? "UPDATE discord_settings SET held_until = ?1 WHERE id = 1"
          : "UPDATE discord_team SET held_until = ?1 WHERE team_id = ?2"
        try connection.prepare(sql).bind(
          global
            ? [.double(hold.timeIntervalSince1970)] : [.double(hold.timeIntervalSince1970), team]
        ).run()
      }
      // A month of delivered posts is kept to be read; older ones go.
      try connection.prepare("DELETE FROM discord_post WHERE state <> 'pending' AND created < ?1")
        .bind(.double(at - 30 * 86_400)).run()
    }
  }

  /// Whether a post waits to be delivered to a team whose Discord is on.
  public func hasWaiting() throws(RosterError) -> Bool {
    try store.read { connection in
      var found = false
      // As the deliverer would take them: a team without a webhook, or off, waits for none.
      try connection.prepare(
        """
        SELECT 1 FROM discord_post p JOIN discord_team t ON t.team_id = p.team_id
        WHERE p.state = 'pending' AND t.webhook IS NOT NULL AND t.off_reason IS NULL LIMIT 1
        """
      ).forEachRow { _ in found = true }
      return found
    }
  }

  /// A team's latest posts, the newest first.
  public func posts(team: UUID, limit: Int = 10) throws(RosterError) -> [DiscordSent] {
    try store.read { connection in
      enum Column: Int32, SQLColumns { case kind, title, state, attempts, reason, created, sent }
      var posts: [DiscordSent] = []
      try connection.prepare(
        """
        SELECT \(Column.list()) FROM discord_post WHERE team_id = ?1
        ORDER BY id DESC LIMIT ?2
        """
      ).bind(.text(team.text), .int(Int64(limit))).forEachRow { row in
        guard let kind = DiscordKind(rawValue: row.text(Column.kind)),
          let state = DiscordSent.State(rawValue: row.text(Column.state))
        else { return }
        posts.append(
          DiscordSent(
            kind: kind, title: row.text(Column.title), state: state,
            attempts: Int(row.int(Column.attempts)),
            reason: row.isNull(Column.reason) ? nil : row.text(Column.reason),
            created: Date(timeIntervalSince1970: row.double(Column.created)),
            sent: row.isNull(Column.sent)
              ? nil : Date(timeIntervalSince1970: row.double(Column.sent))))
      }
      return posts
    }
  }

  /// Keeps interaction `id` for ten minutes (twice the age a signature is taken at), in
  /// the database the servers share; false when it was seen already: a request sent again.
  public func isNewInteraction(_ id: String) async throws(RosterError) -> Bool {
    guard id.count <= 64 else { return false }
    return try await store.record { [now = store.now] connection in
      let at = now().timeIntervalSince1970
      try connection.prepare("DELETE FROM discord_seen WHERE at < ?1").bind(.double(at - 600))
        .run()
      try connection.prepare(
        "INSERT INTO discord_seen (id, at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING"
      ).bind(.text(id), .double(at)).run()
      return connection.changes > 0
    }
  }

  // MARK: - Linked users

  /// How long a link code may be used.
  public static let codeLife: TimeInterval = 15 * 60

  /// Keeps a new one-time code (its digest) for a player, or a staff account; their earlier
  /// code no longer links.
  public func keepCode(digest: String, player: UUID?, account: String?)
    async throws(RosterError)
  {
    try await store.record { [now = store.now] connection in
      let owner: [SQLValue] = [
        player.map { .text($0.text) } ?? .null, account.map(SQLValue.text) ?? .null,
      ]
      try connection.prepare(
        "DELETE FROM discord_code WHERE player_id = ?1 OR account = ?2 OR expires < ?3"
      ).bind(owner + [.double(now().timeIntervalSince1970)]).run()
      try connection.prepare(
        "INSERT INTO discord_code (digest, player_id, account, expires) VALUES (?3, ?1, ?2, ?4)"
      ).bind(
        owner + [.text(digest), .double(now().timeIntervalSince1970 + DiscordRows.codeLife)]
      ).run()
    }
  }

  /// Links Discord user `user` to whom the code (its digest) was made for, using it up; nil
  /// for a code unknown or expired.
  public func link(codeDigest: String, user: String, name: String)
    async throws(RosterError) -> DiscordLink?
  {
    try await store.record { [now = store.now] connection in
      enum Column: Int32, SQLColumns { case playerId, account }
      var owner: (player: UUID?, account: String?)?
      try connection.prepare(
        "SELECT \(Column.list()) FROM discord_code WHERE digest = ?1 AND expires >= ?2"
      ).bind(.text(codeDigest), .double(now().timeIntervalSince1970)).forEachRow { row in
        owner = (
          row.isNull(Column.playerId) ? nil : UUID(text: row.text(Column.playerId)),
          row.isNull(Column.account) ? nil : row.text(Column.account)
        )
      }
      guard let owner else { return nil }
      try connection.prepare("DELETE FROM discord_code WHERE digest = ?1").bind(
        .text(codeDigest)
      ).run()
      // One Discord user per player or account: linking again replaces the earlier one.
      try connection.prepare(
        "DELETE FROM discord_link WHERE user_id = ?1 OR player_id = ?2 OR account = ?3"
      ).bind(
        .text(user), owner.player.map { .text($0.text) } ?? .null,
        owner.account.map(SQLValue.text) ?? .null
      ).run()
      try connection.prepare(
        """
        INSERT INTO discord_link (user_id, user_name, player_id, account, linked)
        VALUES (?1, ?2, ?3, ?4, ?5)
        """
      ).bind(
        .text(user), .text(String(name.prefix(64))), owner.player.map { .text($0.text) } ?? .null,
        owner.account.map(SQLValue.text) ?? .null, .double(now().timeIntervalSince1970)
      ).run()
      return DiscordLink(
        user: user, userName: String(name.prefix(64)), player: owner.player,
        account: owner.account)
    }
  }

  /// The link of a Discord user, of a player, or of an account.
  public func linked(user: String? = nil, player: UUID? = nil, account: String? = nil)
    throws(RosterError) -> DiscordLink?
  {
    try store.read { connection in
      enum Column: Int32, SQLColumns { case userId, userName, playerId, account }
      var link: DiscordLink?
      try connection.prepare(
        """
        SELECT \(Column.list()) FROM discord_link
        WHERE user_id = ?1 OR player_id = ?2 OR account = ?3
        """
      ).bind(
        user.map(SQLValue.text) ?? .null, player.map { .text($0.text) } ?? .null,
        account.map(SQLValue.text) ?? .null
      ).forEachRow { row in
        link = DiscordLink(
          user: row.text(Column.userId), userName: row.text(Column.userName),
          player: row.isNull(Column.playerId) ? nil : UUID(text: row.text(Column.playerId)),
          account: row.isNull(Column.account) ? nil : row.text(Column.account))
      }
      return link
    }
  }

  /// Unlinks a player's or an account's Discord user.
  public func unlink(player: UUID? = nil, account: String? = nil) async throws(RosterError) {
    try await store.record { connection in
      try connection.prepare("DELETE FROM discord_link WHERE player_id = ?1 OR account = ?2")
        .bind(player.map { .text($0.text) } ?? .null, account.map(SQLValue.text) ?? .null).run()
    }
  }
}

import Foundation
import TeamKit
@_spi(Rows) import TeamStore

/// Discord's part of every change, in the change's own transaction: its posts queued in the
/// outbox for the teams whose Discord is on, and the links of the players it moved ended,
/// so that a change and what follows from it are durable together.
struct DiscordFollower: ChangeFollower {
  /// The teams' settings and the players linked to a Discord user.
  struct State: Sendable {
    let teams: [UUID: DiscordTeamSettings]
    let linked: Set<UUID>
  }

  /// Read once a commit, and only while a team has its settings or a player is linked.
  func state(_ connection: any SQLConnection) throws -> (any Sendable)? {
    var linked: Set<UUID> = []
    try connection.prepare("SELECT player_id FROM discord_link WHERE player_id IS NOT NULL")
      .forEachRow { if let id = UUID(text: $0.text(0)) { linked.insert(id) } }
    let state = State(teams: try DiscordRows.teams(connection), linked: linked)
    return state.teams.isEmpty && linked.isEmpty ? nil : state
  }

  func follow(
    _ state: any Sendable, from before: Roster, to after: Roster, touched: Touched,
    at now: Date, in transaction: FollowerTransaction
  ) throws {
    guard let state = state as? State else { return }
    if !state.teams.isEmpty {
      try queuePosts(
        from: before, to: after, touched: touched, teams: state.teams, at: now, transaction)
    }
    if !state.linked.isEmpty, touched.all || !touched.players.isEmpty {
      try unlinkMovedPlayers(from: before, to: after, linked: state.linked, transaction)
    }
  }

  /// A removed account's Discord user no longer acts for it, nor for a new account of the
  /// same name: its link and the codes made for it go.
  func forget(account name: String, in transaction: FollowerTransaction) throws {
    for table in ["discord_link", "discord_code"] {
      try transaction.statement("DELETE FROM \(table) WHERE account = ?1").bind(.text(name)).run()
    }
  }

  /// Unlinks the Discord users of players this change moved to another team or removed:
  /// a link acts on the player's team, and was made on the team they left.
  private func unlinkMovedPlayers(
    from before: Roster, to after: Roster, linked: Set<UUID>, _ transaction: FollowerTransaction
  ) throws {
    for id in linked where before.player(id: id)?.teamID != after.player(id: id)?.teamID {
      try transaction.statement("DELETE FROM discord_link WHERE player_id = ?1")
        .bind(.text(id.text)).run()
      transaction.statesMayHaveChanged()
    }
  }

  /// Queues the posts of one change, from `before` to `after`, for the rows it wrote. A post
  /// with a topic replaces the one waiting with it, and waits a little longer for the next
  /// answers.
  private func queuePosts(
    from before: Roster, to after: Roster, touched: Touched,
    teams: [UUID: DiscordTeamSettings], at now: Date, _ transaction: FollowerTransaction
  ) throws {
    let posts = DiscordNews.posts(
      from: DiscordRows.news(before), to: DiscordRows.news(after), touched: touched,
      settings: teams, now: now)
    for post in posts {
      let due = now.addingTimeInterval(post.topic == nil ? 0 : DiscordRows.answersSettle)
      let content: [SQLValue] = [
        .text(post.content), .text(post.title), .text(post.description),
        post.link.map(SQLValue.text) ?? .null, .double(due.timeIntervalSince1970),
      ]
      if let topic = post.topic {
        // The summary waits for the next answers, but never more than two minutes in all:
        // it holds the team's later posts back meanwhile.
        try transaction.statement(
          """
          UPDATE discord_post SET content = ?1, title = ?2, description = ?3, link = ?4,
            due = CASE WHEN created + 120 < ?5 THEN created + 120 ELSE ?5 END,
            revision = revision + 1
          WHERE topic = ?6 AND state = 'pending' AND attempts = 0
          """
        ).bind(content + [.text(topic)]).run()
        if transaction.changes > 0 { continue }
      }
      try transaction.statement(
        """
        INSERT INTO discord_post (content, title, description, link, due, team_id, kind,
          topic, created, attempts, state, revision)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, 'pending', 0)
        """
      ).bind(
        content + [
          .text(post.teamID.text), .text(post.kind.rawValue),
          post.topic.map(SQLValue.text) ?? .null, .double(now.timeIntervalSince1970),
        ]
      ).run()
    }
  }
}

extension RosterStore {
  /// Makes every change committed from now on queue its Discord posts for the teams whose
  /// Discord is on, and end the links of the players it moves: what serves Discord (the
  /// server, the CLI) calls it once the store is open.
  public func followDiscord() { follow(DiscordFollower()) }
}

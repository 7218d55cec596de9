import Foundation
import Synchronization
import TeamKit

/// An account as stored: its password only as an Argon2id PHC string.
public struct AccountRecord: Hashable, Sendable {
  public var name: String
  public var role: Role
  public var passwordHash: String
  public var createdAt: Date
  /// The teams the role holds on; nil for every team (an owner's is always nil).
  public var teams: Set<UUID>?
  /// The player a ``Role/player`` account is.
  public var player: UUID?

  public init(
    name: String, role: Role, passwordHash: String, createdAt: Date, teams: Set<UUID>? = nil,
    player: UUID? = nil
  ) {
    self.name = name
    self.role = role
    self.passwordHash = passwordHash
    self.createdAt = createdAt
    self.teams = teams
    self.player = player
  }
}

/// A signed-in browser, known by the SHA-256 digest of its token.
public struct SessionRecord: Hashable, Sendable {
  public var tokenHash: String
  public var account: String
  public var createdAt: Date
  public var lastSeen: Date

  public init(tokenHash: String, account: String, createdAt: Date, lastSeen: Date) {
    self.tokenHash = tokenHash
    self.account = account
    self.createdAt = createdAt
    self.lastSeen = lastSeen
  }
}

/// An API token for scripts, known by the SHA-256 digest of its secret.
public struct TokenRecord: Hashable, Sendable {
  public var name: String
  public var tokenHash: String
  public var role: Role
  public var createdAt: Date
  public var lastUsed: Date?
  /// The teams the role holds on; nil for every team.
  public var teams: Set<UUID>?

  public init(
    name: String, tokenHash: String, role: Role, createdAt: Date, lastUsed: Date?,
    teams: Set<UUID>? = nil
  ) {
    self.name = name
    self.tokenHash = tokenHash
    self.role = role
    self.createdAt = createdAt
    self.lastUsed = lastUsed
    self.teams = teams
  }
}

/// The staff's accounts, sessions and tokens, and sign-in throttling (``RosterStore/accessRows``),
/// in the roster's database: written through the committer like the roster (each write
/// returns once committed), read without waiting for a commit under way.
public struct AccessRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// The staff's accounts, sessions and tokens.
  public var accessRows: AccessRows { AccessRows(store: self) }

  /// Runs `body` in the committer's next transaction (the roster unchanged), returning once
  /// committed.
  @_spi(Rows) public func record<T: Sendable>(
    _ body: @escaping (any SQLConnection) throws -> T
  ) async throws(RosterError) -> T {
    try await perform { writer, _ in
      // Records may touch anything beside the roster, what a follower keeps among it.
      writer.followersMayHaveChanged()
      return (nil, try body(writer.connection))
    }
  }
}

extension AccessRows {
  /// Every account, by name.
  public func accounts() throws(RosterError) -> [AccountRecord] {
    try store.read { connection in
      let teams = try Self.teams(in: "account_team", by: "account", connection)
      enum Column: Int32, SQLColumns { case name, role, password, createdAt, playerID }
      var accounts: [AccountRecord] = []
      try connection.prepare("SELECT \(Column.list()) FROM account ORDER BY name_key")
        .forEachRow { row in
          let name = row.text(Column.name)
          accounts.append(
            AccountRecord(
              name: name,
              role: try Self.role(row.text(Column.role), of: name, in: "account", connection),
              passwordHash: row.text(Column.password),
              createdAt: Date(timeIntervalSince1970: row.double(Column.createdAt)),
              teams: teams[name], player: row.optional(Column.playerID).flatMap(UUID.init(text:))))
        }
      return accounts
    }
  }

  /// A stored role. One this release does not know is an error that names the row, never
  /// read as another role.
  private static func role(
    _ text: String, of name: String, in table: String, _ connection: any SQLConnection
  ) throws -> Role {
    guard let role = Role(rawValue: text) else {
      throw StoreOpenError.unreadableRow(
        path: connection.name, table: table, id: name, reason: "“\(text)” is not a role")
    }
    return role
  }

  /// The teams of each account (or token) that `table` limits to some.
  private static func teams(
    in table: String, by column: String, _ connection: any SQLConnection,
    holderWhere condition: String? = nil, _ value: String? = nil
  ) throws -> [String: Set<UUID>] {
    enum Column: Int32, SQLColumns { case holder, teamID }
    var teams: [String: Set<UUID>] = [:]
    // `holder` is the account's or the token's name, as `column` calls it.
    var statement = try connection.prepare(
      "SELECT \(column) AS holder, team_id FROM \(table)"
        + (condition.map { " WHERE \($0)" } ?? ""))
    if let value { statement = try statement.bind(.text(value)) }
    try statement.forEachRow { row in
      if let id = UUID(text: row.text(Column.teamID)) {
        teams[row.text(Column.holder), default: []].insert(id)
      }
    }
    return teams
  }

  /// Writes the teams `name` is limited to: none for every team.
  private static func setTeams(
    _ teams: Set<UUID>?, of name: String, in table: String, by column: String,
    _ connection: any SQLConnection
  ) throws {
    try connection.prepare("DELETE FROM \(table) WHERE \(column) = ?1").bind(.text(name)).run()
    for team in (teams ?? []).sorted(by: { $0.uuidString < $1.uuidString }) {
      try connection.prepare("INSERT INTO \(table) (\(column), team_id) VALUES (?1, ?2)")
        .bind(.text(name), .text(team.uuidString)).run()
    }
  }

  /// The account with this name, in any case.
  public func account(named name: String) throws(RosterError) -> AccountRecord? {
    try accounts().first { $0.name.lowercased() == name.lowercased() }
  }

  /// Adds an account, or replaces the role, password and teams of the one with this name
  /// (an import's; a change of one of them goes through ``setRole(of:to:teams:)`` or
  /// ``setPasswordHash(of:to:replacing:)``).
  public func saveAccount(_ account: AccountRecord) async throws(RosterError) {
    try await recordAccess { connection in
      let owners = try Self.owners(connection)
      try connection.prepare(
        """
        INSERT INTO account (name, name_key, role, password, created_at, player_id)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (name) DO UPDATE SET role = excluded.role, password = excluded.password,
          player_id = excluded.player_id
        """
      ).bind(
        .text(account.name), .text(account.name.lowercased()), .text(account.role.rawValue),
        .text(account.passwordHash), .double(account.createdAt.timeIntervalSince1970),
        account.player.map { .text($0.text) } ?? .null
      ).run()
      try Self.setTeams(
        account.role == .owner ? nil : account.teams, of: account.name, in: "account_team",
        by: "account", connection)
      try Self.keepsAnOwner(connection, had: owners, besides: account.name)
    }
  }

  /// Sets an account's role and the teams it holds on (nil for every team), and nothing else:
  /// a password changed meanwhile stays. The last owner cannot stop being one.
  public func setRole(of name: String, to role: Role, teams: Set<UUID>?) async throws(RosterError) {
    try await recordAccess { connection in
      let owners = try Self.owners(connection)
      try connection.prepare("UPDATE account SET role = ?2 WHERE name = ?1")
        .bind(.text(name), .text(role.rawValue)).run()
      try Self.setTeams(
        role == .owner ? nil : teams, of: name, in: "account_team", by: "account", connection)
      try Self.keepsAnOwner(connection, had: owners, besides: name)
    }
  }

  /// Sets an account's password hash, and nothing else. With `old`, only while the stored
  /// hash is still `old`: a stronger hash made at sign-in never undoes a password set
  /// meanwhile.
  public func setPasswordHash(of name: String, to hash: String, replacing old: String? = nil)
    async throws(RosterError)
  {
    try await store.record { connection in
      if let old {
        try connection.prepare("UPDATE account SET password = ?2 WHERE name = ?1 AND password = ?3")
          .bind(.text(name), .text(hash), .text(old)).run()
      } else {
        try connection.prepare("UPDATE account SET password = ?2 WHERE name = ?1")
          .bind(.text(name), .text(hash)).run()
      }
    }
  }

  /// Removes an account, its sessions and its Discord link; false when there was none.
  @discardableResult
  public func deleteAccount(named name: String) async throws(RosterError) -> Bool {
    try await recordAccess { connection in
      let owners = try Self.owners(connection)
      try connection.prepare("DELETE FROM account WHERE name = ?1").bind(.text(name))
        .run()
      let deleted = connection.changes > 0
      // Its Discord user no longer acts for it.
      try connection.prepare("DELETE FROM discord_link WHERE account = ?1").bind(.text(name))
        .run()
      try Self.keepsAnOwner(connection, had: owners, besides: name)
      return deleted
    }
  }

  private static func owners(_ connection: any SQLConnection) throws -> Int64 {
    try connection.scalar("SELECT count(*) FROM account WHERE role = 'owner'")
  }

  /// Refuses a change that leaves no owner where there was one: checked in the transaction
  /// that writes, so two demotions at once cannot both pass.
  private static func keepsAnOwner(
    _ connection: any SQLConnection, had: Int64, besides name: String
  )
    throws
  {
    guard had > 0, try owners(connection) == 0 else { return }
    throw ValidationError(
      .name, Message("%@ is the last owner: make another account an owner first.", name),
      isConflict: true)
  }

  public func insertSession(_ session: SessionRecord) async throws(RosterError) {
    try await store.record { connection in
      try connection.prepare(
        "INSERT INTO session (token_hash, account, created_at, last_seen) VALUES (?1, ?2, ?3, ?4)"
      ).bind(
        .text(session.tokenHash), .text(session.account),
        .double(session.createdAt.timeIntervalSince1970),
        .double(session.lastSeen.timeIntervalSince1970)
      ).run()
    }
  }

  public func session(tokenHash: String) throws(RosterError) -> SessionRecord? {
    try store.read { connection in
      enum Column: Int32, SQLColumns { case tokenHash, account, createdAt, lastSeen }
      var session: SessionRecord?
      try connection.prepare("SELECT \(Column.list()) FROM session WHERE token_hash = ?1")
        .bind(.text(tokenHash)).forEachRow { row in
          session = SessionRecord(
            tokenHash: row.text(Column.tokenHash), account: row.text(Column.account),
            createdAt: Date(timeIntervalSince1970: row.double(Column.createdAt)),
            lastSeen: Date(timeIntervalSince1970: row.double(Column.lastSeen)))
        }
      return session
    }
  }

  /// Records when a session was last used.
  public func touchSession(tokenHash: String, at date: Date) async throws(RosterError) {
    try await store.record { connection in
      try connection.prepare("UPDATE session SET last_seen = ?2 WHERE token_hash = ?1")
        .bind(.text(tokenHash), .double(date.timeIntervalSince1970)).run()
    }
  }

  /// Ends sessions: one by its digest, or all of an account's but `keeping` one.
  public func deleteSessions(
    tokenHash: String? = nil, account: String? = nil, keeping: String? = nil
  ) async throws(RosterError) {
    try await recordAccess { connection in
      try connection.prepare(
        """
        DELETE FROM session
        WHERE (CAST(?1 AS TEXT) IS NULL OR token_hash = ?1)
          AND (CAST(?2 AS TEXT) IS NULL OR account = ?2)
          AND (CAST(?3 AS TEXT) IS NULL OR token_hash <> ?3)
          AND (CAST(?1 AS TEXT) IS NOT NULL OR CAST(?2 AS TEXT) IS NOT NULL)
        """
      ).bind(
        tokenHash.map { .text($0) } ?? .null, account.map { .text($0) } ?? .null,
        keeping.map { .text($0) } ?? .null
      ).run()
    }
  }

  /// Deletes the sessions created before `created` or unused since `seen`.
  public func deleteSessions(createdBefore created: Date, seenBefore seen: Date)
    async throws(RosterError)
  {
    try await store.record { connection in
      try connection.prepare("DELETE FROM session WHERE created_at < ?1 OR last_seen < ?2")
        .bind(.double(created.timeIntervalSince1970), .double(seen.timeIntervalSince1970)).run()
    }
  }

  /// Every API token, by name.
  public func tokens() throws(RosterError) -> [TokenRecord] {
    try store.read { connection in
      try Self.tokens(
        "SELECT \(TokenColumn.list()) FROM api_token ORDER BY name",
        teams: try Self.teams(in: "token_team", by: "token", connection), connection)
    }
  }

  /// The token whose secret has digest `hash`, found through the column's unique index
  /// (never by reading every token); nil when there is none.
  public func token(hash: String) throws(RosterError) -> TokenRecord? {
    try store.read { connection in
      try Self.tokens(
        "SELECT \(TokenColumn.list()) FROM api_token WHERE token_hash = ?1", binding: hash,
        teams: try Self.teams(
          in: "token_team", by: "token", connection,
          holderWhere: "token = (SELECT name FROM api_token WHERE token_hash = ?1)", hash),
        connection
      ).first
    }
  }

  private enum TokenColumn: Int32, SQLColumns { case name, tokenHash, role, createdAt, lastUsed }

  private static func tokens(
    _ sql: String, binding value: String? = nil, teams: [String: Set<UUID>],
    _ connection: any SQLConnection
  ) throws -> [TokenRecord] {
    var tokens: [TokenRecord] = []
    var statement = try connection.prepare(sql)
    if let value { statement = try statement.bind(.text(value)) }
    try statement.forEachRow { row in
      let name = row.text(TokenColumn.name)
      tokens.append(
        TokenRecord(
          name: name, tokenHash: row.text(TokenColumn.tokenHash),
          role: try Self.role(row.text(TokenColumn.role), of: name, in: "api_token", connection),
          createdAt: Date(timeIntervalSince1970: row.double(TokenColumn.createdAt)),
          lastUsed: row.isNull(TokenColumn.lastUsed)
            ? nil : Date(timeIntervalSince1970: row.double(TokenColumn.lastUsed)),
          teams: teams[name]))
    }
    return tokens
  }

  public func insertToken(_ token: TokenRecord) async throws(RosterError) {
    try await store.record { connection in
      try connection.prepare(
        "INSERT INTO api_token (name, token_hash, role, created_at) VALUES (?1, ?2, ?3, ?4)"
      ).bind(
        .text(token.name), .text(token.tokenHash), .text(token.role.rawValue),
        .double(token.createdAt.timeIntervalSince1970)
      ).run()
      try Self.setTeams(
        token.role == .owner ? nil : token.teams, of: token.name, in: "token_team", by: "token",
        connection)
    }
  }

  /// Records when a token was last used.
  public func touchToken(named name: String, at date: Date) async throws(RosterError) {
    try await store.record { connection in
      try connection.prepare("UPDATE api_token SET last_used = ?2 WHERE name = ?1")
        .bind(.text(name), .double(date.timeIntervalSince1970)).run()
    }
  }

  /// Revokes a token; false when there was none.
  @discardableResult
  public func deleteToken(named name: String) async throws(RosterError) -> Bool {
    try await recordAccess { connection in
      try connection.prepare("DELETE FROM api_token WHERE name = ?1").bind(.text(name))
        .run()
      return connection.changes > 0
    }
  }

  // MARK: - Failed sign-ins

  /// When sign-ins under `key` (an account, an address) failed since `date`, the earliest
  /// first: every server on the database counts the same failures.
  public func signInFailures(_ key: String, since date: Date) throws(RosterError) -> [Date] {
    try store.read { connection in
      var dates: [Date] = []
      try connection.prepare(
        "SELECT at FROM sign_in_failure WHERE key = ?1 AND at >= ?2 ORDER BY at"
      )
      .bind(.text(key), .double(date.timeIntervalSince1970)).forEachRow {
        dates.append(Date(timeIntervalSince1970: $0.double(0)))
      }
      return dates
    }
  }

  /// Records a failed sign-in under each of `keys`, and forgets failures older than
  /// `forgetBefore`.
  public func recordSignInFailure(_ keys: [String], at date: Date, forgetBefore: Date)
    async throws(RosterError)
  {
    try await store.record { connection in
      for key in keys {
        try connection.prepare("INSERT INTO sign_in_failure (key, at) VALUES (?1, ?2)")
          .bind(.text(key), .double(date.timeIntervalSince1970)).run()
      }
      try connection.prepare("DELETE FROM sign_in_failure WHERE at < ?1")
        .bind(.double(forgetBefore.timeIntervalSince1970)).run()
    }
  }

  /// Forgets the failed sign-ins under `key` (after a successful one).
  public func clearSignInFailures(_ key: String) async throws(RosterError) {
    try await store.record { connection in
      try connection.prepare("DELETE FROM sign_in_failure WHERE key = ?1").bind(.text(key)).run()
    }
  }

  /// Counted up once each change to an account's role, teams or player, a removal, or an
  /// end of sessions or tokens commits in this process, before the live streams hear of
  /// the next change, and as soon as another server on the same PostgreSQL database says it
  /// made one (``listenForChanges()``): a stream checks its identity again when this moved
  /// (a `kcorp` command's change to a SQLite file is found by the streams' periodic check).
  public var accessVersion: Int { store.accessChanges.load(ordering: .acquiring) }

  /// Calls `handler` (on any thread) each time another server changed who may do what.
  /// Returns an id for ``removeAccessObserver(_:)``.
  @discardableResult
  public func onAccessChange(_ handler: @escaping @Sendable () -> Void) -> Int {
    store.state.withLock {
      let id = $0.nextObserverID
      $0.nextObserverID += 1
      $0.accessObservers[id] = handler
      return id
    }
  }

  /// Stops calling a handler registered with ``onAccessChange(_:)``.
  public func removeAccessObserver(_ id: Int) {
    _ = store.state.withLock { $0.accessObservers.removeValue(forKey: id) }
  }

  /// Another server changed who may do what: counted, and told.
  func accessChangedElsewhere() {
    store.accessChanges.add(1, ordering: .releasing)
    for handler in store.state.withLock({ Array($0.accessObservers.values) }) { handler() }
  }

  /// ``record(_:)`` for a change of who may do what: counted in ``accessVersion``, and told
  /// to the other servers on the same PostgreSQL database as it commits.
  private func recordAccess<T: Sendable>(_ body: @escaping (any SQLConnection) throws -> T)
    async throws(RosterError) -> T
  {
    try await store.perform(
      { writer, _ in
        writer.followersMayHaveChanged()  // an account's removal unlinks its Discord user
        let result = try body(writer.connection)
        #if canImport(CPostgreSQL)
          if let connection = writer.connection as? PostgresConnection {
            try connection.execute("SELECT pg_notify('kcorp_access', '')")
          }
        #endif
        return (nil, result)
      },
      committed: { [store] in store.accessChanges.add(1, ordering: .releasing) })
  }

}

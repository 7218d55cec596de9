import Foundation
import TeamKit
@_spi(Rows) import TeamStore

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

/// The API tokens for scripts (``RosterStore/tokens``), found by their secret's digest
/// through its unique index.
public struct TokenRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// The API tokens.
  public var tokens: TokenRows { TokenRows(store: self) }
}

extension TokenRows {
  /// Every API token, by name.
  public func all() throws(RosterError) -> [TokenRecord] {
    try store.read { connection in
      try Self.tokens(
        "SELECT \(TokenColumn.list()) FROM api_token ORDER BY name",
        teams: try HolderColumns.teams(in: "token_team", by: "token", connection), connection)
    }
  }

  /// The token whose secret has digest `hash`, found through the column's unique index
  /// (never by reading every token); nil when there is none.
  public func token(hash: String) throws(RosterError) -> TokenRecord? {
    try store.read { connection in
      try Self.tokens(
        "SELECT \(TokenColumn.list()) FROM api_token WHERE token_hash = ?1", binding: hash,
        teams: try HolderColumns.teams(
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
          role: try HolderColumns.role(
            row.text(TokenColumn.role), of: name, in: "api_token", connection),
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
      try HolderColumns.setTeams(
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
    try await store.recordAccess { connection in
      try connection.prepare("DELETE FROM api_token WHERE name = ?1").bind(.text(name))
        .run()
      return connection.changes > 0
    }
  }
}

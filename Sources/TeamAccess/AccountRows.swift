import Foundation
import TeamKit
@_spi(Rows) import TeamStore

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

/// The staff's accounts (``RosterStore/accounts``): written through the committer like the
/// roster (each write returns once committed, a change of who may do what counted in
/// ``RosterStore/accessVersion``), read without waiting for a commit under way.
public struct AccountRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// The staff's accounts.
  public var accounts: AccountRows { AccountRows(store: self) }
}

extension AccountRows {
  /// Every account, by name.
  public func all() throws(RosterError) -> [AccountRecord] {
    try store.read { connection in
      let teams = try HolderColumns.teams(in: "account_team", by: "account", connection)
      enum Column: Int32, SQLColumns { case name, role, password, createdAt, playerID }
      var accounts: [AccountRecord] = []
      try connection.prepare("SELECT \(Column.list()) FROM account ORDER BY name_key")
        .forEachRow { row in
          let name = row.text(Column.name)
          accounts.append(
            AccountRecord(
              name: name,
              role: try HolderColumns.role(
                row.text(Column.role), of: name, in: "account", connection),
              passwordHash: row.text(Column.password),
              createdAt: Date(timeIntervalSince1970: row.double(Column.createdAt)),
              teams: teams[name], player: row.optional(Column.playerID).flatMap(UUID.init(text:))))
        }
      return accounts
    }
  }

  /// The account with this name, in any case.
  public func account(named name: String) throws(RosterError) -> AccountRecord? {
    try all().first { $0.name.lowercased() == name.lowercased() }
  }

  /// Adds an account, or replaces the role, password and teams of the one with this name
  /// (an import's; a change of one of them goes through ``setRole(of:to:teams:)`` or
  /// ``setPasswordHash(of:to:replacing:)``).
  public func saveAccount(_ account: AccountRecord) async throws(RosterError) {
    try await store.recordAccess { connection in
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
      try HolderColumns.setTeams(
        account.role == .owner ? nil : account.teams, of: account.name, in: "account_team",
        by: "account", connection)
      try Self.keepsAnOwner(connection, had: owners, besides: account.name)
    }
  }

  /// Sets an account's role and the teams it holds on (nil for every team), and nothing else:
  /// a password changed meanwhile stays. The last owner cannot stop being one.
  public func setRole(of name: String, to role: Role, teams: Set<UUID>?) async throws(RosterError) {
    try await store.recordAccess { connection in
      let owners = try Self.owners(connection)
      try connection.prepare("UPDATE account SET role = ?2 WHERE name = ?1")
        .bind(.text(name), .text(role.rawValue)).run()
      try HolderColumns.setTeams(
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

  /// Removes an account and its sessions; false when there was none.
  @discardableResult
  public func deleteAccount(named name: String) async throws(RosterError) -> Bool {
    // What the features keep for it (its Discord link) goes with it.
    try await store.recordAccess(removing: name) { connection in
      let owners = try Self.owners(connection)
      try connection.prepare("DELETE FROM account WHERE name = ?1").bind(.text(name))
        .run()
      let deleted = connection.changes > 0
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
}

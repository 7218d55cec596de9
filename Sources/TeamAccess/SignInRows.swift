import Foundation
import TeamKit
@_spi(Rows) import TeamStore

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

/// The signed-in browsers and the failed sign-ins (``RosterStore/signIns``), in the roster's
/// database: every server on it knows the same sessions and counts the same failures.
public struct SignInRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// The signed-in browsers and the failed sign-ins.
  public var signIns: SignInRows { SignInRows(store: self) }
}

extension SignInRows {
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
    try await store.recordAccess { connection in
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
}

import Foundation
import TeamStore

extension AccessControl {
  /// What `identity` is now, as stored: its account's (or token's) role, teams and player;
  /// nil once its session ended or expired, its token was revoked or its account removed.
  /// A live stream asks before it sends what only some may see: one read of the session
  /// and its account, or of the token, by their keys.
  public func current(_ identity: Identity) throws -> Identity? {
    switch identity.kind {
    case .local:
      return identity
    case .token(let digest):
      // Named as ``identity(bearer:)`` names it.
      return try store.tokens.token(hash: digest).map {
        Identity(name: "token:" + $0.name, role: $0.role, kind: identity.kind, teams: $0.teams)
      }
    case .session(let digest):
      guard let session = try store.signIns.session(tokenHash: digest),
        let account = try store.accounts.account(named: session.account)
      else { return nil }
      let date = now()
      guard date.timeIntervalSince(session.lastSeen) < policy.idleTimeout,
        date.timeIntervalSince(session.createdAt) < policy.absoluteTimeout
      else { return nil }
      return Identity(
        name: account.name, role: account.role, kind: identity.kind, teams: account.teams,
        player: account.player)
    }
  }
}

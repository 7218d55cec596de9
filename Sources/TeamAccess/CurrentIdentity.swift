import TeamStore

extension AccessControl {
  /// What `identity` is now, as stored: its account's (or token's) role, teams and player;
  /// nil once its session ended or expired, its token was revoked or its account removed.
  /// A live stream asks before it sends what only some may see.
  public func current(_ identity: Identity) throws -> Identity? {
    guard try stillValid(identity) else { return nil }
    switch identity.kind {
    case .local:
      return identity
    case .token(let digest):
      // Named as ``identity(bearer:)`` names it.
      return try store.token(hash: digest).map {
        Identity(name: "token:" + $0.name, role: $0.role, kind: identity.kind, teams: $0.teams)
      }
    case .session(let digest):
      guard let session = try store.session(tokenHash: digest),
        let account = try store.account(named: session.account)
      else { return nil }
      return Identity(
        name: account.name, role: account.role, kind: identity.kind, teams: account.teams,
        player: account.player)
    }
  }
}

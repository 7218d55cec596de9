import Foundation
import Synchronization
import TeamKit

/// Changes of who may do what (an account's role, teams or player, a removal, an end of
/// sessions or tokens): counted as they commit, told to this process's live streams and to
/// the other servers on the same PostgreSQL database. The rows themselves are the accounts
/// feature's (TeamAccess); the store counts and tells.
extension RosterStore {
  /// Counted up once each change of who may do what commits in this process, before the
  /// live streams hear of the next change, and as soon as another server on the same
  /// PostgreSQL database says it made one (``listenForChanges()``): a stream checks its
  /// identity again when this moved (a `kcorp` command's change to a SQLite file is found by
  /// the streams' periodic check).
  public var accessVersion: Int { accessChanges.load(ordering: .acquiring) }

  /// Calls `handler` (on any thread) each time another server changed who may do what.
  /// Returns an id for ``removeAccessObserver(_:)``.
  @discardableResult
  public func onAccessChange(_ handler: @escaping @Sendable () -> Void) -> Int {
    state.withLock {
      let id = $0.nextObserverID
      $0.nextObserverID += 1
      $0.accessObservers[id] = handler
      return id
    }
  }

  /// Stops calling a handler registered with ``onAccessChange(_:)``.
  public func removeAccessObserver(_ id: Int) {
    _ = state.withLock { $0.accessObservers.removeValue(forKey: id) }
  }

  /// Another server changed who may do what: counted, and told.
  func accessChangedElsewhere() {
    accessChanges.add(1, ordering: .releasing)
    for handler in state.withLock({ Array($0.accessObservers.values) }) { handler() }
  }

  /// ``record(_:)`` for a change of who may do what: counted in ``accessVersion``, and told
  /// to the other servers on the same PostgreSQL database as it commits. With
  /// `removing`, the account of that name is removed by `body`: each feature that follows
  /// changes forgets what it kept for it, in the same transaction.
  @_spi(Rows) public func recordAccess<T: Sendable>(
    removing account: String? = nil, _ body: @escaping (any SQLConnection) throws -> T
  ) async throws(RosterError) -> T {
    try await perform(
      { writer, _ in
        // What a follower keeps may name the account (Discord's links).
        writer.followersMayHaveChanged()
        let result = try body(writer.connection)
        if let account { try writer.followAccountRemoval(account) }
        #if canImport(CPostgreSQL)
          if let connection = writer.connection as? PostgresConnection {
            try connection.execute("SELECT pg_notify('kcorp_access', '')")
          }
        #endif
        return (nil, result)
      },
      committed: { [self] in accessChanges.add(1, ordering: .releasing) })
  }
}

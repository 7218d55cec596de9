import Foundation
import Synchronization
import TeamKit

/// The rows one change wrote: what follows from the change (a feature's posts, the links a
/// move ends) looks at those alone, never at the whole organisation.
@_spi(Rows) public struct Touched: Sendable, Equatable {
  /// Players added, edited, moved, removed or restored, or whose hours changed.
  public var players: Set<UUID> = []
  /// Events planned, changed or cancelled, with their answers and games.
  public var events: Set<UUID> = []
  /// Everything at once (an import, a team's removal, a team's time zone): every row is
  /// looked at.
  public var all = false

  public init() {}

  public var isEmpty: Bool { !all && players.isEmpty && events.isEmpty }

  public func has(player id: UUID) -> Bool { all || players.contains(id) }

  public func has(event id: UUID) -> Bool { all || events.contains(id) }
}

/// A feature's work in the transaction of every change, from the rows the change wrote:
/// durable with the change, undone with it when it is refused. Registered once per store
/// with ``RosterStore/follow(_:)``.
@_spi(Rows) public protocol ChangeFollower: Sendable {
  /// What the follower needs in each commit (its settings), read in the commit's
  /// transaction the first time a change touches rows, and kept between commits while
  /// nothing can have changed it. nil when the feature is off: changes are then not looked at.
  func state(_ connection: any SQLConnection) throws -> (any Sendable)?
  /// Follows one change from `before` to `after` that wrote the rows `touched` names.
  func follow(
    _ state: any Sendable, from before: Roster, to after: Roster, touched: Touched,
    at now: Date, in transaction: FollowerTransaction) throws
  /// Forgets what the feature keeps for the account `name`, removed in this transaction (a
  /// new account of the same name is someone else).
  func forget(account name: String, in transaction: FollowerTransaction) throws
}

extension ChangeFollower {
  public func forget(account name: String, in transaction: FollowerTransaction) throws {}
}

/// The transaction a follower writes in: the committer's, with its kept statements.
@_spi(Rows) public struct FollowerTransaction {
  let writer: Writer

  /// A statement of the writer's connection, compiled once and kept.
  public func statement(_ sql: String) throws -> any SQLStatement {
    try writer.statement(sql)
  }

  /// How many rows the last statement changed.
  public var changes: Int { writer.connection.changes }

  /// Forgets what the followers keep: this write may have changed it.
  public func statesMayHaveChanged() { writer.followersMayHaveChanged() }
}

extension RosterStore {
  /// Registers `follower` for every change committed from now on, in place of one of its
  /// type already registered.
  @_spi(Rows) public func follow(_ follower: some ChangeFollower) {
    writer.withLock { $0.follow(follower) }
  }
}

extension Writer {
  func follow(_ follower: some ChangeFollower) {
    let kind = ObjectIdentifier(type(of: follower))
    followers.removeAll { ObjectIdentifier(type(of: $0)) == kind }
    followers.append(follower)
    followerStates = [:]
  }

  /// Forgets the states the followers keep: a change may have touched them.
  func followersMayHaveChanged() { followerStates = [:] }

  /// Tells each follower that the account `name` is removed, in the transaction removing it.
  func followAccountRemoval(_ name: String) throws {
    for follower in followers {
      try follower.forget(account: name, in: FollowerTransaction(writer: self))
    }
  }

  /// Runs each follower on one change, in its savepoint.
  func followChange(from before: Roster, to after: Roster, at now: Date) throws {
    guard !touched.isEmpty else { return }
    for (index, follower) in followers.enumerated() {
      let state: (any Sendable)?
      if let kept = followerStates[index] {
        state = kept
      } else {
        state = try follower.state(connection)
        // Kept only where another connection's commit is seen, whatever it changed.
        if connection.markerSeesEveryCommit { followerStates[index] = .some(state) }
      }
      guard let state else { continue }
      try follower.follow(
        state, from: before, to: after, touched: touched, at: now,
        in: FollowerTransaction(writer: self))
    }
  }
}

import Foundation
import Synchronization
import TeamKit

/// The write path: every change is a job for the store's committer thread, which commits the
/// jobs queued meanwhile in one transaction (group commit) and resumes each caller once that
/// transaction is durable.
extension RosterStore {
  /// Runs one change on the committer thread and returns its result once committed: the
  /// one write path. `change` gets the writer and the current roster and returns the new
  /// roster, or nil when it changed nothing, with its result. Changes queued while a commit
  /// is under way are committed together in the next transaction, so they share one disk
  /// sync; each runs in its own savepoint, so one that fails is undone alone. `committed`
  /// runs once the change is, on the committer thread, before the observers hear of its
  /// transaction.
  func perform<T: Sendable>(
    _ change: @escaping (Writer, Roster) throws -> (Roster?, T),
    committed: (@Sendable () -> Void)? = nil
  ) async throws(RosterError) -> T {
    let result = await withCheckedContinuation { continuation in
      enqueue(change) { result in
        if case .success = result { committed?() }
        continuation.resume(returning: result)
      }
    }
    return try result.get()
  }

  /// Queues one change for the committer thread; `done` gets its result on that thread once
  /// the transaction holding it is committed (or has failed).
  private func enqueue<T: Sendable>(
    _ change: @escaping (Writer, Roster) throws -> (Roster?, T),
    then done: @escaping @Sendable (Result<T, RosterError>) -> Void
  ) {
    let value = Mutex<T?>(nil)
    let job = PendingWrite { writer, roster in
      let (next, result) = try change(writer, roster)
      value.withLock { $0 = result }
      return next
    } done: { [path] outcome in
      switch outcome {
      case .success:
        guard let result = value.withLock({ $0 }) else {
          preconditionFailure("a committed write left no result")
        }
        done(.success(result))
      case .failure(let error):
        done(.failure(Self.rosterError(error, path: path)))
      }
    }
    guard commits.add(job) else { return }
    // No committer thread runs: this write starts one. It ends once idle for a while, and
    // holds the store only while committing: the callers, told after, may close it.
    Thread.detachNewThread { [weak self, commits] in
      while let batch = commits.take(idle: 2) {
        guard let store = self else {
          for job in batch { job.outcome = .failure(CancellationError()) }
          for job in batch { job.finish() }
          continue
        }
        // The snapshot the batch replaces goes last: freeing a large roster releases every
        // player, work no answer should wait for.
        let replaced = store.roster
        let published = store.commitTogether(batch)
        // Callers first: an answer never waits for the live updates.
        for job in batch { job.finish() }
        if let (update, handlers) = published {
          for handler in handlers { handler(update) }
        }
        withExtendedLifetime(replaced) {}
      }
    }
  }

  /// Commits `batch` in one transaction and makes the new roster the one readers see.
  private func commitTogether(_ batch: [PendingWrite]) -> (
    RosterUpdate, [@Sendable (RosterUpdate) -> Void]
  )? {
    writer.withLock { writer in
      writer.commit(batch, onto: roster, cutoff: Self.cutoff(now()), at: now()).map {
        publish($0.roster, changes: $0.changes)
      }
    }
  }

  /// Makes `roster` the snapshot readers see; returns the update and the observers to tell.
  func publish(_ roster: Roster, changes: [RosterChange]) -> (
    RosterUpdate, [@Sendable (RosterUpdate) -> Void]
  ) {
    state.withLock {
      $0.roster = roster
      return (RosterUpdate(roster: roster, changes: changes), Array($0.observers.values))
    }
  }
}

/// A change waiting in ``RosterStore``'s write queue.
///
/// `@unchecked Sendable`: the fields are written by the committer thread only, before
/// `done` is called.
final class PendingWrite: @unchecked Sendable {
  /// The change; dropped once run.
  private var work: ((Writer, Roster) throws -> Roster?)?
  var outcome: Result<Void, any Error> = .success(())
  private let done: @Sendable (Result<Void, any Error>) -> Void

  init(
    work: @escaping (Writer, Roster) throws -> Roster?,
    done: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.work = work
    self.done = done
  }

  func run(_ writer: Writer, _ roster: Roster) throws -> Roster? {
    try work?(writer, roster)
  }

  /// Tells the caller how its change ended.
  func finish() {
    work = nil
    done(outcome)
  }
}

/// The writes waiting for the next commit, and whether a committer thread runs.
///
/// `@unchecked Sendable`: every field is read and written with `condition` locked.
final class CommitQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [PendingWrite] = []
  private var running = false

  /// How many writes wait for the next commit.
  var count: Int {
    condition.lock()
    defer { condition.unlock() }
    return jobs.count
  }

  /// Queues `job`; true when no committer thread runs, and the caller must start one.
  func add(_ job: PendingWrite) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    jobs.append(job)
    condition.signal()
    defer { running = true }
    return !running
  }

  /// Every job queued, once there is one; nil when none came for `idle` seconds, and the
  /// committer thread is to end.
  func take(idle: TimeInterval) -> [PendingWrite]? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = SystemClock.now().addingTimeInterval(idle)
    while jobs.isEmpty {
      if !condition.wait(until: deadline) && jobs.isEmpty {
        running = false
        return nil
      }
    }
    defer { jobs = [] }
    return jobs
  }
}

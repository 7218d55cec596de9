import Foundation
import Synchronization
import TeamKit

/// The write path: every change is a job in the store's queue, committed by the store's
/// committer thread, which commits the jobs queued meanwhile in one transaction (group
/// commit). On SQLite, a write that comes while nothing commits, on a thread allowed to
/// (``commitInline(when:)``: a request's polling thread), is committed at once on that
/// thread: the write is parsed, committed and answered with no hop between threads, as a
/// shell's would be; the writes that come meanwhile go to the committer thread. Each
/// caller is resumed once its transaction is durable.
extension RosterStore {
  /// Runs one change and returns its result once committed: the one write path. `change`
  /// gets the writer and the current roster and returns the new roster, or nil when it
  /// changed nothing, with its result. Changes queued while a commit is under way are
  /// committed together in the next transaction, so they share one disk sync; each runs in
  /// its own savepoint, so one that fails is undone alone. `committed` runs once the change
  /// is, before the observers hear of its transaction.
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

  /// Runs `body` in the committer's next transaction (the roster unchanged), returning once
  /// committed: a feature's own rows beside the roster.
  @_spi(Rows) public func record<T: Sendable>(
    _ body: @escaping (any SQLConnection) throws -> T
  ) async throws(RosterError) -> T {
    try await perform { writer, _ in
      // Records may touch anything beside the roster, what a follower keeps among it.
      writer.followersMayHaveChanged()
      return (nil, try body(writer.connection))
    }
  }

  /// Queues one change; `done` gets its result once the transaction holding it is
  /// committed (or has failed): at once, on this thread, when this write leads.
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
    let leading = leadsInline.withLock { $0?() ?? false }
    switch commits.add(job, leading: leading) {
    case .queued: return
    case .startThread: startCommitter()
    case .lead:
      commit(commits.takeAll())
      if commits.leaderDone() { startCommitter() }
    }
  }

  /// Lets a write that comes while nothing commits be committed at once on its caller's
  /// thread when `allowed` says so (a server's polling threads, which only read requests
  /// and write answers): the write then costs no hop between threads. Never a thread of
  /// the concurrency pool, which a commit, or an observer that waits, would hold. On SQLite
  /// only; every other write goes through the committer thread.
  public func commitInline(when allowed: @escaping @Sendable () -> Bool) {
    // PostgreSQL's commit waits on the network: never on a thread that serves requests.
    if case .postgres = location { return }
    leadsInline.withLock { $0 = allowed }
  }

  /// The committer thread's name, as a profile or a debugger shows it.
  static let committerName = "kcorp committer"

  /// Starts the committer thread, which commits what is queued until none came for a
  /// while. It holds the store only while committing: the callers, told after, may close it.
  private func startCommitter() {
    Thread.detachNewThread { [weak self, commits] in
      Thread.current.name = RosterStore.committerName
      while let batch = commits.take(idle: 2) {
        guard let store = self else {
          for job in batch { job.outcome = .failure(CancellationError()) }
          for job in batch { job.finish() }
          continue
        }
        store.commit(batch)
      }
    }
  }

  /// Commits `batch`, then tells its callers and the observers.
  private func commit(_ batch: [PendingWrite]) {
    // The snapshot the batch replaces goes last: freeing a large roster releases every
    // player, work no answer should wait for.
    let replaced = roster
    let published = commitTogether(batch)
    // Callers first: their answers never wait for the live updates, but a leader's, whose
    // thread tells the observers (the server's: a few microseconds a live stream).
    for job in batch { job.finish() }
    if let (update, handlers) = published {
      for handler in handlers { handler(update) }
    }
    withExtendedLifetime(replaced) {}
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

/// The writes waiting for the next commit, and who commits them: a leader (a caller
/// committing on its own thread) or the committer thread.
///
/// `@unchecked Sendable`: every field is read and written with `condition` locked.
final class CommitQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [PendingWrite] = []
  /// Whether a leader or the committer thread is committing: it takes what is queued.
  private var committing = false
  /// Whether the committer thread runs (committing, or waiting for a turn to be handed over).
  private var threadRuns = false
  /// Set when the waiting committer thread is handed the turn, with writes queued.
  private var handedOver = false
  /// Whether the last batch held several writes: writes come together, and the committer
  /// thread gathers them better than leaders would.
  private var together = false

  /// What a queued write's caller does.
  enum Turn {
    /// Commit now, on its own thread (``takeAll()``, then ``leaderDone()``).
    case lead
    /// Start the committer thread, whose turn it is.
    case startThread
    /// Nothing: who commits takes it.
    case queued
  }

  /// How many writes wait for the next commit.
  var count: Int {
    condition.lock()
    defer { condition.unlock() }
    return jobs.count
  }

  /// Queues `job`. When nothing commits, its caller leads when `leading` allows and writes
  /// do not come together (``together``), else the committer thread takes the turn.
  func add(_ job: PendingWrite, leading: Bool) -> Turn {
    condition.lock()
    defer { condition.unlock() }
    jobs.append(job)
    guard !committing else { return .queued }
    committing = true
    if leading && !together { return .lead }
    return handOver() ? .startThread : .queued
  }

  /// The leader's batch: every write queued.
  func takeAll() -> [PendingWrite] {
    condition.lock()
    defer {
      jobs = []
      condition.unlock()
    }
    together = jobs.count > 1
    return jobs
  }

  /// Ends a leader's turn: the writes queued meanwhile go to the committer thread. True
  /// when it is not running, and the caller must start it.
  func leaderDone() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !jobs.isEmpty else {
      committing = false
      return false
    }
    return handOver()
  }

  /// Gives the turn to the committer thread; true when it is to be started.
  private func handOver() -> Bool {
    if threadRuns {
      handedOver = true
      condition.signal()
      return false
    }
    threadRuns = true
    return true
  }

  /// The committer thread's next batch: what was queued while it committed, or, once it
  /// has given its turn up, what it is handed; nil when nothing was for `idle` seconds, and
  /// the thread is to end.
  func take(idle: TimeInterval) -> [PendingWrite]? {
    condition.lock()
    defer { condition.unlock() }
    if jobs.isEmpty {
      committing = false
      let deadline = SystemClock.now().addingTimeInterval(idle)
      while !handedOver {
        if !condition.wait(until: deadline) && !handedOver {
          threadRuns = false
          return nil
        }
      }
      handedOver = false
    }
    together = jobs.count > 1
    defer { jobs = [] }
    return jobs
  }
}

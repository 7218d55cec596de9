import Foundation
import Synchronization
import TeamKit
import WebBase

/// The server's background work in one place: each job is registered with its name and how
/// often it turns, started with the server and stopped with it. A job's turns never overlap;
/// a turn that fails is logged when the job starts failing and tried again at the next. The
/// owner's `/healthz` lists each job's state.
public final class Jobs: Sendable {
  /// What a job did last, as `/healthz` shows it.
  public struct State: Sendable, Equatable {
    public let name: String
    public let every: Duration
    /// How many turns ended.
    public var turns = 0
    /// When the last turn ended.
    public var lastEnded: Date?
    /// Why the last turn failed; nil when it succeeded.
    public var failure: String?
  }

  private struct Job {
    package var state: State
    package var atStart: Bool
    package var turn: @Sendable () async throws -> Void
  }

  private struct Runtime {
    package var jobs: [Job] = []
    package var tasks: [Task<Void, Never>] = []
    package var started = false
  }

  private let now: @Sendable () -> Date
  private let runtime = Mutex(Runtime())

  /// Jobs whose dates come from `now` (the store's clock).
  public init(now: @escaping @Sendable () -> Date) { self.now = now }

  /// Adds a job turning every `every`, its first turn one period after the start (or at the
  /// start with `atStart`); started at once when the jobs already are.
  public func register(
    _ name: String, every: Duration, atStart: Bool = false,
    _ turn: @escaping @Sendable () async throws -> Void
  ) {
    let (index, started) = runtime.withLock { runtime in
      runtime.jobs.append(
        Job(state: State(name: name, every: every), atStart: atStart, turn: turn))
      return (runtime.jobs.count - 1, runtime.started)
    }
    if started { launch(index) }
  }

  /// Adds a job whose turn blocks its thread (a read of the database, a file copied): it
  /// runs on a thread of Dispatch's, never on one of the concurrency pool's few.
  public func register(
    _ name: String, every: Duration, blocking turn: @escaping @Sendable () throws -> Void
  ) {
    register(name, every: every) {
      try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
        DispatchQueue.global().async { done.resume(with: Result { try turn() }) }
      }
    }
  }

  /// Starts every job registered, and those registered from now on.
  public func start() {
    let count = runtime.withLock { runtime in
      defer { runtime.started = true }
      return runtime.started ? 0 : runtime.jobs.count
    }
    for index in 0..<count { launch(index) }
  }

  /// Each job's state, in the order they were registered.
  public var states: [State] { runtime.withLock { $0.jobs.map(\.state) } }

  /// Stops every job: a turn under way ends at its next wait, and no other begins. What the
  /// turns held (the store, their clients) is let go of.
  public func stop() {
    let tasks = runtime.withLock { runtime in
      defer {
        runtime.started = false
        runtime.tasks = []
        for index in runtime.jobs.indices { runtime.jobs[index].turn = {} }
      }
      return runtime.tasks
    }
    for task in tasks { task.cancel() }
  }

  deinit { for task in runtime.withLock({ $0.tasks }) { task.cancel() } }

  private func launch(_ index: Int) {
    let (every, atStart) = runtime.withLock { ($0.jobs[index].state.every, $0.jobs[index].atStart) }
    // Holds the jobs only during a turn: jobs no one keeps stop by themselves.
    let task = Task.detached { [weak self] in
      var first = true
      while !Task.isCancelled {
        if !(first && atStart) { try? await Task.sleep(for: every) }
        first = false
        guard !Task.isCancelled, let jobs = self else { return }
        await jobs.turn(index)
      }
    }
    // Stopped meanwhile: this one too.
    let kept = runtime.withLock { runtime in
      if runtime.started { runtime.tasks.append(task) }
      return runtime.started
    }
    if !kept { task.cancel() }
  }

  private func turn(_ index: Int) async {
    let (name, turn, wasFailing) = runtime.withLock {
      ($0.jobs[index].state.name, $0.jobs[index].turn, $0.jobs[index].state.failure != nil)
    }
    var failure: String?
    do { try await turn() } catch {
      failure = "\(error)"
      if !wasFailing { Log.error("\(name) failed: \(error)") }
    }
    let ended = now()
    runtime.withLock {
      $0.jobs[index].state.turns += 1
      $0.jobs[index].state.lastEnded = ended
      $0.jobs[index].state.failure = failure
    }
  }
}

import Foundation
import Synchronization
import TeamKit

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

  /// A job's turn: awaited on the concurrency pool, or run on a thread of Dispatch's.
  private enum Turn {
    case async(@Sendable () async throws -> Void)
    case blocking(@Sendable () throws -> Void)
  }

  private struct Job {
    var state: State
    var atStart: Bool
    var turn: Turn
  }

  /// A Dispatch timer, which Dispatch lets any thread resume and cancel.
  private struct Timer: @unchecked Sendable {
    let source: any DispatchSourceTimer
  }

  private struct Runtime {
    var jobs: [Job] = []
    var tasks: [Task<Void, Never>] = []
    var timers: [Timer] = []
    var started = false
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
    register(Job(state: State(name: name, every: every), atStart: atStart, turn: .async(turn)))
  }

  /// Adds a job whose turn blocks its thread (a read of the database, a file copied, a
  /// stream written): it is timed and run by Dispatch, never on one of the concurrency
  /// pool's few threads, so that it turns even while they are all busy.
  public func register(
    _ name: String, every: Duration, blocking turn: @escaping @Sendable () throws -> Void
  ) {
    register(Job(state: State(name: name, every: every), atStart: false, turn: .blocking(turn)))
  }

  private func register(_ job: Job) {
    let (index, started) = runtime.withLock { runtime in
      runtime.jobs.append(job)
      return (runtime.jobs.count - 1, runtime.started)
    }
    if started { launch(index) }
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
    let (tasks, timers) = runtime.withLock { runtime in
      defer {
        runtime.started = false
        runtime.tasks = []
        runtime.timers = []
        for index in runtime.jobs.indices { runtime.jobs[index].turn = .async {} }
      }
      return (runtime.tasks, runtime.timers)
    }
    for task in tasks { task.cancel() }
    for timer in timers { timer.source.cancel() }
  }

  deinit {
    let (tasks, timers) = runtime.withLock { ($0.tasks, $0.timers) }
    for task in tasks { task.cancel() }
    for timer in timers { timer.source.cancel() }
  }

  private func launch(_ index: Int) {
    let (state, atStart, turn) = runtime.withLock {
      ($0.jobs[index].state, $0.jobs[index].atStart, $0.jobs[index].turn)
    }
    if case .blocking = turn {
      // One serial queue per job: its turns never overlap (a late one is coalesced).
      let timer = Timer(
        source: DispatchSource.makeTimerSource(queue: DispatchQueue(label: "kcorp.\(state.name)")))
      let interval = DispatchTimeInterval.nanoseconds(
        Int(state.every.components.seconds) * 1_000_000_000
          + Int(state.every.components.attoseconds / 1_000_000_000))
      timer.source.schedule(deadline: .now() + interval, repeating: interval)
      // Holds the jobs only during a turn: jobs no one keeps stop by themselves.
      timer.source.setEventHandler { [weak self] in self?.blockingTurn(index) }
      let kept = runtime.withLock { runtime in
        if runtime.started { runtime.timers.append(timer) }
        return runtime.started
      }
      if kept { timer.source.resume() }
      return
    }
    let every = state.every
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
    let (turn, wasFailing) = runtime.withLock {
      ($0.jobs[index].turn, $0.jobs[index].state.failure != nil)
    }
    guard case .async(let work) = turn else { return }  // blocking ones are Dispatch's
    var failure: String?
    do { try await work() } catch { failure = "\(error)" }
    ended(index, failure: failure, wasFailing: wasFailing)
  }

  private func blockingTurn(_ index: Int) {
    let (turn, wasFailing) = runtime.withLock {
      ($0.jobs[index].turn, $0.jobs[index].state.failure != nil)
    }
    guard case .blocking(let work) = turn else { return }  // stopped meanwhile
    var failure: String?
    do { try work() } catch { failure = "\(error)" }
    ended(index, failure: failure, wasFailing: wasFailing)
  }

  /// A turn's end, on the job's state; a failure logged when the job starts failing.
  private func ended(_ index: Int, failure: String?, wasFailing: Bool) {
    let ended = now()
    let name = runtime.withLock { runtime in
      runtime.jobs[index].state.turns += 1
      runtime.jobs[index].state.lastEnded = ended
      runtime.jobs[index].state.failure = failure
      return runtime.jobs[index].state.name
    }
    if let failure, !wasFailing { Log.error("\(name) failed: \(failure)") }
  }
}

import Foundation
import Synchronization

/// Where one request's handler runs: on the polling thread that read the request, inline,
/// until it first awaits something that is not ready (a write's commit, a password's hash);
/// from then on, on ``HandlerThreads``. A handler that never waits (a read from memory)
/// answers before its task's creation returns, with no hop between threads.
final class RequestExecutor: TaskExecutor {
  private let started = Atomic(false)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // The first job is the task's start, enqueued as the polling thread creates it.
    if !started.exchange(true, ordering: .acquiringAndReleasing) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    } else {
      HandlerThreads.shared.run(job, on: self)
    }
  }
}

/// The threads on which handlers go on after they await: the server's own, one per core,
/// so that nothing else in the process (a task that blocks a thread of the shared
/// concurrency pool, a test waiting on a socket) can keep an answer from being sent.
///
/// `@unchecked Sendable`: `jobs` is read and written with `condition` locked.
final class HandlerThreads: @unchecked Sendable {
  /// One set for the process: started on first use, kept for its life.
  static let shared = HandlerThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private let condition = NSCondition()
  private var jobs: [(job: UnownedJob, executor: RequestExecutor)] = []

  private init(count: Int) {
    for index in 0..<count {
      let thread = Thread { [self] in serve() }
      thread.name = "kcorp handler \(index + 1)"
      thread.start()
    }
  }

  /// Runs `job` on one of the threads, as `executor`'s.
  func run(_ job: UnownedJob, on executor: RequestExecutor) {
    condition.lock()
    jobs.append((job, executor))
    condition.signal()
    condition.unlock()
  }

  private func serve() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let (job, executor) = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: executor.asUnownedTaskExecutor())
    }
  }
}

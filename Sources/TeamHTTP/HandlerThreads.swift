import Foundation
import Synchronization

/// The threads on which handlers go on after they await: the server's own, one per core,
/// so that nothing else in the process (a task that blocks a thread of the shared
/// concurrency pool, a test waiting on a socket) can keep an answer from being sent.
///
/// `@unchecked Sendable`: `jobs` is read and written with `condition` locked.
final class HandlerThreads: @unchecked Sendable {
  /// One set for the process: started on first use, kept for its life.
  static let shared = HandlerThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private let condition = NSCondition()
  private var jobs: [(job: UnownedJob, executor: RequestState)] = []

  private init(count: Int) {
    for index in 0..<count {
      let thread = Thread { [self] in serve() }
      thread.name = "kcorp handler \(index + 1)"
      thread.start()
    }
  }

  /// Runs `job` on one of the threads, as `executor`'s.
  func run(_ job: UnownedJob, on executor: RequestState) {
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

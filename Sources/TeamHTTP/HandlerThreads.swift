import Foundation

/// The threads on which handlers go on after they await (a write's commit, a password's
/// hash): the server's own, one per core, so that nothing else in the process (a task that
/// blocks a thread of the shared concurrency pool, a test waiting on a socket) can keep an
/// answer from being sent.
///
/// `@unchecked Sendable`: `jobs` is read and written with `condition` locked.
final class HandlerThreads: TaskExecutor, @unchecked Sendable {
  /// One set for the process: started on first use, kept for its life.
  static let shared = HandlerThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  private init(count: Int) {
    for index in 0..<count {
      let thread = Thread { [self] in serve() }
      thread.name = "kcorp handler \(index + 1)"
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func serve() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

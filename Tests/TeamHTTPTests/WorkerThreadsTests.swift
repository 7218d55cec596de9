import Foundation
import Synchronization
import Testing

@testable import TeamHTTP

/// The threads that answer writes: every piece of work under way has one, and idle ones are
/// reused rather than a thread started per request.
@Suite(.timeLimit(.minutes(1))) struct WorkerThreadsTests {
  @Test func workThatWaitsForOtherWorkNeverQueuesBehindIt() {
    // Fifty pieces that each wait until all fifty run: they finish only if each has a thread.
    let workers = WorkerThreads()
    let count = 50
    let arrived = Atomic<Int>(0)
    let allThere = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for _ in 0..<count {
      finished.enter()
      workers.run {
        if arrived.add(1, ordering: .relaxed).newValue == count {
          for _ in 0..<count { allThere.signal() }
        }
        _ = allThere.wait(timeout: .now() + 20)
        finished.leave()
      }
    }
    #expect(finished.wait(timeout: .now() + 30) == .success)
    #expect(arrived.load(ordering: .relaxed) == count)
  }

  @Test func oneAfterAnotherThePiecesShareTheIdleThreads() {
    let workers = WorkerThreads()
    let threads = Mutex<Set<UInt>>([])
    for _ in 0..<200 {
      let done = DispatchSemaphore(value: 0)
      workers.run {
        threads.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
        done.signal()
      }
      done.wait()
      // Once the thread that ran it waits again (it may still be between the piece and
      // its wait), the next piece is its.
      #expect(eventually { workers.idleThreads == 1 })
    }
    #expect(threads.withLock { $0.count } == 1)
  }

  @Test func anIdleThreadEndsAfterItsLifetime() {
    let workers = WorkerThreads(idleLifetime: 0.3)
    let done = DispatchSemaphore(value: 0)
    workers.run { done.signal() }
    done.wait()
    #expect(eventually { workers.idleThreads == 1 })  // kept for the next piece
    #expect(eventually { workers.idleThreads == 0 })  // then gone
  }

  /// Whether `condition` holds within two seconds.
  private func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<200 {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
  }
}

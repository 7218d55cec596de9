import Foundation
import Synchronization

/// SIGINT and SIGTERM, for the commands that run until told to stop (`serve`, `watch`).
///
/// Both are blocked for the whole process before its first thread starts (every thread
/// inherits the mask), and one thread waits for them: a command that stops cleanly claims
/// them, and a stop sent before it is waited for is kept, never lost; for any other command
/// a stop ends the process as it would have without us.
package enum StopSignals {
  private struct State {
    var claimed = false
    var pending = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private static let state = Mutex(State())

  /// Blocks both signals and starts the thread that waits for them; called first thing.
  package static func install() {
    var signals = set
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    Thread.detachNewThread {
      while true {
        var signals = set
        var received: Int32 = 0
        sigwait(&signals, &received)
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>?? in
          guard state.claimed else { return nil }
          state.pending = state.waiter == nil
          return .some(state.waiter.take())
        }
        guard let waiter else {
          // Unclaimed: the signal's own action, as if it had never been blocked.
          signal(received, SIG_DFL)
          var one = sigset_t()
          sigemptyset(&one)
          sigaddset(&one, received)
          pthread_sigmask(SIG_UNBLOCK, &one, nil)
          raise(received)
          continue
        }
        waiter?.resume()
      }
    }
  }

  /// From now on a stop is this command's to handle (``wait()``).
  package static func claim() { state.withLock { $0.claimed = true } }

  /// Returns at the next stop, or at once for one that came since ``claim()``.
  package static func wait() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        state.claimed = true
        if state.pending {
          state.pending = false
          return true
        }
        state.waiter = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }

  private static var set: sigset_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    return signals
  }
}

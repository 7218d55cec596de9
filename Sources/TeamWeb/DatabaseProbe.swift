import Foundation
import Synchronization
import TeamStore
import WebBase

/// Whether the database answers, for `/healthz`: one check at a time, shared by whoever asks
/// meanwhile, and bounded by its own deadline. A frozen database (a stopped server, a cut
/// network) is reported within that time, not when it answers again.
final class DatabaseProbe: Sendable {
  private let store: RosterStore
  /// Those waiting for the check under way; nil while none runs.
  private let waiting = Mutex<[CheckedContinuation<Bool, Never>]?>(nil)

  init(store: RosterStore) { self.store = store }

  /// True when the database answered a `SELECT 1` within `patience`.
  func answers(within patience: Duration) async -> Bool {
    await withCheckedContinuation { continuation in
      let starts = waiting.withLock { waiting in
        defer { waiting = (waiting ?? []) + [continuation] }
        return waiting == nil
      }
      guard starts else { return }
      // A thread of its own, not one of a pool: the check blocks while the server is
      // silent, and the pools' threads may all be blocked the same way meanwhile.
      let deadline = ContinuousClock.now + patience
      Thread.detachNewThread { [self] in
        let answered = (try? store.checkDatabase(by: deadline)) != nil
        let told = waiting.withLock { waiting in
          defer { waiting = nil }
          return waiting ?? []
        }
        for continuation in told { continuation.resume(returning: answered) }
      }
    }
  }
}

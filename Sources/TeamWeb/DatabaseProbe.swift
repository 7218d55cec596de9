import Synchronization
import TeamStore

/// Whether the database answers, for `/healthz`: one check at a time, waited for at most a
/// given time. A frozen database (a stopped server, a cut network) is reported within that
/// time, not when it answers again, and never holds the thread that asked.
final class DatabaseProbe: Sendable {
  private let store: RosterStore
  /// The check under way, shared by whoever asks meanwhile.
  private let underWay = Mutex<Task<Bool, Never>?>(nil)

  init(store: RosterStore) { self.store = store }

  /// True when the database answered a `SELECT 1` within `patience`.
  func answers(within patience: Duration) async -> Bool {
    let check = underWay.withLock { current in
      if let current { return current }
      let check = Task.detached { [store, self] in
        let answered = (try? store.checkDatabase()) != nil
        self.underWay.withLock { $0 = nil }
        return answered
      }
      current = check
      return check
    }
    return await withCheckedContinuation { continuation in
      let decision = Decision(continuation)
      Task { decision.decide(await check.value) }
      Task {
        try? await Task.sleep(for: patience)
        decision.decide(false)
      }
    }
  }

  /// An answer given once: by whichever of the check and the patience ends first.
  private final class Decision: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>
    init(_ continuation: CheckedContinuation<Bool, Never>) {
      self.continuation = Mutex(continuation)
    }
    func decide(_ answer: Bool) {
      continuation.withLock { continuation in
        continuation?.resume(returning: answer)
        continuation = nil
      }
    }
  }
}

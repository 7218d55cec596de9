import Dispatch
import Synchronization

/// Work that holds a thread (a photo decoded, a password hashed) run off the caller's
/// thread, a few at once: the others wait their turn, up to a limit past which they are
/// refused at once rather than queued without end.
public final class BlockingWork: Sendable {
  private struct State {
    var running = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  /// How many run at once, and how many may wait.
  public let width: Int
  public let queueLimit: Int
  private let state = Mutex(State())

  public init(width: Int, queueLimit: Int) {
    self.width = max(1, width)
    self.queueLimit = max(0, queueLimit)
  }

  /// Runs `work` on a thread of Dispatch's (never one of the concurrency pool's, which a
  /// blocked thread would starve) once a place is free, and returns its result; nil at once
  /// when ``queueLimit`` others already wait.
  public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
    guard await enter() else { return nil }
    defer { leave() }
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
  }

  private func enter() async -> Bool {
    enum Turn { case now, wait, refused }
    let turn = state.withLock { state -> Turn in
      if state.running < width {
        state.running += 1
        return .now
      }
      return state.waiting.count < queueLimit ? .wait : .refused
    }
    switch turn {
    case .now: return true
    case .refused: return false
    case .wait:
      // The place is handed over by `leave`, already counted as running.
      await withCheckedContinuation { continuation in
        let handedOver = state.withLock { state -> Bool in
          if state.running < width {
            state.running += 1
            return true
          }
          state.waiting.append(continuation)
          return false
        }
        if handedOver { continuation.resume() }
      }
      return true
    }
  }

  private func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}

import Foundation
import Synchronization
import TeamKit
import TeamOutbound
import TeamStore

/// The owner's "Download champion art": one sync of Data Dragon at a time, run beside the
/// requests, its progress read by the page.
package final class ChampionSyncJob: Sendable {
  enum State: Hashable, Sendable {
    case idle
    case running(done: Int, total: Int)
    case failed(Message)
    case finished(count: Int, version: String)
  }

  private let state = Mutex(State.idle)
  private let store: RosterStore

  package init(store: RosterStore) { self.store = store }

  var current: State { state.withLock { $0 } }

  /// Starts a sync unless one is under way; returns at once.
  func start(from base: URL) {
    let started = state.withLock { state in
      if case .running = state { return false }
      state = .running(done: 0, total: 0)
      return true
    }
    guard started else { return }
    Task.detached { [self, store] in
      let end: State
      do {
        let art = try await ChampionSync.run(from: base, into: store.artRows.replace) {
          done, total in
          state.withLock { $0 = .running(done: done, total: total) }
        }
        end = .finished(count: art.champions.count, version: art.version)
      } catch let error as DataDragonError {
        end = .failed(error.message)
      } catch {
        end = .failed(
          Message("The champion art could not be stored (%@); nothing was changed.", "\(error)"))
      }
      state.withLock { $0 = end }
    }
  }
}

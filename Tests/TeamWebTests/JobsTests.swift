import Foundation
import Synchronization
import TeamKit
import TestSupport
import Testing

@testable import TeamWeb
@testable import WebBase

/// The one runtime of background work: jobs turn at their period once started, never two
/// turns of one job at once, a failure is kept until a turn succeeds, and a stop ends them
/// and lets go of what they hold.
@Suite struct JobsTests {
  final class Held: Sendable {}

  /// Waits up to 10 s for `condition`.
  private func until(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<1000 {
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  @Test func jobsTurnOnceStartedAndAStopLetsGoOfWhatTheyHold() async throws {
    let jobs = Jobs(now: SystemClock.now)
    let turns = Atomic(0)
    var held: Held? = Held()
    weak let watched = held
    jobs.register("count", every: .milliseconds(20)) { [held] in
      _ = held
      turns.add(1, ordering: .relaxed)
    }
    held = nil
    try await Task.sleep(for: .milliseconds(100))
    let before = turns.load(ordering: .relaxed)
    #expect(before == 0)  // not started
    jobs.start()
    #expect(try await until { jobs.states.first?.turns ?? 0 >= 3 })
    #expect(turns.load(ordering: .relaxed) >= 3 && jobs.states.first?.lastEnded != nil)
    jobs.stop()
    try await Task.sleep(for: .milliseconds(100))
    let stopped = turns.load(ordering: .relaxed)
    try await Task.sleep(for: .milliseconds(100))
    let later = turns.load(ordering: .relaxed)
    #expect(later == stopped)
    #expect(watched == nil)
  }

  @Test func aFailureIsKeptUntilATurnSucceedsAndTurnsNeverOverlap() async throws {
    struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
    let jobs = Jobs(now: SystemClock.now)
    let state = Mutex((turns: 0, running: false, overlapped: false))
    jobs.register("flaky", every: .milliseconds(5)) {
      let turn = state.withLock { state in
        state.overlapped = state.overlapped || state.running
        state.running = true
        state.turns += 1
        return state.turns
      }
      try await Task.sleep(for: .milliseconds(30))  // longer than the period
      state.withLock { $0.running = false }
      if turn <= 2 { throw Broken() }
    }
    jobs.start()
    defer { jobs.stop() }
    #expect(try await until { jobs.states.first?.turns == 1 })
    #expect(jobs.states.first?.failure == "broken")
    #expect(try await until { jobs.states.first?.turns ?? 0 >= 3 })
    #expect(jobs.states.first?.failure == nil)
    #expect(!state.withLock { $0.overlapped })
  }

  @Test func aBlockingJobRegisteredAfterTheStartTurnsAtOnce() async throws {
    let jobs = Jobs(now: SystemClock.now)
    jobs.start()
    defer { jobs.stop() }
    let turned = Atomic(false)
    jobs.register(
      "blocking", every: .milliseconds(10),
      blocking: {
        usleep(1000)  // as a read of the database
        turned.store(true, ordering: .relaxed)
      })
    #expect(try await until { jobs.states.first?.turns ?? 0 >= 1 })
    let didTurn = turned.load(ordering: .relaxed)
    #expect(didTurn)
  }

  @Test func aBlockingJobsTurnsNeverOverlapAndEndWithTheStop() async throws {
    let jobs = Jobs(now: SystemClock.now)
    let state = Mutex((turns: 0, running: false, overlapped: false))
    jobs.register(
      "slow", every: .milliseconds(5),
      blocking: {
        state.withLock { state in
          state.overlapped = state.overlapped || state.running
          state.running = true
          state.turns += 1
        }
        usleep(30_000)  // longer than the period
        state.withLock { $0.running = false }
      })
    jobs.start()
    #expect(try await until { state.withLock { $0.turns } >= 3 })
    jobs.stop()
    try await Task.sleep(for: .milliseconds(500))  // a turn under way ends
    let stopped = state.withLock { $0.turns }
    try await Task.sleep(for: .milliseconds(100))
    #expect(state.withLock { $0.turns } == stopped)
    #expect(!state.withLock { $0.overlapped })
  }

  @Test func aJobAskedToTurnAtTheStartDoesNotWaitAPeriod() async throws {
    let jobs = Jobs(now: SystemClock.now)
    jobs.register("first", every: .seconds(3600), atStart: true) {}
    jobs.register("later", every: .seconds(3600)) {}
    jobs.start()
    defer { jobs.stop() }
    #expect(try await until { jobs.states.first?.turns == 1 })
    #expect(jobs.states.last?.turns == 0)
  }

  @Test func theOwnersHealthLineSaysEachJobsPeriodTurnsAndState() {
    let now = Date(timeIntervalSince1970: 1_000_000)
    var state = Jobs.State(name: "riot", every: .seconds(10))
    #expect(TeamWeb.WebApp.healthLine(state, now: now) == "riot: every 10 s, 0 turns, not yet, ok")
    state.turns = 4
    state.lastEnded = now.addingTimeInterval(-3)
    state.failure = "no network"
    #expect(
      WebApp.healthLine(state, now: now)
        == "riot: every 10 s, 4 turns, last 3 s ago, failing: no network")
    #expect(
      WebApp.healthLine(Jobs.State(name: "discord", every: .milliseconds(500)), now: now)
        == "discord: every 500 ms, 0 turns, not yet, ok")
  }
}

import Foundation
import Synchronization
import TeamAccess
import TeamKit
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// A change of who may do what, made by one server, reaches the others on the same
/// PostgreSQL database as it commits, so that their live streams are checked at once.
@Suite struct AccessChangeTests {
  @Test func anotherServersChangeOfRoleIsToldAsItCommits() async throws {
    let folder = try TemporaryFolder()
    let database = try TestDatabase(.postgres, in: folder)
    let here = try database.open()
    let there = try database.open()
    try await there.accounts.saveAccount(
      AccountRecord(name: "coach", role: .editor, passwordHash: "x", createdAt: SystemClock.now()))
    // Listens until `here` is released.
    _ = try #require(here.listenForChanges())
    try await Task.sleep(for: .milliseconds(300))  // listening
    let told = Atomic(0)
    here.onAccessChange { told.add(1, ordering: .relaxed) }
    let before = here.accessVersion
    try await there.accounts.setRole(of: "coach", to: .viewer, teams: nil)
    let clock = ContinuousClock()
    let start = clock.now
    while told.load(ordering: .relaxed) == 0 && clock.now - start < .seconds(5) {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Well within the streams' periodic check of a second.
    #expect(clock.now - start < .milliseconds(700))
    #expect(here.accessVersion > before)
    #expect(try here.accounts.account(named: "coach")?.role == .viewer)
  }
}

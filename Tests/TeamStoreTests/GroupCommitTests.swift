import Foundation
import Synchronization
import TeamKit
import TestSupport
import Testing

@testable import TeamStore

/// Writes asked for while a commit is under way share the next transaction.
@Suite struct GroupCommitTests {
  let folder: TemporaryFolder
  var path: String { folder.path("roster.sqlite") }

  init() throws { folder = try TemporaryFolder() }

  @Test func writesQueuedDuringACommitShareTheNextAndAFailureIsUndoneAlone() throws {
    let store = try RosterStore(path: path)
    let updates = Mutex<[[String]]>([])
    let outcomes = Mutex<[String: String]>([:])
    let started = Mutex(0)
    let done = DispatchGroup()
    // Eight writes from other threads; the second "Twin" and the second "First" must be
    // refused without undoing the others in their transaction.
    let queued: [(name: String, author: String)] = [
      ("Alpha", "local"), ("Bravo", "local"), ("Charlie", "coach"), ("Delta", "local"),
      ("Echo", "local"), ("Twin", "local"), ("Twin", "local"), ("First", "local"),
    ]
    @Sendable func startQueuedWrites() {
      for (index, write) in queued.enumerated() {
        done.enter()
        // Threads of their own: the dispatch pool may be busy with other tests.
        Thread.detachNewThread {
          started.withLock { $0 += 1 }
          let outcome: String
          do {
            try RosterStore.$author.withValue(write.author) {
              _ = try store.addPlayer(PlayerInput(name: write.name, position: "Mid"))
            }
            outcome = "added"
          } catch RosterError.conflict {
            outcome = "conflict"
          } catch {
            outcome = "\(error)"
          }
          outcomes.withLock { $0["\(index) \(write.name)"] = outcome }
          done.leave()
        }
      }
    }
    // The first commit's observer holds its leader until every other write is queued.
    _ = store.onChange { update in
      let isFirst = updates.withLock { updates in
        updates.append(update.changes.map(\.playerName))
        return updates.count == 1
      }
      guard isFirst else { return }
      startQueuedWrites()
      while started.withLock({ $0 }) < queued.count { usleep(1_000) }
      usleep(200_000)
    }
    try store.addPlayer(PlayerInput(name: "First", position: "Top"))
    done.wait()

    let batches = updates.withLock { $0 }
    #expect(batches.count == 2)
    #expect(batches.first == ["First"])
    #expect(Set(batches.last ?? []) == ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Twin"])
    let results = outcomes.withLock { $0 }
    #expect(results.values.filter { $0 == "added" }.count == 6)
    #expect(results.values.filter { $0 == "conflict" }.count == 2)
    #expect(results["7 First"] == "conflict")

    let reopened = try RosterStore(path: path)
    let names = reopened.players.map(\.name)
    for name in ["First", "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Twin"] {
      #expect(names.filter { $0 == name }.count == 1, "\(name) once in \(names)")
    }
    let history = try reopened.history(limit: 20)
    #expect(history.first { $0.playerName == "Charlie" }?.author == "coach")
    #expect(history.first { $0.playerName == "Alpha" }?.author == "local")
    #expect(history.filter { $0.kind == .added }.count == 7)
  }

  @Test func manyWritersAtOnceLoseNothing() throws {
    let store = try RosterStore(path: path)
    let before = store.players.count
    DispatchQueue.concurrentPerform(iterations: 200) { index in
      let player = try? store.addPlayer(PlayerInput(name: "Writer\(index)", position: "ADC"))
      if index % 2 == 0, let player { _ = try? store.removePlayer(id: player.id) }
    }
    let reopened = try RosterStore(path: path)
    #expect(reopened.players.count == before + 100)
    #expect(reopened.removedPlayers.count == 100)
    #expect(reopened.players == store.players)
  }

  @Test func aWriteAskedForWithoutWaitingIsToldOnceItIsDurable() throws {
    let store = try RosterStore(path: path)
    // The committer is held in the first commit's observer: the caller is not.
    let hold = DispatchSemaphore(value: 0)
    let first = Atomic<Bool>(true)
    _ = store.onChange { _ in
      if first.exchange(false, ordering: .relaxed) { _ = hold.wait(timeout: .now() + 10) }
    }
    let told = Mutex<[Result<Player, RosterError>]>([])
    let seenOnDisk = Mutex<[Bool]>([])
    let finished = DispatchGroup()
    for name in ["Async", "Async"] {
      finished.enter()
      store.addPlayer(PlayerInput(name: name, position: "Jungle")) { result in
        // Told once committed: another connection to the file sees the player already.
        let stored = (try? RosterStore(path: path))?.players.contains { $0.name == name }
        seenOnDisk.withLock { $0.append(stored == true) }
        told.withLock { $0.append(result) }
        finished.leave()
      }
    }
    #expect(told.withLock { $0 }.isEmpty)  // asked, not waited for
    hold.signal()
    #expect(finished.wait(timeout: .now() + 10) == .success)
    let results = told.withLock { $0 }
    #expect(results.count == 2)
    #expect((try? results.first?.get())?.name == "Async")
    guard case .failure(.conflict) = results.last else {
      Issue.record("the second “Async” should be refused, got \(String(describing: results.last))")
      return
    }
    #expect(seenOnDisk.withLock { $0 } == [true, true])
    #expect(store.players.filter { $0.name == "Async" }.count == 1)
  }

  @Test func theStoreIsNotKeptByItsCommitterOnceItsWritesAreDone() throws {
    weak var released: RosterStore?
    do {
      let store = try RosterStore(path: path)
      released = store
      try store.addPlayer(PlayerInput(name: "Last", position: "Top"))
    }
    // Closed at once: the file can be copied whole, or replaced, right after.
    #expect(released == nil)
    #expect(try RosterStore(path: path).players.contains { $0.name == "Last" })
  }

  @Test func lookUpsOfSessionsAndTokensDoNotWaitForACommitUnderWay() throws {
    let store = try RosterStore(path: path)
    let now = Date()
    try store.saveAccount(
      AccountRecord(name: "coach", role: .editor, passwordHash: "not checked", createdAt: now))
    try store.insertSession(
      SessionRecord(tokenHash: "digest", account: "coach", createdAt: now, lastSeen: now))
    // The writer's connection is held, as through a commit and its disk sync.
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      try? store.records { _ in
        held.signal()
        _ = release.wait(timeout: .now() + 10)
      }
    }
    held.wait()
    defer { release.signal() }
    let found = Mutex<SessionRecord??>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let session = try? store.session(tokenHash: "digest")
      found.withLock { $0 = .some(session) }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(found.withLock { $0 }??.account == "coach")
    #expect(try store.tokens().isEmpty)
  }

  @Test(.timeLimit(.minutes(1)))
  func aWriteWaitedForOnTheCommitterThreadStopsTheProgramInsteadOfHangingIt() async {
    await #expect(processExitsWith: .failure) {
      let store = try RosterStore.inMemory()
      _ = store.onChange { _ in
        // An observer runs on the committer thread: this write could never be committed.
        _ = try? store.addPlayer(PlayerInput(name: "Again", position: "Mid"))
      }
      try store.addPlayer(PlayerInput(name: "First", position: "Mid"))
    }
  }
}

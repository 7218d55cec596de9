import Foundation
import Synchronization
import TeamAccess
import TeamKit
import TeamPhoto
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// Writes asked for while a commit is under way share the next transaction.
@Suite struct GroupCommitTests {
  let folder: TemporaryFolder
  var path: String { folder.path("roster.sqlite") }

  init() throws { folder = try TemporaryFolder() }

  /// The players' names each committed update told of.
  final class Updates: Sendable {
    let batches = Mutex<[[String]]>([])
  }

  /// Holds the committer thread in the first update's observer until `release` is called.
  final class Hold: Sendable {
    private let held = Mutex(true)
    private let entered = Atomic(false)

    func observe(_ store: RosterStore, _ updates: Updates) {
      _ = store.onChange { [self] update in
        let isFirst = updates.batches.withLock { batches in
          batches.append(update.changes.map(\.playerName))
          return batches.count == 1
        }
        guard isFirst else { return }
        entered.store(true, ordering: .releasing)
        while held.withLock({ $0 }) { usleep(500) }
      }
    }

    /// Returns once the committer is held.
    func waitUntilHeld() async throws {
      while !entered.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }
    }

    func release() { held.withLock { $0 = false } }
  }

  @Test(arguments: Backend.allCases)
  func writesQueuedDuringACommitShareTheNextAndAFailureIsUndoneAlone(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let updates = Updates()
    let hold = Hold()
    hold.observe(store, updates)
    try await store.playerRows.addPlayer(PlayerInput(name: "First", position: "Top"))
    try await hold.waitUntilHeld()
    // Eight writes while the committer is held; the second "Twin" and the second "First"
    // must be refused without undoing the others in their transaction.
    let queued: [(name: String, author: String)] = [
      ("Alpha", "local"), ("Bravo", "local"), ("Charlie", "coach"), ("Delta", "local"),
      ("Echo", "local"), ("Twin", "local"), ("Twin", "local"), ("First", "local"),
    ]
    let writes = queued.map { write in
      Task { () -> String in
        do {
          try await store.playerRows.addPlayer(
            PlayerInput(name: write.name, position: "Mid"), by: write.author)
          return "added"
        } catch RosterError.conflict {
          return "conflict"
        } catch {
          return "\(error)"
        }
      }
    }
    // Every one of them waits for the next commit before the committer goes on.
    while store.commits.count < queued.count { try await Task.sleep(for: .milliseconds(1)) }
    hold.release()
    var results: [String: String] = [:]
    for (index, write) in writes.enumerated() {
      results["\(index) \(queued[index].name)"] = await write.value
    }

    let batches = updates.batches.withLock { $0 }
    #expect(batches.count == 2)
    #expect(batches.first == ["First"])
    #expect(Set(batches.last ?? []) == ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Twin"])
    #expect(results.values.filter { $0 == "added" }.count == 6)
    #expect(results.values.filter { $0 == "conflict" }.count == 2)
    #expect(results["7 First"] == "conflict")

    let reopened = try db.open()
    let names = reopened.players.map(\.name)
    for name in ["First", "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Twin"] {
      #expect(names.filter { $0 == name }.count == 1, "\(name) once in \(names)")
    }
    let history = try reopened.history(limit: 20)
    #expect(history.first { $0.playerName == "Charlie" }?.author == "coach")
    #expect(history.first { $0.playerName == "Alpha" }?.author == "local")
    #expect(history.filter { $0.kind == .added }.count == 7)
  }

  @Test(arguments: Backend.allCases) func manyWritersAtOnceLoseNothing(_ backend: Backend)
    async throws
  {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let before = store.players.count
    await withTaskGroup(of: Void.self) { group in
      // Fewer than a team holds (PlayerLimits.perTeam) even if every add came first.
      for index in 0..<190 {
        group.addTask {
          let player = try? await store.playerRows.addPlayer(
            PlayerInput(name: "Writer\(index)", position: "ADC"))
          if index % 2 == 0, let player {
            _ = try? await store.playerRows.removePlayer(id: player.id)
          }
        }
      }
    }
    let reopened = try db.open()
    #expect(reopened.players.count == before + 95)
    #expect(reopened.removedPlayers.count == 95)
    #expect(reopened.players == store.players)
  }

  /// A write that comes while nothing commits, on a thread allowed to (a server's polling
  /// thread), is committed there; those that come meanwhile go to the committer thread, and
  /// none is lost.
  @Test func writesCommittedOnTheirOwnThreadAndHandedOverLoseNothing() async throws {
    let store = try RosterStore(path: path)
    store.commitInline(when: { true })
    let committers = Mutex<[String]>([])
    _ = store.onChange { _ in
      committers.withLock { $0.append(Thread.current.name ?? "") }
    }
    let before = store.players.count
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<120 {
        group.addTask {
          _ = try? await store.playerRows.addPlayer(
            PlayerInput(name: "Inline\(index)", position: "Support"))
        }
      }
    }
    #expect(store.players.count == before + 120)
    #expect(try RosterStore(path: path).players == store.players)
    let names = committers.withLock { $0 }
    #expect(names.contains { $0 != RosterStore.committerName }, "\(names)")
  }

  @Test func aWriteIsAnsweredOnlyOnceItIsDurableAndARefusalIsAnsweredAsSuch() async throws {
    let store = try RosterStore(path: path)
    let path = path
    let writes = (0..<2).map { _ in
      Task { () -> (Result<Player, RosterError>, Bool) in
        do throws(RosterError) {
          let player = try await store.playerRows.addPlayer(
            PlayerInput(name: "Async", position: "Jungle"))
          // Answered once committed: another connection to the file sees the player already.
          let stored = (try? RosterStore(path: path))?.players.contains { $0.id == player.id }
          return (.success(player), stored == true)
        } catch {
          return (.failure(error), false)
        }
      }
    }
    var results: [(Result<Player, RosterError>, Bool)] = []
    for write in writes { results.append(await write.value) }
    let added = results.filter { (try? $0.0.get()) != nil }
    #expect(added.count == 1)
    #expect(added.allSatisfy { $0.1 })
    #expect(
      results.contains {
        if case .failure(.conflict) = $0.0 { true } else { false }
      })
    #expect(store.players.filter { $0.name == "Async" }.count == 1)
  }

  @Test(arguments: Backend.allCases) func theAnswerToAWriteDoesNotWaitForWhoIsToldOfIt(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let updates = Updates()
    let hold = Hold()
    hold.observe(store, updates)
    defer { hold.release() }
    // The observer (the live updates' fan-out) holds the committer; the writer is answered.
    let player = try await store.playerRows.addPlayer(PlayerInput(name: "Told", position: "Top"))
    try await hold.waitUntilHeld()
    #expect(store.players.contains(player))
    #expect(try db.open().players.contains { $0.id == player.id })
  }

  @Test(arguments: Backend.allCases) func theStoreIsNotKeptByItsCommitterOnceItsWritesAreDone(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    weak var released: RosterStore?
    do {
      let store = try db.open()
      released = store
      try await store.playerRows.addPlayer(PlayerInput(name: "Last", position: "Top"))
    }
    // Closed at once: the file can be copied whole, or replaced, right after.
    while released != nil { try await Task.sleep(for: .milliseconds(1)) }
    #expect(try db.open().players.contains { $0.name == "Last" })
  }

  @Test(arguments: Backend.allCases) func readsOfWhatIsNotInTheSnapshotDoNotWaitForACommitUnderWay(
    _ backend: Backend
  ) async throws {
    let db = try TestDatabase(backend, in: folder)
    let store = try db.open()
    let now = Date()
    try await store.accounts.saveAccount(
      AccountRecord(name: "coach", role: .editor, passwordHash: "not checked", createdAt: now))
    try await store.signIns.insertSession(
      SessionRecord(tokenHash: "digest", account: "coach", createdAt: now, lastSeen: now))
    let photo = Photo(jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]))
    try await store.playerRows.setPhoto(of: Player.defaultRoster[0].id, to: photo)
    // The writer's connection is held, as through a commit and its disk sync.
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      store.writer.withLock { _ in
        held.signal()
        _ = release.wait(timeout: .now() + 10)
      }
    }
    held.wait()
    defer { release.signal() }
    let found = Mutex<(SessionRecord?, Int, Data?, Int)?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let session = try? store.signIns.session(tokenHash: "digest")
      let history = (try? store.history(limit: 10))?.count ?? -1
      let jpeg = try? store.playerRows.photo(hash: photo.hash)
      let accounts = (try? store.accounts.all())?.count ?? -1
      found.withLock { $0 = (session, history, jpeg, accounts) }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    let (session, history, jpeg, accounts) = try #require(found.withLock { $0 })
    #expect(session?.account == "coach")
    #expect(history == 0)
    #expect(jpeg == photo.jpeg)
    #expect(accounts == 1)
  }
}

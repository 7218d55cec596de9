import CSQLite
import Foundation
import Synchronization
import TeamKit
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// A database file removed, replaced, damaged or read-only, and backups.
@Suite struct StoreFaultTests {
  let folder: TemporaryFolder
  var path: String { folder.path("roster.sqlite") }

  init() throws { folder = try TemporaryFolder() }

  func removeDatabase() {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
  }

  @Test func aFileRemovedUnderTheStoreIsNeverWrittenToAgain() async throws {
    let store = try RosterStore(path: path)
    try await store.playerRows.addPlayer(PlayerInput(name: "Before", position: "Top"))
    removeDatabase()
    let error = await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "Lost", position: "Mid"))
    }
    #expect(error?.description.contains("removed or replaced") == true)
    guard case .storage(let storage) = error else {
      Issue.record("expected a storage error, got \(String(describing: error))")
      return
    }
    #expect(storage.isFileGone)
    #expect(!store.players.contains { $0.name == "Lost" })
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func noReaderIsOpenedOnAFileSwappedInUnderTheStore() async throws {
    let store = try RosterStore(path: path)
    try await store.playerRows.addPlayer(PlayerInput(name: "Before", position: "Top"))
    let other = folder.path("other.sqlite")
    try await RosterStore(path: other).playerRows.addPlayer(
      PlayerInput(name: "Other", position: "Mid"))
    #expect(rename(other, path) == 0)
    // A reader on the new file would replay the old file's log into it.
    let error = #expect(throws: RosterError.self) { try store.history() }
    guard case .storage(let storage) = error else {
      Issue.record("expected a storage error, got \(String(describing: error))")
      return
    }
    #expect(storage.isFileGone)
    // Once the store has looked (a server does every second), its log is emptied: the file
    // now at the path opens as it was.
    try? store.refresh()
    #expect(try RosterStore(path: path).players.contains { $0.name == "Other" })
  }

  @Test func aFileGoneIsToldByTheStoreNotByTheWordsOfAMessage() {
    // SQLite's own messages may say anything: only the store's check says the file is gone.
    let io = SQLiteError(
      code: SQLITE_IOERR, message: "disk I/O error: a page was removed or replaced", path: path)
    #expect(!io.isFileGone)
  }

  @Test func aFileReplacedUnderTheStoreIsNeverWrittenToAgain() async throws {
    let store = try RosterStore(path: path)
    try await store.playerRows.addPlayer(PlayerInput(name: "Before", position: "Top"))
    let other = folder.path("other.sqlite")
    try await RosterStore(path: other).playerRows.addPlayer(
      PlayerInput(name: "Other", position: "Mid"))
    removeDatabase()
    #expect(rename(other, path) == 0)
    await #expect(throws: RosterError.self) {
      try await store.playerRows.addPlayer(PlayerInput(name: "Lost", position: "Mid"))
    }
    let reopened = try RosterStore(path: path)
    #expect(reopened.players.contains { $0.name == "Other" })
    #expect(!reopened.players.contains { $0.name == "Lost" })
  }

  @Test func aDamagedFileIsRefusedAtOpenAndLeftUntouched() async throws {
    // A backup is one file with every page in it (a closed store's own file may still wait
    // for its last connection's checkpoint).
    let damagedPath = folder.path("damaged.sqlite")
    do {
      let store = try RosterStore(path: path)
      for index in 0..<40 {
        try await store.playerRows.addPlayer(PlayerInput(name: "Player\(index)", position: "Mid"))
      }
      _ = try store.backup(to: damagedPath)
    }
    var bytes = try Data(contentsOf: URL(fileURLWithPath: damagedPath))
    try #require(bytes.count > 8192)
    // The second page's b-tree header: an invalid page type.
    bytes[4096] = 0x2A
    bytes[4097] = 0x2A
    try bytes.write(to: URL(fileURLWithPath: damagedPath))
    let error = #expect(throws: StoreOpenError.self) { try RosterStore(path: damagedPath) }
    guard case .damaged(let damaged, _) = error else {
      Issue.record("expected damaged, got \(String(describing: error))")
      return
    }
    #expect(damaged == damagedPath)
    #expect(error?.description.contains("kcorp backup") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: damagedPath)) == bytes)
  }

  @Test func aFileThisUserMayNotWriteIsRefusedAtOpenAsSuch() throws {
    // Even root may not write /proc/version: SQLite would open it read-only, silently.
    let error = #expect(throws: StoreOpenError.self) { try RosterStore(path: "/proc/version") }
    guard case .notWritable = error else {
      Issue.record("expected notWritable, got \(String(describing: error))")
      return
    }
    #expect(error?.description.contains("cannot be written") == true)
  }

  @Test func aBackupTakenDuringWritesHoldsEveryWriteAcknowledgedBeforeIt() async throws {
    let store = try RosterStore(path: path)
    let acknowledged = Mutex(0)
    let writer = Task.detached {
      // As many as one team holds with the three it starts with (PlayerLimits.perTeam).
      for index in 0..<190 {
        _ = try? await store.playerRows.addPlayer(
          PlayerInput(name: "Writer\(index)", position: "Top"))
        acknowledged.withLock { $0 += 1 }
      }
      return acknowledged.withLock { $0 }
    }
    while acknowledged.withLock({ $0 }) < 100 { try await Task.sleep(for: .milliseconds(1)) }
    // A commit under way: the writer's connection held, as through its disk sync, while the
    // writes go on queueing. The backup is taken meanwhile.
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      store.writer.withLock { _ in
        held.signal()
        _ = release.wait(timeout: .now() + 10)
      }
    }
    held.wait()
    let before = Set(store.players.map(\.name))
    let copy = folder.path("backup.sqlite")
    let count = try store.backup(to: copy)
    release.signal()
    #expect(await writer.value == 190)
    #expect(store.players.count == 3 + 190)

    let restored = try RosterStore(path: copy)
    let names = Set(restored.players.map(\.name))
    #expect(names.count == count)
    // Everything acknowledged before the copy, nothing of the writes it overlapped.
    #expect(names == before)
    #expect(count >= 3 + 100 && count < 3 + 190)
    #expect(try restored.pragmas().journalMode == "wal")
    #expect(!FileManager.default.fileExists(atPath: copy + ".partial"))
  }

  @Test func aBackupThatCannotBeWrittenLeavesNothingBehind() throws {
    let store = try RosterStore(path: path)
    let error = #expect(throws: RosterError.self) {
      try store.backup(to: folder.path("missing-folder/backup.sqlite"))
    }
    #expect(error?.description.contains("missing-folder") == true)
  }

  @Test func aRestoreBringsBackTheBackupWholeAndLeavesTheBackupAsItWas() async throws {
    let copy = folder.path("backup.sqlite")
    do {
      let store = try RosterStore(path: path)
      try await store.playerRows.addPlayer(PlayerInput(name: "Kept", position: "Top"))
      try store.backup(to: copy)
      try await store.playerRows.addPlayer(PlayerInput(name: "After", position: "Mid"))
    }
    let backupBytes = try Data(contentsOf: URL(fileURLWithPath: copy))
    let restored = try RosterStore.restore(from: copy, to: path)
    let store = try RosterStore(path: path)
    #expect(store.players.count == restored)
    #expect(store.players.contains { $0.name == "Kept" })
    #expect(!store.players.contains { $0.name == "After" })
    #expect(try store.history().first?.playerName == "Kept")
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == backupBytes)
    #expect(!FileManager.default.fileExists(atPath: path + ".restoring"))
  }

  @Test func aBackupThatCannotBeUsedIsRefusedAndTheDatabaseStaysAsItWas() async throws {
    do {
      try await RosterStore(path: path).playerRows.addPlayer(
        PlayerInput(name: "Kept", position: "Top"))
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let text = try folder.write("not a database at all, only words", to: "notes.sqlite")
    let error = #expect(throws: StoreOpenError.self) {
      try RosterStore.restore(from: text, to: path)
    }
    #expect(error?.description.contains(text) == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try RosterStore(path: path).players.contains { $0.name == "Kept" })
  }
}

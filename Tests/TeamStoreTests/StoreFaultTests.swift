import Foundation
import TeamKit
import TestSupport
import Testing

@testable import TeamStore

/// A database file removed, replaced, damaged or read-only, and backups.
@Suite struct StoreFaultTests {
  let folder: TemporaryFolder
  var path: String { folder.path("roster.sqlite") }

  init() throws { folder = try TemporaryFolder() }

  func removeDatabase() {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
  }

  @Test func aFileRemovedUnderTheStoreIsNeverWrittenToAgain() throws {
    let store = try RosterStore(path: path)
    try store.addPlayer(PlayerInput(name: "Before", position: "Top"))
    removeDatabase()
    let error = #expect(throws: RosterError.self) {
      try store.addPlayer(PlayerInput(name: "Lost", position: "Mid"))
    }
    #expect(error?.description.contains("removed or replaced") == true)
    #expect(!store.players.contains { $0.name == "Lost" })
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aFileReplacedUnderTheStoreIsNeverWrittenToAgain() throws {
    let store = try RosterStore(path: path)
    try store.addPlayer(PlayerInput(name: "Before", position: "Top"))
    let other = folder.path("other.sqlite")
    try RosterStore(path: other).addPlayer(PlayerInput(name: "Other", position: "Mid"))
    removeDatabase()
    #expect(rename(other, path) == 0)
    #expect(throws: RosterError.self) {
      try store.addPlayer(PlayerInput(name: "Lost", position: "Mid"))
    }
    let reopened = try RosterStore(path: path)
    #expect(reopened.players.contains { $0.name == "Other" })
    #expect(!reopened.players.contains { $0.name == "Lost" })
  }

  @Test func aDamagedFileIsRefusedAtOpenAndLeftUntouched() throws {
    do {
      let store = try RosterStore(path: path)
      for index in 0..<40 {
        try store.addPlayer(PlayerInput(name: "Player\(index)", position: "Mid"))
      }
    }  // closed: everything is in the main file
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    // The second page's b-tree header: an invalid page type.
    bytes[4096] = 0x2A
    bytes[4097] = 0x2A
    try bytes.write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: StoreOpenError.self) { try RosterStore(path: path) }
    guard case .damaged(let damaged, _) = error else {
      Issue.record("expected damaged, got \(String(describing: error))")
      return
    }
    #expect(damaged == path)
    #expect(error?.description.contains("kcorp backup") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
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
    let writer = Task.detached {
      var acknowledged: [String] = []
      for index in 0..<200 {
        let name = "Writer\(index)"
        if (try? store.addPlayer(PlayerInput(name: name, position: "Top"))) != nil {
          acknowledged.append(name)
        }
      }
      return acknowledged
    }
    try await Task.sleep(for: .milliseconds(20))
    let before = Set(store.players.map(\.name))
    let copy = folder.path("backup.sqlite")
    let count = try store.backup(to: copy)
    let written = await writer.value
    #expect(written.count == 200)

    let restored = try RosterStore(path: copy)
    let names = Set(restored.players.map(\.name))
    #expect(names.count == count)
    #expect(before.isSubset(of: names))
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

  @Test func aRestoreBringsBackTheBackupWholeAndLeavesTheBackupAsItWas() throws {
    let copy = folder.path("backup.sqlite")
    do {
      let store = try RosterStore(path: path)
      try store.addPlayer(PlayerInput(name: "Kept", position: "Top"))
      try store.backup(to: copy)
      try store.addPlayer(PlayerInput(name: "After", position: "Mid"))
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

  @Test func aBackupThatCannotBeUsedIsRefusedAndTheDatabaseStaysAsItWas() throws {
    do { try RosterStore(path: path).addPlayer(PlayerInput(name: "Kept", position: "Top")) }
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

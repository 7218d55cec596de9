import Foundation
import TeamKit
import TeamStore
import TestSupport
import Testing

@testable import kcorp

/// `kcorp serve --backup-dir`: one backup a day; 7 days, then one a week for 4 weeks.
@Suite struct BackupScheduleTests {
  let folder: TemporaryFolder
  let schedule: BackupSchedule
  let today = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01 12:00 UTC

  init() throws {
    folder = try TemporaryFolder()
    schedule = BackupSchedule(folder: folder.url.appendingPathComponent("backups"))
    try FileManager.default.createDirectory(
      at: schedule.folder, withIntermediateDirectories: true)
  }

  func daysAgo(_ days: Int) -> Date { today.addingTimeInterval(Double(-days) * 86_400) }

  @Test func sixtyDaysOfBackupsKeepTheLastSevenAndOneForEachOfFourWeeks() {
    let days = (0..<60).map(daysAgo)
    let kept = BackupSchedule.kept(days, today: today)
    #expect(kept.count == 11)
    #expect(Set((0..<7).map(daysAgo)).isSubset(of: kept))
    // The newest of each week before: 7, 14, 21 and 28 days ago.
    #expect(Set([7, 14, 21, 28].map(daysAgo)).isSubset(of: kept))
    #expect(!kept.contains(daysAgo(35)))
  }

  @Test func aRunTakesTodaysBackupOnceAndRemovesThoseNoLongerKept() throws {
    let store = try RosterStore(path: folder.path("roster.sqlite"))
    for age in [8, 9, 40] {
      try Data("old".utf8).write(to: schedule.file(for: daysAgo(age)))
    }
    let other = schedule.folder.appendingPathComponent("notes.txt")
    try Data("mine".utf8).write(to: other)

    let taken = try #require(try schedule.run(store: store, now: today))
    #expect(taken.lastPathComponent == "roster-2026-12-01.sqlite")
    #expect(try RosterStore(path: taken.path).players == store.players)
    #expect(try schedule.run(store: store, now: today) == nil)  // one a day

    let names = Set(try FileManager.default.contentsOfDirectory(atPath: schedule.folder.path))
    #expect(
      names == [
        "roster-2026-12-01.sqlite", "roster-2026-11-23.sqlite", "notes.txt",
      ])
  }

  @Test func serveTakesTodaysBackupAtStart() throws {
    let served = try ServedKCorp(["--port", "0", "--backup-dir", schedule.folder.path])
    #expect(served.port != nil, "\(served.firstLine)")
    let names = try FileManager.default.contentsOfDirectory(atPath: schedule.folder.path)
    #expect(names == [schedule.file(for: Date()).lastPathComponent])
  }
}

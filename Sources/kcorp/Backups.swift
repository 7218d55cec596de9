import CLIBase
import Foundation
import TeamStore

/// `kcorp serve --backup-dir DIR`: one backup a day, `roster-2026-11-30.sqlite` (UTC
/// dates), of which the last 7 days' are kept and, before them, the newest of each of the
/// 4 weeks before.
struct BackupSchedule {
  let folder: URL

  private static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    return calendar
  }()

  /// The backup file of `day`.
  func file(for day: Date) -> URL {
    let parts = Self.calendar.dateComponents([.year, .month, .day], from: day)
    let name = String(
      format: "roster-%04d-%02d-%02d.sqlite", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    return folder.appendingPathComponent(name)
  }

  /// Takes today's backup unless there is one, then removes the backups no longer kept.
  /// - Returns: the backup taken, if one was.
  @discardableResult
  func run(store: RosterStore, now: Date) throws -> URL? {
    let today = file(for: now)
    var taken: URL?
    if !FileManager.default.fileExists(atPath: today.path) {
      try store.backup(to: today.path)
      taken = today
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let days = names.compactMap(Self.day(named:))
    let kept = Self.kept(days, today: now)
    for day in days where !kept.contains(day) {
      try? FileManager.default.removeItem(at: file(for: day))
    }
    return taken
  }

  /// The day a backup's name says, or nil for another file.
  static func day(named name: String) -> Date? {
    guard name.hasPrefix("roster-"), name.hasSuffix(".sqlite") else { return nil }
    let parts = name.dropFirst("roster-".count).dropLast(".sqlite".count).split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2])
    else { return nil }
    return calendar.date(from: DateComponents(year: year, month: month, day: day))
  }

  /// Which of the backups of `days` to keep on `today`: those of the last 7 days, then the
  /// newest of each of the 4 weeks before them.
  static func kept(_ days: [Date], today: Date) -> Set<Date> {
    let start = calendar.startOfDay(for: today)
    var newestOfWeek: [Int: Date] = [:]
    var kept: Set<Date> = []
    for day in days {
      let age =
        calendar.dateComponents([.day], from: calendar.startOfDay(for: day), to: start)
        .day ?? 0
      if age < 7 {
        kept.insert(day)
      } else if age < 7 * 5 {
        let week = age / 7
        if newestOfWeek[week].map({ day > $0 }) ?? true { newestOfWeek[week] = day }
      }
    }
    return kept.union(newestOfWeek.values)
  }
}

import Foundation

/// A day of the week, Monday first (ISO 8601), as a team plans its week.
public enum Weekday: Int, CaseIterable, Codable, Sendable, Comparable {
  case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

  /// The day a Gregorian calendar numbers `weekday` (1 is Sunday).
  public init(gregorian weekday: Int) {
    self = Weekday(rawValue: (weekday + 5) % 7 + 1) ?? .monday
  }

  /// The day `date` falls on in `zone`.
  public init(of date: Date, in zone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    self.init(gregorian: calendar.component(.weekday, from: date))
  }

  /// Parses a day's English or French name or its first three letters (`Mon`, `lundi`,
  /// `jeu`, `jeu.` as French abbreviates it), in any case.
  public init?(parsing text: String) {
    var key = text.trimmed(.whitespaces)
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    if key.hasSuffix(".") { key.removeLast() }
    let names = [
      ["mon", "monday", "lun", "lundi"], ["tue", "tuesday", "mar", "mardi"],
      ["wed", "wednesday", "mer", "mercredi"], ["thu", "thursday", "jeu", "jeudi"],
      ["fri", "friday", "ven", "vendredi"], ["sat", "saturday", "sam", "samedi"],
      ["sun", "sunday", "dim", "dimanche"],
    ]
    guard let index = names.firstIndex(where: { $0.contains(key) }) else { return nil }
    self = Weekday.allCases[index]
  }

  /// The day's short name in `language`: `Mon`, `lun.`.
  public func shortName(in language: Language) -> String {
    switch self {
    case .monday: language.localized("Mon")
    case .tuesday: language.localized("Tue")
    case .wednesday: language.localized("Wed")
    case .thursday: language.localized("Thu")
    case .friday: language.localized("Fri")
    case .saturday: language.localized("Sat")
    case .sunday: language.localized("Sun")
    }
  }

  /// The short English name scripts write (`Mon`), whatever the language.
  public var code: String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1] }

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Hours a player can play every week: a day and a span of its wall-clock time, kept as
/// such across daylight-saving changes (Thursday 18:00 stays 18:00 in the team's zone).
public struct WeeklyBlock: Hashable, Sendable, CustomStringConvertible {
  public var day: Weekday
  /// Minutes since midnight, from 0 to 1440 (`24:00`), `start` before `end`.
  public var start: Int
  public var end: Int

  public init(day: Weekday, start: Int, end: Int) {
    self.day = day
    self.start = start
    self.end = end
  }

  /// `Mon 18:00-23:00`, as ``Availability/weekly(parsing:)`` reads it.
  public var description: String {
    "\(day.code) \(Self.clock(start))-\(Self.clock(end))"
  }

  /// `lun. 18:00-23:00`: as ``description`` says it, the day in `language`; read back alike.
  public func text(in language: Language) -> String {
    "\(day.shortName(in: language)) \(Self.clock(start))-\(Self.clock(end))"
  }

  /// The hours ticked on a week's grid (`day` and the hour from 0 to 23) as blocks: the
  /// hours that follow each other on a day joined (18, 19, 20 → `18:00-21:00`).
  public static func blocks(hours: Set<HourSlot>) -> [WeeklyBlock] {
    var blocks: [WeeklyBlock] = []
    for slot in hours.sorted() {
      if let last = blocks.last, last.day == slot.day, last.end == slot.hour * 60 {
        blocks[blocks.count - 1].end += 60
      } else {
        blocks.append(WeeklyBlock(day: slot.day, start: slot.hour * 60, end: slot.hour * 60 + 60))
      }
    }
    return blocks
  }

  /// Whether the block holds the whole of `slot`'s hour.
  public func covers(_ slot: HourSlot) -> Bool {
    day == slot.day && start <= slot.hour * 60 && end >= slot.hour * 60 + 60
  }

  /// Minutes since midnight as `HH:MM`.
  public static func clock(_ minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
  }
}

/// One hour of a week's grid: a day and the hour it starts, from 0 to 23.
public struct HourSlot: Hashable, Comparable, Sendable {
  public let day: Weekday
  public let hour: Int

  public init(day: Weekday, hour: Int) {
    self.day = day
    self.hour = hour
  }

  /// A grid's `day-hour` value (`1-18`: Monday, 18:00), or nil.
  public init?(code: String) {
    let parts = code.split(separator: "-")
    guard parts.count == 2, let day = Int(parts[0]).flatMap(Weekday.init(rawValue:)),
      let hour = Int(parts[1]), (0..<24).contains(hour)
    else { return nil }
    self.init(day: day, hour: hour)
  }

  /// `1-18`, as a grid's checkbox sends it.
  public var code: String { "\(day.rawValue)-\(hour)" }

  public static func < (lhs: HourSlot, rhs: HourSlot) -> Bool {
    (lhs.day, lhs.hour) < (rhs.day, rhs.hour)
  }
}

/// Days a player is away, whatever their weekly hours: from `first` to `last`, both
/// included, as the team's calendar counts days.
public struct Absence: Hashable, Sendable, CustomStringConvertible {
  public var first: Day
  public var last: Day

  public init(first: Day, last: Day) {
    self.first = first
    self.last = last
  }

  /// `2026-03-12..2026-03-14`, or the one day.
  public var description: String { first == last ? "\(first)" : "\(first)..\(last)" }

  /// The days as `language` writes dates, read back alike: `12/03/2026..14/03/2026` in
  /// French, ``description`` in English.
  public func text(in language: Language) -> String {
    guard language == .french else { return description }
    return first == last
      ? first.frenchSpreadsheet : "\(first.frenchSpreadsheet)..\(last.frenchSpreadsheet)"
  }
}

/// When a player can play: their weekly hours and the days they are away.
///
/// A player who gave no weekly hours is taken as available at any hour (nothing says
/// otherwise); once hours are given, only those count. Days away always win.
public struct Availability: Hashable, Sendable {
  public var weekly: [WeeklyBlock]
  public var away: [Absence]

  public init(weekly: [WeeklyBlock] = [], away: [Absence] = []) {
    self.weekly = weekly
    self.away = away
  }

  /// The most blocks and absences one player may have.
  public static let maxBlocks = 50
  public static let maxAbsences = 100

  /// Whether a day away falls within the span from `start` to `end`, in `zone`'s days.
  public func isAway(from start: Date, to end: Date, in zone: TimeZone) -> Bool {
    let lastInstant = end > start ? end.addingTimeInterval(-1) : start
    let firstDay = Day(start, in: zone)
    let lastDay = Day(lastInstant, in: zone)
    return away.contains { $0.first <= lastDay && firstDay <= $0.last }
  }

  /// Whether the whole span from `start` to `end` falls in the weekly hours, in `zone`'s
  /// wall-clock time, and on no day away.
  public func isAvailable(from start: Date, to end: Date, in zone: TimeZone) -> Bool {
    if isAway(from: start, to: end, in: zone) { return false }
    guard !weekly.isEmpty else { return true }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    var cursor = start
    // Day by day: a span past midnight needs hours on both days.
    for _ in 0..<8 {
      let parts = calendar.dateComponents([.weekday, .hour, .minute], from: cursor)
      let day = Weekday(gregorian: parts.weekday ?? 2)
      let from = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
      let nextMidnight =
        calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: cursor)) ?? end
      let pieceEnd = min(end, nextMidnight)
      let until: Int
      if pieceEnd == nextMidnight {
        until = 1440
      } else {
        let endParts = calendar.dateComponents([.hour, .minute], from: pieceEnd)
        until = (endParts.hour ?? 0) * 60 + (endParts.minute ?? 0)
      }
      guard covers(day, from: from, to: max(from, until)) else { return false }
      if pieceEnd >= end { return true }
      cursor = pieceEnd
    }
    return false  // a span of more than a week is never a slot of the week
  }

  /// Whether the blocks of `day`, joined where they touch, hold `from` to `to`.
  private func covers(_ day: Weekday, from: Int, to: Int) -> Bool {
    var reached = from
    for block in weekly.filter({ $0.day == day }).sorted(by: { $0.start < $1.start }) {
      if block.start > reached { break }
      reached = max(reached, block.end)
      if reached >= to { return true }
    }
    return reached >= to && from == to
  }

  /// Reads weekly hours as people write them: `Mon-Fri 18:00-23:00, Sat 14:00-20:00`
  /// (days by English or French name or three letters, a range or one day; hours as
  /// `18:00`, `18h`, `18h30` or `18`; groups apart by `,` or `;`). Empty gives none.
  /// - Throws: ``ValidationError`` on the `weekly` field, saying which group is wrong.
  public static func weekly(parsing text: String) throws(ValidationError) -> [WeeklyBlock] {
    var blocks: [WeeklyBlock] = []
    for group in text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\n" }) {
      let group = group.trimmed(.whitespaces)
      guard !group.isEmpty else { continue }
      let parts = group.split(separator: " ", omittingEmptySubsequences: true)
      func refuse() -> ValidationError {
        ValidationError(
          .weekly,
          Message(
            "“%@” is not a day and hours; write them as Mon-Fri 18:00-23:00.", group))
      }
      guard parts.count == 2 else { throw refuse() }
      let dayRange = parts[0].split(separator: "-", omittingEmptySubsequences: false)
      let hourRange = parts[1].split(whereSeparator: { $0 == "-" || $0 == "–" })
      guard (1...2).contains(dayRange.count), hourRange.count == 2,
        let firstDay = Weekday(parsing: String(dayRange[0])),
        let lastDay = Weekday(parsing: String(dayRange[dayRange.count - 1])),
        let start = minutes(String(hourRange[0])), let end = minutes(String(hourRange[1]))
      else { throw refuse() }
      guard start < end else {
        throw ValidationError(
          .weekly,
          Message(
            "In “%@”, end after the start; past midnight, give the next day its own hours (Fri 20:00-24:00, Sat 00:00-02:00).",
            group))
      }
      // A range may wrap past Sunday (Sat-Mon).
      var day = firstDay
      for _ in 0..<7 {
        blocks.append(WeeklyBlock(day: day, start: start, end: end))
        if day == lastDay { break }
        day = Weekday(rawValue: day.rawValue % 7 + 1) ?? .monday
      }
    }
    guard blocks.count <= maxBlocks else {
      throw ValidationError(
        .weekly, Message("Give at most %@ blocks of hours.", maxBlocks))
    }
    return blocks.sorted { ($0.day, $0.start) < ($1.day, $1.start) }
  }

  /// Reads days away: `2026-03-12..2026-03-14`, or one day `2026-03-12`.
  /// - Throws: ``ValidationError`` on the `away` field.
  public static func absence(parsing text: String) throws(ValidationError) -> Absence {
    let trimmed = text.trimmed(.whitespaces)
    let parts = trimmed.components(separatedBy: "..")
    guard (1...2).contains(parts.count), let first = Day(written: parts[0]),
      let last = Day(written: parts[parts.count - 1])
    else {
      throw ValidationError(
        .away,
        Message(
          "“%@” is not a date or two; write YYYY-MM-DD, or YYYY-MM-DD..YYYY-MM-DD for several days.",
          trimmed))
    }
    guard first <= last else {
      throw ValidationError(
        .away, Message("In “%@”, put the first day before the last.", trimmed))
    }
    return Absence(first: first, last: last)
  }

  /// `18:00`, `18h`, `18h30`, `18`, `24:00` as minutes since midnight.
  static func minutes(_ text: String) -> Int? {
    let parts = text.lowercased().split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "h" })
    guard (1...2).contains(parts.count), let hours = Int(parts[0]), parts[0].count <= 2,
      (0...24).contains(hours)
    else { return nil }
    let minutes = parts.count == 2 && !parts[1].isEmpty ? Int(parts[1]) : 0
    guard let minutes, (0..<60).contains(minutes), parts.count == 1 || parts[1].count != 1,
      hours * 60 + minutes <= 1440
    else { return nil }
    return hours * 60 + minutes
  }
}

import Foundation

/// A calendar date without a time (a birth date, a contract's end): `2026-12-01`, the same
/// wherever it is read.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// The date written `YYYY-MM-DD` (ISO 8601), nil when it is not one that exists.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// A date as people write it: `YYYY-MM-DD`, or as French spreadsheets write it,
  /// `DD/MM/YYYY`, `D/M/YYYY` or `D/M/YY` (years 00–29 are 2000s, 30–99 1900s, as Excel
  /// reads them); nil when it is none of these, or a day that does not exist.
  public init?(written text: String) {
    if let day = Day(text) {
      self = day
      return
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
      [2, 4].contains(parts[2].count),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let day = Int(parts[0]), let month = Int(parts[1]), var year = Int(parts[2])
    else { return nil }
    if parts[2].count == 2 { year += year < 30 ? 2000 : 1900 }
    guard (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day) else {
      return nil
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `date` falls on where the calendar is Gregorian and the zone is `timeZone`.
  public init(_ date: Date, in timeZone: TimeZone = .current) {
    // Arithmetic on the days since 1970, not a Calendar: a Calendar opens an ICU calendar
    // each time, and every write asks for today.
    let seconds =
      Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    self.init(ordinal: Self.epochOrdinal + days)
  }

  /// The date as French spreadsheets write it: `31/08/2027`.
  public var frenchSpreadsheet: String {
    "\(Self.padded(day, 2))/\(Self.padded(month, 2))/\(Self.padded(year, 4))"
  }

  public var description: String {
    "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
  }

  private static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  public static func < (lhs: Day, rhs: Day) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Whole days from `self` to `other` (negative when `other` is earlier).
  public func days(until other: Day) -> Int {
    other.ordinal - ordinal
  }

  /// The date `count` days later (earlier when negative).
  public func adding(days count: Int) -> Day { Day(ordinal: ordinal + count) }

  /// The day's start in UTC and the Gregorian calendar of UTC, which format it as the
  /// day it is wherever the reader is.
  private var atMidnightUTC: (Date, Calendar) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let date =
      calendar.date(from: DateComponents(year: year, month: month, day: day))
      ?? Date(timeIntervalSince1970: 0)
    return (date, calendar)
  }

  /// The day with its weekday in full, as a sentence names it: "Thursday 10 December",
  /// « jeudi 10 décembre ».
  public func spelledOut(in language: Language) -> String {
    let (date, calendar) = atMidnightUTC
    return date.formatted(
      Date.FormatStyle(locale: language.locale, calendar: calendar, timeZone: calendar.timeZone)
        .weekday(.wide).day().month(.wide))
  }

  /// The date as people read it in `language`: `1 Dec 2026`, `1 déc. 2026`.
  public func formatted(in language: Language) -> String {
    let (date, calendar) = atMidnightUTC
    return date.formatted(
      Date.FormatStyle(
        date: .abbreviated, time: .omitted, locale: language.locale,
        calendar: calendar, timeZone: calendar.timeZone))
  }

  private static func days(in month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The ``ordinal`` of 1 January 1970.
  private static let epochOrdinal = 719_468

  /// Days since 1 March of year 0 (a count that makes leap days the year's last).
  private var ordinal: Int {
    let shifted = month > 2 ? year : year - 1
    let monthIndex = (month + 9) % 12
    return 365 * shifted + shifted / 4 - shifted / 100 + shifted / 400
      + (153 * monthIndex + 2) / 5 + day - 1
  }

  private init(ordinal: Int) {
    // The inverse of `ordinal` (civil-from-days, in the same epoch).
    var year = (10_000 * ordinal + 14_780) / 3_652_425
    func start(_ year: Int) -> Int { 365 * year + year / 4 - year / 100 + year / 400 }
    var dayOfYear = ordinal - start(year)
    if dayOfYear < 0 {
      year -= 1
      dayOfYear = ordinal - start(year)
    }
    let monthIndex = (100 * dayOfYear + 52) / 3_060
    self.day = dayOfYear - (monthIndex * 306 + 5) / 10 + 1
    self.month = (monthIndex + 2) % 12 + 1
    self.year = year + (monthIndex + 2) / 12
  }
}

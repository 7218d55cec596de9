import Foundation

extension EventInput {
  /// The longest a series runs, in days from its first (half a year of a team's weeks).
  public static let maxSeriesDays = 182

  /// The events to store: one, or when it repeats a series — the event on each of
  /// ``repeats``' days from its start to ``until``, at the same time on the team's clock,
  /// all with one new ``TeamEvent/series`` id. A day whose time the clocks skip is left out.
  /// - Throws: ``ValidationError`` listing every problem, the repeat's with the event's.
  public func validatedSeries(
    team: UUID, zone: TimeZone, invited: [UUID], now: Date = SystemClock.now()
  ) throws(ValidationError) -> [TeamEvent] {
    var issues: [ValidationError.Issue] = []
    let days = repeatDays(issues: &issues)
    var first: TeamEvent?
    do throws(ValidationError) {
      first = try validated(team: team, zone: zone, invited: invited, now: now)
    } catch { issues = error.issues + issues }
    let last = lastDay(
      repeating: days != nil, from: first.map { Day($0.start, in: zone) }, issues: &issues)
    guard issues.isEmpty, let first else { throw ValidationError(issues: issues) }
    guard let days, let last else { return [first] }
    let series = UUID.random()
    let clock = Self.wallClock(first.start, in: zone).suffix(5)
    let length = first.end.timeIntervalSince(first.start)
    var events: [TeamEvent] = []
    var day = Day(first.start, in: zone)
    while day <= last {
      if let start = try? Self.instant("\(day)T\(clock)", in: zone, field: .start),
        days.contains(Weekday(of: start, in: zone)) || start == first.start
      {
        var event = first
        if start != first.start {
          event = TeamEvent(
            teamID: team, kind: first.kind, start: start, end: start + length,
            opponent: first.opponent, format: first.format, place: first.place,
            notes: first.notes, invited: invited, updated: now)
          event.draftRule = first.draftRule
        }
        event.series = series
        events.append(event)
      }
      day = day.adding(days: 1)
    }
    return events
  }

  /// The words of ``repeats``: `tue,thu`, `mar jeu`.
  private var repeatWords: [String] {
    repeats.split { $0 == "," || $0 == " " || $0 == ";" }.map(String.init)
  }

  /// The days of the week ``repeats`` names (those it misspells left out), as a form ticks
  /// them again.
  public var repeatWeekdays: Set<Weekday> { Set(repeatWords.compactMap(Weekday.init(parsing:))) }

  /// ``repeats`` as days of the week; nil when it does not repeat.
  private func repeatDays(issues: inout [ValidationError.Issue]) -> Set<Weekday>? {
    let words = repeatWords
    guard !words.isEmpty else { return nil }
    var days: Set<Weekday> = []
    for word in words {
      if let day = Weekday(parsing: word) {
        days.insert(day)
      } else {
        issues.append(
          .init(
            field: .repeats,
            text: Message("“%@” is not a day of the week; write days such as tue,thu.", word),
            isConflict: false))
      }
    }
    return days
  }

  /// ``until`` as a day, checked against the series' first day.
  private func lastDay(repeating: Bool, from first: Day?, issues: inout [ValidationError.Issue])
    -> Day?
  {
    func fail(_ text: Message) {
      issues.append(.init(field: .until, text: text, isConflict: false))
    }
    let text = until.trimmed(.whitespaces)
    guard repeating else {
      if !text.isEmpty {
        fail(Message("Choose the days it repeats on, or leave the last day empty."))
      }
      return nil
    }
    guard !text.isEmpty else {
      fail(Message("Give the series' last day (YYYY-MM-DD)."))
      return nil
    }
    guard let last = Day(text) ?? Day(written: text) else {
      fail(Message("“%@” is not a date; write it as YYYY-MM-DD.", text))
      return nil
    }
    guard let first else { return last }
    if !Self.years.contains(last.year) {
      fail(
        Message(
          "Give a date from %1$@ to %2$@.", "\(Self.years.lowerBound)-01-01",
          "\(Self.years.upperBound)-12-31"))
    } else if last < first {
      fail(Message("Put the series' last day on or after its first."))
    } else if first.days(until: last) > Self.maxSeriesDays {
      fail(Message("A series runs at most %@ days; give an earlier last day.", Self.maxSeriesDays))
    }
    return last
  }
}

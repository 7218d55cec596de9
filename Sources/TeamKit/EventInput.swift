import Foundation

/// An event as a user typed it: all text, its times as the team's wall clock
/// (`2026-03-12T20:00`), checked by ``validated(id:team:zone:invited:now:)``.
public struct EventInput: Hashable, Sendable {
  public var kind: String
  public var start: String
  /// Empty for two hours after the start.
  public var end: String
  public var opponent: String
  /// `bo1`, `bo3`, `bo5`, or empty for none.
  public var format: String
  /// Empty for online.
  public var place: String
  public var notes: String
  /// For a new event, the days of the week it repeats on (`tue,thu`, `mar jeu`); empty for
  /// once. With ``until``, it plans a series (``validatedSeries(team:zone:invited:now:)``).
  public var repeats: String
  /// The last day of a series (`2027-01-31`); empty when it does not repeat.
  public var until: String
  /// A ``DraftRule`` (`fearless`, `soft-fearless`…); empty for a standard draft.
  public var draftRule: String

  public init(
    kind: String, start: String, end: String = "", opponent: String = "", format: String = "",
    place: String = "", notes: String = "", repeats: String = "", until: String = "",
    draftRule: String = ""
  ) {
    self.kind = kind
    self.start = start
    self.end = end
    self.opponent = opponent
    self.format = format
    self.place = place
    self.notes = notes
    self.repeats = repeats
    self.until = until
    self.draftRule = draftRule
  }

  /// An event as the form shows it again, its times in `zone`.
  public init(_ event: TeamEvent, in zone: TimeZone) {
    self.init(
      kind: event.kind.rawValue, start: Self.wallClock(event.start, in: zone),
      end: Self.wallClock(event.end, in: zone), opponent: event.opponent,
      format: event.format?.rawValue ?? "", place: event.place, notes: event.notes,
      draftRule: event.draftRule == .standard ? "" : event.draftRule.rawValue)
  }

  public static let maxOpponentLength = 60
  public static let maxPlaceLength = 80
  public static let maxNotesLength = 2000
  /// The longest an event may last.
  public static let maxDuration: TimeInterval = 24 * 3600
  /// The years an event may start in: a team's calendar, and every date a feed, an export
  /// and an import write and read back the same (no 3-digit year, no Julian calendar).
  public static let years = 1900...2199

  /// The start and end, read in `zone` (the end two hours after the start when not given),
  /// or nil with what is wrong added to `issues`.
  private func times(in zone: TimeZone, issues: inout [ValidationError.Issue]) -> (
    start: Date?, end: Date?
  ) {
    func fail(_ field: ValidationError.Field, _ text: Message) {
      issues.append(.init(field: field, text: text, isConflict: false))
    }
    var start: Date?
    do throws(ValidationError) {
      start = try Self.instant(self.start, in: zone, field: .start)
    } catch { issues += error.issues }
    if let day = start.map({ Day($0, in: zone) }), !Self.years.contains(day.year) {
      fail(
        .start,
        Message(
          "Give a date from %1$@ to %2$@.", "\(Self.years.lowerBound)-01-01",
          "\(Self.years.upperBound)-12-31"))
      start = nil
    }
    var end: Date?
    if self.end.trimmed(.whitespaces).isEmpty {
      end = start?.addingTimeInterval(2 * 3600)
    } else {
      do throws(ValidationError) {
        end = try Self.instant(self.end, in: zone, field: .end)
      } catch { issues += error.issues }
    }
    if let start, let end {
      if end <= start {
        fail(.end, Message("Put the end after the start."))
      } else if end.timeIntervalSince(start) > Self.maxDuration {
        fail(.end, Message("An event lasts at most 24 hours; put the end sooner."))
      }
    }
    return (start, end)
  }

  /// The event to store: `team`'s, its times read in `zone`, inviting `invited` when new.
  /// - Throws: ``ValidationError`` listing every problem.
  public func validated(
    id: UUID = UUID.random(), team: UUID, zone: TimeZone, invited: [UUID],
    now: Date = SystemClock.now()
  ) throws(ValidationError) -> TeamEvent {
    var issues: [ValidationError.Issue] = []
    func fail(_ field: ValidationError.Field, _ text: Message) {
      issues.append(.init(field: field, text: text, isConflict: false))
    }
    let kind = TeamEvent.Kind(rawValue: self.kind.trimmed(.whitespaces).lowercased())
    if kind == nil {
      fail(
        .eventType,
        Message("“%@” is not a kind of event; choose scrim, match, training or review.", self.kind))
    }
    let (start, end) = times(in: zone, issues: &issues)
    let format = self.format.trimmed(.whitespaces).lowercased()
    let series = TeamEvent.Format(rawValue: format)
    if !format.isEmpty, series == nil {
      fail(.format, Message("“%@” is not a format; choose Bo1, Bo3 or Bo5.", self.format))
    }
    let ruleText = draftRule.trimmed(.whitespaces).lowercased()
    let rule = ruleText.isEmpty ? .standard : DraftRule(rawValue: ruleText)
    if rule == nil {
      fail(
        .draftRule,
        Message(
          "“%@” is not a draft rule; choose standard, fearless, soft-fearless or full-fearless.",
          draftRule))
    }
    func text(_ value: String, _ field: ValidationError.Field, max: Int, multiline: Bool = false)
      -> String
    {
      let trimmed = value.trimmed()
      let invisible =
        multiline
        ? trimmed.split(separator: "\n").contains { PlayerInput.hasInvisibleCharacters(String($0)) }
        : PlayerInput.hasInvisibleCharacters(trimmed)
      if trimmed.count > max || invisible {
        fail(field, Message("Shorten this to %@ visible characters or fewer.", max))
      }
      return trimmed
    }
    let opponent = text(self.opponent, .opponent, max: Self.maxOpponentLength)
    let place = text(self.place, .place, max: Self.maxPlaceLength)
    let notes = text(
      notes.replacingOccurrences(of: "\r\n", with: "\n"), .notes, max: Self.maxNotesLength,
      multiline: true)
    guard issues.isEmpty, let kind, let start, let end else {
      throw ValidationError(issues: issues)
    }
    var event = TeamEvent(
      id: id, teamID: team, kind: kind, start: start, end: end, opponent: opponent,
      format: series, place: place, notes: notes, invited: invited, updated: now)
    event.draftRule = rule ?? .standard
    return event
  }

  /// `2026-03-12T20:00` (or with a space, or `20h00`) as the instant it is on `zone`'s wall
  /// clock. A time the clocks skip (02:30 on the last Sunday of March in Paris) is refused;
  /// one they pass twice (02:30 on the last Sunday of October) is the first.
  /// - Throws: ``ValidationError`` on `field`.
  public static func instant(_ text: String, in zone: TimeZone, field: ValidationError.Field)
    throws(ValidationError) -> Date
  {
    let trimmed = text.trimmed(.whitespaces)
    let parts = trimmed.split(whereSeparator: { $0 == "T" || $0 == " " })
    guard parts.count == 2, let day = Day(String(parts[0])),
      let minutes = Availability.minutes(String(parts[1])), minutes < 1440
    else {
      throw ValidationError(
        field,
        trimmed.isEmpty
          ? Message("Give a date and time, as 2026-03-12T20:00.")
          : Message("“%@” is not a date and time; write it as 2026-03-12T20:00.", trimmed))
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let wanted = DateComponents(
      year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60)
    guard let date = calendar.date(from: wanted),
      calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        == DateComponents(
          year: day.year, month: day.month, day: day.day, hour: minutes / 60,
          minute: minutes % 60)
    else {
      throw ValidationError(
        field,
        Message(
          "%1$@ does not exist in %2$@ (the clocks go forward then); choose another time.",
          trimmed, zone.identifier))
    }
    return date
  }

  /// The input as a change of `current`: a new start with no end, or with the end as it was,
  /// moves the whole event, its length kept (19:00–21:00 moved to 20:30 is 20:30–22:30); an
  /// end changed too is taken as given. Every face changes an event through this.
  public func keepingLength(of current: TeamEvent, in zone: TimeZone) -> EventInput {
    guard let start = try? Self.instant(start, in: zone, field: .start), start != current.start
    else { return self }
    let trimmedEnd = end.trimmed(.whitespaces)
    guard
      trimmedEnd.isEmpty || (try? Self.instant(trimmedEnd, in: zone, field: .end)) == current.end
    else { return self }
    var input = self
    input.end = Self.wallClock(
      start.addingTimeInterval(current.end.timeIntervalSince(current.start)), in: zone)
    return input
  }

  /// An instant as `zone`'s wall clock: `2026-03-12T20:00`.
  public static func wallClock(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return "\(Day(date, in: zone))T"
      + WeeklyBlock.clock((parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }
}

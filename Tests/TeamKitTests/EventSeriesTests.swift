import Foundation
import TeamKit
import Testing

/// A series: the event on chosen days of the week up to a last day, at the same wall-clock
/// time, checked with the event's own fields.
@Suite struct EventSeriesTests {
  let team = UUID()
  let paris = TimeZone(identifier: "Europe/Paris") ?? .gmt

  func series(_ input: EventInput) throws(ValidationError) -> [TeamEvent] {
    try input.validatedSeries(team: team, zone: paris, invited: [])
  }

  func clock(_ event: TeamEvent) -> String { EventInput.wallClock(event.start, in: paris) }

  @Test func everyTuesdayAndThursdayUntilTheLastDayAtTheSameTime() throws {
    let events = try series(
      EventInput(
        kind: "scrim", start: "2027-01-05T20:00", end: "2027-01-05T23:00", opponent: "G2",
        repeats: "tue, jeu", until: "2027-01-28"))
    #expect(
      events.map(clock) == [
        "2027-01-05T20:00", "2027-01-07T20:00", "2027-01-12T20:00", "2027-01-14T20:00",
        "2027-01-19T20:00", "2027-01-21T20:00", "2027-01-26T20:00", "2027-01-28T20:00",
      ])
    let series = try #require(events.first?.series)
    #expect(events.allSatisfy { $0.series == series && $0.opponent == "G2" })
    #expect(events.allSatisfy { $0.end.timeIntervalSince($0.start) == 3 * 3600 })
    #expect(Set(events.map(\.id)).count == 8)
  }

  @Test func theStartIsTheFirstEventEvenOnAnotherDayAndTheClockHoldsAcrossSummerTime() throws {
    // Started on a Monday, repeating on Tuesdays, across the last Sunday of March.
    let events = try series(
      EventInput(kind: "training", start: "2027-03-22T20:00", repeats: "tue", until: "2027-04-06"))
    #expect(
      events.map(clock) == [
        "2027-03-22T20:00", "2027-03-23T20:00", "2027-03-30T20:00", "2027-04-06T20:00",
      ])
    // 20:00 in Paris is 19:00 UTC in winter, 18:00 in summer.
    #expect(events[1].start.formatted(.iso8601) == "2027-03-23T19:00:00Z")
    #expect(events[2].start.formatted(.iso8601) == "2027-03-30T18:00:00Z")
  }

  @Test func anEventThatDoesNotRepeatIsOneWithoutASeries() throws {
    let events = try series(EventInput(kind: "review", start: "2027-01-05T20:00"))
    #expect(events.count == 1 && events[0].series == nil)
  }

  @Test func everyProblemIsNamedAtOnceWithTheEventsOwn() {
    func fields(_ input: EventInput) -> [ValidationError.Field] {
      do {
        _ = try series(input)
        return []
      } catch { return error.issues.map(\.field) }
    }
    #expect(
      fields(
        EventInput(
          kind: "scrim", start: "2027-01-05T20:00", repeats: "tue,funday", until: "2027-02-01"))
        == [.repeats])
    #expect(
      fields(EventInput(kind: "scrim", start: "2027-01-05T20:00", repeats: "tue")) == [.until])
    #expect(
      fields(
        EventInput(kind: "scrim", start: "2027-01-05T20:00", repeats: "tue", until: "2027-01-04"))
        == [.until])
    #expect(
      fields(EventInput(kind: "scrim", start: "2027-01-05T20:00", until: "2027-02-01")) == [.until])
    #expect(
      fields(EventInput(kind: "party", start: "tomorrow", repeats: "someday", until: "soon"))
        == [.eventType, .start, .repeats, .until])
    // No event of a series past the years a calendar keeps.
    #expect(
      fields(
        EventInput(kind: "scrim", start: "2199-12-28T20:00", repeats: "tue", until: "2200-01-10"))
        == [.until])
    // Half a year is the longest: 182 days from the first.
    #expect(
      fields(
        EventInput(kind: "scrim", start: "2027-01-05T20:00", repeats: "tue", until: "2027-07-07"))
        == [.until])
    #expect(
      fields(
        EventInput(kind: "scrim", start: "2027-01-05T20:00", repeats: "tue", until: "2027-07-06"))
        == [])
  }

  @Test func aSeriesDaysAndLastDayTravelInTheInputsJSON() throws {
    let input = EventInput(
      kind: "scrim", start: "2027-01-05T20:00", repeats: "tue,thu", until: "2027-01-28")
    let decoded = try TeamJSON.decode(EventInput.self, from: TeamJSON.encode(input))
    #expect(decoded == input)
    let once = EventInput(kind: "scrim", start: "2027-01-05T20:00")
    #expect(!String(decoding: TeamJSON.encode(once), as: UTF8.self).contains("repeats"))
  }
}

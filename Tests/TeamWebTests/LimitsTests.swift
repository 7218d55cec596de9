import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// What one caller can make the server hold or send is bounded, and said clearly when
/// reached; every date the API accepts comes back the same from the feed and the export.
@Suite struct LimitsTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// `count` scrims of KCorp, one a day from 2027-01-01, stored in one change.
  func scrims(_ count: Int) async throws {
    let zone = Team.first.zone
    let first = try #require(Day("2027-01-01"))
    let events = try (0..<count).map { index in
      try EventInput(kind: "scrim", start: "\(first.adding(days: index))T20:00", opponent: "G2")
        .validated(team: Team.first.id, zone: zone, invited: [])
    }
    let roster = app.store.roster
    let file = RosterFile.export(
      roster.players, as: .json, teams: roster.teams, schedule: Schedule(events: events))
    try await app.store.importRows.importRoster(try app.store.importRows.planImport(file))
  }

  @Test func theWeekIsAskedForByDates() async throws {
    try await scrims(60)
    let whole = try await app.client.get("/api/week")
    #expect(whole.status == 200)
    #expect(whole.text.components(separatedBy: #""kind":"scrim""#).count - 1 == 60)
    let january = try await app.client.get("/api/week?from=2027-01-01&to=2027-01-31")
    #expect(january.status == 200)
    #expect(january.text.components(separatedBy: #""kind":"scrim""#).count - 1 == 31)
    let bad = try await app.client.get("/api/week?from=tomorrow")
    #expect(bad.status == 400 && bad.text.contains("Give from as a date"))
  }

  @Test func aTeamKeepsAtMostFiveThousandEventsOnTheAPIAndInAnImport() async throws {
    try await scrims(Schedule.maxEventsPerTeam - 2)
    // A series counts whole: four events do not fit in two places, two do.
    let series =
      #"{"kind":"scrim","start":"2030-01-01T20:00","repeats":"tue,thu","until":"2030-01-%@"}"#
    let tooMany = try await app.postJSON(
      "/api/week/events", series.replacingOccurrences(of: "%@", with: "10"))
    #expect(tooMany.status == 409 && tooMany.text.contains("keeps at most 5000 events"))
    #expect(app.store.roster.schedule.events.count == Schedule.maxEventsPerTeam - 2)
    let fits = try await app.postJSON(
      "/api/week/events", series.replacingOccurrences(of: "%@", with: "03"))
    #expect(fits.status == 201)
    #expect(app.store.roster.schedule.events.count == Schedule.maxEventsPerTeam)
    let refused = try await app.postJSON(
      "/api/week/events", #"{"kind":"scrim","start":"2030-01-07T20:00"}"#)
    #expect(refused.status == 409)
    #expect(refused.text.contains("keeps at most 5000 events"))
    #expect(app.store.roster.schedule.events.count == Schedule.maxEventsPerTeam)
    // An export with one more event does not import.
    let exported = try await app.client.get("/export.json")
    var file = try #require(
      try JSONSerialization.jsonObject(with: Data(exported.body)) as? [String: Any])
    var events = try #require(file["events"] as? [[String: Any]])
    var extra = try #require(events.last)
    extra["id"] = UUID().uuidString
    events.append(extra)
    file["events"] = events
    let data = try JSONSerialization.data(withJSONObject: file)
    let problems = #expect(throws: RosterFile.Problems.self) {
      try RosterImport(data, current: app.store.players, teams: app.store.roster.teams)
    }
    #expect(problems?.description.contains("keeps at most 5000 events") == true)
  }

  @Test(arguments: ["0001-01-01T20:00", "1581-10-10T20:00", "0999-06-01T20:00", "9999-12-31T23:00"])
  func aDateNoCalendarReadsBackIsRefusedByItsField(_ start: String) async throws {
    let response = try await app.postJSON(
      "/api/week/events", #"{"kind":"scrim","start":"\#(start)"}"#)
    #expect(response.status == 422)
    #expect(response.text.contains("Give a date from 1900-01-01 to 2199-12-31"))
    #expect(app.store.roster.schedule.events.isEmpty)
  }

  @Test func theFirstAndLastDatesAcceptedComeBackFromTheFeedAndTheExport() async throws {
    for start in ["1900-01-01T00:30", "2199-12-31T23:00"] {
      #expect(
        try await app.postJSON("/api/week/events", #"{"kind":"match","start":"\#(start)"}"#)
          .status == 201)
    }
    let before = app.store.roster.schedule.events.sorted { $0.start < $1.start }
    // The feed writes four-digit years, in UTC (Paris kept its local mean time, +00:09:21,
    // until 1911).
    let feed = try await app.store.weekRows.createFeed(team: Team.first.id)
    let ics = try await app.client.get("/calendar/\(feed.secret).ics").text
    #expect(ics.contains("DTSTART:19000101T002039Z"))
    #expect(ics.contains("DTSTART:21991231T220000Z"))
    // The export imports back with the same events.
    let exported = try await app.client.get("/export.json")
    #expect(exported.status == 200)
    try await app.store.importRows.importRoster(
      try app.store.importRows.planImport(Data(exported.body)))
    let after = app.store.roster.schedule.events.sorted { $0.start < $1.start }
    #expect(after.map(\.start) == before.map(\.start))
    #expect(after.map(\.end) == before.map(\.end))
  }
}

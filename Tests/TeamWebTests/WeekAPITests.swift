import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The week through the JSON API: events with their verdicts, availability, games,
/// answers, and the calendar feed served to whoever has its secret, until it is revoked.
@Suite struct WeekAPITests {
  let app: TestServer

  init() throws { app = try TestServer() }

  func json(_ response: WireResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  func send(_ method: String, _ path: String, _ body: String) async throws -> WireResponse {
    try await app.client.send(
      method, path, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
  }

  @Test func anEventsVerdictFollowsAvailabilityAndItsGamesAreLogged() async throws {
    let (jungler, yike) = try await app.fullRoster()
    let created = try await app.postJSON(
      "/api/week/events",
      #"{"kind":"scrim","start":"2026-03-26T20:00","opponent":"G2 Esports","format":"bo3"}"#)
    #expect(created.status == 201)
    var event = try json(created)
    let id = try #require(event["id"] as? String)
    #expect(created.header("location") == "/api/week/events/\(id)")
    #expect(event["start"] as? String == "2026-03-26T19:00:00Z")  // 20:00 in Paris
    let verdict = event["verdict"] as? [String: Any]
    #expect(verdict?["text"] as? String == "Five available, 0 of 5 confirmed")
    #expect(verdict?["code"] as? String == "available" && verdict?["confirmed"] as? Int == 0)
    #expect((event["invited"] as? [String])?.count == 5)  // the starters

    // The Jungle starter is away that day: Yike covers.
    let away = try await send(
      "PUT", "/api/players/\(jungler.id)/availability",
      #"{"weekly":"Mon-Fri 18:00-23:00","away":["2026-03-26"]}"#)
    #expect(away.status == 200)
    event = try json(try await app.client.get("/api/week/events/\(id)"))
    #expect(
      (event["verdict"] as? [String: Any])?["text"] as? String == "With subs: Yike for Jungle")
    // Yike says no: nobody for Jungle.
    let answered = try await send(
      "PUT", "/api/week/events/\(id)/answers/\(yike.id)", #"{"answer":"no"}"#)
    #expect(answered.status == 200)
    #expect(
      ((try json(answered))["verdict"] as? [String: Any])?["missing"] as? [String] == ["Jungle"])

    let logged = try await send(
      "PUT", "/api/week/events/\(id)/games",
      #"[{"result":"win","side":"blue","champions":["K'Sante","Vi","Ahri","Jinx","Rell"]},{"result":"loss","side":"red"}]"#
    )
    #expect(logged.status == 200)
    let games = try #require((try json(logged))["games"] as? [[String: Any]])
    #expect(games.map { $0["result"] as? String } == ["win", "loss"])
    #expect((games[0]["picks"] as? [[String: Any]])?.first?["champion"] as? String == "ksante")

    let week = try json(try await app.client.get("/api/week?team=KC"))
    #expect((week["events"] as? [[String: Any]])?.count == 1)
    #expect((week["team"] as? [String: Any])?["timeZone"] as? String == "Europe/Paris")
    #expect(
      (week["availability"] as? [[String: Any]])?.first?["weekly"] as? [String] == [
        "Mon 18:00-23:00", "Tue 18:00-23:00", "Wed 18:00-23:00", "Thu 18:00-23:00",
        "Fri 18:00-23:00",
      ])
    // The record: 1–1 against G2, and over the one scrim logged.
    let record = try #require(week["record"] as? [String: Any])
    let opponents = try #require(record["opponents"] as? [[String: Any]])
    #expect(opponents.map { $0["opponent"] as? String } == ["G2 Esports"])
    #expect(opponents.first?["won"] as? Int == 1 && opponents.first?["lost"] as? Int == 1)
    let scrims = try #require(record["scrims"] as? [String: Any])
    #expect(scrims["count"] as? Int == 1 && scrims["won"] as? Int == 1)
    // The history says who did what.
    let history = try await app.client.get("/api/history").text
    #expect(history.contains("resultLogged") && history.contains("availabilityChanged"))

    #expect(try await app.client.send("DELETE", "/api/week/events/\(id)").status == 204)
    #expect(try await app.client.get("/api/week/events/\(id)").status == 404)
  }

  @Test func badInputSaysWhatToChangeAndChangesNothing() async throws {
    let before = app.store.roster.version
    let skipped = try await app.postJSON(
      "/api/week/events", #"{"kind":"scrim","start":"2026-03-29T02:30"}"#)
    #expect(skipped.status == 422)
    #expect(skipped.text.contains(#""field":"start""#))
    #expect(
      try await app.postJSON("/api/week/events", #"{"kind":"party","start":"x"}"#).status == 422)
    let player = app.store.players[0]
    let hours = try await send(
      "PUT", "/api/players/\(player.id)/availability", #"{"weekly":"Someday 18:00-20:00"}"#)
    #expect(hours.status == 422)
    #expect(hours.text.contains(#""field":"weekly""#) && hours.text.contains("Mon-Fri 18:00-23:00"))
    #expect(app.store.roster.version == before)
  }

  @Test func aSeriesIsPlannedByOneRequestAndItsRestCancelledByAnother() async throws {
    let planned = try await app.postJSON(
      "/api/week/events",
      #"{"kind":"scrim","start":"2027-01-05T20:00","opponent":"G2","repeats":"tue,thu","until":"2027-01-28"}"#
    )
    #expect(planned.status == 201)
    let first = try json(planned)
    let series = try #require(first["series"] as? String)
    let events = app.store.roster.schedule.events
    #expect(events.count == 8 && events.allSatisfy { $0.series?.uuidString == series })
    #expect(planned.header("location") == "/api/week/events/\(events[0].id)")

    // A change is made to one event alone.
    let repeating = try await send(
      "PUT", "/api/week/events/\(events[1].id)",
      #"{"kind":"scrim","start":"2027-01-07T20:00","repeats":"thu","until":"2027-02-01"}"#)
    #expect(repeating.status == 422 && repeating.text.contains(#""field":"repeats""#))
    let bad = try await app.client.send(
      "DELETE", "/api/week/events/\(events[5].id)?following=maybe")
    #expect(bad.status == 400 && bad.text.contains("following=true"))
    #expect(app.store.roster.schedule.events.count == 8)

    let cancelled = try await app.client.send(
      "DELETE", "/api/week/events/\(events[5].id)?following=true")
    #expect(cancelled.status == 204)
    #expect(app.store.roster.schedule.events.map(\.id) == events[..<5].map(\.id))
    let alone = try await app.client.send("DELETE", "/api/week/events/\(events[0].id)")
    #expect(alone.status == 204 && app.store.roster.schedule.events.count == 4)

    // What the series' fields refuse is said per field, nothing planned.
    let refused = try await app.postJSON(
      "/api/week/events", #"{"kind":"scrim","start":"2027-02-01T20:00","repeats":"someday"}"#)
    #expect(refused.status == 422)
    #expect(
      refused.text.contains(#""field":"repeats""#) && refused.text.contains(#""field":"until""#))
    #expect(app.store.roster.schedule.events.count == 4)
  }

  @Test func aDraftIsPutGameByGameAndALockedChampionIs422NamingItsGame() async throws {
    let planned = try await app.postJSON(
      "/api/week/events",
      #"{"kind":"match","start":"2027-01-05T17:00","opponent":"G2","format":"bo3","draftRule":"fearless"}"#
    )
    #expect(planned.status == 201 && planned.text.contains(#""draftRule":"fearless""#))
    let id = try #require(try json(planned)["id"] as? String)
    func turns(_ picks: [Int: String]) -> String {
      (0..<20).map { picks[$0].map { #"{"champion":"\#($0)","role":"mid"}"# } ?? "null" }
        .joined(separator: ",")
    }
    let one = try await send(
      "PUT", "/api/week/events/\(id)/drafts/1",
      #"{"side":"blue","turns":["# + turns([7: "Ahri"]) + "]}")
    #expect(one.status == 200, "\(one.text)")
    let drafts = try #require(try json(one)["drafts"] as? [[String: Any]])
    #expect((drafts.first?["turns"] as? [Any])?.count == 20)
    let two = try await send(
      "PUT", "/api/week/events/\(id)/drafts/2",
      #"{"side":"red","turns":["# + turns([7: "ahri"]) + "]}")
    #expect(two.status == 422)
    #expect(
      two.text.contains("Ahri (R1 pick) was used in game 1")
        && two.text.contains(#""field":"draft""#))
    let short = try await send(
      "PUT", "/api/week/events/\(id)/drafts/2", #"{"side":"red","turns":[]}"#)
    #expect(short.status == 422 && short.text.contains("20 turns"))
    let far = try await send(
      "PUT", "/api/week/events/\(id)/drafts/4", #"{"side":"red","turns":["# + turns([:]) + "]}")
    #expect(far.status == 422)
    let notANumber = try await send(
      "PUT", "/api/week/events/\(id)/drafts/x", #"{"side":"red","turns":["# + turns([:]) + "]}")
    #expect(notANumber.status == 404)
    #expect(app.store.roster.schedule.events.first?.drafts.count == 1)
  }

  @Test func aCalendarFeedIsServedWithItsSecretUntilRevoked() async throws {
    let event = try await app.postJSON(
      "/api/week/events", #"{"kind":"match","start":"2026-03-28T17:00","opponent":"Vitality"}"#)
    let id = try #require((try json(event))["id"] as? String)
    let created = try await app.postJSON("/api/calendar", #"{"team":"KC"}"#)
    #expect(created.status == 201)
    let path = try #require((try json(created))["path"] as? String)
    #expect(path.hasPrefix("/calendar/") && path.count > 40)
    // No account needed: the secret is the key.
    let feed = try await app.client.get(path)
    #expect(feed.status == 200)
    #expect(feed.header("content-type") == "text/calendar; charset=utf-8")
    #expect(feed.text.contains("SUMMARY:Match vs Vitality\r\n"))
    #expect(feed.text.contains("DTSTART:20260328T160000Z\r\n"))
    // Each event links back to its page, at the address the calendar app used.
    let link = try #require(feed.text.split(separator: "\r\n").first { $0.hasPrefix("URL:") })
    #expect(link.hasPrefix("URL:http://") && link.hasSuffix("/events/\(id)"))
    #expect(try await app.client.get("/calendar/nope.ics").status == 404)
    let secret = String(path.dropFirst("/calendar/".count).dropLast(".ics".count))
    #expect(try await app.client.send("DELETE", "/api/calendar/\(secret)").status == 204)
    #expect(try await app.client.get(path).status == 404)
  }
}

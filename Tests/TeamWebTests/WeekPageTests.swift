import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb
@testable import WeekWeb

/// The week's pages without JavaScript: the week, planning an event, answering, logging a
/// result, a player's hours, the calendar addresses.
@Suite struct WeekPageTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func planningAScrimShowsItOnItsDayWithItsVerdict() async throws {
    let (jungler, _) = try await app.fullRoster()
    let session = try await app.session()
    let planned = try await app.post(
      "/week/events?team=KC",
      [
        ("csrf", session.token), ("kind", "scrim"), ("start", "2026-03-26T20:00"), ("end", ""),
        ("opponent", "G2"), ("format", "bo3"), ("place", ""), ("notes", "Draft: blue side"),
      ], session: session)
    #expect(planned.status == 303)
    let event = try #require(app.store.roster.schedule.events.first)
    #expect(planned.header("location") == "/events/\(event.id)?planned")
    let page = try await app.client.get("/events/\(event.id)?planned").text
    #expect(page.contains("Planned: the starters are invited."))
    // Five on paper, nobody has said yes yet: not a full five.
    #expect(
      page.contains(
        #"<span class="verdict verdict-available">Five available, 0 of 5 confirmed</span>"#))
    // On the team's clock, its zone named once (a script says it in the reader's own).
    #expect(
      page.contains(
        #"datetime="2026-03-26T19:00:00Z" data-end="2026-03-26T21:00:00Z" data-zone="Europe/Paris" data-times="20:00–22:00">Thu 26 Mar 2026, 20:00–22:00</time><span class="zone"> (Paris time)</span>"#
      ))

    try await app.store.weekRows.setAvailability(
      of: jungler.id, to: Availability(away: [try Availability.absence(parsing: "2026-03-26")]))
    let week = try await app.client.get("/week?team=KC&from=2026-03-23").text
    #expect(week.contains(#"<h2 id="day-2026-03-26">Thu 26 Mar 2026</h2>"#))
    #expect(week.contains("Scrim vs G2"))
    #expect(week.contains(#"<span class="verdict verdict-subs">With subs: Yike for Jungle</span>"#))
    #expect(week.contains(#"href="/week?team=KC&amp;from=2026-03-30""#))
    // The day the clocks go forward still runs from midnight to midnight.
    #expect(week.contains("00:00–24:00"))
  }

  @Test func aSeriesIsPlannedWithTheDaysItRepeatsOnAndItsRestCancelledFromAnEvent() async throws {
    let session = try await app.session()
    let week = try await app.client.get("/week?team=KC&from=2027-01-04").text
    #expect(week.contains(#"<legend>Repeat every week on (none: once)</legend>"#))
    #expect(week.contains(#"<input type="checkbox" name="repeats" value="tue">"#))
    let planned = try await app.post(
      "/week/events?team=KC",
      [
        ("csrf", session.token), ("kind", "scrim"), ("start", "2027-01-05T20:00"),
        ("opponent", "G2"), ("repeats", "tue"), ("repeats", "thu"), ("until", "2027-01-21"),
        ("draftRule", "fearless"),
      ], session: session)
    #expect(planned.status == 303)
    let events = app.store.roster.schedule.events
    #expect(events.count == 6 && Set(events.map(\.series)).count == 1)
    // Each of the series' events drafts in fearless, as the form said.
    #expect(week.contains(#"<option value="soft-fearless">Soft fearless</option>"#))
    #expect(events.allSatisfy { $0.draftRule == .fearless })
    let second = try await app.client.get("/events/\(events[1].id)").text
    #expect(second.contains("Series: 2 of 6, the last on Thu 21 Jan 2027"))
    #expect(second.contains(#"<a href="/events/\#(events[2].id)">Next in the series</a>"#))
    #expect(second.contains("Cancel this event and the 4 following"))
    // The edit form changes this event alone: it has no repeat.
    #expect(second.components(separatedBy: #"name="repeats""#).count == 1)

    let cancelled = try await app.post(
      "/events/\(events[1].id)/delete", [("csrf", session.token), ("following", "true")],
      session: session)
    #expect(cancelled.status == 303)
    #expect(app.store.roster.schedule.events.map(\.id) == [events[0].id])
    let last = try await app.client.get("/events/\(events[0].id)").text
    #expect(!last.contains("Series:") && !last.contains("following"))

    // Refused: what was typed stays, each problem by its field.
    let refused = try await app.post(
      "/week/events?team=KC",
      [
        ("csrf", session.token), ("kind", "scrim"), ("start", "2027-02-02T20:00"),
        ("repeats", "tue"), ("until", "2026-01-01"),
      ], session: session)
    #expect(refused.status == 422)
    #expect(refused.text.contains(#"<p class="error" id="until-error">"#))
    #expect(
      refused.text.contains(#"value="tue" checked"#)
        && refused.text.contains(#"value="2026-01-01""#))
    #expect(app.store.roster.schedule.events.count == 1)
  }

  @Test func aRefusedEventKeepsWhatWasTypedAndSaysWhy() async throws {
    let session = try await app.session()
    let before = app.store.roster.version
    let refused = try await app.post(
      "/week/events",
      [
        ("csrf", session.token), ("kind", "scrim"), ("start", "2026-03-29T02:30"),
        ("opponent", "Fnatic"), ("format", "bo3"),
      ], session: session)
    #expect(refused.status == 422)
    #expect(
      refused.text.contains(
        #"<p class="error" id="start-error">2026-03-29T02:30 does not exist in Europe/Paris"#))
    #expect(
      refused.text.contains(#"value="Fnatic""#)
        && refused.text.contains(#"value="2026-03-29T02:30""#))
    #expect(app.store.roster.version == before)
  }

  @Test func aNoInvitesTheSubstituteAnAnswerCarriesAWordAndTheStaffInviteFromTheEventPage()
    async throws
  {
    let (_, yike) = try await app.fullRoster()
    let session = try await app.session()
    let event = try await app.store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2030-03-26T20:00", opponent: "G2"))
    let bo = try #require(app.store.players.first { $0.name == "Bo" })
    #expect(!event.invited.contains(yike.id))
    let answered = try await app.post(
      "/events/\(event.id)/answer",
      [("csrf", session.token), ("player", bo.id.text), ("answer", "no"), ("comment", "exam")],
      session: session)
    #expect(answered.status == 303)
    var page = try await app.client.get("/events/\(event.id)").text
    #expect(page.contains(#"<q class="comment">exam</q>"#))
    #expect(app.store.roster.schedule.event(id: event.id)?.invited.last == yike.id)

    let blue = try await app.store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let kamiloo = try await app.store.playerRows.addPlayer(
      PlayerInput(name: "Kamiloo", position: "Jungle", team: blue.tag))
    #expect(page.contains(#"<option value="\#(kamiloo.id.text)">Kamiloo</option>"#) == false)
    page = try await app.client.get("/events/\(event.id)").text
    #expect(page.contains(#"<option value="\#(kamiloo.id.text)">Kamiloo</option>"#))
    let invited = try await app.post(
      "/events/\(event.id)/invite", [("csrf", session.token), ("player", kamiloo.id.text)],
      session: session)
    #expect(invited.status == 303)
    #expect(app.store.roster.schedule.event(id: event.id)?.invited.last == kamiloo.id)
  }

  @Test func answersAndResultsAreGivenFromTheEventPage() async throws {
    let (_, yike) = try await app.fullRoster()
    let session = try await app.session()
    let event = try await app.store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2", format: "bo3"))
    let bo = try #require(app.store.players.first { $0.name == "Bo" })
    let answered = try await app.post(
      "/events/\(event.id)/answer",
      [("csrf", session.token), ("player", bo.id.text), ("answer", "no")], session: session)
    #expect(answered.status == 303)
    let page = try await app.client.get("/events/\(event.id)").text
    #expect(page.contains(#"<span class="verdict verdict-subs">With subs: Yike for Jungle</span>"#))
    #expect(page.contains(#"aria-label="Bo: No" aria-pressed="true""#))
    #expect(yike.lineup == .substitute)

    let logged = try await app.post(
      "/events/\(event.id)/games",
      [
        ("csrf", session.token), ("result1", "win"), ("side1", "blue"),
        ("champion1-Top", "K'Sante"), ("champion1-Jungle", "Vi"), ("champion1-Mid", ""),
        ("champion1-ADC", "Jinx"), ("champion1-Support", "Rell"), ("vod1", ""),
        ("result2", "loss"), ("side2", "red"), ("result3", ""),
      ], session: session)
    #expect(logged.status == 303)
    let result = try await app.client.get("/events/\(event.id)").text
    // Bo said no: Yike, the substitute the verdict names, is credited with Vi.
    #expect(result.contains(#"<p class="game-head">Game 1: Win · Blue side</p>"#))
    // Each champion as a picture with its name and who played it.
    for (champion, player) in [("K&#39;Sante", "Canna"), ("Vi", "Yike")] {
      #expect(
        result.contains(
          #"<span class="pick-name">\#(champion)</span><span class="played">\#(player)</span>"#))
    }
    #expect(result.contains(#"<span class="pick-name">Jinx</span>"#))
    #expect(app.store.roster.schedule.championsPlayed(by: bo).isEmpty)
    #expect(result.contains("Game 2: Loss · Red side"))
    // The champions played show on the player's page beside their favourites.
    let canna = try await app.client.get("/players/\(app.store.players[0].id)").text
    #expect(canna.contains("Played in logged games: K&#39;Sante ×1"))

    // The week keeps the record: per opponent, and over the last scrims.
    let week = try await app.client.get("/week?from=2026-03-23").text
    #expect(week.contains("<li>G2: 1–1</li>"))
    #expect(week.contains("Last scrims logged (1): 1–1"))

    let wrong = try await app.post(
      "/events/\(event.id)/games",
      [("csrf", session.token), ("result1", "win"), ("champion1-Top", "Notachampion")],
      session: session)
    #expect(wrong.status == 422)
    #expect(wrong.text.contains("“Notachampion” (Top) is not a champion"))
    // What was typed is shown again, to be corrected.
    #expect(
      wrong.text.contains(#"name="champion1-Top" list="champion-names" value="Notachampion""#))
    #expect(app.store.roster.schedule.event(id: event.id)?.games.count == 2)
  }

  @Test func cancellingAPlayedSeriesAsksFirstAndUndoBringsItBackWhole() async throws {
    let session = try await app.session()
    let match = try await app.store.weekRows.addEvent(
      EventInput(kind: "match", start: "2026-03-26T20:00", opponent: "G2", format: "bo3"))
    try await app.store.weekRows.logGames(
      [GameInput(result: "win", side: "blue", champions: ["K'Sante"])], of: match.id)
    try await app.store.draftRows.saveDraft(
      GameDraft(side: .blue).choosing("viego", at: 7), game: 1, of: match.id)
    let played = try #require(app.store.roster.schedule.event(id: match.id))
    // Asked first: nothing is cancelled yet, and the page says what would go.
    let asked = try await app.post(
      "/events/\(match.id)/delete", [("csrf", session.token)], session: session)
    #expect(asked.status == 200)
    #expect(asked.text.contains("Cancel Match vs G2?"))
    #expect(asked.text.contains("It holds 1 games logged, 1 drafts and 0 answers."))
    #expect(asked.text.contains(#"name="confirm" value="yes""#))
    #expect(app.store.roster.schedule.event(id: match.id) != nil)
    // Confirmed: it leaves the week for Recently removed, and the week offers Undo.
    let cancelled = try await app.post(
      "/events/\(match.id)/delete", [("csrf", session.token), ("confirm", "yes")],
      session: session)
    #expect(cancelled.status == 303)
    let week = try #require(cancelled.header("location"))
    #expect(week.hasSuffix("&cancelled=\(match.id)"))
    #expect(app.store.roster.schedule.event(id: match.id) == nil)
    #expect(app.store.roster.schedule.removal(id: match.id)?.event == played)
    let page = try await app.client.get(week, headers: ["Cookie": session.cookie]).text
    #expect(page.contains(#"action="/events/\#(match.id)/restore""#))
    #expect(page.contains(#"id="undo""#))
    let trash = try await app.client.get("/trash", headers: ["Cookie": session.cookie]).text
    #expect(trash.contains(#"id="removed-\#(match.id)""#))
    // Undo: the series is back as it was, its result and drafts with it.
    let undone = try await app.post(
      "/events/\(match.id)/restore", [("csrf", session.token)], session: session)
    #expect(undone.status == 303)
    #expect(app.store.roster.schedule.event(id: match.id) == played)
    #expect(app.store.roster.schedule.removed.isEmpty)
    #expect(try app.store.history(limit: 1).first?.kind == .eventRestored)
    // An event that holds nothing is cancelled at once; the API's Undo answers the event.
    let training = try await app.store.weekRows.addEvent(
      EventInput(kind: "training", start: "2026-03-27T18:00"))
    #expect(
      try await app.post(
        "/events/\(training.id)/delete", [("csrf", session.token)], session: session
      ).status == 303)
    let restored = try await app.client.send("POST", "/api/week/events/\(training.id)/restore")
    #expect(restored.status == 200 && restored.text.contains(#""kind":"training""#))
    #expect(
      try await app.client.send("POST", "/api/week/events/\(training.id)/restore").status == 404)
  }

  @Test func aPlayersHoursAreSetAndADayAwayIsOneButton() async throws {
    let session = try await app.session()
    let canna = app.store.players[0]
    let saved = try await app.post(
      "/players/\(canna.id)/availability",
      [
        ("csrf", session.token), ("weekly", "Mon-Fri 18:00-23:00"),
        ("away", "2026-03-12..2026-03-14\n"),
      ],
      session: session)
    #expect(saved.status == 303)
    #expect(app.store.roster.schedule.availability[canna.id]?.weekly.count == 5)
    let today = Day(Date(), in: TimeZone(identifier: "Europe/Paris") ?? .gmt)
    _ = try await app.post(
      "/players/\(canna.id)/availability",
      [("csrf", session.token), ("awayToday", today.description)],
      session: session)
    #expect(
      app.store.roster.schedule.availability[canna.id]?.away.last
        == Absence(first: today, last: today))
    let refused = try await app.post(
      "/players/\(canna.id)/availability",
      [("csrf", session.token), ("weekly", "evenings"), ("away", "")],
      session: session)
    #expect(refused.status == 422)
    #expect(refused.text.contains(#"value="evenings""#) && refused.text.contains("weekly-error"))
    #expect(try await app.client.get("/players/\(canna.id)").text.contains("Mon 18:00-23:00"))
  }

  @Test func aGuessStaysAGuessWhenTheResultIsSavedAgainUnchanged() async throws {
    let (jungler, _) = try await app.fullRoster()
    let session = try await app.session()
    let event = try await app.store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2"))
    let champions = ["ksante", "vi", "ahri", "jinx", "rell"]
    _ = try await app.store.weekRows.logGames(
      [
        GameInput(
          result: "win", champions: champions, players: ["", "?" + jungler.id.text, "", "", ""])
      ], of: event.id)
    let page = try await app.client.get("/events/\(event.id)").text
    #expect(
      page.contains(#"<option value="?\#(jungler.id.text)" selected="">Bo (a guess)</option>"#))
    // The form sent back as it was shown: the guess is kept, nobody is confirmed.
    func save(_ jungle: String) async throws -> WireResponse {
      try await app.post(
        "/events/\(event.id)/games",
        [("csrf", session.token), ("result1", "win")]
          + zip(Position.allCases, champions).map { ("champion1-\($0.rawValue)", $1) }
          + [("player1-Jungle", jungle)], session: session)
    }
    #expect(try await save("?" + jungler.id.text).status == 303)
    func jungle() -> Game.Pick? {
      app.store.roster.schedule.event(id: event.id)?.games.first?.picks[1]
    }
    #expect(jungle()?.guessed == true && jungle()?.playerID == jungler.id)
    // Naming him for sure confirms it.
    #expect(try await save(jungler.id.text).status == 303)
    #expect(jungle()?.guessed == false && jungle()?.playerID == jungler.id)
  }

  @Test func daysAwayArePickedFromTheDatePicker() async throws {
    let session = try await app.session()
    let canna = app.store.players[0]
    let page = try await app.client.get("/players/\(canna.id)/availability").text
    #expect(page.contains(#"<input type="date" id="awayFrom" name="awayFrom""#))
    let saved = try await app.post(
      "/players/\(canna.id)/availability",
      [("csrf", session.token), ("awayFrom", "2027-03-12"), ("awayTo", "2027-03-14")],
      session: session)
    #expect(saved.status == 303)
    let one = try await app.post(
      "/players/\(canna.id)/availability",
      [("csrf", session.token), ("awayFrom", "2027-04-01"), ("awayTo", "")], session: session)
    #expect(one.status == 303)
    #expect(
      app.store.roster.schedule.availability[canna.id]?.away.map(\.description) == [
        "2027-03-12..2027-03-14", "2027-04-01",
      ])
    let before = app.store.roster.version
    let backwards = try await app.post(
      "/players/\(canna.id)/availability",
      [("csrf", session.token), ("awayFrom", "2027-05-10"), ("awayTo", "2027-05-01")],
      session: session)
    #expect(backwards.status == 422 && backwards.text.contains("put the first day before the last"))
    #expect(app.store.roster.version == before)
  }

  @Test func theHourGridShowsTheWeeklyHoursAndSavesThoseTicked() async throws {
    let session = try await app.session()
    let canna = app.store.players[0]
    let away = try Availability.absence(parsing: "2026-03-12")
    try await app.store.weekRows.setAvailability(
      of: canna.id,
      to: Availability(weekly: try Availability.weekly(parsing: "Tue 18:30-21:00"), away: [away]))
    let page = try await app.client.get("/players/\(canna.id)/availability").text
    // Only whole hours are ticked: 19:00 and 20:00 on Tuesday, not 18:00.
    #expect(page.contains(#"value="2-19" aria-label="Tue 19:00" checked="""#))
    #expect(page.contains(#"value="2-20" aria-label="Tue 20:00" checked="""#))
    #expect(page.contains(#"value="2-18" aria-label="Tue 18:00">"#))
    // The hours ticked become the weekly hours, joined where they follow each other.
    let saved = try await app.post(
      "/players/\(canna.id)/availability",
      [
        ("csrf", session.token), ("grid", "1"), ("hour", "1-18"), ("hour", "1-19"),
        ("hour", "1-20"), ("hour", "3-14"), ("hour", "9-99"),
      ],
      session: session)
    #expect(saved.status == 303)
    let hours = try #require(app.store.roster.schedule.availability[canna.id])
    #expect(hours.weekly.map(\.description) == ["Mon 18:00-21:00", "Wed 14:00-15:00"])
    #expect(hours.away == [away])
  }

  @Test func aDaysPlusOpensThePlanningFormOnThatDayAndNeverInThePast() async throws {
    _ = try await app.session()
    let zone = try #require(TimeZone(identifier: "Europe/Paris"))
    let today = Day(Date(), in: zone)
    let monday = WeekFeature.monday(of: today, in: zone)
    let week = try await app.client.get("/week?team=KC&from=\(monday)").text
    // Folded near the top, before the days; a "+" on each day to come, none on days past.
    let form = try #require(
      week.range(
        of:
          #"<section class="plan-tools" aria-labelledby="plan-title"><details class="week-tools plan" id="plan">"#
      ))
    #expect(
      form.upperBound < (week.range(of: #"class="week-days""#)?.lowerBound ?? form.lowerBound))
    #expect(week.contains("plan=\(today)#plan"))
    if monday < today { #expect(!week.contains("plan=\(monday)#plan")) }
    let next = monday.adding(days: 7)
    let opened = try await app.client.get("/week?team=KC&from=\(next)&plan=\(next)").text
    #expect(opened.contains(#"<details class="week-tools plan" id="plan" open="">"#))
    #expect(opened.contains(#"value="\#(next)T20:00""#))
    // Without a day: the first of the week that has not passed, at 20:00 or the next hour.
    let late = try EventInput.instant("\(today)T21:30", in: zone, field: .start)
    #expect(Pages.planned(on: nil, week: monday, now: late, in: zone).start == "\(today)T22:00")
    let night = try EventInput.instant("\(today)T23:10", in: zone, field: .start)
    #expect(
      Pages.planned(on: today, week: monday, now: night, in: zone).start
        == "\(today.adding(days: 1))T20:00")
    let morning = try EventInput.instant("\(today)T09:00", in: zone, field: .start)
    #expect(Pages.planned(on: nil, week: monday, now: morning, in: zone).start == "\(today)T20:00")
  }

  @Test func aCalendarAddressIsMadeAndRevokedFromTheWeek() async throws {
    let session = try await app.session()
    let made = try await app.post(
      "/calendar/new", [("csrf", session.token), ("team", "KC"), ("from", "2027-01-04")],
      session: session)
    #expect(made.status == 303)
    // Back to the week it was made from.
    #expect(made.header("location") == "/week?team=KC&from=2027-01-04#calendar-title")
    let feed = try #require(app.store.roster.schedule.feeds.first)
    let week = try await app.client.get("/week?team=KC").text
    #expect(week.contains(#"href="\#(feed.path)" data-webcal="""#))
    #expect(try await app.client.get(feed.path).status == 200)
    _ = try await app.post(
      "/calendar/revoke", [("csrf", session.token), ("team", "KC"), ("secret", feed.secret)],
      session: session)
    #expect(try await app.client.get(feed.path).status == 404)
  }
}

/// The week in French: days, verdicts and the planning form in the reader's language.
@Suite struct FrenchWeekTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func theWeekSpeaksFrench() async throws {
    _ = try await app.store.playerRows.addPlayer(PlayerInput(name: "Bo", position: "Jungle"))
    _ = try await app.store.playerRows.addPlayer(PlayerInput(name: "Vladi", position: "Mid"))
    _ = try await app.store.weekRows.addEvent(
      EventInput(kind: "training", start: "2026-03-26T18:00", opponent: ""))
    let page = try await app.client.get(
      "/week?from=2026-03-23", headers: ["Accept-Language": "fr-FR"]
    ).text
    #expect(page.contains(#"<html lang="fr">"#))
    #expect(page.contains("Entraînement"))
    #expect(
      page.contains(
        #"<span class="verdict verdict-available">Cinq disponibles, 0 sur 5 confirmés</span>"#))
    #expect(page.contains("jeu. 26 mars 2026"))
    #expect(page.contains("Planifier"))
    // A day to come's "+" is named in full: « Planifier le jeudi 10 décembre ».
    let now = try await app.client.get("/week", headers: ["Accept-Language": "fr-FR"]).text
    #expect(
      now.contains(
        /aria-label="Planifier le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} \w+"/
      ), "\(now)")
    let english = try await app.client.get("/week").text
    #expect(
      english.contains(
        /aria-label="Plan on (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} \w+"/
      ))
  }

  @Test func aPlayersHoursAndDaysAwayAreWrittenTheReadersWayAndReadBack() async throws {
    let bo = try await app.store.playerRows.addPlayer(PlayerInput(name: "Bo", position: "Jungle"))
    let hours = Availability(
      weekly: try Availability.weekly(parsing: "Mon 18:00-23:00"),
      away: [try Availability.absence(parsing: "2026-03-12..2026-03-14")])
    try await app.store.weekRows.setAvailability(of: bo.id, to: hours)
    let page = try await app.client.get(
      "/players/\(bo.id)/availability", headers: ["Accept-Language": "fr-FR"]
    ).text
    #expect(page.contains("lun. 18:00-23:00") && page.contains("12/03/2026..14/03/2026"))
    #expect(page.contains("Horaires (heure de Paris)"))
    // What the French page shows is read back as it was.
    #expect(try Availability.weekly(parsing: "lun. 18:00-23:00") == hours.weekly)
    #expect(try Availability.absence(parsing: "12/03/2026..14/03/2026") == hours.away[0])
  }
}

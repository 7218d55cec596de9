import Foundation
import TeamKit
import Testing

/// The team's week: hours as people write them, wall-clock time across the daylight-saving
/// changes, the verdict for a slot, events as typed, and the calendar feed's format.
@Suite struct WeekTests {
  let paris = TimeZone(identifier: "Europe/Paris") ?? .gmt

  func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text) ?? .distantPast }

  @Test func weeklyHoursAreReadAsPeopleWriteThem() throws {
    let blocks = try Availability.weekly(parsing: "Mon-Fri 18:00-23:00, sam 14h-20h30; Sun 10-12")
    #expect(blocks.count == 7)
    #expect(blocks.first == WeeklyBlock(day: .monday, start: 18 * 60, end: 23 * 60))
    #expect(blocks.map(\.description).suffix(2) == ["Sat 14:00-20:30", "Sun 10:00-12:00"])
    // A range may wrap past Sunday; French names and 24:00 are read.
    let wrapped = try Availability.weekly(parsing: "Sat-Mon 20:00-24:00")
    #expect(wrapped.map(\.day) == [.monday, .saturday, .sunday])
    #expect(
      try Availability.weekly(parsing: "jeudi 18h-23h").map(\.description) == ["Thu 18:00-23:00"])
    #expect(try Availability.weekly(parsing: " ").isEmpty)
    for wrong in ["Mon 18:00", "Someday 18:00-20:00", "Mon 25:00-26:00", "Mon 18:7-20:00"] {
      #expect(throws: ValidationError.self) { try Availability.weekly(parsing: wrong) }
    }
    // Past midnight, the error says how to write it.
    let error = try #require(
      throws: ValidationError.self,
      performing: { try Availability.weekly(parsing: "Fri 20:00-02:00") })
    #expect(error.message(for: .weekly)?.text(in: .english).contains("Sat 00:00-02:00") == true)
  }

  @Test func daysAwayAreADayOrARange() throws {
    #expect(
      try Availability.absence(parsing: "2026-03-12..2026-03-14").description
        == "2026-03-12..2026-03-14")
    #expect(try Availability.absence(parsing: "2026-03-12").last == Day("2026-03-12"))
    #expect(throws: ValidationError.self) {
      try Availability.absence(parsing: "2026-03-14..2026-03-12")
    }
    #expect(throws: ValidationError.self) { try Availability.absence(parsing: "12 March") }
    // As French spreadsheets and people write them.
    #expect(
      try Availability.absence(parsing: "12/03/2026..14/3/26").description
        == "2026-03-12..2026-03-14")
  }

  @Test func weeklyHoursKeepTheirWallClockTimeAcrossTheChangesOfMarchAndOctober() throws {
    let sundays = Availability(weekly: try Availability.weekly(parsing: "Sun 18:00-23:00"))
    // 29 March 2026, the last Sunday of March: 18:30 in Paris is 16:30 UTC (UTC+2); the
    // Sunday before, 16:30 UTC was 17:30 in Paris, before the player's hours.
    #expect(
      sundays.isAvailable(
        from: utc("2026-03-29T16:30:00Z"), to: utc("2026-03-29T18:30:00Z"), in: paris))
    #expect(
      !sundays.isAvailable(
        from: utc("2026-03-22T16:30:00Z"), to: utc("2026-03-22T18:30:00Z"), in: paris))
    #expect(
      sundays.isAvailable(
        from: utc("2026-03-22T17:00:00Z"), to: utc("2026-03-22T22:00:00Z"), in: paris))
    // 25 October 2026, the last Sunday of October: back to UTC+1. 22:30 Paris is 21:30 UTC;
    // a week before, 21:30 UTC was 23:30 Paris, after the hours.
    #expect(
      sundays.isAvailable(
        from: utc("2026-10-25T20:00:00Z"), to: utc("2026-10-25T21:30:00Z"), in: paris))
    #expect(
      !sundays.isAvailable(
        from: utc("2026-10-18T20:00:00Z"), to: utc("2026-10-18T21:30:00Z"), in: paris))
    // A span past midnight needs hours on both days; days away win over hours.
    let late = Availability(
      weekly: try Availability.weekly(parsing: "Fri 20:00-24:00, Sat 00:00-02:00"))
    #expect(
      late.isAvailable(
        from: utc("2026-03-13T21:00:00Z"), to: utc("2026-03-14T00:30:00Z"), in: paris))
    #expect(
      !late.isAvailable(
        from: utc("2026-03-13T21:00:00Z"), to: utc("2026-03-14T02:00:00Z"), in: paris))
    var away = late
    away.away = [try Availability.absence(parsing: "2026-03-14")]
    #expect(
      !away.isAvailable(
        from: utc("2026-03-13T21:00:00Z"), to: utc("2026-03-14T00:30:00Z"), in: paris))
    // No hours given: never restricted.
    #expect(
      Availability().isAvailable(
        from: utc("2026-03-13T03:00:00Z"), to: utc("2026-03-13T04:00:00Z"), in: paris))
  }

  @Test func anEventIsTypedOnTheTeamsWallClock() throws {
    let team = Team.first.id
    let march = try EventInput(
      kind: "Scrim", start: "2026-03-26T20:00", opponent: " G2 ", format: "BO3"
    )
    .validated(team: team, zone: paris, invited: [])
    #expect(march.start == utc("2026-03-26T19:00:00Z"))
    #expect(march.end == utc("2026-03-26T21:00:00Z"))  // two hours when no end is given
    #expect(march.opponent == "G2" && march.format == .bo3 && march.kind == .scrim)
    #expect(march.title.text(in: .english) == "Scrim vs G2")
    let april = try EventInput(kind: "match", start: "2026-04-02 20h00", end: "2026-04-02T23:00")
      .validated(team: team, zone: paris, invited: [])
    #expect(april.start == utc("2026-04-02T18:00:00Z"))
    #expect(EventInput.wallClock(april.start, in: paris) == "2026-04-02T20:00")
    // The hour the clocks skip does not exist; the one they pass twice is the first.
    let skipped = try #require(
      throws: ValidationError.self,
      performing: { try EventInput.instant("2026-03-29T02:30", in: paris, field: .start) })
    #expect(skipped.message(for: .start)?.text(in: .english).contains("Europe/Paris") == true)
    #expect(
      try EventInput.instant("2026-10-25T02:30", in: paris, field: .start)
        == utc("2026-10-25T00:30:00Z"))
    // Every problem at once.
    let wrong = try #require(
      throws: ValidationError.self,
      performing: {
        try EventInput(
          kind: "party", start: "2026-03-26T20:00", end: "2026-03-26T19:00", format: "bo4"
        )
        .validated(team: team, zone: paris, invited: [])
      })
    #expect(
      wrong.message(for: .eventType)?.text(in: .english) != nil
        && wrong.message(for: .end)?.text(in: .english) != nil
        && wrong.message(for: .format)?.text(in: .english) != nil)
  }

  @Test func theVerdictNamesTheSubstituteOrTheMissingRole() throws {
    let starters = Position.allCases.map { Player(name: "Starter \($0.rawValue)", position: $0) }
    let yike = Player(name: "Yike", position: .jungle, lineup: .substitute)
    let players = starters + [yike, Player(name: "Gone", position: .jungle, lineup: .inactive)]
    #expect(Verdict.of(players) { _ in true } == .fullFive)
    let withoutJungler = Verdict.of(players) { $0.id != starters[1].id }
    #expect(
      withoutJungler == .withSubs([.init(position: .jungle, playerID: yike.id, name: "Yike")]))
    #expect(withoutJungler.text(in: .english) == "With subs: Yike for Jungle")
    let short = Verdict.of(players) { $0.position != .jungle && $0.position != .mid }
    #expect(short.text(in: .english) == "Not enough: no Jungle and no Mid")
    #expect(short.code == "short")
    // An answer wins over hours: yes even outside them, no even inside.
    let zone = paris
    var event = TeamEvent(
      teamID: Team.first.id, kind: .scrim, start: utc("2026-03-26T19:00:00Z"),
      end: utc("2026-03-26T21:00:00Z"))
    let mornings = Availability(weekly: [WeeklyBlock(day: .thursday, start: 600, end: 720)])
    #expect(!event.isAvailable(yike.id, availability: mornings, in: zone))
    event.answers[yike.id] = .yes
    #expect(event.isAvailable(yike.id, availability: mornings, in: zone))
    event.answers[yike.id] = .no
    #expect(!event.isAvailable(yike.id, availability: nil, in: zone))
    // A day away wins over everything, a yes given before it included.
    event.answers[yike.id] = .yes
    let awayThatDay = Availability(
      weekly: mornings.weekly,
      away: [Absence(first: try #require(Day("2026-03-26")), last: try #require(Day("2026-03-26")))]
    )
    #expect(!event.isAvailable(yike.id, availability: awayThatDay, in: zone))
    let awayTheDayAfter = Availability(
      away: [Absence(first: try #require(Day("2026-03-27")), last: try #require(Day("2026-03-28")))]
    )
    #expect(event.isAvailable(yike.id, availability: awayTheDayAfter, in: zone))
  }

  @Test func aGameCreditsWhoPlayedEachRoleTheVerdictsFiveUnlessTheFormNamesAnother() throws {
    let starters = Position.allCases.map { Player(name: "Starter \($0.rawValue)", position: $0) }
    let tao = Player(name: "Tao", position: .mid, lineup: .substitute)
    let academy = Player(name: "Kamiloo", position: .jungle, teamID: UUID())
    let players = starters + [tao]
    // Saken (the Mid starter) cannot play: the five the verdict names has Tao in Mid.
    let lineup = Verdict.lineup(players) { $0.id != starters[2].id }
    #expect(lineup[.mid] == tao.id && lineup[.top] == starters[0].id && lineup.count == 5)
    #expect(Verdict.lineup(players) { $0.position != .jungle }[.jungle] == nil)

    let game = try GameInput(
      result: "win", side: "blue", champions: ["ksante", "vi", "ahri", "jinx", "rell"],
      players: ["", "kamiloo", "", "", ""],
      opponentChampions: ["aatrox", "", "azir", "", ""]
    ).validated(lineup: lineup, players: players + [academy], catalog: .builtIn)
    #expect(
      game.picks.map(\.playerID) == [
        starters[0].id, academy.id, tao.id, starters[3].id, starters[4].id,
      ])
    #expect(game.picks.allSatisfy { !$0.guessed })
    #expect(game.opponentPicks.map(\.champion) == ["aatrox", "azir"])
    #expect(game.opponentPicks.map(\.position) == [.top, .mid])
    #expect(
      try GameInput(game).validated(lineup: [:], players: players + [academy], catalog: .builtIn)
        == game)

    // A guess logged again as it was stays a guess; naming the player confirms it.
    var guessed = game
    guessed.picks[2].guessed = true
    let again = GameInput(guessed)
    #expect(again.players[2] == "?" + tao.id.uuidString)
    #expect(
      try again.validated(lineup: [:], players: players + [academy], catalog: .builtIn) == guessed)
    var confirmed = again
    confirmed.players[2] = tao.id.uuidString
    #expect(
      try confirmed.validated(lineup: [:], players: players + [academy], catalog: .builtIn)
        .picks[2].guessed == false)

    let stranger = try #require(
      throws: ValidationError.self,
      performing: {
        try GameInput(result: "win", champions: ["ksante"], players: ["Nobody"])
          .validated(lineup: lineup, players: players, catalog: .builtIn)
      })
    #expect(
      stranger.message(for: .game)?.text(in: .english)
        == "“Nobody” (Top) is no player of the organisation; check the pseudo.")
    let noChampion = try #require(
      throws: ValidationError.self,
      performing: {
        try GameInput(result: "win", champions: [], players: ["Tao"])
          .validated(lineup: lineup, players: players, catalog: .builtIn)
      })
    #expect(
      noChampion.message(for: .game)?.text(in: .english)
        == "Give the champion Tao played (Top), or leave the player empty.")
    #expect(
      throws: ValidationError.self,
      performing: {
        try GameInput(result: "win", opponentChampions: ["notachampion"])
          .validated(lineup: lineup, players: players, catalog: .builtIn)
      })
  }

  @Test func theFeedIsRFC5545() {
    let event = TeamEvent(
      id: UUID(uuidString: "0E000000-0000-4000-8000-000000000001") ?? UUID(), teamID: Team.first.id,
      kind: .scrim, start: utc("2026-03-26T19:00:00Z"), end: utc("2026-03-26T21:00:00Z"),
      opponent: "Team, Vitality; \\ Bee", place: "Online",
      notes: "Draft practice: " + String(repeating: "é", count: 60) + "\nBring headsets",
      sequence: 3,
      updated: utc("2026-03-20T10:00:00Z"))
    let feed = ICalendar.feed(name: "KCorp", events: [event], players: [:], language: .english)
    let lines = feed.components(separatedBy: "\r\n")
    #expect(lines.first == "BEGIN:VCALENDAR" && lines.dropLast().last == "END:VCALENDAR")
    #expect(lines.contains("UID:0E000000-0000-4000-8000-000000000001@kcorp-team-manager"))
    #expect(lines.contains("DTSTART:20260326T190000Z") && lines.contains("DTEND:20260326T210000Z"))
    #expect(lines.contains("DTSTAMP:20260320T100000Z") && lines.contains("SEQUENCE:3"))
    #expect(lines.contains(#"SUMMARY:Scrim vs Team\, Vitality\; \\ Bee"#))
    // Lines of at most 75 octets, continued with a space, never cut inside a character.
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(lines.contains { $0.hasPrefix(" ") })
    let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
    #expect(
      unfolded.contains(
        "DESCRIPTION:Draft practice: " + String(repeating: "é", count: 60) + "\\nBring headsets"))
  }
}

import Foundation
import Testing

@testable import TeamKit

@Suite struct RosterFileTests {
  let roster = Player.defaultRoster

  func csv(_ text: String) -> Data { Data(text.utf8) }

  @Test func csvExportIsUTF8WithABOMAHeaderAndOneRowPerPlayer() {
    let players = [
      Player(
        name: "Zoë", position: .adc,
        favoriteChampions: [
          ChampionCatalog.builtIn.find("kaisa")!, ChampionCatalog.builtIn.find("jinx")!,
        ])
    ]
    let text = String(decoding: RosterFile.export(players, as: .csv), as: UTF8.self)
    #expect(
      text.hasPrefix(
        "\u{FEFF}id,name,position,lineup,image,favoriteChampions,team,riotID,realName,"
          + "nationality,birthDate,joined,contractEnd\r\n"))
    #expect(text.hasSuffix(",Zoë,ADC,starter,player_default,\"Kai'Sa, Jinx\",KC,,,,,,\r\n"))
    #expect(text.components(separatedBy: "\r\n").count == 3)
  }

  @Test(arguments: [
    ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""), ("+1", "'+1"), ("-2", "'-2"),
    ("@SUM", "'@SUM"),
    ("Canna", "Canna"), ("a,b", "\"a,b\""), (" edge", "\" edge\""),
  ])
  func aCellASpreadsheetWouldRunIsNeutralized(value: String, cell: String) {
    #expect(RosterFile.csvCell(value) == cell)
  }

  @Test func everyPseudoComesBackFromACSVAsItWent() throws {
    // What the export escapes, the import takes back, and only that.
    let names = ["'-5", "'=1+1", "=1+1", "@x", "\tTab", "'Kev", "''", "-Dash", "+Plus"]
    let players = names.enumerated().map { index, name in
      Player(
        id: UUID(uuidString: "00000000-0000-4000-8000-\(String(format: "%012d", index))")!,
        name: name, position: .mid, lineup: .substitute)
    }
    let exported = RosterFile.export(players, as: .csv)
    let plan = try RosterImport(exported, current: [])
    #expect(plan.players.map(\.name) == names.map { $0.trimmingCharacters(in: .whitespaces) })
  }

  @Test func aWindows1252SpreadsheetIsReadAsItWasWritten() throws {
    // "name;position\r\nPâté;Mid\r\nZoë;Top" as a French Excel saves it.
    let bytes: [UInt8] =
      Array("name;position\r\nP".utf8) + [0xE2] + Array("t".utf8) + [0xE9]
      + Array(";Mid\r\nZo".utf8) + [0xEB] + Array(";Top\r\n".utf8)
    let plan = try RosterImport(Data(bytes), current: [])
    #expect(plan.players.map(\.name) == ["Pâté", "Zoë"])
    // UTF-8, with or without its byte order mark, is read as UTF-8.
    for prefix in ["", "\u{FEFF}"] {
      let utf8 = try RosterImport(csv(prefix + "name,position\nPâté,Mid\n"), current: [])
      #expect(utf8.players.map(\.name) == ["Pâté"])
    }
  }

  @Test func aFrenchSpreadsheetWithItsOwnHeadersIsRead() throws {
    // "Pseudo;Rôle;Statut;Champions favoris;Fin de contrat", Windows-1252 as Excel saves it.
    let bytes: [UInt8] =
      Array("Pseudo;R".utf8) + [0xF4] + Array("le;Statut;Champions favoris;Fin de contrat\r\n".utf8)
      + Array("Z".utf8) + [0xE9] + Array("phyr;jgl;rempla".utf8) + [0xE7]
      + Array("ant;\"Lee Sin, Viego\";2027-06-30\r\n".utf8)
    let plan = try RosterImport(Data(bytes), current: [])
    let player = try #require(plan.players.first)
    #expect(player.name == "Zéphyr" && player.position == .jungle)
    #expect(player.lineup == .substitute)
    #expect(player.favoriteChampions.map(\.id) == ["leesin", "viego"])
    #expect(player.contractEnd == Day("2027-06-30"))
    // "Poste" names the position as well.
    let poste = try RosterImport(csv("Joueur,Poste\nCanna,Top\n"), current: [])
    #expect(poste.players.map(\.position) == [.top])
  }

  @Test func frenchExcelDatesAndTheFrenchClientsRoleNamesAreRead() throws {
    // What French Excel writes: `;`, Windows-1252, dates as dd/mm/yyyy or d/m/yy.
    let text =
      "Pseudo;Rôle;Statut;Date de naissance;Fin de contrat\r\n"
      + "Targamas;Soutien;titulaire;17/04/2000;31/08/2027\r\n"
      + "Canna;Haut;titulaire;1/2/99;30/6/28\r\n"
      + "Vladi;Milieu;remplaçant;;\r\nCaliste;Bas;titulaire;;\r\n"
    let bytes = try #require(text.data(using: .windowsCP1252))
    let plan = try RosterImport(bytes, current: [])
    #expect(plan.players.map(\.position) == [.support, .top, .mid, .adc])
    #expect(plan.players[0].birthDate == Day("2000-04-17"))
    #expect(plan.players[0].contractEnd == Day("2027-08-31"))
    #expect(plan.players[1].birthDate == Day("1999-02-01"))
    #expect(plan.players[1].contractEnd == Day("2028-06-30"))
    // A real name under this build's header, or the one earlier exports wrote.
    for header in ["Nom et prénom", "Nom réel"] {
      let named = try RosterImport(
        Data("Pseudo;Rôle;\(header)\r\nCanna;Haut;Kim Chang-dong\r\n".utf8), current: [])
      #expect(named.players.first?.realName == "Kim Chang-dong")
    }
    #expect(plan.players[2].lineup == .substitute)
    // A day that does not exist is refused by its field, as an ISO one is.
    let problems = #expect(throws: RosterFile.Problems.self) {
      try RosterImport(csv("Pseudo;Rôle;Fin de contrat\nCanna;Haut;31/02/2027\n"), current: [])
    }
    #expect(problems?.description.contains("31/02/2027") == true)
  }

  @Test func theFrenchExcelCSVIsSemicolonsFrenchHeadersAndDatesAndImportsBackTheSame() throws {
    var tao = PlayerInput(name: "Tao", position: "Mid", lineup: "substitute")
    tao.realName = "Taoufik Belkacem; dit \"Tao\""
    tao.nationality = "MA"
    tao.birthDate = "2008-02-29"
    tao.joined = "2025-09-01"
    tao.contractEnd = "2027-08-31"
    tao.favoriteChampions = ["ahri", "viktor"]
    let player = try tao.validated(in: Player.defaultRoster)
    let players = [player] + Player.defaultRoster
    let data = RosterFile.export(players, as: .frenchCSV)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasPrefix("\u{FEFF}Identifiant;Pseudo;Rôle;Statut;Photo;Champions favoris;"))
    #expect(text.contains(";remplaçant;"))
    #expect(text.contains(";29/02/2008;01/09/2025;31/08/2027\r\n"))
    #expect(text.contains(#";"Taoufik Belkacem; dit ""Tao""";"#))
    // Every field comes back as it went.
    let plan = try RosterImport(data, current: players)
    #expect(plan.players.count == players.count)
    for (back, sent) in zip(plan.players, players) {
      #expect(back.id == sent.id && back.hasSameFields(as: sent), "\(sent.name)")
    }
  }

  @Test(arguments: [
    ("24/12/2026", "2026-12-24"), ("1/3/2027", "2027-03-01"), ("5/6/07", "2007-06-05"),
    ("5/6/45", "1945-06-05"), ("2026-12-24", "2026-12-24"),
  ])
  func aDateIsReadAsFrenchSpreadsheetsWriteIt(_ written: String, _ iso: String) {
    #expect(Day(written: written) == Day(iso))
  }

  @Test(arguments: ["12/24/2026", "24-12-2026", "24/12", "0/1/2026", "29/02/2027", "1/1/123"])
  func aDateNoCalendarHasIsNone(_ written: String) {
    #expect(Day(written: written) == nil)
  }

  @Test func anImportTakesTimeInProportionToItsRows() throws {
    // As many teams as the largest file needs: a team holds at most 200 players.
    let teams = (0..<(PlayerLimits.perOrganisation / PlayerLimits.perTeam)).map {
      Team(name: "Team \($0)", tag: "T\($0)")
    }
    func rows(_ count: Int) -> Data {
      var text = "name,position,team\n"
      for index in 0..<count {
        text += "Player\(index),Mid,\(teams[index / PlayerLimits.perTeam].tag)\n"
      }
      return csv(text)
    }
    /// This thread's processor time, in seconds: not the other tests' running beside it.
    func threadTime() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    /// The processor time of reading and checking `count` rows, the best of three.
    func cost(_ count: Int) throws -> Double {
      let data = rows(count)
      var best = Double.infinity
      for _ in 0..<3 {
        let start = threadTime()
        _ = try RosterImport(data, current: [], teams: teams)
        best = min(best, threadTime() - start)
      }
      return best
    }
    let small = try cost(PlayerLimits.perOrganisation / 4)
    let large = try cost(PlayerLimits.perOrganisation)
    // Four times the rows: linear is four times the work, quadratic sixteen (caches and
    // the other tests' load make linear up to about five).
    #expect(large < 8 * small, "2,500 rows: \(small), 10,000 rows: \(large)")
  }

  @Test func csvRoundTripsEveryFieldAndId() throws {
    var players = roster
    players.append(
      Player(
        name: "-Dash, \"quoted\"", position: .support, image: "dash",
        favoriteChampions: [ChampionCatalog.builtIn.find("braum")!], lineup: .substitute))
    let plan = try RosterImport(RosterFile.export(players, as: .csv), current: players)
    #expect(plan.players == players)
    #expect(plan.added.isEmpty && plan.changed.isEmpty && plan.removed.isEmpty)
    let json = try RosterImport(RosterFile.export(players, as: .json), current: [])
    #expect(json.players == players)
  }

  /// A week with an availability, an answer, a logged game and a removed player's invitation.
  func week(of players: [Player]) throws -> Schedule {
    let zone = try #require(TimeZone(identifier: "Europe/Paris"))
    var scrim = try EventInput(
      kind: "scrim", start: "2026-03-26T20:00", opponent: "G2", format: "bo3", notes: "Bring\nmice"
    ).validated(team: Team.first.id, zone: zone, invited: players.map(\.id) + [UUID()])
    scrim.answers = [players[1].id: .no]
    scrim.games = [
      try GameInput(
        result: "win", side: "blue", champions: ["ksante", "", "ahri"], vod: "https://example.com/1"
      )
      .validated(lineup: [.top: players[0].id], players: players, catalog: .builtIn),
      try GameInput(result: "loss").validated(lineup: [:], players: players, catalog: .builtIn),
    ]
    scrim.sequence = 3
    scrim.series = UUID()  // planned in a series
    scrim.draftRule = .fearless
    var draft = GameDraft(side: .blue)
    (draft.champions[6], draft.roles[6], draft.players[6]) = ("ksante", .top, players[0].id)
    draft.champions[0] = "azir"
    scrim.drafts = [draft]
    scrim.updated = Date(timeIntervalSince1970: 1_774_000_000)  // whole seconds, as ISO 8601 has
    let hours = Availability(
      weekly: try Availability.weekly(parsing: "Mon-Fri 18:00-23:00"),
      away: [try Availability.absence(parsing: "2026-03-12..2026-03-14")])
    return Schedule(events: [scrim], availability: [players[0].id: hours])
  }

  @Test func aJSONExportCarriesTheWeekAndItsImportBringsItBack() throws {
    let schedule = try week(of: roster)
    let data = RosterFile.export(roster, as: .json, schedule: schedule)
    let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      Set(file.keys) == ["availability", "champions", "events", "players", "pools", "soloQueue"])
    let plan = try RosterImport(data, current: roster)
    #expect(plan.players == roster)
    var expected = schedule.events[0]
    expected.invited.removeLast()  // the player not in the file
    #expect(plan.schedule == Schedule(events: [expected], availability: schedule.availability))

    // A list of players (the API's shape) or a CSV keeps the week: no schedule.
    let list = TeamJSON.encode(roster)
    #expect(try RosterImport(list, current: roster).players == roster)
    #expect(try RosterImport(list, current: roster).schedule == nil)
    #expect(try RosterImport(RosterFile.export(roster, as: .csv), current: roster).schedule == nil)
  }

  @Test func aWeekThatDoesNotHoldIsRefusedWithEveryProblemNamed() throws {
    let schedule = try week(of: roster)
    var file = try #require(
      try JSONSerialization.jsonObject(
        with: RosterFile.export(roster, as: .json, schedule: schedule)) as? [String: Any])
    var events = try #require(file["events"] as? [[String: Any]])
    var other = events[0]
    other["team"] = UUID().uuidString
    var backwards = events[0]
    backwards["id"] = UUID().uuidString
    backwards["end"] = "2026-03-26T18:00:00Z"
    var insecure = events[0]
    insecure["id"] = UUID().uuidString
    var games = try #require(insecure["games"] as? [[String: Any]])
    games[0]["vod"] = "http://example.com/1"
    insecure["games"] = games
    var counted = events[0]
    counted["id"] = UUID().uuidString
    counted["sequence"] = Int.max
    events += [other, backwards, events[0], insecure, counted]
    file["events"] = events
    var hours = try #require(file["availability"] as? [[String: Any]])
    hours[0]["player"] = UUID().uuidString
    file["availability"] = hours
    let error = #expect(throws: RosterFile.Problems.self) {
      try RosterImport(JSONSerialization.data(withJSONObject: file), current: roster)
    }
    let messages = error?.problems.map(\.description) ?? []
    #expect(messages.count == 6, "\(messages)")
    #expect(messages.contains { $0.hasPrefix("Event 5 (“Scrim vs G2”): ") && $0.contains("https") })
    #expect(messages.contains { $0.hasPrefix("Event 6 (“Scrim vs G2”): Give a sequence of 0 to") })
    #expect(messages.contains { $0.hasPrefix("Availability 1: No player of the file has the id") })
    #expect(
      messages.contains { $0.hasPrefix("Event 2 (“Scrim vs G2”): No team of the organisation") })
    #expect(
      messages.contains { $0.hasPrefix("Event 3 (“Scrim vs G2”): Put the end after the start.") })
    #expect(
      messages.contains { $0.hasPrefix("Event 4 (“Scrim vs G2”): Give each event its own id") })
  }

  @Test func anImportedWeekInvitesAndCreditsTheFilesPlayersOnlyAndKeepsTheWeekWithoutIt()
    throws
  {
    let blue = Team(id: UUID(), name: "KC Blue", tag: "KCB", league: nil, parentID: nil)
    var players = roster
    players.append(Player(name: "Saken", position: .mid, teamID: blue.id))
    let saken = players[players.count - 1]
    var schedule = try week(of: roster)
    var scrim = schedule.events[0]
    let stranger = UUID()
    scrim.invited += [saken.id, stranger]  // another team's player, and one of no file
    scrim.answers[saken.id] = .yes
    scrim.comments[saken.id] = "en retard, 20h30"
    // Saken, of another team, stood in for Mid; nobody of the file played Jungle.
    scrim.games[0].picks.removeAll { $0.position == .mid || $0.position == .jungle }
    scrim.games[0].picks += [
      Game.Pick(position: .jungle, playerID: UUID(), champion: "vi", guessed: true),
      Game.Pick(position: .mid, playerID: saken.id, champion: "ahri", guessed: true),
    ]
    schedule = Schedule(events: [scrim], availability: schedule.availability)
    let data = RosterFile.export(players, as: .json, teams: [.first, blue], schedule: schedule)
    let plan = try RosterImport(data, current: players, teams: [.first, blue])
    let imported = try #require(plan.schedule?.events.first)
    #expect(imported.invited.contains(saken.id) && !imported.invited.contains(stranger))
    #expect(imported.comments == [saken.id: "en retard, 20h30"])
    let mid = imported.games[0].picks.first { $0.position == .mid }
    #expect(mid?.playerID == saken.id && mid?.champion == "ahri" && mid?.guessed == true)
    let jungle = imported.games[0].picks.first { $0.position == .jungle }
    #expect(jungle?.playerID == nil && jungle?.champion == "vi")

    // The players alone keep the week; one of the week's two lists alone is refused.
    var file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    file["availability"] = nil
    file["events"] = nil
    let alone = try JSONSerialization.data(withJSONObject: file)
    #expect(try RosterImport(alone, current: players, teams: [.first, blue]).schedule == nil)
    file["events"] = [Any]()
    let error = #expect(throws: RosterFile.Problems.self) {
      try RosterImport(
        JSONSerialization.data(withJSONObject: file), current: players, teams: [.first, blue])
    }
    #expect(
      error?.problems.first?.message.text(in: .english).hasPrefix(
        "Give both “availability” and “events”") == true)
  }

  @Test func theWholeOrganisationRoundTripsThroughACSVWithEveryNewField() throws {
    let blue = Team(id: UUID(), name: "KC Blue", tag: "KCB", league: "LFL", parentID: Team.first.id)
    let teams = [Team.first, blue]
    var players = roster
    players.append(
      Player(
        name: "Hazel", position: .adc, lineup: .standIn, teamID: blue.id,
        riotID: try RiotID(parsing: "Hazel#KCB"), realName: "Hazel Martin", nationality: "FR",
        birthDate: Day("2006-02-06"), joined: Day("2024-11-20"), contractEnd: Day("2026-12-31")))
    players.append(Player(name: "Trainee", position: .top, lineup: .trainee, teamID: blue.id))
    let csv = RosterFile.export(players, as: .csv, teams: teams)
    #expect(String(decoding: csv, as: UTF8.self).contains(",KCB,Hazel#KCB,"))
    let plan = try RosterImport(csv, current: players, teams: teams, today: Day("2026-12-01")!)
    #expect(plan.players == players)
    #expect(plan.added.isEmpty && plan.changed.isEmpty && plan.removed.isEmpty)
    // Into an organisation that has the same teams and no players: everyone back as they were.
    let fresh = try RosterImport(csv, current: [], teams: teams, today: Day("2026-12-01")!)
    #expect(fresh.players == players)
  }

  @Test func aPlayersPhotoIsNoChangeInAnImportOfTheSameRoster() throws {
    var players = roster
    players[0].photo = String(repeating: "ab", count: 32)
    let plan = try RosterImport(RosterFile.export(players, as: .csv), current: players)
    #expect(plan.added.isEmpty && plan.changed.isEmpty && plan.removed.isEmpty)
  }

  @Test func semicolonsTabsAndChampionsAsPeopleTypeThem() throws {
    let semicolons = csv(
      "Pseudo;Role;Champions\nSaken;middle;\"k'sante, Kai Sa, fiddlestiks\"\nUpset;bot;Jinx / Ezreal\n"
    )
    let plan = try RosterImport(semicolons, current: roster)
    #expect(plan.players.map(\.name) == ["Saken", "Upset"])
    #expect(plan.players[0].favoriteChampions.map(\.id) == ["ksante", "kaisa", "fiddlesticks"])
    #expect(plan.players[1].position == .adc)
    #expect(plan.players[1].favoriteChampions.map(\.id) == ["jinx", "ezreal"])
    let tabs = try RosterImport(csv("name\tposition\nCanna\ttop\n"), current: roster)
    #expect(tabs.players.map(\.name) == ["Canna"])
  }

  @Test func theImportSaysWhatItAddsChangesAndRemoves() throws {
    // Canna kept by pseudo (new role), Saken new; Caliste and Targamas go only in a replace.
    let file = csv("name,position\ncanna,Jungle\nSaken,Mid\n")
    let merge = try RosterImport(file, current: roster)
    #expect(merge.players[0].id == roster[0].id)
    #expect(merge.players[0].name == "Canna")  // found by its pseudo: written as it was
    #expect(merge.changed.map(\.after.position) == [.jungle])
    #expect(merge.changed.map(\.fields) == [[.position]])
    #expect(merge.added.map(\.name) == ["Saken"])
    #expect(merge.removed.isEmpty && merge.unchanged.isEmpty)
    let replace = try RosterImport(file, current: roster, mode: .replace)
    #expect(replace.removed.map(\.name) == ["Caliste", "Targamas"])
    #expect(replace.summary(in: .english) == "1 added, 1 changed, 2 removed")
  }

  @Test func aMergeChangesOnlyTheFilesColumnsAndListsOnlyRealChanges() throws {
    let blue = Team(name: "KC Blue", tag: "KCB")
    var kamiloo = Player(
      name: "Kamiloo", position: .jungle, image: "kamiloo",
      favoriteChampions: [
        ChampionCatalog.builtIn.find("vi"), ChampionCatalog.builtIn.find("leesin"),
      ].compactMap { $0 },
      teamID: blue.id, riotID: try RiotID(parsing: "Kamiloo#EUW"), realName: "Kamil")
    kamiloo.lineup = .starter
    let current = roster + [kamiloo]
    // Found by pseudo, accents and case aside; Canna is KC's, left out of KC Blue's import.
    let same = try RosterImport(
      csv("Pseudo;Rôle;Champions\nKÂMILOO;Jungle;Vi, Lee Sin\nCanna;Top;Jax\n"),
      current: current, teams: [.first, blue], team: blue)
    #expect(same.isEmpty && same.changed.isEmpty && same.unchanged.map(\.id) == [kamiloo.id])
    #expect(same.leftOut.map(\.name) == ["Canna"] && same.leftOut.map(\.team) == ["KC"])
    // One column changes: the Riot ID, real name and image the file does not have stay.
    let role = try RosterImport(
      csv("Pseudo;Rôle\nKamiloo;Mid\nNouveau;Soutien\n"), current: current,
      teams: [.first, blue], team: blue)
    #expect(role.changed.map(\.fields) == [[.position]])
    let after = try #require(role.changed.first?.after)
    #expect(after.riotID == kamiloo.riotID && after.realName == "Kamil" && after.image == "kamiloo")
    #expect(role.added.map(\.teamID) == [blue.id] && role.added.map(\.position) == [.support])
    // Matched by Riot ID, the file may rename; by id too.
    let renamed = try RosterImport(
      csv("name,position,riotID\nKami,Jungle,Kamiloo#EUW\n"), current: current,
      teams: [.first, blue], team: blue)
    #expect(renamed.changed.map(\.after.id) == [kamiloo.id])
    #expect(renamed.changed.map(\.fields) == [[.name]])
    // A team named with a line break after it is still another team's: left out.
    let sneaky = try RosterImport(
      Data(#"[{"name":"Intruder","position":"Top","team":"KC\n"}]"#.utf8), current: current,
      teams: [.first, blue], team: blue)
    #expect(sneaky.added.isEmpty && sneaky.leftOut.map(\.name) == ["Intruder"])
    // A JSON "champions" member is not how favourites are given: they stay.
    let members = try RosterImport(
      Data(#"[{"name":"Kamiloo","position":"Jungle","champions":[]}]"#.utf8), current: current,
      teams: [.first, blue], team: blue)
    #expect(members.isEmpty)
    // A row shorter than the header leaves its last columns as they are.
    let short = try RosterImport(
      csv("name,position,riotID,realName\nKamiloo,Mid\n"), current: current,
      teams: [.first, blue], team: blue)
    #expect(short.changed.map(\.fields) == [[.position]])
    // A removed player's id never finds a current player by pseudo.
    let gone = Player(name: "Gone", position: .top, teamID: blue.id)
    #expect(throws: RosterFile.Problems.self) {
      try RosterImport(
        csv("id,name,position\n\(gone.id),Kamiloo,Top\n"), current: current, removed: [gone],
        teams: [.first, blue], team: blue)
    }
    let byID = try RosterImport(
      csv("id,name,position\n\(gone.id),Gone,Mid\n"), current: current, removed: [gone],
      teams: [.first, blue], team: blue)
    #expect(byID.restored.map(\.id) == [gone.id] && byID.changed.isEmpty)
    // Two rows naming one player are refused.
    #expect(throws: RosterFile.Problems.self) {
      try RosterImport(
        csv("name,position\nKamiloo,Mid\nkamiloo,Top\n"), current: current,
        teams: [.first, blue], team: blue)
    }
  }

  @Test func everyProblemIsListedWithItsLine() {
    let data = csv(
      """
      name,position,favoriteChampions
      Good,Top,
      ,Mid,
      Twin,Coach,
      Pair,Top,
      pair,Mid,zzzz
      "Multi
      line",Top,
      """)
    let error = #expect(throws: RosterFile.Problems.self) { try RosterImport(data, current: []) }
    let problems = error?.problems.map(\.description) ?? []
    #expect(problems.count == 4, "\(problems)")
    #expect(problems[0].hasPrefix("Line 3: Enter a pseudo."))
    #expect(problems[1].hasPrefix("Line 4 (“Twin”): “Coach” is not a role"))
    #expect(problems[2].hasPrefix("Line 6 (“pair”):") && problems[2].contains("“Pair” is already"))
    #expect(problems[2].contains("Remove “zzzz”"))
    #expect(problems[3].hasPrefix("Line 7 (“Multi line”):"), "\(problems[3])")
  }

  @Test func aFileWithoutTheColumnsOrEmptyIsRefusedClearly() {
    let error = #expect(throws: RosterFile.Problems.self) {
      try RosterImport(csv("pseudonyme,poste\nA,Top\n"), current: [])
    }
    #expect(error?.description.contains("name column and a position column") == true)
    #expect(throws: RosterFile.Problems.self) { try RosterImport(csv(""), current: []) }
    #expect(throws: RosterFile.Problems.self) {
      try RosterImport(csv("[{\"name\": 1}]"), current: [])
    }
  }

  @Test func theFormatIsDetected() {
    #expect(RosterFile.format(of: csv("  [ ]")) == .json)
    #expect(RosterFile.format(of: csv("\u{FEFF}id,name")) == .csv)
  }
}

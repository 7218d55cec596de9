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
        favoriteChampions: [Champion.find("kaisa")!, Champion.find("jinx")!])
    ]
    let text = String(decoding: RosterFile.export(players, as: .csv), as: UTF8.self)
    #expect(text.hasPrefix("\u{FEFF}id,name,position,lineup,image,favoriteChampions\r\n"))
    #expect(text.hasSuffix(",Zoë,ADC,starter,player_default,\"Kai'Sa, Jinx\"\r\n"))
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

  @Test func csvRoundTripsEveryFieldAndId() throws {
    var players = roster
    players.append(
      Player(
        name: "-Dash, \"quoted\"", position: .support, image: "dash",
        favoriteChampions: [Champion.find("braum")!], lineup: .substitute))
    let plan = try RosterImport(RosterFile.export(players, as: .csv), current: players)
    #expect(plan.players == players)
    #expect(plan.added.isEmpty && plan.changed.isEmpty && plan.removed.isEmpty)
    let json = try RosterImport(RosterFile.export(players, as: .json), current: [])
    #expect(json.players == players)
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
    // Canna kept by pseudo (new role), Caliste and Targamas gone, Saken new.
    let plan = try RosterImport(csv("name,position\ncanna,Jungle\nSaken,Mid\n"), current: roster)
    #expect(plan.players[0].id == roster[0].id)
    #expect(plan.changed.map(\.after.position) == [.jungle])
    #expect(plan.added.map(\.name) == ["Saken"])
    #expect(plan.removed.map(\.name) == ["Caliste", "Targamas"])
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

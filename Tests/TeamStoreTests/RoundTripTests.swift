import Foundation
import TeamKit
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// Export → import gives back the same organisation, as a property over generated rosters:
/// pseudos with separators, quotes, formula characters, accents and emoji, every status and
/// role, champions, Riot IDs, real names, and dates from year 1 to 9999 (events from 1900 to
/// 2199, as the API takes them). Each format goes out, everyone leaves for Recently removed,
/// the file comes back in, and the export that follows is the same, byte for byte.
@Suite struct RoundTripTests {
  static let pseudoCharacters = Array(
    "abcxyzABCXYZ0189 éÉçàÀßøÆ;,\"'=+-@|/#.()&!?🦊김ÿñ")

  static func pseudo(_ random: inout SplitMix) -> String {
    let length = Int.random(in: 1...12, using: &random)
    let text = String(
      (0..<length).map { _ in pseudoCharacters.randomElement(using: &random) ?? "a" })
    // Visible at both ends (a pseudo is trimmed), and sometimes what a spreadsheet would run
    // as a formula first.
    let first = ["K", "=", "+", "-", "@", "'", "\"", "é"].randomElement(using: &random) ?? "K"
    return first + text.trimmingCharacters(in: .whitespaces) + "z"
  }

  /// A Riot ID's name: 3 to 12 letters, digits and inner spaces.
  static func riotName(_ random: inout SplitMix) -> String {
    let letters = Array("abcXYZéßø0189 ")
    let length = Int.random(in: 1...10, using: &random)
    return "R" + String((0..<length).map { _ in letters.randomElement(using: &random) ?? "a" })
      + "9"
  }

  static func day(_ random: inout SplitMix, years: ClosedRange<Int>) -> Day {
    let year = Int.random(in: years, using: &random)
    let month = Int.random(in: 1...12, using: &random)
    let day = Int.random(in: 1...28, using: &random)
    let pad = { (n: Int, w: Int) in
      String(repeating: "0", count: max(0, w - String(n).count)) + String(n)
    }
    return Day("\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))") ?? Day(Date())
  }

  /// Adds a generated organisation's players and week; returns how many players it has.
  static func generate(into store: RosterStore, seed: UInt64) async throws {
    var random = SplitMix(state: seed)
    try await store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    let tags = ["KC", "KCB"]
    let codes = ["FR", "KR", "ES", "MA", "DE", ""]
    let today = Day(Date())
    for index in 0..<Int.random(in: 4...14, using: &random) {
      let champions = (0..<Int.random(in: 0...4, using: &random)).compactMap { _ in
        ChampionCatalog.builtIn.champions.randomElement(using: &random)?.id
      }
      var joined = day(&random, years: 1...9999)
      var end = day(&random, years: 1...9999)
      if end < joined { swap(&joined, &end) }
      let extremes = Int.random(in: 0...5, using: &random)
      let input = PlayerInput(
        name: pseudo(&random),
        position: Position.allCases.randomElement(using: &random)?.rawValue ?? "Top",
        image: ["player_default", "canna", "a-b_c.9"].randomElement(using: &random) ?? "",
        favoriteChampions: champions,
        lineup: Lineup.allCases.randomElement(using: &random)?.rawValue ?? "",
        team: tags.randomElement(using: &random) ?? "KC",
        riotID: Bool.random(using: &random) ? "\(riotName(&random))#KC\(index)" : "",
        realName: Bool.random(using: &random) ? pseudo(&random) : "",
        nationality: codes.randomElement(using: &random) ?? "",
        birthDate: Bool.random(using: &random)
          ? day(&random, years: 1900...(today.year - 1)).description : "",
        joined: extremes == 0 ? "0001-01-01" : joined.description,
        contractEnd: extremes == 0
          ? "9999-12-31" : Bool.random(using: &random) ? end.description : "")
      do {
        try await store.playerRows.addPlayer(input)
      } catch {
        // A pseudo or Riot ID drawn twice (or alike): one is enough.
        guard case .conflict = error else { throw error }
      }
    }
    for (start, team) in [("1900-01-01T00:00", "KC"), ("2199-12-31T23:00", "KCB")] {
      _ = try await store.weekRows.addEvent(
        EventInput(kind: "scrim", start: start, opponent: "G2"), team: team)
    }
  }

  @Test(arguments: Backend.allCases)
  func everyGeneratedOrganisationComesBackFromEachFormatAsItWent(_ backend: Backend) async throws {
    for seed in UInt64(1)...10 {
      let db = try TestDatabase(backend, in: try TemporaryFolder())
      let store = try db.open()
      try await Self.generate(into: store, seed: seed)
      for format in RosterFile.Format.allCases {
        let roster = store.roster
        let exported = RosterFile.export(
          roster.players, as: format, teams: roster.teams, schedule: roster.schedule)
        // The same file into the same roster changes nothing.
        #expect(
          try store.importRows.planImport(exported).isEmpty || format == .json,
          "seed \(seed) \(format)")
        for player in roster.players { try await store.playerRows.removePlayer(id: player.id) }
        let record = try await store.importing(exported)
        #expect(record.added == roster.players.count, "seed \(seed) \(format)")
        let again = store.roster
        #expect(again.players == roster.players, "seed \(seed) \(format)")
        let back = RosterFile.export(
          again.players, as: format, teams: again.teams, schedule: again.schedule)
        #expect(back == exported, "seed \(seed) \(format)")
        #expect(try db.open().players == again.players, "seed \(seed) \(format)")
      }
    }
  }
}

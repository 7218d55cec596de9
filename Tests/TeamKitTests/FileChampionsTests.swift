import Foundation
import TeamKit
import Testing

/// The champions a JSON file describes: taken when named, bounded so that no file bloats
/// the catalogue.
@Suite struct FileChampionsTests {
  private func file(describing champions: [(String, String)], favourite: String) -> Data {
    let described = champions.map { #"{"id":"\#($0.0)","name":"\#($0.1)"}"# }
    return Data(
      #"""
      {"champions":[\#(described.joined(separator: ","))],
       "players":[{"name":"Vex","position":"Mid","favoriteChampions":["\#(favourite)"]}]}
      """#.utf8)
  }

  @Test func aDescribedChampionIsLearnedOnlyWhenTheFileNamesIt() throws {
    let plan = try RosterImport(
      file(describing: [("vexlyn", "Vexlyn"), ("unused", "Unused")], favourite: "Vexlyn"),
      current: [])
    #expect(plan.champions.map(\.id) == ["vexlyn"])
    #expect(plan.added.first?.favoriteChampions.map(\.name) == ["Vexlyn"])
    // A champion the catalogue knows keeps its own name.
    let known = try RosterImport(
      file(describing: [("ahri", "Not Ahri")], favourite: "ahri"), current: [])
    #expect(known.champions.isEmpty && known.added.first?.favoriteChampions.map(\.name) == ["Ahri"])
  }

  @Test func aFileAddsNoMoreChampionsThanTheCatalogueTakesNorDescribesTooMany() {
    let full = ChampionCatalog.builtIn.knowing(
      (0..<ChampionCatalog.maxLearned).map {
        Champion(id: "extra\($0)", name: "Extra \($0)", imageName: "extra\($0)")
      })
    #expect(full.learnedCount == ChampionCatalog.maxLearned)
    #expect(throws: RosterFile.Problems.self) {
      try RosterImport(
        file(describing: [("vexlyn", "Vexlyn")], favourite: "vexlyn"), current: [],
        champions: full)
    }
    let many = (0...1_000).map { ("many\($0)", "Many \($0)") }
    #expect(throws: RosterFile.Problems.self) {
      try RosterImport(file(describing: many, favourite: "many1"), current: [])
    }
  }
}

import Foundation
import Testing

@testable import TeamKit

@Suite struct DataDragonTests {
  static func file(_ entries: [(String, String, [String])]) -> Data {
    let data = entries.map { id, name, tags in
      "\"\(id)\": {\"id\": \"\(id)\", \"key\": \"7\", \"name\": \"\(name)\", \"title\": \"t\", \"tags\": [\(tags.map { "\"\($0)\"" }.joined(separator: ","))]}"
    }
    return Data("{\"type\": \"champion\", \"data\": {\(data.joined(separator: ","))}}".utf8)
  }

  @Test func theNewestVersionIsTheFirstAndMustBeDigitsAndDots() throws {
    #expect(
      try DataDragon.newestVersion(in: Data("[\"16.17.1\", \"16.16.1\", \"lolpatch_3.7\"]".utf8))
        == "16.17.1")
    for refused in ["[]", "{}", "[\"../../etc\"]", "[\"16.1/x\"]", "not json"] {
      #expect(throws: DataDragonError.self) { try DataDragon.newestVersion(in: Data(refused.utf8)) }
    }
  }

  @Test func championsComeWithTheirFrenchNamesAndTheGamesClasses() throws {
    let english = Self.file([
      ("Nunu", "Nunu & Willump", ["Tank", "Mage"]), ("Zyrette", "Zyrette", ["Mage", "Juggernaut"]),
    ])
    let french = Self.file([("Nunu", "Nunu et Willump", ["Tank", "Mage"])])
    let champions = try DataDragon.champions(english: english, french: french, version: "99.1.1")
    #expect(champions.map(\.id) == ["Nunu", "Zyrette"])
    #expect(champions.map(\.frenchName) == ["Nunu et Willump", "Zyrette"])  // English where none
    #expect(champions[1].classes == [.mage])  // a tag the game may add later is left out
    #expect(
      DataDragon.picturePath(version: "99.1.1", id: "Nunu") == "cdn/99.1.1/img/champion/Nunu.png")
  }

  @Test func anIdThatIsNotLettersAndDigitsOrAnEmptyListIsRefused() {
    for id in ["../x", "a b", "K'Sante", "", "Ĳ"] {
      #expect(throws: DataDragonError.self) {
        try DataDragon.champions(
          english: Self.file([(id, "Name", ["Mage"])]), french: Self.file([]), version: "1.1")
      }
    }
    #expect(throws: DataDragonError.self) {
      try DataDragon.champions(english: Self.file([]), french: Self.file([]), version: "1.1")
    }
  }

  @Test func theCatalogGrowsByWhatASyncFoundAndNeverShrinks() {
    let entries: [Champion.DataDragonEntry] = [("Zyrette", "Zyrette", "the Newest", [.mage])]
    let grown = Champion.builtIn + []
    #expect(grown.count == 173 && !grown.contains { $0.id == "zyrette" })
    // The ordering rule the grown catalog follows: the brief's eleven, then all by name.
    let catalog = Champion.catalog(of: Champion.dataDragon + entries)
    #expect(catalog.count == 174 && Array(catalog.prefix(11)) == Array(Champion.builtIn.prefix(11)))
    #expect(catalog.last?.id == "zyrette")
  }
}

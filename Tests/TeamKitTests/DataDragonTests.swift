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

  @Test func aCatalogueGrowsByWhatASyncFoundAndNeverShrinks() {
    func synced(_ id: String, french: String) -> SyncedChampion {
      SyncedChampion(
        id: id, name: id, frenchName: french, title: "the Newest", classes: [.mage], picture: "")
    }
    let built = ChampionCatalog.builtIn
    let grown = built.learning(
      ChampionArt(version: "99.1.1", champions: [synced("Zyrette", french: "Zyrette la Neuve")]))
    // The value learned; this build's catalogue is untouched.
    #expect(built.count == 173 && built.find("zyrette") == nil)
    // The brief's eleven, then all by name; found by its French name, named in French.
    #expect(
      grown.count == 174 && Array(grown.champions.prefix(11)) == Array(built.champions.prefix(11)))
    #expect(
      grown.champions.last?.id == "zyrette" && grown.find("zyrette la neuve")?.id == "zyrette")
    #expect(grown.champions.last.map { grown.name(of: $0, in: .french) } == "Zyrette la Neuve")
    #expect(grown.classes(of: Champion(id: "zyrette", name: "", imageName: "")) == [.mage])
    // A later sync without it takes nothing away.
    let later = grown.learning(
      ChampionArt(version: "99.2.1", champions: [synced("Jax", french: "Jax")]))
    #expect(later.count == 174 && later.find("zyrette") != nil)
    // No art, no change.
    #expect(built.learning(.none).count == 173)
  }
}

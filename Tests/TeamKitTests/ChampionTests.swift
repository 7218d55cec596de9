import Foundation
import Testing

@testable import TeamKit

@Suite struct ChampionTests {
  @Test func catalogIsEveryChampionWithTheBriefsElevenFirstAsTheGameWritesThem() {
    let brief = Array(ChampionCatalog.builtIn.champions.prefix(11))
    #expect(
      brief.map(\.name) == [
        "K'Sante", "Jax", "Maokai", "Skarner", "Viktor", "Corki", "Kalista", "Draven", "Braum",
        "Fiddlesticks", "Jayce",
      ])
    #expect(
      brief.map(\.imageName) == [
        "ksante", "jax", "moakai", "skarner", "viktor", "corki", "kalista", "draven", "braum",
        "fiddlesticks", "jayce",
      ])
    #expect(brief.map(\.id) == brief.map { Champion.searchKey($0.name) })
    #expect(ChampionCatalog.builtIn.champions.count == 173)
    #expect(Set(ChampionCatalog.builtIn.champions.map(\.id)).count == 173)
    // The others by name, each with the lower-case Data Dragon id and at least one class.
    let others = ChampionCatalog.builtIn.champions.dropFirst(11)
    #expect(others.first?.name == "Aatrox" && others.last?.name == "Zyra")
    #expect(
      ChampionCatalog.builtIn.champions.allSatisfy {
        $0.id == $0.id.lowercased() && !ChampionCatalog.builtIn.classes(of: $0).isEmpty
      })
    #expect(ChampionCatalog.builtIn.find("monkeyking")?.name == "Wukong")
    #expect(
      ChampionCatalog.builtIn.find("ksante").map(ChampionCatalog.builtIn.gameName(of:)) == "K'Sante"
    )
  }

  @Test func everyFavouriteOfTheSeedRosterAndOfStoredRostersStillResolves() {
    // Stored favourites are the brief's ids (the only ones the form offered before).
    for id in [
      "ksante", "jax", "maokai", "skarner", "viktor", "corki", "kalista", "draven",
      "braum", "fiddlesticks", "jayce",
    ] {
      #expect(ChampionCatalog.builtIn.find(id)?.id == id)
    }
    for player in Player.defaultRoster {
      for champion in player.favoriteChampions {
        #expect(ChampionCatalog.builtIn.find(champion.id) == champion)
      }
    }
  }

  /// What people type, and the champion that must come first.
  @Test(arguments: [
    ("ksan", "ksante"), ("K'Sante", "ksante"), ("kaisa", "kaisa"), ("Kai'Sa", "kaisa"),
    ("drmundo", "drmundo"), ("dr. mundo", "drmundo"), ("Dr Mundo", "drmundo"),
    ("chogath", "chogath"), ("cho gath", "chogath"), ("wukong", "monkeyking"),
    ("monkeyking", "monkeyking"), ("monkey king", "monkeyking"), ("nunu", "nunu"),
    ("nunu & willump", "nunu"), ("fiddlestiks", "fiddlesticks"), ("fidlesticks", "fiddlesticks"),
    ("JAX", "jax"), ("jarvan", "jarvaniv"), ("belveth", "belveth"), ("leblanc", "leblanc"),
    ("reksai", "reksai"), ("kogmaw", "kogmaw"), ("orianna", "orianna"), ("oriana", "orianna"),
    ("azir", "azir"), ("ahri", "ahri"), ("Léona", "leona"), ("vi", "vi"),
    // What players type (data/champion-nicknames.json).
    ("j4", "jarvaniv"), ("tf", "twistedfate"), ("mf", "missfortune"), ("ww", "warwick"),
    ("asol", "aurelionsol"), ("gp", "gangplank"), ("lb", "leblanc"), ("kog", "kogmaw"),
    ("cass", "cassiopeia"), ("yi", "masteryi"), ("xin", "xinzhao"), ("J4", "jarvaniv"),
  ])
  func theForgivingSearchPutsTheRightChampionFirst(query: String, id: String) {
    #expect(
      ChampionCatalog.builtIn.search(query).first?.id == id,
      "\(ChampionCatalog.builtIn.search(query).prefix(3).map(\.id))")
  }

  @Test func exactThenPrefixThenInsideThenTypo() {
    // "vi": Vi exactly, then names starting with vi (Viego, Viktor), then holding it (Olivia…).
    let found = ChampionCatalog.builtIn.search("vi").map(\.name)
    #expect(found.first == "Vi")
    let prefix = found.firstIndex(of: "Viktor") ?? -1
    let inside = found.firstIndex(of: "Olivia") ?? -1  // not a champion: stays -1
    #expect(prefix > 0 && inside == -1)
    #expect(found.firstIndex(of: "Viego") ?? 0 < found.firstIndex(of: "Sivir") ?? 0)
    // A typo ranks below every name that holds the query.
    let typo = ChampionCatalog.builtIn.search("jaxx").map(\.name)
    #expect(typo.first == "Jax")
    // Three letters allow no typo: "jxa" finds nothing.
    #expect(ChampionCatalog.builtIn.search("jxa").isEmpty)
    #expect(ChampionCatalog.builtIn.search("").count == 173)
  }

  @Test func aClassFilterKeepsOnlyThatClass() {
    let supports = ChampionCatalog.builtIn.search("", classes: [.support])
    #expect(
      supports.contains { $0.id == "braum" }
        && supports.allSatisfy { ChampionCatalog.builtIn.classes(of: $0).contains(.support) })
    #expect(!supports.contains { $0.id == "jax" })
    #expect(ChampionCatalog.builtIn.search("bra", classes: [.support]).first?.id == "braum")
    #expect(ChampionCatalog.builtIn.search("jax", classes: [.support]).isEmpty)
    #expect(ChampionClass(parsing: " MAGE ") == .mage && ChampionClass(parsing: "healer") == nil)
  }

  @Test func twoValuesForTheSameChampionAreEqual() {
    let favourite = Champion(name: "Maokai", imageName: "moakai")
    #expect(favourite.id == "maokai")
    #expect(favourite == ChampionCatalog.builtIn.find("maokai"))
    #expect(Set([favourite, Champion(name: "Maokai", imageName: "moakai")]).count == 1)
  }

  @Test(arguments: [
    ("ksante", "ksante"), ("KSANTE", "ksante"), ("K'Sante", "ksante"), ("K’Sante", "ksante"),
    ("  k sante ", "ksante"), ("Maokai", "maokai"), ("fiddle sticks", "fiddlesticks"),
    ("Dr. Mundo", "drmundo"), ("MonkeyKing", "monkeyking"), ("Wukong", "monkeyking"),
    ("Nunu & Willump", "nunu"), ("Kai'Sa", "kaisa"), ("j-a-x", "jax"),
  ])
  func findsByIdOrNameIgnoringCaseSpacesAndApostrophes(text: String, id: String) {
    #expect(ChampionCatalog.builtIn.find(text)?.id == id)
  }

  @Test(arguments: ["", "teemoo", "moakai", "jax2", "tomato"])
  func findsNothingOutsideTheCatalog(text: String) {
    #expect(ChampionCatalog.builtIn.find(text) == nil)
  }

  @Test func encodesAsIdNameImageName() throws {
    let json = String(
      decoding: TeamJSON.encode(ChampionCatalog.builtIn.champions[2]), as: UTF8.self)
    #expect(json == #"{"id":"maokai","imageName":"moakai","name":"Maokai"}"#)
  }
}

@Suite struct PositionTests {
  @Test func positionsAreInTheGamesOrderWithTheirNames() {
    #expect(Position.allCases.map(\.displayName) == ["Top", "Jungle", "Mid", "ADC", "Support"])
  }

  @Test(arguments: [
    ("Top", Position.top), ("top", .top), ("TOP", .top),
    ("Jungle", .jungle), ("jgl", .jungle), ("JNG", .jungle),
    ("Mid", .mid), ("middle", .mid), ("Middle", .mid),
    ("ADC", .adc), ("adc", .adc), ("bot", .adc), ("Bottom", .adc), ("ad carry", .adc),
    ("AD Carry", .adc),
    ("Support", .support), ("sup", .support), ("SUPP", .support), ("utility", .support),
    (" mid ", .mid),
  ])
  func parsesNamesAndAliases(text: String, position: Position) throws {
    #expect(try Position(parsing: text) == position)
  }

  @Test(arguments: ["", "wizard", "jungler2", "t", "ad", "carry", "supporting"])
  func rejectsAnythingElseListingTheValidOnes(text: String) {
    #expect {
      try Position(parsing: text)
    } throws: { error in
      let error = try #require(error as? ValidationError)
      let message = try #require(error.message(for: .position)?.text(in: .english))
      return message.contains("Top, Jungle, Mid, ADC or Support")
    }
  }
}

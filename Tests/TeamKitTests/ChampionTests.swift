import Foundation
import Testing

@testable import TeamKit

@Suite struct ChampionTests {
  @Test func catalogIsTheBriefsElevenInOrderWithItsImageNames() {
    #expect(
      Champion.catalog.map(\.name) == [
        "Ksante", "Jax", "Maokai", "Skarner", "Viktor", "Corki", "Kalista", "Draven", "Braum",
        "Fiddlesticks", "Jayce",
      ])
    #expect(
      Champion.catalog.map(\.imageName) == [
        "ksante", "jax", "moakai", "skarner", "viktor", "corki", "kalista", "draven", "braum",
        "fiddlesticks", "jayce",
      ])
    #expect(Champion.catalog.map(\.id) == Champion.catalog.map { $0.name.lowercased() })
  }

  @Test func twoValuesForTheSameChampionAreEqual() {
    let favourite = Champion(name: "Maokai", imageName: "moakai")
    #expect(favourite.id == "maokai")
    #expect(favourite == Champion.find("maokai"))
    #expect(Set([favourite, Champion(name: "Maokai", imageName: "moakai")]).count == 1)
  }

  @Test(arguments: [
    ("ksante", "ksante"), ("KSANTE", "ksante"), ("K'Sante", "ksante"), ("K’Sante", "ksante"),
    ("  k sante ", "ksante"), ("Maokai", "maokai"), ("fiddle sticks", "fiddlesticks"),
  ])
  func findsByIdOrNameIgnoringCaseSpacesAndApostrophes(text: String, id: String) {
    #expect(Champion.find(text)?.id == id)
  }

  @Test(arguments: ["", "teemo", "moakai", "jax2", "j-a-x"])
  func findsNothingOutsideTheCatalog(text: String) {
    #expect(Champion.find(text) == nil)
  }

  @Test func encodesAsIdNameImageName() throws {
    let json = String(decoding: TeamJSON.encode(Champion.catalog[2]), as: UTF8.self)
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
      let message = try #require(error.message(for: .position))
      return message.contains("Top, Jungle, Mid, ADC or Support")
    }
  }
}

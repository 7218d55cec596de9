import Testing

@testable import TeamKit

@Suite struct PictureTests {
  @Test func theDefaultImageIsASilhouette() {
    #expect(Picture(imageName: "player_default", players: []) == .silhouette)
  }

  @Test func aChampionsImageIsItsMonogram() {
    #expect(Picture(imageName: "moakai", players: []) == .monogram("Mi"))
    // The brief's eleven differ by monogram; across the whole game two letters cannot, and
    // the form shows each champion's name with its picture.
    let monograms = Champion.catalog.prefix(11).map { Picture.monogram(of: $0.name) }
    #expect(Set(monograms).count == 11)
  }

  @Test func aPlayersImageIsTheirInitialsInTheirPositionsColour() {
    let roster = Player.defaultRoster
    #expect(Picture(imageName: "canna", players: roster) == .initials("CA", .top))
    #expect(Picture(imageName: "targamas", players: roster) == .initials("TA", .support))
    #expect(Picture(imageName: "some_file", players: roster) == .initials("SF", nil))
  }

  @Test(arguments: [("Le Sserafim", "LS"), ("x", "X"), ("", "?"), ("__", "?"), ("b1g-t", "BT")])
  func initialsTakeTwoWordsOrTwoLetters(name: String, initials: String) {
    #expect(Picture.initials(of: name) == initials)
  }

  @Test func everyPositionHasItsOwnColour() {
    let colors = Position.allCases.map { "\(Picture.color(for: $0))" }
    #expect(Set(colors).count == 5)
    #expect(!colors.contains("\(Picture.color(for: nil))"))
  }
}

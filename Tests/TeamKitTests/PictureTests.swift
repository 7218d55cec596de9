import Foundation
import Testing

@testable import TeamKit

@Suite struct PictureTests {
  @Test func theDefaultImageIsASilhouette() {
    #expect(Picture(imageName: "player_default", players: []) == .silhouette)
  }

  @Test func aChampionsImageIsItsMonogram() {
    #expect(Picture(imageName: "moakai", players: []) == .monogram("Mao", .tank))  // Master Yi: Mi
    // The brief's eleven differ by monogram; across the whole game two letters cannot, and
    // the form shows each champion's name with its picture.
    let monograms = ChampionCatalog.builtIn.champions.prefix(11).map { Picture.monogram(of: $0) }
    #expect(Set(monograms).count == 11)
  }

  @Test func noTwoChampionsOfTheGameShareAPicture() throws {
    let pictures = ChampionCatalog.builtIn.champions.map {
      Picture(imageName: $0.imageName, players: [])
    }
    #expect(Set(pictures).count == ChampionCatalog.builtIn.champions.count)
    // Where first and last letters are shared, three letters tell them apart.
    let names = ["Viktor", "Veigar", "Vladimir", "Kalista", "Kai'Sa", "Senna", "Sona", "Soraka"]
    let monograms = try names.map { try #require(ChampionCatalog.builtIn.find($0)) }.map(
      Picture.monogram(of:))
    #expect(monograms == ["Vik", "Vei", "Vla", "Kal", "Kai", "Sen", "Son", "Sor"])
    // Ones that differ keep two letters.
    #expect(Picture.monogram(of: try #require(ChampionCatalog.builtIn.find("Braum"))) == "Bm")
    // Jinx is Jin.
    #expect(Picture.monogram(of: try #require(ChampionCatalog.builtIn.find("Jax"))) == "Jax")
  }

  @Test func everyChampionClassHasItsOwnShape() {
    let shapes = ChampionClass.allCases.map { kind in
      Picture.outline(for: kind).map {
        $0.map { "\(($0.x * 100).rounded()),\(($0.y * 100).rounded())" }
      }
        ?? ["circle"]
    }
    #expect(Set(shapes).count == ChampionClass.allCases.count)
    for corners in ChampionClass.allCases.compactMap(Picture.outline(for:)) {
      #expect(corners.allSatisfy { (0...1).contains($0.x) && (0...1).contains($0.y) })
    }
  }

  @Test func aPlayersImageIsTheirInitialsInTheirPositionsColour() throws {
    let roster = Player.defaultRoster
    // Canna and Caliste would both be "CA": the second is told apart.
    #expect(Picture(imageName: "canna", players: roster) == .initials("CA", .top))
    let caliste = try #require(roster.first { $0.name == "Caliste" })
    #expect(Picture(player: caliste, players: roster) == .initials("CE", .adc))
    // Told apart from their own team's only: another team's pages are other pages.
    let elsewhere = Player(name: "Cabochard", position: .top, teamID: UUID())
    #expect(Picture(player: elsewhere, players: roster + [elsewhere]) == .initials("CA", .top))
    #expect(Picture(imageName: "targamas", players: roster) == .initials("TA", .support))
    #expect(Picture(imageName: "some_file", players: roster) == .initials("SF", nil))
  }

  @Test func noTwoPlayersWithoutAPictureLookAlike() {
    let names = ["Canna", "Caliste", "Cabochard", "Targamas", "Kamiloo", "Kameto"]
    let drawn = names.map { Picture.initials(of: $0, among: names) }
    #expect(Set(drawn).count == names.count, "\(drawn)")
    #expect(Picture.initials(of: "Targamas", among: names) == "TA")
    #expect(Picture.initials(of: "Caliste", among: names) == "CE")
  }

  /// A roster's initials computed once (for pages of many drawings) are those each player's
  /// own drawing gives: told apart within their team only.
  @Test func aRostersInitialsComputedOnceAreEachDrawingsOwn() {
    let blue = UUID()
    let names = [
      "Canna", "Caliste", "Cabochard", "Caps", "Targamas", "Kamiloo", "Kameto", "Kaori", "Ka",
      "Le Sserafim", "Lee Sin", "C", "",
    ]
    let roster = names.enumerated().flatMap { index, name in
      [
        Player(name: name, position: Position.allCases[index % 5]),
        Player(name: name, position: .mid, teamID: blue),
      ]
    }
    let once = Picture.Names(roster)
    for player in roster {
      #expect(
        Picture(player: player, players: roster, names: once)
          == Picture(player: player, players: roster), "\(player.name)")
    }
    #expect(once.initials(of: roster[1]) == "CA")  // Canna on the other team: its own group
    #expect(once.initials(of: roster[2]) == "CE")
    // Renamed since the names were computed: drawn from the player as they are now.
    var renamed = roster[2]
    renamed.name = "Rekkles"
    #expect(once.initials(of: renamed) == nil)
    #expect(
      Picture(player: renamed, players: roster, names: once) == .initials("RE", renamed.position))
  }

  @Test(arguments: [("Le Sserafim", "LS"), ("x", "X"), ("", "?"), ("__", "?"), ("b1g-t", "BT")])
  func initialsTakeTwoWordsOrTwoLetters(name: String, initials: String) {
    #expect(Picture.initials(of: name) == initials)
  }

  @Test func playersWithoutAPictureShowTheirOwnInitialsInTheirRolesColour() {
    let roster = (0..<30).map { index in
      Player(
        name: "Player \(Character(UnicodeScalar(65 + index % 26)!))\(index)",
        position: Position.allCases[index % 5])
    }
    let pictures = roster.map { Picture(player: $0, players: roster) }
    #expect(!pictures.contains(.silhouette))
    #expect(pictures[0] == .initials("PA", .top))
    #expect(Set(pictures).count >= 26)  // not one shared icon
    // The silhouette stays for the image name itself (the form's preview).
    #expect(Picture(imageName: Player.defaultImage, players: roster) == .silhouette)
    // A player with an image name of their own keeps what that name draws.
    let canna = Player.defaultRoster[0]
    #expect(Picture(player: canna, players: Player.defaultRoster) == .initials("CA", .top))
  }

  @Test func everyChampionClassHasItsOwnBadgeColour() {
    let colors = ChampionClass.allCases.map { "\(Picture.color(for: $0))" }
    #expect(Set(colors).count == ChampionClass.allCases.count)
    #expect(!colors.contains("\(Picture.color(for: ChampionClass?.none))"))
    #expect(Picture(imageName: "braum", players: []) == .monogram("Bm", .tank))
    #expect(Picture(imageName: "jinx", players: []) == .monogram("Jin", .marksman))
  }

  @Test func everyPositionHasItsOwnColour() {
    let colors = Position.allCases.map { "\(Picture.color(for: $0))" }
    #expect(Set(colors).count == 5)
    #expect(!colors.contains("\(Picture.color(for: Position?.none))"))
  }
}

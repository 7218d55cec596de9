import SwiftUI

/// The brief's "KCorp (Exo)" as the course teaches it: one `ObservableObject` team, created
/// by the app and handed down the views.
@main
struct ExerciseApp: App {
  // The app owns the team: @StateObject creates it once and keeps it while the app runs.
  @StateObject private var team = EsportTeam()

  var body: some Scene {
    WindowGroup {
      RosterView()
        .environmentObject(team)
    }
  }
}

// MARK: - The brief's data

struct Champion: Identifiable {
  let id = UUID()
  let name: String
  let imageName: String
}

// The image names are the brief's, `moakai` included: the course's images go into
// Assets.xcassets under these names, which `Image(_:)` looks up.
let availableChampions: [Champion] = [
  Champion(name: "Ksante", imageName: "ksante"),
  Champion(name: "Jax", imageName: "jax"),
  Champion(name: "Maokai", imageName: "moakai"),
  Champion(name: "Skarner", imageName: "skarner"),
  Champion(name: "Viktor", imageName: "viktor"),
  Champion(name: "Corki", imageName: "corki"),
  Champion(name: "Kalista", imageName: "kalista"),
  Champion(name: "Draven", imageName: "draven"),
  Champion(name: "Braum", imageName: "braum"),
  Champion(name: "Fiddlesticks", imageName: "fiddlesticks"),
  Champion(name: "Jayce", imageName: "jayce"),
]

/// The five roles the form's `Picker` offers.
let availablePositions = ["Top", "Jungle", "Mid", "ADC", "Support"]

/// The type the brief leaves to write, with the fields its data passes.
struct Player: Identifiable {
  let id = UUID()
  let name: String
  let position: String
  let image: String
  let favoriteChampions: [Champion]
}

class EsportTeam: ObservableObject {
  @Published var players: [Player] = [
    Player(
      name: "Canna", position: "Top", image: "canna",
      favoriteChampions: [
        Champion(name: "Jayce", imageName: "jayce"),
        Champion(name: "Jax", imageName: "jax"),
      ]),
    Player(
      name: "Caliste", position: "ADC", image: "caliste",
      favoriteChampions: [
        Champion(name: "Draven", imageName: "draven"),
        Champion(name: "Kalista", imageName: "kalista"),
      ]),
    Player(
      name: "Targamas", position: "Support", image: "targamas",
      favoriteChampions: [
        Champion(name: "Braum", imageName: "braum")
      ]),
  ]

  /// Adds a player at the end of the team; every view that reads `players` is redrawn.
  func addPlayer(name: String, position: String, image: String, favoriteChampions: [Champion]) {
    players.append(
      Player(name: name, position: position, image: image, favoriteChampions: favoriteChampions))
  }
}

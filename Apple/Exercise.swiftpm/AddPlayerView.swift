import SwiftUI

/// The sheet that adds a player: pseudo, role, picture name and favourite champions.
struct AddPlayerView: View {
  // Handed by the roster that presents the sheet: a view given an object it does not own
  // observes it with @ObservedObject (the app's @StateObject owns it).
  @ObservedObject var team: EsportTeam
  @Environment(\.dismiss) private var dismiss

  @State private var name = ""
  @State private var position = "Top"
  @State private var image = "player_default"
  // Chosen by name, not by id: `let id = UUID()` gives each `Champion(...)` its own id, so
  // two "Jax" are never equal by id.
  @State private var selectedChampions: Set<String> = []

  var body: some View {
    NavigationStack {
      Form {
        TextField("Pseudo", text: $name)
        Picker("Rôle", selection: $position) {
          ForEach(availablePositions, id: \.self) { position in
            Text(position)
          }
        }
        TextField("Image de profil", text: $image)
        Section {
          ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 12) {
              ForEach(availableChampions) { champion in
                Button {
                  if selectedChampions.contains(champion.name) {
                    selectedChampions.remove(champion.name)
                  } else {
                    selectedChampions.insert(champion.name)
                  }
                } label: {
                  VStack {
                    Image(champion.imageName)
                      .resizable()
                      .scaledToFill()
                      .frame(width: 60, height: 60)
                      .clipShape(Circle())
                      .overlay {
                        if selectedChampions.contains(champion.name) {
                          Circle().stroke(.green, lineWidth: 3)
                        }
                      }
                    Text(champion.name)
                      .font(.caption)
                  }
                }
                .buttonStyle(.plain)
              }
            }
          }
        } header: {
          Text("Champions favoris")
        }
      }
      .navigationTitle("Nouveau joueur")
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Annuler") { dismiss() }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Ajouter") {
            team.addPlayer(
              name: name, position: position, image: image,
              favoriteChampions: availableChampions.filter { selectedChampions.contains($0.name) })
            dismiss()
          }
          .disabled(name.isEmpty)
        }
      }
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    AddPlayerView(team: EsportTeam())
  }
#endif

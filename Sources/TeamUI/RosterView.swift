import SwiftUI
import TeamKit

/// The roster, the brief's main screen: every player, a "+" that opens the add form.
///
/// Notions of the brief shown here: `NavigationStack` and `NavigationLink` to the detail
/// (by value, with `.navigationDestination`, so that deleting the player shown pops the
/// detail once), a toolbar button presenting a modal `.sheet`, `@State` for whether the
/// sheet is up, and the team read from the environment. The brief names `@EnvironmentObject` and
/// `@ObservedObject`: they serve `ObservableObject` classes. Since iOS 17 the team is an
/// `@Observable` class instead, injected with `.environment(team)` and read with
/// `@Environment(EsportTeam.self)`; SwiftUI then redraws this list whenever `players`
/// changes, with no `@Published` needed. No `@Bindable` either: the team changes only
/// through its methods, never through a binding.
public struct RosterView: View {
  @Environment(EsportTeam.self) private var team
  @State private var isAddingPlayer = false
  @State private var path: [Player.ID] = []

  public init() {}

  public var body: some View {
    NavigationStack(path: $path) {
      List(team.players) { player in
        NavigationLink(value: player.id) {
          PlayerRow(player: player)
        }
      }
      .navigationDestination(for: Player.ID.self) { id in
        if let player = team.players.first(where: { $0.id == id }) {
          PlayerDetailView(player: player)
        }
      }
      .overlay {
        if team.players.isEmpty {
          Text("No players yet. Tap + to add the first one.")
            .foregroundStyle(.secondary)
        }
      }
      .navigationTitle("KCorp")
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button {
            isAddingPlayer = true
          } label: {
            Image(systemName: "plus")
          }
          .accessibilityLabel("Add player")
        }
      }
      .sheet(isPresented: $isAddingPlayer) {
        AddPlayerView()
          .environment(team)
      }
    }
  }
}

/// One line of the roster: round photo, pseudo, position.
struct PlayerRow: View {
  let player: Player

  var body: some View {
    HStack(spacing: 16) {
      PictureView(imageName: player.image, size: 56)
      VStack(alignment: .leading, spacing: 2) {
        Text(player.name)
          .font(.headline)
        Text(player.position.displayName)
          .foregroundStyle(.secondary)
      }
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    RosterView()
      .environment(EsportTeam())
  }
#endif

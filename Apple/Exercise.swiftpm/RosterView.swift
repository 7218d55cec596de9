import SwiftUI

/// The main screen: the team's players, each opening their detail, and "+" to add one.
struct RosterView: View {
  // The team the app put in the environment: no view in between has to pass it on.
  @EnvironmentObject private var team: EsportTeam
  @State private var isAddingPlayer = false

  var body: some View {
    NavigationStack {
      List(team.players) { player in
        NavigationLink {
          PlayerDetailView(player: player)
        } label: {
          HStack(spacing: 12) {
            Image(player.image)
              .resizable()
              .scaledToFill()
              .frame(width: 50, height: 50)
              .clipShape(Circle())
            VStack(alignment: .leading) {
              Text(player.name)
                .font(.headline)
              Text(player.position)
                .foregroundStyle(.secondary)
            }
          }
        }
      }
      .navigationTitle("KCorp")
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button {
            isAddingPlayer = true
          } label: {
            Label("Ajouter un joueur", systemImage: "plus")
          }
        }
      }
      .sheet(isPresented: $isAddingPlayer) {
        AddPlayerView(team: team)
      }
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    RosterView()
      .environmentObject(EsportTeam())
  }
#endif

import SwiftUI

/// A player's detail: picture, pseudo, role, favourite champions, and the delete button at
/// the bottom.
struct PlayerDetailView: View {
  let player: Player
  @EnvironmentObject private var team: EsportTeam
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack(spacing: 16) {
      Image(player.image)
        .resizable()
        .scaledToFill()
        .frame(width: 150, height: 150)
        .clipShape(Circle())
      Text(player.name)
        .font(.largeTitle)
      Text(player.position)
        .font(.title3)
        .foregroundStyle(.secondary)
      Text("Champions favoris")
        .font(.headline)
      ScrollView(.horizontal, showsIndicators: false) {
        HStack(spacing: 12) {
          ForEach(player.favoriteChampions) { champion in
            VStack {
              Image(champion.imageName)
                .resizable()
                .scaledToFill()
                .frame(width: 50, height: 50)
                .clipShape(Circle())
              Text(champion.name)
                .font(.caption)
            }
          }
        }
      }
      Spacer()
      Button(role: .destructive) {
        team.players.removeAll(where: { $0.id == player.id })
        dismiss()
      } label: {
        Label("Supprimer le joueur", systemImage: "trash.fill")
          .frame(maxWidth: .infinity)
      }
      .buttonStyle(.borderedProminent)
      .tint(.red)
    }
    .padding()
    // The system's back button gives way to the brief's own.
    .navigationBarBackButtonHidden()
    .toolbar {
      ToolbarItem(placement: .navigation) {
        Button {
          dismiss()
        } label: {
          Label("Retour", systemImage: "chevron.left")
        }
      }
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    let team = EsportTeam()
    NavigationStack {
      PlayerDetailView(player: team.players[0])
    }
    .environmentObject(team)
  }
#endif

import PhotosUI
import SwiftUI
import TeamClient
import TeamKit
import TeamPhoto

/// A player's detail: photo, pseudo, role, favourite champions, and "Delete player".
/// A photo from the library (`PhotosPicker`) goes to the roster's source, which re-encodes
/// it as the web app's uploads are.
///
/// Notions of the brief shown here: the system back button hidden
/// (`.navigationBarBackButtonHidden`) and replaced by a toolbar button with
/// `chevron.left` that calls `@Environment(\.dismiss)`; a red destructive button with
/// `trash.fill` at the very bottom, confirmed by a `.confirmationDialog`, that removes the
/// player (the brief's `removeAll(where: { $0.id == player.id })`, inside
/// ``EsportTeam/removePlayer(_:)``) and returns to the roster with one `dismiss()`.
public struct PlayerDetailView: View {
  let player: Player
  @Environment(EsportTeam.self) private var team
  @Environment(\.dismiss) private var dismiss
  @State private var isConfirmingDeletion = false
  @State private var isEditing = false
  @State private var failure: String?
  @State private var photoItem: PhotosPickerItem?
  @State private var isChoosingTeam = false

  public init(player: Player) {
    self.player = player
  }

  /// The player as the team has them now (a new photo, say).
  private var shown: Player { team.everyone.first { $0.id == player.id } ?? player }

  public var body: some View {
    VStack(spacing: 12) {
      PictureView(player: shown, size: 160)
      HStack(spacing: 16) {
        PhotosPicker(
          LocalizedStringKey(shown.photo == nil ? "Add a photo" : "Change photo"),
          selection: $photoItem,
          matching: .images)
        if shown.photo != nil {
          Button("Remove photo") { Task { await setPhoto(nil) } }
        }
      }
      Text(player.name)
        .font(.largeTitle)
      Text(player.position.displayName)
        .font(.title3)
        .foregroundStyle(.secondary)
      Button(
        LocalizedStringKey(player.lineup == .starter ? "Move to substitutes" : "Make starter")
      ) {
        Task { await setLineup(player.lineup == .starter ? .substitute : .starter) }
      }
      // A starter and a substitute of the same lane exchange places in one change.
      ForEach(team.everyone.swapPartners(of: player)) { other in
        Button {
          Task { await swap(with: other) }
        } label: {
          Text(localized("Swap with %@", other.name))
        }
      }
      PlayerFacts(player: shown)
      SoloQueueFacts(player: shown)
      if team.teams.count > 1 {
        Button("Move to team…") { isChoosingTeam = true }
      }
      VStack(alignment: .leading, spacing: 8) {
        Text("Favorite champions")
          .font(.headline)
        if player.favoriteChampions.isEmpty {
          Text("No favorite champions yet.")
            .foregroundStyle(.secondary)
        } else {
          ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 16) {
              ForEach(player.favoriteChampions) { champion in
                VStack(spacing: 6) {
                  PictureView(imageName: champion.imageName, size: 56)
                  Text(champion.name)
                    .font(.caption)
                }
              }
            }
          }
        }
      }
      .frame(maxWidth: .infinity, alignment: .leading)
      .padding(.top, 16)
      Spacer(minLength: 24)
      FieldError(messages: failure.map { [$0] } ?? [])
      Button(role: .destructive) {
        isConfirmingDeletion = true
      } label: {
        Label("Delete player", systemImage: "trash.fill")
          .frame(maxWidth: .infinity)
      }
      .buttonStyle(.borderedProminent)
      .tint(.red)
    }
    .padding()
    .navigationBarBackButtonHidden(true)
    .toolbar {
      ToolbarItem(placement: .navigation) {
        Button {
          dismiss()
        } label: {
          Image(systemName: "chevron.left")
        }
        .accessibilityLabel("Back")
      }
      ToolbarItem(placement: .primaryAction) {
        Button("Edit") { isEditing = true }
      }
    }
    .sheet(isPresented: $isEditing) {
      EditPlayerView(player: player)
        .environment(team)
    }
    .task(id: photoItem) { await loadPhoto() }
    .confirmationDialog(
      "Move \(shown.name) to", isPresented: $isChoosingTeam, titleVisibility: .visible
    ) {
      ForEach(team.teams.filter { $0.id != shown.teamID }) { target in
        Button {
          Task { await move(to: target) }
        } label: {
          Text(target.name)
        }
      }
    } message: {
      Text("Their pseudo, photo and champions stay; their time on this team is kept.")
    }
    .confirmationDialog(
      "Delete this player?", isPresented: $isConfirmingDeletion, titleVisibility: .visible
    ) {
      Button("Delete player", role: .destructive) { Task { await delete() } }
    } message: {
      Text("\(player.name) will go to Recently removed, where they can be restored for 30 days.")
    }
  }

  /// Reads the photo picked in the library, brings it down to a size the roster takes
  /// (``Photo/shrunk(_:)``) and sends it; the selection is cleared after
  /// the work (clearing it first would change the task's id, which cancels the task).
  private func loadPhoto() async {
    guard let item = photoItem else { return }
    defer { photoItem = nil }
    do {
      guard let picked = try await item.loadTransferable(type: Data.self) else {
        failure = localized("This photo could not be read from the library: choose another.")
        return
      }
      await setPhoto(try Photo.shrunk(picked))
    } catch let error as PhotoError {
      failure = error.description
    } catch {
      failure = localized(
        "This photo could not be read from the library: %@", String(describing: error))
    }
  }

  private func setPhoto(_ image: Data?) async {
    failure = nil
    do {
      try await team.setPhoto(image, of: shown)
    } catch {
      failure = localized("The photo was not saved: %@", String(describing: error))
    }
  }

  private func move(to target: Team) async {
    failure = nil
    do {
      try await team.movePlayer(shown, to: target)
    } catch {
      failure = localized("The player was not moved: %@", String(describing: error))
    }
  }

  private func setLineup(_ lineup: Lineup) async {
    failure = nil
    do {
      try await team.setLineup(lineup, of: player)
    } catch {
      failure = localized("The lineup could not be changed: %@", String(describing: error))
    }
  }

  private func swap(with other: Player) async {
    failure = nil
    do {
      try await team.swap(player, with: other)
    } catch {
      failure = ValidationError(reportedBy: error)?.description ?? String(describing: error)
    }
  }

  private func delete() async {
    failure = nil
    do {
      try await team.removePlayer(player)
      dismiss()
    } catch {
      failure = localized("The player could not be deleted: %@", String(describing: error))
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    if let team = try? EsportTeam() {
      NavigationStack {
        PlayerDetailView(player: Player.defaultRoster[0])
      }
      .environment(team)
    }
  }
#endif

/// Who the player is beyond the brief: team and status, Riot ID, nationality, contract end
/// (said when it ends within 90 days), and the teams they were on before.
struct PlayerFacts: View {
  let player: Player
  @Environment(EsportTeam.self) private var team
  @State private var tenures: [Tenure] = []

  var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      Text(
        verbatim:
          "\(team.teams.first { $0.id == player.teamID }?.name ?? "") · \(player.lineup.displayName(in: .system))"
      )
      if let riotID = player.riotID {
        Text(localized("Riot ID: %@", riotID.description))
      }
      if let nationality = player.nationality {
        Text(localized("Nationality: %@", Player.countryName(nationality, in: .system)))
      }
      if let end = player.contractEnd {
        if Contracts.endsSoon(player, today: Day(SystemClock.now())) {
          Text(localized("Contract ends %@: soon.", end.formatted(in: .system)))
            .foregroundStyle(.red)
        } else {
          Text(localized("Contract ends %@.", end.formatted(in: .system)))
        }
      }
      ForEach(tenures, id: \.self) { tenure in
        Text(
          localized(
            "%1$@ (%2$@), until %3$@", tenure.teamName, tenure.position.displayName,
            tenure.to.formatted(in: .system))
        )
        .foregroundStyle(.secondary)
      }
    }
    .frame(maxWidth: .infinity, alignment: .leading)
    .task(id: player) { tenures = (try? await team.tenures(of: player)) ?? [] }
  }
}

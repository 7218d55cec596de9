import SwiftUI
import TeamClient
import TeamKit

/// The roster, the brief's main screen: the starting five, then the substitutes.
///
/// Notions of the brief: `NavigationStack` with a `NavigationLink` per player (by value, so
/// deleting the player shown pops the detail once), a "+" presenting a modal `.sheet`, and
/// the team from the environment: an `@Observable` class since iOS 17, read with
/// `@Environment(EsportTeam.self)` where the brief has `@EnvironmentObject`.
public struct RosterView: View {
  @Environment(TeamConnection.self) private var connection
  @Environment(EsportTeam.self) private var team
  @State private var isAddingPlayer = false
  @State private var isShowingRemoved = false
  @State private var isShowingServer = false
  @State private var isShowingWeek = false
  @State private var path: [Player.ID] = []
  @State private var failure: String?

  public init() {}

  public var body: some View {
    NavigationStack(path: $path) {
      List {
        SourceBanner()
        TeamPicker()
        section(.starter)
        section(.substitute)
        FieldError(messages: failure.map { [$0] } ?? [])
        if team.showsChampionArt {
          // Riot's policy asks for its notice wherever the game's art is shown.
          Text(DataDragon.notice(in: .system))
            .font(.caption)
            .foregroundStyle(.secondary)
        }
      }
      .navigationDestination(for: Player.ID.self) { id in
        if let player = team.everyone.first(where: { $0.id == id }) {
          PlayerDetailView(player: player)
        }
      }
      .overlay {
        if team.players.isEmpty {
          Text("No players yet. Tap + to add the first one.")
            .foregroundStyle(.secondary)
        }
      }
      .overlay(alignment: .bottom) {
        if let player = team.lastRemoved {
          UndoBanner(player: player)
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
          .disabled(!team.isConnected)
        }
        ToolbarItem(placement: .navigation) {
          Button {
            isShowingServer = true
          } label: {
            Image(systemName: "server.rack")
          }
          .accessibilityLabel("Team server")
        }
        ToolbarItem(placement: .navigation) {
          Button {
            isShowingWeek = true
          } label: {
            Image(systemName: "calendar")
          }
          .accessibilityLabel("Week")
        }
        ToolbarItem(placement: .navigation) {
          Button {
            isShowingRemoved = true
          } label: {
            Image(systemName: "clock.arrow.circlepath")
          }
          .accessibilityLabel("Recently removed")
        }
        #if !os(macOS)
          ToolbarItem(placement: .navigation) {
            EditButton()
          }
        #endif
      }
      .sheet(isPresented: $isAddingPlayer) {
        AddPlayerView()
          .environment(team)
      }
      .sheet(isPresented: $isShowingRemoved) {
        RecentlyRemovedView()
          .environment(team)
      }
      .sheet(isPresented: $isShowingWeek) {
        NavigationStack {
          WeekView()
        }
        .environment(team)
      }
      .sheet(isPresented: $isShowingServer) {
        ServerView()
          .environment(connection)
      }
    }
  }

  /// The starters in lane order, or the substitutes in roster order; in edit mode (or by
  /// dragging on a Mac) a substitute moves within the group.
  @ViewBuilder private func section(_ lineup: Lineup) -> some View {
    Section {
      if lineup == .starter {
        ForEach(team.starters.byLane) { player in
          NavigationLink(value: player.id) {
            PlayerRow(player: player)
          }
        }
      } else {
        ForEach(team.substitutes) { player in
          NavigationLink(value: player.id) {
            PlayerRow(player: player)
          }
        }
        .onMove { offsets, destination in
          Task {
            do {
              try await team.movePlayers(in: lineup, fromOffsets: offsets, toOffset: destination)
              failure = nil
            } catch {
              failure = localized("The order could not be saved: %@", String(describing: error))
            }
          }
        }
      }
    } header: {
      Text(LocalizedStringKey(lineup == .starter ? "Starting five" : "Substitutes"))
    } footer: {
      if lineup == .starter {
        Text(
          team.lineupStatus.isComplete
            ? localized("Complete: one player per role.")
            : team.lineupStatus.summary(in: .system))
      }
    }
  }
}

/// The team shown, when the organisation has several: each has its own roster.
struct TeamPicker: View {
  @Environment(EsportTeam.self) private var team

  var body: some View {
    if team.teams.count > 1 {
      @Bindable var team = team
      Picker("Team", selection: $team.shownTeamID) {
        ForEach(team.teams) { shown in
          Text(shown.league.map { "\(shown.name) (\($0))" } ?? shown.name).tag(shown.id)
        }
      }
    }
  }
}

/// One line of the roster: round photo, pseudo, position. The text follows Dynamic Type and
/// wraps rather than being cut; at the accessibility sizes it goes under the picture, with
/// the whole width for a long pseudo.
struct PlayerRow: View {
  let player: Player
  @Environment(\.dynamicTypeSize) private var typeSize

  var body: some View {
    if typeSize.isAccessibilitySize {
      VStack(alignment: .leading, spacing: 8) {
        PictureView(player: player, size: 56)
        names
      }
    } else {
      HStack(spacing: 16) {
        PictureView(player: player, size: 56)
        names
      }
    }
  }

  private var names: some View {
    VStack(alignment: .leading, spacing: 2) {
      Text(player.name)
        .font(.headline)
      HStack(spacing: 4) {
        LaneIcon(position: player.position, size: 14)
        Text(
          player.lineup == .starter || player.lineup == .substitute
            ? player.position.displayName
            : "\(player.position.displayName) · \(player.lineup.displayName(in: .system))"
        )
      }
      .foregroundStyle(.secondary)
    }
  }
}

/// "Removed … Undo", at the bottom of the roster until the next change.
struct UndoBanner: View {
  let player: Player
  @Environment(EsportTeam.self) private var team
  @State private var failure: String?

  var body: some View {
    HStack(spacing: 12) {
      Text(failure ?? localized("%@ was removed.", player.name))
      Button("Undo") {
        Task {
          do {
            try await team.restorePlayer(player)
          } catch {
            failure = ValidationError(reportedBy: error)?.description ?? String(describing: error)
          }
        }
      }
      .buttonStyle(.borderedProminent)
      Button {
        team.dismissUndo()
      } label: {
        Image(systemName: "xmark")
      }
      .accessibilityLabel("Dismiss")
    }
    .padding()
  }
}

/// "Recently removed": players removed in the last 30 days, each with "Restore".
struct RecentlyRemovedView: View {
  @Environment(EsportTeam.self) private var team
  @Environment(\.dismiss) private var dismiss
  @State private var failure: String?

  var body: some View {
    NavigationStack {
      List {
        ForEach(team.removed) { removal in
          HStack(spacing: 16) {
            PlayerRow(player: removal.player)
            Spacer(minLength: 8)
            Button("Restore") { Task { await restore(removal.player) } }
              .accessibilityLabel("Restore \(removal.player.name)")
          }
        }
        FieldError(messages: failure.map { [$0] } ?? [])
      }
      .overlay {
        if team.removed.isEmpty {
          Text("Nobody was removed in the last 30 days.")
            .foregroundStyle(.secondary)
        }
      }
      .navigationTitle("Recently removed")
      .toolbar {
        ToolbarItem(placement: .confirmationAction) {
          Button("Done") { dismiss() }
        }
      }
    }
  }

  private func restore(_ player: Player) async {
    do {
      try await team.restorePlayer(player)
      failure = nil
    } catch {
      failure = ValidationError(reportedBy: error)?.description ?? String(describing: error)
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    if let team = try? EsportTeam() {
      let connection = TeamConnection(local: team, keeper: .none)
      RosterView()
        .environment(connection)
        .environment(connection.team)
    }
  }
#endif

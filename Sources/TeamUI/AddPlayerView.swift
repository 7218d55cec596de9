import SwiftUI
import TeamClient
import TeamKit

/// The "Add player" form, presented as a modal sheet over the roster.
///
/// Notions of the brief: `@State` for the form (one ``PlayerForm``), `@Environment(\.dismiss)`
/// once the player is added, and "Add" calling the team's `addPlayer` with the brief's fields
/// and the organisation's (status, Riot ID, contract), on the team shown (`async`: the team
/// may live on a server).
public struct AddPlayerView: View {
  @Environment(EsportTeam.self) private var team

  public init() {}

  public var body: some View {
    PlayerSheet(title: "New player", confirm: "Add", form: PlayerForm()) { form in
      try await team.addPlayer(form.input)
    }
  }
}

/// The same form, filled with a player's fields; "Save" changes them.
public struct EditPlayerView: View {
  let player: Player
  @Environment(EsportTeam.self) private var team

  public init(player: Player) {
    self.player = player
  }

  public var body: some View {
    PlayerSheet(title: "Edit \(player.name)", confirm: "Save", form: PlayerForm(player: player)) {
      form in
      try await team.updatePlayer(player, with: form.edit)
    }
  }
}

/// A player form in a sheet: Cancel, and a confirm button that runs `save` and closes the
/// sheet, or keeps everything typed and shows each message by its field.
struct PlayerSheet: View {
  let title: LocalizedStringKey
  let confirm: LocalizedStringKey
  let save: (PlayerForm) async throws -> Player
  @Environment(\.dismiss) private var dismiss
  @State private var form: PlayerForm
  @State private var errors: ValidationError?
  @State private var failure: String?

  init(
    title: LocalizedStringKey, confirm: LocalizedStringKey, form: PlayerForm,
    save: @escaping (PlayerForm) async throws -> Player
  ) {
    self.title = title
    self.confirm = confirm
    self.save = save
    _form = State(initialValue: form)
  }

  var body: some View {
    NavigationStack {
      PlayerFields(form: $form, errors: errors, failure: failure)
        .navigationTitle(title)
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Cancel") { dismiss() }
          }
          ToolbarItem(placement: .confirmationAction) {
            Button(confirm) { Task { await submit() } }
          }
        }
    }
  }

  /// Saves, then closes the sheet; on any refusal everything typed stays, with the reason.
  private func submit() async {
    errors = nil
    failure = nil
    do {
      _ = try await save(form)
      dismiss()
    } catch {
      errors = ValidationError(reportedBy: error)
      if errors == nil { failure = localized("Not saved: %@", String(describing: error)) }
    }
  }
}

/// The form's fields: pseudo, role, image with its preview, and the horizontal row of
/// champions where a tap toggles the selection (green stroke); each message by its field.
struct PlayerFields: View {
  @Binding var form: PlayerForm
  let errors: ValidationError?
  let failure: String?
  /// The champion search, narrowing the row as one types (TeamKit's forgiving search).
  @State private var championQuery = ""
  @State private var championClass: ChampionClass?

  /// The selected champions first, in their order, then the matches, best first.
  private var shownChampions: [Champion] {
    // This build's champions: the app offers what it has pictures and names for.
    let catalog = ChampionCatalog.builtIn
    let matches = catalog.search(championQuery, classes: championClass.map { [$0] } ?? [])
    return form.favoriteChampions(in: catalog) + matches.filter { !form.isSelected($0) }
  }

  var body: some View {
    Form {
      Section {
        TextField("Pseudo", text: $form.name)
        FieldError(messages: errors?.messages(for: .name).map(\.description) ?? [])
      }
      Section {
        Picker("Role", selection: $form.position) {
          ForEach(Position.allCases) { position in
            Text(position.displayName).tag(position)
          }
        }
      }
      Section {
        HStack(spacing: 12) {
          PictureView(imageName: form.image, size: 44)
          // Image names are lower case: no capital letter or correction typed for the user.
          TextField("Image", text: $form.image)
            .autocorrectionDisabled()
            #if !os(macOS)
              .textInputAutocapitalization(.never)
            #endif
        }
        FieldError(messages: errors?.messages(for: .image).map(\.description) ?? [])
      }
      Section {
        TextField("Search a champion", text: $championQuery)
          .autocorrectionDisabled()
        Picker("Class", selection: $championClass) {
          Text("All classes").tag(ChampionClass?.none)
          ForEach(ChampionClass.allCases) { kind in
            Text(kind.displayName(in: .system)).tag(ChampionClass?.some(kind))
          }
        }
        ScrollView(.horizontal, showsIndicators: false) {
          HStack(spacing: 12) {
            ForEach(shownChampions) { champion in
              ChampionToggle(champion: champion, isSelected: form.isSelected(champion)) {
                form.toggle(champion)
              }
            }
          }
          .padding(.vertical, 4)
        }
        FieldError(messages: errors?.messages(for: .favoriteChampions).map(\.description) ?? [])
      } header: {
        Text("Favorite champions")
      }
      Section {
        Picker("Status", selection: $form.lineup) {
          Text("Starter while the five is not complete").tag(Lineup?.none)
          ForEach(Lineup.allCases, id: \.self) { lineup in
            Text(lineup.displayName(in: .system)).tag(Lineup?.some(lineup))
          }
        }
        FieldError(messages: errors?.messages(for: .lineup).map(\.description) ?? [])
        TextField("Riot ID (name#tag)", text: $form.riotID)
          .autocorrectionDisabled()
        FieldError(messages: errors?.messages(for: .riotID).map(\.description) ?? [])
        TextField("Real name", text: $form.realName)
        FieldError(messages: errors?.messages(for: .realName).map(\.description) ?? [])
        TextField("Nationality (FR, KR…)", text: $form.nationality)
          .autocorrectionDisabled()
        FieldError(messages: errors?.messages(for: .nationality).map(\.description) ?? [])
        TextField("Birth date (YYYY-MM-DD)", text: $form.birthDate)
        FieldError(messages: errors?.messages(for: .birthDate).map(\.description) ?? [])
        TextField("Joined (YYYY-MM-DD)", text: $form.joined)
        FieldError(messages: errors?.messages(for: .joined).map(\.description) ?? [])
        TextField("Contract end (YYYY-MM-DD)", text: $form.contractEnd)
        FieldError(messages: errors?.messages(for: .contractEnd).map(\.description) ?? [])
      } header: {
        Text("Status, Riot ID, contract")
      }
      FieldError(messages: failure.map { [$0] } ?? [])
    }
  }
}

/// A champion in the horizontal list: round picture and name, a green stroke when selected.
struct ChampionToggle: View {
  let champion: Champion
  let isSelected: Bool
  let toggle: () -> Void

  var body: some View {
    Button(action: toggle) {
      VStack(spacing: 6) {
        PictureView(imageName: champion.imageName, size: 56)
          .overlay {
            Circle()
              .stroke(isSelected ? Color.green : Color.clear, lineWidth: 3)
          }
        Text(champion.name)
          .font(.caption)
      }
    }
    .buttonStyle(.plain)
    .accessibilityLabel(champion.name)
    .accessibilityAddTraits(isSelected ? .isSelected : [])
  }
}

/// The validation messages under a field; nothing when there are none.
struct FieldError: View {
  let messages: [String]

  var body: some View {
    if !messages.isEmpty {
      Text(messages.joined(separator: " "))
        .font(.caption)
        .foregroundStyle(.red)
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    if let team = try? EsportTeam() {
      AddPlayerView()
        .environment(team)
    }
  }
#endif

import SwiftUI
import TeamClient
import TeamKit

/// "Team server": sign in to the team's server (its address, an account's name and
/// password) to see and change the staff's shared roster, or sign out to come back to this
/// device's. What was typed stays after a refusal; the password is never kept, only the
/// session, in the Keychain.
struct ServerView: View {
  @Environment(TeamConnection.self) private var connection
  @Environment(\.dismiss) private var dismiss
  @State private var address = ""
  @State private var name = ""
  @State private var password = ""
  @State private var failure: String?
  @State private var isWorking = false

  var body: some View {
    NavigationStack {
      Form {
        if let server = connection.remote?.server {
          Section {
            Text("Signed in to \(server.name.description).")
            Button("Sign out", role: .destructive) {
              Task {
                await connection.signOut()
                dismiss()
              }
            }
          } footer: {
            Text("Signing out shows the roster kept on this device.")
          }
        } else {
          Section {
            TextField("Address (roster.example.org)", text: $address)
              .autocorrectionDisabled()
              #if !os(macOS)
                .textInputAutocapitalization(.never)
              #endif
            TextField("Name", text: $name)
              .autocorrectionDisabled()
              #if !os(macOS)
                .textInputAutocapitalization(.never)
              #endif
            SecureField("Password", text: $password)
          } footer: {
            Text("An owner creates your account on the server with ‘kcorp users add’.")
          }
          Section {
            Button("Sign in") { Task { await signIn() } }
              .disabled(isWorking || address.isEmpty || name.isEmpty || password.isEmpty)
            FieldError(messages: failure.map { [$0] } ?? [])
          }
        }
      }
      .navigationTitle("Team server")
      .toolbar {
        ToolbarItem(placement: .confirmationAction) {
          Button("Done") { dismiss() }
        }
      }
    }
  }

  private func signIn() async {
    isWorking = true
    defer { isWorking = false }
    do {
      try await connection.signIn(address: address, name: name, password: password)
      dismiss()
    } catch {
      // Name and address stay as typed; the password is typed again.
      password = ""
      failure = String(describing: error)
    }
  }
}

/// Where the roster shown lives, and a warning while its server cannot be reached (the
/// roster is then read-only).
struct SourceBanner: View {
  @Environment(TeamConnection.self) private var connection

  var body: some View {
    if let notice = connection.notice, connection.remote == nil {
      Text(notice)
        .font(.caption)
    } else if let server = connection.remote?.server {
      if connection.team.isConnected {
        Text("The team's roster on \(server.name.description); changes show live.")
          .font(.caption)
          .foregroundStyle(.secondary)
      } else {
        Text(
          "\(server.name.description) cannot be reached: the roster is read-only until it is back."
        )
        .font(.caption)
        .foregroundStyle(.red)
      }
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    if let team = try? EsportTeam() {
      ServerView()
        .environment(TeamConnection(local: team, keeper: .none))
    }
  }
#endif

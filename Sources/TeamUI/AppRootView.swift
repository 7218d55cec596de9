import SwiftUI
import TeamClient
import TeamKit

/// The app window's content: the roster shown (this device's, or the team server's once
/// signed in), or why this device's database could not be opened.
public struct AppRootView: View {
  private let connection: Result<TeamConnection, any Error>

  /// - Parameter connection: opened once at launch (see `KCorpApp`).
  public init(connection: Result<TeamConnection, any Error>) {
    self.connection = connection
  }

  public var body: some View {
    switch connection {
    case .success(let connection):
      RosterView()
        .environment(connection)
        .environment(connection.team)
        // A new team (signed in or out) is loaded and followed; the old one's feed ends.
        .task(id: ObjectIdentifier(connection.team)) { await connection.follow() }
    case .failure(let error):
      Text(localized("The roster could not be opened: %@", String(describing: error)))
        .padding()
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    AppRootView(connection: Result { TeamConnection(local: try EsportTeam(), keeper: .none) })
  }
#endif

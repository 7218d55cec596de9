import SwiftUI
import TeamClient
import TeamKit
import TeamStore
import TeamUI

#if os(macOS)
  import AppKit
#endif

/// The iPhone and Mac app: one window showing the roster, kept with the same store
/// (TeamStore's SQLite database) as the CLI and web app, in the app's Application Support,
/// or the team's server's once signed in (TeamClient).
@main
struct KCorpApp: App {
  #if os(macOS)
    @NSApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
  #endif
  @State private var connection = Result<TeamConnection, any Error> {
    let store = try RosterStore.open(.applicationSupport())
    // The roster shows at once, from the database's snapshot.
    let team = EsportTeam(
      source: LocalRoster(store: store), players: store.players, removed: store.removedPlayers)
    return TeamConnection(local: team, keeper: .thisDevice)
  }

  var body: some Scene {
    WindowGroup {
      AppRootView(connection: connection)
    }
  }
}

#if os(macOS)
  /// Run with `swift run KCorpApp`, the app is a bare executable, not an app bundle: macOS
  /// starts it as a background process whose window never takes the keyboard. A regular
  /// activation policy gives it a Dock icon, a menu bar and keyboard focus.
  final class AppDelegate: NSObject, NSApplicationDelegate {
    func applicationDidFinishLaunching(_ notification: Notification) {
      NSApplication.shared.setActivationPolicy(.regular)
      NSApplication.shared.activate()
    }
  }
#endif

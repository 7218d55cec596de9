import SwiftUI
import TeamKit
import TeamStore
import TeamUI

/// The iPhone and Mac app: one window showing the roster, kept with the same store
/// (TeamStore's SQLite database) as the CLI and web app, in the app's Application Support.
@main
struct KCorpApp: App {
  @State private var team = Result<EsportTeam, any Error> {
    EsportTeam(storage: try RosterStore.open(.applicationSupport()))
  }

  var body: some Scene {
    WindowGroup {
      AppRootView(team: team)
    }
  }
}

import SwiftUI
import TeamKit

/// The app window's content: the roster, or why the team's database could not be opened.
public struct AppRootView: View {
  private let team: Result<EsportTeam, any Error>

  /// - Parameter team: the team opened once at launch (see `KCorpApp`).
  public init(team: Result<EsportTeam, any Error>) {
    self.team = team
  }

  public var body: some View {
    switch team {
    case .success(let team):
      RosterView()
        .environment(team)
    case .failure(let error):
      Text("The roster could not be opened: " + String(describing: error))
        .padding()
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    AppRootView(team: .success(EsportTeam()))
  }
#endif

import SwiftUI
import TeamClient
import TeamKit

/// A player's solo queue as the team's server last saw it: their rank and the champions of
/// their last ranked games. Nothing where there is none (this device's own roster).
struct SoloQueueFacts: View {
  let player: Player
  @Environment(EsportTeam.self) private var team
  @State private var standing: RiotStanding?

  var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      if let standing {
        Text("Solo queue")
          .font(.headline)
        switch standing.status {
        case .found:
          Text(
            standing.solo.map { $0.label(in: .system) } ?? localized("unranked in solo queue"))
        case .notFound: Text(localized("no such Riot ID"))
        case .unchecked: Text(localized("could not check now"))
        }
        ForEach(standing.champions.prefix(5), id: \.self) { row in
          Text(
            localized(
              "%1$@ %2$@ {2:game|games}, %3$@ won",
              ChampionCatalog.builtIn.name(ofID: row.champion, in: .system),
              row.games, row.wins)
          )
          .foregroundStyle(.secondary)
        }
      }
    }
    .frame(maxWidth: .infinity, alignment: .leading)
    .task(id: player) { standing = try? await team.soloQueue(of: player) }
  }
}

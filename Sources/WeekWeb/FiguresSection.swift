import Foundation
import TeamKit
import TeamStore
import WebBase

/// The figures of a team's games: win rates by side, player and champion, and what each
/// opponent picks first and bans.
extension Pages {
  func figures(_ figures: DraftFigures, in roster: Roster) -> HTML {
    let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
    func rate(_ record: ChampionRecord) -> String {
      localized("%1$@ of %2$@ won (%3$@%%)", record.wins, record.games, record.winRate)
    }
    func championName(_ id: String) -> String {
      champions.name(ofID: id, in: language)
    }
    func table(_ caption: String, _ rows: [(String, ChampionRecord)]) -> HTML {
      .h(
        "table", ["class": "figures-table"],
        [
          .h("caption", caption),
          .h(
            "tbody", [:],
            rows.map { row -> HTML in
              .h("tr", [:], [.h("th", ["scope": "row"], row.0), .h("td", [:], rate(row.1))])
            }),
        ])
    }
    let sides = Game.Side.allCases.compactMap { side in
      figures.bySide[side].map { (side.displayName(in: language), $0) }
    }
    let players = figures.byPlayer.sorted {
      ($1.value.games, names[$0.key] ?? "") < ($0.value.games, names[$1.key] ?? "")
    }
    .map { id, record in
      let best = DraftFigures.Scouting.ranked(
        (figures.playerChampions[id] ?? [:]).mapValues(\.games)
      )
      .prefix(3).map { championName($0.champion) }
      return (
        (names[id] ?? "?") + (best.isEmpty ? "" : " (" + best.joined(separator: ", ") + ")"), record
      )
    }
    // Every champion played, the most played first, then by name as the page spells it.
    let mostPlayed = figures.byChampion.map { (championName($0.key), $0.value) }.sorted {
      ($1.1.games, $0.0) < ($0.1.games, $1.0)
    }
    var parts: [HTML] = [.h("h2", ["id": "figures-title"], localized("Figures"))]
    if sides.isEmpty && players.isEmpty {
      parts.append(.h("p", ["class": "muted"], localized("No game logged yet.")))
    } else {
      parts += [
        table(localized("By side"), sides), table(localized("By player"), players),
        table(localized("By champion"), mostPlayed),
      ]
    }
    parts += figures.opponents.sorted { $0.key < $1.key }.map { scouting($0.value, of: $0.key) }
    return .h("section", ["class": "figures", "aria-labelledby": "figures-title"], parts)
  }

  /// What an opponent picked first and banned in the drafts against us, the most first.
  private func scouting(_ scouting: DraftFigures.Scouting, of name: String) -> HTML {
    func list(_ counts: [String: Int]) -> String {
      DraftFigures.Scouting.ranked(counts).prefix(5).map { count in
        "\(champions.name(ofID: count.champion, in: language)) ×\(count.count)"
      }.joined(separator: ", ")
    }
    return .h(
      "div", ["class": "scouting"],
      [
        .h("h3", [:], localized("%1$@ (%2$@ drafts)", name, scouting.drafts)),
        .h("p", [:], localized("First picks: %@", list(scouting.firstPicks))),
        .h("p", [:], localized("Bans: %@", list(scouting.bans))),
      ])
  }
}

import Foundation

/// A game's draft as plain text to paste in a chat (Discord): each team's side, bans and
/// picks in the order they were made, a pick with its role and, ours, the player.
///
///     Game 1 · KCorp (blue side) vs G2 (red side)
///     KCorp bans: Zed, Lux, Vi, Jax, Kai'Sa
///     G2 bans: Yone, Jinx, Rell, Varus, Braum
///     KCorp picks: K'Sante (Top · Canna), Maokai (Jungle · Bo), …
///     G2 picks: Azir (Top), Sejuani (Jungle), …
public enum DraftText {
  /// The text of `draft`, game `game` of `us` against `them`; a turn not chosen is left out.
  public static func text(
    of draft: GameDraft, game: Int, us: String, them: String, catalog: ChampionCatalog,
    names: [UUID: String], in language: Language
  ) -> String {
    let side = { (team: DraftTeam) -> Game.Side in
      team == .us ? draft.side : draft.side == .blue ? .red : .blue
    }
    let name = { (team: DraftTeam) in team == .us ? us : them }
    var lines = [
      language.localized(
        "Game %1$@ · %2$@ (%3$@) vs %4$@ (%5$@)", game, us,
        side(.us).displayName(in: language).lowercased(), them,
        side(.them).displayName(in: language).lowercased())
    ]
    for action in [DraftSlot.Action.ban, .pick] {
      for team in [DraftTeam.us, .them] {
        let chosen = DraftSlot.order.indices.compactMap { index -> String? in
          let slot = DraftSlot.order[index]
          guard slot.action == action, draft.team(of: slot) == team,
            let id = draft.champions[index]
          else { return nil }
          let champion = catalog.name(ofID: id, in: language)
          let details = [
            draft.roles[index]?.displayName, draft.players[index].flatMap { names[$0] },
          ]
          .compactMap { $0 }
          return details.isEmpty ? champion : "\(champion) (\(details.joined(separator: " · ")))"
        }
        guard !chosen.isEmpty else { continue }
        let label =
          action == .ban
          ? language.localized("%@ bans", name(team)) : language.localized("%@ picks", name(team))
        lines.append(language.localized("%1$@: %2$@", label, chosen.joined(separator: ", ")))
      }
    }
    return lines.joined(separator: "\n")
  }
}

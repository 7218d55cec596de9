import Foundation
import TeamKit
import Testing

/// A draft copied as text for the team's chat: each team's bans and picks in the order made,
/// a pick with its role and, ours, the player, in the reader's language.
@Suite struct DraftTextTests {
  @Test func aDraftReadsAsEachTeamsBansAndPicksInOrder() {
    let canna = UUID()
    // Blue: bans B1 (turn 0) and B2 (turn 2), pick B1 (turn 6) Top by Canna; red: ban R1
    // (turn 1), pick R1 (turn 7) Mid; the rest not chosen yet.
    var draft = GameDraft(side: .blue)
    draft.champions[0] = "zed"
    draft.champions[1] = "yone"
    draft.champions[2] = "lux"
    draft.champions[6] = "ksante"
    draft.champions[7] = "azir"
    draft.roles = [6: .top, 7: .mid]
    draft.players = [6: canna]
    let text = DraftText.text(
      of: draft, game: 2, us: "KCorp", them: "G2", catalog: .builtIn,
      names: [canna: "Canna"], in: .english)
    #expect(
      text == """
        Game 2 · KCorp (blue side) vs G2 (red side)
        KCorp bans: Zed, Lux
        G2 bans: Yone
        KCorp picks: K'Sante (Top · Canna)
        G2 picks: Azir (Mid)
        """)
    draft.side = .red
    let french = DraftText.text(
      of: draft, game: 1, us: "KCorp", them: "G2", catalog: .builtIn, names: [:],
      in: .french)
    #expect(french.hasPrefix("Partie 1 · KCorp (côté rouge) contre G2 (côté bleu)\n"))
    #expect(french.contains("Bannissements de G2\u{a0}: Zed, Lux"))
    #expect(french.contains("Choix de KCorp\u{a0}: Azir (Mid)"))
  }
}

import Foundation
import TeamKit
import TestSupport
import Testing

/// Drafts in tournament order and the four rules of a series, checked against a plain
/// restatement of each rule over random series.
@Suite struct DraftTests {
  @Test func theTwentyTurnsComeInTournamentOrder() {
    let turns = DraftSlot.order.map { "\($0.action == .ban ? "ban" : "pick") \($0.code)" }
    #expect(
      turns == [
        "ban B1", "ban R1", "ban B2", "ban R2", "ban B3", "ban R3",
        "pick B1", "pick R1", "pick R2", "pick B2", "pick B3", "pick R3",
        "ban R4", "ban B4", "ban R5", "ban B5",
        "pick R4", "pick B4", "pick B5", "pick R5",
      ])
  }

  /// The rule restated: whether a champion `team` chose in an earlier game's `action` turn
  /// locks it for `chooser` now.
  static func locks(
    _ rule: DraftRule, _ action: DraftSlot.Action, by team: DraftTeam, for chooser: DraftTeam
  )
    -> Bool
  {
    switch rule {
    case .standard: false
    case .fearless: action == .pick
    case .softFearless: action == .pick && team == chooser
    case .fullFearless: true
    }
  }

  @Test(arguments: DraftRule.allCases)
  func randomSeriesAreAcceptedExactlyWhenTheRuleAllowsThem(_ rule: DraftRule) {
    var random = SplitMix(state: UInt64(DraftRule.allCases.firstIndex(of: rule) ?? 0) + 42)
    let pool = Array(ChampionCatalog.builtIn.champions.prefix(45).map(\.id))
    var refusals = 0
    for _ in 0..<150 {
      var accepted: [GameDraft] = []
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        var draft = GameDraft(side: Bool.random(using: &random) ? .blue : .red)
        for index in DraftSlot.order.indices where Int.random(in: 0..<10, using: &random) < 9 {
          draft.champions[index] = pool.randomElement(using: &random)
        }
        // The rule restated: the first game that locks each turn's champion for its chooser.
        var expected: String?
        var seen: Set<String> = []
        for (index, slot) in DraftSlot.order.enumerated() {
          guard let champion = draft.champions[index] else { continue }
          if !seen.insert(champion).inserted {
            expected = expected ?? "twice"
            continue
          }
          let chooser = draft.team(of: slot)
          func firstLock(for team: DraftTeam) -> Int? {
            accepted.indices.first { number in
              zip(DraftSlot.order, accepted[number].champions).contains { turn, earlier in
                earlier == champion
                  && Self.locks(rule, turn.action, by: accepted[number].team(of: turn), for: team)
              }
            }
          }
          var game = firstLock(for: chooser)
          // A ban is refused only for a champion neither team may pick any more.
          if slot.action == .ban, firstLock(for: chooser == .us ? .them : .us) == nil {
            game = nil
          }
          if let game, expected == nil { expected = "game \(game + 1)" }
        }
        do {
          let checked = try draft.validated(
            after: accepted, rule: rule, catalog: .builtIn, players: [])
          #expect(expected == nil, "accepted although \(expected ?? "")")
          accepted.append(checked)
        } catch {
          refusals += 1
          let text = error.message.text(in: .english)
          let said = expected == "twice" ? "twice" : "used in \(expected ?? "nothing")"
          #expect(text.contains(said), "\(text) (expected \(expected ?? "acceptance"))")
        }
      }
      // What each rule promises across an accepted series.
      var picked: [DraftTeam: [String]] = [:]
      var everyTurn: [String] = []
      for draft in accepted {
        for (slot, champion) in zip(DraftSlot.order, draft.champions) {
          guard let champion else { continue }
          everyTurn.append(champion)
          if slot.action == .pick { picked[draft.team(of: slot), default: []].append(champion) }
        }
      }
      let picks = picked.values.flatMap(\.self)
      switch rule {
      case .standard: break
      case .fearless: #expect(Set(picks).count == picks.count)
      case .softFearless: #expect(picked.values.allSatisfy { Set($0).count == $0.count })
      case .fullFearless: #expect(Set(everyTurn).count == everyTurn.count)
      }
    }
    #expect(refusals > 0)
  }

  @Test func inHardFearlessAChampionTheOpponentPickedInGameOneIsLockedForUsInGameThree() throws {
    func draft(_ side: Game.Side, _ picks: [Int: String]) -> GameDraft {
      var draft = GameDraft(side: side)
      for (index, champion) in picks { draft.champions[index] = champion }
      return draft
    }
    // Game 1, we are blue: red's first pick (turn 7, R1) is G2's Ahri.
    let one = try draft(.blue, [6: "Azir", 7: "Ahri"])
      .validated(after: [], rule: .fearless, catalog: .builtIn, players: [])
    let two = try draft(.red, [6: "Jinx"]).validated(
      after: [one], rule: .fearless, catalog: .builtIn, players: [])
    // Game 3, we are red: our R1 pick of Ahri.
    let three = draft(.red, [7: "ahri"])
    let refused = #expect(throws: ValidationError.self) {
      try three.validated(after: [one, two], rule: .fearless, catalog: .builtIn, players: [])
    }
    #expect(
      refused?.message.text(in: .english)
        == "Ahri (R1 pick) was used in game 1: Fearless locks it for the rest of the series.")
    #expect(refused?.message(for: .draft) != nil)
    // Soft fearless: only our own picks are locked for us.
    let soft = try three.validated(
      after: [one, two], rule: .softFearless, catalog: .builtIn, players: [])
    #expect(soft.champions[7] == "ahri")
    #expect(
      DraftRule.fearless.locked(for: .us, after: [one, two]) == ["azir": 1, "ahri": 1, "jinx": 2])
    #expect(DraftRule.softFearless.locked(for: .us, after: [one, two]) == ["azir": 1])
    // Soft fearless: our Azir of game 1 is still G2's to pick, so ours to ban.
    let banningAzir = try draft(.red, [0: "azir"]).validated(
      after: [one, two], rule: .softFearless, catalog: .builtIn, players: [])
    #expect(banningAzir.champions[0] == "azir")
    #expect(
      DraftRule.softFearless.locked(for: .us, action: .ban, after: [one, two]).isEmpty)
    // In hard fearless nobody may pick it again: banning it is refused.
    #expect(throws: ValidationError.self) {
      try draft(.red, [0: "azir"]).validated(
        after: [one, two], rule: .fearless, catalog: .builtIn, players: [])
    }
    // The next turn a live draft fills.
    #expect(three.nextTurn == 0 && GameDraft(side: .blue).nextTurn == 0)
  }

  @Test func aDraftSaysWhatIsWrongTurnByTurn() {
    func message(_ draft: GameDraft) -> String? {
      do {
        _ = try draft.validated(after: [], rule: .standard, catalog: .builtIn, players: [])
        return nil
      } catch { return error.message.text(in: .english) }
    }
    var draft = GameDraft(side: .blue)
    draft.champions[0] = "Notachampion"
    #expect(message(draft) == "“Notachampion” (B1) is not a champion; check its spelling.")
    draft.champions[0] = "Jax"
    draft.champions[1] = "jax"
    #expect(message(draft) == "Jax is in the draft twice (B1 and R1).")
    draft.champions[1] = nil
    draft.roles[0] = .top
    #expect(message(draft) == "A ban has no role or player (B1).")
    draft.roles = [7: .mid]
    #expect(message(draft) == "Give R1's champion before its role or player.")
    draft.roles = [:]
    draft.champions[7] = "Ahri"
    draft.players[7] = UUID()
    #expect(message(draft) == "Name our players on our picks only (R1).")
    draft.champions = Array(draft.champions.prefix(3))
    #expect(message(draft) == "Give the 20 turns of the draft, empty ones included.")
  }

  @Test func aDraftTravelsInJSONWithItsRolesAndPlayers() throws {
    var draft = GameDraft(side: .red)
    draft.champions[6] = "ahri"
    draft.roles[6] = .mid
    draft.players[6] = UUID()
    let decoded = try TeamJSON.decode(GameDraft.self, from: TeamJSON.encode(draft))
    #expect(decoded == draft)
  }
}

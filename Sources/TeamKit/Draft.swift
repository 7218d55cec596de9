import Foundation

/// How the champions of a series' earlier games are locked for the games after (since 2025
/// every Riot-run league plays its Bo3 and Bo5 in fearless draft).
public enum DraftRule: String, CaseIterable, Codable, Sendable {
  /// Nothing carries over: each game's draft is its own.
  case standard
  /// Hard fearless, as the pros play it: a champion picked in an earlier game is locked for
  /// both teams.
  case fearless
  /// A champion a team picked in an earlier game is locked for that team only.
  case softFearless = "soft-fearless"
  /// Picks and bans of an earlier game, by either team, are locked for both.
  case fullFearless = "full-fearless"

  /// The rule's name in `language`.
  public func displayName(in language: Language) -> String { title.text(in: language) }

  /// The rule's name, as messages put it in the reader's language.
  public var title: Message {
    switch self {
    case .standard: Message("Standard draft")
    case .fearless: Message("Fearless")
    case .softFearless: Message("Soft fearless")
    case .fullFearless: Message("Full fearless")
    }
  }

  /// The champions `team` may neither pick nor ban in the game after `earlier`, each with
  /// the number (from 1) of the game that locked it.
  public func locked(for team: DraftTeam, after earlier: [GameDraft]) -> [String: Int] {
    var locked: [String: Int] = [:]
    for (index, draft) in earlier.enumerated() {
      for (slot, champion) in zip(DraftSlot.order, draft.champions) {
        guard let champion, locks(slot, of: draft.team(of: slot), for: team) else { continue }
        if locked[champion] == nil { locked[champion] = index + 1 }
      }
    }
    return locked
  }

  /// The champions `team` may not choose with `action` in the game after `earlier`, each
  /// with the game that locked it: for a pick, those the rule locks for `team`; for a ban,
  /// those it locks for both teams. A champion only we may no longer pick (soft fearless) is
  /// still theirs to pick, so still ours to ban.
  public func locked(for team: DraftTeam, action: DraftSlot.Action, after earlier: [GameDraft])
    -> [String: Int]
  {
    let mine = locked(for: team, after: earlier)
    guard action == .ban, !mine.isEmpty else { return mine }
    let theirs = locked(for: team == .us ? .them : .us, after: earlier)
    return mine.filter { theirs[$0.key] != nil }
  }

  /// Whether a champion in `slot`, chosen by `chooser`, is locked for `team` afterwards.
  private func locks(_ slot: DraftSlot, of chooser: DraftTeam, for team: DraftTeam) -> Bool {
    switch self {
    case .standard: false
    case .fearless: slot.action == .pick
    case .softFearless: slot.action == .pick && chooser == team
    case .fullFearless: true
    }
  }
}

/// The two teams of a series, whichever side each plays.
public enum DraftTeam: String, CaseIterable, Codable, Sendable {
  case us, them
}

/// One turn of a game's draft in tournament order: a side bans or picks.
public struct DraftSlot: Hashable, Sendable {
  public enum Action: String, Codable, Sendable { case ban, pick }

  public let action: Action
  public let side: Game.Side
  /// Its number among that side's bans or picks (B1…B5, R1…R5).
  public let number: Int

  /// The twenty turns: bans B1 R1 B2 R2 B3 R3, picks B1 R1 R2 B2 B3 R3, bans R4 B4 R5 B5,
  /// picks R4 B4 B5 R5.
  public static let order: [DraftSlot] = {
    func turns(_ action: Action, _ text: String) -> [DraftSlot] {
      text.split(separator: " ").map {
        DraftSlot(
          action: action, side: $0.first == "B" ? .blue : .red, number: Int($0.dropFirst()) ?? 0)
      }
    }
    return turns(.ban, "B1 R1 B2 R2 B3 R3") + turns(.pick, "B1 R1 R2 B2 B3 R3")
      + turns(.ban, "R4 B4 R5 B5") + turns(.pick, "R4 B4 B5 R5")
  }()

  /// `B1` or `R4`, as a caster names the turn (with the action beside it).
  public var code: String { (side == .blue ? "B" : "R") + String(number) }
}

/// One game's draft: our side, and the champion of each turn in tournament order (nil while
/// not chosen), with, for the picks, the role and (ours) the player.
public struct GameDraft: Hashable, Sendable {
  /// The side we play.
  public var side: Game.Side
  /// The champion of each of the twenty turns (``DraftSlot/order``), by catalogue id.
  public var champions: [String?]
  /// The role of a pick, by turn index, when known.
  public var roles: [Int: Position]
  /// Who of ours played a pick, by turn index.
  public var players: [Int: UUID]

  public init(
    side: Game.Side, champions: [String?] = Array(repeating: nil, count: DraftSlot.order.count),
    roles: [Int: Position] = [:], players: [Int: UUID] = [:]
  ) {
    self.side = side
    self.champions = champions
    self.roles = roles
    self.players = players
  }

  /// Which team chose in `slot`, given our side.
  public func team(of slot: DraftSlot) -> DraftTeam { slot.side == side ? .us : .them }

  /// The first turn still empty, which a live draft fills next; nil once complete.
  public var nextTurn: Int? { champions.firstIndex { $0 == nil } }

  /// The draft checked for the game after `earlier` under `rule`: each champion one of
  /// `catalog`'s, at most once in the game, none locked by an earlier game, roles and
  /// players on picks only, and ours only for players, each one of `players`.
  /// - Throws: ``ValidationError`` on the `draft` field, naming the turn, the champion and,
  ///   for a locked one, the game that used it.
  public func validated(
    after earlier: [GameDraft], rule: DraftRule, catalog: ChampionCatalog, players: Set<UUID>
  ) throws(ValidationError) -> GameDraft {
    guard champions.count == DraftSlot.order.count else {
      throw ValidationError(
        .draft,
        Message("Give the %@ turns of the draft, empty ones included.", DraftSlot.order.count))
    }
    var checked = self
    var seen: [String: DraftSlot] = [:]
    var taken: [DraftTeam: [Position: DraftSlot]] = [:]
    let locked = DraftTeam.allCases.map { team in
      [DraftSlot.Action.ban, .pick].map { rule.locked(for: team, action: $0, after: earlier) }
    }
    for (index, slot) in DraftSlot.order.enumerated() {
      guard let text = champions[index] else {
        if roles[index] != nil || self.players[index] != nil {
          throw ValidationError(
            .draft, Message("Give %@'s champion before its role or player.", slot.code))
        }
        continue
      }
      guard let champion = catalog.find(text) else {
        throw ValidationError(
          .draft, Message("“%1$@” (%2$@) is not a champion; check its spelling.", text, slot.code))
      }
      if let earlierSlot = seen[champion.id] {
        throw ValidationError(
          .draft,
          Message(
            "%1$@ is in the draft twice (%2$@ and %3$@).", champion.name, earlierSlot.code,
            slot.code))
      }
      seen[champion.id] = slot
      let team = team(of: slot)
      if let game = locked[team == .us ? 0 : 1][slot.action == .ban ? 0 : 1][champion.id] {
        throw ValidationError(
          .draft,
          Message(
            "%1$@ (%2$@ %3$@) was used in game %4$@: %5$@ locks it for the rest of the series.",
            champion.name, slot.code, slot.action == .ban ? Message("ban") : Message("pick"), game,
            rule.title))
      }
      checked.champions[index] = champion.id
      try checkPick(index, slot, team, taken: &taken, players: players)
    }
    return checked
  }

  /// The role and player of turn `index`: on a pick only, a role once for each team, a player
  /// on ours only and one of `players`.
  private func checkPick(
    _ index: Int, _ slot: DraftSlot, _ team: DraftTeam,
    taken: inout [DraftTeam: [Position: DraftSlot]],
    players: Set<UUID>
  ) throws(ValidationError) {
    if slot.action == .ban, roles[index] != nil || self.players[index] != nil {
      throw ValidationError(.draft, Message("A ban has no role or player (%@).", slot.code))
    }
    if let role = roles[index] {
      if let other = taken[team]?[role] {
        throw ValidationError(
          .draft,
          Message(
            "%1$@ and %2$@ are both %3$@: give each pick of a team its own role.", other.code,
            slot.code, role.displayName))
      }
      taken[team, default: [:]][role] = slot
    }
    if team == .them, self.players[index] != nil {
      throw ValidationError(.draft, Message("Name our players on our picks only (%@).", slot.code))
    }
    if let player = self.players[index], !players.contains(player) {
      throw ValidationError(
        .draft,
        Message("No player of the organisation has the id %1$@ (%2$@).", player, slot.code))
    }
  }
}

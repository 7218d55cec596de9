import Foundation

/// A ban or pick someone of the team proposes for a game of a series before it is drafted:
/// the planning board lists them beside each player's pool.
public struct DraftProposal: Hashable, Sendable, Identifiable {
  public let id: UUID
  /// The game of the series, from 1.
  public var game: Int
  public var action: DraftSlot.Action
  /// The champion's catalogue id.
  public var champion: String
  /// Whose pick it would be (or, for a ban, the player who proposes it); nil for the staff's.
  public var player: UUID?
  /// Who proposed it: the account, the token's name, or `local`.
  public var author: String
  public var note: String
  public var created: Date

  public init(
    id: UUID = UUID.random(), game: Int, action: DraftSlot.Action, champion: String, player: UUID?,
    author: String, note: String = "", created: Date
  ) {
    self.id = id
    self.game = game
    self.action = action
    self.champion = champion
    self.player = player
    self.author = author
    self.note = note
    self.created = created
  }

  /// The most proposals a game holds.
  public static let maxPerGame = 40
  /// The longest a proposal's note may be.
  public static let maxNoteLength = 200
  /// The longest an author's name is kept (an import's).
  public static let maxAuthorLength = 64
}

/// A proposal as typed: the game, `ban` or `pick`, a champion (forgiving as the search is),
/// whose pick, and a few words.
public struct ProposalInput: Hashable, Sendable {
  public var game: Int
  public var action: String
  public var champion: String
  public var player: UUID?
  public var note: String

  public init(game: Int, action: String, champion: String, player: UUID? = nil, note: String = "") {
    self.game = game
    self.action = action
    self.champion = champion
    self.player = player
    self.note = note
  }

  /// The proposal for `event`, by `author` at `now`: a game of its series not drafted to the
  /// end, a champion of `catalog` that its rule leaves us in that game, a player of `players`.
  /// - Throws: ``ValidationError`` on the `draft` field saying what to change.
  public func validated(
    for event: TeamEvent, catalog: ChampionCatalog, players: Set<UUID>, author: String,
    now: Date
  ) throws(ValidationError) -> DraftProposal {
    guard (1...event.gameCount).contains(game) else {
      throw ValidationError(
        .draft, Message("Propose for a game from 1 to %@ of the series.", event.gameCount))
    }
    guard let action = DraftSlot.Action(rawValue: action.lowercased()) else {
      throw ValidationError(.draft, Message("Propose a ban or a pick (not “%@”).", action))
    }
    guard let found = catalog.match(champion) else {
      throw ValidationError(
        .draft, Message("“%@” is not a champion; check its spelling.", champion))
    }
    if event.drafts.indices.contains(game - 1), event.drafts[game - 1].isComplete {
      throw ValidationError(
        .draft, Message("Game %@ is drafted already: propose for a game to come.", game))
    }
    // The rule's locks for our bans and our picks (``DraftRule/locked(for:action:after:)``).
    if let locked = event.locked(for: .us, action: action, inGame: game)[found.id] {
      throw ValidationError(
        .draft,
        Message(
          "%1$@ was used in game %2$@: %3$@ locks it for the rest of the series.", found.name,
          locked, event.draftRule.title))
    }
    if let player, !players.contains(player) {
      throw ValidationError(.draft, Message("No player of the team has the id %@.", player))
    }
    let note = note.trimmed()
    guard note.count <= DraftProposal.maxNoteLength else {
      throw ValidationError(
        .draft, Message("Shorten the note to %@ characters.", DraftProposal.maxNoteLength))
    }
    guard event.proposals.count(where: { $0.game == game }) < DraftProposal.maxPerGame else {
      throw ValidationError(
        .draft, Message("Game %1$@ has %2$@ proposals already.", game, DraftProposal.maxPerGame))
    }
    // To the second, as its JSON writes it.
    return DraftProposal(
      game: game, action: action, champion: found.id, player: player, author: author, note: note,
      created: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
  }
}

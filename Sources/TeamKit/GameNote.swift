import Foundation

/// What the staff noted on a game of a series after it: a few words, about one of the
/// team's players or one turn of the game's draft when they say so. A player's page lists
/// the notes that name them.
public struct GameNote: Hashable, Sendable, Identifiable {
  public let id: UUID
  /// The game of the series, from 1.
  public var game: Int
  public var text: String
  /// The player it is about, if one.
  public var player: UUID?
  /// The draft's turn it is about (an index of ``DraftSlot/order``), if one.
  public var turn: Int?
  /// Who wrote it: the account, the token's name, or `local`.
  public var author: String
  public var written: Date

  public init(
    id: UUID = UUID.random(), game: Int, text: String, player: UUID? = nil, turn: Int? = nil,
    author: String, written: Date
  ) {
    self.id = id
    self.game = game
    self.text = text
    self.player = player
    self.turn = turn
    self.author = author
    self.written = written
  }

  /// The longest a note may be, in characters.
  public static let maxLength = 500
  /// The most notes a series keeps.
  public static let maxPerEvent = 200
}

/// A note as typed on a game: its words, and optionally a player and a turn.
public struct GameNoteInput: Hashable, Sendable {
  public var game: Int
  public var text: String
  public var player: UUID?
  public var turn: Int?

  public init(game: Int, text: String, player: UUID? = nil, turn: Int? = nil) {
    self.game = game
    self.text = text
    self.player = player
    self.turn = turn
  }

  /// The note for `event`, by `author` at `now`: a game of its series, some words, one of
  /// `players`, a turn of a draft.
  /// - Throws: ``ValidationError`` on the `draft` field saying what to change.
  public func validated(for event: TeamEvent, players: Set<UUID>, author: String, now: Date)
    throws(ValidationError) -> GameNote
  {
    guard (1...event.gameCount).contains(game) else {
      throw ValidationError(
        .draft, Message("Note a game from 1 to %@ of the series.", event.gameCount))
    }
    let text = text.replacingOccurrences(of: "\r\n", with: "\n").trimmed()
    guard !text.isEmpty else {
      throw ValidationError(.draft, Message("Write the note: what was seen in the game."))
    }
    guard text.count <= GameNote.maxLength else {
      throw ValidationError(
        .draft, Message("Shorten the note to %@ characters.", GameNote.maxLength))
    }
    // Lines may break; no line may hold an invisible character.
    guard
      !text.split(separator: "\n").contains(where: {
        PlayerInput.hasInvisibleCharacters(String($0))
      })
    else {
      throw ValidationError(.draft, Message("Take the invisible characters out of the note."))
    }
    if let player, !players.contains(player) {
      throw ValidationError(.draft, Message("No player of the team has the id %@.", player))
    }
    if let turn, !DraftSlot.order.indices.contains(turn) {
      throw ValidationError(
        .draft, Message("Choose a turn from 1 to %@ of the draft.", DraftSlot.order.count))
    }
    guard event.gameNotes.count < GameNote.maxPerEvent else {
      throw ValidationError(
        .draft,
        Message("A series keeps %@ notes at most; remove old ones first.", GameNote.maxPerEvent))
    }
    // To the second, as the database keeps it.
    return GameNote(
      game: game, text: text, player: player, turn: turn, author: author,
      written: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
  }
}

import Foundation

/// A draft tried out away from any game: a name, the side we would play and its turns,
/// started empty or from a game's draft. Two are compared turn by turn.
public struct MockDraft: Hashable, Sendable, Identifiable {
  public let id: UUID
  public var teamID: UUID
  public var name: String
  public var draft: GameDraft
  /// The game it started from, if one.
  public var origin: Origin?
  public var updated: Date

  /// A game of a series, by its event and number (from 1).
  public struct Origin: Hashable, Sendable {
    public var event: UUID
    public var game: Int

    public init(event: UUID, game: Int) {
      self.event = event
      self.game = game
    }
  }

  public init(
    id: UUID = UUID.random(), teamID: UUID, name: String, draft: GameDraft, origin: Origin? = nil,
    updated: Date
  ) {
    self.id = id
    self.teamID = teamID
    self.name = name
    self.draft = draft
    self.origin = origin
    self.updated = updated
  }

  /// The longest a mock draft's name may be.
  public static let maxNameLength = 60
  /// The most mock drafts a team keeps.
  public static let maxPerTeam = 100

  /// A name as typed, checked: 1 to ``maxNameLength`` visible characters.
  /// - Throws: ``ValidationError`` on the `draft` field saying what to change.
  public static func checkedName(_ text: String) throws(ValidationError) -> String {
    let name = text.trimmed()
    guard !name.isEmpty else {
      throw ValidationError(.draft, Message("Name the mock draft (as “G2, blue side”)."))
    }
    guard name.count <= maxNameLength, !PlayerInput.hasInvisibleCharacters(name) else {
      throw ValidationError(
        .draft, Message("Name the mock draft with 1 to %@ visible characters.", maxNameLength))
    }
    return name
  }

  /// The newest first; of one instant, by id: the order a list shows them in.
  public static func newestFirst(_ first: MockDraft, _ second: MockDraft) -> Bool {
    first.updated != second.updated
      ? first.updated > second.updated : first.id.uuidString < second.id.uuidString
  }

  /// The turns whose champion differs between two drafts (an index of ``DraftSlot/order``).
  public static func differences(_ first: GameDraft, _ second: GameDraft) -> Set<Int> {
    Set(DraftSlot.order.indices.filter { first.champions[$0] != second.champions[$0] })
  }
}

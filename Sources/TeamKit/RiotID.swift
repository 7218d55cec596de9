import Foundation

/// A player's name in the game: `gameName#tagLine` (`Caliste#KC1`), as Riot spells it.
public struct RiotID: Hashable, Sendable, CustomStringConvertible {
  public let gameName: String
  public let tagLine: String

  /// Reads `gameName#tagLine` by Riot's rules: a game name of 3 to 16 letters, digits or
  /// spaces, a tag of 3 to 5 letters or digits.
  /// - Throws: ``ValidationError`` on the `riotID` field, saying what to change.
  public init(parsing text: String) throws(ValidationError) {
    let trimmed = text.trimmed()
    let parts = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      throw ValidationError(
        .riotID, Message("Write the Riot ID as name#tag (Caliste#KC1), with its tag."))
    }
    let name = parts[0].trimmed(.whitespaces)
    let tag = parts[1].trimmed(.whitespaces)
    var problems: [Message] = []
    if !(3...16).contains(name.count)
      || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " })
    {
      problems.append(Message("Give the Riot ID a name of 3 to 16 letters, digits or spaces."))
    }
    if !(3...5).contains(tag.count)
      || !tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    {
      problems.append(Message("Give the Riot ID a tag of 3 to 5 letters or digits, after the #."))
    }
    guard problems.isEmpty else {
      throw ValidationError(
        issues: problems.map { .init(field: .riotID, text: $0, isConflict: false) })
    }
    gameName = name
    tagLine = tag
  }

  public var description: String { "\(gameName)#\(tagLine)" }

  /// The form in which Riot IDs are compared: the game ignores case in both parts.
  public var key: String { description.lowercased() }
}

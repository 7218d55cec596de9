import Foundation

/// One change to the roster, as the history keeps it: who, when, and the player before and
/// after.
public struct RosterChange: Identifiable, Hashable, Sendable {
  /// What happened to the player.
  public enum Kind: String, CaseIterable, Sendable {
    case added, edited, removed, restored, moved, imported
  }

  /// Rises with every change; events and history pages resume after one.
  public let id: Int64
  public let at: Date
  /// The account, the token's name, or `local` (the CLI, and the web app on loopback).
  public let author: String
  public let kind: Kind
  /// The player changed; nil for a whole-roster import.
  public let playerID: UUID?
  /// Their pseudo at the time (after the change, or before a removal).
  public let playerName: String
  public let before: Player?
  public let after: Player?

  public init(
    id: Int64, at: Date, author: String, kind: Kind, playerID: UUID?, playerName: String,
    before: Player?, after: Player?
  ) {
    self.id = id
    self.at = at
    self.author = author
    self.kind = kind
    self.playerID = playerID
    self.playerName = playerName
    self.before = before
    self.after = after
  }

  /// One line a person reads, in the current language: `coach edited Canna: role Top → Mid.`
  public var summary: String {
    switch kind {
    case .added: localized("%1$@ added %2$@.", author, playerName)
    case .removed: localized("%1$@ removed %2$@.", author, playerName)
    case .restored: localized("%1$@ restored %2$@.", author, playerName)
    case .moved: localized("%@ changed the roster’s order.", author)
    case .imported:
      // The name of an import is its count ("3 players"), said again in the language shown.
      playerName.prefix { $0.isNumber } == "1"
        ? localized("%@ imported a roster of 1 player.", author)
        : localized(
          "%1$@ imported a roster of %2$@ players.", author, playerName.prefix { $0.isNumber })
    case .edited:
      differences.isEmpty
        ? localized("%1$@ edited %2$@.", author, playerName)
        : localized(
          "%1$@ edited %2$@: %3$@.", author, playerName,
          differences.joined(separator: localized("; ")))
    }
  }

  /// The fields an edit changed, `field old → new`.
  public var differences: [String] {
    guard let before, let after else { return [] }
    var lines: [String] = []
    func compare(_ field: String, _ old: String, _ new: String) {
      if old != new { lines.append("\(field) \(old) → \(new)") }
    }
    compare(localized("pseudo"), before.name, after.name)
    compare(localized("role"), before.position.displayName, after.position.displayName)
    compare(localized("image"), before.image, after.image)
    compare(
      localized("champions"), before.favoriteChampions.map(\.name).joined(separator: ", "),
      after.favoriteChampions.map(\.name).joined(separator: ", "))
    compare(localized("lineup"), before.lineup.displayName, after.lineup.displayName)
    return lines
  }
}

extension RosterChange: JSONWritable {
  /// `{"after","at","author","before","id","kind","player","playerID"}`; `before` and
  /// `after` are players or null.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if let after { $0.member("after", after) } else { $0.nullMember("after") }
      $0.member("at", at.formatted(.iso8601))
      $0.member("author", author)
      if let before { $0.member("before", before) } else { $0.nullMember("before") }
      $0.member("id", Int(id))
      $0.member("kind", kind.rawValue)
      $0.member("player", playerName)
      if let playerID { $0.member("playerID", playerID) } else { $0.nullMember("playerID") }
    }
  }
}

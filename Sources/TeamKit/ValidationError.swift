import Foundation

/// Everything wrong with a player's data, each problem tied to the field it concerns.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The fields of a player that input can get wrong.
  public enum Field: String, Hashable, Sendable, CaseIterable {
    case name, position, image
    /// A photo sent with a form (the web's add and edit forms).
    case photo
    case favoriteChampions, lineup
    case team, riotID, realName, nationality, birthDate, joined, contractEnd
    /// A team's fields (``TeamInput``).
    case teamName, tag, league, parent, timeZone, color
    /// An event's fields (``EventInput``) and a game's.
    case eventType, start, end, opponent, format, place, notes, game
    /// The days a new event repeats on, and the series' last day.
    case repeats, until
    /// An event's draft rule, and a game's draft (``GameDraft``).
    case draftRule, draft
    /// A player's champion pool (``PoolEntry``).
    case pool
    /// A player's availability (``Availability``).
    case weekly, away
    /// What a player says with an answer.
    case comment
    /// The owner's Riot settings: the API key, how many games are kept.
    case riot
    /// A team's Discord settings, or the application's.
    case discord
  }

  /// One problem, as a sentence a user can act on.
  public struct Issue: Hashable, Sendable {
    public let field: Field
    /// The sentence, kept by its key: put in the language of whoever reads it.
    public let text: Message
    /// True when the problem is a clash with another player (a taken pseudo) rather than
    /// malformed input; the API answers 409 Conflict for it.
    public let isConflict: Bool

    public init(field: Field, text: Message, isConflict: Bool) {
      self.field = field
      self.text = text
      self.isConflict = isConflict
    }

    /// A problem already put in words (a server's answer, say).
    public init(field: Field, message: String, isConflict: Bool) {
      self.init(field: field, text: Message(verbatim: message), isConflict: isConflict)
    }
  }

  public private(set) var issues: [Issue]

  /// One problem with one field.
  public init(_ field: Field, _ text: Message, isConflict: Bool = false) {
    issues = [Issue(field: field, text: text, isConflict: isConflict)]
  }

  /// One problem with one field, already put in words.
  public init(_ field: Field, _ message: String, isConflict: Bool = false) {
    issues = [Issue(field: field, message: message, isConflict: isConflict)]
  }

  /// Several problems at once (as a server's problem document lists them).
  public init(issues: [Issue]) { self.issues = issues }

  /// The messages for one field, in the order they were found.
  public func messages(for field: Field) -> [Message] {
    issues.filter { $0.field == field }.map(\.text)
  }

  /// The first message for a field, or nil when the field is fine.
  public func message(for field: Field) -> Message? {
    issues.first { $0.field == field }?.text
  }

  /// True when every problem is a conflict with existing data.
  public var isConflict: Bool { !issues.isEmpty && issues.allSatisfy(\.isConflict) }

  /// Every problem, one after the other.
  public var message: Message { Message(joining: issues.map(\.text)) }

  public var description: String { message.description }
}

/// An error that may carry the problems with a player's input: a store wraps the
/// ``ValidationError`` in its own error, and a form still shows each message by its field.
public protocol ValidationReporting: Error {
  /// The problems with the input, when that is why the change was refused.
  var validation: ValidationError? { get }
}

extension ValidationError {
  /// The problems with a player's input that `error` reports: `error` itself, or the
  /// ``ValidationError`` it carries (``ValidationReporting``); nil when the failure was
  /// something else (the disk, the network).
  public init?(reportedBy error: any Error) {
    if let error = error as? ValidationError {
      self = error
    } else if let validation = (error as? any ValidationReporting)?.validation {
      self = validation
    } else {
      return nil
    }
  }
}

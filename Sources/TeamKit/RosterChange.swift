import Foundation

/// One change to the roster, as the history keeps it: who, when, and the player before and
/// after.
public struct RosterChange: Identifiable, Hashable, Sendable {
  /// What happened to the player.
  public enum Kind: String, CaseIterable, Sendable {
    case added, edited, removed, restored, moved, imported
    /// The player and ``RosterChange/otherPlayer``, of one team, exchanged their statuses and
    /// places (a substitute into the starting five, the starter out).
    case swapped
    /// The player moved to another team (``RosterChange/fromTeam`` → ``RosterChange/toTeam``).
    case transferred
    /// A team was added, changed or removed: ``RosterChange/playerName`` is its name.
    case teamAdded, teamEdited, teamRemoved
    /// The organisation's name changed, from ``RosterChange/fromTeam`` to ``RosterChange/toTeam``.
    case organisationRenamed
    /// An event was planned, changed, cancelled, or its games logged: ``RosterChange/playerName``
    /// is its opponent (empty for none), ``RosterChange/fromTeam`` its kind, ``RosterChange/toTeam``
    /// its start on the team's clock, ``RosterChange/otherPlayer`` the score once logged.
    case eventAdded, eventEdited, eventRemoved, resultLogged
    /// An event came back from "Recently removed", as it was cancelled.
    case eventRestored
    /// A player's weekly hours or days away changed.
    case availabilityChanged
    /// A player's champion pool changed.
    case poolChanged
    /// A player's answer to an invitation was given: ``RosterChange/otherPlayer`` is the
    /// answer, ``RosterChange/fromTeam`` and ``RosterChange/toTeam`` the event's kind and start.
    case answered
    /// A player was invited to an event (by the staff, or as the substitute its verdict
    /// names): ``RosterChange/fromTeam`` and ``RosterChange/toTeam`` are the event's kind and
    /// start.
    case invited
    /// An import was undone: ``RosterChange/playerName`` is its team (or organisation).
    case importUndone
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
  /// For a transfer, the teams' names (as they were then); for a renaming, the names.
  public let fromTeam: String?
  public let toTeam: String?
  /// For a swap, the pseudo of the other player.
  public let otherPlayer: String?

  public init(
    id: Int64, at: Date, author: String, kind: Kind, playerID: UUID?, playerName: String,
    before: Player?, after: Player?, fromTeam: String? = nil, toTeam: String? = nil,
    otherPlayer: String? = nil
  ) {
    self.otherPlayer = otherPlayer
    self.fromTeam = fromTeam
    self.toTeam = toTeam
    self.id = id
    self.at = at
    self.author = author
    self.kind = kind
    self.playerID = playerID
    self.playerName = playerName
    self.before = before
    self.after = after
  }

  /// What `kcorp` records as the author of a command run as `user` on the database's own
  /// machine (account names cannot hold the `:`).
  public static func commandLineAuthor(user: String) -> String { "cli:" + user }

  /// An author as people read it, in `language`: an account's or a token's name
  /// as it is, `NAME at the command line` for ``commandLineAuthor(user:)``, and
  /// `Someone on this machine` for a change made without an account (an open server on
  /// loopback, the app's own roster, or the command line before it said who).
  public static func name(ofAuthor author: String, in language: Language) -> String {
    if author == "local" { return language.localized("Someone on this machine") }
    if author.hasPrefix("cli:") {
      let user = author.dropFirst("cli:".count)
      return user.isEmpty
        ? language.localized("Someone at the command line")
        : language.localized("%@ at the command line", String(user))
    }
    return author
  }

  /// ``name(ofAuthor:in:)`` of this change's author.
  public func authorName(in language: Language) -> String {
    Self.name(ofAuthor: author, in: language)
  }

  /// One line a person reads, in `language`: `coach edited Canna: role Top → Mid.`
  public func summary(in language: Language) -> String {
    let author = authorName(in: language)
    let title = eventTitle(in: language)
    return switch kind {
    case .added: language.localized("%1$@ added %2$@.", author, playerName)
    case .removed: language.localized("%1$@ removed %2$@.", author, playerName)
    case .restored: language.localized("%1$@ restored %2$@.", author, playerName)
    case .moved: language.localized("%@ changed the roster’s order.", author)
    case .swapped:
      language.localized(
        "%1$@ swapped %2$@ (now %3$@) with %4$@ (now %5$@).", author, playerName,
        after?.lineup.displayName(in: language) ?? "?", otherPlayer ?? "?",
        before?.lineup.displayName(in: language) ?? "?")
    case .transferred:
      language.localized(
        "%1$@ moved %2$@ from %3$@ to %4$@.", author, playerName, fromTeam ?? "?", toTeam ?? "?")
    case .teamAdded: language.localized("%1$@ added the team %2$@.", author, playerName)
    case .teamEdited: language.localized("%1$@ changed the team %2$@.", author, playerName)
    case .teamRemoved: language.localized("%1$@ removed the team %2$@.", author, playerName)
    case .organisationRenamed:
      language.localized(
        "%1$@ renamed the organisation from %2$@ to %3$@.", author, fromTeam ?? "?", toTeam ?? "?")
    case .imported where fromTeam != nil:
      language.localized(
        "%1$@ imported into %2$@: %3$@ added, %4$@ changed, %5$@ removed.", author, playerName,
        importCounts[0], importCounts[1], importCounts[2])
    case .importUndone: language.localized("%1$@ undid the import into %2$@.", author, playerName)
    case .imported:
      // The name of an import is its count ("3 players"), said again in the language shown.
      playerName.prefix { $0.isNumber } == "1"
        ? language.localized("%@ imported a roster of 1 player.", author)
        : language.localized(
          "%1$@ imported a roster of %2$@ players.", author, playerName.prefix { $0.isNumber })
    case .eventAdded, .eventEdited, .eventRemoved, .eventRestored, .resultLogged, .invited,
      .answered:
      eventSummary(author: author, title: title, in: language)
    case .availabilityChanged:
      language.localized("%1$@ changed when %2$@ can play.", author, playerName)
    case .poolChanged: language.localized("%1$@ changed %2$@'s champion pool.", author, playerName)
    case .edited:
      differences(in: language).isEmpty
        ? language.localized("%1$@ edited %2$@.", author, playerName)
        : language.localized(
          "%1$@ edited %2$@: %3$@.", author, playerName,
          differences(in: language).joined(separator: language.localized("; ")))
    }
  }
  /// The line of a change to an event: planned, changed, cancelled, logged, an invitation
  /// or an answer.
  private func eventSummary(author: String, title: String, in language: Language) -> String {
    switch kind {
    case .eventAdded: language.localized("%1$@ planned %2$@ on %3$@.", author, title, toTeam ?? "?")
    case .eventEdited:
      language.localized("%1$@ changed %2$@ on %3$@.", author, title, toTeam ?? "?")
    case .eventRemoved:
      language.localized("%1$@ cancelled %2$@ on %3$@.", author, title, toTeam ?? "?")
    case .eventRestored:
      language.localized("%1$@ restored %2$@ on %3$@.", author, title, toTeam ?? "?")
    case .resultLogged:
      language.localized(
        "%1$@ logged %2$@ on %3$@: %4$@.", author, title, toTeam ?? "?", otherPlayer ?? "?")
    case .invited:
      language.localized(
        "%1$@ invited %2$@ to %3$@ on %4$@.", author, playerName, title, toTeam ?? "?")
    case .answered:
      language.localized(
        "%1$@ answered %2$@ for %3$@ to %4$@ on %5$@.", author,
        (otherPlayer.flatMap(TeamEvent.Answer.init(rawValue:))?.displayName(in: language) ?? "?")
          .lowercased(),
        playerName, title, toTeam ?? "?")
    default: ""
    }
  }

  /// An import's counts (added, changed, removed), kept as `2/3/1`.
  private var importCounts: [String] {
    (fromTeam ?? "").split(separator: "/").map(String.init) + ["?", "?", "?"]
  }

  /// An event's title from what the history keeps of it, in `language`.
  private func eventTitle(in language: Language) -> String {
    let name = fromTeam.flatMap(TeamEvent.Kind.init(rawValue:))?.displayName(in: language) ?? "?"
    // An answer or invitation keeps the player's name where the others keep the opponent.
    let opponent = kind == .answered || kind == .invited ? "" : playerName
    return opponent.isEmpty ? name : language.localized("%1$@ vs %2$@", name, opponent)
  }

  /// The fields an edit changed, `field old → new`.
  public func differences(in language: Language) -> [String] {
    guard let before, let after else { return [] }
    var lines: [String] = []
    func compare(_ field: String, _ old: String, _ new: String) {
      if old != new { lines.append("\(field) \(old) → \(new)") }
    }
    compare(language.localized("pseudo"), before.name, after.name)
    compare(language.localized("role"), before.position.displayName, after.position.displayName)
    compare(language.localized("image"), before.image, after.image)
    compare(
      language.localized("champions"), before.favoriteChampions.map(\.name).joined(separator: ", "),
      after.favoriteChampions.map(\.name).joined(separator: ", "))
    compare(
      language.localized("status"), before.lineup.displayName(in: language),
      after.lineup.displayName(in: language))
    func optional(_ field: String, _ old: String?, _ new: String?) {
      compare(field, old ?? "—", new ?? "—")
    }
    optional(language.localized("Riot ID"), before.riotID?.description, after.riotID?.description)
    optional(language.localized("real name"), before.realName, after.realName)
    optional(
      language.localized("nationality"),
      before.nationality.map { Player.countryName($0, in: language) },
      after.nationality.map { Player.countryName($0, in: language) })
    optional(
      language.localized("birth date"), before.birthDate?.formatted(in: language),
      after.birthDate?.formatted(in: language))
    optional(
      language.localized("joined"), before.joined?.formatted(in: language),
      after.joined?.formatted(in: language))
    optional(
      language.localized("contract end"), before.contractEnd?.formatted(in: language),
      after.contractEnd?.formatted(in: language))
    return lines
  }
}

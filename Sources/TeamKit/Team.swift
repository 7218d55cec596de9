import Foundation

/// One of the organisation's rosters: Karmine Corp in the LEC, KC Blue in the LFL, Blue Stars
/// in the LFL's second division. Each has its own order of players and starting five.
public struct Team: Identifiable, Hashable, Sendable {
  public let id: UUID
  public var name: String
  /// The short tag the scene writes (`KC`, `KCB`), unique in the organisation.
  public var tag: String
  /// The league it plays in (`LEC`, `LFL`), when given.
  public var league: String?
  /// The team it is the academy of, when it is one.
  public var parentID: UUID?
  /// The time zone its week is planned in (an IANA name): weekly hours are its wall clock.
  public var timeZone: String
  /// Its colour on the pages: its cards' stripe, its title bar, the dot before its name.
  public var color: TeamColor

  public init(
    id: UUID = UUID.random(), name: String, tag: String, league: String? = nil,
    parentID: UUID? = nil,
    timeZone: String = Team.defaultTimeZone, color: TeamColor = .blue
  ) {
    self.id = id
    self.name = name
    self.tag = tag
    self.league = league
    self.parentID = parentID
    self.timeZone = timeZone
    self.color = color
  }

  /// A new team's zone: the French scene's.
  public static let defaultTimeZone = "Europe/Paris"

  /// ``timeZone`` as Foundation's (ICU's data); Paris if the name is no longer known.
  public var zone: TimeZone {
    TimeZone(identifier: timeZone) ?? TimeZone(identifier: Self.defaultTimeZone) ?? .gmt
  }

  /// The team a new database starts with, holding the brief's three players.
  public static let first = Team(
    id: UUID(uuid: (0xC0, 0x4B, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0x7E, 0x01)),
    name: "KCorp", tag: "KC")

  /// The most characters of a team’s name and league, and a tag's.
  public static let maxNameLength = 40
  public static let maxLeagueLength = 16
  public static let tagLengths = 2...5

  /// The form in which tags are compared.
  public static func tagKey(_ tag: String) -> String {
    tag.trimmed(.whitespaces).uppercased()
  }

  /// The team with this tag (any case) or id.
  public static func find(_ tagOrID: String, in teams: [Team]) -> Team? {
    if let id = UUID(text: tagOrID) { return teams.first { $0.id == id } }
    let key = tagKey(tagOrID)
    return teams.first { tagKey($0.tag) == key }
  }
}

/// A team as a user typed it: all text, checked by ``validated(id:among:)``.
public struct TeamInput: Hashable, Sendable {
  public var name: String
  public var tag: String
  /// Empty for none.
  public var league: String
  /// The parent team's tag or id; empty for none.
  public var parent: String
  /// An IANA time zone (`Europe/Paris`); empty keeps the team's, or gives a new team Paris.
  public var timeZone: String
  /// A ``TeamColor`` by name (`gold`, `or`); empty keeps the team's, or gives a new team blue.
  public var color: String

  public init(
    name: String, tag: String, league: String = "", parent: String = "", timeZone: String = "",
    color: String = ""
  ) {
    self.name = name
    self.tag = tag
    self.league = league
    self.parent = parent
    self.timeZone = timeZone
    self.color = color
  }

  /// The team `text` names as the parent of team `id`, or why it cannot be: none named, or
  /// one that is this team's own academy (no loop of parents). Decided by the organisation's
  /// teams, as taken tags are: a conflict (409).
  private static func parent(_ text: String, of id: UUID, among teams: [Team]) -> (
    UUID?, ValidationError.Issue?
  ) {
    let parent = text.trimmed()
    guard !parent.isEmpty else { return (nil, nil) }
    guard let found = Team.find(parent, in: teams), found.id != id else {
      return (
        nil,
        .init(
          field: .parent, text: Message("No other team has the tag “%@”.", parent),
          isConflict: true)
      )
    }
    var ancestor = found.parentID
    while let current = ancestor {
      if current == id {
        return (
          nil,
          .init(
            field: .parent,
            text: Message("%@ is this team’s own academy; choose another parent.", found.name),
            isConflict: true)
        )
      }
      ancestor = teams.first { $0.id == current }?.parentID
    }
    return (found.id, nil)
  }

  /// The team to store, checked against the organisation's `teams` (tags unique, the
  /// parent one of them and never the team itself or its own academy).
  /// - Throws: ``ValidationError`` listing every problem.
  public func validated(id: UUID = UUID.random(), among teams: [Team]) throws(ValidationError)
    -> Team
  {
    var issues: [ValidationError.Issue] = []
    func fail(_ field: ValidationError.Field, _ text: Message, conflict: Bool = false) {
      issues.append(.init(field: field, text: text, isConflict: conflict))
    }
    let name = self.name.trimmed()
    if name.isEmpty {
      fail(.teamName, Message("Enter the team’s name."))
    } else if name.count > Team.maxNameLength || PlayerInput.hasInvisibleCharacters(name) {
      fail(
        .teamName,
        Message("Shorten the team’s name to %@ visible characters or fewer.", Team.maxNameLength))
    }
    let tag = Team.tagKey(self.tag)
    if !Team.tagLengths.contains(tag.count)
      || !tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    {
      fail(.tag, Message("Give the team a tag of 2 to 5 letters or digits (KC, KCB)."))
    } else if let other = teams.first(where: { Team.tagKey($0.tag) == tag && $0.id != id }) {
      fail(
        .tag, Message("“%1$@” is %2$@’s tag already; choose another.", tag, other.name),
        conflict: true)
    }
    let league = self.league.trimmed()
    if league.count > Team.maxLeagueLength || PlayerInput.hasInvisibleCharacters(league) {
      fail(.league, Message("Shorten the league to %@ characters or fewer.", Team.maxLeagueLength))
    }
    let (parentID, parentIssue) = Self.parent(self.parent, of: id, among: teams)
    if let parentIssue { issues.append(parentIssue) }
    var zone = self.timeZone.trimmed(.whitespaces)
    if zone.isEmpty {
      zone = teams.first { $0.id == id }?.timeZone ?? Team.defaultTimeZone
    } else if let known = TimeZone(identifier: zone), zone.contains("/") || zone == "UTC" {
      zone = known.identifier
    } else {
      fail(
        .timeZone,
        Message("“%@” is not a time zone; give one as Europe/Paris or America/New_York.", zone))
    }
    var color = teams.first { $0.id == id }?.color ?? .blue
    if !self.color.trimmed(.whitespaces).isEmpty {
      if let chosen = TeamColor(parsing: self.color) {
        color = chosen
      } else {
        fail(
          .color,
          Message(
            "“%1$@” is not one of the teams’ colours; choose %2$@.", self.color,
            TeamColor.allCases.map(\.rawValue).joined(separator: ", ")))
      }
    }
    guard issues.isEmpty else { throw ValidationError(issues: issues) }
    return Team(
      id: id, name: name, tag: tag, league: league.isEmpty ? nil : league, parentID: parentID,
      timeZone: zone, color: color)
  }
}

/// A time a player spent on a team, closed when they moved on.
public struct Tenure: Hashable, Sendable {
  public let teamID: UUID
  /// The team’s name and tag then.
  public let teamName: String
  public let teamTag: String
  public let position: Position
  /// Nil when the day they joined is unknown (before the store kept it).
  public let from: Day?
  public let to: Day

  public init(
    teamID: UUID, teamName: String, teamTag: String, position: Position, from: Day?, to: Day
  ) {
    self.teamID = teamID
    self.teamName = teamName
    self.teamTag = teamTag
    self.position = position
    self.from = from
    self.to = to
  }
}

/// The organisation as one reader sees it: its name, the teams (the first first) and their
/// players, each team's in its order.
public struct Organisation: Hashable, Sendable, Decodable {
  public var name: String
  public var teams: [Team]
  public var players: [Player]

  public init(name: String, teams: [Team], players: [Player]) {
    self.name = name
    self.teams = teams
    self.players = players
  }

  /// The players of one team, in its order.
  public func players(in team: UUID) -> [Player] { players.filter { $0.teamID == team } }
}

extension Team: Decodable {
  private enum CodingKeys: String, CodingKey {
    case id, name, tag, league, parentID, timeZone, color
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      tag: try container.decode(String.self, forKey: .tag),
      league: try container.decodeIfPresent(String.self, forKey: .league),
      parentID: try container.decodeIfPresent(UUID.self, forKey: .parentID),
      timeZone: try container.decodeIfPresent(String.self, forKey: .timeZone)
        ?? Team.defaultTimeZone,
      color: try container.decodeIfPresent(String.self, forKey: .color)
        .flatMap(TeamColor.init(rawValue:)) ?? .blue)
  }
}

extension Tenure: Decodable {
  private enum CodingKeys: String, CodingKey { case teamID, teamName, team, position, from, to }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let to = Day(try container.decode(String.self, forKey: .to)) else {
      throw DecodingError.dataCorruptedError(
        forKey: .to, in: container, debugDescription: "not a date")
    }
    self.init(
      teamID: try container.decode(UUID.self, forKey: .teamID),
      teamName: try container.decode(String.self, forKey: .teamName),
      teamTag: try container.decode(String.self, forKey: .team),
      position: try container.decode(Position.self, forKey: .position),
      from: try container.decodeIfPresent(String.self, forKey: .from).flatMap { Day($0) }, to: to)
  }
}

extension TeamInput: Decodable {
  private enum CodingKeys: String, CodingKey { case name, tag, league, parent, timeZone, color }

  /// Reads `{"name","tag","league"?,"parent"?,"timeZone"?,"color"?}`; `null` is empty (no
  /// league, no parent, the zone and colour kept).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func text(_ key: CodingKeys) throws -> String {
      try container.decodeIfPresent(String.self, forKey: key) ?? ""
    }
    self.init(
      name: try text(.name), tag: try text(.tag), league: try text(.league),
      parent: try text(.parent), timeZone: try text(.timeZone), color: try text(.color))
  }

  /// The input that gives back `team`, in `teams` (its parent by tag).
  public init(team: Team, in teams: [Team]) {
    self.init(
      name: team.name, tag: team.tag, league: team.league ?? "",
      parent: team.parentID.flatMap { id in teams.first { $0.id == id }?.tag } ?? "",
      timeZone: team.timeZone, color: team.color.rawValue)
  }
}

/// Contracts that end soon: staff are told before a player's contract expires.
public enum Contracts {
  /// Contracts ending within this many days are highlighted.
  public static let warningDays = 90

  /// The players whose contract ends from `today` to `days` later, the soonest first.
  public static func ending(in players: [Player], within days: Int, today: Day) -> [Player] {
    players.compactMap { player in player.contractEnd.map { (player, $0) } }
      .filter { (0...days).contains(today.days(until: $0.1)) }
      .sorted { ($0.1, $0.0.name) < ($1.1, $1.0.name) }
      .map(\.0)
  }

  /// Whether a contract ends within ``warningDays`` of `today` (or has ended).
  public static func endsSoon(_ player: Player, today: Day) -> Bool {
    guard let end = player.contractEnd else { return false }
    return today.days(until: end) <= warningDays
  }
}

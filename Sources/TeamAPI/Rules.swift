import Foundation
import TeamKit

/// The validation rules (``PlayerInput/validated(in:id:)``, ``Team``'s) as JSON Schema
/// keywords, added to the fields they govern with ``Schema/with(_:)``: what the schema
/// allows the server accepts. They may be stricter than the rules (a pseudo's length counts
/// code points, not characters), never looser.
extension Schema {
  /// A pseudo: something besides spaces, no invisible character.
  static var pseudo: Schema {
    .string(
      pattern: "^(?=.*\\S)[^\(Rules.invisibleRanges)]*$", minLength: 1,
      maxLength: PlayerInput.maxNameLength
    ).without("type")
  }

  /// The five positions as an enum of their own, as client generators expect; the aliases
  /// (any case, spaces ignored) through a pattern beside it.
  static var positionRule: Schema {
    .anyOf([.ref(.position), .string(pattern: Rules.aliasPattern)])
  }

  static var imageName: Schema {
    .string(pattern: "^$|^[a-z0-9_-][a-z0-9_.-]{0,\(PlayerInput.maxImageLength - 1)}$")
      .without("type")
  }

  /// This build's champions: a store whose sync brought newer ones accepts them too.
  static var championIDs: Schema {
    Schema([
      "items": [
        "type": "string",
        "enum": .array(ChampionCatalog.builtIn.champions.map { .string($0.id) }),
      ],
      "maxItems": .int(ChampionCatalog.builtIn.count),
    ])
  }

  static var lineupStatus: Schema {
    .string(enum: Lineup.allCases.map(\.rawValue)).without("type")
  }

  /// Riot's rules (``RiotID``): 3 to 16 letters, digits or spaces, `#`, a tag of 3 to 5.
  static var riotID: Schema {
    .string(
      pattern: "^$|^[ \t]*[^\\W_](?:[^\\W_]| ){1,14}[^\\W_][ \t]*#[ \t]*[A-Za-z0-9]{3,5}[ \t]*$"
    ).without("type")
  }

  static var realName: Schema {
    .string(
      pattern: "^[^\(Rules.invisibleRanges)]*$", maxLength: PlayerInput.maxRealNameLength
    ).without("type")
  }

  /// An ISO 3166 code, in any case, blanks around it allowed.
  static var nationality: Schema {
    .string(pattern: Rules.nationalityPattern).without("type")
  }

  /// A birth date: from 1900 to last year (always before today).
  static var birthDate: Schema { .anyOfDay(years: Rules.birthYears) }
  /// Any day.
  static var day: Schema { .anyOfDay(years: nil) }

  /// An empty string or a date that exists, `YYYY-MM-DD`; its year matching `years`.
  private static func anyOfDay(years: String?) -> Schema {
    .anyOf([
      .string(maxLength: 0), .string(format: "date", pattern: years.map { "^" + $0 + "-" }),
    ])
  }

  /// A team's (and the organisation's) name.
  static var teamName: Schema {
    .string(
      pattern: "^(?=.*\\S)[^\(Rules.invisibleRanges)]*$", minLength: 1,
      maxLength: Team.maxNameLength
    ).without("type")
  }

  static var teamTag: Schema { .string(pattern: "^[ \t]*[A-Za-z0-9]{2,5}[ \t]*$").without("type") }

  static var league: Schema {
    .string(pattern: "^[^\(Rules.invisibleRanges)]*$", maxLength: Team.maxLeagueLength)
      .without("type")
  }

  static var parentTeam: Schema { .string(maxLength: 36).without("type") }

  /// The schema without one of its keywords.
  private func without(_ keyword: String) -> Schema {
    var schema = self
    schema.json[keyword] = nil
    return schema
  }
}

/// Patterns worked out from TeamKit's rules.
enum Rules {
  /// An ISO 3166 code, in any case, blanks around it allowed.
  static var nationalityPattern: String {
    "^[ \t]*(?:"
      + Locale.Region.isoRegions.map(\.identifier).filter {
        $0.count == 2 && $0.allSatisfy(\.isLetter)
      }.sorted().map { code in code.map { "[\($0)\($0.lowercased())]" }.joined() }
      .joined(separator: "|") + ")?[ \t]*$"
  }

  /// The years 1900 to last year, as a regular expression (2025: `19dd`, `200d`, `201d`, `202[0-5]`).
  static var birthYears: String {
    let last = Day(SystemClock.now()).year - 1
    let tens = last % 100 / 10
    var choices = ["19\\d\\d"]
    if tens > 0 { choices.append("20[0-\(tens - 1)]\\d") }
    choices.append("20\(tens)[0-\(last % 10)]")
    return "(?:" + choices.joined(separator: "|") + ")"
  }

  /// The spellings ``Position/init(parsing:)`` accepts besides the positions' own names:
  /// each letter in either case, white space anywhere.
  static var aliasPattern: String {
    let spellings = Set(Position.spellings.map { $0.lowercased() })
      .subtracting(Position.allCases.map(\.rawValue))
    let alternatives = spellings.sorted().map { spelling in
      spelling.map { character in
        character.isLetter ? "[\(character)\(character.uppercased())]" : "\\\(character)"
      }.joined(separator: "\\s*")
    }
    return "^\\s*(?:" + alternatives.joined(separator: "|") + ")\\s*$"
  }

  /// The characters ``PlayerInput/isInvisible(_:)`` refuses (the control and format
  /// characters, the line and paragraph separators), as ranges of code points: written out,
  /// since finding them means asking the category of all 1.1 million code points (tens of
  /// milliseconds at every start, where the routes are mounted). `ContractTests` holds that
  /// they are exactly the ones `isInvisible` refuses.
  static let invisibleScalars: [ClosedRange<UInt32>] = [
    0x0...0x1F, 0x7F...0x9F, 0xAD...0xAD, 0x600...0x605, 0x61C...0x61C, 0x6DD...0x6DD,
    0x70F...0x70F, 0x890...0x891, 0x8E2...0x8E2, 0x180E...0x180E, 0x200B...0x200F,
    0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF...0xFEFF, 0xFFF9...0xFFFB,
    0x110BD...0x110BD, 0x110CD...0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3,
    0x1D173...0x1D17A, 0xE0001...0xE0001, 0xE0020...0xE007F,
  ]

  /// ``invisibleScalars`` as the ranges of a regular expression's class (the characters
  /// themselves: every engine reads them alike).
  static let invisibleRanges: String = {
    var text = ""
    for range in invisibleScalars {
      guard let low = Unicode.Scalar(range.lowerBound), let high = Unicode.Scalar(range.upperBound)
      else { continue }
      text.unicodeScalars.append(low)
      if high != low {
        text += "-"
        text.unicodeScalars.append(high)
      }
    }
    return text
  }()
}

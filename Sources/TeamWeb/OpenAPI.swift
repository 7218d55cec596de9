import Foundation
import TeamKit
import WebBase

/// The OpenAPI document: `Static/openapi.json`, with the players' input constraints filled
/// in from TeamKit's validation rules, so that what the schema allows the server accepts.
/// Read and written by the one codec (``JSONValue``).
enum OpenAPI {
  static let document: [UInt8] = {
    guard var root = try? TeamJSON.decode(JSONValue.self, from: Data(PackageResources.openapi_json))
    else { return PackageResources.openapi_json }
    for name in ["PlayerInput", "PlayerEdit"] {
      for (field, constraints) in inputConstraints {
        root["components"]?["schemas"]?[name]?["properties"]?[field]?.merge(constraints)
      }
      // The decoder reads null as absent (or, in an edit, as the default picture and no
      // champions): the schema allows it.
      for field in nullable[name] ?? [] {
        root["components"]?["schemas"]?[name]?["properties"]?[field]?.allowNull()
      }
    }
    let teamName: [String: JSONValue] = [
      "minLength": 1, "maxLength": .int(Team.maxNameLength),
      "pattern": "^(?=.*\\S)[^\(invisibleRanges)]*$",
    ]
    let teamConstraints: [String: [String: JSONValue]] = [
      "name": teamName,
      "tag": ["pattern": "^[ \t]*[A-Za-z0-9]{2,5}[ \t]*$"],
      "league": ["maxLength": .int(Team.maxLeagueLength), "pattern": "^[^\(invisibleRanges)]*$"],
      "parent": ["maxLength": 36],
    ]
    for name in ["TeamInput", "TeamPatch"] {
      for (field, constraints) in teamConstraints {
        root["components"]?["schemas"]?[name]?["properties"]?[field]?.merge(constraints)
        // In a patch, null is absent.
        if name == "TeamPatch" {
          root["components"]?["schemas"]?[name]?["properties"]?[field]?.allowNull()
        }
      }
    }
    // A draft's role is a position, spelled as a player's may be.
    root["components"]?["schemas"]?["GameDraft"]?["properties"]?["turns"]?["items"]?["oneOf"]?
      .transform { choice in
        if choice["properties"]?["role"] != nil {
          choice["properties"]?["role"] = inputConstraints["position"].map(JSONValue.object)
        }
      }
    // The organisation's name follows a team's rules; a team named in a query is a tag or id.
    root["paths"]?["/api/organisation"]?["patch"]?["requestBody"]?["content"]?.transform {
      content in
      content["schema"] = [
        "type": "object", "required": ["name"],
        "properties": ["name": .object(teamName.merging(["type": "string"]) { $1 })],
      ]
    }
    root["paths"]?.transform { operations in
      operations.transform { operation in
        operation["parameters"]?.transform { parameter in
          if parameter["name"] == "team" {
            parameter["schema"] = ["type": "string", "pattern": "^[A-Za-z0-9-]{0,36}$"]
          }
        }
      }
    }
    return Array(TeamJSON.encode(root, pretty: true))
  }()

  /// The members that may be null, by schema.
  static let nullable = [
    "PlayerInput": ["image", "favoriteChampions", "lineup", "birthDate", "joined", "contractEnd"],
    "PlayerEdit": [
      "name", "position", "image", "favoriteChampions", "lineup", "riotID", "realName",
      "nationality", "birthDate", "joined", "contractEnd",
    ],
  ]

  /// The rules of ``PlayerInput/validated(in:id:)`` as JSON Schema keywords. They may be
  /// stricter than the rules (a pseudo's length counts code points, not characters), never
  /// looser.
  static let inputConstraints: [String: [String: JSONValue]] = {
    let lastImage = PlayerInput.maxImageLength - 1
    return [
      "name": [
        "minLength": 1, "maxLength": .int(PlayerInput.maxNameLength),
        // Something besides spaces, and no invisible character.
        "pattern": "^(?=.*\\S)[^\(invisibleRanges)]*$",
      ],
      // The five positions as an enum of their own, as client generators expect; the
      // aliases (any case, spaces ignored) through a pattern beside it.
      "position": [
        "anyOf": [
          ["$ref": "#/components/schemas/Position"],
          ["type": "string", "pattern": .string(aliasPattern)],
        ]
      ],
      "image": ["pattern": "^$|^[a-z0-9_-][a-z0-9_.-]{0,\(lastImage)}$"],
      // This build's champions: a store whose sync brought newer ones accepts them too.
      "favoriteChampions": [
        "items": [
          "type": "string",
          "enum": .array(ChampionCatalog.builtIn.champions.map { .string($0.id) }),
        ],
        "maxItems": .int(ChampionCatalog.builtIn.count),
      ],
      "lineup": ["enum": .array(Lineup.allCases.map { .string($0.rawValue) })],
      // Riot's rules (``RiotID``): 3 to 16 letters, digits or spaces, `#`, a tag of 3 to 5.
      "riotID": [
        "pattern": "^$|^[ \t]*[^\\W_](?:[^\\W_]| ){1,14}[^\\W_][ \t]*#[ \t]*[A-Za-z0-9]{3,5}[ \t]*$"
      ],
      "realName": [
        "maxLength": .int(PlayerInput.maxRealNameLength), "pattern": "^[^\(invisibleRanges)]*$",
      ],
      // An ISO 3166 code, in any case.
      "nationality": ["pattern": .string(nationalityPattern)],
      // A birth date from 1900 to last year (always before today); the others any day.
      "birthDate": date(years: birthYears),
      "joined": date(years: nil),
      "contractEnd": date(years: nil),
    ]
  }()

  /// An ISO 3166 code, in any case, blanks around it allowed.
  static var nationalityPattern: String {
    "^[ \t]*(?:"
      + Locale.Region.isoRegions.map(\.identifier).filter {
        $0.count == 2 && $0.allSatisfy(\.isLetter)
      }.sorted().map { code in code.map { "[\($0)\($0.lowercased())]" }.joined() }
      .joined(separator: "|") + ")?[ \t]*$"
  }

  /// An empty string or a date that exists, `YYYY-MM-DD`; its year matching `years`.
  static func date(years: String?) -> [String: JSONValue] {
    var day: [String: JSONValue] = ["type": "string", "format": "date"]
    if let years { day["pattern"] = .string("^" + years + "-") }
    return ["anyOf": [["type": "string", "maxLength": 0], .object(day)]]
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

  /// The characters ``PlayerInput/isInvisible(_:)`` refuses, as the ranges of a regular
  /// expression's class (the characters themselves: every engine reads them alike).
  static let invisibleRanges: String = {
    var ranges: [ClosedRange<UInt32>] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), PlayerInput.isInvisible(scalar) else { continue }
      if let last = ranges.last, last.upperBound + 1 == value {
        ranges[ranges.count - 1] = last.lowerBound...value
      } else {
        ranges.append(value...value)
      }
    }
    var text = ""
    for range in ranges {
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

extension JSONValue {
  /// A schema that also allows null: its type, enum or choices widened.
  fileprivate mutating func allowNull() {
    if let type = self["type"]?.string { self["type"] = [.string(type), "null"] }
    if case .array(let values)? = self["enum"] { self["enum"] = .array(values + [.null]) }
    if case .array(let choices)? = self["anyOf"] {
      self["anyOf"] = .array(choices + [["type": "null"]])
    }
  }
}

import Foundation
import TeamKit

/// The OpenAPI document: `Static/openapi.json`, with the players' input constraints filled
/// in from TeamKit's validation rules, so that what the schema allows the server accepts.
enum OpenAPI {
  static let document: [UInt8] = {
    guard
      var root = try? JSONSerialization.jsonObject(with: Data(PackageResources.openapi_json))
        as? [String: Any],
      var components = root["components"] as? [String: Any],
      var schemas = components["schemas"] as? [String: Any]
    else { return PackageResources.openapi_json }
    for name in ["PlayerInput", "PlayerEdit"] {
      guard var schema = schemas[name] as? [String: Any],
        var properties = schema["properties"] as? [String: [String: Any]]
      else { continue }
      for (field, constraints) in inputConstraints {
        properties[field]?.merge(constraints) { $1 }
      }
      // The decoder reads null as absent (or, in an edit, as the default picture and no
      // champions): the schema allows it.
      for field in nullable[name] ?? [] {
        guard var property = properties[field] else { continue }
        if let type = property["type"] as? String { property["type"] = [type, "null"] }
        if let values = property["enum"] as? [Any] { property["enum"] = values + [NSNull()] }
        if let choices = property["anyOf"] as? [Any] {
          property["anyOf"] = choices + [["type": "null"]]
        }
        properties[field] = property
      }
      schema["properties"] = properties
      schemas[name] = schema
    }
    let visible = "^[^\(invisibleRanges)]*$"
    let teamName: [String: Any] = [
      "minLength": 1, "maxLength": Team.maxNameLength,
      "pattern": "^(?=.*\\S)[^\(invisibleRanges)]*$",
    ]
    let teamConstraints: [String: [String: Any]] = [
      "name": teamName,
      "tag": ["pattern": "^[ \t]*[A-Za-z0-9]{2,5}[ \t]*$"],
      "league": ["maxLength": Team.maxLeagueLength, "pattern": visible],
      "parent": ["maxLength": 36],
    ]
    for name in ["TeamInput", "TeamPatch"] {
      guard var schema = schemas[name] as? [String: Any],
        var properties = schema["properties"] as? [String: [String: Any]]
      else { continue }
      for (field, constraints) in teamConstraints {
        properties[field]?.merge(constraints) { $1 }
        // In a patch, null is absent.
        if name == "TeamPatch", let type = properties[field]?["type"] as? String {
          properties[field]?["type"] = [type, "null"]
        }
      }
      schema["properties"] = properties
      schemas[name] = schema
    }
    components["schemas"] = schemas
    root["components"] = components
    // The organisation's name follows a team's rules; a team named in a query is a tag or id.
    if var paths = root["paths"] as? [String: [String: Any]] {
      if var patch = paths["/api/organisation"]?["patch"] as? [String: Any],
        var body = patch["requestBody"] as? [String: Any],
        var content = body["content"] as? [String: [String: Any]]
      {
        for type in content.keys {
          content[type]?["schema"] = [
            "type": "object", "required": ["name"],
            "properties": ["name": ["type": "string"].merging(teamName) { $1 }],
          ]
        }
        body["content"] = content
        patch["requestBody"] = body
        paths["/api/organisation"]?["patch"] = patch
      }
      for (path, operations) in paths {
        for (method, value) in operations {
          guard var operation = value as? [String: Any],
            var parameters = operation["parameters"] as? [[String: Any]]
          else { continue }
          for index in parameters.indices where parameters[index]["name"] as? String == "team" {
            parameters[index]["schema"] = ["type": "string", "pattern": "^[A-Za-z0-9-]{0,36}$"]
          }
          operation["parameters"] = parameters
          paths[path]?[method] = operation
        }
      }
      root["paths"] = paths
    }
    let data = try? JSONSerialization.data(
      withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return data.map(Array.init) ?? PackageResources.openapi_json
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
  static var inputConstraints: [String: [String: Any]] {
    let lastImage = PlayerInput.maxImageLength - 1
    return [
      "name": [
        "minLength": 1, "maxLength": PlayerInput.maxNameLength,
        // Something besides spaces, and no invisible character.
        "pattern": "^(?=.*\\S)[^\(invisibleRanges)]*$",
      ],
      // The five positions as an enum of their own, as client generators expect; the
      // aliases (any case, spaces ignored) through a pattern beside it.
      "position": [
        "anyOf": [
          ["$ref": "#/components/schemas/Position"], ["type": "string", "pattern": aliasPattern],
        ]
      ],
      "image": ["pattern": "^$|^[a-z0-9_-][a-z0-9_.-]{0,\(lastImage)}$"],
      "favoriteChampions": [
        "items": ["type": "string", "enum": Champion.catalog.map(\.id)],
        "maxItems": Champion.catalog.count,
      ],
      "lineup": ["enum": Lineup.allCases.map(\.rawValue)],
      // Riot's rules (``RiotID``): 3 to 16 letters, digits or spaces, `#`, a tag of 3 to 5.
      "riotID": [
        "pattern": "^$|^[ \t]*[^\\W_](?:[^\\W_]| ){1,14}[^\\W_][ \t]*#[ \t]*[A-Za-z0-9]{3,5}[ \t]*$"
      ],
      "realName": [
        "maxLength": PlayerInput.maxRealNameLength, "pattern": "^[^\(invisibleRanges)]*$",
      ],
      // An ISO 3166 code, in any case.
      "nationality": [
        "pattern": "^[ \t]*(?:"
          + Locale.Region.isoRegions.map(\.identifier).filter {
            $0.count == 2 && $0.allSatisfy(\.isLetter)
          }.sorted().map { code in code.map { "[\($0)\($0.lowercased())]" }.joined() }
          .joined(separator: "|") + ")?[ \t]*$"
      ],
      // A birth date from 1900 to last year (always before today); the others any day.
      "birthDate": date(years: birthYears),
      "joined": date(years: nil),
      "contractEnd": date(years: nil),
    ]
  }

  /// An empty string or a date that exists, `YYYY-MM-DD`; its year matching `years`.
  static func date(years: String?) -> [String: Any] {
    var day: [String: Any] = ["type": "string", "format": "date"]
    if let years { day["pattern"] = "^" + years + "-" }
    return ["anyOf": [["type": "string", "maxLength": 0], day]]
  }

  /// The years 1900 to last year, as a regular expression (2025: `19dd`, `200d`, `201d`, `202[0-5]`).
  static var birthYears: String {
    let last = Day(Date()).year - 1
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
  static var invisibleRanges: String {
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
  }
}

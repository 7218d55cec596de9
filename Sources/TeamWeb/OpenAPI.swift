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
    components["schemas"] = schemas
    root["components"] = components
    let data = try? JSONSerialization.data(
      withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return data.map(Array.init) ?? PackageResources.openapi_json
  }()

  /// The members that may be null, by schema.
  static let nullable = [
    "PlayerInput": ["image", "favoriteChampions", "lineup"],
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
    ]
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

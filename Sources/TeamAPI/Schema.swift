import TeamKit

/// A JSON Schema (2020-12, as OpenAPI 3.1 reads it), declared in Swift beside the endpoint
/// or component it describes. It keeps the components it names, so that the OpenAPI
/// document defines exactly those its endpoints reach.
public struct Schema: Sendable {
  /// The schema's keywords.
  public internal(set) var json: JSONValue
  /// The components named by `$ref` anywhere in it.
  private(set) var components: [Component] = []

  /// A schema given as its keywords (for a shape the helpers below do not cover).
  public init(_ json: JSONValue) { self.json = json }

  private init(_ json: [String: JSONValue?], _ children: [Schema] = []) {
    self.json = .object(json.compactMapValues { $0 })
    components = children.flatMap(\.components)
  }

  /// A reference to a named component.
  public static func ref(_ component: Component) -> Schema {
    var schema = Schema(["$ref": .string("#/components/schemas/" + component.name)])
    schema.components = [component]
    return schema
  }

  /// Anything.
  public static let any = Schema([:])
  /// Only null.
  public static let null = Schema(["type": "null"])

  /// A string, with its format, pattern, length, allowed values and examples.
  public static func string(
    format: String? = nil, pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil,
    enum values: [String]? = nil, default fallback: String? = nil, examples: [String]? = nil
  ) -> Schema {
    Schema([
      "type": "string", "format": format.map(JSONValue.string),
      "pattern": pattern.map(JSONValue.string), "minLength": minLength.map(JSONValue.int),
      "maxLength": maxLength.map(JSONValue.int),
      "enum": values.map { .array($0.map(JSONValue.string)) },
      "default": fallback.map(JSONValue.string),
      "examples": examples.map { .array($0.map(JSONValue.string)) },
    ])
  }

  /// A whole number within bounds.
  public static func integer(minimum: Int? = nil, maximum: Int? = nil) -> Schema {
    Schema([
      "type": "integer", "minimum": minimum.map(JSONValue.int),
      "maximum": maximum.map(JSONValue.int),
    ])
  }

  /// A number within bounds.
  public static func number(minimum: Int? = nil, maximum: Int? = nil) -> Schema {
    Schema([
      "type": "number", "minimum": minimum.map(JSONValue.int),
      "maximum": maximum.map(JSONValue.int),
    ])
  }

  /// `true` or `false`.
  public static func boolean() -> Schema { Schema(["type": "boolean"]) }

  /// An array of `items` (of anything when nil).
  public static func array(
    _ items: Schema? = nil, minItems: Int? = nil, maxItems: Int? = nil, uniqueItems: Bool = false
  ) -> Schema {
    Schema(
      [
        "type": "array", "items": items?.json, "minItems": minItems.map(JSONValue.int),
        "maxItems": maxItems.map(JSONValue.int), "uniqueItems": uniqueItems ? true : nil,
      ], items.map { [$0] } ?? [])
  }

  /// An object with these members, those in `required` always present; a `closed` one has
  /// no other.
  public static func object(
    _ properties: KeyValuePairs<String, Schema>, required: [String] = [], closed: Bool = false
  ) -> Schema {
    var members: [String: JSONValue] = [:]
    for (name, schema) in properties { members[name] = schema.json }
    return Schema(
      [
        "type": "object", "properties": members.isEmpty ? nil : .object(members),
        "required": required.isEmpty ? nil : .array(required.map(JSONValue.string)),
        "additionalProperties": closed ? false : nil,
      ], properties.map(\.value))
  }

  /// Exactly one of `choices`.
  public static func oneOf(_ choices: [Schema]) -> Schema {
    Schema(["oneOf": .array(choices.map(\.json))], choices)
  }

  /// At least one of `choices`.
  public static func anyOf(_ choices: [Schema]) -> Schema {
    Schema(["anyOf": .array(choices.map(\.json))], choices)
  }

  /// The schema with a description for people.
  public func described(_ text: String) -> Schema {
    var schema = self
    schema.json["description"] = .string(text)
    return schema
  }

  /// The schema with `rules`' keywords added (replacing its own of the same name): the
  /// constraints a field takes from the validation rules.
  public func with(_ rules: Schema) -> Schema {
    var schema = self
    if case .object(let keywords) = rules.json { schema.json.merge(keywords) }
    schema.components += rules.components
    return schema
  }

  /// The schema that also allows null: its type, allowed values or choices widened.
  public var orNull: Schema {
    var schema = self
    if let type = json["type"]?.string { schema.json["type"] = [.string(type), "null"] }
    if case .array(let values)? = json["enum"] { schema.json["enum"] = .array(values + [.null]) }
    if case .array(let choices)? = json["anyOf"] {
      schema.json["anyOf"] = .array(choices + [["type": "null"]])
    }
    return schema
  }
}

/// A schema the document defines once, under `#/components/schemas/`, and endpoints and
/// other schemas name with ``Schema/ref(_:)``.
public struct Component: Sendable {
  public let name: String
  public let schema: Schema

  public init(_ name: String, _ schema: Schema) {
    self.name = name
    self.schema = schema
  }
}

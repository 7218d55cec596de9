import Foundation

/// Any JSON value, for a document whose shape no type of ours declares (the OpenAPI document,
/// which the server fills in when it starts): read by ``TeamJSON/decode(_:from:)`` (a key
/// given twice refused) and written by ``JSONWriter`` (keys sorted), the one codec.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// An object's member; nil for a missing member or another value. Set on an object, it
  /// adds or replaces the member (nil removes it); on another value it changes nothing.
  public subscript(key: String) -> JSONValue? {
    get {
      guard case .object(let members) = self else { return nil }
      return members[key]
    }
    set {
      guard case .object(var members) = self else { return }
      members[key] = newValue
      self = .object(members)
    }
  }

  /// An object's members, an array's elements: each replaced by what `change` makes of it.
  public mutating func transform(_ change: (inout JSONValue) -> Void) {
    switch self {
    case .object(var members):
      for key in members.keys { change(&members[key, default: .null]) }
      self = .object(members)
    case .array(var elements):
      for index in elements.indices { change(&elements[index]) }
      self = .array(elements)
    default: break
    }
  }

  /// An object with `other`'s members added, those it has too replaced.
  public mutating func merge(_ other: [String: JSONValue]) {
    guard case .object(let members) = self else { return }
    self = .object(members.merging(other) { $1 })
  }

  /// The text of a string.
  public var string: String? {
    if case .string(let text) = self { text } else { nil }
  }
}

extension JSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Int.self) {
      self = .int(number)
    } else if let number = try? container.decode(Double.self) {
      self = .double(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let elements = try? container.decode([JSONValue].self) {
      self = .array(elements)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}

extension JSONValue: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let flag): writer.value(flag)
    case .int(let number): writer.value(number)
    case .double(let number): writer.value(number)
    case .string(let text): writer.value(text)
    case .array(let elements): writer.array(elements)
    case .object(let members): members.write(to: &writer)
    }
  }
}

extension JSONValue: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral text: String) { self = .string(text) }
  public init(integerLiteral number: Int) { self = .int(number) }
  public init(booleanLiteral flag: Bool) { self = .bool(flag) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self = .object(Dictionary(members) { $1 })
  }
}

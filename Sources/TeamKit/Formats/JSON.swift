import Foundation

/// The JSON every face speaks: the CLI's `--json`, export and import, and the web API.
///
/// A player is `{"favoriteChampions":[{"id","imageName","name"}],"id","image","lineup",
/// "name","photoURL"?,"position"}`, keys sorted so that output is stable.
public enum TeamJSON {
  /// Encodes players, champions and arrays of them, pretty-printed when asked; what people
  /// read in it (a verdict's text) in `language`, English for data.
  public static func encode<T: JSONWritable>(
    _ value: T, pretty: Bool = false, language: Language = .english
  ) -> Data {
    var writer = JSONWriter(pretty: pretty, language: language)
    value.write(to: &writer)
    return Data(writer.bytes)
  }

  /// Decodes JSON input.
  /// - Throws: ``JSONInputError`` with a message that says where the JSON is wrong.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONInputError)
    -> T
  {
    if let key = repeatedKey(in: data) {
      throw JSONInputError(message: Message("Give “%@” once: an object repeats it.", key))
    }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as JSONInputError {
      throw error  // a type's own refusal, already worded
    } catch let error as DecodingError {
      throw JSONInputError(message: describe(error))
    } catch {
      throw JSONInputError(
        message: Message("The JSON could not be read: %@", error.localizedDescription))
    }
  }

  /// The first key an object of `data` repeats, as written. JSON parsers differ on which
  /// of two values they keep (RFC 8259, 4), so such input is refused rather than guessed.
  /// Malformed input gives nil: the decoder reports it.
  static func repeatedKey(in data: Data) -> String? {
    var objects: [Set<String>?] = []  // per open container: its keys, nil for an array
    var expectingKey = false
    var index = data.startIndex
    while index < data.endIndex {
      let byte = data[index]
      switch byte {
      case UInt8(ascii: "{"):
        objects.append([])
        expectingKey = true
      case UInt8(ascii: "["):
        objects.append(nil)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = objects.popLast()
        expectingKey = false
      case UInt8(ascii: ","):
        expectingKey = objects.last.map { $0 != nil } ?? false
      case UInt8(ascii: "\""):
        var end = data.index(after: index)
        while end < data.endIndex, data[end] != UInt8(ascii: "\"") {
          end = data.index(end, offsetBy: data[end] == UInt8(ascii: "\\") ? 2 : 1)
        }
        guard end < data.endIndex else { return nil }
        if expectingKey, var keys = objects.last ?? nil {
          let bytes = [UInt8](data[data.index(after: index)..<end])
          // Compared as the decoder will read them: `"a"` and `"\u0061"` are one key, as
          // are an accent composed and decomposed (Strings compare canonically).
          var key = String(decoding: bytes, as: UTF8.self)
          if bytes.contains(UInt8(ascii: "\\")),
            let text = try? JSONDecoder().decode(String.self, from: Data([34] + bytes + [34]))
          {
            key = text
          }
          if !keys.insert(key).inserted { return key }
          objects[objects.count - 1] = keys
          expectingKey = false
        }
        index = end
      default: break
      }
      index = data.index(after: index)
    }
    return nil
  }

  private static func describe(_ error: DecodingError) -> Message {
    func path(_ keys: [any CodingKey]) -> any CustomStringConvertible {
      let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return text.isEmpty ? Message("the top level") : String(text.drop { $0 == "." })
    }
    switch error {
    case .typeMismatch(let type, let context):
      return Message("Fix %1$@: expected %2$@.", path(context.codingPath), typeName(type))
    case .valueNotFound(let type, let context):
      return Message(
        "Fix %1$@: expected %2$@, found null.", path(context.codingPath), typeName(type))
    case .keyNotFound(let key, let context):
      return Message("Add “%1$@” at %2$@.", key.stringValue, path(context.codingPath))
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? Message("The input is not valid JSON.")
        // The decoder's own words, or ours (``PlayerInput``'s lineup), translated when ours.
        : Message(
          "%1$@: %2$@", Message("Fix %@", path(context.codingPath)),
          Message(context.debugDescription))
    @unknown default:
      return Message("The JSON does not have the expected shape.")
    }
  }

  private static func typeName(_ type: Any.Type) -> Message {
    switch type {
    case is String.Type: Message("a string")
    case is [Any].Type: Message("an array")
    case is [String: Any].Type: Message("an object")
    default: Message(verbatim: "\(type)")
    }
  }
}

/// JSON input that could not be read, with a message that says what to fix.
public struct JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: Message
  public init(message: Message) { self.message = message }
  public var description: String { message.description }
}

extension PlayerInput: Decodable {
  fileprivate enum CodingKeys: String, CodingKey {
    case name, position, image, favoriteChampions, lineup, team, teamID, riotID, realName,
      nationality, birthDate, joined, contractEnd
  }

  /// A champion given by id (`"jax"`) or as an object with an `id` (as exported).
  fileprivate struct ChampionReference: Decodable {
    let id: String
    private enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
      if let id = try? decoder.singleValueContainer().decode(String.self) {
        self.id = id
      } else {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .id)
      }
    }
  }

  /// Reads `{"name","position","image"?,"favoriteChampions"?,"lineup"?,"team"?,…}` (the
  /// team by tag or id, as `team` or, as exported, `teamID`); missing text fields are left
  /// empty so that validation reports them next to their field.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func text(_ key: CodingKeys) throws -> String {
      try container.decodeIfPresent(String.self, forKey: key) ?? ""
    }
    self.init(
      name: try container.decodeIfPresent(String.self, forKey: .name) ?? "",
      position: try container.decodeIfPresent(String.self, forKey: .position) ?? "",
      image: try container.decodeIfPresent(String.self, forKey: .image) ?? Player.defaultImage,
      favoriteChampions: try container.decodeIfPresent(
        [ChampionReference].self, forKey: .favoriteChampions)?.map(\.id) ?? [],
      lineup: try Self.lineup(in: container) ?? "",
      team: try container.decodeIfPresent(String.self, forKey: .team) ?? text(.teamID),
      riotID: try text(.riotID), realName: try text(.realName),
      nationality: try text(.nationality), birthDate: try text(.birthDate),
      joined: try text(.joined), contractEnd: try text(.contractEnd))
  }

  /// The lineup given, if any: an empty one is no lineup (the schema's enum forbids it), not
  /// the roster's rule that leaving it out asks for.
  fileprivate static func lineup(in container: KeyedDecodingContainer<CodingKeys>) throws
    -> String?
  {
    let lineup = try container.decodeIfPresent(String.self, forKey: .lineup)
    guard lineup?.isEmpty != true else {
      throw DecodingError.dataCorruptedError(
        forKey: .lineup, in: container,
        debugDescription: Message("give “starter” or “substitute”, or leave lineup out").key)
    }
    return lineup
  }
}

extension PlayerEdit: Decodable {
  private enum CodingKeys: String, CodingKey {
    case name, position, image, favoriteChampions, lineup, riotID, realName, nationality,
      birthDate, joined, contractEnd
  }

  /// Reads a JSON merge patch (RFC 7396): members absent stay as they are; `null` for
  /// `image` means the default picture and for `favoriteChampions` none. `id` may be given
  /// but cannot change (the caller compares it). `null` or `""` clears the Riot ID, real
  /// name, nationality and dates; the team changes by a move of its own.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let lineupContainer = try decoder.container(keyedBy: PlayerInput.CodingKeys.self)
    func text(_ key: CodingKeys) throws -> String? {
      try container.decodeIfPresent(String.self, forKey: key)
    }
    let imageIsNull = container.contains(.image) ? try container.decodeNil(forKey: .image) : false
    let championsAreNull =
      container.contains(.favoriteChampions)
      ? try container.decodeNil(forKey: .favoriteChampions) : false
    let image: String? = imageIsNull ? Player.defaultImage : try text(.image)
    let champions: [String]? =
      championsAreNull
      ? []
      : try container.decodeIfPresent(
        [PlayerInput.ChampionReference].self, forKey: .favoriteChampions)?
        .map(\.id)
    func clearable(_ key: CodingKeys) throws -> String? {
      guard container.contains(key) else { return nil }
      return try container.decodeNil(forKey: key) ? "" : try text(key)
    }
    self.init(
      name: try text(.name), position: try text(.position), image: image,
      favoriteChampions: champions, lineup: try PlayerInput.lineup(in: lineupContainer),
      riotID: try clearable(.riotID), realName: try clearable(.realName),
      nationality: try clearable(.nationality), birthDate: try clearable(.birthDate),
      joined: try clearable(.joined), contractEnd: try clearable(.contractEnd))
  }
}

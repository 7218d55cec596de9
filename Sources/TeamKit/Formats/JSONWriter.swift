import Foundation

/// A value written by ``JSONWriter``: the shared shapes of players and champions, and the
/// web API's documents. (Tests check that `JSONDecoder` reads back what it writes.)
public protocol JSONWritable {
  func write(to writer: inout JSONWriter)
}

/// Writes JSON straight to bytes, keys in sorted order.
///
/// Foundation's `JSONEncoder` costs tens of microseconds a player on Linux, which made a
/// roster of thousands take half a second to encode; this writer does the same in a
/// fraction of that.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []
  private let pretty: Bool
  /// The language of the texts people read in the document (English for data).
  public let language: Language
  private var depth = 0
  /// True until the current object or array has its first member.
  private var isFirst = true
  #if DEBUG
    /// Each open container's last key (nil: none yet, or an array): keys must come in sorted
    /// order, which every test run (a debug build) checks.
    private var lastKeys: [String?] = []
  #endif

  public init(pretty: Bool = false, language: Language = .english) {
    self.pretty = pretty
    self.language = language
  }

  public mutating func object(_ members: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "{"))
    members(&self)
    close(UInt8(ascii: "}"))
  }

  public mutating func array<S: Sequence>(_ elements: S) where S.Element: JSONWritable {
    open(UInt8(ascii: "["))
    for element in elements {
      separate()
      element.write(to: &self)
    }
    close(UInt8(ascii: "]"))
  }

  /// Writes `"key": value` inside an object; keys must come in sorted order.
  public mutating func member(_ key: StaticString, _ value: String) {
    self.key(key)
    string(value)
  }

  /// Writes `"key": text` inside an object, the message put in the writer's ``language``.
  public mutating func member(_ key: StaticString, _ message: Message) {
    member(key, message.text(in: language))
  }

  /// Writes `"key": value` inside an object, for any value the writer knows.
  public mutating func member(_ key: StaticString, _ value: some JSONWritable) {
    self.key(key)
    value.write(to: &self)
  }

  /// Writes `"key": null` inside an object.
  public mutating func nullMember(_ key: StaticString) {
    self.key(key)
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes `"key": true` or `false` inside an object.
  public mutating func member(_ key: StaticString, _ value: Bool) {
    self.key(key)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes a string as an array element or a whole document.
  public mutating func value(_ text: String) {
    string(text)
  }

  /// Writes `true` or `false` as an array element or a whole document.
  public mutating func value(_ flag: Bool) {
    bytes.append(contentsOf: (flag ? "true" : "false").utf8)
  }

  /// Writes a number as an array element or a whole document.
  public mutating func value(_ number: Int) {
    bytes.append(contentsOf: String(number).utf8)
  }

  /// Writes a number as an array element or a whole document (null when it is not finite,
  /// which JSON cannot say).
  public mutating func value(_ number: Double) {
    bytes.append(contentsOf: (number.isFinite ? String(number) : "null").utf8)
  }

  /// Writes `null` as an array element or a whole document.
  public mutating func null() {
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes `"key": number` inside an object.
  public mutating func member(_ key: StaticString, _ value: Int) {
    self.key(key)
    bytes.append(contentsOf: String(value).utf8)
  }

  private mutating func key(_ key: StaticString) {
    checkOrder(key.description)
    separate()
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }  // our own keys: nothing to escape
    bytes.append(UInt8(ascii: "\""))
    colon()
  }

  private mutating func colon() {
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
  }

  /// Writes `"key": "<uuid>"` in upper case, as `UUID.uuidString` spells it.
  public mutating func member(_ key: StaticString, _ id: UUID) {
    self.key(key)
    bytes.append(UInt8(ascii: "\""))
    id.write { bytes.append($0) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes `"key": value` inside an object for a key that is data (escaped as a string).
  mutating func member(named key: String, _ value: some JSONWritable) {
    checkOrder(key)
    separate()
    string(key)
    colon()
    value.write(to: &self)
  }

  private mutating func checkOrder(_ key: String) {
    #if DEBUG
      if let last = lastKeys.last ?? nil {
        assert(
          Array(last.utf8).lexicographicallyPrecedes(key.utf8), "JSON key “\(key)” after “\(last)”")
      }
      if !lastKeys.isEmpty { lastKeys[lastKeys.count - 1] = key }
    #endif
  }

  private mutating func open(_ bracket: UInt8) {
    bytes.append(bracket)
    depth += 1
    isFirst = true
    #if DEBUG
      lastKeys.append(nil)
    #endif
  }

  private mutating func close(_ bracket: UInt8) {
    #if DEBUG
      lastKeys.removeLast()
    #endif
    depth -= 1
    if pretty && !isFirst { newline() }
    bytes.append(bracket)
    isFirst = false
  }

  private mutating func separate() {
    if !isFirst { bytes.append(UInt8(ascii: ",")) }
    isFirst = false
    if pretty { newline() }
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
  private mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    let needsEscaping = text.utf8.contains {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }
    if !needsEscaping {
      bytes.append(contentsOf: text.utf8)
    } else {
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0..<0x20:
          let hex = Array("0123456789abcdef".utf8)
          bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension Champion: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("id", id)
      $0.member("imageName", imageName)
      $0.member("name", name)
    }
  }
}

extension Player: JSONWritable {
  public func write(to writer: inout JSONWriter) { write(to: &writer, photo: nil) }

  /// The player, and with `photo` their JPEG in base64 (`photo`), as a JSON export holds it.
  func write(to writer: inout JSONWriter, photo jpeg: Data?) {
    writer.object {
      if let birthDate { $0.member("birthDate", birthDate.description) }
      if let contractEnd { $0.member("contractEnd", contractEnd.description) }
      $0.member("favoriteChampions", favoriteChampions)
      $0.member("id", id)
      $0.member("image", image)
      if let joined { $0.member("joined", joined.description) }
      $0.member("lineup", lineup.rawValue)
      $0.member("name", name)
      if let nationality { $0.member("nationality", nationality) }
      if let jpeg { $0.member("photo", jpeg.base64EncodedString()) }
      if let photo { $0.member("photoURL", Player.photoPath(photo)) }
      $0.member("position", position.rawValue)
      if let realName { $0.member("realName", realName) }
      if let riotID { $0.member("riotID", riotID.description) }
      $0.member("teamID", teamID)
    }
  }
}

extension Team: JSONWritable {
  /// `{"color","id","league"?,"name","parentID"?,"tag","timeZone"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("color", color.rawValue)
      $0.member("id", id)
      if let league { $0.member("league", league) }
      $0.member("name", name)
      if let parentID { $0.member("parentID", parentID) }
      $0.member("tag", tag)
      $0.member("timeZone", timeZone)
    }
  }
}

extension Tenure: JSONWritable {
  /// `{"from","position","team","teamID","teamName","to"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if let from { $0.member("from", from.description) } else { $0.nullMember("from") }
      $0.member("position", position.rawValue)
      $0.member("team", teamTag)
      $0.member("teamID", teamID)
      $0.member("teamName", teamName)
      $0.member("to", to.description)
    }
  }
}

extension String: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension RemovedPlayer: JSONWritable {
  /// `{"player": {…}, "removedAt": "2026-11-30T10:00:00Z"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("player", player)
      $0.member("removedAt", removedAt.formatted(.iso8601))
    }
  }
}

extension Array: JSONWritable where Element: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.array(self) }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
  /// An object whose keys are data, in sorted order.
  public func write(to writer: inout JSONWriter) {
    writer.object { object in
      for (key, value) in sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) })
      {
        object.member(named: key, value)
      }
    }
  }
}

extension PlayerInput: JSONWritable {
  /// The body that `Decodable` reads back as this input: what a client sends to add a player.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if !birthDate.isEmpty { $0.member("birthDate", birthDate) }
      if !contractEnd.isEmpty { $0.member("contractEnd", contractEnd) }
      $0.member("favoriteChampions", favoriteChampions)
      $0.member("image", image)
      if !joined.isEmpty { $0.member("joined", joined) }
      if !lineup.isEmpty { $0.member("lineup", lineup) }
      $0.member("name", name)
      if !nationality.isEmpty { $0.member("nationality", nationality) }
      $0.member("position", position)
      if !realName.isEmpty { $0.member("realName", realName) }
      if !riotID.isEmpty { $0.member("riotID", riotID) }
      if !team.isEmpty { $0.member("team", team) }
    }
  }
}

extension PlayerEdit: JSONWritable {
  /// The merge patch that `Decodable` reads back as this edit: only the fields it changes.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if let birthDate { $0.member("birthDate", birthDate) }
      if let contractEnd { $0.member("contractEnd", contractEnd) }
      if let favoriteChampions { $0.member("favoriteChampions", favoriteChampions) }
      if let image { $0.member("image", image) }
      if let joined { $0.member("joined", joined) }
      if let lineup { $0.member("lineup", lineup) }
      if let name { $0.member("name", name) }
      if let nationality { $0.member("nationality", nationality) }
      if let position { $0.member("position", position) }
      if let realName { $0.member("realName", realName) }
      if let riotID { $0.member("riotID", riotID) }
    }
  }
}

extension TeamInput: JSONWritable {
  /// `{"color","league","name","parent","tag","timeZone"}`: what a client sends to add or
  /// change a team.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("color", color)
      $0.member("league", league)
      $0.member("name", name)
      $0.member("parent", parent)
      $0.member("tag", tag)
      $0.member("timeZone", timeZone)
    }
  }
}

extension Organisation: JSONWritable {
  /// `{"name","players","teams"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("name", name)
      $0.member("players", players)
      $0.member("teams", teams)
    }
  }
}

extension RosterChange: JSONWritable {
  /// `{"after","at","author","before","id","kind","player","playerID"}`; `before` and
  /// `after` are players or null. `author` is an account's or token's name, `cli:USER` for
  /// the command line on the database's machine, `local` for no account.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if let after { $0.member("after", after) } else { $0.nullMember("after") }
      $0.member("at", at.formatted(.iso8601))
      $0.member("author", author)
      if let before { $0.member("before", before) } else { $0.nullMember("before") }
      if let fromTeam { $0.member("from", fromTeam) }
      $0.member("id", Int(id))
      $0.member("kind", kind.rawValue)
      $0.member("player", playerName)
      if let playerID { $0.member("playerID", playerID) } else { $0.nullMember("playerID") }
      if let toTeam { $0.member("to", toTeam) }
      if let otherPlayer { $0.member("with", otherPlayer) }
    }
  }
}

import Foundation

/// A player of the organisation: one person, whichever team they are on now.
///
/// Its fields sit behind one immutable reference: the roster's snapshots copy their players
/// on every write, and a copy is then one retain instead of a dozen. A change makes a new box.
public struct Player: Identifiable, Hashable, Decodable, Sendable {
  /// The image shown when a player has no picture of their own.
  public static let defaultImage = "player_default"

  private var box: Box

  public var id: UUID { box.fields.id }
  /// The player's pseudo, unique in the organisation.
  public var name: String {
    get { box.fields.name }
    set { change { $0.name = newValue } }
  }
  /// Their position in their team.
  public var position: Position {
    get { box.fields.position }
    set { change { $0.position = newValue } }
  }
  /// The picture's asset (or file) name, `player_default` when there is none.
  public var image: String {
    get { box.fields.image }
    set { change { $0.image = newValue } }
  }
  public var favoriteChampions: [Champion] {
    get { box.fields.favoriteChampions }
    set { change { $0.favoriteChampions = newValue } }
  }
  /// Their status in their team: one of the starting five, a substitute, a trainee, a
  /// stand-in or inactive.
  public var lineup: Lineup {
    get { box.fields.lineup }
    set { change { $0.lineup = newValue } }
  }
  /// The SHA-256 of the player's uploaded photo (a JPEG), nil while they have none: the
  /// photo is served at ``photoPath(_:)`` and wins over `image`.
  public var photo: String? {
    get { box.fields.photo }
    set { change { $0.photo = newValue } }
  }
  /// The team they are on now.
  public var teamID: UUID {
    get { box.fields.teamID }
    set { change { $0.teamID = newValue } }
  }
  /// Their name in the game, unique in the organisation.
  public var riotID: RiotID? {
    get { box.fields.riotID }
    set { change { $0.riotID = newValue } }
  }
  public var realName: String? {
    get { box.fields.realName }
    set { change { $0.realName = newValue } }
  }
  /// Their nationality, as an ISO 3166 code (`FR`), shown by name in the reader's language.
  public var nationality: String? {
    get { box.fields.nationality }
    set { change { $0.nationality = newValue } }
  }
  public var birthDate: Day? {
    get { box.fields.birthDate }
    set { change { $0.birthDate = newValue } }
  }
  /// When they joined their team.
  public var joined: Day? {
    get { box.fields.joined }
    set { change { $0.joined = newValue } }
  }
  /// When their contract with the organisation ends, if it does.
  public var contractEnd: Day? {
    get { box.fields.contractEnd }
    set { change { $0.contractEnd = newValue } }
  }

  private struct Fields: Hashable, Sendable {
    let id: UUID
    var name: String
    var position: Position
    var image: String
    var favoriteChampions: [Champion]
    var lineup: Lineup
    var photo: String?
    var teamID: UUID
    var riotID: RiotID?
    var realName: String?
    var nationality: String?
    var birthDate: Day?
    var joined: Day?
    var contractEnd: Day?
  }

  private final class Box: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private mutating func change(_ body: (inout Fields) -> Void) {
    var fields = box.fields
    body(&fields)
    box = Box(fields)
  }

  /// Creates a player as the brief does. The values are taken as given: use
  /// ``PlayerInput/validated(in:)`` (or TeamClient's `EsportTeam.addPlayer`) for input that
  /// comes from a user.
  public init(
    id: UUID = UUID.random(), name: String, position: Position, image: String = Player.defaultImage,
    favoriteChampions: [Champion] = [], lineup: Lineup = .starter, photo: String? = nil,
    teamID: UUID = Team.first.id, riotID: RiotID? = nil, realName: String? = nil,
    nationality: String? = nil, birthDate: Day? = nil, joined: Day? = nil,
    contractEnd: Day? = nil
  ) {
    box = Box(
      Fields(
        id: id, name: name, position: position, image: image,
        favoriteChampions: favoriteChampions, lineup: lineup, photo: photo, teamID: teamID,
        riotID: riotID, realName: realName, nationality: nationality, birthDate: birthDate,
        joined: joined, contractEnd: contractEnd))
  }

  public static func == (lhs: Player, rhs: Player) -> Bool {
    lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
  }

  public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }
}

extension Player {
  /// Where a photo is served, relative to the team's server: named by its content, so it
  /// can be cached for ever.
  public static func photoPath(_ hash: String) -> String { "/photos/\(hash).jpg" }

  /// The hash a ``photoPath(_:)`` names, or nil when it names none.
  public static func photoHash(inPath path: String) -> String? {
    guard path.hasPrefix("/photos/"), path.hasSuffix(".jpg") else { return nil }
    let hash = path.dropFirst("/photos/".count).dropLast(".jpg".count)
    guard hash.count == 64, hash.allSatisfy(\.isHexDigit) else { return nil }
    return String(hash)
  }

  /// The brief's default roster, in its order, with fixed ids so that seeded databases agree.
  public static let defaultRoster: [Player] = [
    Player(
      id: fixedID(1), name: "Canna", position: .top, image: "canna",
      favoriteChampions: champions("jayce", "jax")),
    Player(
      id: fixedID(2), name: "Caliste", position: .adc, image: "caliste",
      favoriteChampions: champions("draven", "kalista")),
    Player(
      id: fixedID(3), name: "Targamas", position: .support, image: "targamas",
      favoriteChampions: champions("braum")),
  ]

  private static func fixedID(_ n: UInt8) -> UUID {
    UUID(uuid: (0xC0, 0x4B, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, n))
  }

  private static func champions(_ ids: String...) -> [Champion] {
    ids.compactMap(ChampionCatalog.builtIn.find)
  }

  /// Finds a player by id (any case) or by pseudo (ignoring case and Unicode form).
  public static func find(_ idOrName: String, in players: [Player]) -> Player? {
    if let id = UUID(text: idOrName.trimmed(.whitespaces)) {
      return players.first { $0.id == id }
    }
    let key = nameKey(idOrName)
    return players.first { nameKey($0.name) == key }
  }

  /// The form in which pseudos are compared for uniqueness: trimmed, then case, Unicode
  /// form, width and lookalike letters ignored (Unicode's confusable skeleton), so `Café`
  /// typed two ways, `CANNA`, `Ｃanna` and `Cаnna` (Cyrillic а) are all `Canna`.
  public static func nameKey(_ name: String) -> String {
    Confusables.key(name.trimmed())
  }
}

extension Player {
  // Read in the shape ``JSONWritable`` writes: the photo as the path it is served at.
  private enum CodingKeys: String, CodingKey {
    case id, name, position, image, favoriteChampions, lineup, photoURL, teamID, riotID,
      realName, nationality, birthDate, joined, contractEnd
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // A value that does not read is an error, not a missing value: what reads a stored
    // player (a history entry, the server's answer) must say so, not drop it.
    func value<T>(_ key: CodingKeys, _ parse: (String) throws -> T?) throws -> T? {
      guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
      guard let value = try? parse(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "“\(text)” does not read as a \(T.self)")
      }
      return value
    }
    func day(_ key: CodingKeys) throws -> Day? { try value(key) { Day($0) } }
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      position: try container.decode(Position.self, forKey: .position),
      image: try container.decode(String.self, forKey: .image),
      favoriteChampions: try container.decode([Champion].self, forKey: .favoriteChampions),
      lineup: try container.decodeIfPresent(Lineup.self, forKey: .lineup) ?? .starter,
      photo: try container.decodeIfPresent(String.self, forKey: .photoURL).flatMap(
        Player.photoHash(inPath:)),
      teamID: try container.decodeIfPresent(UUID.self, forKey: .teamID) ?? Team.first.id,
      riotID: try value(.riotID, RiotID.init(parsing:)),
      realName: try container.decodeIfPresent(String.self, forKey: .realName),
      nationality: try container.decodeIfPresent(String.self, forKey: .nationality),
      birthDate: try day(.birthDate), joined: try day(.joined),
      contractEnd: try day(.contractEnd))
  }
}

extension Player {
  /// A country's name in `language` from its ISO 3166 code (`FR` → France, `KR` → Corée du
  /// Sud), the code itself when the language has no name for it.
  public static func countryName(_ code: String, in language: Language) -> String {
    language.locale.localizedString(forRegionCode: code) ?? code
  }
}

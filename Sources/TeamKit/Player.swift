import Foundation

/// A member of the team's roster.
public struct Player: Identifiable, Hashable, Decodable, Sendable {
  /// The image shown when a player has no picture of their own.
  public static let defaultImage = "player_default"

  public let id: UUID
  /// The player's pseudo.
  public var name: String
  public var position: Position
  /// The picture's asset (or file) name, `player_default` when there is none.
  public var image: String
  public var favoriteChampions: [Champion]
  /// One of the starting five, or a substitute.
  public var lineup: Lineup
  /// The SHA-256 of the player's uploaded photo (a JPEG), nil while they have none: the
  /// photo is served at ``photoPath(_:)`` and wins over `image`.
  public var photo: String?

  /// Creates a player as the brief does. The values are taken as given: use
  /// ``PlayerInput/validated(in:)`` or ``EsportTeam/addPlayer(name:position:image:favoriteChampions:)``
  /// for input that comes from a user.
  public init(
    id: UUID = UUID(), name: String, position: Position, image: String = Player.defaultImage,
    favoriteChampions: [Champion] = [], lineup: Lineup = .starter, photo: String? = nil
  ) {
    self.id = id
    self.name = name
    self.position = position
    self.image = image
    self.favoriteChampions = favoriteChampions
    self.lineup = lineup
    self.photo = photo
  }
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
    ids.compactMap(Champion.find)
  }

  /// Finds a player by id (any case) or by pseudo (ignoring case and Unicode form).
  public static func find(_ idOrName: String, in players: [Player]) -> Player? {
    if let id = UUID(uuidString: idOrName.trimmingCharacters(in: .whitespaces)) {
      return players.first { $0.id == id }
    }
    let key = nameKey(idOrName)
    return players.first { nameKey($0.name) == key }
  }

  /// The form in which pseudos are compared for uniqueness: trimmed, then case, Unicode
  /// form, width and lookalike letters ignored (Unicode's confusable skeleton), so `Café`
  /// typed two ways, `CANNA`, `Ｃanna` and `Cаnna` (Cyrillic а) are all `Canna`.
  public static func nameKey(_ name: String) -> String {
    Confusables.key(name.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

extension Player {
  // Read in the shape ``JSONWritable`` writes: the photo as the path it is served at.
  private enum CodingKeys: String, CodingKey {
    case id, name, position, image, favoriteChampions, lineup, photoURL
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      name: try container.decode(String.self, forKey: .name),
      position: try container.decode(Position.self, forKey: .position),
      image: try container.decode(String.self, forKey: .image),
      favoriteChampions: try container.decode([Champion].self, forKey: .favoriteChampions),
      lineup: try container.decodeIfPresent(Lineup.self, forKey: .lineup) ?? .starter,
      photo: try container.decodeIfPresent(String.self, forKey: .photoURL).flatMap(
        Player.photoHash(inPath:)))
  }
}

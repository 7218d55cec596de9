import Foundation

/// A champion as the last sync found it in Data Dragon.
public struct SyncedChampion: Hashable, Codable, Sendable {
  /// Data Dragon's id (`KSante`); the catalog's id is it in lower case.
  public let id: String
  /// The English name (`K'Sante`).
  public let name: String
  /// The French name (`Nunu et Willump`), the English one where Data Dragon has none.
  public let frenchName: String
  public let title: String
  public let classes: [ChampionClass]
  /// The stored picture's hash (a JPEG, re-encoded as uploads are).
  public let picture: String

  public init(
    id: String, name: String, frenchName: String, title: String, classes: [ChampionClass],
    picture: String
  ) {
    self.id = id
    self.name = name
    self.frenchName = frenchName
    self.title = title
    self.classes = classes
    self.picture = picture
  }

  /// The same champion with its stored picture's hash.
  public func with(picture: String) -> SyncedChampion {
    SyncedChampion(
      id: id, name: name, frenchName: frenchName, title: title, classes: classes,
      picture: picture)
  }
}

/// The champion art the database holds: the Data Dragon version it came from and its
/// champions, or none until someone syncs.
public struct ChampionArt: Hashable, Sendable {
  /// Data Dragon's version (`16.17.1`); empty when nothing was synced.
  public let version: String
  public let champions: [SyncedChampion]
  private let pictures: [String: String]

  public init(version: String, champions: [SyncedChampion]) {
    self.version = version
    self.champions = champions
    pictures = Dictionary(
      champions.map { ($0.id.lowercased(), $0.picture) }, uniquingKeysWith: { first, _ in first })
  }

  /// No art: pictures are drawn.
  public static let none = ChampionArt(version: "", champions: [])

  /// Whether the game's art is shown (and with it Riot's notice).
  public var isShown: Bool { !champions.isEmpty }

  /// The hash of a champion's stored picture, by catalog id (`ksante`).
  public func picture(of championID: String) -> String? { pictures[championID] }
}

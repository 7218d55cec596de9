import Foundation

/// A League of Legends champion a player can pick as a favourite.
///
/// The brief declares `let id = UUID()`, which makes two values for the same champion
/// differ, so a player's favourite "Jax" never equals the catalog's "Jax". Here `id` is
/// stable: the champion's Riot Data Dragon id in lower case (`ksante`, `maokai`), and two
/// values for the same champion are equal.
public struct Champion: Identifiable, Hashable, Codable, Sendable {
  /// The Data Dragon id in lower case, e.g. `maokai`.
  public let id: String
  /// The display name, e.g. `Maokai`.
  public let name: String
  /// The picture's asset name, e.g. `moakai` (the brief's spelling).
  public let imageName: String

  /// Creates a champion with an explicit id.
  public init(id: String, name: String, imageName: String) {
    self.id = id
    self.name = name
    self.imageName = imageName
  }

  /// Creates a champion as the brief does; the id is the name's letters and digits in
  /// lower case (`Maokai` → `maokai`), which is the Data Dragon id for the catalog's names.
  public init(name: String, imageName: String) {
    self.init(
      id: String(name.lowercased().filter { $0.isLetter || $0.isNumber }), name: name,
      imageName: imageName)
  }
}

/// A champion's class, as the game tags it (a champion may have two).
public enum ChampionClass: String, CaseIterable, Codable, Identifiable, Sendable {
  case fighter = "Fighter"
  case tank = "Tank"
  case mage = "Mage"
  case assassin = "Assassin"
  case marksman = "Marksman"
  case support = "Support"

  public var id: Self { self }

  /// The class as the game's client names it in `language` (`Marksman`, `Tireur`).
  public func displayName(in language: Language) -> String {
    switch self {
    case .fighter: language.localized("Fighter")
    case .tank: language.localized("Tank")
    case .mage: language.localized("Mage")
    case .assassin: language.localized("Assassin")
    case .marksman: language.localized("Marksman")
    case .support: language.localized("Support")
    }
  }

  /// A class named in any case (`mage`, `Mage`), or nil.
  public init?(parsing text: String) {
    let folded = text.trimmed(.whitespaces).lowercased()
    guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) else {
      return nil
    }
    self = found
  }
}

// MARK: - Catalog

extension Champion {
  /// One row of ``dataDragon`` (ChampionData.swift, generated from data/champions.json).
  typealias DataDragonEntry = (id: String, name: String, title: String, classes: [ChampionClass])

  /// The brief's `availableChampions`, in its order, with its picture names; names as the
  /// game writes them (`K'Sante`, where the brief has `Ksante`; its id stays `ksante`).
  private static let brief: [Champion] = [
    Champion(id: "ksante", name: "K'Sante", imageName: "ksante"),
    Champion(name: "Jax", imageName: "jax"),
    Champion(name: "Maokai", imageName: "moakai"),
    Champion(name: "Skarner", imageName: "skarner"),
    Champion(name: "Viktor", imageName: "viktor"),
    Champion(name: "Corki", imageName: "corki"),
    Champion(name: "Kalista", imageName: "kalista"),
    Champion(name: "Draven", imageName: "draven"),
    Champion(name: "Braum", imageName: "braum"),
    Champion(name: "Fiddlesticks", imageName: "fiddlesticks"),
    Champion(name: "Jayce", imageName: "jayce"),
  ]

  /// Every champion of `entries`: the brief's eleven first (as the brief names them, so
  /// that stored favourites and the seed roster keep their ids), then the others by name.
  /// Ids are Data Dragon's in lower case (`ksante`, `monkeyking`); a champion's picture
  /// name is its id.
  static func catalog(of entries: [DataDragonEntry]) -> [Champion] {
    let briefIDs = Set(brief.map(\.id))
    let others = entries.lazy.map {
      Champion(id: $0.id.lowercased(), name: $0.name, imageName: $0.id.lowercased())
    }
    .filter { !briefIDs.contains($0.id) }
    .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    return brief + others
  }

  /// The form in which names are compared: letters and digits only, without case or accents.
  public static func searchKey(_ text: String) -> String {
    String(
      text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
        .map(Character.init))
  }
}

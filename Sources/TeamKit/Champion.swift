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

// MARK: - Catalog

extension Champion {
  /// The champions the form offers: the brief's `availableChampions`, in its order.
  public static let catalog: [Champion] = [
    Champion(name: "Ksante", imageName: "ksante"),
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

  private static let catalogByKey: [String: Champion] = Dictionary(
    uniqueKeysWithValues: catalog.map { ($0.id, $0) })

  /// Finds a catalog champion by id or name, ignoring case, spaces and apostrophes
  /// (`"k'sante"`, `"KSante"` and `"ksante"` all find Ksante).
  public static func find(_ idOrName: String) -> Champion? {
    catalogByKey[lookupKey(idOrName)]
  }

  /// The form in which ids and names are compared: lower case, without spaces or apostrophes.
  private static func lookupKey(_ text: String) -> String {
    String(text.lowercased().filter { !$0.isWhitespace && $0 != "'" && $0 != "’" })
  }
}

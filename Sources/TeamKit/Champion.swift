import Foundation
import Synchronization

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
    let folded = text.trimmingCharacters(in: .whitespaces).lowercased()
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

  /// Every champion this build knows (data/champions.json): the brief's eleven first (as
  /// the brief names them, so that stored favourites and the seed roster keep their ids),
  /// then the others by name. Ids are Data Dragon's in lower case (`ksante`, `monkeyking`);
  /// a champion's picture name is its id.
  public static let builtIn: [Champion] = catalog(of: dataDragon)

  static func catalog(of entries: [DataDragonEntry]) -> [Champion] {
    let briefIDs = Set(brief.map(\.id))
    let others = entries.lazy.map {
      Champion(id: $0.id.lowercased(), name: $0.name, imageName: $0.id.lowercased())
    }
    .filter { !briefIDs.contains($0.id) }
    .sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    return brief + others
  }

  /// The champions known now: this build's, and those a sync of Data Dragon found since
  /// (``learn(_:)``), with the look-ups made from them. It only grows: a champion once
  /// known stays valid for the rest of the process. One per process, not per store: the
  /// game's champions are the same whichever database a sync was stored in, and a store
  /// teaches it only what it has committed.
  private struct Known: Sendable {
    var entries: [DataDragonEntry]
    var frenchNames: [String: String]
    var catalog: [Champion] = []
    var details: [String: DataDragonEntry] = [:]
    var byKey: [String: Champion] = [:]

    init(entries: [DataDragonEntry], frenchNames: [String: String]) {
      self.entries = entries
      self.frenchNames = frenchNames
      catalog = Champion.catalog(of: entries)
      details = Dictionary(
        entries.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
      for champion in catalog {
        for key in champion.searchKeys(details: details, frenchNames: frenchNames)
        where byKey[key] == nil {
          byKey[key] = champion
        }
      }
    }
  }

  private static let known = Mutex(Known(entries: dataDragon, frenchNames: [:]))

  /// Every champion a player can favour: ``builtIn``, then those a sync found that this
  /// build does not know, in the same order (the brief's first, the others by name).
  public static var catalog: [Champion] { known.withLock { $0.catalog } }

  /// Adds what a sync of Data Dragon found: champions released after this build, and the
  /// French names. Never takes a champion away.
  public static func learn(_ art: ChampionArt) {
    guard art.isShown else { return }
    known.withLock { known in
      var entries = known.entries
      var ids = Set(entries.map { $0.id.lowercased() })
      var frenchNames = known.frenchNames
      for champion in art.champions {
        let id = champion.id.lowercased()
        if ids.insert(id).inserted {
          entries.append((champion.id, champion.name, champion.title, champion.classes))
        }
        frenchNames[id] = champion.frenchName
      }
      guard entries.count != known.entries.count || frenchNames != known.frenchNames else { return }
      known = Known(entries: entries, frenchNames: frenchNames)
    }
  }

  private static var details: [String: DataDragonEntry] { known.withLock { $0.details } }

  /// The champion's classes (Fighter, Tank, …), as the game tags them.
  public var classes: [ChampionClass] { Self.details[id]?.classes ?? [] }

  /// The game's title for the champion (`the Darkin Blade`).
  public var title: String { Self.details[id]?.title ?? "" }

  /// The game's own spelling of the name (`K'Sante` for the brief's `Ksante`).
  public var gameName: String { Self.details[id]?.name ?? name }

  /// The name in `language`: the game's French one (`Nunu et Willump`) once a sync brought
  /// it, else ``gameName``.
  public func localizedName(in language: Language) -> String {
    if language == .french, let french = Self.known.withLock({ $0.frenchNames[id] }) {
      return french
    }
    return gameName
  }

  /// Finds a champion by id or name however it is typed: case, accents, apostrophes, spaces
  /// and dots do not matter (`"k'sante"`, `"KSante"`, `"drmundo"`, `"monkeyking"`).
  public static func find(_ idOrName: String) -> Champion? {
    let key = searchKey(idOrName)
    return known.withLock { $0.byKey[key] }
  }

  /// The form in which names are compared: letters and digits only, without case or accents.
  public static func searchKey(_ text: String) -> String {
    String(
      text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
        .map(Character.init))
  }

  /// The keys a champion is found by: its id (Data Dragon's, which is also the game's other
  /// name: `monkeyking` for Wukong), its names (the French one too), and what players type
  /// for it (`j4`, `tf`).
  var searchKeys: [String] {
    Self.known.withLock { searchKeys(details: $0.details, frenchNames: $0.frenchNames) }
  }

  private func searchKeys(details: [String: DataDragonEntry], frenchNames: [String: String])
    -> [String]
  {
    var keys = [id]
    let names = [name, details[id]?.name ?? name] + (frenchNames[id].map { [$0] } ?? [])
    for name in names + (Self.nicknamesByID[id] ?? []) {
      let key = Self.searchKey(name)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// ``nicknames`` (ChampionData.swift), by champion id.
  private static let nicknamesByID: [String: [String]] = Dictionary(
    grouping: nicknames, by: { $0.id.lowercased() }
  ).mapValues { $0.map(\.nickname) }

  /// The champions matching `query`, the best first: an exact name, then names starting
  /// with it, then names holding it, then (for four letters or more) names one typo away.
  /// Case, accents, apostrophes, spaces and dots are ignored; an empty query matches every
  /// champion. Within a rank, champions come in catalog order.
  /// - Parameter classes: when given, only champions of one of these classes.
  public static func search(_ query: String, classes: Set<ChampionClass> = []) -> [Champion] {
    let query = searchKey(query)
    let pool = classes.isEmpty ? catalog : catalog.filter { !classes.isDisjoint(with: $0.classes) }
    guard !query.isEmpty else { return pool }
    var ranked: [(rank: Int, index: Int, champion: Champion)] = []
    for (index, champion) in pool.enumerated() {
      if let rank = champion.searchKeys.compactMap({ Self.rank(of: query, in: $0) }).min() {
        ranked.append((rank, index, champion))
      }
    }
    return ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.champion)
  }

  /// 0 exact, 1 prefix, 2 inside, 3 one typo away (whole name or its start); nil otherwise.
  private static func rank(of query: String, in key: String) -> Int? {
    if key == query { return 0 }
    if key.hasPrefix(query) { return 1 }
    if key.contains(query) { return 2 }
    guard query.count >= 4 else { return nil }
    let query = Array(query)
    let key = Array(key)
    // The whole name, or its start as long as the query give or take a letter.
    for length in [key.count, query.count - 1, query.count, query.count + 1]
    where length > 0 && length <= key.count {
      if editDistance(query, key[..<length]) <= 1 { return 3 }
    }
    return nil
  }

  /// Levenshtein distance with adjacent transpositions (optimal string alignment).
  private static func editDistance(_ a: [Character], _ b: ArraySlice<Character>) -> Int {
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}

import Foundation

/// The champions a roster knows, with the look-ups made from them: this build's
/// (data/champions.json), those its store's last sync of Data Dragon brought
/// (``learning(_:)``), with their French names, and those it ever knew otherwise
/// (``knowing(_:)``): an earlier sync's, an imported file's.
///
/// A value: each store holds its own, replaced when a sync commits, so what one database
/// learned never changes what another accepts.
public struct ChampionCatalog: Sendable {
  /// Every champion a player can favour: this build's, then those a sync found that this
  /// build does not know, in the same order (the brief's first, the others by name).
  public let champions: [Champion]
  private let entries: [Champion.DataDragonEntry]
  private let frenchNames: [String: String]
  private let details: [String: Champion.DataDragonEntry]
  private let byKey: [String: Champion]
  private let keysByID: [String: [String]]

  /// This build's champions, before any sync.
  public static let builtIn = ChampionCatalog(entries: Champion.dataDragon, frenchNames: [:])

  private init(entries: [Champion.DataDragonEntry], frenchNames: [String: String]) {
    self.entries = entries
    self.frenchNames = frenchNames
    champions = Champion.catalog(of: entries)
    let details = Dictionary(
      entries.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
    var byKey: [String: Champion] = [:]
    var keysByID: [String: [String]] = [:]
    for champion in champions {
      let keys = Self.searchKeys(of: champion, details: details, frenchNames: frenchNames)
      keysByID[champion.id] = keys
      for key in keys where byKey[key] == nil { byKey[key] = champion }
    }
    (self.details, self.byKey, self.keysByID) = (details, byKey, keysByID)
  }

  /// This catalogue and what a sync of Data Dragon found: champions released after this
  /// build, and the French names. Never takes a champion away.
  public func learning(_ art: ChampionArt) -> ChampionCatalog {
    guard art.isShown else { return self }
    var entries = entries
    var ids = Set(entries.map { $0.id.lowercased() })
    var frenchNames = frenchNames
    for champion in art.champions {
      let id = champion.id.lowercased()
      if ids.insert(id).inserted {
        entries.append((champion.id, champion.name, champion.title, champion.classes))
      }
      frenchNames[id] = champion.frenchName
    }
    return ChampionCatalog(entries: entries, frenchNames: frenchNames)
  }

  /// This catalogue and champions known by id and name alone: those an earlier sync brought
  /// that the last one no longer lists, and those an imported file described. Never takes a
  /// champion away, nor renames one it knows.
  public func knowing(_ known: [Champion]) -> ChampionCatalog {
    var entries = entries
    var ids = Set(entries.map { $0.id.lowercased() })
    for champion in known where ids.insert(champion.id).inserted {
      entries.append((champion.id, champion.name, "", []))
    }
    guard entries.count > self.entries.count else { return self }
    return ChampionCatalog(entries: entries, frenchNames: frenchNames)
  }

  /// The most champions beyond this build's that a database takes from imported files.
  public static let maxLearned = DataDragon.maxChampions

  /// How many champions it knows beyond this build's.
  public var learnedCount: Int { count - Self.builtIn.count }

  /// How many champions it knows.
  public var count: Int { champions.count }

  /// Finds a champion by id or name however it is typed: case, accents, apostrophes, spaces
  /// and dots do not matter (`"k'sante"`, `"KSante"`, `"drmundo"`, `"monkeyking"`).
  public func find(_ idOrName: String) -> Champion? { byKey[Champion.searchKey(idOrName)] }

  /// The champion `text` names, forgiving as the search is (`kaisa`, `ksan`): its id or name,
  /// else the search's best match; nil for text without a letter or digit, or no match.
  public func match(_ text: String) -> Champion? {
    guard !Champion.searchKey(text).isEmpty else { return nil }
    return find(text) ?? search(text).first
  }

  /// The champion whose picture is named `imageName`, or nil.
  public func champion(imageName: String) -> Champion? {
    champions.first { $0.imageName == imageName }
  }

  /// The champion's classes (Fighter, Tank, …), as the game tags them.
  public func classes(of champion: Champion) -> [ChampionClass] {
    details[champion.id]?.classes ?? []
  }

  /// The game's title for the champion (`the Darkin Blade`).
  public func title(of champion: Champion) -> String { details[champion.id]?.title ?? "" }

  /// The game's own spelling of the name (`K'Sante` for the brief's `Ksante`).
  public func gameName(of champion: Champion) -> String {
    details[champion.id]?.name ?? champion.name
  }

  /// The name in `language`: the game's French one (`Nunu et Willump`) once a sync brought
  /// it, else ``gameName(of:)``.
  public func name(of champion: Champion, in language: Language) -> String {
    if language == .french, let french = frenchNames[champion.id] { return french }
    return gameName(of: champion)
  }

  /// The name in `language` of the champion stored by `id`; the id itself for one this
  /// catalogue does not know (a synced champion read elsewhere).
  public func name(ofID id: String, in language: Language) -> String {
    find(id).map { name(of: $0, in: language) } ?? id
  }

  /// The champions matching `query`, the best first: an exact name, then names starting
  /// with it, then names holding it, then (for four letters or more) names one typo away.
  /// Case, accents, apostrophes, spaces and dots are ignored; an empty query matches every
  /// champion. Within a rank, champions come in catalogue order.
  /// - Parameter classes: when given, only champions of one of these classes.
  public func search(_ query: String, classes: Set<ChampionClass> = []) -> [Champion] {
    let query = Champion.searchKey(query)
    let pool =
      classes.isEmpty
      ? champions : champions.filter { !classes.isDisjoint(with: self.classes(of: $0)) }
    guard !query.isEmpty else { return pool }
    var ranked: [(rank: Int, index: Int, champion: Champion)] = []
    for (index, champion) in pool.enumerated() {
      if let rank = (keysByID[champion.id] ?? []).compactMap({ Self.rank(of: query, in: $0) })
        .min()
      {
        ranked.append((rank, index, champion))
      }
    }
    return ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.champion)
  }

  /// The keys a champion is found by: its id (Data Dragon's, which is also the game's other
  /// name: `monkeyking` for Wukong), its names (the French one too), and what players type
  /// for it (`j4`, `tf`).
  private static func searchKeys(
    of champion: Champion, details: [String: Champion.DataDragonEntry],
    frenchNames: [String: String]
  ) -> [String] {
    let id = champion.id
    var keys = [id]
    let names =
      [champion.name, details[id]?.name ?? champion.name] + (frenchNames[id].map { [$0] } ?? [])
    for name in names + (nicknamesByID[id] ?? []) {
      let key = Champion.searchKey(name)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// ``Champion/nicknames`` (ChampionData.swift), by champion id.
  private static let nicknamesByID: [String: [String]] = Dictionary(
    grouping: Champion.nicknames, by: { $0.id.lowercased() }
  ).mapValues { $0.map(\.nickname) }

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

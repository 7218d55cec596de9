import Foundation

/// The champions a JSON export names, each described by its id and name, so that the file
/// imports into a database that does not know one: one that never synced, or whose last
/// sync no longer lists it.
extension RosterFile {
  /// A champion as a file describes it: `{"id","name"}`.
  struct DescribedChampion: JSONWritable, Decodable {
    let id: String
    let name: String

    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("id", id)
        $0.member("name", name)
      }
    }
  }

  /// The catalogue ids that players' favourites, pools and events (games, drafts,
  /// proposals) name.
  static func championIDs(
    players: [Player], pools: some Sequence<[PoolEntry]>, events: [TeamEvent]
  ) -> Set<String> {
    var ids = Set(players.flatMap { $0.favoriteChampions.map(\.id) })
    for pool in pools { ids.formUnion(pool.map(\.champion)) }
    for event in events {
      for game in event.games { ids.formUnion((game.picks + game.opponentPicks).map(\.champion)) }
      for draft in event.drafts { ids.formUnion(draft.champions.compactMap { $0 }) }
      ids.formUnion(event.proposals.map(\.champion))
    }
    return ids
  }

  /// Each champion that `players` and their pools, and `schedule`'s events name, as
  /// `catalog` (or a player's favourite) names it, by id.
  static func described(players: [Player], schedule: Schedule, catalog: ChampionCatalog)
    -> [DescribedChampion]
  {
    let ids = championIDs(
      players: players, pools: players.compactMap { schedule.pools[$0.id] },
      events: schedule.events)
    let favourites = Dictionary(
      players.flatMap { $0.favoriteChampions.map { ($0.id, $0.name) } }
    ) { first, _ in first }
    return ids.sorted().compactMap { id in
      (catalog.find(id).map(\.name) ?? favourites[id]).map { DescribedChampion(id: id, name: $0) }
    }
  }
}

extension RosterImport {
  /// The most champions a file may describe (the game has under 200).
  static let maxDescribed = 1_000

  /// The longest name a described champion may have.
  static let maxChampionName = 40

  /// `catalog` with the champions `described` that it does not know, and those champions:
  /// each id up to 40 lower-case letters and digits, each name up to 40 characters that no
  /// other champion has.
  /// - Throws: ``RosterFile/Problems`` naming each champion refused.
  static func catalog(
    _ catalog: ChampionCatalog, describing described: [RosterFile.DescribedChampion]?
  ) throws(RosterFile.Problems) -> (catalog: ChampionCatalog, new: [Champion]) {
    guard let described, !described.isEmpty else { return (catalog, []) }
    guard described.count <= maxDescribed else {
      throw RosterFile.Problems(problems: [
        .init(
          place: Message("The file"),
          message: Message("Describe at most %@ champions.", maxDescribed))
      ])
    }
    var new: [Champion] = []
    var names = Set<String>()
    var problems: [RosterFile.Problem] = []
    for champion in described {
      let id = champion.id
      let name = champion.name.trimmed(.whitespaces)
      let key = Champion.searchKey(name)
      let validID =
        (1...40).contains(id.count)
        && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
      guard validID, catalog.find(id) == nil else {
        if validID { continue }  // known here: the database's own name stays
        problems.append(refused(champion))
        continue
      }
      guard (1...maxChampionName).contains(name.count), !key.isEmpty,
        !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
        catalog.find(name) == nil, !new.contains(where: { $0.id == id }), names.insert(key).inserted
      else {
        problems.append(refused(champion))
        continue
      }
      new.append(Champion(id: id, name: name, imageName: id))
    }
    guard problems.isEmpty else { throw RosterFile.Problems(problems: problems) }
    return (catalog.knowing(new), new)
  }

  private static func refused(_ champion: RosterFile.DescribedChampion) -> RosterFile.Problem {
    .init(
      place: Message("Champion “%@”", String(champion.id.prefix(40))),
      message: Message(
        "Give it an id of up to 40 lower-case letters and digits, and a name of up to 40 characters that no other champion has."
      ))
  }

  /// Those of `new` that the import's players, pools and week name: the champions it adds to
  /// the database's catalogue, within ``ChampionCatalog/maxLearned`` beyond the build's.
  /// - Parameter catalog: the database's catalogue with `new`.
  static func learned(
    _ new: [Champion], players: [Player], pools: [UUID: [PoolEntry]]?, schedule: Schedule?,
    catalog: ChampionCatalog, problems: inout [RosterFile.Problem]
  ) -> [Champion] {
    guard !new.isEmpty else { return [] }
    let named = RosterFile.championIDs(
      players: players, pools: (pools ?? [:]).values, events: schedule?.events ?? [])
    let learned = new.filter { named.contains($0.id) }
    let room = max(0, ChampionCatalog.maxLearned - (catalog.learnedCount - new.count))
    if learned.count > room {
      problems.append(
        .init(
          place: Message("The file"),
          message: Message(
            "It adds %1$@ champions this database does not know; it takes %2$@ more at most.",
            learned.count, room)))
    }
    return learned
  }
}

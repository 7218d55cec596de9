import Foundation

extension PlayerInput {
  /// What an edit typed from `base` becomes over `current`, which someone else saved
  /// meanwhile: each field as typed where the other left it as it was, as the other saved it
  /// where the typist left it, and listed in `conflicts` where both changed it differently
  /// (the typed value is kept there, for the typist to choose).
  /// - Parameters:
  ///   - base: the player as the form showed them, as an input (``init(player:)``).
  ///   - current: the player as they are now, likewise.
  ///   - champions: the catalogue the favourites are compared in.
  public func merged(
    from base: PlayerInput, over current: PlayerInput, champions: ChampionCatalog
  ) -> (
    input: PlayerInput, conflicts: [ValidationError.Field]
  ) {
    var merged = self
    var conflicts: [ValidationError.Field] = []
    func merge(
      _ field: ValidationError.Field, _ value: WritableKeyPath<PlayerInput, String>,
      _ canonical: (String) -> String = { $0.trimmed(.whitespaces) }
    ) {
      let typed = canonical(self[keyPath: value])
      let was = canonical(base[keyPath: value])
      let now = canonical(current[keyPath: value])
      if typed == was {
        merged[keyPath: value] = current[keyPath: value]  // theirs: the typist left it
      } else if now != was && now != typed {
        conflicts.append(field)  // both changed it: the typed value stays, to choose
      }
    }
    merge(.name, \.name) { Player.nameKey($0) }
    merge(.position, \.position) { (try? Position(parsing: $0))?.rawValue ?? $0 }
    merge(.image, \.image)
    // An edit's empty status keeps the player's.
    if lineup.isEmpty { merged.lineup = current.lineup } else { merge(.lineup, \.lineup) }
    merge(.riotID, \.riotID) { $0.lowercased() }
    merge(.realName, \.realName)
    merge(.nationality, \.nationality) { $0.uppercased() }
    merge(.birthDate, \.birthDate)
    merge(.joined, \.joined)
    merge(.contractEnd, \.contractEnd)
    let ids = { (names: [String]) in names.compactMap { champions.find($0)?.id } }
    let (typed, was, now) = (
      ids(favoriteChampions), ids(base.favoriteChampions), ids(current.favoriteChampions)
    )
    if Set(typed) == Set(was) {
      merged.favoriteChampions = current.favoriteChampions
    } else if Set(now) != Set(was) && Set(typed) != Set(now) {
      conflicts.append(.favoriteChampions)
    }
    return (merged, conflicts)
  }
}

/// The state of the player form (add and edit), kept by a view while the user types.
///
/// It lives here, not in the view, so that its behaviour (selection, defaults, what is
/// sent to TeamClient's `EsportTeam.addPlayer`) is tested on every platform.
public struct PlayerForm: Hashable, Sendable {
  public var name = ""
  public var position: Position = .top
  public var image = Player.defaultImage
  /// The ids of the selected champions, in the order they were chosen.
  public private(set) var selectedChampionIDs: [Champion.ID] = []
  /// The status; nil for a new player: a starter while the team has fewer than five.
  public var lineup: Lineup?
  /// Who the player is, as typed (checked by ``PlayerInput``'s rules): `gameName#tagLine`,
  /// an ISO 3166 code, dates as YYYY-MM-DD; empty for none.
  public var riotID = ""
  public var realName = ""
  public var nationality = ""
  public var birthDate = ""
  public var joined = ""
  public var contractEnd = ""

  public init() {}

  /// The form filled with a player's fields, to edit them; their favourites keep their order.
  public init(player: Player) {
    name = player.name
    position = player.position
    image = player.image
    selectedChampionIDs = player.favoriteChampions.map(\.id)
    lineup = player.lineup
    riotID = player.riotID?.description ?? ""
    realName = player.realName ?? ""
    nationality = player.nationality ?? ""
    birthDate = player.birthDate?.description ?? ""
    joined = player.joined?.description ?? ""
    contractEnd = player.contractEnd?.description ?? ""
  }

  /// The form as a new player, for the validation every face shares.
  public var input: PlayerInput {
    PlayerInput(
      name: name, position: position.rawValue, image: image,
      favoriteChampions: selectedChampionIDs, lineup: lineup?.rawValue ?? "", riotID: riotID,
      realName: realName, nationality: nationality, birthDate: birthDate, joined: joined,
      contractEnd: contractEnd)
  }

  /// The form as a change of every field it shows.
  public var edit: PlayerEdit {
    PlayerEdit(
      name: name, position: position.rawValue, image: image,
      favoriteChampions: selectedChampionIDs, lineup: lineup?.rawValue, riotID: riotID,
      realName: realName, nationality: nationality, birthDate: birthDate, joined: joined,
      contractEnd: contractEnd)
  }

  /// Selects a champion (after those already chosen), or unselects it when it was selected.
  public mutating func toggle(_ champion: Champion) {
    if let index = selectedChampionIDs.firstIndex(of: champion.id) {
      selectedChampionIDs.remove(at: index)
    } else {
      selectedChampionIDs.append(champion.id)
    }
  }

  /// Whether a champion is selected (drawn with a green border).
  public func isSelected(_ champion: Champion) -> Bool {
    selectedChampionIDs.contains(champion.id)
  }

  /// The selected champions, in the order they were chosen, as `catalog` knows them.
  public func favoriteChampions(in catalog: ChampionCatalog) -> [Champion] {
    selectedChampionIDs.compactMap(catalog.find)
  }
}

extension Player {
  /// This player's favourites with `chosen` as the new selection: those kept stay in their
  /// order, new ones follow in the order given. (A form's checkboxes come in catalog order.)
  public func favorites(keepingOrderWith chosen: [String], champions: ChampionCatalog)
    -> [String]
  {
    let current = favoriteChampions.map(\.id)
    let ids = chosen.map { champions.find($0)?.id ?? $0 }
    return current.filter(ids.contains) + ids.filter { !current.contains($0) }
  }
}

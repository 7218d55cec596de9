/// The state of the "Add player" form, kept by a view while the user types.
///
/// It lives here, not in the view, so that its behaviour (selection, defaults, what is
/// sent to ``EsportTeam/addPlayer(name:position:image:favoriteChampions:)``) is tested on
/// every platform.
public struct PlayerForm: Hashable, Sendable {
  public var name = ""
  public var position: Position = .top
  public var image = Player.defaultImage
  /// The ids of the selected champions.
  public private(set) var selectedChampionIDs: Set<Champion.ID> = []

  public init() {}

  /// The form filled with a player's fields, to edit them.
  public init(player: Player) {
    name = player.name
    position = player.position
    image = player.image
    selectedChampionIDs = Set(player.favoriteChampions.map(\.id))
  }

  /// Selects a champion, or unselects it when it was selected.
  public mutating func toggle(_ champion: Champion) {
    if selectedChampionIDs.remove(champion.id) == nil {
      selectedChampionIDs.insert(champion.id)
    }
  }

  /// Whether a champion is selected (drawn with a green border).
  public func isSelected(_ champion: Champion) -> Bool {
    selectedChampionIDs.contains(champion.id)
  }

  /// The selected champions, in catalog order.
  public var favoriteChampions: [Champion] {
    Champion.catalog.filter(isSelected)
  }
}

import TeamKit
import TeamStore

extension EsportTeam {
  /// A team kept in this device's database, showing its roster at once.
  @MainActor
  public convenience init(store: RosterStore) {
    self.init(
      source: LocalRoster(store: store), players: store.players, removed: store.removedPlayers)
  }
}

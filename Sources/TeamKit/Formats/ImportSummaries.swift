import Foundation

/// What an import says it will change beyond the players, before it changes anything.
extension RosterImport {
  /// `The week becomes the file’s: 3 events, and the hours of 1 player.`
  public static func weekSummary(_ week: Schedule, in language: Language) -> String {
    let events = week.events.count
    let hours = week.availability.count
    return language.localized(
      "The week becomes the file’s: %1$@, and %2$@.",
      events == 1 ? language.localized("1 event") : language.localized("%@ events", events),
      hours == 1
        ? language.localized("the hours of 1 player")
        : language.localized("the hours of %@ players", hours))
  }
  /// `The champion pools of the file’s 5 players become the file’s (12 champions).`
  public static func poolsSummary(
    _ pools: [UUID: [PoolEntry]], players: Int, in language: Language
  ) -> String {
    language.localized(
      "The champion pools of the file’s %1$@ players become the file’s (%2$@ champions).",
      players, pools.values.map(\.count).reduce(0, +))
  }
}

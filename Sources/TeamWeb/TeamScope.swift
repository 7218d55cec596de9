import Foundation
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore

/// The store as a handler may change a team: bound to the team whose role the door checked
/// (``RequestContext/scope``). What it adds goes to that team whatever the input names, and
/// what it changes by id must be that team's.
struct TeamScope: Sendable {
  let store: RosterStore
  let team: Team
  let author: String

  /// Adds a player to the team (with `photo`, in the same change).
  func addPlayer(_ input: PlayerInput, photo: Photo? = nil) async throws(RosterError) -> Player {
    var input = input
    input.team = team.id.text
    return try await store.addPlayer(input, photo: photo, by: author)
  }

  /// Plans an event of the team.
  func addEvent(_ input: EventInput) async throws(RosterError) -> TeamEvent {
    try await store.addEvent(input, team: team.id.text, by: author)
  }

  /// Puts the team's players in the order of `ids`.
  func reorder(_ ids: [UUID], expected: [UUID]?) async throws(RosterError) -> [Player] {
    try await store.reorder(ids, expected: expected, team: team.id.text, by: author)
  }

  /// A new calendar address for the team's events.
  func createFeed() async throws(RosterError) -> CalendarFeed {
    try await store.createFeed(team: team.id)
  }

  /// Revokes one of the team's calendar addresses, or one of its players'.
  /// - Throws: 404 when no address of this team has `secret`.
  func revokeFeed(_ secret: String) async throws {
    let roster = store.roster
    guard let feed = roster.schedule.feed(secret: secret),
      Self.team(of: feed, in: roster) == team.id
    else {
      throw HTTPError(404, localized("No calendar address of %@ has this secret.", team.name))
    }
    try await store.revokeFeed(secret)
  }

  /// The team a calendar address belongs to: its own, or its player's.
  static func team(of feed: CalendarFeed, in roster: Roster) -> UUID? {
    feed.teamID ?? feed.playerID.flatMap { roster.player(id: $0)?.teamID }
  }
}

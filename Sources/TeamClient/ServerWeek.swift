import Foundation
import Riot
import TeamAPI
import TeamKit

/// The week on the team's server (``TeamServer/week``): its API under `/api/week` and
/// `/api/calendar`.
struct ServerWeek: WeekSource {
  let server: TeamServer

  func of(team: String?) async throws -> TeamWeek {
    let week = try TeamJSON.decode(
      TeamWeek.self, from: try await server.call(.getWeek, query: Self.query(team: team)).data)
    // The verdicts come from the team's players, as the server has them.
    return week.with(players: try await server.organisation().players(in: week.team.id))
  }

  func setAvailability(of id: UUID, to availability: Availability) async throws {
    _ = try await server.call(
      .setAvailability, id.uuidString, body: TeamJSON.encode(availability))
  }

  func addEvent(_ input: EventInput, team: String?) async throws -> TeamEvent {
    try TeamJSON.decode(
      TeamEvent.self,
      from: try await server.call(
        .addEvent, query: Self.query(team: team), body: TeamJSON.encode(input)
      ).data)
  }

  func updateEvent(id: UUID, with input: EventInput) async throws -> TeamEvent {
    try TeamJSON.decode(
      TeamEvent.self,
      from: try await server.call(.editEvent, id.uuidString, body: TeamJSON.encode(input)).data
    )
  }

  func removeEvent(id: UUID, following: Bool) async throws {
    _ = try await server.call(
      .removeEvent, id.uuidString, query: following ? "?following=true" : "")
  }

  func restoreEvent(id: UUID) async throws -> TeamEvent {
    try TeamJSON.decode(
      TeamEvent.self, from: try await server.call(.restoreEvent, id.uuidString).data)
  }

  func logGames(_ games: [GameInput], of id: UUID) async throws -> TeamEvent {
    try TeamJSON.decode(
      TeamEvent.self,
      from: try await server.call(.logGames, id.uuidString, body: TeamJSON.encode(games)).data)
  }

  func answer(_ answer: TeamEvent.Answer?, for player: UUID, to event: UUID) async throws
    -> TeamEvent
  {
    let body = Data((answer.map { #"{"answer":"\#($0.rawValue)"}"# } ?? #"{"answer":null}"#).utf8)
    return try TeamJSON.decode(
      TeamEvent.self,
      from: try await server.call(.answerEvent, event.uuidString, player.uuidString, body: body)
        .data)
  }

  func calendarFeeds() async throws -> [CalendarFeed] {
    try TeamJSON.decode(
      [CalendarFeed].self, from: try await server.call(.listCalendarFeeds).data)
  }

  func createFeed(team: String?, player: UUID?) async throws -> CalendarFeed {
    var writer = JSONWriter()
    writer.object {
      if let player { $0.member("player", player) }
      if let team { $0.member("team", team) }
    }
    return try TeamJSON.decode(
      CalendarFeed.self,
      from: try await server.call(.addCalendarFeed, body: Data(writer.bytes)).data
    )
  }

  /// `?team=` naming a team, or nothing for the first team.
  static func query(team: String?) -> String {
    team.map { "?team=\(Endpoint.escaped($0))" } ?? ""
  }

  func revokeFeed(_ secret: String) async throws {
    _ = try await server.call(.revokeCalendarFeed, secret)
  }
}

/// The drafts and pools on the team's server (``TeamServer/drafts``).
struct ServerDrafts: DraftSource {
  let server: TeamServer

  func saveDraft(_ draft: GameDraft, game: Int, of id: UUID) async throws -> TeamEvent {
    try TeamJSON.decode(
      TeamEvent.self,
      from: try await server.call(
        .saveDraft, id.uuidString, String(game), body: TeamJSON.encode(draft)
      ).data)
  }

  func propose(_ input: ProposalInput, to id: UUID) async throws -> DraftProposal {
    let player = input.player?.uuidString ?? "team"
    return try TeamJSON.decode(
      DraftProposal.self,
      from: try await server.call(
        .proposeDraft, id.uuidString, player, body: TeamJSON.encode(input)
      ).data)
  }

  func setPool(of id: UUID, to pool: [PoolInput]) async throws -> [PoolEntry] {
    try TeamJSON.decode(
      [PoolEntry].self,
      from: try await server.call(.setPool, id.uuidString, body: TeamJSON.encode(pool)).data
    )
  }
}

/// The solo queue and the owner's Riot settings on the team's server (``TeamServer/riot``).
public struct ServerRiot: Sendable {
  let server: TeamServer

  /// A team's solo queue, the best ranked first, and the refresh under way.
  public func soloQueue(team: String?) async throws -> SoloQueue {
    try TeamJSON.decode(
      SoloQueue.self,
      from: try await server.call(.getSoloQueue, query: ServerWeek.query(team: team)).data)
  }

  /// Starts refreshing a team's players from Riot on the server.
  public func refresh(team: String?) async throws -> SoloQueue {
    try TeamJSON.decode(
      SoloQueue.self,
      from: try await server.call(.refreshSoloQueue, query: ServerWeek.query(team: team)).data)
  }

  /// The owner's Riot settings as the server has them (never the key).
  public func settings() async throws -> RiotSettingsShown {
    try TeamJSON.decode(RiotSettingsShown.self, from: try await server.call(.getRiotSettings).data)
  }

  /// Changes the owner's Riot settings (the key, the platform, the games kept).
  public func setSettings(_ input: RiotSettingsInput) async throws {
    _ = try await server.call(.setRiotSettings, body: TeamJSON.encode(input))
  }
}

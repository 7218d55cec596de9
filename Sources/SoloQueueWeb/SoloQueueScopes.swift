import Foundation
import Riot
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Solo queue's figures as a team route reads them: its players' only.
package struct TeamSoloQueue: TeamBoundRows {
  private let store: RosterStore
  private let team: Team

  package init(store: RosterStore, team: Team, author: String) {
    self.store = store
    self.team = team
  }

  /// The team's players' Riot accounts as last seen.
  func standings() throws(RosterError) -> [UUID: RiotStanding] {
    let players = Set(store.roster.players(in: team.id).map(\.id))
    return try store.riot.standings().filter { players.contains($0.key) }
  }
}

/// Riot's settings, as an owner changes them.
package struct OrganisationRiot: OrganisationBoundRows {
  private let store: RosterStore

  package init(store: RosterStore, author: String) { self.store = store }

  func apply(_ input: RiotSettingsInput) async throws { try await store.riot.apply(input) }
}

/// Riot's settings and the players' figures, as a handler reads them.
package struct RiotReads: ReadRows {
  private let store: RosterStore

  package init(store: RosterStore) { self.store = store }

  /// The organisation's Riot settings (the key itself never leaves the store).
  func settings() throws(RosterError) -> RiotSettings { try store.riot.settings() }

  /// Every player's Riot account as last seen.
  func standings() throws(RosterError) -> [UUID: RiotStanding] { try store.riot.standings() }
}

extension TeamScope {
  /// The team's players' Riot accounts as last seen.
  package func soloQueue() throws(RosterError) -> [UUID: RiotStanding] {
    try rows(TeamSoloQueue.self).standings()
  }
}

extension OrganisationScope {
  /// Sets the Riot key and the day's refresh (owners).
  package func setRiot(_ input: RiotSettingsInput) async throws {
    try await rows(OrganisationRiot.self, as: .owner).apply(input)
  }
}

extension StoreReads {
  /// The organisation's Riot settings (the key itself never leaves the store).
  package func riotSettings() throws(RosterError) -> RiotSettings {
    try rows(RiotReads.self).settings()
  }

  /// Every player's Riot account as last seen (a roster file carries them).
  package func standings() throws(RosterError) -> [UUID: RiotStanding] {
    try rows(RiotReads.self).standings()
  }
}

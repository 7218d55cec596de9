import Discord
import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Discord's rows as a team route changes them: the team the door checked, its players only.
package struct TeamDiscord: TeamBoundRows {
  private let store: RosterStore
  private let team: Team

  package init(store: RosterStore, team: Team, author: String) {
    self.store = store
    self.team = team
  }

  /// Sets the team's webhook (`""` off, nil kept), the kinds posted and their language.
  func set(webhook: String?, kinds: Set<DiscordKind>?, language: Language?, alsoAt origin: URL?)
    async throws(RosterError)
  {
    try await store.discord.setTeam(
      team: team.id, webhook: webhook, kinds: kinds, language: language, alsoAt: origin)
  }

  /// Queues a test post for the team's channel.
  func sendTest() async throws(RosterError) { try await store.discord.queueTestPost(team: team) }

  /// A new one-time code linking a Discord user to one of the team's players.
  func code(player id: UUID) async throws(RosterError) -> String {
    _ = try store.roster.owned(id, by: team)
    return try await store.discord.newCode(player: id, account: nil)
  }

  /// Unlinks the Discord user of one of the team's players.
  func unlink(player id: UUID) async throws(RosterError) {
    _ = try store.roster.owned(id, by: team)
    try await store.discord.unlink(player: id)
  }
}

/// The Discord application's settings, as an owner changes them.
package struct OrganisationDiscord: OrganisationBoundRows {
  private let store: RosterStore

  package init(store: RosterStore, author: String) { self.store = store }

  func setApplication(publicKey: String?, applicationID: String?) async throws(RosterError) {
    try await store.discord.setApplication(publicKey: publicKey, applicationID: applicationID)
  }
}

/// A person's own Discord link.
package struct AccountDiscord: AccountBoundRows {
  private let store: RosterStore
  private let account: String

  package init(store: RosterStore, account: String) {
    self.store = store
    self.account = account
  }

  /// A new one-time code linking a Discord user to this account.
  func code() async throws(RosterError) -> String {
    try await store.discord.newCode(player: nil, account: account)
  }

  /// Unlinks this account's Discord user.
  func unlink() async throws(RosterError) { try await store.discord.unlink(account: account) }
}

/// Discord's rows as a handler reads them.
package struct DiscordReads: ReadRows {
  private let store: RosterStore

  package init(store: RosterStore) { self.store = store }

  /// A team's settings.
  func team(_ team: UUID) throws(RosterError) -> DiscordTeamSettings {
    try store.discord.team(team)
  }

  /// A team's latest posts.
  func posts(team: UUID) throws(RosterError) -> [DiscordSent] {
    try store.discord.posts(team: team)
  }

  /// The organisation's Discord application.
  func application() throws(RosterError) -> DiscordApplication { try store.discord.application() }

  /// The Discord link of a player or of an account.
  func link(player: UUID? = nil, account: String? = nil) throws(RosterError) -> DiscordLink? {
    try store.discord.linked(player: player, account: account)
  }
}

extension TeamScope {
  /// The team's Discord.
  package var discord: TeamDiscord { rows(TeamDiscord.self) }
}

extension OrganisationScope {
  /// The Discord application, once the person's role is `access`.
  package func discord(as access: RoutePolicy.Access) throws(HTTPError) -> OrganisationDiscord {
    try rows(OrganisationDiscord.self, as: access)
  }
}

extension AccountScope {
  /// The account's Discord link.
  package var discord: AccountDiscord { rows(AccountDiscord.self) }
}

extension StoreReads {
  /// Discord's settings, posts and links.
  package var discord: DiscordReads { rows(DiscordReads.self) }
}

extension DiscordRows {
  /// A new one-time code linking a Discord user to a player or a staff account: its digest
  /// kept, the code itself shown once.
  fileprivate func newCode(player: UUID?, account: String?) async throws(RosterError) -> String {
    let code = DiscordSignature.newLinkCode()
    try await keepCode(digest: Secrets.digest(code), player: player, account: account)
    return code
  }
}

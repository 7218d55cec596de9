import Discord
import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// What the door and the interactions route need of the store for Discord's signed
/// requests: the signature's key, who a request acts as, whether it was answered before,
/// and the interactions answered as that identity. Made once by ``WebApp``.
package struct DiscordDesk: Sendable {
  private let store: RosterStore
  private let job: DiscordJob
  /// The wrong `/link` codes counted.
  let linkCodes: LinkCodeTries

  package init(store: RosterStore, job: DiscordJob) {
    self.store = store
    self.job = job
    linkCodes = LinkCodeTries(store: store)
  }

  /// Whether `request` is signed by the Discord application whose public key is given to
  /// the server or stored.
  package func isSigned(_ request: HTTPRequest) -> Bool {
    guard let key = job.publicKey, let signature = request.header("x-signature-ed25519"),
      let timestamp = request.header("x-signature-timestamp")
    else { return false }
    return DiscordSignature.isValid(
      publicKey: key, signature: signature, timestamp: timestamp, body: request.body,
      now: store.now())
  }

  /// Who a signed interaction acts as: the linked player (role player, on their team), a
  /// linked staff member (role player, no player: the week only), else a viewer of no team.
  package func identity(_ body: Result<any Sendable, HTTPError>?) -> Identity {
    let unlinked = Identity(name: "discord", role: .viewer, kind: .token("discord"), teams: [])
    guard case .success(let value)? = body, let json = value as? JSONValue,
      let user = DiscordInteractions.user(json),
      let link = (try? store.discord.linked(user: user.id)) ?? nil
    else { return unlinked }
    let name = "discord:" + link.userName
    if let player = link.player, let found = store.roster.player(id: player) {
      return Identity(
        name: name, role: .player, kind: .token("discord:" + user.id), teams: [found.teamID],
        player: player)
    }
    if let account = link.account,
      let record = (try? store.accounts.account(named: account)) ?? nil,
      record.role != .player
    {
      return Identity(
        name: name, role: .player, kind: .token("discord:" + user.id),
        teams: record.teams ?? Set(store.roster.teams.map(\.id)))
    }
    return unlinked
  }

  /// Whether the interaction `id` is new to the database (kept: a request sent again to any
  /// server of it is refused).
  func isNewInteraction(_ id: String) async throws(RosterError) -> Bool {
    try await store.discord.isNewInteraction(id)
  }

  /// The interactions answered as `identity`, at `now`.
  func interactions(as identity: Identity, now: Date) -> DiscordInteractions {
    DiscordInteractions(store: store, identity: identity, now: now, linkCodes: linkCodes)
  }
}

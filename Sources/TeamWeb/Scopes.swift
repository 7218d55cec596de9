import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore

/// What a handler reads beside the roster (``RequestContext/reads``): the rows kept outside
/// the snapshot, read-only. Who may read what the door decided (docs/PRIVACY.md).
struct StoreReads: Sendable {
  private let store: RosterStore

  init(store: RosterStore) { self.store = store }

  /// The history, the newest first: after the id `after`, of one player when given.
  func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 200) throws(RosterError)
    -> [RosterChange]
  {
    try store.history(after: after, player: player, limit: limit)
  }

  /// The teams a player was on before their team now, the latest first.
  func tenures(of player: UUID) throws(RosterError) -> [Tenure] { try store.tenures(of: player) }

  /// A stored photo (a JPEG) by its hash.
  func photo(hash: String) throws(RosterError) -> Data? { try store.photo(hash: hash) }

  /// Every roster player's photo, for an export.
  func photoFiles() throws(RosterError) -> [UUID: Data] { try store.photoFiles() }

  /// A team's week, or the first team's.
  func week(team: String?) throws(RosterError) -> TeamWeek { try store.weekRows.week(team: team) }

  /// The organisation's Riot settings (the key itself never leaves the store).
  func riotSettings() throws(RosterError) -> RiotSettings { try store.riot.settings() }

  /// Every player's Riot account as last seen.
  func standings() throws(RosterError) -> [UUID: RiotStanding] { try store.riot.standings() }

  /// A team's Discord settings.
  func discord(team: UUID) throws(RosterError) -> DiscordTeamSettings {
    try store.discord.team(team)
  }

  /// A team's latest Discord posts.
  func discordPosts(team: UUID) throws(RosterError) -> [DiscordSent] {
    try store.discord.posts(team: team)
  }

  /// The organisation's Discord application.
  func discordApplication() throws(RosterError) -> DiscordApplication {
    try store.discord.application()
  }

  /// The Discord link of a player or of an account.
  func discordLink(player: UUID? = nil, account: String? = nil) throws(RosterError)
    -> DiscordLink?
  {
    try store.discord.linked(player: player, account: account)
  }

  /// An import, by its number.
  func importRecord(_ id: Int64) throws(RosterError) -> ImportRecord? {
    try store.importRows.importRecord(id)
  }
}

/// Where an import goes: one team (``TeamScope``) or the whole organisation
/// (``OrganisationScope``), one import at a time across the organisation's servers.
protocol ImportTarget: Sendable {
  /// The team imported into; nil for the whole organisation.
  var importedTeam: Team? { get }
  /// Runs `body` as the organisation's one import under way.
  /// - Throws: ``ImportRunningError`` when another one is.
  func importTurn<T>(_ body: () async throws -> T) async throws -> T
  /// What importing `data` would change, on a reader beside the writer.
  func planImport(_ data: Data, mode: RosterImport.Mode) async throws -> RosterImport
  /// Applies a plan made for this target.
  func importRoster(_ plan: RosterImport, photos: [UUID: Photo]) async throws(RosterError)
    -> ImportRecord
}

extension TeamScope: ImportTarget {
  var importedTeam: Team? { team }
}

/// The store as a handler may change the organisation as a whole
/// (``RequestContext/organisation``): each change checks again the identity's role on the
/// organisation, whatever the route declared.
struct OrganisationScope: ImportTarget {
  private let store: RosterStore
  let identity: Identity
  let language: Language

  init(store: RosterStore, identity: Identity, language: Language) {
    self.store = store
    self.identity = identity
    self.language = language
  }

  var importedTeam: Team? { nil }
  private var author: String { identity.name }

  private func check(_ access: RoutePolicy.Access) throws(HTTPError) {
    try WebApp.check(identity, may: access, on: nil, in: language)
  }

  /// Renames the organisation (owners).
  func rename(_ name: String) async throws {
    try check(.owner)
    try await store.teamRows.renameOrganisation(name, by: author)
  }

  /// Adds a team (owners).
  func addTeam(_ input: TeamInput) async throws -> Team {
    try check(.owner)
    return try await store.teamRows.addTeam(input, by: author)
  }

  /// Sets the Riot key and the day's refresh (owners).
  func setRiot(_ input: RiotSettingsInput) async throws {
    try check(.owner)
    try await store.riot.apply(input)
  }

  /// Sets the Discord application's key and id (owners).
  func setDiscordApplication(publicKey: String?, applicationID: String?) async throws {
    try check(.owner)
    try await store.discord.setApplication(publicKey: publicKey, applicationID: applicationID)
  }

  func importTurn<T>(_ body: () async throws -> T) async throws -> T {
    try check(.editor)
    return try await store.importRows.importTurn(body)
  }

  func planImport(_ data: Data, mode: RosterImport.Mode) async throws -> RosterImport {
    try check(.editor)
    return try await store.importRows.planImportAside(data, team: nil, mode: mode)
  }

  func importRoster(_ plan: RosterImport, photos: [UUID: Photo]) async throws(RosterError)
    -> ImportRecord
  {
    guard plan.team == nil, WebApp.allows(identity, .editor, on: nil) else {
      throw .teamNotFound(plan.team?.tag ?? "")
    }
    return try await store.importRows.importRoster(plan, photos: photos, by: author)
  }

  /// Undoes an import of the whole organisation (editors).
  func undoImport(_ id: Int64) async throws {
    try check(.editor)
    try await store.importRows.undoImport(id, by: author)
  }
}

/// What a signed-in person changes of their own account (``RequestContext/account``).
struct AccountScope: Sendable {
  private let store: RosterStore
  /// The account's name.
  let name: String

  init(store: RosterStore, name: String) {
    self.store = store
    self.name = name
  }

  /// A new one-time code linking a Discord user to this account.
  func discordCode() async throws(RosterError) -> String {
    try await store.discord.newCode(account: name)
  }

  /// Unlinks this account's Discord user.
  func unlinkDiscord() async throws(RosterError) { try await store.discord.unlink(account: name) }
}

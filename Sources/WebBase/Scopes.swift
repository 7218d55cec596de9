import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore

/// What a handler reads beside the roster (``RequestContext/reads``): the rows kept outside
/// the snapshot, read-only. Who may read what the door decided (docs/PRIVACY.md).
package struct StoreReads: Sendable {
  private let store: RosterStore

  package init(store: RosterStore) { self.store = store }

  /// The history, the newest first: after the id `after`, of one player when given.
  package func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 200) throws(RosterError)
    -> [RosterChange]
  {
    try store.history(after: after, player: player, limit: limit)
  }

  /// The teams a player was on before their team now, the latest first.
  package func tenures(of player: UUID) throws(RosterError) -> [Tenure] {
    try store.playerRows.tenures(of: player)
  }

  /// A stored photo (a JPEG) by its hash.
  package func photo(hash: String) throws(RosterError) -> Data? {
    try store.playerRows.photo(hash: hash)
  }

  /// Every roster player's photo, for an export.
  package func photoFiles() throws(RosterError) -> [UUID: Data] {
    try store.playerRows.photoFiles()
  }

  /// A team's week, or the first team's.
  package func week(team: String?) throws(RosterError) -> TeamWeek {
    try store.weekRows.week(team: team)
  }

  /// A feature's rows, read-only.
  package func rows<R: ReadRows>(_ type: R.Type) -> R { R(store: store) }

  /// An import, by its number.
  package func importRecord(_ id: Int64) throws(RosterError) -> ImportRecord? {
    try store.importRows.importRecord(id)
  }
}

/// Where an import goes: one team (``TeamScope``) or the whole organisation
/// (``OrganisationScope``), one import at a time across the organisation's servers.
package protocol ImportTarget: Sendable {
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
  package var importedTeam: Team? { team }
}

/// The store as a handler may change the organisation as a whole
/// (``RequestContext/organisation``): each change checks again the identity's role on the
/// organisation, whatever the route declared.
package struct OrganisationScope: ImportTarget {
  private let store: RosterStore
  package let identity: Identity
  package let language: Language

  package init(store: RosterStore, identity: Identity, language: Language) {
    self.store = store
    self.identity = identity
    self.language = language
  }

  package var importedTeam: Team? { nil }
  private var author: String { identity.name }

  private func check(_ access: RoutePolicy.Access) throws(HTTPError) {
    try Door.check(identity, may: access, on: nil, in: language)
  }

  /// Renames the organisation (owners).
  package func rename(_ name: String) async throws {
    try check(.owner)
    try await store.teamRows.renameOrganisation(name, by: author)
  }

  /// Adds a team (owners).
  package func addTeam(_ input: TeamInput) async throws -> Team {
    try check(.owner)
    return try await store.teamRows.addTeam(input, by: author)
  }

  /// A feature's rows, once the person's role is `access`.
  package func rows<R: OrganisationBoundRows>(_ type: R.Type, as access: RoutePolicy.Access)
    throws(HTTPError) -> R
  {
    try check(access)
    return R(store: store, author: author)
  }

  package func importTurn<T>(_ body: () async throws -> T) async throws -> T {
    try check(.editor)
    return try await store.importRows.importTurn(body)
  }

  package func planImport(_ data: Data, mode: RosterImport.Mode) async throws -> RosterImport {
    try check(.editor)
    return try await store.importRows.planImportAside(data, team: nil, mode: mode)
  }

  package func importRoster(_ plan: RosterImport, photos: [UUID: Photo]) async throws(RosterError)
    -> ImportRecord
  {
    guard plan.team == nil, Door.allows(identity, .editor, on: nil) else {
      throw .teamNotFound(plan.team?.tag ?? "")
    }
    return try await store.importRows.importRoster(plan, photos: photos, by: author)
  }

  /// Undoes an import of the whole organisation (editors).
  package func undoImport(_ id: Int64) async throws {
    try check(.editor)
    try await store.importRows.undoImport(id, by: author)
  }
}

/// What a signed-in person changes of their own account (``RequestContext/account``).
package struct AccountScope: Sendable {
  private let store: RosterStore
  /// The account's name.
  package let name: String

  package init(store: RosterStore, name: String) {
    self.store = store
    self.name = name
  }

  /// A feature's rows for this account.
  package func rows<R: AccountBoundRows>(_ type: R.Type) -> R { R(store: store, account: name) }
}

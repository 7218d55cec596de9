import Foundation
import TeamClient
import TeamKit
import TeamPhoto
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// The databases the store runs on. Every test of the store's behaviour runs on both, so that
/// no feature exists on one only; tests of SQLite's file itself (damage, migrations of old
/// files, backups) run on SQLite.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite, postgres
  var testDescription: String { rawValue }
}

/// A new, empty database of one backend: a file in a temporary folder, or a database of its
/// own on the test run's PostgreSQL server (``TestPostgres``). Opened as often as a test likes,
/// always the same database.
struct TestDatabase: Sendable {
  let backend: Backend
  let location: DatabaseLocation

  init(_ backend: Backend, in folder: TemporaryFolder) throws {
    self.backend = backend
    switch backend {
    case .sqlite: location = .file(folder.path("data/roster.sqlite"))
    case .postgres: location = .postgres(try TestPostgres.newDatabase())
    }
  }

  /// Opens the store on the database.
  func open(now: @escaping @Sendable () -> Date = Date.init) throws -> RosterStore {
    switch location {
    case .file(let path): try RosterStore(path: path, now: now)
    case .postgres(let url): try RosterStore(postgres: url, now: now)
    case .inMemory: try RosterStore.inMemory()
    }
  }
}

extension RosterStore {
  /// Imports a file as the web and the CLI do: planned against the roster as it is, then
  /// applied.
  @discardableResult
  func importing(
    _ file: String, team: String? = nil, mode: RosterImport.Mode = .merge
  ) async throws -> ImportRecord {
    try await importing(Data(file.utf8), team: team, mode: mode)
  }

  @discardableResult
  func importing(
    _ data: Data, team: String? = nil, mode: RosterImport.Mode = .merge
  ) async throws -> ImportRecord {
    let plan = try importRows.planImport(data, team: team.flatMap { roster.team($0) }, mode: mode)
    return try await importRows.importRoster(plan, photos: try await Self.checked(plan), by: "test")
  }

  /// The plan's photos, checked as the server checks them; when every decoder is taken (the
  /// test run decodes photos in parallel), asked again a little later, as a client would.
  static func checked(_ plan: RosterImport) async throws -> [UUID: Photo] {
    for _ in 0..<50 {
      do {
        return try await plan.checkedPhotos()
      } catch {
        guard error.description.contains(PhotoError.busy.description) else { throw error }
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    return try await plan.checkedPhotos()
  }
}

extension EsportTeam {
  /// The app's team over a store, showing its roster at once, as the app opens it.
  @MainActor convenience init(store: RosterStore) {
    self.init(
      source: LocalRoster(store: store), players: store.players, removed: store.removedPlayers)
  }
}

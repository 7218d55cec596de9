import Foundation
import TeamKit
import TeamPhoto

/// This device's database as an ``EsportTeam``'s source: the Apple app's roster on its own.
public final class LocalRoster: RosterSource {
  public let store: RosterStore
  public var name: String { localized("This device") }

  public init(store: RosterStore) { self.store = store }

  public func players() async throws -> [Player] { store.players }

  public func removedPlayers() async throws -> [RemovedPlayer] { store.removedPlayers }

  public func addPlayer(_ input: PlayerInput) async throws -> Player {
    try await committed { store.addPlayer(input, then: $0) }
  }

  public func updatePlayer(id: UUID, with edit: PlayerEdit, expected: Player?) async throws
    -> Player
  {
    do {
      return try await committed {
        store.updatePlayer(id: id, with: edit, expected: expected, then: $0)
      }
    } catch RosterError.changed(let current) {
      throw PlayerChangedError(current: current)
    }
  }

  public func removePlayer(id: UUID) async throws {
    _ = try await committed { store.removePlayer(id: id, then: $0) }
  }

  public func restorePlayer(id: UUID) async throws -> Player {
    try await committed { store.restorePlayer(id: id, then: $0) }
  }

  public func reorder(_ ids: [UUID], expected: [UUID]?) async throws {
    _ = try await committed { store.reorder(ids, expected: expected, then: $0) }
  }

  /// The result of a write asked of the store, awaited without holding a thread.
  private func committed<T: Sendable>(
    _ submit: (@escaping @Sendable (Result<T, RosterError>) -> Void) -> Void
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      submit { continuation.resume(with: $0) }
    }
  }

  /// Re-encodes the image as the server does (TeamPhoto), then keeps it with the roster.
  public func setPhoto(of id: UUID, to image: Data?) async throws -> Player {
    let photo = try image.map { data throws(PhotoError) in try Photo(upload: data) }
    return try store.setPhoto(of: id, to: photo.map { ($0.jpeg, $0.hash) })
  }

  public func photo(_ hash: String) async throws -> Data? { try store.photo(hash: hash) }

  /// The app alone writes its database: nothing happens elsewhere.
  public func events() -> AsyncStream<SourceEvent> { AsyncStream { $0.finish() } }
}

extension EsportTeam {
  /// A team kept in this device's database, showing its roster at once.
  @MainActor
  public convenience init(store: RosterStore) {
    self.init(
      source: LocalRoster(store: store), players: store.players, removed: store.removedPlayers)
  }
}

import CSQLite
import Foundation
import Synchronization
import TeamKit

/// The roster at one moment, with a version that increases on every committed change.
public struct Roster: Hashable, Sendable {
  public let version: Int
  public let players: [Player]

  /// The player with this id, if any.
  public func player(id: UUID) -> Player? { players.first { $0.id == id } }
}

/// The team's roster in a SQLite file: durable, and safe to call from many threads at once.
///
/// Reads return an in-memory snapshot and never touch the disk. Writes go one at a time
/// through a single connection; each is one transaction and returns only once committed
/// with `synchronous=FULL`, so a change that was acknowledged survives a power loss.
public final class RosterStore: RosterStorage, Sendable {
  /// The file's path, or `:memory:`.
  public let path: String

  private let writer: Mutex<Writer>
  private let state: Mutex<State>

  private struct State {
    var roster: Roster
    var observers: [Int: @Sendable (Roster) -> Void] = [:]
    var nextObserverID = 0
  }

  /// Opens the roster database at `path`, creating it (and its folders) when missing.
  /// A brand-new database starts with the brief's default roster.
  /// - Throws: ``StoreOpenError`` when the file is not a SQLite database, has a newer
  ///   schema than this build knows or a row that is not a player (the file is not
  ///   modified), or cannot be read.
  public convenience init(path: String) throws(StoreOpenError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateFolder(path: path, folder: folder.path)
    }
    try self.init(path: path, create: true)
  }

  /// A throwaway roster in memory, seeded with the default roster.
  public static func inMemory() throws(StoreOpenError) -> RosterStore {
    try RosterStore(path: ":memory:", create: true)
  }

  private init(path: String, create: Bool) throws(StoreOpenError) {
    self.path = path
    do {
      let writer = try Writer(Connection(path: path, create: create))
      let players = try writer.loadPlayers()
      self.writer = Mutex(writer)
      state = Mutex(State(roster: Roster(version: 1, players: players)))
    } catch let error as StoreOpenError {
      throw error
    } catch let error as SQLiteError {
      throw .unreadable(error)
    } catch {
      throw .unreadable(SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: path))
    }
  }

  // MARK: - Reads (memory only)

  /// The current roster.
  public var roster: Roster { state.withLock { $0.roster } }

  /// The players, in roster order.
  public var players: [Player] { roster.players }

  // MARK: - Writes

  /// Validates `input` against the roster, stores the new player at the end and returns it.
  /// - Throws: ``RosterError/invalid(_:)`` or ``RosterError/conflict(_:)`` (nothing
  ///   stored), or ``RosterError/storage(_:)``.
  @discardableResult
  public func addPlayer(_ input: PlayerInput) throws(RosterError) -> Player {
    try write { writer, players in
      let player = try input.validated { writer.pseudos[$0] }
      try writer.insert(player)
      return (players + [player], player)
    }
  }

  /// Removes the player with this id and returns them.
  /// - Throws: ``RosterError/notFound(_:)`` when no player has this id (nothing changes), or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func removePlayer(id: UUID) throws(RosterError) -> Player {
    try write { writer, players in
      guard let player = players.first(where: { $0.id == id }) else {
        throw RosterError.notFound(id)
      }
      try writer.delete(player)
      return (players.filter { $0.id != id }, player)
    }
  }

  /// Replaces the whole roster with `inputs`, all or nothing: every entry is validated
  /// (pseudos unique among them) before anything is written.
  /// - Parameter ids: ids to keep, by position in `inputs`; others get new ids.
  /// - Throws: ``RosterError/invalidEntry(index:name:_:)`` naming the first invalid entry,
  ///   or ``RosterError/storage(_:)``.
  public func replaceRoster(with inputs: [PlayerInput], ids: [UUID?] = []) throws(RosterError) {
    var validated: [Player] = []
    var pseudos: [String: String] = [:]
    var seenIDs: Set<UUID> = []
    for (index, input) in inputs.enumerated() {
      let id = (index < ids.count ? ids[index] : nil) ?? UUID()
      guard seenIDs.insert(id).inserted else {
        throw .invalidEntry(
          index: index, name: input.name,
          ValidationError(.name, "Give each player its own id: \(id) appears twice."))
      }
      do {
        let player = try input.validated(id: id) { pseudos[$0] }
        pseudos[Player.nameKey(player.name)] = player.name
        validated.append(player)
      } catch {
        throw .invalidEntry(index: index, name: input.name, error)
      }
    }
    try write { writer, _ in
      try writer.deleteAll()
      for player in validated { try writer.insert(player) }
      return (validated, ())
    }
  }

  /// The connection's settings that durability and integrity rest on.
  struct Pragmas {
    var journalMode: String
    var synchronous, foreignKeys, busyTimeout: Int64
  }

  func pragmas() throws -> Pragmas {
    try writer.withLock { writer in
      let db = writer.connection
      var mode = ""
      try db.prepare("PRAGMA journal_mode").forEachRow { mode = $0.text(0) }
      return Pragmas(
        journalMode: mode, synchronous: try db.scalar("PRAGMA synchronous"),
        foreignKeys: try db.scalar("PRAGMA foreign_keys"),
        busyTimeout: try db.scalar("PRAGMA busy_timeout"))
    }
  }

  /// Calls `handler` with the new roster after every committed change, on the thread that
  /// made it. Two changes made at once may be told in either order: keep the roster with the
  /// highest ``Roster/version``. Returns an id for ``removeObserver(_:)``.
  @discardableResult
  public func onChange(_ handler: @escaping @Sendable (Roster) -> Void) -> Int {
    state.withLock {
      let id = $0.nextObserverID
      $0.nextObserverID += 1
      $0.observers[id] = handler
      return id
    }
  }

  /// Stops calling a handler registered with ``onChange(_:)``.
  public func removeObserver(_ id: Int) {
    _ = state.withLock { $0.observers.removeValue(forKey: id) }
  }

  /// Picks up what another process (the CLI beside a running server) committed. Cheap
  /// when nothing changed: SQLite answers from the WAL index in shared memory.
  /// - Throws: ``RosterError/storage(_:)``; the snapshot is then unchanged.
  public func refresh() throws(RosterError) {
    let published = try storageErrors {
      try writer.withLock { writer -> (Roster, [@Sendable (Roster) -> Void])? in
        let dataVersion = try writer.dataVersion()
        guard dataVersion != writer.seenDataVersion else { return nil }
        let players = try writer.connection.readTransaction { try writer.loadPlayers() }
        writer.seenDataVersion = dataVersion
        return publish(Roster(version: roster.version + 1, players: players))
      }
    }
    if let (roster, handlers) = published {
      for handler in handlers { handler(roster) }
    }
  }

  /// Runs `body`, turning what it throws into a ``RosterError``.
  private func storageErrors<T>(_ body: () throws -> T) throws(RosterError) -> T {
    do {
      return try body()
    } catch let error as RosterError {
      throw error
    } catch let error as ValidationError {
      throw .rejected(error)
    } catch let error as SQLiteError {
      throw .storage(error)
    } catch {
      // An unreadable row met while reloading what another process wrote.
      throw .storage(SQLiteError(code: SQLITE_CORRUPT, message: "\(error)", path: path))
    }
  }

  /// Runs one change in a transaction while holding the writer, then publishes the new
  /// snapshot. `change` gets the current players and returns the new ones, or nil when it
  /// changed nothing.
  private func write<T: Sendable>(
    _ change: (Writer, [Player]) throws -> ([Player]?, T)
  ) throws(RosterError) -> T {
    let (published, result) = try storageErrors {
      try writer.withLock { writer in
        let (roster, result, dataVersion) = try writer.rollingBack {
          // Another process may have committed since our last look: then start from disk.
          var current = self.roster
          var reloaded = false
          let dataVersion = try writer.dataVersion()
          if dataVersion != writer.seenDataVersion {
            current = Roster(version: current.version, players: try writer.loadPlayers())
            reloaded = true
          }
          let (players, result) = try change(writer, current.players)
          let changed = players ?? (reloaded ? current.players : nil)
          return (
            changed.map { Roster(version: current.version + 1, players: $0) }, result, dataVersion
          )
        }
        writer.seenDataVersion = dataVersion
        return (roster.map(publish), result)
      }
    }
    if let (roster, handlers) = published {
      for handler in handlers { handler(roster) }
    }
    return result
  }

  /// Makes `roster` the snapshot readers see; returns the observers to tell.
  private func publish(_ roster: Roster) -> (Roster, [@Sendable (Roster) -> Void]) {
    state.withLock {
      $0.roster = roster
      return (roster, Array($0.observers.values))
    }
  }
}

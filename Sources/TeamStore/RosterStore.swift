import CSQLite
import Foundation
import Synchronization
import TeamKit
import TeamPhoto

/// The team's roster in a SQLite file: durable, and safe to use from many threads at once.
///
/// Reads of the roster return an in-memory snapshot and never touch the disk; reads of the
/// rest (history, photos, accounts) use connections of their own and never wait for a
/// commit. Every write is `async`: it goes to a single connection on one committer thread,
/// where those asked for at the same moment share a transaction (group commit), and returns
/// only once committed with `synchronous=FULL`, so a change that was acknowledged survives a
/// power loss.
public final class RosterStore: Sendable {
  /// The history's author of changes made at the machine (the CLI, loopback use).
  public static let local = "local"

  /// The file's path, or `:memory:`.
  public let path: String
  /// The time of removals, and of the purge of those older than 30 days.
  let now: @Sendable () -> Date

  let writer: Mutex<Writer>
  let state: Mutex<State>
  /// Writes waiting for the next commit.
  let commits = CommitQueue()
  /// Connections that read what is committed; nil in memory, where the writer's is the only
  /// one.
  private let readers: ReadPool?

  struct State {
    var roster: Roster
    var observers: [Int: @Sendable (RosterUpdate) -> Void] = [:]
    var nextObserverID = 0
  }

  /// Opens the roster database at `path`, creating it (and its folders) when missing.
  /// A brand-new database starts with the brief's default roster.
  /// - Throws: ``StoreOpenError`` when the file is not a SQLite database, has a newer
  ///   schema than this build knows or a row that is not a player (the file is not
  ///   modified), or cannot be read.
  /// - Parameter now: the clock (tests give a fixed one).
  public convenience init(path: String, now: @escaping @Sendable () -> Date = Date.init)
    throws(StoreOpenError)
  {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateFolder(path: path, folder: folder.path)
    }
    try self.init(path: path, create: true, now: now)
  }

  /// A throwaway roster in memory, seeded with the default roster.
  public static func inMemory() throws(StoreOpenError) -> RosterStore {
    try RosterStore(path: ":memory:", create: true, now: Date.init)
  }

  private init(path: String, create: Bool, now: @escaping @Sendable () -> Date)
    throws(StoreOpenError)
  {
    self.path = path
    self.now = now
    do {
      let writer = try Writer(Connection(path: path, create: create))
      try writer.connection.transaction { try writer.purge(removedBefore: Self.cutoff(now())) }
      state = Mutex(State(roster: try writer.reloaded(1)))
      self.writer = Mutex(writer)
      // After the writer: the file exists now, and the readers know it by its inode.
      readers = path == ":memory:" ? nil : ReadPool(path: path)
    } catch let error as StoreOpenError {
      throw error
    } catch let error as SQLiteError {
      switch error.code & 0xFF {
      case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
        throw .notWritable(path: path, detail: error.message)
      case SQLITE_CORRUPT: throw .damaged(path: path, detail: error.message)
      default: throw .unreadable(error)
      }
    } catch {
      throw .unreadable(SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: path))
    }
  }

  // MARK: - Reads

  /// The current roster.
  public var roster: Roster { state.withLock { $0.roster } }

  /// The players, in roster order.
  public var players: [Player] { roster.players }

  /// "Recently removed", the latest removal first.
  public var removedPlayers: [RemovedPlayer] { roster.removed }

  /// The history, the newest first: entries after the id `after`, of one player when given,
  /// at most `limit`. (Read from the file: it includes other processes' changes.)
  /// - Throws: ``RosterError/storage(_:)``.
  public func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 200) throws(RosterError)
    -> [RosterChange]
  {
    try read { try $0.history(after: after, player: player, limit: limit) }
  }

  /// The stored photo with this hash (a JPEG), or nil.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photo(hash: String) throws(RosterError) -> Data? {
    try read { try $0.photo(hash: hash) }
  }

  /// Every stored photo of a player on the roster (JPEGs), by player: for an export.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photoFiles() throws(RosterError) -> [UUID: Data] {
    let hashes = roster.photos
    return try read { connection in
      var files: [UUID: Data] = [:]
      for (id, hash) in hashes { files[id] = try connection.photo(hash: hash) }
      return files
    }
  }

  /// Runs `body` with a connection that reads what is committed without waiting for a
  /// commit under way (WAL lets readers and the writer go on together). In memory the
  /// writer's connection is the only one.
  func read<T>(_ body: (Connection) throws -> T) throws(RosterError) -> T {
    do {
      guard let readers else { return try writer.withLock { try body($0.connection) } }
      return try readers.read(body)
    } catch {
      throw Self.rosterError(error, path: path)
    }
  }

  // MARK: - Writes

  /// Validates `input` against the roster, stores the new player at the end (with `photo`,
  /// in the same transaction) and returns them. A new player is a starter while the roster
  /// has fewer than five starters, unless the input says otherwise.
  /// - Parameter author: who the history records the change as.
  /// - Throws: ``RosterError/invalid(_:)`` or ``RosterError/conflict(_:)`` (nothing
  ///   stored), or ``RosterError/storage(_:)``.
  @discardableResult
  public func addPlayer(_ input: PlayerInput, photo: Photo? = nil, by author: String = local)
    async throws(RosterError) -> Player
  {
    try await perform { [now] writer, roster in
      var player = try input.validated(defaultLineup: Lineup.forNewPlayer(in: roster.players)) {
        writer.pseudos[$0]
      }
      try writer.insert(player)
      var photos = roster.photos
      if let photo {
        try writer.setPhoto(of: player.id, jpeg: photo.jpeg, hash: photo.hash)
        photos[player.id] = photo.hash
        player.photo = photo.hash
      }
      try writer.record(.added, before: nil, after: player, author: author, at: now())
      return (roster.with(players: roster.players + [player]).with(photos: photos), player)
    }
  }

  /// Changes the fields `edit` gives of a player (and their photo, when given), checked as a
  /// new player is (the pseudo may stay theirs, in any case), and returns them as stored.
  /// - Parameter expected: the player as the caller last saw them; when given and the
  ///   player has changed since, nothing is written.
  /// - Throws: ``RosterError/changed(_:)`` with the current player when `expected` is
  ///   outdated, ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)``,
  ///   ``RosterError/conflict(_:)`` or ``RosterError/storage(_:)``.
  @discardableResult
  public func updatePlayer(
    id: UUID, with edit: PlayerEdit, expected: Player? = nil, photo: Photo? = nil,
    by author: String = local
  ) async throws(RosterError) -> Player {
    try await perform { [now] writer, roster in
      guard let index = roster.players.firstIndex(where: { $0.id == id }) else {
        throw RosterError.notFound(id)
      }
      let current = roster.players[index]
      if let expected, !expected.hasSameFields(as: current) { throw RosterError.changed(current) }
      var player = try edit.applied(to: current) { writer.pseudos[$0] }
      var photos = roster.photos
      if let photo, photo.hash != current.photo {
        try writer.setPhoto(of: id, jpeg: photo.jpeg, hash: photo.hash)
        photos[id] = photo.hash
        player.photo = photo.hash
      }
      guard player != current else { return (nil, player) }
      if !player.hasSameFields(as: current) {
        try writer.update(player, was: current)
        try writer.record(.edited, before: current, after: player, author: author, at: now())
      }
      var players = roster.players
      players[index] = player
      return (roster.with(players: players).with(photos: photos), player)
    }
  }

  /// Moves a player to "Recently removed", where they can be restored for 30 days, and
  /// returns them.
  /// - Throws: ``RosterError/notFound(_:)`` when no player on the roster has this id
  ///   (nothing changes), or ``RosterError/storage(_:)``.
  @discardableResult
  public func removePlayer(id: UUID, by author: String = local) async throws(RosterError)
    -> Player
  {
    try await perform { [now] writer, roster in
      guard let player = roster.player(id: id) else { throw RosterError.notFound(id) }
      let removal = RemovedPlayer(player: player, removedAt: now())
      try writer.remove(removal)
      try writer.record(.removed, before: player, after: nil, author: author, at: now())
      return (roster.removing(removal), player)
    }
  }

  /// Puts a player from "Recently removed" back at their place in the roster's order, with
  /// every field as it was, and returns them.
  /// - Throws: ``RosterError/notFound(_:)`` when no removed player has this id,
  ///   ``RosterError/conflict(_:)`` when their pseudo is now someone else's, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func restorePlayer(id: UUID, by author: String = local) async throws(RosterError)
    -> Player
  {
    try await perform { [now] writer, roster in
      guard let removal = roster.removal(id: id) else { throw RosterError.notFound(id) }
      var player = removal.player
      player.photo = roster.photos[id]
      if let other = writer.pseudos[Player.nameKey(player.name)] {
        throw RosterError.conflict(
          ValidationError(
            .name,
            Message(
              "“%1$@” is on the roster now; rename them before restoring %2$@.", other,
              player.name),
            isConflict: true))
      }
      try writer.restore(player)
      try writer.record(.restored, before: nil, after: player, author: author, at: now())
      let (players, _) = try writer.load()
      return (
        Roster(
          version: roster.version, players: players,
          removed: roster.removed.filter { $0.id != id }, photos: roster.photos),
        player
      )
    }
  }

  /// Moves a player to position `index` (from 0) of the roster's order.
  /// - Throws: ``RosterError/notFound(_:)`` or ``RosterError/storage(_:)``.
  public func movePlayer(id: UUID, to index: Int, by author: String = local)
    async throws(RosterError)
  {
    try await perform { [now] writer, roster in
      guard let from = roster.players.firstIndex(where: { $0.id == id }) else {
        throw RosterError.notFound(id)
      }
      var players = roster.players
      let player = players.remove(at: from)
      players.insert(player, at: min(max(index, 0), players.count))
      guard players != roster.players else { return (nil, ()) }
      try writer.setOrder(players)
      try writer.record(.moved, before: player, after: player, author: author, at: now())
      return (roster.with(players: players), ())
    }
  }

  /// Puts the players in the order of `ids`, which must name every player of the roster
  /// once, and returns them in that order.
  /// - Parameter expected: the order the caller last saw; when given and the roster's order
  ///   or players have changed since, nothing is written.
  /// - Throws: ``RosterError/orderChanged`` when `expected` is outdated,
  ///   ``RosterError/rosterChanged`` when `ids` are not the roster's players, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func reorder(_ ids: [UUID], expected: [UUID]? = nil, by author: String = local)
    async throws(RosterError) -> [Player]
  {
    try await perform { [now] writer, roster in
      let current = roster.players.map(\.id)
      if let expected, expected != current { throw RosterError.orderChanged }
      guard ids.count == current.count, Set(ids) == Set(current) else {
        throw RosterError.rosterChanged
      }
      guard ids != current else { return (nil, roster.players) }
      let byID = Dictionary(uniqueKeysWithValues: roster.players.map { ($0.id, $0) })
      let players = ids.compactMap { byID[$0] }
      try writer.setOrder(players)
      try writer.record(
        .moved, before: nil, after: nil, author: author, at: now(), name: "the roster")
      return (roster.with(players: players), players)
    }
  }

  /// Replaces the whole roster with `inputs`, all or nothing: every entry is validated
  /// (pseudos unique among them) before anything is written. "Recently removed" is emptied:
  /// an import is a new roster.
  /// - Parameters:
  ///   - ids: ids to keep, by position in `inputs`; others get new ids.
  ///   - photos: photos to give players, by id, in the same transaction.
  /// - Throws: ``RosterError/invalidEntry(index:name:_:)`` naming the first invalid entry,
  ///   or ``RosterError/storage(_:)``.
  public func replaceRoster(
    with inputs: [PlayerInput], ids: [UUID?] = [], photos: [UUID: Photo] = [:],
    by author: String = local
  ) async throws(RosterError) {
    var validated: [Player] = []
    var pseudos: [String: String] = [:]
    var seenIDs: Set<UUID> = []
    var starters = 0  // counted as they come: each row's lineup in constant time
    for (index, input) in inputs.enumerated() {
      let id = (index < ids.count ? ids[index] : nil) ?? UUID()
      guard seenIDs.insert(id).inserted else {
        throw .invalidEntry(
          index: index, name: input.name,
          ValidationError(.name, Message("Give each player its own id: %@ appears twice.", id)))
      }
      do {
        let player = try input.validated(
          id: id, defaultLineup: Lineup.forNewPlayer(starters: starters)
        ) { pseudos[$0] }
        pseudos[Player.nameKey(player.name)] = player.name
        validated.append(player)
        if player.lineup == .starter { starters += 1 }
      } catch {
        throw .invalidEntry(index: index, name: input.name, error)
      }
    }
    try await perform { [now, validated, seenIDs] writer, roster in
      try writer.deleteAll()
      for player in validated { try writer.insert(player) }
      for (id, photo) in photos where seenIDs.contains(id) {
        try writer.setPhoto(of: id, jpeg: photo.jpeg, hash: photo.hash)
      }
      try writer.record(
        .imported, before: nil, after: nil, author: author, at: now(),
        name: "\(validated.count) player\(validated.count == 1 ? "" : "s")")
      return (
        Roster(
          version: roster.version, players: validated, removed: [],
          photos: try writer.photoHashes()), ()
      )
    }
  }

  /// Gives a player a photo (already re-encoded: TeamPhoto), or takes it away (nil): the
  /// picture goes back to the drawn one. Returns the player as stored.
  /// - Throws: ``RosterError/notFound(_:)`` when no player on the roster has this id, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func setPhoto(of id: UUID, to photo: Photo?) async throws(RosterError) -> Player {
    try await perform { writer, roster in
      guard var player = roster.player(id: id) else { throw RosterError.notFound(id) }
      guard roster.photos[id] != photo?.hash else { return (nil, player) }
      try writer.setPhoto(of: id, jpeg: photo?.jpeg, hash: photo?.hash)
      var photos = roster.photos
      photos[id] = photo?.hash
      player.photo = photo?.hash
      return (roster.with(photos: photos), player)
    }
  }

  // MARK: - Changes

  /// Calls `handler` with the new roster and what changed after every committed change
  /// (this process's, or another's once ``refresh()`` saw it), on the committer thread or
  /// the one that called ``refresh()``, after the writers were answered. Two changes made at
  /// once may be told in either order: keep the roster with the highest
  /// ``Roster/version``. Returns an id for ``removeObserver(_:)``.
  @discardableResult
  public func onChange(_ handler: @escaping @Sendable (RosterUpdate) -> Void) -> Int {
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
    let published: (RosterUpdate, [@Sendable (RosterUpdate) -> Void])?
    do {
      published = try writer.withLock { writer in
        // Another file moved to the path: this one's log must not be replayed into it.
        if writer.connection.fileIsGone { writer.connection.emptyLogOfAFileGone() }
        return try writer.changesElsewhere(after: roster).map {
          publish($0.roster, changes: $0.changes)
        }
      }
    } catch {
      throw Self.rosterError(error, path: path)
    }
    if let (update, handlers) = published {
      for handler in handlers { handler(update) }
    }
  }
}

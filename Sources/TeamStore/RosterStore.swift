import CSQLite
import Foundation
import Synchronization
import TeamKit

/// The roster at one moment, with a version that increases on every committed change.
public struct Roster: Hashable, Sendable {
  public let version: Int
  /// The players, in roster order.
  public let players: [Player]
  /// The hashes of the players' photos, by player (``RosterStore/setPhoto(of:to:)``).
  public let photos: [UUID: String]
  /// "Recently removed" in two parts, the latest removals first, then all the earlier ones:
  /// a removal copies the few latest, not the whole list, which holds every removal of the
  /// last 30 days (thousands on a busy server) and is shared with the snapshot before.
  private let latest: [RemovedPlayer]
  private let earlier: [RemovedPlayer]
  /// The most removals ``latest`` holds before they join ``earlier``.
  private static let latestCapacity = 64

  public init(
    version: Int, players: [Player], removed: [RemovedPlayer], photos: [UUID: String] = [:]
  ) {
    // Removed players keep their photo (until purged), as the players do.
    let removed =
      photos.isEmpty
      ? removed
      : removed.map {
        RemovedPlayer(player: Self.photographed($0.player, photos), removedAt: $0.removedAt)
      }
    self.init(
      version: version, players: Self.photographed(players, photos), latest: [], earlier: removed,
      photos: photos)
  }

  private init(
    version: Int, players: [Player], latest: [RemovedPlayer], earlier: [RemovedPlayer],
    photos: [UUID: String]
  ) {
    self.version = version
    self.players = players
    self.latest = latest
    self.earlier = earlier
    self.photos = photos
  }

  /// The player with their photo's hash from `photos`, the one map the store keeps.
  private static func photographed(_ player: Player, _ photos: [UUID: String]) -> Player {
    var player = player
    player.photo = photos[player.id]
    return player
  }

  /// The players with their photos' hashes; as they are when there is no photo at all.
  private static func photographed(_ players: [Player], _ photos: [UUID: String]) -> [Player] {
    photos.isEmpty && !players.contains { $0.photo != nil }
      ? players : players.map { photographed($0, photos) }
  }

  /// "Recently removed", the latest removal first.
  public var removed: [RemovedPlayer] { latest + earlier }

  /// How many players are in "Recently removed".
  public var removedCount: Int { latest.count + earlier.count }

  /// The player with this id, if any.
  public func player(id: UUID) -> Player? { players.first { $0.id == id } }

  /// The removal of the player with this id, if they are in "Recently removed".
  public func removal(id: UUID) -> RemovedPlayer? {
    latest.first { $0.id == id } ?? earlier.first { $0.id == id }
  }

  /// When the longest-kept removal was made (the last of the list), nil when there is none.
  var oldestRemoval: Date? { (earlier.last ?? latest.last)?.removedAt }

  /// The roster with `players`, given their photos (players read back from the database
  /// come without them).
  func with(players: [Player]) -> Roster {
    Roster(
      version: version, players: Self.photographed(players, photos), latest: latest,
      earlier: earlier, photos: photos)
  }

  func with(removed: [RemovedPlayer]) -> Roster {
    Roster(version: version, players: players, latest: [], earlier: removed, photos: photos)
  }

  func with(version: Int) -> Roster {
    Roster(version: version, players: players, latest: latest, earlier: earlier, photos: photos)
  }

  func with(photos: [UUID: String]) -> Roster {
    Roster(
      version: version, players: Self.photographed(players, photos), latest: latest,
      earlier: earlier, photos: photos)
  }

  /// The roster without the player `removal` names, who goes first in "Recently removed".
  func removing(_ removal: RemovedPlayer) -> Roster {
    let players = players.filter { $0.id != removal.id }
    guard latest.count < Self.latestCapacity else {
      return Roster(
        version: version, players: players, latest: [removal], earlier: latest + earlier,
        photos: photos)
    }
    return Roster(
      version: version, players: players, latest: [removal] + latest, earlier: earlier,
      photos: photos)
  }

  public static func == (lhs: Roster, rhs: Roster) -> Bool {
    lhs.version == rhs.version && lhs.players == rhs.players && lhs.photos == rhs.photos
      && lhs.removed == rhs.removed
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(version)
    hasher.combine(players)
    hasher.combine(removed)
    hasher.combine(photos)
  }
}

/// A committed change of the roster: the new snapshot and what changed (oldest first).
public struct RosterUpdate: Sendable {
  public let roster: Roster
  public let changes: [RosterChange]
}

/// The team's roster in a SQLite file: durable, and safe to call from many threads at once.
///
/// Reads return an in-memory snapshot and never touch the disk. Writes go through a single
/// connection, on one committer thread; those asked for at the same moment share a
/// transaction (group commit), and each returns (or calls back, for the forms taking
/// `then:`) only once committed with `synchronous=FULL`, so a change that was acknowledged
/// survives a power loss.
public final class RosterStore: Sendable {
  /// Who the changes made on this thread are recorded as, in the history: the web app binds
  /// the signed-in account or token around each request; the CLI and loopback use are
  /// `local`.
  @TaskLocal public static var author = "local"

  /// The file's path, or `:memory:`.
  public let path: String
  /// The time of removals, and of the purge of those older than 30 days.
  private let now: @Sendable () -> Date

  private let writer: Mutex<Writer>
  private let state: Mutex<State>
  /// Writes waiting for the next commit.
  private let commits = CommitQueue()
  /// A second connection, opened on first use, for the look-ups every signed-in request
  /// makes (``lookup(_:)``).
  private let lookups = Mutex(LookupConnection())

  private struct State {
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
      let (players, removed) = try writer.load()
      writer.lastHistoryID = try writer.newestHistoryID()
      self.writer = Mutex(writer)
      state = Mutex(
        State(
          roster: Roster(
            version: 1, players: players, removed: removed, photos: try writer.photoHashes())))
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

  // MARK: - Reads (memory only)

  /// The current roster.
  public var roster: Roster { state.withLock { $0.roster } }

  /// The players, in roster order.
  public var players: [Player] { roster.players }

  /// "Recently removed", the latest removal first.
  public var removedPlayers: [RemovedPlayer] { roster.removed }

  // MARK: - Writes

  /// Validates `input` against the roster, stores the new player at the end and returns it.
  /// A new player is a starter while the roster has fewer than five starters, unless the
  /// input says otherwise.
  /// - Throws: ``RosterError/invalid(_:)`` or ``RosterError/conflict(_:)`` (nothing
  ///   stored), or ``RosterError/storage(_:)``.
  @discardableResult
  public func addPlayer(_ input: PlayerInput) throws(RosterError) -> Player {
    try write(adding(input))
  }

  /// ``addPlayer(_:)`` without waiting: `done` gets the result on the store's committer
  /// thread, once the player is stored or refused.
  public func addPlayer(
    _ input: PlayerInput, then done: @escaping @Sendable (Result<Player, RosterError>) -> Void
  ) {
    submit(adding(input), then: done)
  }

  private func adding(_ input: PlayerInput) -> (Writer, Roster) throws -> (Roster?, Player) {
    { [now] writer, roster in
      let player = try input.validated(defaultLineup: Lineup.forNewPlayer(in: roster.players)) {
        writer.pseudos[$0]
      }
      try writer.insert(player)
      try writer.record(.added, before: nil, after: player, author: Self.author, at: now())
      return (roster.with(players: roster.players + [player]), player)
    }
  }

  /// Changes the fields `edit` gives of a player, checked as a new player is (the pseudo may
  /// stay theirs, in any case), and returns the player as stored.
  /// - Parameter expected: the player as the caller last saw them; when given and the
  ///   player has changed since, nothing is written.
  /// - Throws: ``RosterError/changed(_:)`` with the current player when `expected` is
  ///   outdated, ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)``,
  ///   ``RosterError/conflict(_:)`` or ``RosterError/storage(_:)``.
  @discardableResult
  public func updatePlayer(id: UUID, with edit: PlayerEdit, expected: Player? = nil)
    throws(RosterError) -> Player
  {
    try write(updating(id, with: edit, expected: expected))
  }

  /// ``updatePlayer(id:with:expected:)`` without waiting: `done` gets the result on the
  /// store's committer thread.
  public func updatePlayer(
    id: UUID, with edit: PlayerEdit, expected: Player? = nil,
    then done: @escaping @Sendable (Result<Player, RosterError>) -> Void
  ) {
    submit(updating(id, with: edit, expected: expected), then: done)
  }

  private func updating(_ id: UUID, with edit: PlayerEdit, expected: Player?)
    -> (Writer, Roster) throws -> (Roster?, Player)
  {
    { [now] writer, roster in
      guard let index = roster.players.firstIndex(where: { $0.id == id }) else {
        throw RosterError.notFound(id)
      }
      let current = roster.players[index]
      if let expected, !expected.hasSameFields(as: current) { throw RosterError.changed(current) }
      let player = try edit.applied(to: current) { writer.pseudos[$0] }
      guard player != current else { return (nil, player) }
      try writer.update(player, was: current)
      try writer.record(.edited, before: current, after: player, author: Self.author, at: now())
      var players = roster.players
      players[index] = player
      return (roster.with(players: players), player)
    }
  }

  /// Moves a player to "Recently removed", where they can be restored for 30 days, and
  /// returns them.
  /// - Throws: ``RosterError/notFound(_:)`` when no player on the roster has this id
  ///   (nothing changes), or ``RosterError/storage(_:)``.
  @discardableResult
  public func removePlayer(id: UUID) throws(RosterError) -> Player {
    try write(removing(id))
  }

  /// ``removePlayer(id:)`` without waiting: `done` gets the result on the store's committer
  /// thread, once the player is removed or refused.
  public func removePlayer(
    id: UUID, then done: @escaping @Sendable (Result<Player, RosterError>) -> Void
  ) {
    submit(removing(id), then: done)
  }

  private func removing(_ id: UUID) -> (Writer, Roster) throws -> (Roster?, Player) {
    { [now] writer, roster in
      guard let player = roster.player(id: id) else { throw RosterError.notFound(id) }
      let removal = RemovedPlayer(player: player, removedAt: now())
      try writer.remove(removal)
      try writer.record(.removed, before: player, after: nil, author: Self.author, at: now())
      return (roster.removing(removal), player)
    }
  }

  /// Puts a player from "Recently removed" back at their place in the roster's order, with
  /// every field as it was, and returns them.
  /// - Throws: ``RosterError/notFound(_:)`` when no removed player has this id,
  ///   ``RosterError/conflict(_:)`` when their pseudo is now someone else's, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func restorePlayer(id: UUID) throws(RosterError) -> Player {
    try write(restoring(id))
  }

  /// ``restorePlayer(id:)`` without waiting: `done` gets the result on the store's
  /// committer thread.
  public func restorePlayer(
    id: UUID, then done: @escaping @Sendable (Result<Player, RosterError>) -> Void
  ) {
    submit(restoring(id), then: done)
  }

  private func restoring(_ id: UUID) -> (Writer, Roster) throws -> (Roster?, Player) {
    { [now] writer, roster in
      guard let removal = roster.removal(id: id) else {
        throw RosterError.notFound(id)
      }
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
      try writer.record(.restored, before: nil, after: player, author: Self.author, at: now())
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
  public func movePlayer(id: UUID, to index: Int) throws(RosterError) {
    try write { [now] writer, roster in
      guard let from = roster.players.firstIndex(where: { $0.id == id }) else {
        throw RosterError.notFound(id)
      }
      var players = roster.players
      let player = players.remove(at: from)
      players.insert(player, at: min(max(index, 0), players.count))
      guard players != roster.players else { return (nil, ()) }
      try writer.setOrder(players)
      try writer.record(.moved, before: player, after: player, author: Self.author, at: now())
      return (roster.with(players: players), ())
    }
  }

  /// Puts the players in the order of `ids`, which must name every player of the roster
  /// once.
  /// - Parameter expected: the order the caller last saw; when given and the roster's order
  ///   or players have changed since, nothing is written.
  /// - Throws: ``RosterError/orderChanged`` when `expected` is outdated,
  ///   ``RosterError/rosterChanged`` when `ids` are not the roster's players, or
  ///   ``RosterError/storage(_:)``.
  public func reorder(_ ids: [UUID], expected: [UUID]? = nil) throws(RosterError) {
    _ = try write(reordering(ids, expected: expected))
  }

  /// ``reorder(_:expected:)`` without waiting: `done` gets the players in their new order,
  /// or the error, on the store's committer thread.
  public func reorder(
    _ ids: [UUID], expected: [UUID]? = nil,
    then done: @escaping @Sendable (Result<[Player], RosterError>) -> Void
  ) {
    submit(reordering(ids, expected: expected), then: done)
  }

  private func reordering(_ ids: [UUID], expected: [UUID]?)
    -> (Writer, Roster) throws -> (Roster?, [Player])
  {
    { [now] writer, roster in
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
        .moved, before: nil, after: nil, author: Self.author, at: now(), name: "the roster")
      return (roster.with(players: players), players)
    }
  }

  /// Replaces the whole roster with `inputs`, all or nothing: every entry is validated
  /// (pseudos unique among them) before anything is written. "Recently removed" is emptied:
  /// an import is a new roster.
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
          ValidationError(.name, Message("Give each player its own id: %@ appears twice.", id)))
      }
      do {
        let player = try input.validated(
          id: id, defaultLineup: Lineup.forNewPlayer(in: validated)
        ) { pseudos[$0] }
        pseudos[Player.nameKey(player.name)] = player.name
        validated.append(player)
      } catch {
        throw .invalidEntry(index: index, name: input.name, error)
      }
    }
    try write { [now] writer, roster in
      try writer.deleteAll()
      for player in validated { try writer.insert(player) }
      try writer.record(
        .imported, before: nil, after: nil, author: Self.author, at: now(),
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
  public func setPhoto(of id: UUID, to photo: (jpeg: Data, hash: String)?) throws(RosterError)
    -> Player
  {
    try write { [now] writer, roster in
      guard var player = roster.player(id: id) else { throw RosterError.notFound(id) }
      guard roster.photos[id] != photo?.hash else { return (nil, player) }
      try writer.setPhoto(of: id, jpeg: photo?.jpeg, hash: photo?.hash)
      var photos = roster.photos
      photos[id] = photo?.hash
      player.photo = photo?.hash
      return (roster.with(photos: photos), player)
    }
  }

  /// Every stored photo of a player on the roster (JPEGs), by player: for an export.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photoFiles() throws(RosterError) -> [UUID: Data] {
    let hashes = roster.photos
    return try storageErrors {
      try writer.withLock { writer in
        var files: [UUID: Data] = [:]
        for (id, hash) in hashes { files[id] = try writer.photo(hash: hash) }
        return files
      }
    }
  }

  /// The stored photo with this hash (a JPEG), or nil.
  /// - Throws: ``RosterError/storage(_:)``.
  public func photo(hash: String) throws(RosterError) -> Data? {
    try storageErrors { try writer.withLock { try $0.photo(hash: hash) } }
  }

  /// Writes a consistent copy of the database to `destination`, replacing it atomically
  /// (a new file beside it, then renamed): every change acknowledged before the call is in
  /// it. Safe while a server and other processes use the database.
  /// - Returns: how many players the copy holds.
  /// - Throws: ``RosterError/storage(_:)`` when the copy cannot be written or checked.
  @discardableResult
  public func backup(to destination: String) throws(RosterError) -> Int {
    let partial = destination + ".partial"
    let cleanUp = { Self.removeFiles(of: partial) }
    do {
      cleanUp()
      try writer.withLock { writer throws(SQLiteError) in
        try writer.connection.backup(to: partial)
      }
      // The copy is checked as opening it would: intact (quick_check), every row readable;
      // then closed before it takes its name.
      let players = try Writer(Connection(path: partial, create: false)).load().players.count
      guard rename(partial, destination) == 0 else {
        throw SQLiteError(
          code: SQLITE_CANTOPEN, message: String(cString: strerror(errno)), path: destination)
      }
      return players
    } catch let error as SQLiteError {
      cleanUp()
      throw .storage(error)
    } catch {
      cleanUp()
      throw .storage(SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: destination))
    }
  }

  /// Replaces the database at `path` with the backup at `source`, all or nothing. The backup
  /// is copied to a scratch file beside the database (the file given is never changed),
  /// checked there as opening it would (intact, every row readable, brought to this build's
  /// schema), then renamed over the database. The database's old `-wal` and `-shm` files go
  /// first: they belong to the file replaced.
  ///
  /// A server holding the database sees the file replaced and refuses writes until it is
  /// restarted; stop it first.
  /// - Returns: how many players the restored roster holds.
  /// - Throws: ``StoreOpenError`` for a backup that cannot be used; the database is then
  ///   unchanged.
  public static func restore(from source: String, to path: String) throws(StoreOpenError)
    -> Int
  {
    let scratch = path + ".restoring"
    let cleanUp = { Self.removeFiles(of: scratch) }
    cleanUp()
    defer { cleanUp() }
    do {
      try Connection(path: source, create: false, readOnly: true).backup(to: scratch)
    } catch  where error.code & 0xFF == SQLITE_NOTADB {
      throw .notADatabase(path: source, detail: error.message)
    } catch  where error.path == source && error.code & 0xFF == SQLITE_CANTOPEN {
      throw .unreadable(error)
    } catch {
      throw .damaged(path: source, detail: error.message)
    }
    let players: Int
    do {
      players = try Writer(Connection(path: scratch, create: false)).load().players.count
    } catch let error as StoreOpenError {
      throw error.naming(source, instead: scratch)
    } catch let error as SQLiteError {
      throw .damaged(path: source, detail: error.message)
    } catch {
      throw .damaged(path: source, detail: "\(error)")
    }
    for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
    guard rename(scratch, path) == 0 else {
      throw .notWritable(path: path, detail: String(cString: strerror(errno)))
    }
    return players
  }

  /// Removes a scratch database and the files SQLite keeps beside it.
  private static func removeFiles(of path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
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

  /// Calls `handler` with the new roster and what changed after every committed change
  /// (this process's, or another's once ``refresh()`` saw it), on the committer thread or
  /// the one that called ``refresh()``: `handler` must not wait for a write of its own.
  /// Two changes made at once may be told in either order: keep the roster with the highest
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
    let published = try storageErrors {
      try writer.withLock { writer -> (RosterUpdate, [@Sendable (RosterUpdate) -> Void])? in
        let dataVersion = try writer.dataVersion()
        guard dataVersion != writer.seenDataVersion else { return nil }
        let (players, removed, photos, changes) = try writer.connection.readTransaction {
          let (players, removed) = try writer.load()
          return (
            players, removed, try writer.photoHashes(),
            try writer.history(after: writer.lastHistoryID).reversed()
          )
        }
        writer.seenDataVersion = dataVersion
        writer.lastHistoryID = changes.last?.id ?? writer.lastHistoryID
        return publish(
          Roster(version: roster.version + 1, players: players, removed: removed, photos: photos),
          changes: Array(changes))
      }
    }
    if let (update, handlers) = published {
      for handler in handlers { handler(update) }
    }
  }

  /// Runs `body`, turning what it throws into a ``RosterError``.
  private func storageErrors<T>(_ body: () throws -> T) throws(RosterError) -> T {
    do {
      return try body()
    } catch {
      throw Self.rosterError(error, path: path)
    }
  }

  /// What a change's failure is to its caller.
  private static func rosterError(_ error: any Error, path: String) -> RosterError {
    switch error {
    case let error as RosterError: return error
    case let error as ValidationError: return .rejected(error)
    case let error as SQLiteError: return .storage(error)
    case let error as StoreOpenError:
      // An unreadable row met while reloading what another process wrote.
      guard case .unreadableRow(_, let table, let id, let reason) = error else {
        return .storage(SQLiteError(code: SQLITE_CORRUPT, message: "\(error)", path: path))
      }
      return .storage(
        SQLiteError(
          code: SQLITE_CORRUPT, message: "cannot read the \(table) row “\(id)”: \(reason)",
          path: path))
    default:
      return .storage(SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: path))
    }
  }

  /// The oldest removal still kept at `date`.
  private static func cutoff(_ date: Date) -> Date {
    date.addingTimeInterval(-RemovedPlayer.retention)
  }

  /// Runs one change and returns once it is committed (``submit(_:then:)``, waited for).
  private func write<T: Sendable>(
    _ change: @escaping (Writer, Roster) throws -> (Roster?, T)
  ) throws(RosterError) -> T {
    // There it would wait forever.
    precondition(
      !commits.isCommitterThread,
      "a write was waited for on the store's committer thread (in an observer or a then: callback)")
    let finished = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<T, RosterError>?>(nil)
    submit(change) { result in
      outcome.withLock { $0 = result }
      finished.signal()
    }
    finished.wait()
    guard let result = outcome.withLock({ $0 }) else {
      preconditionFailure("a committed write left no result")
    }
    return try result.get()
  }

  /// Queues one change for the committer thread and returns at once; `done` gets its result
  /// on that thread once the transaction holding it is committed (or has failed). Changes
  /// queued while a commit is under way are committed together in the next transaction, so
  /// they share one disk sync (group commit); each runs in its own savepoint, so one that
  /// fails is undone alone. `change` gets the current roster and returns the new one, or nil
  /// when it changed nothing, with its result.
  private func submit<T: Sendable>(
    _ change: @escaping (Writer, Roster) throws -> (Roster?, T),
    then done: @escaping @Sendable (Result<T, RosterError>) -> Void
  ) {
    let value = Mutex<T?>(nil)
    let job = PendingWrite(author: Self.author) { writer, roster in
      let (next, result) = try change(writer, roster)
      value.withLock { $0 = result }
      return next
    } done: { [path] outcome in
      switch outcome {
      case .success:
        guard let result = value.withLock({ $0 }) else {
          preconditionFailure("a committed write left no result")
        }
        done(.success(result))
      case .failure(let error):
        done(.failure(Self.rosterError(error, path: path)))
      }
    }
    guard commits.add(job) else { return }
    // No committer thread runs: this write starts one. It ends once idle for a while, and
    // holds the store only while committing: the callers, told after, may close it.
    Thread.detachNewThread { [weak self, commits] in
      while let batch = commits.take(idle: 2) {
        if let store = self {
          if let (update, handlers) = store.commitTogether(batch) {
            for handler in handlers { handler(update) }
          }
        } else {
          for job in batch { job.outcome = .failure(CancellationError()) }
        }
        for job in batch { job.finish() }
      }
    }
  }

  /// Runs `batch` in one transaction, each in its own savepoint, and publishes the result.
  /// Sets every job's outcome: a job is a success only once the transaction is committed.
  private func commitTogether(_ batch: [PendingWrite]) -> (
    RosterUpdate, [@Sendable (RosterUpdate) -> Void]
  )? {
    do {
      return try writer.withLock { writer in
        let (roster, dataVersion) = try writer.rollingBack {
          // Another process may have committed since our last look: then start from disk.
          var current = self.roster
          var changed = false
          let dataVersion = try writer.dataVersion()
          writer.recorded = []
          if dataVersion != writer.seenDataVersion {
            let (players, removed) = try writer.load()
            current = Roster(
              version: current.version, players: players, removed: removed,
              photos: try writer.photoHashes())
            // What the other process did comes first in this update.
            writer.recorded = try writer.history(after: writer.lastHistoryID).reversed()
            changed = true
          }
          let cutoff = Self.cutoff(now())
          if let oldest = current.oldestRemoval, oldest < cutoff {
            try writer.purge(removedBefore: cutoff)
            current = current.with(removed: current.removed.filter { $0.removedAt >= cutoff })
            changed = true
          }
          var changes = 0  // the version counts every change, not every transaction
          for job in batch {
            if let next = try writer.savepoint(job, current) {
              current = next
              changes += 1
            }
          }
          changed = changed || changes > 0
          return (
            changed ? current.with(version: current.version + max(changes, 1)) : nil, dataVersion
          )
        }
        writer.seenDataVersion = dataVersion
        let changes = writer.recorded
        writer.lastHistoryID = max(writer.lastHistoryID, changes.last?.id ?? 0)
        return roster.map { publish($0, changes: changes) }
      }
    } catch {
      // The transaction did not commit: none of its changes was saved.
      for job in batch { job.outcome = .failure(error) }
      return nil
    }
  }

  /// Makes `roster` the snapshot readers see; returns the update and the observers to tell.
  private func publish(_ roster: Roster, changes: [RosterChange]) -> (
    RosterUpdate, [@Sendable (RosterUpdate) -> Void]
  ) {
    state.withLock {
      $0.roster = roster
      return (RosterUpdate(roster: roster, changes: changes), Array($0.observers.values))
    }
  }

  /// Runs `body` with the connection (the accounts' reads and writes), as a store error.
  func records<T>(_ body: (Writer) throws -> T) throws(RosterError) -> T {
    try storageErrors { try writer.withLock { try body($0) } }
  }

  /// Runs `body` with a connection that reads what is committed without waiting for a
  /// commit under way (WAL lets readers and the writer go on together): the sessions,
  /// tokens and accounts each signed-in request looks up. An in-memory store has one
  /// connection only, the writer's.
  func lookup<T>(_ body: (Connection) throws -> T) throws(RosterError) -> T {
    guard path != ":memory:" else { return try records { try body($0.connection) } }
    return try storageErrors {
      try lookups.withLock { lookups in
        let reader = try lookups.connection ?? Self.openForLookups(path)
        lookups.connection = reader
        return try body(reader)
      }
    }
  }

  private static func openForLookups(_ path: String) throws -> Connection {
    let connection = try Connection(path: path, create: false)
    try connection.execute("PRAGMA busy_timeout = 5000; PRAGMA query_only = ON")
    return connection
  }

  /// The history, the newest first: entries after the id `after`, of one player when given,
  /// at most `limit`. (Read from the file: it includes other processes' changes.)
  /// - Throws: ``RosterError/storage(_:)``.
  public func history(after: Int64 = 0, player: UUID? = nil, limit: Int = 200) throws(RosterError)
    -> [RosterChange]
  {
    try storageErrors {
      try writer.withLock { try $0.history(after: after, player: player, limit: limit) }
    }
  }
}

/// The store's connection for look-ups, once opened.
///
/// `@unchecked Sendable`: the only instance a store has lives inside the store's `Mutex`
/// and is used only within `withLock`.
final class LookupConnection: @unchecked Sendable {
  var connection: Connection?
}

/// A change waiting in ``RosterStore``'s write queue.
///
/// `@unchecked Sendable`: the fields are written by the committer thread only, before
/// `done` is called.
final class PendingWrite: @unchecked Sendable {
  /// The change; dropped once run.
  var work: ((Writer, Roster) throws -> Roster?)?
  /// The history's author for the change (a task-local of the caller's thread).
  let author: String
  var outcome: Result<Void, any Error> = .success(())
  private let done: @Sendable (Result<Void, any Error>) -> Void

  init(
    author: String, work: @escaping (Writer, Roster) throws -> Roster?,
    done: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.author = author
    self.work = work
    self.done = done
  }

  /// Runs the change as its caller would have.
  func run(_ writer: Writer, _ roster: Roster) throws -> Roster? {
    guard let work else { return nil }
    return try RosterStore.$author.withValue(author) { try work(writer, roster) }
  }

  /// Tells the caller how its change ended.
  func finish() {
    work = nil
    done(outcome)
  }
}

/// The writes waiting for the next commit, and whether a committer thread runs.
///
/// `@unchecked Sendable`: every field is read and written with `condition` locked.
final class CommitQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [PendingWrite] = []
  private var running = false
  /// The committer thread, once it has taken work.
  private var committer: ObjectIdentifier?

  /// Whether this is the committer thread.
  var isCommitterThread: Bool {
    condition.lock()
    defer { condition.unlock() }
    return committer == ObjectIdentifier(Thread.current)
  }

  /// Queues `job`; true when no committer thread runs, and the caller must start one.
  func add(_ job: PendingWrite) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    jobs.append(job)
    condition.signal()
    defer { running = true }
    return !running
  }

  /// Every job queued, once there is one; nil when none came for `idle` seconds, and the
  /// committer thread is to end.
  func take(idle: TimeInterval) -> [PendingWrite]? {
    condition.lock()
    defer { condition.unlock() }
    committer = ObjectIdentifier(Thread.current)
    let deadline = Date(timeIntervalSinceNow: idle)
    while jobs.isEmpty {
      if !condition.wait(until: deadline) && jobs.isEmpty {
        running = false
        committer = nil
        return nil
      }
    }
    defer { jobs = [] }
    return jobs
  }
}

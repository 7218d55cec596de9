import Foundation
import Synchronization
import TeamKit
import TeamPhoto

/// An import as the store keeps it, for the message that follows it and its Undo.
public struct ImportRecord: Hashable, Sendable {
  public let id: Int64
  /// The team imported into; nil for the whole organisation.
  public let teamID: UUID?
  public let added: Int
  public let changed: Int
  public let removed: Int
  /// Whether the import replaced the week too (a whole organisation's JSON): its Undo
  /// would not bring the week back, so it has none.
  public let weekReplaced: Bool
  public let undone: Bool

  /// Whether ``RosterStore/undoImport(_:onTeam:by:)`` may still be asked.
  public var canUndo: Bool { !weekReplaced && !undone }
}

/// Another import of the organisation is being previewed or applied; nothing was done.
public struct ImportRunningError: KindedError, Hashable, Sendable, CustomStringConvertible {
  public init() {}
  public var description: String { message.description }
  public var kind: ErrorKind { .throttled }
  public var message: Message { Message("An import is running; try again in a moment.") }
  public var retryAfter: Int? { 2 }
}

/// Imports: a file planned against the roster, applied in one change, and undone
/// (``RosterStore/importRows``); one at a time for the organisation.
public struct ImportRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// Imports.
  public var importRows: ImportRows { ImportRows(store: self) }
}

extension ImportRows {
  /// Runs `body` (an import's preview, or the import) while no other import of the
  /// organisation runs, in this process or any other on its database: a large file holds
  /// memory and a thread for a while, so a second waits for the first rather than doubling
  /// them.
  /// - Throws: ``ImportRunningError`` at once when another import runs, or `body`'s error.
  public func importTurn<T>(_ body: () async throws -> T) async throws -> T {
    let free = store.importing.withLock { busy in
      defer { busy = true }
      return !busy
    }
    guard free else { throw ImportRunningError() }
    defer { store.importing.withLock { $0 = false } }
    guard let lock = try ImportLock.take(store.location) else { throw ImportRunningError() }
    defer { lock.release() }
    return try await body()
  }

  /// Where imports are planned: a thread of Dispatch's, so that a large file holds neither
  /// the server's connection threads nor the concurrency pool. Each store plans one import
  /// at a time (``importTurn(_:)``): the queue holds one plan per store of the process.
  private static let planning = BlockingWork(width: 2, queueLimit: 1000)

  /// ``planImport(_:team:mode:)`` on a thread of its own.
  /// - Throws: ``RosterFile/Problems``, or ``ImportRunningError`` when too many wait.
  public func planImportAside(_ data: Data, team: Team? = nil, mode: RosterImport.Mode = .merge)
    async throws -> RosterImport
  {
    let result = await Self.planning.run { [self] in
      Result { () throws(RosterFile.Problems) in try planImport(data, team: team, mode: mode) }
    }
    guard let result else { throw ImportRunningError() }
    return try result.get()
  }

  /// Plans an import of `data` against the roster as it is now; nothing is written.
  /// - Parameter team: the team the file is about; nil for the whole organisation.
  /// - Throws: ``RosterFile/Problems`` listing every problem with its line or entry.
  public func planImport(_ data: Data, team: Team? = nil, mode: RosterImport.Mode = .merge)
    throws(RosterFile.Problems) -> RosterImport
  {
    let roster = store.roster
    return try RosterImport(
      data, current: roster.players, removed: roster.removed.map(\.player), teams: roster.teams,
      team: team, mode: mode, today: Day(store.now()), champions: roster.champions,
      pools: roster.schedule.pools, photoHash: { Photo(jpeg: $0).hash })
  }

  /// Applies a checked import in one change: the removed players go to Recently removed,
  /// the changed ones get the fields the file gave (a new team is a move, with its tenure),
  /// the new ones join the end of their team; one history entry; what it replaced is kept
  /// for ``undoImport(_:onTeam:by:)``.
  /// - Parameter photos: the plan's photos, checked and re-encoded.
  /// - Throws: ``RosterError/importOutdated(_:)`` when the roster changed since the plan was
  ///   made (nothing is written), or ``RosterError/storage(_:)``.
  @discardableResult
  public func importRoster(
    _ plan: RosterImport, photos: [UUID: Photo] = [:], by author: String = RosterStore.local
  ) async throws(RosterError) -> ImportRecord {
    try await store.perform { [now = store.now] writer, roster in
      let returning = try Self.checkApplies(plan, to: roster)
      // Two players may exchange pseudos or Riot IDs; every key the import gives must be free
      // but for those it changes (another change may have taken one since the preview).
      let keys = Self.keys(of: roster.players, but: plan.changed.map(\.before) + plan.removed)
      for player in plan.changed.map(\.after) + plan.added + plan.restored
      where keys.holder(of: player) != nil {
        throw Self.importOutdated
      }
      // The import's own records first: the photos it replaces are kept as they were.
      let at = now()
      let record = try writer.insertImport(
        plan, restoring: returning.map(\.0), at: at, author: author)
      let planned = Set(plan.players.map(\.id))
      for (id, photo) in photos where planned.contains(id) {
        try writer.keepPhoto(of: id, setting: photo.hash, for: record.id)
      }
      var change = Change(roster, by: author, at: at)
      Self.apply(plan, photos: photos, to: &change)
      change.record(
        .imported, name: plan.team?.name ?? roster.organisation,
        from: "\(record.added)/\(record.changed)/\(record.removed)")
      return (try writer.persist(change, from: roster), record)
    }
  }

  /// The plan's changes of the organisation: the removed players to Recently removed (their
  /// calendar addresses revoked), the changed ones with the file's fields (a new team is a
  /// move), the new ones at the end of their team, those it brings back with the file's
  /// fields, their photos, the champions the file described, the week and the pools the
  /// file has, and the file's order when it names every player of its scope.
  private static func apply(_ plan: RosterImport, photos: [UUID: Photo], to change: inout Change) {
    change.learn(plan.champions)
    change.remove(plan.removed)
    var players = change.roster.players
    let index = Dictionary(players.indices.map { (players[$0].id, $0) }) { first, _ in first }
    var moved: [Player] = []
    for edit in plan.changed {
      guard let at = index[edit.after.id] else { continue }
      if edit.after.teamID != edit.before.teamID {
        moved.append(edit.after)
      } else {
        players[at] = edit.after
      }
    }
    let movedAway = Set(moved.map(\.id))
    change.revokeFeeds { $0.playerID.map(movedAway.contains) ?? false }
    // A move joins the end of its new team, as a transfer does.
    players = players.filter { !movedAway.contains($0.id) } + moved
    change.set(players: players, writing: plan.changed.map(\.after.id))
    change.add(plan.added)
    change.restore(plan.restored)
    let planned = Set(plan.players.map(\.id))
    change.setPhotos(photos.filter { planned.contains($0.key) }.mapValues { .some($0) })
    if let week = plan.schedule {
      change.replaceWeek(with: imported(week, over: change.roster.schedule, at: change.at))
    }
    if let pools = plan.pools {
      change.setPools(Dictionary(plan.players.map { ($0.id, pools[$0.id] ?? []) }) { $1 })
    }
    // A file that names every player of the team (or the organisation) gives its order.
    if let reordered = inFileOrder(change.roster.players, plan),
      reordered != change.roster.players
    {
      change.set(players: reordered, writing: [], ordered: true)
    }
  }

  /// The roster changed since the preview: nothing was imported.
  private static var importOutdated: RosterError {
    .importOutdated(
      Message("The roster changed since the preview; nothing was imported. Preview again."))
  }

  /// Refuses a plan the roster no longer matches (``importOutdated``), or one that touches
  /// another team than its own; returns those it brings back from Recently removed, as they
  /// are there and as they will be.
  private static func checkApplies(_ plan: RosterImport, to roster: Roster) throws(RosterError)
    -> [(Player, Player)]
  {
    guard roster.teams == plan.teams else { throw importOutdated }
    // Looked up by id once: a scan of the roster per row made large imports quadratic.
    let players = Self.byID(roster.players)
    let removals = Self.byID(roster.removed.map(\.player))
    for player in plan.changed.map(\.before) + plan.removed + plan.unchanged {
      guard players[player.id]?.hasSameFields(as: player) == true else {
        throw importOutdated
      }
    }
    let returning = try plan.restored.map { player throws(RosterError) in
      guard players[player.id] == nil, let removal = removals[player.id]
      else { throw importOutdated }
      return (removal, player)
    }
    guard plan.added.allSatisfy({ players[$0.id] == nil && removals[$0.id] == nil })
    else { throw importOutdated }
    // A team's import touches that team's players only, as they were and as they will be.
    if let team = plan.team {
      let touched =
        plan.changed.flatMap { [$0.before, $0.after] } + plan.removed + plan.added
        + returning.flatMap { [$0.0, $0.1] }
      guard touched.allSatisfy({ $0.teamID == team.id }) else {
        throw RosterError.teamNotFound(team.tag)
      }
    }
    return returning
  }

  /// The players by id (the first of an id, should one appear twice).
  private static func byID(_ players: [Player]) -> [UUID: Player] {
    Dictionary(players.map { ($0.id, $0) }) { first, _ in first }
  }

  /// The players with those in the plan's scope in the file's order, when the file names
  /// every one of them; nil otherwise.
  private static func inFileOrder(_ players: [Player], _ plan: RosterImport) -> [Player]? {
    let order = Dictionary(plan.players.enumerated().map { ($1.id, $0) }) { first, _ in first }
    func inScope(_ player: Player) -> Bool { plan.team.map { player.teamID == $0.id } ?? true }
    let scope = players.filter(inScope)
    guard scope.allSatisfy({ order[$0.id] != nil }) else { return nil }
    var next = scope.sorted { order[$0.id] ?? 0 < order[$1.id] ?? 0 }.makeIterator()
    return players.map { inScope($0) ? next.next() ?? $0 : $0 }
  }

  /// The week of an import, each event it changes a newer version for the calendars that
  /// have it.
  private static func imported(_ week: Schedule, over current: Schedule, at date: Date)
    -> Schedule
  {
    let events = week.events.map { event in
      guard let stored = current.event(id: event.id) else { return event }
      var same = stored
      same.sequence = event.sequence
      same.updated = event.updated
      guard same != event else { return event }
      var changed = event
      changed.sequence = max(event.sequence, stored.sequence + 1)
      changed.updated = date
      return changed
    }
    return Schedule(events: events, availability: week.availability)
  }

  /// Puts the players an import touched back as they were: those it changed get their
  /// fields (and photos) again, those it added go to Recently removed, those it removed
  /// come back. One history entry.
  /// - Parameter team: the team the import must be about (any when nil).
  /// - Throws: ``RosterError/importNotFound`` when no import of that team has this id,
  ///   ``RosterError/importOutdated(_:)`` when it was undone already or a player it touched
  ///   changed since (nothing is written), or ``RosterError/storage(_:)``.
  @discardableResult
  public func undoImport(
    _ id: Int64, onTeam team: UUID? = nil, by author: String = RosterStore.local
  )
    async throws(RosterError) -> ImportRecord
  {
    try await store.perform { [now = store.now] writer, roster in
      guard let stored = try writer.storedImport(id), team == nil || stored.record.teamID == team
      else { throw RosterError.importNotFound }
      let before = Dictionary(stored.before.map { ($0.id, $0) }) { first, _ in first }
      let after = Dictionary(stored.after.map { ($0.id, $0) }) { first, _ in first }
      // Those it removed, still in Recently removed as it left them (their team included).
      let comingBack = stored.before.filter { after[$0.id] == nil }
      let photos = stored.record.canUndo ? try writer.keptPhotos(of: id) : []
      try Self.checkUndoable(stored, comingBack: comingBack, photos: photos, in: roster)
      func refused(_ message: Message) -> RosterError { .importOutdated(message) }
      let changed = stored.after.filter {
        before[$0.id] != nil && !stored.restored.contains($0.id)
      }
      let keys = Self.keys(of: roster.players, but: stored.after)
      for player in changed.compactMap({ before[$0.id] }) + comingBack {
        if let other = keys.holder(of: player) {
          throw refused(
            Message(
              "“%1$@” is on the roster now; rename them before undoing the import of %2$@.",
              other, player.name))
        }
      }
      let at = now()
      var change = Change(roster, by: author, at: at)
      Self.putBack(stored, changed: changed, comingBack: comingBack, photos: photos, in: &change)
      change.record(
        .importUndone,
        name: stored.record.teamID.flatMap { roster.team(id: $0)?.name } ?? roster.organisation)
      try writer.markUndone(id, at: at)
      return (
        try writer.persist(change, from: roster),
        try writer.storedImport(id)?.record ?? stored.record
      )
    }
  }

  /// An import's players as it kept them: those it added or brought back leave (brought
  /// back: as they were), those it changed get their fields again (a move back joins the end
  /// of its team, as a transfer does), those it removed come back, and the photos it
  /// replaced.
  private static func putBack(
    _ stored: Writer.StoredImport, changed: [Player], comingBack: [Player],
    photos: [(player: UUID, jpeg: Data?, set: String)], in change: inout Change
  ) {
    let before = byID(stored.before)
    let leaving = Set(
      stored.after.filter { before[$0.id] == nil || stored.restored.contains($0.id) }.map(\.id))
    let restoredFields = Set(changed.map(\.id)).union(stored.restored)
    var players: [Player] = []
    var moved: [Player] = []
    for player in change.roster.players {
      guard restoredFields.contains(player.id), let old = before[player.id] else {
        players.append(player)
        continue
      }
      if old.teamID != player.teamID && !leaving.contains(player.id) {
        moved.append(old)
      } else {
        players.append(old)
      }
    }
    let movedBack = Set(moved.map(\.id))
    change.revokeFeeds { $0.playerID.map(movedBack.contains) ?? false }
    // Written in the roster's order: the moves back join their team's end in that order.
    let order = players + moved
    change.set(players: order, writing: order.map(\.id).filter(restoredFields.contains))
    change.remove(change.roster.players.filter { leaving.contains($0.id) })
    change.restore(comingBack)
    change.setPhotos(
      Dictionary(photos.map { ($0.player, $0.jpeg.map { Photo(jpeg: $0) }) }) { $1 })
  }

  /// Refuses to undo an import undone already, one that replaced the week, or one whose
  /// players or photos changed since (or left Recently removed): nothing would be as it left
  /// them.
  private static func checkUndoable(
    _ stored: Writer.StoredImport, comingBack: [Player],
    photos: [(player: UUID, jpeg: Data?, set: String)], in roster: Roster
  ) throws(RosterError) {
    guard stored.record.canUndo else {
      throw RosterError.importOutdated(
        stored.record.undone
          ? Message("This import was undone already.")
          : Message("An import that replaced the week cannot be undone; restore a backup."))
    }
    func refused(_ message: Message) -> RosterError { .importOutdated(message) }
    let players = byID(roster.players)
    let removals = byID(roster.removed.map(\.player))
    for player in stored.after {
      guard players[player.id]?.hasSameFields(as: player) == true else {
        throw refused(
          Message(
            "%@ changed since the import, which can no longer be undone; change them back by hand.",
            player.name))
      }
    }
    for player in comingBack {
      guard removals[player.id]?.hasSameFields(as: player) == true else {
        throw refused(
          Message(
            "%@ is no longer in Recently removed, so the import can no longer be undone.",
            player.name))
      }
    }
    for photo in photos where roster.photos[photo.player] != photo.set {
      throw refused(
        Message(
          "%@ changed since the import, which can no longer be undone; change them back by hand.",
          players[photo.player]?.name ?? photo.player.uuidString))
    }
  }

  /// The pseudos and Riot IDs the roster's players hold, but `leaving`'s (those an import,
  /// or its Undo, changes or takes away).
  private static func keys(of players: [Player], but leaving: [Player]) -> HeldKeys {
    let gone = Set(leaving.map(\.id))
    var keys = HeldKeys()
    for player in players where !gone.contains(player.id) {
      keys.pseudos[Player.nameKey(player.name)] = player.name
      if let riotID = player.riotID { keys.riotIDs[riotID.key] = player.name }
    }
    return keys
  }

  private struct HeldKeys {
    var pseudos: [String: String] = [:]
    var riotIDs: [String: String] = [:]

    /// Who holds `player`'s pseudo or Riot ID, if anyone.
    func holder(of player: Player) -> String? {
      pseudos[Player.nameKey(player.name)] ?? player.riotID.flatMap { riotIDs[$0.key] }
    }
  }

  /// The import with this id, as kept for its Undo; nil when there is none.
  public func importRecord(_ id: Int64) throws(RosterError) -> ImportRecord? {
    try store.read { connection in try Writer.storedImport(id, in: connection)?.record }
  }
}

import Foundation
import TeamKit
import TeamPhoto

extension Writer {
  /// Writes the rows `change` names as it leaves them, from `before`, and its history
  /// entries; returns the roster as the database now reads back.
  func persist(_ change: Change, from before: Roster) throws -> Roster {
    var after = change.roster
    var restored = false
    // A change of many rows (an import) finds them through dictionaries built once.
    let indexed = change.rows.count > 8
    let old = Found(before, indexed: indexed)
    let new = Found(after, indexed: indexed)
    let exchanged = keysExchanged(in: change, from: old, to: new)
    if exchanged.count > 1 { try releaseKeys(of: exchanged) }
    for row in change.rows {
      restored = try persist(row, of: change, from: old, to: new) || restored
    }
    if restored || exchanged.count > 1 {
      // The order a restore gives is the database's; keys exchanged leave the indexes
      // as the last update saw them: both are read back.
      after = after.with(players: try load(champions: after.champions).players)
    }
    for entry in change.history {
      try record(
        entry.kind, before: entry.before, after: entry.after, author: change.author,
        at: change.at, name: entry.name, from: entry.from, to: entry.to, other: entry.other)
    }
    return after
  }

  /// Writes one row `change` names as it leaves it; true when a player came back (their
  /// place in the order is the database's).
  private func persist(_ row: Change.Row, of change: Change, from old: Found, to new: Found)
    throws -> Bool
  {
    let after = new.roster
    switch row {
    case .newPlayer(let id):
      if let player = new.newPlayer(id) { try insert(player) }
    case .player(let id):
      return try persist(player: id, from: old, to: new, at: change.at)
    case .order:
      try setOrder(after.players)
    case .photo(let id):
      let photo = change.photos[id] ?? nil
      try setPhoto(of: id, jpeg: photo?.jpeg, hash: photo?.hash)
    case .availability(let id):
      try setAvailability(of: id, to: after.schedule.availability[id] ?? Availability())
    case .pool(let id):
      try setPool(of: id, to: after.schedule.pools[id] ?? [])
    case .event(let id):
      try persist(event: id, in: new)
    case .feed(let secret):
      if let feed = after.schedule.feed(secret: secret) {
        try insert(feed)
      } else {
        try delete(feed: secret)
      }
    case .mock(let id):
      if let mock = after.schedule.mocks.first(where: { $0.id == id }) {
        try save(mock)
      } else {
        try delete(mock: id)
      }
    case .draftLink(let secret):
      if let link = after.schedule.draftLinks.first(where: { $0.secret == secret }) {
        try insert(link)
      } else {
        try delete(draftLink: secret)
      }
    case .team(let id):
      try persist(team: id, from: old.roster, to: after)
    case .organisation:
      try setOrganisation(after.organisation)
    case .champions(let champions):
      try learnChampions(champions, renaming: false)
    case .championArt:
      let art = after.championArt
      try replaceChampionArt(
        version: art.version,
        champions: art.champions.map { ($0, jpeg: change.pictures[$0.id] ?? Data()) })
    }
    return false
  }

  /// Writes an event as `after` holds it: in the week, in "Recently removed", or gone.
  private func persist(event id: UUID, in after: Found) throws {
    if let event = after.event(id) {
      _ = try save(event)
    } else if let removal = after.roster.schedule.removal(id: id) {
      try save(removal)
    } else {
      try forget(event: id)
    }
  }

  /// Writes a team as `after` holds it: added, changed, or removed (what was left of it
  /// going to the first team left).
  private func persist(team id: UUID, from before: Roster, to after: Roster) throws {
    if let team = after.team(id: id) {
      if before.team(id: id) == nil { try insert(team) } else { try update(team) }
    } else if let team = before.team(id: id) {
      try delete(team, heir: after.firstTeam)
    }
  }

  /// Writes one player already stored as `after` holds them; true when they came back
  /// from "Recently removed" (the database then decides their place).
  private func persist(player id: UUID, from before: Found, to after: Found, at now: Date)
    throws -> Bool
  {
    let new = after.player(id)
    if let old = before.player(id) {
      if let new {
        if new.teamID != old.teamID {
          let leaving = before.roster.team(id: old.teamID) ?? before.roster.firstTeam
          try transfer(new, was: old, leaving: leaving, on: Day(now))
        } else if !new.hasSameFields(as: old) {
          try update(new, was: old)
        }
      } else if let removal = after.removal(id) {
        // Removed with other fields (an import undone): removed first, its pseudo and Riot ID
        // freed, since the fields it gets back may be another's by now.
        try remove(RemovedPlayer(player: old, removedAt: removal.removedAt))
        if !removal.player.hasSameFields(as: old) {
          try update(removal.player, was: old, indexing: false)
        }
      }
      return false
    }
    guard let new, let removal = before.removal(id) else { return false }
    // Brought back with other fields (an import): written while still removed, then back.
    if !new.hasSameFields(as: removal.player) { try update(new, was: removal.player) }
    try restore(new)
    return true
  }

  /// The players on the roster before and after `change` whose pseudo or Riot ID it
  /// changes. When there are several, theirs are freed first: two may exchange theirs, and
  /// the unique indexes must never see one held twice midway.
  private func keysExchanged(in change: Change, from before: Found, to after: Found) -> [Player] {
    change.rows.compactMap { row in
      guard case .player(let id) = row, let old = before.player(id), let new = after.player(id),
        old.riotID != new.riotID || Player.nameKey(old.name) != Player.nameKey(new.name)
      else { return nil }
      return old
    }
  }
}

/// The players and events of a roster, found by id: by a scan for a change of a few rows,
/// through dictionaries built once for one of many (an import of thousands stays linear).
struct Found {
  let roster: Roster
  private let players: [UUID: Player]?
  private let removals: [UUID: RemovedPlayer]?
  private let events: [UUID: TeamEvent]?

  init(_ roster: Roster, indexed: Bool) {
    self.roster = roster
    guard indexed else {
      (players, removals, events) = (nil, nil, nil)
      return
    }
    players = Dictionary(roster.players.map { ($0.id, $0) }) { first, _ in first }
    removals = Dictionary(roster.removed.map { ($0.id, $0) }) { first, _ in first }
    events = Dictionary(roster.schedule.events.map { ($0.id, $0) }) { first, _ in first }
  }

  func player(_ id: UUID) -> Player? { players.map { $0[id] } ?? roster.player(id: id) }

  /// A player just added: found from the end, where they are, for a change of one (an add
  /// costs the same at any size).
  func newPlayer(_ id: UUID) -> Player? {
    if let players { return players[id] }
    return roster.players.lastIndex { $0.id == id }.map { roster.players[$0] }
  }

  func removal(_ id: UUID) -> RemovedPlayer? {
    removals.map { $0[id] } ?? roster.removal(id: id)
  }

  func event(_ id: UUID) -> TeamEvent? {
    events.map { $0[id] } ?? roster.schedule.event(id: id)
  }
}

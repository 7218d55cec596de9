import Foundation
import TeamKit
import TeamPhoto

/// One change, stated once: each of its steps changes the organisation and names the row it
/// writes in the same call, with no SQL. The writer then writes each row named as the
/// change leaves it (``Writer/persist(_:from:)``), and the snapshot, the history, the live
/// update and the Discord outbox all follow from this one value.
struct Change {
  /// A row of the organisation a change wrote; written as ``roster`` holds it.
  enum Row: Hashable {
    /// A new player, at the end of the roster.
    case newPlayer(UUID)
    /// A player: edited, moved to another team (a tenure kept of the one left), removed, or
    /// restored.
    case player(UUID)
    /// The players' order.
    case order
    /// A player's photo (its bytes in ``photos``; none: taken away).
    case photo(UUID)
    /// A player's hours and days away.
    case availability(UUID)
    /// A player's champion pool.
    case pool(UUID)
    /// An event whole (invitations, answers, games, drafts), in the week or in "Recently
    /// removed", or deleted when gone from both.
    case event(UUID)
    /// A calendar address, or deleted when gone.
    case feed(String)
    /// A draft board's secret address, or deleted when gone.
    case draftLink(String)
    /// A mock draft, or deleted when gone.
    case mock(UUID)
    /// A team: added, changed, or removed (its removed players and week going to the first
    /// team left).
    case team(UUID)
    /// The organisation's name.
    case organisation
    /// Champions a file described, known from now on (a known one keeps its name).
    case champions([Champion])
    /// The champion art a sync brought, in place of the last (its pictures in ``pictures``).
    case championArt
  }

  /// A history entry of the change: ``Writer/record(_:before:after:author:at:name:from:to:other:)``'s fields.
  struct Entry {
    var kind: RosterChange.Kind
    var before: Player?
    var after: Player?
    var name: String?
    var from: String?
    var to: String?
    var other: String?
  }

  /// The organisation as the change leaves it.
  private(set) var roster: Roster
  /// The rows written, in the order named (each once).
  private(set) var rows: [Row] = []
  private var written: Set<Row> = []
  /// The photos given (nil: taken away), by player.
  private(set) var photos: [UUID: Photo?] = [:]
  /// The champion art's pictures (re-encoded JPEGs), by champion id.
  private(set) var pictures: [String: Data] = [:]
  private(set) var history: [Entry] = []
  /// Who the history names, and the change's instant.
  let author: String
  let at: Date

  init(_ roster: Roster, by author: String, at: Date) {
    self.roster = roster
    self.author = author
    self.at = at
  }

  private mutating func write(_ row: Row) {
    if written.insert(row).inserted { rows.append(row) }
  }

  mutating func record(
    _ kind: RosterChange.Kind, before: Player? = nil, after: Player? = nil, name: String? = nil,
    from: String? = nil, to: String? = nil, other: String? = nil
  ) {
    history.append(
      Entry(
        kind: kind, before: before, after: after, name: name, from: from, to: to, other: other))
  }

  // MARK: - Players

  /// A new player at the end of their team.
  mutating func add(_ player: Player) {
    roster = roster.adding(player)
    write(.newPlayer(player.id))
  }

  /// New players at the end of their teams, in one copy of the roster (an import of
  /// thousands stays linear).
  mutating func add(_ players: [Player]) {
    guard !players.isEmpty else { return }
    roster = roster.with(players: roster.players + players)
    for player in players { write(.newPlayer(player.id)) }
  }

  /// `players` in place of the roster's (an edit, a move, a swap): those in `written` are
  /// written, and the order when `ordered`.
  mutating func set(players: [Player], writing written: [UUID], ordered: Bool = false) {
    roster = roster.with(players: players)
    for id in written { write(.player(id)) }
    if ordered { write(.order) }
  }

  /// A player to "Recently removed" (the instant as the seconds stored).
  mutating func remove(_ removal: RemovedPlayer) {
    let removal = RemovedPlayer(player: removal.player, removedAt: Writer.stored(removal.removedAt))
    roster = roster.removing(removal)
    write(.player(removal.id))
  }

  /// Players to "Recently removed" at the change's instant, in one copy of the roster, their
  /// calendar addresses revoked.
  mutating func remove(_ players: [Player]) {
    guard !players.isEmpty else { return }
    let gone = Set(players.map(\.id))
    let at = Writer.stored(at)
    // In the roster's order, as the database reads removals of one instant back.
    let leaving = roster.players.filter { gone.contains($0.id) }
    roster = roster.with(players: roster.players.filter { !gone.contains($0.id) })
      .with(removed: leaving.map { RemovedPlayer(player: $0, removedAt: at) } + roster.removed)
    for player in leaving { write(.player(player.id)) }
    revokeFeeds { $0.playerID.map(gone.contains) ?? false }
  }

  /// A player out of "Recently removed", back on the roster. Where they go in the order is
  /// the database's: the writer reads the order back (``Writer/persist(_:from:)``).
  mutating func restore(_ player: Player) { restore([player]) }

  /// Players out of "Recently removed", in one copy of the roster.
  mutating func restore(_ players: [Player]) {
    guard !players.isEmpty else { return }
    let back = Set(players.map(\.id))
    roster = roster.with(players: roster.players + players)
      .with(removed: roster.removed.filter { !back.contains($0.id) })
    for player in players { write(.player(player.id)) }
  }

  /// A player's photo given (already re-encoded) or taken away.
  mutating func setPhoto(of id: UUID, to photo: Photo?) { setPhotos([id: photo]) }

  /// Players' photos given or taken away, in one copy of the roster's.
  mutating func setPhotos(_ given: [UUID: Photo?]) {
    guard !given.isEmpty else { return }
    var photos = roster.photos
    for (id, photo) in given {
      photos[id] = photo?.hash
      self.photos[id] = .some(photo)
      write(.photo(id))
    }
    roster = roster.with(photos: photos)
  }

  /// The champion art a sync of Data Dragon brought, each champion with its picture, in
  /// place of the last; the champions released after this build become valid favourites.
  mutating func replaceArt(version: String, champions: [(SyncedChampion, Photo)]) {
    let art = ChampionArt(
      version: version,
      champions: champions.map { $0.0.with(picture: $0.1.hash) }.sorted { $0.id < $1.id })
    pictures = Dictionary(champions.map { ($0.0.id, $0.1.jpeg) }) { $1 }
    roster = roster.with(championArt: art)
    write(.championArt)
  }

  /// The champions a file described, valid favourites from now on.
  mutating func learn(_ champions: [Champion]) {
    guard !champions.isEmpty else { return }
    roster = roster.with(
      championArt: roster.championArt, champions: roster.champions.knowing(champions))
    write(.champions(champions))
  }

  // MARK: - Teams

  /// `teams` in place of the organisation's, the one with id `written` written.
  mutating func set(teams: [Team], writing written: UUID) {
    roster = roster.with(teams: teams)
    write(.team(written))
  }

  /// A team removed: its players in "Recently removed" go to `heir`, its academies lose
  /// their parent, its events and calendar addresses go.
  mutating func remove(_ team: Team, heir: Team) {
    let teams = roster.teams.compactMap { other -> Team? in
      guard other.id != team.id else { return nil }
      var other = other
      if other.parentID == team.id { other.parentID = nil }
      return other
    }
    let removed = roster.removed.map { removal in
      guard removal.player.teamID == team.id else { return removal }
      var player = removal.player
      player.teamID = heir.id
      return RemovedPlayer(player: player, removedAt: removal.removedAt)
    }
    var schedule = roster.schedule
    for event in schedule.events where event.teamID == team.id {
      schedule = schedule.without(event: event.id)
    }
    schedule.removed.removeAll { $0.event.teamID == team.id }
    let gone = Set(roster.schedule.events.filter { $0.teamID == team.id }.map(\.id))
      .union(roster.schedule.removed.filter { $0.event.teamID == team.id }.map(\.id))
    schedule.draftLinks.removeAll { gone.contains($0.eventID) }
    schedule.feeds.removeAll { $0.teamID == team.id }
    for mock in schedule.mocks where mock.teamID == team.id { write(.mock(mock.id)) }
    schedule.mocks.removeAll { $0.teamID == team.id }
    roster = roster.with(teams: teams).with(removed: removed).with(schedule: schedule)
    write(.team(team.id))
  }

  /// The organisation renamed.
  mutating func rename(to name: String) {
    roster = roster.with(organisation: name)
    write(.organisation)
  }

  // MARK: - The week

  /// A player's hours and days away.
  mutating func setAvailability(of id: UUID, to availability: Availability) {
    var schedule = roster.schedule
    schedule.availability[id] = availability == Availability() ? nil : availability
    roster = roster.with(schedule: schedule)
    write(.availability(id))
  }

  /// A player's champion pool.
  mutating func setPool(of id: UUID, to entries: [PoolEntry]) { setPools([id: entries]) }

  /// Players' champion pools, in one copy of the week.
  mutating func setPools(_ pools: [UUID: [PoolEntry]]) {
    var schedule = roster.schedule
    for (id, entries) in pools {
      schedule.pools[id] = entries.isEmpty ? nil : entries
      write(.pool(id))
    }
    roster = roster.with(schedule: schedule)
  }

  /// An event, new or in place of the one with its id; returned as it reads back (its
  /// times as the seconds stored).
  @discardableResult
  mutating func save(_ event: TeamEvent) -> TeamEvent {
    var event = event
    event.start = Writer.stored(event.start)
    event.end = Writer.stored(event.end)
    event.updated = Writer.stored(event.updated)
    roster = roster.with(schedule: roster.schedule.with(event))
    write(.event(event.id))
    return event
  }

  /// An event changed in place: a newer version for the calendars that have it (its
  /// `SEQUENCE` and `DTSTAMP`), saved; returned as it reads back.
  mutating func saveChanged(_ event: TeamEvent) -> TeamEvent {
    var event = event
    event.sequence += 1
    event.updated = at
    return save(event)
  }

  /// An event cancelled, to "Recently removed" with its invitations, answers, games and
  /// drafts (the instant as the seconds stored); past the most kept there, the oldest goes
  /// for good.
  mutating func cancel(_ event: TeamEvent) {
    var schedule = roster.schedule.without(event: event.id)
    schedule.removed.insert(
      RemovedEvent(event: event, removedAt: Writer.stored(at)), at: 0)
    schedule.removed.sort(by: RemovedEvent.latestFirst)
    while schedule.removed.count > RemovedEvent.keptAtMost, let oldest = schedule.removed.last {
      schedule.removed.removeLast()
      schedule.draftLinks.removeAll { $0.eventID == oldest.id }
      write(.event(oldest.id))
    }
    roster = roster.with(schedule: schedule)
    write(.event(event.id))
  }

  /// An event back from "Recently removed", as it was.
  mutating func restore(event removal: RemovedEvent) {
    var schedule = roster.schedule.with(removal.event)
    schedule.removed.removeAll { $0.id == removal.id }
    roster = roster.with(schedule: schedule)
    write(.event(removal.id))
  }

  /// The events and hours of `week` in place of every team's (an import); the calendar
  /// addresses and pools stay.
  mutating func replaceWeek(with week: Schedule) {
    let old = roster.schedule
    var schedule = week
    schedule.feeds = old.feeds
    schedule.pools = old.pools
    roster = roster.with(schedule: schedule)
    for event in old.events + week.events { write(.event(event.id)) }
    for id in Set(old.availability.keys).union(week.availability.keys) {
      write(.availability(id))
    }
  }

  /// A mock draft saved (the instant as the seconds stored), the newest first.
  mutating func save(_ mock: MockDraft) -> MockDraft {
    var mock = mock
    mock.updated = Writer.stored(mock.updated)
    var schedule = roster.schedule
    schedule.mocks.removeAll { $0.id == mock.id }
    schedule.mocks.append(mock)
    schedule.mocks.sort(by: MockDraft.newestFirst)
    roster = roster.with(schedule: schedule)
    write(.mock(mock.id))
    return mock
  }

  /// A mock draft deleted.
  mutating func remove(mock id: UUID) {
    var schedule = roster.schedule
    schedule.mocks.removeAll { $0.id == id }
    roster = roster.with(schedule: schedule)
    write(.mock(id))
  }

  /// A draft board's new secret address.
  mutating func add(_ link: DraftLink) {
    var schedule = roster.schedule
    schedule.draftLinks.append(link)
    roster = roster.with(schedule: schedule)
    write(.draftLink(link.secret))
  }

  /// The draft boards' secret addresses `isRevoked` picks, revoked.
  mutating func revokeDraftLinks(where isRevoked: (DraftLink) -> Bool) {
    var schedule = roster.schedule
    for link in schedule.draftLinks where isRevoked(link) { write(.draftLink(link.secret)) }
    schedule.draftLinks.removeAll(where: isRevoked)
    roster = roster.with(schedule: schedule)
  }

  /// A new calendar address.
  mutating func add(_ feed: CalendarFeed) {
    var schedule = roster.schedule
    schedule.feeds.append(feed)
    roster = roster.with(schedule: schedule)
    write(.feed(feed.secret))
  }

  /// The calendar addresses `isRevoked` picks, revoked.
  mutating func revokeFeeds(where isRevoked: (CalendarFeed) -> Bool) {
    var schedule = roster.schedule
    for feed in schedule.feeds where isRevoked(feed) { write(.feed(feed.secret)) }
    schedule.feeds.removeAll(where: isRevoked)
    roster = roster.with(schedule: schedule)
  }
}

/// What a change may ask of the writer while it is worked out: whether a pseudo or a Riot
/// ID is taken (the writer's indexes, in constant time). It writes nothing.
struct TakenKeys {
  let writer: Writer

  /// The pseudo of the player who holds this name key (``Player/nameKey(_:)``), if any.
  func pseudo(_ key: String) -> String? { writer.pseudos[key] }

  /// The pseudo of the player who holds this Riot ID key (``RiotID/key``), if any.
  func riotID(_ key: String) -> String? { writer.riotIDs[key] }

  /// An account or API token that may reach `team` and no other (``Writer/limitedOnly(to:)``).
  func limitedOnly(to team: Team) throws -> String? { try writer.limitedOnly(to: team) }
}

extension RosterStore {
  /// Runs a change stated once (``Change``) on the committer thread and returns its result
  /// once committed. `body` gets the change, starting from the current roster, and the
  /// keys taken; it returns false in its first value when it changed nothing.
  func change<T: Sendable>(
    by author: String, _ body: @escaping (inout Change, TakenKeys) throws -> (Bool, T)
  ) async throws(RosterError) -> T {
    try await perform { [now] writer, roster in
      var change = Change(roster, by: author, at: now())
      let (changed, result) = try body(&change, TakenKeys(writer: writer))
      guard changed else { return (nil, result) }
      return (try writer.persist(change, from: roster), result)
    }
  }
}

import Foundation
import Observation
import TeamKit
import TeamStore

/// The team: its roster, observable by SwiftUI (and anything else, through Observation).
///
/// This is the brief's `EsportTeam` with `@Observable` instead of `ObservableObject` and
/// `@Published`: views that read `players` update when it changes. Always over a
/// ``RosterSource``: the device's database (TeamStore's `LocalRoster`, in memory for previews
/// and tests), or the team's server.
@MainActor @Observable
public final class EsportTeam {
  /// The organisation's teams the roster may show (in memory, one).
  public private(set) var teams: [Team] = [Team.first]
  /// The team shown: its players are ``players``.
  public var shownTeamID: UUID = Team.first.id
  /// Every player of every team, each team's in its order.
  public private(set) var everyone: [Player]
  /// The roster of the team shown, in order.
  public var players: [Player] { everyone.filter { $0.teamID == shownTeamID } }
  /// The team shown.
  public var shownTeam: Team { teams.first { $0.id == shownTeamID } ?? Team.first }
  /// "Recently removed", the latest removal first.
  public private(set) var removed: [RemovedPlayer]
  /// The player just removed, while the roster offers to undo it.
  public private(set) var lastRemoved: Player?
  /// False while the source cannot be reached: the roster is shown, read-only.
  public private(set) var isConnected = true

  @ObservationIgnored private let source: any RosterSource
  /// Photos and champion art already read, by hash or name: 16 MiB at most (a few hundred
  /// photos), those shown longest ago forgotten first.
  @ObservationIgnored private var photos = BoundedCache(limit: 16 << 20)
  /// Whether the game's art is on screen (read from the source): Riot's notice goes with it.
  public private(set) var showsChampionArt = false
  /// The shown team's week once ``loadWeek()`` read it (its events with their verdicts,
  /// its players' hours), read again by ``load()`` from then on.
  public private(set) var week: TeamWeek?
  /// The player the signed-in account is (a player's own account, which sets only their
  /// hours and answers); nil for the staff and on this device.
  public private(set) var ownPlayerID: UUID?

  /// A team kept in a throwaway database in memory (previews, tests), by the same store and
  /// rules as the device's: the brief's roster to start.
  /// - Throws: ``StoreOpenError`` when no database can be made in memory.
  public convenience init() throws {
    let store = try RosterStore.inMemory()
    self.init(
      source: LocalRoster(store: store), players: store.players, removed: store.removedPlayers)
  }

  /// A team kept by `source`, showing `players` until ``load()`` reads them.
  public init(source: any RosterSource, players: [Player] = [], removed: [RemovedPlayer] = []) {
    self.everyone = players
    self.removed = removed
    self.source = source
  }

  /// Where the roster lives, for people.
  public var sourceName: Message { source.name }

  /// The starting five (or fewer, or more), in roster order.
  public var starters: [Player] { players.filter { $0.lineup == .starter } }
  /// Everyone else (substitutes, trainees, stand-ins, inactive), in roster order.
  public var substitutes: [Player] { players.filter { $0.lineup != .starter } }
  /// Whether the starters play one position each.
  public var lineupStatus: LineupStatus { LineupStatus(players: players) }

  /// Reads the roster from the source again.
  public func load() async throws {
    do {
      let organisation = try await source.organisation()
      // Recently removed is the staff's (docs/PRIVACY.md): a player's own account is not
      // shown it.
      ownPlayerID = try await source.signedInPlayer()
      let removed = ownPlayerID == nil ? try await source.removedPlayers() : []
      everyone = organisation.players
      teams = organisation.teams
      if !teams.contains(where: { $0.id == shownTeamID }), let first = teams.first {
        shownTeamID = first.id
      }
      self.removed = removed
      if week != nil { week = try await source.week.of(team: shownTeamID.text) }
      isConnected = true
    } catch let error as OfflineError {
      isConnected = false
      throw error
    }
  }

  /// Follows the source's news for as long as it gives them: reloads when the roster changed
  /// elsewhere, turns read-only while the source cannot be reached. (A view's `.task`.)
  public func follow() async {
    for await event in source.events() {
      switch event {
      case .disconnected: isConnected = false
      case .connected, .changed:
        try? await load()
        // The week shown follows too: a live draft's turns, answers, results.
        if week != nil { try? await loadWeek() }
      }
    }
  }

  /// Refuses a change while the source cannot be reached, before anything is sent.
  private func requireConnection() throws {
    guard isConnected else { throw OfflineError() }
  }

  /// Adds a player at the end of the roster, as the brief suggests: the same parameters as
  /// ``Player``, then `append`. The input is validated first (by the source, which also
  /// keeps it).
  /// - Throws: the source's refusal (``ValidationError/init(reportedBy:)`` finds the fields
  ///   it names); nothing changes.
  @discardableResult
  public func addPlayer(
    name: String, position: Position, image: String = Player.defaultImage,
    favoriteChampions: [Champion] = []
  ) async throws -> Player {
    try await addPlayer(
      PlayerInput(
        name: name, position: position.rawValue, image: image,
        favoriteChampions: favoriteChampions.map(\.id)))
  }

  /// Adds a player with every field of the form (status, Riot ID, contract…) to the team
  /// shown, at the end of its roster.
  /// - Throws: as ``addPlayer(name:position:image:favoriteChampions:)``.
  @discardableResult
  public func addPlayer(_ input: PlayerInput) async throws -> Player {
    try requireConnection()
    var input = input
    input.team = shownTeam.tag
    let player = try await source.addPlayer(input)
    everyone.append(player)
    lastRemoved = nil
    return player
  }

  /// Changes the fields of a player an edit gives (the others stay), and returns them as
  /// saved.
  /// - Throws: as ``updatePlayer(_:name:position:image:favoriteChampions:)``.
  @discardableResult
  public func updatePlayer(_ player: Player, with edit: PlayerEdit) async throws -> Player {
    try await apply(edit, to: player)
  }

  /// Moves a player to another team of the organisation: one change, their pseudo, photo
  /// and champions kept, a new tenure from today.
  /// - Throws: the source's refusal; nothing changes.
  @discardableResult
  public func movePlayer(_ player: Player, to team: Team) async throws -> Player {
    try requireConnection()
    let moved = try await source.teams.transferPlayer(id: player.id, to: team.tag)
    try await load()
    return moved
  }

  /// Puts `player` in `other`'s status and place, and `other` in theirs: a substitute into
  /// the starting five for the starter of their lane.
  /// - Throws: ``ValidationError`` (two teams, one status), or the source's error.
  public func swap(_ player: Player, with other: Player) async throws {
    try requireConnection()
    _ = try await source.swapPlayers(id: player.id, with: other.id)
    try await load()
  }

  /// The teams a player was on before, the latest first (none in memory).
  /// The player's ranks and ranked champions, as the team's server last saw them.
  public func soloQueue(of player: Player) async throws -> RiotStanding? {
    try await source.soloQueue(of: player.id)
  }

  public func tenures(of player: Player) async throws -> [Tenure] {
    try await source.teams.tenures(of: player.id)
  }

  /// Changes a player's pseudo, role, image and favourite champions, with the rules of a
  /// new player (the pseudo may stay theirs), and returns them as saved.
  /// - Throws: as ``addPlayer(name:position:image:favoriteChampions:)``, or
  ///   ``PlayerChangedError`` when someone else changed the player since `player` was read.
  @discardableResult
  public func updatePlayer(
    _ player: Player, name: String, position: Position, image: String,
    favoriteChampions: [Champion]
  ) async throws -> Player {
    try await apply(
      PlayerEdit(
        name: name, position: position.rawValue, image: image,
        favoriteChampions: favoriteChampions.map(\.id)), to: player)
  }

  /// Makes a player a starter or a substitute.
  public func setLineup(_ lineup: Lineup, of player: Player) async throws {
    _ = try await apply(PlayerEdit(lineup: lineup.rawValue), to: player)
  }

  private func apply(_ edit: PlayerEdit, to player: Player) async throws -> Player {
    try requireConnection()
    let updated: Player
    do {
      updated = try await source.updatePlayer(id: player.id, with: edit, expected: player)
    } catch let error as PlayerChangedError {
      replace(error.current)  // shown as it is now
      throw error
    }
    replace(updated)
    lastRemoved = nil
    return updated
  }

  private func replace(_ player: Player) {
    if let index = everyone.firstIndex(where: { $0.id == player.id }) { everyone[index] = player }
  }

  /// Removes a player, as the brief does with `removeAll(where: { $0.id == player.id })`,
  /// once the source has moved them to "Recently removed"; the roster then offers to undo it.
  /// - Throws: the source's error; the roster is then unchanged.
  public func removePlayer(_ player: Player) async throws {
    try requireConnection()
    try await source.removePlayer(id: player.id)
    everyone.removeAll(where: { $0.id == player.id })
    // Removed: a list that cannot be read again now is read with the next load.
    removed = (try? await source.removedPlayers()) ?? removed
    lastRemoved = player
  }

  /// Puts a removed player back at their place, every field as it was.
  /// - Throws: a conflict when their pseudo is now someone else's (nothing changes), or the
  ///   source's error.
  public func restorePlayer(_ player: Player) async throws {
    try requireConnection()
    _ = try await source.restorePlayer(id: player.id)
    try await load()
    lastRemoved = nil
  }

  /// Gives a player a photo from an image the source re-encodes (JPEG, PNG, WebP or HEIC),
  /// or takes it away (nil): the picture goes back to their initials.
  /// - Throws: the source's refusal (the image unreadable); nothing changes.
  @discardableResult
  public func setPhoto(_ image: Data?, of player: Player) async throws -> Player {
    try requireConnection()
    let updated = try await source.setPhoto(of: player.id, to: image)
    replace(updated)
    return updated
  }

  /// A player's photo (a JPEG), kept once read; nil when they have none or it cannot be read.
  public func photo(of player: Player) async -> Data? {
    guard let hash = player.photo else { return nil }
    if let jpeg = photos[hash] { return jpeg }
    guard let jpeg = try? await source.photo(hash) else { return nil }
    photos[hash] = jpeg  // named by its content: never outdated
    return jpeg
  }

  /// A champion's art synced from Data Dragon (a JPEG), kept once read; nil until someone
  /// synced it (the drawing stands in).
  public func championArt(_ imageName: String) async -> Data? {
    let key = "champion:" + imageName
    if let jpeg = photos[key] { return jpeg }
    guard let jpeg = try? await source.championArt(imageName) else { return nil }
    photos[key] = jpeg  // kept for the session: a sync is rare
    showsChampionArt = true
    return jpeg
  }

  /// Reads the shown team's week, and who the signed-in account is.
  public func loadWeek() async throws {
    do {
      week = try await source.week.of(team: shownTeamID.text)
      ownPlayerID = try await source.signedInPlayer()
    } catch let error as OfflineError {
      isConnected = false
      throw error
    }
  }

  /// Sets a player's weekly hours and days away as people write them (`Mon-Fri 18:00-23:00`,
  /// `sam 14h-20h`; `2026-03-12..2026-03-14`), checked first; returns them as kept.
  /// - Throws: ``ValidationError`` on `weekly` or `away`, or the source's refusal (a
  ///   player's own account sets only theirs); nothing changes.
  @discardableResult
  public func setAvailability(weekly: String, away: [String], of player: Player) async throws
    -> Availability
  {
    try requireConnection()
    let availability = try AvailabilityInput(weekly: weekly, away: away).validated()
    try await source.week.setAvailability(of: player.id, to: availability)
    // Saved: a week that cannot be read again now is read with the next change.
    try? await loadWeek()
    return availability
  }

  /// Gives a player's answer to an event of the week (nil takes it back).
  /// - Throws: the source's refusal (a player's own account answers only for them).
  public func answer(_ answer: TeamEvent.Answer?, to event: TeamEvent, for player: Player)
    async throws
  {
    try requireConnection()
    _ = try await source.week.answer(answer, for: player.id, to: event.id)
    try? await loadWeek()
  }

  /// Proposes a ban or a pick for a game of an event's series: a player's own account for
  /// themself, the staff for the team.
  /// - Throws: the source's refusal (a champion the series' rule locks, say); nothing changes.
  public func propose(
    _ action: DraftSlot.Action, _ champion: String, note: String = "", game: Int,
    of event: TeamEvent
  ) async throws {
    try requireConnection()
    _ = try await source.drafts.propose(
      ProposalInput(
        game: game, action: action.rawValue, champion: champion, player: ownPlayerID,
        note: note), to: event.id)
    try? await loadWeek()
  }

  /// Enters a turn of game `game` of an event's series, as the board does: a game with no
  /// draft yet begins on `side`; then `champion` (as typed: the server finds it as its
  /// search does) fills its next empty turn, a pick taking its team's first free role. The
  /// server checks it under the series' rule; the week is read again.
  /// - Throws: the source's refusal (a champion the rule locks, or already in the game);
  ///   nothing changes.
  public func enterTurn(
    _ champion: String?, side: Game.Side? = nil, game: Int, of event: TeamEvent
  ) async throws {
    try requireConnection()
    var draft =
      event.drafts.indices.contains(game - 1)
      ? event.drafts[game - 1] : GameDraft(side: side ?? .blue)
    if let champion, let turn = draft.nextTurn { draft = draft.choosing(champion, at: turn) }
    _ = try await source.drafts.saveDraft(draft, game: game, of: event.id)
    try? await loadWeek()
  }

  /// Stops offering to undo the last removal.
  public func dismissUndo() { lastRemoved = nil }

  /// Moves players within the starters or the substitutes, as a list's `onMove` reports it
  /// (offsets in that group); the roster is then the starters followed by the substitutes.
  public func movePlayers(in lineup: Lineup, fromOffsets offsets: IndexSet, toOffset: Int)
    async throws
  {
    try requireConnection()
    var group = lineup == .starter ? starters : substitutes
    let moving = offsets.map { group[$0] }
    group.remove(atOffsets: offsets)
    let destination = min(max(toOffset, 0), group.count + moving.count)
    group.insert(contentsOf: moving, at: destination - offsets.count { $0 < destination })
    let order = lineup == .starter ? group + substitutes : starters + group
    guard order != players else { return }
    try await source.reorder(order.map(\.id), expected: players.map(\.id), in: shownTeamID)
    everyone = everyone.filter { $0.teamID != shownTeamID } + order
  }
}

extension Array {
  /// Removes the elements at `offsets`.
  fileprivate mutating func remove(atOffsets offsets: IndexSet) {
    for offset in offsets.reversed() { remove(at: offset) }
  }
}

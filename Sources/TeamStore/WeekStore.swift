import Foundation
import TeamKit

/// The team's week: availability, events, results, answers and calendar feeds, each a
/// change of its own with a history entry (feeds excepted: they are keys, not the roster)
/// (``RosterStore/weekRows``).
public struct WeekRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// The team's week.
  public var weekRows: WeekRows { WeekRows(store: self) }
}

extension WeekRows {
  /// A team's week, its tag or id (the first team when nil or empty).
  /// - Throws: ``RosterError/invalid(_:)`` when no team has this tag.
  public func week(team tagOrID: String? = nil) throws(RosterError) -> TeamWeek {
    let roster = store.roster
    let team: Team
    team = try Self.team(tagOrID, in: roster)
    return TeamWeek(team: team, players: roster.players(in: team.id), schedule: roster.schedule)
  }

  /// Replaces a player's weekly hours and days away.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` or
  ///   ``RosterError/storage(_:)``.
  public func setAvailability(
    of id: UUID, to availability: Availability, onTeam team: UUID? = nil,
    by author: String = RosterStore.local
  ) async throws(RosterError) {
    if availability.weekly.count > Availability.maxBlocks {
      throw .invalid(
        ValidationError(
          .weekly, Message("Give at most %@ blocks of hours.", Availability.maxBlocks)))
    }
    if availability.away.count > Availability.maxAbsences {
      throw .invalid(
        ValidationError(.away, Message("Give at most %@ absences.", Availability.maxAbsences)))
    }
    try await store.change(by: author) { change, _ in
      guard let player = change.roster.player(id: id), RosterStore.isOn(team, player) else {
        throw RosterError.notFound(id)
      }
      let schedule = change.roster.schedule
      guard (schedule.availability[id] ?? Availability()) != availability else {
        return (false, ())
      }
      change.setAvailability(of: id, to: availability)
      change.record(.availabilityChanged, after: player)
      // A starter away now: the substitute each coming event's verdict names is invited.
      for event in schedule.events where event.teamID == player.teamID && event.end > change.at {
        Self.invitingCovers(event.id, &change)
      }
      return (true, ())
    }
  }

  /// Plans an event for a team (its tag or id; the first team when nil), read in the team's
  /// time zone, inviting its starters; when the input repeats, the whole series at once
  /// (``EventInput/validatedSeries(team:zone:invited:now:)``). Returns the first event.
  /// - Throws: ``RosterError/invalid(_:)``, ``RosterError/notFound(_:)`` (no such team) or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func addEvent(
    _ input: EventInput, team tagOrID: String? = nil, by author: String = RosterStore.local
  )
    async throws(RosterError) -> TeamEvent
  {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      let team = try Self.team(tagOrID, in: roster)
      let starters = roster.players(in: team.id).filter { $0.lineup == .starter }.map(\.id)
      let events = try input.validatedSeries(
        team: team.id, zone: team.zone, invited: starters, now: change.at)
      try Self.checkRoom(for: events.count, on: team, in: roster)
      for planned in events {
        let event = change.save(planned)
        Self.record(.eventAdded, event, team: team, &change)
        Self.invitingCovers(event.id, &change)
      }
      let first = events[0].id
      return (true, change.roster.schedule.event(id: first) ?? events[0])
    }
  }

  /// Changes an event's kind, times, opponent, format, place and notes; its invitations,
  /// answers and games stay. An event of a series changes alone: an input that repeats is
  /// refused.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func updateEvent(id: UUID, with input: EventInput, by author: String = RosterStore.local)
    async throws(RosterError) -> TeamEvent
  {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard let current = roster.schedule.event(id: id) else { throw RosterError.notFound(id) }
      let team = roster.team(id: current.teamID) ?? roster.firstTeam
      guard input.repeats.isEmpty, input.until.isEmpty else {
        throw ValidationError(
          .repeats,
          Message("A change is made to this event alone: leave its repeat days and last day empty.")
        )
      }
      // A new start alone moves the event, its length kept.
      var input = input.keepingLength(of: current, in: team.zone)
      // A change that names no rule keeps the event's.
      if input.draftRule.trimmingCharacters(in: .whitespaces).isEmpty {
        input.draftRule = current.draftRule.rawValue
      }
      var event = try input.validated(
        id: id, team: current.teamID, zone: team.zone, invited: current.invited, now: change.at)
      event.answers = current.answers
      event.comments = current.comments
      event.games = current.games
      event.series = current.series
      event.drafts = try DraftRows.keptDrafts(of: current, in: event, roster: roster)
      event.turnSeconds = current.turnSeconds
      event.proposals = current.proposals.filter { $0.game <= event.gameCount }
      event.gameNotes = current.gameNotes.filter { $0.game <= event.gameCount }
      event.sequence = current.sequence
      event.updated = current.updated
      guard event != current else { return (false, current) }
      event = change.saveChanged(event)
      Self.record(.eventEdited, event, team: team, &change)
      Self.invitingCovers(event.id, &change)
      return (true, change.roster.schedule.event(id: event.id) ?? event)
    }
  }

  /// Cancels an event, and with `following` the events of its series after it, in one
  /// change. Returns the events cancelled, in order.
  /// - Throws: ``RosterError/notFound(_:)`` or ``RosterError/storage(_:)``.
  @discardableResult
  public func removeEvent(id: UUID, following: Bool = false, by author: String = RosterStore.local)
    async throws(RosterError) -> [TeamEvent]
  {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard let event = roster.schedule.event(id: id) else { throw RosterError.notFound(id) }
      let team = roster.team(id: event.teamID) ?? roster.firstTeam
      let cancelled =
        following ? roster.schedule.series(from: event) : [event]
      for event in cancelled {
        change.cancel(event)
        Self.record(.eventRemoved, event, team: team, &change)
      }
      return (true, cancelled)
    }
  }

  /// Brings an event back from "Recently removed" as it was cancelled (its invitations,
  /// answers, games, drafts and proposals), with the events of its series cancelled with it,
  /// at the same instant: an Undo of the cancellation. Returns it.
  /// - Throws: ``RosterError/notFound(_:)`` when no event of "Recently removed" (of `team`,
  ///   when given) has this id, ``RosterError/conflict(_:)`` when its team keeps as many
  ///   events as it may, or ``RosterError/storage(_:)``.
  @discardableResult
  public func restoreEvent(
    id: UUID, onTeam team: UUID? = nil, by author: String = RosterStore.local
  ) async throws(RosterError) -> TeamEvent {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard let removal = roster.schedule.removal(id: id),
        team == nil || removal.event.teamID == team
      else { throw RosterError.notFound(id) }
      let owner = roster.team(id: removal.event.teamID) ?? roster.firstTeam
      let together = roster.schedule.removed.filter {
        $0.id == id
          || ($0.removedAt == removal.removedAt && removal.event.series != nil
            && $0.event.series == removal.event.series)
      }
      try Self.checkRoom(for: together.count, on: owner, in: roster)
      for back in together.reversed() {
        change.restore(event: back)
        Self.record(.eventRestored, back.event, team: owner, &change)
      }
      return (true, removal.event)
    }
  }

  /// Logs an event's games (replacing those logged before), each champion credited to the
  /// player named for its role, else to the one the event's verdict names.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func logGames(_ games: [GameInput], of id: UUID, by author: String = RosterStore.local)
    async throws(RosterError) -> TeamEvent
  {
    guard games.count <= GameInput.maxGames else {
      throw .invalid(ValidationError(.game, Message("Log at most %@ games.", GameInput.maxGames)))
    }
    return try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard var event = roster.schedule.event(id: id) else { throw RosterError.notFound(id) }
      let team = roster.team(id: event.teamID) ?? roster.firstTeam
      // Who did not name a player played as the verdict says: the available starter, else
      // the substitute it names.
      let lineup = roster.schedule.lineup(
        of: event, players: roster.players(in: team.id), in: team.zone)
      let logged = try games.map { (input) throws(ValidationError) in
        try input.validated(lineup: lineup, players: roster.players, catalog: roster.champions)
      }
      // A game credits the event's team's players; a name the stored game has stays.
      for (index, game) in logged.enumerated() {
        try team.checkOwn(
          Team.pickPlayers(of: game),
          kept: Team.pickPlayers(
            of: event.games.indices.contains(index) ? event.games[index] : nil),
          places: Position.allCases.map(\.displayName), among: roster.players, field: .game)
      }
      guard logged != event.games else { return (false, event) }
      event.games = logged
      event = change.saveChanged(event)
      let (won, lost) = event.score
      Self.record(.resultLogged, event, team: team, &change, other: "\(won)–\(lost)")
      return (true, event)
    }
  }

  /// Gives a player's answer to an event (nil takes it back), with a few words or none; a
  /// player of the team not invited is invited by answering. A starter's no invites the
  /// substitute the verdict then names.
  /// - Throws: ``RosterError/notFound(_:)`` for an unknown event, or a player neither
  ///   invited nor of the event's team; ``RosterError/invalid(_:)`` for a comment over
  ///   ``TeamEvent/maxCommentLength`` characters; ``RosterError/storage(_:)``.
  @discardableResult
  public func answer(
    _ answer: TeamEvent.Answer?, comment: String? = nil, for playerID: UUID, to id: UUID,
    by author: String = RosterStore.local
  ) async throws(RosterError) -> TeamEvent {
    let comment = comment?.trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "\n", with: " ")
    if let comment, comment.count > TeamEvent.maxCommentLength {
      throw .invalid(
        ValidationError(
          .comment,
          Message("Shorten the comment to %@ characters.", TeamEvent.maxCommentLength)))
    }
    return try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard var event = roster.schedule.event(id: id) else { throw RosterError.notFound(id) }
      guard let player = roster.player(id: playerID),
        player.teamID == event.teamID || event.invited.contains(playerID)
      else {
        throw RosterError.notFound(playerID)
      }
      let said = answer == nil || comment?.isEmpty != false ? nil : comment
      guard
        event.answers[playerID] != answer || event.comments[playerID] != said
          || !event.invited.contains(playerID)
      else {
        return (false, event)
      }
      if !event.invited.contains(playerID) { event.invited.append(playerID) }
      event.answers[playerID] = answer
      event.comments[playerID] = said
      event = change.save(event)
      let team = roster.team(id: event.teamID) ?? roster.firstTeam
      change.record(
        .answered, after: player, from: event.kind.rawValue, to: Self.clock(event, team),
        other: answer?.rawValue ?? "")
      Self.invitingCovers(id, &change)
      return (true, change.roster.schedule.event(id: id) ?? event)
    }
  }

  /// Invites a player of the organisation to an event (a stand-in from another team, say).
  /// - Throws: ``RosterError/notFound(_:)`` for an unknown event or player, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func invite(_ playerID: UUID, to id: UUID, by author: String = RosterStore.local)
    async throws(RosterError) -> TeamEvent
  {
    try await store.change(by: author) { change, _ in
      guard let event = change.roster.schedule.event(id: id) else {
        throw RosterError.notFound(id)
      }
      guard change.roster.player(id: playerID) != nil else { throw RosterError.notFound(playerID) }
      guard !event.invited.contains(playerID) else { return (false, event) }
      return (true, Self.inviting([playerID], to: event, &change))
    }
  }

  /// `event` inviting `players` besides those it invites, saved in `change`, each with its
  /// history entry.
  @discardableResult
  private static func inviting(_ players: [UUID], to event: TeamEvent, _ change: inout Change)
    -> TeamEvent
  {
    var event = event
    event.invited += players
    event = change.save(event)
    let roster = change.roster
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    for id in players {
      change.record(
        .invited, after: roster.player(id: id), from: event.kind.rawValue, to: clock(event, team))
    }
    return event
  }

  /// The event with this id inviting, in `change`, the substitutes its verdict names who are
  /// not invited yet; nothing for an event already over.
  private static func invitingCovers(_ id: UUID, _ change: inout Change) {
    let roster = change.roster
    guard let event = roster.schedule.event(id: id), event.end > change.at,
      let team = roster.team(id: event.teamID)
    else { return }
    let covers = roster.schedule.uninvitedCovers(
      of: event, players: roster.players(in: team.id), in: team.zone)
    guard !covers.isEmpty else { return }
    inviting(covers, to: event, &change)
  }

  /// A new private calendar address for a team's events, or (with `player`) for the events
  /// a player is invited to.
  /// - Throws: ``RosterError/notFound(_:)`` or ``RosterError/storage(_:)``.
  public func createFeed(team: UUID? = nil, player: UUID? = nil) async throws(RosterError)
    -> CalendarFeed
  {
    let secret = CalendarFeed.newSecret()
    return try await store.change(by: RosterStore.local) { change, _ in
      let roster = change.roster
      if let team, roster.team(id: team) == nil { throw RosterError.notFound(team) }
      if let player, roster.player(id: player) == nil { throw RosterError.notFound(player) }
      let feeds = roster.schedule.feeds
      let teamID = team ?? roster.firstTeam.id
      let full: Message? =
        if let player {
          feeds.count(where: { $0.playerID == player }) < Self.maxFeedsPerPlayer
            ? nil
            : Message(
              "A player keeps at most %@ calendar addresses; revoke one first.",
              Self.maxFeedsPerPlayer)
        } else {
          feeds.count(where: { $0.teamID == teamID }) < Self.maxFeedsPerTeam
            ? nil
            : Message(
              "A team keeps at most %@ calendar addresses; revoke one first.",
              Self.maxFeedsPerTeam)
        }
      if let full { throw RosterError.conflict(ValidationError(.team, full, isConflict: true)) }
      let feed = CalendarFeed(
        secret: secret, teamID: player == nil ? teamID : nil,
        playerID: player, created: Writer.stored(change.at))
      change.add(feed)
      return (true, feed)
    }
  }

  /// Revokes a calendar address: it answers 404 from now on.
  /// - Throws: ``RosterError/storage(_:)``.
  public func revokeFeed(_ secret: String) async throws(RosterError) {
    try await store.change(by: RosterStore.local) { change, _ in
      guard change.roster.schedule.feed(secret: secret) != nil else { return (false, ()) }
      change.revokeFeeds { $0.secret == secret }
      return (true, ())
    }
  }

  /// How many calendar addresses a team's staff may keep at once.
  public static let maxFeedsPerTeam = 20
  /// How many calendar addresses of their own a player may keep at once.
  public static let maxFeedsPerPlayer = 5

  /// Revokes every calendar address of a player (their account is removed).
  /// - Throws: ``RosterError/storage(_:)``.
  public func revokeFeeds(player: UUID) async throws(RosterError) {
    try await store.change(by: RosterStore.local) { change, _ in
      guard change.roster.schedule.feeds.contains(where: { $0.playerID == player }) else {
        return (false, ())
      }
      change.revokeFeeds { $0.playerID == player }
      return (true, ())
    }
  }

  /// Refuses `count` more events on `team` past ``Schedule/maxEventsPerTeam``.
  private static func checkRoom(for count: Int, on team: Team, in roster: Roster)
    throws(RosterError)
  {
    guard
      roster.schedule.events.count(where: { $0.teamID == team.id }) + count
        > Schedule.maxEventsPerTeam
    else { return }
    throw .conflict(
      ValidationError(
        .start,
        Message(
          "%1$@ keeps at most %2$@ events; cancel old ones first.", team.name,
          Schedule.maxEventsPerTeam), isConflict: true))
  }

  private static func team(_ tagOrID: String?, in roster: Roster) throws(RosterError) -> Team {
    guard let tagOrID, !tagOrID.isEmpty else { return roster.firstTeam }
    guard let team = roster.team(tagOrID) else {
      throw RosterError.invalid(
        ValidationError(.team, Message("No team has the tag “%@”.", tagOrID)))
    }
    return team
  }

  /// An event's start on its team's clock, as the history keeps it: `2026-03-12 20:00`.
  static func clock(_ event: TeamEvent, _ team: Team) -> String {
    EventInput.wallClock(event.start, in: team.zone).replacingOccurrences(of: "T", with: " ")
  }

  private static func record(
    _ kind: RosterChange.Kind, _ event: TeamEvent, team: Team, _ change: inout Change,
    other: String? = nil
  ) {
    change.record(
      kind, name: event.opponent, from: event.kind.rawValue, to: clock(event, team), other: other)
  }
}

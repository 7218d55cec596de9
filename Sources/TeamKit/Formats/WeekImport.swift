import Foundation

/// The week a file brings: its hours and events checked as the API checks them.
extension RosterImport {
  /// The file's week, checked as the API checks it: each availability a player of the file's,
  /// each event a team's of the organisation, with valid times, texts and games. The
  /// invitations, answers and picks of players not in the file are left out.
  /// - Parameter players: the file's players, with their teams.
  static func week(
    hours: [PlayerHours], events: [TeamEvent], players: [UUID: UUID], teams: [Team],
    champions: ChampionCatalog, problems: inout [RosterFile.Problem]
  ) -> Schedule {
    let availability = checked(hours, players: players, problems: &problems)
    for team in teams
    where events.count(where: { $0.teamID == team.id }) > Schedule.maxEventsPerTeam {
      problems.append(
        .init(
          place: Message(verbatim: team.name),
          message: Message(
            "%1$@ keeps at most %2$@ events; cancel old ones first.", team.name,
            Schedule.maxEventsPerTeam)))
    }
    var checked: [TeamEvent] = []
    var ids: Set<UUID> = []
    for (index, event) in events.enumerated() {
      let place = Message("Event %1$@ (“%2$@”)", index + 1, event.title)
      guard let team = teams.first(where: { $0.id == event.teamID }) else {
        problems.append(
          .init(
            place: place,
            message: Message("No team of the organisation has the id %@.", event.teamID)))
        continue
      }
      guard ids.insert(event.id).inserted else {
        problems.append(
          .init(
            place: place,
            message: Message("Give each event its own id: %@ appears twice.", event.id)
          ))
        continue
      }
      do throws(ValidationError) {
        checked.append(
          try Self.checked(event, of: team, players: players, champions: champions))
      } catch {
        problems.append(.init(place: place, message: error.message))
      }
    }
    // A proposal's or a note's id is its own: one that appears again in the file is left out.
    var proposals: Set<UUID> = []
    var notes: Set<UUID> = []
    for index in checked.indices {
      checked[index].proposals.removeAll { !proposals.insert($0.id).inserted }
      checked[index].gameNotes.removeAll { !notes.insert($0.id).inserted }
    }
    return Schedule(events: checked, availability: availability)
  }

  /// The file's availability, each a player's of the file, once, with few enough absences.
  private static func checked(
    _ hours: [PlayerHours], players: [UUID: UUID], problems: inout [RosterFile.Problem]
  ) -> [UUID: Availability] {
    var availability: [UUID: Availability] = [:]
    for (index, entry) in hours.enumerated() {
      let place = Message("Availability %@", index + 1)
      if players[entry.player] == nil {
        problems.append(
          .init(
            place: place, message: Message("No player of the file has the id %@.", entry.player)))
      } else if availability[entry.player] != nil {
        problems.append(
          .init(
            place: place,
            message: Message("Give each player one availability: %@ appears twice.", entry.player)
          ))
      } else if entry.hours.away.count > Availability.maxAbsences {
        problems.append(
          .init(
            place: place,
            message: Message("Give at most %@ absences.", Availability.maxAbsences)))
      } else {
        availability[entry.player] = entry.hours
      }
    }
    return availability
  }

  /// One event of the file, checked as the API checks it, on its team's clock.
  private static func checked(
    _ event: TeamEvent, of team: Team, players: [UUID: UUID], champions: ChampionCatalog
  ) throws(ValidationError) -> TeamEvent {
    var kept = try EventInput(event, in: team.zone).validated(
      id: event.id, team: team.id, zone: team.zone, invited: [], now: event.updated)
    guard event.games.count <= GameInput.maxGames else {
      throw ValidationError(.game, Message("Log at most %@ games.", GameInput.maxGames))
    }
    guard (0...maxSequence).contains(event.sequence) else {
      throw ValidationError(
        .game, Message("Give a sequence of 0 to %@ (the changes counted).", maxSequence))
    }
    kept.games = try event.games.map { (game) throws(ValidationError) in
      try checked(game, players: players, champions: champions)
    }
    // Its instants as the file has them: the wall clock would move an event in the hour
    // the clocks pass twice.
    kept.start = event.start
    kept.end = event.end
    var invited: [UUID] = []
    // Anyone of the organisation may be invited (a stand-in from another team).
    for id in event.invited where players[id] != nil && !invited.contains(id) {
      invited.append(id)
    }
    kept.invited = invited
    kept.answers = event.answers.filter { invited.contains($0.key) }
    kept.comments = event.comments.filter { kept.answers[$0.key] != nil }
    if let long = kept.comments.values.first(where: { $0.count > TeamEvent.maxCommentLength }) {
      throw ValidationError(
        .game,
        Message(
          "Shorten the comment “%1$@” to %2$@ characters.", long, TeamEvent.maxCommentLength))
    }
    kept.sequence = event.sequence
    kept.series = event.series
    guard event.drafts.count <= kept.gameCount else {
      throw ValidationError(.draft, Message("Give at most %@ drafts.", kept.gameCount))
    }
    for var draft in event.drafts.map(\.withoutRepeatedRoles) {
      // The drafts' players not in the file are left out, as their picks are.
      draft.players = draft.players.filter { players[$0.value] != nil }
      kept.drafts.append(
        try draft.validated(
          after: kept.drafts, rule: kept.draftRule, catalog: champions,
          players: Set(players.keys)))
    }
    kept.proposals = keptProposals(
      event.proposals, of: kept, players: players, champions: champions)
    kept.gameNotes = keptNotes(event.gameNotes, of: kept, players: players)
    return kept
  }

  /// One logged game of the file.
  private static func checked(_ game: Game, players: [UUID: UUID], champions: ChampionCatalog)
    throws(ValidationError) -> Game
  {
    for picks in [game.picks, game.opponentPicks]
    where Set(picks.map(\.position)).count != picks.count {
      throw ValidationError(
        .game, Message("Give one champion per role, in role order."))
    }
    // Each champion credited to who played the role, when they are of the
    // organisation (a player of another team may stand in), a guess kept as one.
    var input = GameInput(game)
    input.players = []
    var checked = try input.validated(
      lineup: Dictionary(
        game.picks.compactMap { pick in
          pick.playerID.flatMap { players[$0] != nil ? (pick.position, $0) : nil }
        }
      ) { first, _ in first }, players: [], catalog: champions)
    for index in checked.picks.indices {
      let pick = checked.picks[index]
      checked.picks[index].guessed =
        pick.playerID != nil
        && game.picks.first { $0.position == pick.position }?.guessed == true
    }
    return checked
  }
}

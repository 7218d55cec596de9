import Foundation
import TeamKit

/// What goes around a series' draft board: its turn timer, and the secret links given to the
/// other team's captain and to spectators.
extension DraftRows {
  /// Times each turn of an event's draft board to `seconds` (one of ``TeamEvent/turnTimers``),
  /// counted from now and from each later change of the board; nil stops the timer.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` for another number
  ///   of seconds, or ``RosterError/storage(_:)``.
  @discardableResult
  public func setTurnTimer(
    of id: UUID, to seconds: Int?, onTeam team: UUID? = nil, by author: String = RosterStore.local
  ) async throws(RosterError) -> TeamEvent {
    if let seconds, !TeamEvent.turnTimers.contains(seconds) {
      throw .invalid(
        ValidationError(
          .draft,
          Message(
            "Time each turn to %@ seconds.",
            TeamEvent.turnTimers.map(String.init).joined(separator: ", "))))
    }
    return try await store.change(by: author) { change, _ in
      guard var event = change.roster.schedule.event(id: id), team == nil || event.teamID == team
      else { throw RosterError.notFound(id) }
      guard event.turnSeconds != seconds || seconds != nil else { return (false, event) }
      // Started again even at the same length: a coach restarts the turn's clock.
      event.turnSeconds = seconds
      event = change.saveChanged(event)
      DraftRows.recordEdit(of: event, &change)
      return (true, event)
    }
  }

  /// A new secret address of game `game`'s draft board of event `id`: for the other team's
  /// captain, who enters their side's turns there, or a spectator, who follows the board.
  /// - Throws: ``RosterError/notFound(_:)``, ``RosterError/invalid(_:)`` for a game the
  ///   series does not have, ``RosterError/conflict(_:)`` past ``DraftLink/maxPerEvent``, or
  ///   ``RosterError/storage(_:)``.
  @discardableResult
  public func addDraftLink(
    to id: UUID, game: Int, kind: DraftLink.Kind, onTeam team: UUID? = nil,
    by author: String = RosterStore.local
  ) async throws(RosterError) -> DraftLink {
    let secret = CalendarFeed.newSecret()
    return try await store.change(by: author) { change, _ in
      guard let event = change.roster.schedule.event(id: id), team == nil || event.teamID == team
      else { throw RosterError.notFound(id) }
      guard (1...event.gameCount).contains(game) else {
        throw RosterError.invalid(
          ValidationError(.game, Message("This series has %@ games at most.", event.gameCount)))
      }
      guard
        change.roster.schedule.draftLinks.count(where: { $0.eventID == id })
          < DraftLink.maxPerEvent
      else {
        throw RosterError.conflict(
          ValidationError(
            .game,
            Message(
              "An event keeps at most %@ draft links; revoke one first.", DraftLink.maxPerEvent),
            isConflict: true))
      }
      let link = DraftLink(
        secret: secret, eventID: id, game: game, kind: kind, created: Writer.stored(change.at))
      change.add(link)
      return (true, link)
    }
  }

  /// Revokes a draft board's secret address (of `team`'s events, when given): it answers 404
  /// from now on.
  /// - Throws: ``RosterError/storage(_:)``.
  public func revokeDraftLink(_ secret: String, onTeam team: UUID? = nil) async throws(RosterError)
  {
    try await store.change(by: RosterStore.local) { change, _ in
      let schedule = change.roster.schedule
      guard let link = schedule.draftLinks.first(where: { $0.secret == secret }),
        team == nil
          || (schedule.event(id: link.eventID) ?? schedule.removal(id: link.eventID)?.event)?
            .teamID == team
      else { return (false, ()) }
      change.revokeDraftLinks { $0.secret == secret }
      return (true, ())
    }
  }
}

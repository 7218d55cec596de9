import Foundation
import TeamKit

/// The organisation's teams: added, changed, removed, and the organisation renamed
/// (``RosterStore/teamRows``).
public struct TeamRows: Sendable {
  let store: RosterStore
}

extension RosterStore {
  /// The organisation's teams and its name.
  public var teamRows: TeamRows { TeamRows(store: self) }
}

extension TeamRows {
  /// Adds a team after the others and returns it.
  /// - Throws: ``RosterError/invalid(_:)`` or ``RosterError/conflict(_:)`` (a tag taken),
  ///   or ``RosterError/storage(_:)``.
  @discardableResult
  public func addTeam(_ input: TeamInput, by author: String = RosterStore.local)
    async throws(RosterError)
    -> Team
  {
    try await store.change(by: author) { change, _ in
      let team = try input.validated(among: change.roster.teams)
      change.set(teams: change.roster.teams + [team], writing: team.id)
      change.record(.teamAdded, name: team.name)
      return (true, team)
    }
  }

  /// Changes a team’s name, tag, league and parent, and returns it.
  /// - Throws: ``RosterError/teamNotFound(_:)``, ``RosterError/invalid(_:)``,
  ///   ``RosterError/conflict(_:)`` or ``RosterError/storage(_:)``.
  @discardableResult
  public func updateTeam(
    _ tagOrID: String, with input: TeamInput, by author: String = RosterStore.local
  )
    async throws(RosterError) -> Team
  {
    try await store.change(by: author) { change, _ in
      let roster = change.roster
      guard let index = roster.teams.firstIndex(where: { $0.id == roster.team(tagOrID)?.id })
      else { throw RosterError.teamNotFound(tagOrID) }
      let current = roster.teams[index]
      let team = try input.validated(id: current.id, among: roster.teams)
      guard team != current else { return (false, team) }
      var teams = roster.teams
      teams[index] = team
      change.set(teams: teams, writing: team.id)
      change.record(.teamEdited, name: team.name, from: current.name, to: team.name)
      return (true, team)
    }
  }

  /// Removes a team that has no player left (its "Recently removed" go to the first other
  /// team) and returns it. The organisation keeps at least one team.
  /// - Throws: ``RosterError/teamNotFound(_:)``, ``RosterError/conflict(_:)`` when players
  ///   are still on it or it is the only team, or ``RosterError/storage(_:)``.
  @discardableResult
  public func removeTeam(_ tagOrID: String, by author: String = RosterStore.local)
    async throws(RosterError)
    -> Team
  {
    try await store.change(by: author) { change, keys in
      let roster = change.roster
      guard let team = roster.team(tagOrID) else { throw RosterError.teamNotFound(tagOrID) }
      let count = roster.players(in: team.id).count
      guard count == 0 else {
        throw RosterError.conflict(
          ValidationError(
            .team,
            count == 1
              ? Message("%@ still has 1 player: move or remove them first.", team.name)
              : Message(
                "%1$@ still has %2$@ players: move or remove them first.", team.name, count),
            isConflict: true))
      }
      guard let heir = roster.teams.first(where: { $0.id != team.id }) else {
        throw RosterError.conflict(
          ValidationError(
            .team, Message("%@ is the organisation’s only team: add another first.", team.name),
            isConflict: true))
      }
      if let limited = try keys.limitedOnly(to: team) {
        throw RosterError.conflict(
          ValidationError(
            .team,
            Message(
              "%1$@ can reach no team but %2$@: give it another team first, or remove it.",
              limited, team.name),
            isConflict: true))
      }
      change.remove(team, heir: heir)
      change.record(.teamRemoved, name: team.name)
      return (true, team)
    }
  }

  /// Renames the organisation.
  /// - Throws: ``RosterError/invalid(_:)`` or ``RosterError/storage(_:)``.
  public func renameOrganisation(_ name: String, by author: String = RosterStore.local)
    async throws(RosterError)
  {
    let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, name.count <= Team.maxNameLength, !PlayerInput.hasInvisibleCharacters(name)
    else {
      throw .invalid(
        ValidationError(
          .teamName,
          Message("Give the organisation a name of 1 to %@ visible characters.", Team.maxNameLength)
        ))
    }
    try await store.change(by: author) { change, _ in
      let old = change.roster.organisation
      guard name != old else { return (false, ()) }
      change.rename(to: name)
      change.record(.organisationRenamed, name: name, from: old, to: name)
      return (true, ())
    }
  }
}

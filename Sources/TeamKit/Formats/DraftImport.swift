import Foundation

/// The champion pools and draft proposals a JSON export carries, as an import takes them.
extension RosterImport {
  /// An event's proposals as the file has them: within the series' games, each a champion of
  /// `champions`, their players not in the file left out, notes and authors cut to length.
  static func keptProposals(
    _ proposals: [DraftProposal], of event: TeamEvent, players: [UUID: UUID],
    champions: ChampionCatalog
  ) -> [DraftProposal] {
    proposals.filter {
      (1...event.gameCount).contains($0.game) && champions.find($0.champion) != nil
    }
    .prefix(DraftProposal.maxPerGame * event.gameCount).map { proposal in
      var proposal = proposal
      if let player = proposal.player, players[player] == nil { proposal.player = nil }
      proposal.note = String(proposal.note.prefix(DraftProposal.maxNoteLength))
      proposal.author = String(proposal.author.prefix(DraftProposal.maxAuthorLength))
      return proposal
    }
  }

  /// The file's pools for `players` (the file's; one without an entry gets an empty pool),
  /// each a player's of the file, once, each entry checked; nil when they are the `current`
  /// ones.
  static func changedPools(
    _ pools: [PlayerPool], players: [UUID], current: [UUID: [PoolEntry]],
    champions: ChampionCatalog, problems: inout [RosterFile.Problem]
  ) -> [UUID: [PoolEntry]]? {
    var checked: [UUID: [PoolEntry]] = [:]
    let known = Set(players)
    for (index, entry) in pools.enumerated() {
      let place = Message("Pool %@", index + 1)
      guard known.contains(entry.player), checked[entry.player] == nil else {
        problems.append(
          .init(
            place: place,
            message: Message("Give a pool to a player of the file, once: %@.", entry.player)))
        continue
      }
      do throws(ValidationError) {
        checked[entry.player] = try PoolInput.validated(
          entry.pool.map {
            PoolInput(champion: $0.champion, comfort: String($0.comfort), priority: $0.priority)
          }, catalog: champions)
      } catch {
        problems.append(.init(place: place, message: error.message))
      }
    }
    let same = players.allSatisfy { (checked[$0] ?? []) == (current[$0] ?? []) }
    return same ? nil : checked
  }

  /// `The champion pools of the file’s 5 players become the file’s (12 champions).`
  public static func poolsSummary(
    _ pools: [UUID: [PoolEntry]], players: Int, in language: Language
  ) -> String {
    language.localized(
      "The champion pools of the file’s %1$@ players become the file’s (%2$@ champions).",
      players, pools.values.map(\.count).reduce(0, +))
  }
}

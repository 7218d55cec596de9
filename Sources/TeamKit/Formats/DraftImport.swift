import Foundation

/// The champion pools and draft proposals a JSON export carries, as an import takes them.
extension RosterImport {
  /// An event's proposals as the file has them: within the series' games, each a champion of
  /// `champions`, their players not in the file left out, notes and authors cut to length.
  static func keptProposals(
    _ proposals: [DraftProposal], of event: TeamEvent, players: [UUID: UUID],
    champions: ChampionCatalog
  ) -> [DraftProposal] {
    var perGame: [Int: Int] = [:]
    return proposals.compactMap { proposal in
      guard (1...event.gameCount).contains(proposal.game),
        let champion = champions.find(proposal.champion),
        perGame[proposal.game, default: 0] < DraftProposal.maxPerGame
      else { return nil }
      perGame[proposal.game, default: 0] += 1
      var proposal = proposal
      proposal.champion = champion.id
      if let player = proposal.player, players[player] == nil { proposal.player = nil }
      proposal.note = String(proposal.note.prefix(DraftProposal.maxNoteLength))
      proposal.author = String(proposal.author.prefix(DraftProposal.maxAuthorLength))
      return proposal
    }
  }

  /// An event's game notes as the file has them: within the series' games, their words and
  /// author bounded, a turn no draft has left out of them; a note about a player not in the
  /// file is left out (kept as the team's, every player would read it).
  static func keptNotes(_ notes: [GameNote], of event: TeamEvent, players: [UUID: UUID])
    -> [GameNote]
  {
    notes.prefix(GameNote.maxPerEvent).compactMap { note in
      let text = note.text.trimmed()
      guard (1...event.gameCount).contains(note.game), !text.isEmpty else { return nil }
      var note = note
      note.text = String(text.prefix(GameNote.maxLength))
      if let player = note.player, players[player] == nil { return nil }
      if let turn = note.turn, !DraftSlot.order.indices.contains(turn) { note.turn = nil }
      note.author = String(note.author.prefix(DraftProposal.maxAuthorLength))
      return note
    }
  }

  /// The file's pools for `players` (the file's, by the ids the import gives them, `ids`
  /// mapping the file's; one without an entry gets an empty pool), each a player's of the
  /// file, once, each entry checked; nil when they are the `current` ones. In a team's import
  /// (not `strict`), which leaves other teams' rows out, a pool of a player not imported is
  /// left out too.
  static func changedPools(
    _ pools: [PlayerPool], ids: [UUID: UUID], players: [UUID], current: [UUID: [PoolEntry]],
    champions: ChampionCatalog, strict: Bool, problems: inout [RosterFile.Problem]
  ) -> [UUID: [PoolEntry]]? {
    var checked: [UUID: [PoolEntry]] = [:]
    let known = Set(players)
    for (index, entry) in pools.enumerated() {
      let place = Message("Pool %@", index + 1)
      guard let player = ids[entry.player], known.contains(player) else {
        if strict {
          problems.append(
            .init(
              place: place,
              message: Message("Give a pool to a player of the file, once: %@.", entry.player)))
        }
        continue
      }
      guard checked[player] == nil else {
        problems.append(
          .init(
            place: place,
            message: Message("Give a pool to a player of the file, once: %@.", entry.player)))
        continue
      }
      do throws(ValidationError) {
        checked[player] = try PoolInput.validated(
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

}

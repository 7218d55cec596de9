import SwiftUI
import TeamClient
import TeamKit

/// A champion's name as this build knows it, or the id as stored.
private func championName(_ id: String?) -> String {
  guard let id else { return "—" }
  return ChampionCatalog.builtIn.name(ofID: id, in: .system)
}

/// The team's champion pools against its next series, a section a role: each player's
/// champions with their comfort and what the games show, those the series locks marked.
public struct PoolsView: View {
  @Environment(EsportTeam.self) private var team

  public init() {}

  public var body: some View {
    List {
      if let week = team.week {
        let series = week.schedule.nextSeries(of: week.team.id, after: SystemClock.now())
        let board = PoolBoard(
          players: week.players, schedule: week.schedule, event: series, catalog: .builtIn,
          now: SystemClock.now())
        Text(
          series.map {
            localized(
              "%1$@ · %2$@, %3$@ games left: %4$@ champions a player.", $0.title.text(in: .system),
              board.rule.displayName(in: .system), $0.gamesLeft, board.need)
          }
            ?? localized(
              "For a Bo5 in fearless from its first game: %@ champions a player.", board.need)
        )
        .font(.caption)
        ForEach(Position.allCases) { position in
          Section {
            ForEach(board.rows.filter { $0.player.position == position }, id: \.player.id) {
              row in
              PoolRow(row: row, board: board)
            }
          } header: {
            Text(verbatim: position.displayName)
          }
        }
      }
    }
    .navigationTitle("Pools")
  }
}

/// One player's pool: how many champions are left against the need, then each champion.
struct PoolRow: View {
  let row: PoolBoard.Row
  let board: PoolBoard

  var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      Text(row.player.name)
        .font(.headline)
      Text(localized("%1$@ left of %2$@ needed", row.left, board.need))
        .foregroundStyle(
          board.depth(of: row) == .enough ? .green : board.depth(of: row) == .thin ? .orange : .red)
      ForEach(row.entries, id: \.entry.champion) { item in
        // A champion the series locks reads as what it is now: out of reach.
        if item.lockedIn == nil {
          Text(verbatim: Self.line(item))
            .font(.caption)
        } else {
          Text(verbatim: Self.line(item))
            .font(.caption)
            .foregroundStyle(.secondary)
        }
      }
    }
  }

  /// `Ahri 5/5 · 3 games, 67% won · used in game 1`.
  static func line(_ item: PoolBoard.Entry) -> String {
    var parts = ["\(championName(item.entry.champion)) \(item.entry.comfort)/5"]
    if item.entry.priority { parts.append(localized("priority")) }
    parts.append(
      item.record.games == 0
        ? localized("no game logged")
        : localized("%1$@ games, %2$@%% won", item.record.games, item.record.winRate))
    if let game = item.lockedIn { parts.append(localized("Used in game %@", game)) }
    return parts.joined(separator: " · ")
  }
}

/// An event's series: each game's draft in tournament order, and the bans and picks
/// proposed for the next game, with a form to propose one.
public struct SeriesView: View {
  let eventID: UUID
  @Environment(EsportTeam.self) private var team
  @State private var champion = ""
  @State private var note = ""
  @State private var action = DraftSlot.Action.pick
  @State private var failure: String?
  @State private var turnChampion = ""
  @State private var turnFailure: String?

  public init(event: TeamEvent) { eventID = event.id }

  public var body: some View {
    List {
      if let event = team.week?.schedule.event(id: eventID) {
        let next = min(event.completedDrafts.count + 1, event.gameCount)
        Text(
          verbatim:
            "\(event.title.text(in: .system)) · \(event.draftRule.displayName(in: .system))")
        ForEach(Array(event.drafts.enumerated()), id: \.offset) { index, draft in
          Section {
            ForEach(Array(DraftSlot.order.enumerated()), id: \.offset) { turn, slot in
              Text(verbatim: Self.line(draft, turn: turn, slot: slot))
                .font(.caption)
            }
          } header: {
            Text(localized("Game %@", index + 1))
          }
        }
        liveTurn(event, game: next)
        Section {
          ForEach(event.proposals.filter { $0.game == next }) { proposal in
            Text(
              verbatim:
                "\(proposal.action == .ban ? localized("ban") : localized("pick")) \(championName(proposal.champion)) — \(proposal.author)"
            )
          }
          Picker("Ban or pick", selection: $action) {
            Text("ban").tag(DraftSlot.Action.ban)
            Text("pick").tag(DraftSlot.Action.pick)
          }
          TextField("Champion", text: $champion)
            .autocorrectionDisabled()
          TextField("A word with it", text: $note)
          FieldError(messages: failure.map { [$0] } ?? [])
          Button("Propose") { Task { await propose(game: next, of: event) } }
            .disabled(!team.isConnected || champion.isEmpty)
        } header: {
          Text(localized("Plan for game %@", next))
        }
      }
    }
    .navigationTitle("Draft")
  }

  /// The game under way, entered from here as on the board: its side, then each next turn.
  /// The week follows the board live (``EsportTeam/follow()``).
  @ViewBuilder private func liveTurn(_ event: TeamEvent, game: Int) -> some View {
    let draft = event.drafts.indices.contains(game - 1) ? event.drafts[game - 1] : nil
    if draft == nil || draft?.nextTurn != nil {
      Section {
        if let draft, let turn = draft.nextTurn {
          let slot = DraftSlot.order[turn]
          Text(
            verbatim:
              "\(slot.code) \(slot.action == .ban ? localized("ban") : localized("pick")) (\(draft.team(of: slot) == .us ? localized("us") : localized("them")))"
          )
          TextField("Champion", text: $turnChampion)
            .autocorrectionDisabled()
          FieldError(messages: turnFailure.map { [$0] } ?? [])
          Button("Choose") {
            Task { await enter(turnChampion, side: nil, game: game, of: event) }
          }
          .disabled(!team.isConnected || turnChampion.isEmpty)
        } else {
          Text(localized("Which side do we play in game %@?", game))
          ForEach(Game.Side.allCases, id: \.self) { side in
            Button {
              Task { await enter(nil, side: side, game: game, of: event) }
            } label: {
              Text(verbatim: side.displayName(in: .system))
            }
            .disabled(!team.isConnected)
          }
        }
      } header: {
        Text(localized("Game %@ live", game))
      }
    }
  }

  private func enter(_ champion: String?, side: Game.Side?, game: Int, of event: TeamEvent) async {
    do {
      try await team.enterTurn(champion, side: side, game: game, of: event)
      turnChampion = ""
      turnFailure = nil
    } catch {
      turnFailure = localized("Not saved: %@", String(describing: error))
    }
  }

  /// `B1 pick (us) K'Sante · Top`.
  static func line(_ draft: GameDraft, turn: Int, slot: DraftSlot) -> String {
    let action = slot.action == .ban ? localized("ban") : localized("pick")
    let who = draft.team(of: slot) == .us ? localized("us") : localized("them")
    let role = draft.roles[turn].map { " · \($0.displayName)" } ?? ""
    return "\(slot.code) \(action) (\(who)) \(championName(draft.champions[turn]))\(role)"
  }

  private func propose(game: Int, of event: TeamEvent) async {
    do {
      try await team.propose(action, champion, note: note, game: game, of: event)
      champion = ""
      note = ""
      failure = nil
    } catch {
      failure = localized("Not saved: %@", String(describing: error))
    }
  }
}

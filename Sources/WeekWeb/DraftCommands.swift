import CLIBase
import Foundation
import TeamKit

struct ShowSeries: Command {
  static let name = "series"
  static let abstract =
    "A team's series (matches and scrims with a format): rule, games drafted, score; then win rates by side and player."
  static let options = [teamOption, jsonFlag]
  let team: String?
  let json: Bool

  init(_ parsed: Parsed) {
    team = parsed.value("--team")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let week = try await roster.week.of(team: team)
    let figures = DraftFigures(team: week.team.id, schedule: week.schedule, players: week.players)
    if json {
      print(text(TeamJSON.encode(figures, pretty: true)))
      return
    }
    let zone = week.team.zone
    let series = week.schedule.events.filter { $0.format != nil }
    if series.isEmpty {
      print(localized("No match or scrim with a format yet."))
    } else {
      print(
        Table.columns(
          [[localized("WHEN"), localized("EVENT"), localized("DRAFT"), localized("SCORE"), "ID"]]
            + series.map { event in
              [
                EventInput.wallClock(event.start, in: zone).replacingOccurrences(
                  of: "T", with: " "),
                "\(event.title) · \(event.format?.displayName ?? "")",
                localized(
                  "%1$@, %2$@ of %3$@ drafted", event.draftRule.displayName(in: .system),
                  event.completedDrafts.count, event.gameCount),
                "\(event.score.won)–\(event.score.lost)", event.id.uuidString,
              ]
            }))
    }
    let names = Dictionary(week.players.map { ($0.id, $0.name) }) { first, _ in first }
    for side in Game.Side.allCases {
      if let record = figures.bySide[side] {
        print("\(side.displayName(in: .system)): \(rate(record))")
      }
    }
    for (player, record) in figures.byPlayer.sorted(by: { $0.value.games > $1.value.games }) {
      let champions = DraftFigures.Scouting.ranked(
        (figures.playerChampions[player] ?? [:]).mapValues(\.games)
      ).prefix(5).map { "\(championName($0.champion)) ×\($0.count)" }
      print(
        "\(names[player] ?? player.uuidString): \(rate(record)) — "
          + champions.joined(separator: ", "))
    }
  }
}

struct ShowDraft: Command {
  static let name = "draft"
  static let abstract = "Show or enter a game's draft of a series, in tournament order."
  static let discussion = """
    The turns go in tournament order: bans B1 R1 B2 R2 B3 R3, picks B1 R1 R2 B2 B3 R3,
    bans R4 B4 R5 B5, picks R4 B4 B5 R5. Each pick takes its team's next free role, and
    ours the player the verdict names. A champion the series' rule locks is refused,
    naming the game that used it (exit code 65).
    """
  static let arguments = [
    Argument(name: "ID", help: "The event's id."),
    Argument(name: "GAME", help: "The game of the series, from 1."),
  ]
  static let options = [
    Option(name: "--side", value: "SIDE", help: "The side we play: blue or red."),
    Option(
      name: "--turns", value: "LIST",
      help: "The champions of the turns in order, comma-separated; empty for a turn not chosen."),
    jsonFlag,
  ]
  let id: String
  let game: Int
  let side: Game.Side?
  let turns: [String]?
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    id = parsed.positionals[0]
    guard let game = Int(parsed.positionals[1]), game >= 1 else {
      throw .usage(localized("GAME is a game's number, from 1 (not ‘%@’).", parsed.positionals[1]))
    }
    self.game = game
    json = parsed.flag("--json")
    turns = parsed.value("--turns").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    if let text = parsed.value("--side") {
      guard let side = Game.Side(rawValue: text.lowercased()) else {
        throw .usage(localized("--side takes blue or red, not ‘%@’.", text))
      }
      self.side = side
    } else {
      side = nil
    }
    if let turns, turns.count > DraftSlot.order.count {
      throw .usage(localized("Give at most %@ turns.", DraftSlot.order.count))
    }
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    var (event, week) = try await findEvent(id, in: roster)
    let current = event.drafts.indices.contains(game - 1) ? event.drafts[game - 1] : nil
    if side != nil || turns != nil {
      guard var draft = current ?? side.map({ GameDraft(side: $0) }) else {
        throw CLIError(
          code: .usage, message: localized("Give --side: game %@ has no draft yet.", game))
      }
      if let side { draft.side = side }
      if let turns {
        let lineup = week.schedule.lineup(of: event, players: week.players, in: week.team.zone)
        for (index, champion) in turns.enumerated() {
          draft = draft.choosing(champion.isEmpty ? nil : champion, at: index, lineup: lineup)
        }
      }
      event = try await roster.drafts.saveDraft(draft, game: game, of: event.id)
    }
    guard event.drafts.indices.contains(game - 1) else {
      throw CLIError(code: .notFound, message: localized("Game %@ is not drafted yet.", game))
    }
    let draft = event.drafts[game - 1]
    if json {
      Swift.print(text(TeamJSON.encode(draft, pretty: true)))
      return
    }
    show(draft, of: event, game: game, players: week.players)
  }

  private func show(_ draft: GameDraft, of event: TeamEvent, game: Int, players: [Player]) {
    let names = Dictionary(players.map { ($0.id, $0.name) }) { first, _ in first }
    Swift.print(
      localized(
        "%1$@ · game %2$@ · %3$@ · %4$@", event.title, game, draft.side.displayName(in: .system),
        event.draftRule.displayName(in: .system)))
    Swift.print(
      Table.columns(
        DraftSlot.order.enumerated().map { index, slot in
          [
            slot.code, slot.action == .ban ? localized("ban") : localized("pick"),
            draft.team(of: slot) == .us ? localized("us") : localized("them"),
            championName(draft.champions[index]),
            [draft.roles[index]?.displayName, draft.players[index].flatMap { names[$0] }]
              .compactMap(\.self).joined(separator: " · "),
          ]
        }))
    let locked = event.locked(for: .us, inGame: game + 1)
    if !locked.isEmpty && game < event.gameCount {
      Swift.print(
        localized(
          "Locked for us in game %1$@: %2$@", game + 1,
          locked.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { championName($0.key) }
            .joined(separator: ", ")))
    }
  }
}

import Foundation

/// One player's availability in a list of them: `{"away","player","weekly"}`.
struct PlayerHours: JSONWritable, Decodable {
  let player: UUID
  let hours: Availability

  init(player: UUID, hours: Availability) {
    self.player = player
    self.hours = hours
  }

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("away", hours.away.map(\.description))
      $0.member("player", player)
      $0.member("weekly", hours.weekly.map(\.description))
    }
  }

  private enum CodingKeys: String, CodingKey { case player, weekly, away }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    player = try container.decode(UUID.self, forKey: .player)
    let weekly = try container.decode([String].self, forKey: .weekly)
    let away = try container.decode([String].self, forKey: .away)
    hours = Availability(
      weekly: try Availability.weekly(parsing: weekly.joined(separator: ", ")),
      away: try away.map { (text) throws(ValidationError) in
        try Availability.absence(parsing: text)
      })
  }
}

/// The same in ISO 8601, UTC: `2026-03-26T19:00:00Z`.
private func instant(_ date: Date) -> String {
  date.formatted(.iso8601)
}

extension Availability: JSONWritable {
  /// `{"away":["2026-03-12..2026-03-14"],"weekly":["Mon 18:00-23:00"]}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("away", away.map(\.description))
      $0.member("weekly", weekly.map(\.description))
    }
  }
}

extension AvailabilityInput: Decodable {
  private enum CodingKeys: String, CodingKey { case weekly, away }

  /// Reads `{"weekly":"Mon-Fri 18:00-23:00" or ["Mon 18:00-23:00", …],"away":[…]}`; null
  /// or absent is none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let list = try? container.decodeIfPresent([String].self, forKey: .weekly)
    self.init(
      weekly: try list?.joined(separator: ", ")
        ?? container.decodeIfPresent(String.self, forKey: .weekly) ?? "",
      away: try container.decodeIfPresent([String].self, forKey: .away) ?? [])
  }
}

extension Verdict: JSONWritable {
  /// `{"code":"subs","confirmed"?,"missing":[],"subs":[{"player","position"}],"text"}`.
  public func write(to writer: inout JSONWriter) {
    let (missing, subs): ([Position], [Cover]) =
      switch self {
      case .fullFive, .available: ([], [])
      case .withSubs(let subs): ([], subs)
      case .notEnough(let missing, let subs): (missing, subs)
      }
    writer.object {
      $0.member("code", code)
      if case .available(let confirmed) = self { $0.member("confirmed", confirmed) }
      $0.member("missing", missing.map(\.rawValue))
      $0.member("subs", subs.map(CoverJSON.init))
      $0.member("text", text(in: $0.language))
    }
  }

  private struct CoverJSON: JSONWritable {
    let cover: Cover
    init(_ cover: Cover) { self.cover = cover }
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("name", cover.name)
        $0.member("player", cover.playerID)
        $0.member("position", cover.position.rawValue)
      }
    }
  }
}

extension Game: JSONWritable {
  /// `{"opponentPicks":[{"champion","position"}],"picks":[{"champion","guessed"?,"player"?,
  /// "position"}],"result","side"?,"vod"?}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("opponentPicks", opponentPicks.map(PickJSON.init))
      $0.member("picks", picks.map(PickJSON.init))
      $0.member("result", result.rawValue)
      if let side { $0.member("side", side.rawValue) }
      if let vod { $0.member("vod", vod) }
    }
  }

  private struct PickJSON: JSONWritable {
    let pick: Pick
    init(_ pick: Pick) { self.pick = pick }
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("champion", pick.champion)
        if pick.guessed { $0.member("guessed", true) }
        if let player = pick.playerID { $0.member("player", player) }
        $0.member("position", pick.position.rawValue)
      }
    }
  }
}

/// An event with its verdict, as the API writes it; without one in an export.
public struct EventDocument: JSONWritable {
  public let event: TeamEvent
  public let verdict: Verdict?

  public init(_ event: TeamEvent, verdict: Verdict?) {
    self.event = event
    self.verdict = verdict
  }

  /// `{"answers":[{"answer","comment"?,"player"}],"draftRule","drafts","end","format"?,"gameNotes","games","id",
  /// "invited","kind","notes","opponent","place","proposals","sequence","series"?,"start","team","title",
  /// "verdict"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member(
        "answers",
        event.invited.compactMap { id in
          event.answers[id].map {
            AnswerJSON(player: id, answer: $0, comment: event.comments[id])
          }
        })
      $0.member("draftRule", event.draftRule.rawValue)
      $0.member("drafts", event.drafts)
      $0.member("end", instant(event.end))
      if let format = event.format { $0.member("format", format.rawValue) }
      $0.member("gameNotes", event.gameNotes)
      $0.member("games", event.games)
      $0.member("id", event.id)
      $0.member("invited", event.invited.map(\.uuidString))
      $0.member("kind", event.kind.rawValue)
      $0.member("notes", event.notes)
      $0.member("opponent", event.opponent)
      $0.member("place", event.place)
      $0.member("proposals", event.proposals)
      $0.member("sequence", event.sequence)
      if let series = event.series { $0.member("series", series) }
      $0.member("start", instant(event.start))
      $0.member("team", event.teamID)
      $0.member("title", event.title)
      $0.member("updated", instant(event.updated))
      if let verdict { $0.member("verdict", verdict) }
    }
  }

  private struct AnswerJSON: JSONWritable {
    let player: UUID
    let answer: TeamEvent.Answer
    let comment: String?
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("answer", answer.rawValue)
        if let comment { $0.member("comment", comment) }
        $0.member("player", player)
      }
    }
  }
}

extension TeamWeek: JSONWritable {
  /// `{"availability":[{"away","player","weekly"}],"events":[…],"pools":[{"player","pool"}],
  /// "record":{…},"team":{…}}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member(
        "availability",
        players.compactMap { player in
          schedule.availability[player.id].map { PlayerHours(player: player.id, hours: $0) }
        })
      $0.member("events", schedule.events.map { EventDocument($0, verdict: verdict(of: $0)) })
      $0.member(
        "pools",
        players.compactMap { player in
          schedule.pools[player.id].map { PlayerPool(player: player.id, pool: $0) }
        })
      $0.member("record", record)
      $0.member("team", team)
    }
  }
}

extension Schedule.TeamRecord: JSONWritable {
  /// `{"opponents":[{"lost","opponent","won"}],"scrims":{"count","lost","won"}}`: the last
  /// ten scrims logged.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("opponents", opponents.map(OpponentJSON.init))
      $0.member("scrims", ScrimsJSON(record: self))
    }
  }

  private struct OpponentJSON: JSONWritable {
    let result: Schedule.Record
    init(_ result: Schedule.Record) { self.result = result }
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("lost", result.lost)
        $0.member("opponent", result.opponent)
        $0.member("won", result.won)
      }
    }
  }

  private struct ScrimsJSON: JSONWritable {
    let record: Schedule.TeamRecord
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("count", record.scrims)
        $0.member("lost", record.scrimsLost)
        $0.member("won", record.scrimsWon)
      }
    }
  }
}

extension CalendarFeed: JSONWritable {
  /// `{"created","path","player"?,"team"?}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("created", instant(created))
      $0.member("path", path)
      if let playerID { $0.member("player", playerID) }
      if let teamID { $0.member("team", teamID) }
    }
  }
}

extension CalendarFeed: Decodable {
  private enum CodingKeys: String, CodingKey { case created, path, player, team }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let path = try container.decode(String.self, forKey: .path)
    self.init(
      secret: String(path.dropFirst("/calendar/".count).dropLast(".ics".count)),
      teamID: try container.decodeIfPresent(UUID.self, forKey: .team),
      playerID: try container.decodeIfPresent(UUID.self, forKey: .player),
      created: try Date(container.decode(String.self, forKey: .created), strategy: .iso8601))
  }
}

extension TeamWeek: Decodable {
  private enum CodingKeys: String, CodingKey { case availability, events, pools, team }
  /// Reads what ``write(to:)`` writes; the players come from the roster (the verdicts are
  /// computed again from them).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let availability = Dictionary(
      try container.decode([PlayerHours].self, forKey: .availability).map { ($0.player, $0.hours) }
    ) { $1 }
    let events = try container.decode([TeamEvent].self, forKey: .events)
    let team = try container.decode(Team.self, forKey: .team)
    let pools = Dictionary(
      try (container.decodeIfPresent([PlayerPool].self, forKey: .pools) ?? []).map {
        ($0.player, $0.pool)
      }
    ) { $1 }
    self = TeamWeek(
      unfiltered: team,
      schedule: Schedule(events: events, availability: availability, pools: pools))
  }
}

extension EventInput: JSONWritable, Decodable {
  private enum CodingKeys: String, CodingKey {
    case kind, start, end, opponent, format, place, notes, repeats, until, draftRule
  }

  /// `{"end","format","kind","notes","opponent","place","repeats"?,"start","until"?}`, times
  /// on the team's clock (`2026-03-26T20:00`); a series' days and last day when it repeats.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if !draftRule.isEmpty { $0.member("draftRule", draftRule) }
      $0.member("end", end)
      $0.member("format", format)
      $0.member("kind", kind)
      $0.member("notes", notes)
      $0.member("opponent", opponent)
      $0.member("place", place)
      if !repeats.isEmpty { $0.member("repeats", repeats) }
      $0.member("start", start)
      if !until.isEmpty { $0.member("until", until) }
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func text(_ key: CodingKeys) throws -> String {
      try container.decodeIfPresent(String.self, forKey: key) ?? ""
    }
    self.init(
      kind: try text(.kind), start: try text(.start), end: try text(.end),
      opponent: try text(.opponent), format: try text(.format), place: try text(.place),
      notes: try text(.notes), repeats: try text(.repeats), until: try text(.until),
      draftRule: try text(.draftRule))
  }
}

extension GameInput: JSONWritable, Decodable {
  private enum CodingKeys: String, CodingKey {
    case result, side, champions, players, opponentChampions, vod
  }

  /// `{"champions":["ksante",…],"opponentChampions":[…],"players":[…],"result","side","vod"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champions", champions)
      $0.member("opponentChampions", opponentChampions)
      $0.member("players", players)
      $0.member("result", result)
      $0.member("side", side)
      $0.member("vod", vod)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func list(_ key: CodingKeys) throws -> [String] {
      try container.decodeIfPresent([String].self, forKey: key) ?? []
    }
    self.init(
      result: try container.decodeIfPresent(String.self, forKey: .result) ?? "",
      side: try container.decodeIfPresent(String.self, forKey: .side) ?? "",
      champions: try list(.champions), players: try list(.players),
      opponentChampions: try list(.opponentChampions),
      vod: try container.decodeIfPresent(String.self, forKey: .vod) ?? "")
  }
}

extension TeamEvent: Decodable {
  private struct Document: Decodable {
    struct Answer: Decodable {
      let player: UUID
      let answer: TeamEvent.Answer
      let comment: String?
    }
    struct GameJSON: Decodable {
      struct Pick: Decodable {
        let champion: String
        let guessed: Bool?
        let player: UUID?
        let position: Position
      }
      let opponentPicks: [Pick]?
      let picks: [Pick]
      let result: Game.Result
      let side: Game.Side?
      let vod: String?
    }
    let answers: [Answer]
    let start, end, updated: String
    let format: TeamEvent.Format?
    let games: [GameJSON]
    let id: UUID
    let invited: [UUID]
    let kind: TeamEvent.Kind
    let notes, opponent, place: String
    let sequence: Int
    let series: UUID?
    let team: UUID
    let draftRule: DraftRule?
    let drafts: [GameDraft]?
    let proposals: [DraftProposal]?
    let gameNotes: [GameNote]?
  }

  /// Reads what ``EventDocument`` writes (its verdict is left: it is computed again).
  public init(from decoder: any Decoder) throws {
    let event = try Document(from: decoder)
    self.init(
      id: event.id, teamID: event.team, kind: event.kind,
      start: try Date(event.start, strategy: .iso8601),
      end: try Date(event.end, strategy: .iso8601), opponent: event.opponent,
      format: event.format, place: event.place, notes: event.notes, invited: event.invited,
      answers: Dictionary(event.answers.map { ($0.player, $0.answer) }) { $1 },
      games: event.games.map { game in
        Game(
          result: game.result, side: game.side,
          picks: game.picks.map {
            Game.Pick(
              position: $0.position, playerID: $0.player, champion: $0.champion,
              guessed: $0.guessed ?? false)
          },
          opponentPicks: (game.opponentPicks ?? []).map {
            Game.Pick(position: $0.position, playerID: nil, champion: $0.champion)
          }, vod: game.vod)
      }, series: event.series, sequence: event.sequence,
      updated: try Date(event.updated, strategy: .iso8601))
    draftRule = event.draftRule ?? .standard
    drafts = event.drafts ?? []
    proposals = event.proposals ?? []
    gameNotes = event.gameNotes ?? []
    comments = Dictionary(
      event.answers.compactMap { answer in answer.comment.map { (answer.player, $0) } }
    ) { $1 }
  }
}

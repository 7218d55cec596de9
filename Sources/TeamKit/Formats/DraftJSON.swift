import Foundation

extension GameDraft: JSONWritable, Decodable {
  private enum CodingKeys: String, CodingKey { case side, turns }
  private enum TurnKeys: String, CodingKey { case champion, player, role }

  /// `{"side","turns":[{"champion","player"?,"role"?} or null, ×20]}`, turns in tournament
  /// order (``DraftSlot/order``).
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("side", side.rawValue)
      $0.member("turns", champions.indices.map { Turn(draft: self, index: $0) })
    }
  }

  private struct Turn: JSONWritable {
    let draft: GameDraft
    let index: Int
    func write(to writer: inout JSONWriter) {
      guard let champion = draft.champions[index] else { return writer.null() }
      writer.object {
        $0.member("champion", champion)
        if let player = draft.players[index] { $0.member("player", player) }
        if let role = draft.roles[index] { $0.member("role", role.rawValue) }
      }
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var turns = try container.nestedUnkeyedContainer(forKey: .turns)
    self.init(side: try container.decode(Game.Side.self, forKey: .side), champions: [])
    while !turns.isAtEnd {
      let index = champions.count
      if try turns.decodeNil() {
        champions.append(nil)
        continue
      }
      let turn = try turns.nestedContainer(keyedBy: TurnKeys.self)
      champions.append(try turn.decode(String.self, forKey: .champion))
      players[index] = try turn.decodeIfPresent(UUID.self, forKey: .player)
      if let role = try turn.decodeIfPresent(String.self, forKey: .role) {
        guard let position = try? Position(parsing: role) else {
          throw DecodingError.dataCorruptedError(
            forKey: .role, in: turn, debugDescription: "“\(role)” is not a role")
        }
        roles[index] = position
      }
    }
  }
}

extension PoolEntry: JSONWritable {
  /// `{"champion","comfort","priority"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champion", champion)
      $0.member("comfort", comfort)
      $0.member("priority", priority)
    }
  }
}

extension PoolEntry: Decodable {
  private enum CodingKeys: String, CodingKey { case champion, comfort, priority }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      champion: try container.decode(String.self, forKey: .champion),
      comfort: try container.decode(Int.self, forKey: .comfort),
      priority: try container.decode(Bool.self, forKey: .priority))
  }
}

/// A player's pool in a week: `{"player","pool":[…]}`.
struct PlayerPool: JSONWritable, Decodable {
  let player: UUID
  let pool: [PoolEntry]

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("player", player)
      $0.member("pool", pool)
    }
  }
}

extension PoolInput: JSONWritable {
  /// `{"champion","comfort"?,"priority"}`, as the API reads it.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champion", champion)
      let text = comfort.trimmed(.whitespaces)
      // A comfort that is no number goes as typed, for the server to refuse.
      if let number = Int(text) {
        $0.member("comfort", number)
      } else if !text.isEmpty {
        $0.member("comfort", text)
      }
      $0.member("priority", priority)
    }
  }
}

extension ProposalInput: JSONWritable {
  /// `{"action","champion","game","note"}`, as the API reads it (the player is the path's).
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("action", action)
      $0.member("champion", champion)
      $0.member("game", game)
      $0.member("note", note)
    }
  }
}

extension PoolInput: Decodable {
  private enum CodingKeys: String, CodingKey { case champion, comfort, priority }

  /// Reads `{"champion":"ahri" or "Ahri","comfort":1…5 (3 when absent),"priority":false}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      champion: try container.decode(String.self, forKey: .champion),
      comfort: try container.decodeIfPresent(Int.self, forKey: .comfort).map(String.init) ?? "",
      priority: try container.decodeIfPresent(Bool.self, forKey: .priority) ?? false)
  }
}

extension ChampionRecord: JSONWritable {
  /// `{"games","lastPlayed"?,"winRate","wins"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object { members(&$0) }
  }

  /// `"games","lastPlayed"?,"winRate","wins"` inside an object being written.
  func members(_ writer: inout JSONWriter) {
    writer.member("games", games)
    if let last { writer.member("lastPlayed", last.formatted(.iso8601)) }
    writer.member("winRate", winRate)
    writer.member("wins", wins)
  }
}

/// One champion's record, as the figures list them.
private struct ChampionLine: JSONWritable {
  let champion: String
  let record: ChampionRecord
  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champion", champion)
      record.members(&$0)
    }
  }

  /// `records` the most played first, then by id.
  static func list(_ records: [String: ChampionRecord]) -> [ChampionLine] {
    records.sorted { ($1.value.games, $0.key) < ($0.value.games, $1.key) }.map {
      ChampionLine(champion: $0.key, record: $0.value)
    }
  }
}

extension PoolBoard: JSONWritable {
  /// `{"event"?,"need","overlaps":[{"champion","players"}],"players":[…],"rule","unplayed"}`,
  /// each player `{"depth","id","left","lineup","name","pool":[…],"position"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      if let event { $0.member("event", event.id) }
      $0.member("need", need)
      $0.member("overlaps", overlaps.map { Overlap(champion: $0.champion, players: $0.players) })
      $0.member("players", rows.map { RowDocument(board: self, row: $0) })
      $0.member("rule", rule.rawValue)
      $0.member("unplayed", unplayed.map(\.id))
    }
  }

  private struct Overlap: JSONWritable {
    let champion: String
    let players: [UUID]
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("champion", champion)
        $0.member("players", players.map(\.uuidString))
      }
    }
  }

  private struct RowDocument: JSONWritable {
    let board: PoolBoard
    let row: Row
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("depth", board.depth(of: row).rawValue)
        $0.member("id", row.player.id)
        $0.member("left", row.left)
        $0.member("lineup", row.player.lineup.rawValue)
        $0.member("name", row.player.name)
        $0.member("pool", row.entries)
        $0.member("position", row.player.position.rawValue)
      }
    }
  }
}

extension PoolBoard.Entry: JSONWritable {
  /// `{"champion","comfort","games","lastPlayed"?,"lockedIn"?,"priority","stale","winRate","wins"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champion", entry.champion)
      $0.member("comfort", entry.comfort)
      $0.member("games", record.games)
      if let last = record.last { $0.member("lastPlayed", last.formatted(.iso8601)) }
      if let lockedIn { $0.member("lockedIn", lockedIn) }
      $0.member("priority", entry.priority)
      $0.member("stale", isStale)
      $0.member("winRate", record.winRate)
      $0.member("wins", record.wins)
    }
  }
}

extension DraftFigures: JSONWritable {
  /// `{"champions":[…],"opponents":[{"bans","drafts","firstPicks","name"}],"players":[…],
  /// "sides":{"blue"?,"red"?}}`, each count `{"champion","count"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("champions", ChampionLine.list(byChampion))
      $0.member(
        "opponents",
        opponents.sorted { $0.key < $1.key }.map { Opponent(name: $0.key, scouting: $0.value) })
      $0.member(
        "players",
        byPlayer.sorted { $0.key.uuidString < $1.key.uuidString }.map {
          PlayerLine(id: $0.key, record: $0.value, champions: playerChampions[$0.key] ?? [:])
        })
      $0.member("sides", Sides(bySide: bySide))
    }
  }

  private struct Sides: JSONWritable {
    let bySide: [Game.Side: ChampionRecord]
    func write(to writer: inout JSONWriter) {
      writer.object {
        if let blue = bySide[.blue] { $0.member("blue", blue) }
        if let red = bySide[.red] { $0.member("red", red) }
      }
    }
  }

  private struct PlayerLine: JSONWritable {
    let id: UUID
    let record: ChampionRecord
    let champions: [String: ChampionRecord]
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("champions", ChampionLine.list(champions))
        $0.member("games", record.games)
        $0.member("id", id)
        if let last = record.last { $0.member("lastPlayed", last.formatted(.iso8601)) }
        $0.member("winRate", record.winRate)
        $0.member("wins", record.wins)
      }
    }
  }

  private struct Opponent: JSONWritable {
    let name: String
    let scouting: Scouting
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member(
          "bans",
          Scouting.ranked(scouting.bans).map { Count(champion: $0.champion, count: $0.count) })
        $0.member("drafts", scouting.drafts)
        $0.member(
          "firstPicks",
          Scouting.ranked(scouting.firstPicks).map { Count(champion: $0.champion, count: $0.count) }
        )
        $0.member("name", name)
      }
    }
  }

  private struct Count: JSONWritable {
    let champion: String
    let count: Int
    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("champion", champion)
        $0.member("count", count)
      }
    }
  }
}

extension DraftProposal: JSONWritable, Decodable {
  private enum CodingKeys: String, CodingKey {
    case action, author, champion, created, game, id, note, player
  }

  /// `{"action","author","champion","created","game","id","note","player"?}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("action", action.rawValue)
      $0.member("author", author)
      $0.member("champion", champion)
      $0.member("created", created.formatted(.iso8601))
      $0.member("game", game)
      $0.member("id", id)
      $0.member("note", note)
      if let player { $0.member("player", player) }
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      game: try container.decode(Int.self, forKey: .game),
      action: try container.decode(DraftSlot.Action.self, forKey: .action),
      champion: try container.decode(String.self, forKey: .champion),
      player: try container.decodeIfPresent(UUID.self, forKey: .player),
      author: try container.decode(String.self, forKey: .author),
      note: try container.decodeIfPresent(String.self, forKey: .note) ?? "",
      created: try Date(container.decode(String.self, forKey: .created), strategy: .iso8601))
  }
}

extension ProposalInput: Decodable {
  private enum CodingKeys: String, CodingKey { case game, action, champion, note }

  /// Reads `{"game","action":"ban" or "pick","champion","note"?}`; the player is the path's.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      game: try container.decode(Int.self, forKey: .game),
      action: try container.decode(String.self, forKey: .action),
      champion: try container.decode(String.self, forKey: .champion),
      note: try container.decodeIfPresent(String.self, forKey: .note) ?? "")
  }
}

extension GameNote: JSONWritable, Decodable {
  private enum CodingKeys: String, CodingKey {
    case author, game, id, player, text, turn, written
  }

  /// `{"author","game","id","player"?,"text","turn"?,"written"}`.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("author", author)
      $0.member("game", game)
      $0.member("id", id)
      if let player { $0.member("player", player) }
      $0.member("text", text)
      if let turn { $0.member("turn", turn) }
      $0.member("written", written.formatted(.iso8601))
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      game: try container.decode(Int.self, forKey: .game),
      text: try container.decode(String.self, forKey: .text),
      player: try container.decodeIfPresent(UUID.self, forKey: .player),
      turn: try container.decodeIfPresent(Int.self, forKey: .turn),
      author: try container.decode(String.self, forKey: .author),
      written: try Date(container.decode(String.self, forKey: .written), strategy: .iso8601))
  }
}

import Foundation

/// A file's players checked against the roster as it is: who would be added, what would
/// change field by field, who stays as they are and who would be removed — before anything
/// is applied.
///
/// An import is about one team (rows of other teams are left out) or the whole
/// organisation. It **merges** by default: a row is matched to a player by id, then Riot ID,
/// then pseudo (case and accents aside), and a matched player gets only the fields the file
/// has columns for; nobody is removed. **Replace** removes the players of the team (or the
/// organisation) the file does not name; they go to Recently removed.
public struct RosterImport: Sendable {
  public enum Mode: String, CaseIterable, Sendable {
    case merge, replace
  }

  /// One player whose fields the import changes.
  public struct Change: Sendable {
    public let before: Player
    public let after: Player
    /// The fields that differ, in ``PlayerField`` order.
    public let fields: [PlayerField]
  }

  /// The team the import is about; nil for the whole organisation.
  public let team: Team?
  public let mode: Mode
  /// The organisation's teams, as the import was checked against them.
  public let teams: [Team]
  /// The file's players as they will be, in the file's order.
  public let players: [Player]
  public let added: [Player]
  /// The players the file brings back from Recently removed (named by their id), with the
  /// file's fields.
  public let restored: [Player]
  public let changed: [Change]
  /// The file's players that the import leaves as they are.
  public let unchanged: [Player]
  /// The players the import removes (replace only), to Recently removed.
  public let removed: [Player]
  /// The rows about another team's players, left out of a team's import: pseudo and tag.
  public let leftOut: [(name: String, team: String)]
  /// The photos the file carries (JSON only) that differ from the players' own, by player
  /// id: still to be checked and re-encoded (TeamPhoto) before they are stored.
  public let photos: [UUID: Data]
  /// The week a JSON export carries, every event and hour checked, to replace the current
  /// one; nil for a file without one (a CSV, a list of players), which keeps the week, and
  /// for a team's import, which takes players only.
  public let schedule: Schedule?
  /// The champion pools a JSON export carries, each checked, for the file's players (one
  /// without an entry gets an empty pool); nil for a file without them, which keeps them, or
  /// whose pools are those the players have.
  public let pools: [UUID: [PoolEntry]]?
  /// The champions the file describes that the database does not know and its rows name:
  /// added to the database's catalogue with the import.
  public let champions: [Champion]

  /// Whether the import changes nothing.
  public var isEmpty: Bool {
    added.isEmpty && restored.isEmpty && changed.isEmpty && removed.isEmpty && schedule == nil
      && pools == nil
  }

  /// Reads and checks every row of `data` (JSON or CSV) against the roster and the others in
  /// the file.
  /// - Parameters:
  ///   - current: the organisation's players.
  ///   - removed: the players in Recently removed: a row with one's id brings them back (in a
  ///     team's import, only the team's own), no other row takes their id.
  ///   - teams: the organisation's teams (a row's team is looked up among them).
  ///   - team: the team the import is about; nil for the whole organisation (a row without a
  ///     team then goes to the first).
  ///   - champions: the champions a favourite may be (the store's).
  ///   - currentPools: the players' champion pools now, to tell whether the file's change them.
  ///   - photoHash: a photo's name as the store keeps it (its SHA-256), to tell a photo the
  ///     player has already.
  /// - Throws: ``RosterFile/Problems`` listing every problem with its line or entry.
  public init(
    _ data: Data, current: [Player], removed: [Player] = [], teams: [Team] = [.first],
    team: Team? = nil, mode: Mode = .merge, today: Day = Day(SystemClock.now()),
    champions: ChampionCatalog = .builtIn, pools currentPools: [UUID: [PoolEntry]] = [:],
    photoHash: (Data) -> String = { _ in "" }
  ) throws(RosterFile.Problems) {
    let file = try RosterFile.entries(data, champions: champions)
    // The champions the file describes are known while its rows are checked.
    let (champions, described) = try Self.catalog(champions, describing: file.champions)
    let inScope = { (player: Player) in team.map { player.teamID == $0.id } ?? true }
    let byID = Dictionary(uniqueKeysWithValues: current.map { ($0.id, $0) })
    let removedByID = Dictionary(removed.map { ($0.id, $0) }) { first, _ in first }
    let byRiotID = Dictionary(current.compactMap { p in p.riotID.map { ($0.key, p) } }) { a, _ in a
    }
    // By pseudo: as the roster keeps pseudos unique first, then with accents set aside.
    let byName = Dictionary(current.map { (Player.nameKey($0.name), $0) }) { first, _ in first }
    let byLooseName = Dictionary(current.map { (Self.matchKey($0.name), $0) }) { first, _ in
      first
    }
    var problems: [RosterFile.Problem] = []
    var leftOut: [(String, String)] = []

    // Each row matched to a player first: who is named decides which pseudos stay taken.
    var rows: [(entry: RosterFile.Entry, match: Player?)] = []
    var matchedBy: [UUID: Message] = [:]
    for var entry in file.players {
      let riotKey = (try? RiotID(parsing: entry.input.riotID))?.key
      let strongMatch =
        entry.id.flatMap { byID[$0] }
        ?? (entry.fields.contains(.riotID) ? riotKey.flatMap { byRiotID[$0] } : nil)
      // A removed player's id brings them back: never another player found by pseudo.
      let returns = strongMatch == nil && entry.id.map { removedByID[$0] != nil } == true
      let match =
        returns
        ? nil
        : strongMatch ?? byName[Player.nameKey(entry.input.name)]
          ?? byLooseName[Self.matchKey(entry.input.name)]
      // Found by its pseudo, written another way (`KAMILOO`): the pseudo stays as it is.
      if strongMatch == nil, match != nil { entry.fields.remove(.name) }
      if let team {
        let named = entry.input.team.trimmed()
        let namedTeam = named.isEmpty ? nil : Team.find(named, in: teams)
        if let other = match.flatMap({ p in p.teamID == team.id ? nil : p.teamID })
          ?? namedTeam.flatMap({ $0.id == team.id ? nil : $0.id })
        {
          leftOut.append((entry.input.name, teams.first { $0.id == other }?.tag ?? named))
          continue
        }
        if namedTeam != nil || named.isEmpty { entry.input.team = team.id.uuidString }
      }
      if let match {
        if let earlier = matchedBy[match.id] {
          problems.append(
            .init(
              place: entry.place,
              message: Message(
                "%1$@ is also %2$@; keep one row per player.", earlier, match.name)))
          continue
        }
        matchedBy[match.id] = entry.place
      }
      rows.append((entry, match))
    }

    // Taken: the pseudos and Riot IDs of the players no row names and who stay.
    var pseudos: [String: (name: String, id: UUID)] = [:]
    var riotIDs: [String: (name: String, id: UUID)] = [:]
    var starters: [UUID: Int] = [:]  // counted as they come: each row's lineup in constant time
    let removing = current.filter { mode == .replace && inScope($0) && matchedBy[$0.id] == nil }
    let removingIDs = Set(removing.map(\.id))
    let staying = current.filter { matchedBy[$0.id] == nil && !removingIDs.contains($0.id) }
    func take(_ player: Player) {
      pseudos[Player.nameKey(player.name)] = (player.name, player.id)
      if let riotID = player.riotID { riotIDs[riotID.key] = (player.name, player.id) }
      if player.lineup == .starter { starters[player.teamID, default: 0] += 1 }
    }
    staying.forEach(take)

    var players: [Player] = []
    var usedIDs = Set(staying.map(\.id))
    // Each row's id in the file, and the one the import gives it (a match's, or a new one).
    var fileIDs: [UUID: UUID] = [:]
    var photos: [UUID: Data] = [:]
    var added: [Player] = []
    var restored: [Player] = []
    var changed: [Change] = []
    var unchanged: [Player] = []
    for (entry, match) in rows {
      var id = match?.id ?? entry.id ?? UUID.random()
      // Named by the id of a player in Recently removed (of the team imported into): back.
      let returning =
        match == nil
        ? removedByID[id].flatMap { player in
          team.map { player.teamID == $0.id } ?? true ? player : nil
        } : nil
      if match == nil, returning == nil,
        usedIDs.contains(id) || removedByID[id] != nil || byID[id] != nil
      {
        if entry.id != nil, usedIDs.contains(id) {
          problems.append(
            .init(
              place: entry.place,
              message: Message("Give each player its own id: %@ appears twice.", id)))
          continue
        }
        id = UUID.random()  // an id already someone else's: the new player gets their own
      }
      if let fileID = entry.id { fileIDs[fileID] = id }
      let context = PlayerInput.Context(
        teams: teams, defaultTeam: team?.id,
        takenRiotID: { key in riotIDs[key].flatMap { $0.id == id ? nil : $0.name } },
        today: today, champions: champions)
      // A player found, or back from Recently removed, keeps what the file has no column for.
      let input =
        (match ?? returning).map {
          PlayerField.merged(entry.input, fields: entry.fields, into: $0)
        } ?? entry.input
      do throws(ValidationError) {
        let teamID = Team.find(input.team, in: teams)?.id ?? context.defaultTeam
        var player = try input.validated(
          id: id,
          defaultLineup: (match ?? returning)?.lineup
            ?? Lineup.forNewPlayer(starters: starters[teamID, default: 0]),
          context: context
        ) { key in pseudos[key].flatMap { $0.id == id ? nil : $0.name } }
        // A team's import changes that team's players only, whatever a row names.
        if let team, player.teamID != team.id {
          throw ValidationError(
            .team,
            Message(
              "This file is imported into %1$@: leave the team out, or write %2$@.", team.name,
              team.tag))
        }
        player.photo = match?.photo
        var photoChanged = false
        if let photo = entry.photo, photoHash(photo) != match?.photo {
          photos[id] = photo
          photoChanged = true
        }
        take(player)
        usedIDs.insert(id)
        players.append(player)
        if let match {
          let fields =
            PlayerField.allCases.filter {
              $0 != .photo
                && $0.text(of: match, teams: teams, in: .english)
                  != $0.text(of: player, teams: teams, in: .english)
            } + (photoChanged ? [.photo] : [])
          if fields.isEmpty {
            unchanged.append(match)
          } else {
            changed.append(Change(before: match, after: player, fields: fields))
          }
        } else if returning != nil {
          restored.append(player)
        } else {
          added.append(player)
        }
      } catch {
        problems.append(.init(place: entry.place, message: error.message))
      }
    }

    var schedule: Schedule?
    if team == nil, let hours = file.availability, let events = file.events {
      schedule = Self.week(
        hours: hours, events: events,
        players: Dictionary((staying + players).map { ($0.id, $0.teamID) }) { $1 },
        teams: teams, champions: champions, problems: &problems)
    } else if team == nil, (file.availability == nil) != (file.events == nil) {
      problems.append(
        .init(
          place: Message("The file"),
          message: Message(
            "Give both “availability” and “events” to replace the week, or neither to keep it."
          )))
    }
    let pools = file.pools.flatMap {
      Self.changedPools(
        $0, ids: fileIDs, players: players.map(\.id), current: currentPools,
        champions: champions, strict: team == nil, problems: &problems)
    }
    self.champions = Self.learned(
      described, players: players, pools: pools, schedule: schedule, catalog: champions,
      problems: &problems)
    // Told at the preview; the store checks it again on the import itself.
    if let refusal = PlayerLimits.refusal(before: current, after: staying + players, teams: teams) {
      problems += refusal.issues.map { .init(place: Message("The file"), message: $0.text) }
    }
    guard problems.isEmpty else { throw RosterFile.Problems(problems: problems) }
    self.pools = pools
    self.team = team
    self.mode = mode
    self.teams = teams
    self.players = players
    self.added = added
    self.restored = restored
    self.changed = changed
    self.unchanged = unchanged
    self.removed = removing
    self.leftOut = leftOut
    self.photos = photos
    self.schedule = schedule
  }

  /// What the plan does and what it was made against, as one short text: the preview
  /// carries it, and the import it confirms is refused if the plan made again differs (the
  /// roster changed in between).
  public var fingerprint: String {
    // In one language whatever the reader's: a preview and its confirmation may differ.
    func fields(_ player: Player) -> String {
      PlayerField.allCases.map { $0.text(of: player, teams: teams, in: .english) }.joined(
        separator: "\u{1F}")
    }
    var lines = [mode.rawValue, team?.id.uuidString ?? ""]
    lines += teams.map { "\($0.id) \($0.tag) \($0.name)" }
    lines += changed.map { "~\($0.before.id)\(fields($0.before))\(fields($0.after))" }
    lines += removed.map { "-\($0.id)\(fields($0))" }
    lines += unchanged.map { "=\($0.id)\(fields($0))" }
    lines += restored.map { "^\($0.id)\(fields($0))" }
    lines += added.map { "+\(fields($0))" }  // their ids are new each time
    lines += photos.keys.map(\.uuidString).sorted()
    if let schedule { lines.append("week \(schedule.events.count) \(schedule.availability.count)") }
    if let pools { lines.append("pools \(pools.count)") }
    lines += champions.map { "champion \($0.id) \($0.name)" }
    return fnv1a(lines.joined(separator: "\n").utf8)
  }

  /// How rows find their player by pseudo: ``Player/nameKey(_:)`` with accents set aside,
  /// so `Kamiloo`, `KAMILOO` and `Kâmiloo` name one player.
  static func matchKey(_ name: String) -> String {
    Player.nameKey(name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil))
  }

  /// `2 added, 3 changed, 1 removed` (the parts that are not zero), or `nothing changes`.
  public func summary(in language: Language) -> String {
    var parts: [String] = []
    if !added.isEmpty { parts.append(language.localized("%@ added", language.number(added.count))) }
    if !restored.isEmpty {
      parts.append(
        language.localized("%@ back from Recently removed", language.number(restored.count)))
    }
    if !changed.isEmpty {
      parts.append(language.localized("%@ changed", language.number(changed.count)))
    }
    if !removed.isEmpty {
      parts.append(language.localized("%@ removed", language.number(removed.count)))
    }
    return parts.isEmpty
      ? language.localized("nothing changes") : parts.joined(separator: language.localized(", "))
  }

  /// The most changes an imported event may count (a calendar's `SEQUENCE`).
  static let maxSequence = 1_000_000
}

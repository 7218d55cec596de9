import Foundation

/// The roster as a file: JSON (the API's shape) or CSV (one row per player, for
/// spreadsheets). Every face exports and imports through it.
public enum RosterFile {
  public enum Format: String, CaseIterable, Sendable {
    case json, csv
    /// CSV as French Excel opens it in columns: `;`, French headers, statuses and
    /// `dd/mm/yyyy` dates, UTF-8 with a byte-order mark; it imports back as it went.
    case frenchCSV = "fr.csv"
  }

  /// A problem with one player of a file, by where it is (`Line 3 (“Bad”)`, `Player 2`).
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    public let place: Message
    public let message: Message
    /// The problem as one sentence, its place first.
    public var text: Message { Message("%1$@: %2$@", place, message) }
    public var description: String { text.description }

    public init(place: Message, message: Message) {
      self.place = place
      self.message = message
    }
  }

  /// Every problem found in a file; nothing of it was applied.
  public struct Problems: Error, Hashable, Sendable, CustomStringConvertible {
    public let problems: [Problem]
    /// Every problem, one after the other.
    public var message: Message { Message(joining: problems.map(\.text)) }
    public var description: String { message.description }

    public init(problems: [Problem]) { self.problems = problems }
  }

  // MARK: - Export

  /// The players in `format`: JSON, or CSV in UTF-8 with a byte-order mark (so that
  /// spreadsheets read accents right), a header row and CRLF line ends.
  ///
  /// The JSON is `{"availability":[…],"champions":[…],"events":[…],"players":[…],"pools":[…],
  /// "soloQueue":[…]}`: the players as the API writes them, the week (the API's shapes,
  /// without verdicts), the champion pools and the players' Riot figures (never a key or a
  /// PUUID), with each champion they name as `{"id","name"}`, so that a database that does
  /// not know one takes the file.
  /// - Parameters:
  ///   - photos: JPEGs by player, written into the JSON as base64 (`photo`); a CSV holds
  ///     text only.
  ///   - teams: the organisation's teams, to write each player's team by its tag in a CSV.
  ///   - schedule: the events and the players' availability, for the JSON.
  ///   - champions: the champions' names, for the JSON.
  public static func export(
    _ players: [Player], as format: Format, photos: [UUID: Data] = [:], teams: [Team] = [.first],
    schedule: Schedule = Schedule(), soloQueue: [UUID: RiotStanding] = [:],
    champions: ChampionCatalog = .builtIn
  ) -> Data {
    switch format {
    case .json:
      let file = JSONFile(
        champions: described(players: players, schedule: schedule, catalog: champions),
        players: players.map { ($0, photos[$0.id]) },
        availability: players.compactMap { player in
          schedule.availability[player.id].map { PlayerHours(player: player.id, hours: $0) }
        }, events: schedule.events,
        pools: players.compactMap { player in
          schedule.pools[player.id].map { PlayerPool(player: player.id, pool: $0) }
        },
        soloQueue: players.compactMap { player in
          soloQueue[player.id].map { JSONFile.PlayerStanding(player: player.id, standing: $0) }
        })
      return TeamJSON.encode(file, pretty: true) + Data("\n".utf8)
    case .csv, .frenchCSV:
      let french = format == .frenchCSV
      let separator = french ? ";" : ","
      var text = "\u{FEFF}"
      for cells in table(players, teams: teams, french: french) {
        let texts = cells.map { cell in
          switch cell {
          case .text(let text): text
          case .date(let day): french ? day.frenchSpreadsheet : day.description
          case .none: ""
          }
        }
        text += row(texts, separator: separator)
      }
      return Data(text.utf8)
    }
  }

  /// A cell of a spreadsheet's table.
  public enum Cell: Hashable, Sendable {
    case text(String)
    case date(Day)
    /// Nothing (a date the player has not).
    case none
  }

  /// The roster as a spreadsheet's table: the header (in French for `french`), then one row
  /// per player, every field a column (their team by its tag). The CSV exports and the
  /// `.xlsx` one are this table.
  public static func table(_ players: [Player], teams: [Team], french: Bool) -> [[Cell]] {
    func date(_ day: Day?) -> Cell { day.map { .date($0) } ?? .none }
    return [(french ? frenchCSVColumns : csvColumns).map { .text($0) }]
      + players.map { player in
        [
          .text(player.id.uuidString), .text(player.name), .text(player.position.displayName),
          .text(french ? Language.french.text(player.lineup.rawValue) : player.lineup.rawValue),
          .text(player.image), .text(player.favoriteChampions.map(\.name).joined(separator: ", ")),
          .text(teams.first { $0.id == player.teamID }?.tag ?? player.teamID.uuidString),
          .text(player.riotID?.description ?? ""), .text(player.realName ?? ""),
          .text(player.nationality ?? ""), date(player.birthDate), date(player.joined),
          date(player.contractEnd),
        ]
      }
  }

  /// A JSON export: the players and the week.
  private struct JSONFile: JSONWritable {
    let champions: [DescribedChampion]
    let players: [(Player, photo: Data?)]
    let availability: [PlayerHours]
    let events: [TeamEvent]
    let pools: [PlayerPool]
    let soloQueue: [PlayerStanding]

    /// A player's Riot account: figures only, read by no import (Riot tells them again).
    struct PlayerStanding: JSONWritable {
      let player: UUID
      let standing: RiotStanding
      func write(to writer: inout JSONWriter) {
        writer.object {
          $0.member("player", player)
          $0.member("standing", standing)
        }
      }
    }

    /// A player with their photo.
    struct Exported: JSONWritable {
      let player: Player
      let photo: Data?
      func write(to writer: inout JSONWriter) { player.write(to: &writer, photo: photo) }
    }

    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("availability", availability)
        $0.member("champions", champions)
        $0.member("events", events.map { EventDocument($0, verdict: nil) })
        $0.member("players", players.map { Exported(player: $0.0, photo: $0.photo) })
        $0.member("pools", pools)
        $0.member("soloQueue", soloQueue)
      }
    }
  }

  static let csvColumns = [
    "id", "name", "position", "lineup", "image", "favoriteChampions", "team", "riotID",
    "realName", "nationality", "birthDate", "joined", "contractEnd",
  ]

  /// The same columns as French spreadsheets name them (read back by ``headers``).
  static let frenchCSVColumns = [
    "Identifiant", "Pseudo", "Rôle", "Statut", "Photo", "Champions favoris", "Équipe",
    "Identifiant Riot", "Nom et prénom", "Nationalité", "Date de naissance", "Arrivée",
    "Fin de contrat",
  ]

  private static func row(_ cells: [String], separator: String) -> String {
    cells.map(csvCell).joined(separator: separator) + "\r\n"
  }

  /// The first characters that make a spreadsheet run a cell as a formula.
  private static let formulaStarts = "=+-@\t\r".unicodeScalars

  /// A cell as CSV: a value a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
  /// carriage return first) gets a leading apostrophe (OWASP's advice), and so does one that
  /// starts with an apostrophe, so that the import takes exactly one away; a cell holding a
  /// separator, a quote, a line break or edge spaces is quoted.
  static func csvCell(_ value: String) -> String {
    var value = value
    if let first = value.unicodeScalars.first, formulaStarts.contains(first) || first == "'" {
      value = "'" + value
    }
    let needsQuotes =
      value.contains { ",;\"\r\n\t".contains($0) } || value.hasPrefix(" ") || value.hasSuffix(" ")
    return needsQuotes ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
  }

  // MARK: - Import

  /// The format of a file's content: JSON when it starts with `[` or `{`, else CSV.
  public static func format(of data: Data) -> Format {
    let first = firstCharacter(of: data)
    return first == "[" || first == "{" ? .json : .csv
  }

  private static func firstCharacter(of data: Data) -> Unicode.Scalar? {
    String(decoding: data.prefix(64), as: UTF8.self).unicodeScalars.first {
      !$0.properties.isWhitespace && $0 != "\u{FEFF}"
    }
  }

  /// One player as read from a file, before the rules are checked.
  struct Entry {
    var place: Message
    var id: UUID?
    var input: PlayerInput
    /// The fields the file gives (its columns, the JSON object's members): a player it
    /// matches keeps the others.
    var fields: Set<PlayerField>
    var photo: Data? = nil
  }

  /// Reads `data` (JSON or CSV, detected) as a whole roster, and the week a JSON export
  /// carries (nil for a CSV, or for a JSON list of players as the API gives it).
  /// - Throws: ``Problems`` listing every unreadable line or entry.
  static func entries(_ data: Data, champions: ChampionCatalog) throws(Problems) -> (
    players: [Entry], availability: [PlayerHours]?, events: [TeamEvent]?, pools: [PlayerPool]?,
    champions: [DescribedChampion]?
  ) {
    switch format(of: data) {
    case .json:
      do {
        let file =
          firstCharacter(of: data) == "["
          ? JSONImport(players: try TeamJSON.decode(JSONEntries.self, from: data).entries)
          : try TeamJSON.decode(JSONImport.self, from: data)
        let players = file.players.enumerated().map { index, entry in
          Entry(
            place: entry.input.name.isEmpty
              ? Message("Player %@", index + 1)
              : Message("Player %1$@ (“%2$@”)", index + 1, oneLine(entry.input.name)),
            id: entry.id, input: entry.input, fields: entry.fields, photo: entry.photo)
        }
        return (players, file.availability, file.events, file.pools, file.champions)
      } catch {
        throw Problems(problems: [Problem(place: Message("The file"), message: error.message)])
      }
    case .csv, .frenchCSV:
      return (try csvEntries(text(of: data), champions: champions), nil, nil, nil, nil)
    }
  }

  /// A JSON file: an export (an object with the players and the week), or a list of
  /// players (as the API gives them).
  private struct JSONImport: Decodable {
    let players: [JSONEntry]
    let availability: [PlayerHours]?
    let events: [TeamEvent]?
    let pools: [PlayerPool]?
    let champions: [DescribedChampion]?

    private enum CodingKeys: String, CodingKey {
      case players, availability, events, pools, champions
    }

    init(players: [JSONEntry]) {
      self.players = players
      availability = nil
      events = nil
      pools = nil
      champions = nil
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      players = try container.decode(JSONEntries.self, forKey: .players).entries
      // Absent: the file keeps the week (checked with the other in RosterImport).
      availability = try container.decodeIfPresent([PlayerHours].self, forKey: .availability)
      events = try container.decodeIfPresent([TeamEvent].self, forKey: .events)
      // Absent: the players keep their pools.
      pools = try container.decodeIfPresent([PlayerPool].self, forKey: .pools)
      // The champions the file names, for a database that does not know them all.
      champions = try container.decodeIfPresent([DescribedChampion].self, forKey: .champions)
    }
  }

  /// A file's players, refused before any is read when there are more than the
  /// organisation holds.
  private struct JSONEntries: Decodable {
    let entries: [JSONEntry]

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      if let count = container.count, count > PlayerLimits.perOrganisation {
        throw JSONInputError(message: RosterFile.tooManyPlayers.problems[0].message)
      }
      var entries: [JSONEntry] = []
      while !container.isAtEnd { entries.append(try container.decode(JSONEntry.self)) }
      self.entries = entries
    }
  }

  private struct JSONEntry: Decodable {
    let id: UUID?
    let input: PlayerInput
    let fields: Set<PlayerField>
    /// A JPEG in base64, as ``export(_:as:photos:)`` writes it.
    let photo: Data?

    private enum CodingKeys: String, CodingKey { case id, photo }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decodeIfPresent(UUID.self, forKey: .id)
      input = try PlayerInput(from: decoder)
      fields = Set(
        try decoder.container(keyedBy: AnyKey.self).allKeys.compactMap {
          PlayerField(member: $0.stringValue)
        })
      if let text = try container.decodeIfPresent(String.self, forKey: .photo) {
        guard let data = Data(base64Encoded: text) else {
          throw DecodingError.dataCorruptedError(
            forKey: .photo, in: container, debugDescription: "the photo is not base64")
        }
        photo = data
      } else {
        photo = nil
      }
    }
  }

  /// Any member of a JSON object.
  private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// A CSV's text: UTF-8 (with or without its byte order mark) when it is valid UTF-8, else
  /// Windows-1252, as spreadsheets on Windows save it.
  public static func text(of data: Data) -> String {
    if let text = String(validating: data, as: UTF8.self) { return text }
    return String(data: data, encoding: .windowsCP1252) ?? String(decoding: data, as: UTF8.self)
  }

  /// Column names a spreadsheet may use, by the field they fill, in English and in French
  /// (compared without case, accents or spaces: `Rôle`, `Fin de contrat`).
  private static let headers: [String: String] = [
    "identifiant": "id", "joueur": "name", "poste": "position", "statut": "lineup",
    "titulaire": "lineup",
    "photo": "image", "championsfavoris": "champions", "equipe": "team",
    "identifiantriot": "riotID", "nomreel": "realName", "nometprenom": "realName",
    "nationalite": "nationality", "pays": "nationality", "datedenaissance": "birthDate",
    "naissance": "birthDate", "arrivee": "joined",
    "findecontrat": "contractEnd",
    "id": "id", "name": "name", "pseudo": "name", "position": "position", "role": "position",
    "lineup": "lineup", "status": "lineup", "image": "image", "favoritechampions": "champions",
    "favouritechampions": "champions", "champions": "champions", "team": "team",
    "teamid": "team", "riotid": "riotID", "realname": "realName", "nationality": "nationality",
    "country": "nationality", "birthdate": "birthDate", "joined": "joined",
    "contractend": "contractEnd",
  ]

  /// The player a CSV row's values (by field) give.
  private static func input(from values: [String: String], champions catalog: ChampionCatalog)
    -> PlayerInput
  {
    // Champions as people type them: any separator, any spelling the search forgives.
    let champions = (values["champions"] ?? "")
      .split { $0 == "," || $0 == ";" || $0 == "|" || $0 == "/" }
      .map { $0.trimmed() }.filter { !$0.isEmpty }
      .map { catalog.find($0)?.id ?? catalog.search($0).first?.id ?? $0 }
    return PlayerInput(
      name: values["name"] ?? "", position: values["position"] ?? "",
      image: values["image"] ?? "", favoriteChampions: champions,
      lineup: values["lineup"]?.trimmed() ?? "", team: values["team"]?.trimmed() ?? "",
      riotID: values["riotID"] ?? "", realName: values["realName"] ?? "",
      nationality: values["nationality"] ?? "", birthDate: values["birthDate"] ?? "",
      joined: values["joined"] ?? "", contractEnd: values["contractEnd"] ?? "")
  }

  private static func csvEntries(_ text: String, champions: ChampionCatalog) throws(Problems)
    -> [Entry]
  {
    let records = try csvRecords(text)
    guard let (headerLine, header) = records.first else {
      throw Problems(problems: [
        Problem(
          place: Message("The file"),
          message: Message("It is empty; export a roster to see the columns."))
      ])
    }
    let fields = header.map { headers[Champion.searchKey($0)] }
    guard fields.contains("name"), fields.contains("position") else {
      throw Problems(problems: [
        Problem(
          place: Message("Line %@", headerLine),
          message: Message(
            "Give the header a name column and a position column (found: %@).",
            header.joined(separator: ", "))
        )
      ])
    }
    var entries: [Entry] = []
    var problems: [Problem] = []
    for (line, cells) in records.dropFirst() where cells.contains(where: { !$0.trimmed().isEmpty })
    {
      var values: [String: String] = [:]
      for (index, field) in fields.enumerated() {
        guard let field, index < cells.count else { continue }
        values[field] = restored(cells[index])
      }
      let name = values["name"] ?? ""
      let shown = oneLine(name)
      let place =
        shown.isEmpty ? Message("Line %@", line) : Message("Line %1$@ (“%2$@”)", line, shown)
      var id: UUID?
      if let text = values["id"]?.trimmed(), !text.isEmpty {
        guard let parsed = UUID(text: text) else {
          problems.append(
            Problem(
              place: place,
              message: Message("“%@” is not an id; leave the id empty for a new player.", text))
          )
          continue
        }
        id = parsed
      }
      let input = input(from: values, champions: champions)
      // A row shorter than the header has no value for its last columns: they are absent.
      let columns = Set(values.keys.compactMap(PlayerField.init(column:)))
      entries.append(Entry(place: place, id: id, input: input, fields: columns))
    }
    guard problems.isEmpty else { throw Problems(problems: problems) }
    return entries
  }

  /// A pseudo as a message quotes it: trimmed, on one line whatever it held.
  private static func oneLine(_ name: String) -> String {
    String(name.trimmed().map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }

  /// A cell as typed: the apostrophe the export (or a spreadsheet) put before a formula
  /// character or another apostrophe is removed; any other leading apostrophe is the
  /// pseudo's own.
  private static func restored(_ cell: String) -> String {
    guard cell.hasPrefix("'"), let next = cell.dropFirst().unicodeScalars.first,
      formulaStarts.contains(next) || next == "'"
    else { return cell }
    return String(cell.dropFirst())
  }
}

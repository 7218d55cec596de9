import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import RosterWeb
@testable import TeamAPI
@testable import TeamWeb

/// The JSON shapes are defined once, by the writer: the OpenAPI document must describe
/// exactly what it writes, and the response cache must never meet its token slot in data.
@Suite struct ContractTests {
  /// The document of the endpoints a server mounts, from a database made for it.
  static let document: Data? = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("contract-\(UUID().uuidString).sqlite").path
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    guard let store = try? RosterStore(path: path) else { return nil }
    return TeamJSON.encode(OpenAPIDocument.json(WebApp(store: store).router.endpoints))
  }()

  static func schema(_ name: String) -> [String: Any] {
    let root = document.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    let components = root?["components"] as? [String: Any]
    return (components?["schemas"] as? [String: Any])?[name] as? [String: Any] ?? [:]
  }

  /// The JSON type of a written value, as JSON Schema names it.
  static func jsonType(_ value: Any) -> String {
    switch value {
    case is String: "string"
    case is NSNumber: "number"
    case is [Any]: "array"
    case is [String: Any]: "object"
    default: "null"
    }
  }

  /// Checks that `written` has exactly the schema's properties, all required ones, each of
  /// the schema's type; returns the properties for more checks.
  func check(
    _ written: [String: Any], against name: String, optional: Set<String> = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let schema = Self.schema(name)
    let properties = try #require(
      schema["properties"] as? [String: [String: Any]], "no schema \(name)",
      sourceLocation: sourceLocation)
    let required = Set(schema["required"] as? [String] ?? [])
    #expect(
      Set(written.keys).isSubset(of: properties.keys) && required.isSubset(of: written.keys),
      "\(name): written keys \(written.keys.sorted()) differ from the schema",
      sourceLocation: sourceLocation)
    #expect(
      required == Set(properties.keys).subtracting(optional),
      "\(name): every property the writer always writes is required",
      sourceLocation: sourceLocation)
    for (key, value) in written {
      let property = properties[key] ?? [:]
      let reference = property["$ref"] as? String
      let type =
        property["type"] as? String
        ?? reference.map { Self.schema(String($0.split(separator: "/").last ?? ""))["type"] }
        as? String
      let written = Self.jsonType(value)
      let types: [String] =
        switch property["type"] {
        case let list as [String]: list
        case let one as String: [one]
        default: type.map { [$0] } ?? []
        }
      #expect(
        types.contains(written)
          || (written == "number"
            && !types.filter { ["integer", "boolean"].contains($0) }.isEmpty),
        "\(name).\(key) is written as \(written), described as \(types)",
        sourceLocation: sourceLocation)
    }
  }

  func written(_ value: some JSONWritable) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: TeamJSON.encode(value)) as? [String: Any])
  }

  /// The invisible characters the schemas' patterns refuse, written out, are exactly those
  /// validation refuses (a newer Unicode in Swift's library moves some: write them out again).
  @Test func thePatternsRefuseTheInvisibleCharactersValidationRefuses() {
    let written = Set(Rules.invisibleScalars.flatMap { Array($0) })
    let refused = (UInt32(0)...0x10FFFF).filter { value in
      Unicode.Scalar(value).map(PlayerInput.isInvisible) ?? false
    }
    #expect(written == Set(refused))
  }

  /// A client fills a path's `{name}` with one value, escaped as one segment: a tag's space,
  /// slash or accent never makes another segment nor a broken address.
  @Test func aValueFillsOneSegmentOfAPathEscaped() {
    #expect(Endpoint.editTeam.path("KC B/1") == "api/teams/KC%20B%2F1")
    #expect(Endpoint.editTeam.path("KC-1.a_b~") == "api/teams/KC-1.a_b~")
    #expect(Endpoint.editTeam.path("Équipe?x") == "api/teams/%C3%89quipe%3Fx")
  }

  @Test func thePlayerSchemaIsWhatTheWriterWrites() throws {
    var withPhoto = Player.defaultRoster[0]
    withPhoto.photo = String(repeating: "5e", count: 32)
    let optional: Set<String> = [
      "photoURL", "riotID", "realName", "nationality", "birthDate", "joined", "contractEnd",
    ]
    try check(written(withPhoto), against: "Player", optional: optional)
    let player = try written(Player.defaultRoster[0])
    try check(player, against: "Player", optional: optional)
    var known = Player.defaultRoster[0]
    known.riotID = try RiotID(parsing: "Canna#KC1")
    known.realName = "Kim Chang-dong"
    known.nationality = "KR"
    known.birthDate = Day("2000-07-06")
    known.joined = Day("2024-11-20")
    known.contractEnd = Day("2026-11-30")
    try check(written(known), against: "Player", optional: optional)
    let champion = try #require((player["favoriteChampions"] as? [[String: Any]])?.first)
    try check(champion, against: "Champion")
    let positions = Self.schema("Position")["enum"] as? [String]
    #expect(positions == Position.allCases.map(\.rawValue))
  }

  @Test func theProblemSchemaIsWhatTheWriterWrites() throws {
    let invalid = try #require(
      #expect(throws: ValidationError.self) {
        try PlayerInput(name: "", position: "Coach").validated(in: [])
      })
    let problem = try written(
      Problem(
        HTTPError(422, "Fix it."), errors: invalid.issues, current: Player.defaultRoster[0],
        in: .english))
    try check(problem, against: "Problem", optional: ["errors", "current"])
    let described = (Self.schema("Problem")["properties"] as? [String: Any] ?? [:]).keys
    #expect(Set(problem.keys) == Set(described))
    let properties = Self.schema("Problem")["properties"] as? [String: [String: Any]]
    let items = properties?["errors"]?["items"] as? [String: Any]
    let fieldItem = try #require((problem["errors"] as? [[String: Any]])?.first)
    #expect(Set(fieldItem.keys) == Set((items?["properties"] as? [String: Any] ?? [:]).keys))
    let fields = (items?["properties"] as? [String: [String: Any]])?["field"]?["enum"] as? [String]
    #expect(fields == ValidationError.Field.allCases.map(\.rawValue))
    #expect(
      try written(Problem(HTTPError(404, "Gone."), in: .english)).keys.contains("errors") == false)
  }

  @Test func theRemovedPlayerAndLineupSchemasAreWhatTheWriterWrites() throws {
    let removal = RemovedPlayer(player: Player.defaultRoster[1], removedAt: Date())
    let removed = try written(removal)
    try check(removed, against: "RemovedPlayer")
    #expect((removed["removedAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) } != nil)
    let lineup = try written(LineupDocument(status: LineupStatus(players: Player.defaultRoster)))
    try check(lineup, against: "Lineup")
    #expect(lineup["complete"] as? Bool == false)
    #expect(lineup["missing"] as? [String] == ["Jungle", "Mid"])
  }

  @Test func theCachedPagesTokenSlotCannotComeFromData() throws {
    // The slot is longer than any pseudo, and image names cannot hold its character, so a
    // cached page never has a slot that is not ours.
    let slot = ResponseCache.tokenSlot
    #expect(slot.count > PlayerInput.maxNameLength)
    #expect(PlayerInput.imageNameProblem(String(repeating: "~", count: 8)) != nil)
    #expect(
      ChampionCatalog.builtIn.champions.allSatisfy {
        !$0.name.contains("~") && !$0.imageName.contains("~")
      })
    // The longest pseudos of slot characters, on every cached page: one slot per token field.
    let players = (0..<2).map { _ in
      Player(name: String(repeating: "~", count: PlayerInput.maxNameLength), position: .mid)
    }
    let roster = Roster(version: 1, players: players, removed: [])
    let pages = Pages(language: .english, pictures: nil)
    for page in [
      pages.roster(roster, team: .first, page: 1, token: slot, viewer: Pages.Viewer()),
      pages.player(
        players[0], in: roster, token: slot, viewer: Pages.Viewer(), today: Day(Date())),
      pages.confirmDeletePage(players[0], token: slot, cookie: nil),
      pages.editPlayer(
        players[0], input: Pages.input(of: players[0]), errors: nil, token: slot, version: "v",
        cookie: nil),
    ] {
      let html = String(decoding: page.body, as: UTF8.self)
      let fields = html.components(separatedBy: #"name="csrf""#).count - 1
      #expect(fields >= 1)
      #expect(html.components(separatedBy: slot).count - 1 == fields)
    }
  }

  /// Whether a JSON Schema string schema allows `text` (length in code points, pattern).
  static func allows(_ schema: [String: Any], _ text: String) throws -> Bool {
    let length = text.unicodeScalars.count
    if let least = schema["minLength"] as? Int, length < least { return false }
    if let most = schema["maxLength"] as? Int, length > most { return false }
    guard let pattern = schema["pattern"] as? String else { return true }
    let regex = try NSRegularExpression(pattern: pattern)
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  @Test func whatTheInputSchemaAllowsValidationAccepts() throws {
    let properties = try #require(
      Self.schema("PlayerInput")["properties"] as? [String: [String: Any]])
    let name = try #require(properties["name"])
    let refusedByBoth = [
      "", "   ", String(repeating: "a", count: 25), "a\u{200B}b", "a\u{202E}b", "a\tb", "a\nb",
      "a\u{2028}b", "a\u{E0001}b", "a\u{7F}", "Canna\u{200D}",
    ]
    for text in refusedByBoth {
      #expect(try !Self.allows(name, text), "schema allows \(text.debugDescription)")
    }
    let allowed = [
      "Canna", "Zoë", "👍🏽", String(repeating: "a", count: 24), "K'Sante", "Dr. Mundo", " x ",
      "名前",
    ]
    for text in allowed {
      #expect(try Self.allows(name, text), "schema refuses \(text.debugDescription)")
      #expect(throws: Never.self, "validation refuses \(text.debugDescription)") {
        try PlayerInput(name: text, position: "Mid").validated(in: [])
      }
    }

    // A regular expression cannot say "a zero-width joiner between two emoji": the schema
    // refuses the joiner everywhere, stricter than validation.
    #expect(try !Self.allows(name, "👨‍👩‍👧"))
    #expect(throws: Never.self) { try PlayerInput(name: "👨‍👩‍👧", position: "Mid").validated(in: []) }

    let image = try #require(properties["image"])
    for text in ["canna", "player_default", "a.png", "", String(repeating: "a", count: 64)] {
      #expect(try Self.allows(image, text))
      #expect(PlayerInput.imageNameProblem(text.isEmpty ? Player.defaultImage : text) == nil)
    }
    for text in [".hidden", "Canna", "a/b", "a b", String(repeating: "a", count: 65)] {
      #expect(try !Self.allows(image, text), "schema allows \(text)")
      #expect(PlayerInput.imageNameProblem(text) != nil)
    }

    // The positions as an enum of their own (client generators name its cases), the
    // aliases as a pattern: every spelling validation takes, and only those.
    let choices = try #require(properties["position"]?["anyOf"] as? [[String: Any]])
    #expect(choices.first?["$ref"] as? String == "#/components/schemas/Position")
    let aliases = try #require(choices.last)
    for spelling in Position.spellings.filter({ !Position.allCases.map(\.rawValue).contains($0) })
      + ["JGL", " Middle ", "ad carry", "SuPp"]
    {
      #expect(try Self.allows(aliases, spelling), "schema refuses \(spelling)")
      #expect(throws: Never.self) { try Position(parsing: spelling) }
    }
    for text in ["Coach", "topp", "", "j g l x"] {
      #expect(try !Self.allows(aliases, text), "schema allows \(text)")
      #expect(throws: ValidationError.self) { try Position(parsing: text) }
    }
    let champions = properties["favoriteChampions"]?["items"] as? [String: Any]
    for id in try #require(champions?["enum"] as? [String]) {
      #expect(ChampionCatalog.builtIn.find(id) != nil)
    }
    // null is allowed too (read as absent: the roster's rule), the strings are lineups.
    let lineups = try #require(properties["lineup"]?["enum"] as? [Any])
    #expect(lineups.contains { $0 is NSNull })
    for lineup in lineups.compactMap({ $0 as? String }) {
      #expect(throws: Never.self) { try Lineup(parsing: lineup) }
    }
    #expect(lineups.compactMap { $0 as? String }.count == Lineup.allCases.count)
  }
}

import Foundation
import TeamKit
import TestSupport
import Testing

@Suite struct KCorpCLITests {
  let kcorp: KCorp

  init() throws { kcorp = try KCorp() }

  /// Decodes `--json` output into plain JSON objects.
  func json(_ run: Run) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
  }

  @Test func playersJSONOnANewDatabaseIsExactlyTheBriefsThreePlayers() throws {
    let run = try kcorp("players", "--json")
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let decoded = try JSONDecoder().decode([Player].self, from: Data(run.stdout.utf8))
    #expect(decoded == Player.defaultRoster)
    let first = try #require((try json(run) as? [[String: Any]])?.first)
    #expect(Set(first.keys) == ["id", "name", "position", "image", "favoriteChampions", "lineup"])
    let champion = try #require((first["favoriteChampions"] as? [[String: String]])?.first)
    #expect(champion == ["id": "jayce", "name": "Jayce", "imageName": "jayce"])
  }

  @Test func listPrintsAlignedColumns() throws {
    let run = try kcorp("players")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("PSEUDO    ROLE     IMAGE     FAVORITE CHAMPIONS"))
    #expect(lines[1].hasPrefix("Canna     Top      canna     Jayce, Jax"))
    #expect(lines[3].hasPrefix("Targamas  Support  targamas  Braum"))
    #expect(try kcorp("players", "list").stdout == run.stdout)
  }

  @Test func addShowAndRemoveAPlayer() throws {
    let added = try kcorp(
      "players", "add", "--name", "Rekkles", "--position", "bot", "--champion", "K'Sante",
      "--champion=jax", "--json")
    #expect(added.status == 0, "\(added.stderr)")
    let player = try JSONDecoder().decode(Player.self, from: Data(added.stdout.utf8))
    #expect(player.position == .adc)
    #expect(player.favoriteChampions.map(\.id) == ["ksante", "jax"])

    let shown = try kcorp("players", "show", "rekkles")
    #expect(shown.stdout.contains("Role                ADC"))
    let byID = try kcorp("players", "show", player.id.uuidString, "--json")
    #expect(try JSONDecoder().decode(Player.self, from: Data(byID.stdout.utf8)) == player)

    let removed = try kcorp("players", "remove", "Rekkles")
    #expect(removed.status == 0)
    #expect(removed.stdout == "Removed Rekkles.\n")
    #expect(try kcorp("players", "show", "Rekkles").status == 66)
  }

  @Test func invalidPlayersExitWith65AndOneLineAndChangeNothing() throws {
    let before = try kcorp("players", "--json").stdout
    let run = try kcorp(
      "players", "add", "--name", "canna", "--position", "coach", "--image", "../etc/passwd")
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("kcorp: "))
    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    #expect(run.stderr.contains("already in the team"))
    #expect(run.stderr.contains("Top, Jungle, Mid, ADC or Support"))
    #expect(try kcorp("players", "--json").stdout == before)
  }

  struct ExitCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    ExitCase(arguments: [], status: 64),
    ExitCase(arguments: ["dance"], status: 64),
    ExitCase(arguments: ["players", "juggle"], status: 64),
    ExitCase(arguments: ["players", "add", "--name", "X"], status: 64),
    ExitCase(arguments: ["players", "add", "--position"], status: 64),
    ExitCase(arguments: ["players", "--output", "x"], status: 64),
    ExitCase(arguments: ["players", "show"], status: 64),
    ExitCase(arguments: ["players", "show", "Nobody"], status: 66),
    ExitCase(arguments: ["players", "remove", "Nobody"], status: 66),
    ExitCase(arguments: ["import", "/nonexistent/file.json"], status: 66),
    ExitCase(arguments: ["players", "add", "--name", "", "--position", "Top"], status: 65),
    ExitCase(arguments: ["--db", "/proc/kcorp/roster.sqlite", "players"], status: 74),
    ExitCase(arguments: ["--version"], status: 0),
    ExitCase(arguments: ["--help"], status: 0),
    ExitCase(arguments: ["players", "--help"], status: 0),
    ExitCase(arguments: ["champions"], status: 0),
  ])
  func exitCodesFollowSysexits(_ testCase: ExitCase) throws {
    let run = try kcorp(testCase.arguments)
    #expect(run.status == testCase.status, "stderr: \(run.stderr)")
    if testCase.status == 0 {
      #expect(run.stderr.isEmpty)
      #expect(!run.stdout.isEmpty)
    } else {
      #expect(run.stderr.hasPrefix("kcorp: ") && run.stderr.filter { $0 == "\n" }.count == 1)
      #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("backtrace"))
    }
  }

  @Test func aFileThatIsNotADatabaseIsAnIOErrorNamingIt() throws {
    let path = try kcorp.write("hello", to: "notes.txt")
    let run = try kcorp("--db", path, "players")
    #expect(run.status == 74)
    #expect(run.stderr.contains(path) && run.stderr.contains("not a SQLite database"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello")
  }

  @Test func inMemoryLeavesTheDatabaseAlone() throws {
    let run = try kcorp("players", "add", "--in-memory", "--name", "Ghost", "--position", "mid")
    #expect(run.status == 0)
    #expect(!FileManager.default.fileExists(atPath: kcorp.database))
  }

  @Test func championsListsTheCatalog() throws {
    let run = try kcorp("champions", "--json")
    let champions = try JSONDecoder().decode([Champion].self, from: Data(run.stdout.utf8))
    #expect(champions == Champion.catalog)
    #expect(try kcorp("champions").stdout.contains("maokai        Maokai        moakai"))
  }

  @Test func exportThenImportRoundTripsTheRoster() throws {
    _ = try kcorp("players", "add", "--name", "Upset", "--position", "ADC", "--champion", "corki")
    let exported = try kcorp("export")
    let file = kcorp.folder.appendingPathComponent("backup.json").path
    #expect(try kcorp("export", "--output", file).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == exported.stdout)

    _ = try kcorp("players", "remove", "Canna")
    let imported = try kcorp("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout == "Imported 4 players.\n")
    #expect(try kcorp("export").stdout == exported.stdout)
  }

  @Test func errorsQuotingAMultiLineInputStayOneLine() throws {
    let run = try kcorp(
      "players", "add", "--name", "A", "--position", "Top", "--champion", "te\nemo")
    #expect(run.status == 65)
    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func importIsAllOrNothing() throws {
    let before = try kcorp("export").stdout
    let invalid = try kcorp.write(
      #"[{"name":"Good","position":"Top"},{"name":"Bad","position":"Top","favoriteChampions":["teemo"]}]"#,
      to: "invalid.json")
    let run = try kcorp("import", invalid)
    #expect(run.status == 65)
    #expect(run.stderr.contains("Player 2 (“Bad”)") && run.stderr.contains("teemo"))
    let malformed = try kcorp("import", try kcorp.write(#"[{"name": 3}]"#, to: "bad.json"))
    #expect(malformed.status == 65)
    #expect(malformed.stderr.contains("[0].name"))
    #expect(try kcorp("export").stdout == before)
  }

  @Test func theDatabaseDefaultsToXDGDataHome() throws {
    let xdg = kcorp.folder.appendingPathComponent("xdg").path
    let run = try kcorp("players", environment: ["KCORP_DB": "", "XDG_DATA_HOME": xdg])
    #expect(run.status == 0)
    #expect(FileManager.default.fileExists(atPath: xdg + "/kcorp/roster.sqlite"))
  }
}

extension KCorp {
  func callAsFunction(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    try callAsFunction(arguments: arguments, environment: environment)
  }
}

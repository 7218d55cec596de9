import CLIBase
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
    #expect(
      Set(first.keys) == [
        "id", "name", "position", "image", "favoriteChampions", "lineup", "teamID",
      ])
    let champion = try #require((first["favoriteChampions"] as? [[String: String]])?.first)
    #expect(champion == ["id": "jayce", "name": "Jayce", "imageName": "jayce"])
  }

  @Test func listPrintsAlignedColumns() throws {
    let run = try kcorp("players")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines[0].hasPrefix("#  PSEUDO    ROLE     LINEUP   IMAGE     FAVORITE CHAMPIONS"))
    #expect(lines[1].hasPrefix("1  Canna     Top      starter  canna     Jayce, Jax"))
    #expect(lines[3].hasPrefix("3  Targamas  Support  starter  targamas  Braum"))
    #expect(lines[4] == "Starting five: no Jungle, no Mid.")
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
    #expect(removed.stdout.hasPrefix("Removed Rekkles;"))
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
    #expect(champions == ChampionCatalog.builtIn.champions)
    #expect(try kcorp("champions").stdout.contains("maokai        Maokai          moakai"))
  }

  @Test func exportThenImportRoundTripsTheRoster() throws {
    _ = try kcorp("players", "add", "--name", "Upset", "--position", "ADC", "--champion", "corki")
    // The week goes with it.
    _ = try kcorp("events", "add", "--type", "scrim", "--start", "2026-03-26T20:00")
    _ = try kcorp("availability", "Upset", "--weekly", "Sat 14:00-20:00")
    let exported = try kcorp("export")
    let file = kcorp.folder.appendingPathComponent("backup.json").path
    #expect(try kcorp("export", "--output", file).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == exported.stdout)

    _ = try kcorp("players", "remove", "Canna")
    _ = try kcorp("events", "add", "--type", "training", "--start", "2026-03-27T18:00")
    let imported = try kcorp("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout == """
        This import: 1 back from Recently removed.
        + Canna, Top (back from Recently removed)
        The week becomes the file’s: 1 event, and the hours of 1 player.
        Imported.

        """)
    #expect(try kcorp("export").stdout == exported.stdout)
  }

  @Test func aSwapExchangesTwoPlayersOrSaysInOneLineWhyNot() throws {
    #expect(
      try kcorp("players", "add", "--name", "Bench", "--position", "Top", "--status", "substitute")
        .status == 0)
    let swapped = try kcorp("players", "swap", "Bench", "Canna", "--json")
    #expect(swapped.status == 0, "\(swapped.stderr)")
    #expect(
      swapped.stdout.contains(#""lineup" : "starter""#)
        || swapped.stdout.contains(#""lineup": "starter""#))
    // Two starters: refused as invalid input (65), one line, nothing changed.
    let refused = try kcorp("players", "swap", "Bench", "Caliste")
    #expect(refused.status == 65)
    #expect(
      refused.stderr.contains("both starter") && refused.stderr.split(separator: "\n").count == 1)
    let list = try kcorp("players", "--json")
    #expect(list.stdout.contains("Bench"))
    #expect(try kcorp("players", "swap", "Bench").status == 64)  // the other is missing
  }

  @Test func theWholeOrganisationGoesThroughACSVToAnotherDatabase() throws {
    #expect(try kcorp("teams", "add", "KC Blue", "--tag", "KCB", "--parent", "KC").status == 0)
    let added = try kcorp(
      "players", "add", "--name", "Hazel", "--position", "adc", "--team", "KCB", "--status",
      "stand-in", "--riot-id", "Hazel#KCB", "--real-name", "Hazel Martin", "--country", "fr",
      "--birth-date", "2005-04-02", "--joined", "2025-11-20", "--contract-end", "2027-06-30")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try kcorp("players", "move-team", "Caliste", "--to", "KCB").status == 0)
    let file = kcorp.folder.appendingPathComponent("organisation.csv").path
    #expect(try kcorp("export", "--format", "csv", "--output", file).status == 0)
    let csv = try String(contentsOfFile: file, encoding: .utf8)
    #expect(csv.contains(",KCB,Hazel#KCB,Hazel Martin,FR,2005-04-02,2025-11-20,2027-06-30"))

    // Another server of the same organisation (its teams made first) takes every player back.
    let other = try KCorp()
    #expect(try other("teams", "add", "KC Blue", "--tag", "KCB", "--parent", "KC").status == 0)
    let imported = try other("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    // The same rows (teams by their tags, every id and field kept).
    let again = kcorp.folder.appendingPathComponent("again.csv").path
    #expect(try other("export", "--format", "csv", "--output", again).status == 0)
    #expect(try String(contentsOfFile: again, encoding: .utf8) == csv)
    #expect(try other("players", "--team", "KCB").stdout.contains("Caliste"))
  }

  @Test func aCSVExportImportsBackAndOpensInASpreadsheetsShape() throws {
    _ = try kcorp("players", "add", "--name", "Zoë", "--position", "ADC", "--champion", "kaisa")
    let before = try kcorp("export").stdout
    let file = kcorp.folder.appendingPathComponent("roster.csv").path
    #expect(try kcorp("export", "--format", "csv", "--output", file).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(bytes.prefix(3) == Data([0xEF, 0xBB, 0xBF]))  // the BOM spreadsheets look for
    let csv = String(decoding: bytes.dropFirst(3), as: UTF8.self)
    #expect(csv.hasPrefix("id,name,position,lineup,image,favoriteChampions,team,riotID,"))
    // Added today, a starter (the fourth of the team).
    #expect(csv.contains(",Zoë,ADC,starter,player_default,Kai'Sa,KC,,,,,\(Day(Date())),\r\n"))
    _ = try kcorp("players", "remove", "Zoë")
    let imported = try kcorp("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try kcorp("export").stdout == before)
    #expect(try kcorp("export", "--format", "xml").status == 64)
    let typed = try kcorp.write(
      "pseudo;role;champions\nSaken;mid;k'sante, fiddlestiks\n", to: "typed.csv")
    #expect(try kcorp("import", typed).status == 0)
    #expect(try kcorp("players", "show", "Saken").stdout.contains("K"))
  }

  @Test func aBackupIsACheckedCopyThatOpensAsTheRoster() throws {
    _ = try kcorp("players", "add", "--name", "Upset", "--position", "ADC")
    let copy = kcorp.folder.appendingPathComponent("copy.sqlite").path
    let backup = try kcorp("backup", copy)
    #expect(backup.status == 0, "\(backup.stderr)")
    #expect(backup.stdout == "Backed up 4 players to \(copy).\n")
    #expect(try kcorp("export", "--db", copy).stdout == kcorp("export").stdout)
    let refused = try kcorp("backup", kcorp.folder.appendingPathComponent("no/copy.sqlite").path)
    #expect(refused.status == 74)
  }

  @Test func aRestoreIsRefusedWhileAServerUsesTheDatabaseUnlessForced() throws {
    let served = try ServedKCorp(["--port", "0"])
    #expect(served.port != nil, "\(served.firstLine)")
    let copy = served.folder.path("copy.sqlite")
    let environment = ["KCORP_DB": served.database]
    #expect(try runKCorp(["backup", copy], environment: environment).status == 0)
    let refused = try runKCorp(["restore", copy], environment: environment)
    #expect(refused.status == 74)
    #expect(refused.stderr.contains("stop it"))
    let forced = try runKCorp(["restore", copy, "--force"], environment: environment)
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout.hasPrefix("Restored 3 players from \(copy)"))
    #expect(try runKCorp(["restore", "missing.sqlite"], environment: environment).status == 66)
  }

  @Test func errorsQuotingAMultiLineInputStayOneLine() throws {
    let run = try kcorp(
      "players", "add", "--name", "A", "--position", "Top", "--champion", "zz\nzz")
    #expect(run.status == 65)
    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func anErrorQuotingAHugeValueStaysAShortLine() throws {
    let huge = String(repeating: "x", count: 5_000_000)
    let file = try kcorp.write(#"[{"name":"\#(huge)","position":"Top"}]"#, to: "huge.json")
    let run = try kcorp("import", file)
    #expect(run.status == 65)
    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    #expect(run.stderr.count < 1100)
    #expect(run.stderr.hasPrefix("kcorp: Player 1"))  // what went wrong, and
    #expect(run.stderr.contains("characters or fewer"))  // what to do, both kept
  }

  @Test func importIsAllOrNothing() throws {
    let before = try kcorp("export").stdout
    let invalid = try kcorp.write(
      #"[{"name":"Good","position":"Top"},{"name":"Bad","position":"Top","favoriteChampions":["tomato"]}]"#,
      to: "invalid.json")
    let run = try kcorp("import", invalid)
    #expect(run.status == 65)
    #expect(run.stderr.contains("Player 2 (“Bad”)") && run.stderr.contains("tomato"))
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

/// The everyday commands: edit, remove and restore, move, the lineup, Recently removed.
@Suite struct RosterWorkCommandTests {
  let kcorp: KCorp

  init() throws { kcorp = try KCorp() }

  @Test func editChangesOnlyWhatIsGiven() throws {
    let run = try kcorp("players", "edit", "canna", "--position", "jgl", "--json")
    #expect(run.status == 0, "\(run.stderr)")
    let player = try JSONDecoder().decode(Player.self, from: Data(run.stdout.utf8))
    #expect(player.position == .jungle && player.image == "canna")
    #expect(player.favoriteChampions.map(\.id) == ["jayce", "jax"])
    let cleared = try kcorp("players", "edit", "Canna", "--no-champions", "--name", "CANNA")
    #expect(cleared.stdout.contains("Favorite champions  none"))
    #expect(cleared.stdout.contains("Pseudo              CANNA"))
    let champions = try kcorp(
      "players", "edit", "canna", "--champion", "viktor", "--champion", "jax")
    #expect(champions.stdout.contains("Favorite champions  Viktor, Jax"))
  }

  @Test func editRefusalsChangeNothing() throws {
    let before = try kcorp("export").stdout
    #expect(try kcorp("players", "edit", "canna", "--name", "caliste").status == 65)
    #expect(try kcorp("players", "edit", "canna", "--lineup", "coach").status == 65)
    #expect(try kcorp("players", "edit", "nobody", "--name", "X").status == 66)
    #expect(try kcorp("players", "edit", "canna").status == 64)
    #expect(
      try kcorp("players", "edit", "canna", "--champion", "jax", "--no-champions").status == 64)
    #expect(try kcorp("export").stdout == before)
  }

  @Test func aRemovedPlayerIsInTheTrashAndComesBackAtTheirPlace() throws {
    let removed = try kcorp("players", "remove", "Caliste")
    #expect(removed.status == 0)
    #expect(removed.stdout.hasPrefix("Removed Caliste;"))
    let trash = try kcorp("trash")
    #expect(trash.stdout.contains("Caliste  ADC"))
    let json = try kcorp("trash", "--json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect((entries.first?["player"] as? [String: Any])?["name"] as? String == "Caliste")
    #expect(try kcorp("players", "show", "caliste").status == 66)
    let restored = try kcorp("players", "restore", "caliste")
    #expect(restored.status == 0 && restored.stdout == "Restored Caliste.\n")
    #expect(try kcorp("players", "--json").stdout.contains("Caliste"))
    let names = try JSONDecoder().decode(
      [Player].self, from: Data(try kcorp("players", "--json").stdout.utf8)
    ).map(\.name)
    #expect(names == ["Canna", "Caliste", "Targamas"])
    #expect(try kcorp("trash").stdout == "Nobody was removed in the last 30 days.\n")
    #expect(try kcorp("players", "restore", "caliste").status == 66)
  }

  @Test func restoringAPseudoNowTakenIsRefusedAsData() throws {
    _ = try kcorp("players", "remove", "Canna")
    _ = try kcorp("players", "add", "--name", "canna", "--position", "mid")
    let run = try kcorp("players", "restore", "Canna")
    #expect(run.status == 65)
    #expect(run.stderr.contains("is on the roster now"))
  }

  @Test func movePutsAPlayerAtAPlace() throws {
    let run = try kcorp("players", "move", "targamas", "--to", "1")
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines[1].hasPrefix("1  Targamas"))
    #expect(lines[2].hasPrefix("2  Canna"))
    #expect(try kcorp("players", "move", "targamas", "--to", "0").status == 64)
    #expect(try kcorp("players", "move", "targamas").status == 64)
    #expect(try kcorp("players", "move", "nobody", "--to", "2").status == 66)
  }

  @Test func theListSaysWhetherTheStartingFiveIsComplete() throws {
    #expect(try kcorp("players").stdout.hasSuffix("Starting five: no Jungle, no Mid.\n"))
    _ = try kcorp("players", "add", "--name", "Jungler", "--position", "jgl")
    _ = try kcorp("players", "add", "--name", "Midlaner", "--position", "mid")
    #expect(try kcorp("players").stdout.hasSuffix("Starting five: complete.\n"))
    let sixth = try kcorp("players", "add", "--name", "Sixth", "--position", "mid", "--json")
    #expect(
      try JSONDecoder().decode(Player.self, from: Data(sixth.stdout.utf8)).lineup == .substitute)
    _ = try kcorp("players", "edit", "sixth", "--lineup", "starter")
    #expect(try kcorp("players").stdout.hasSuffix("Invalid lineup: two Mid starters.\n"))
  }

  @Test func exportLeavesRemovedPlayersOutAndAnImportKeepsThemInTheTrash() throws {
    _ = try kcorp("players", "remove", "Targamas")
    let exported = try kcorp("export").stdout
    #expect(!exported.contains("Targamas"))
    #expect(
      exported.contains(#""lineup" : "starter""#) || exported.contains(#""lineup": "starter""#))
    // An import loses nothing: Recently removed keeps Targamas.
    let file = try kcorp.write(exported, to: "roster.json")
    #expect(try kcorp("import", file, "--replace").status == 0)
    #expect(try kcorp("trash").stdout.contains("Targamas"))
  }
}

/// A database with a row that is not a player is never read as if the row did not exist.
@Suite struct UnreadableRowCommandTests {
  @Test func importRefusesToReplaceARosterItCouldNotReadAndLeavesTheRow() throws {
    let kcorp = try KCorp()
    #expect(try kcorp("players").status == 0)  // creates the database
    // Another program writes a row that is not a player (Python's sqlite3 module).
    let sql = "UPDATE player SET id = 'not-a-uuid' WHERE name = 'Caliste'"
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    python.arguments = [
      "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()",
      kcorp.database, sql,
    ]
    try python.run()
    python.waitUntilExit()
    #expect(python.terminationStatus == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: kcorp.database))
    let file = try kcorp.write(#"[{"name":"Solo","position":"Top"}]"#, to: "solo.json")
    let run = try kcorp("import", file)
    #expect(run.status == 74)
    #expect(run.stderr.contains("cannot read the player row “not-a-uuid”"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: kcorp.database)) == before)
  }
}

/// Accounts, tokens and the history from the command line.
@Suite struct AccessCommandTests {
  let kcorp: KCorp

  init() throws { kcorp = try KCorp() }

  func run(_ arguments: [String], input: String) throws -> Run {
    try runKCorp(
      arguments, environment: ["KCORP_DB": kcorp.database, "HOME": kcorp.folder.path],
      input: input)
  }

  @Test func usersAreAddedListedChangedAndRemoved() throws {
    let added = try run(
      ["users", "add", "coach", "--role", "owner", "--password-stdin"], input: "correct horse\n")
    #expect(added.status == 0 && added.stdout == "Added coach (owner).\n", "\(added.stderr)")
    _ = try run(
      ["users", "add", "analyst", "--role", "viewer", "--password-stdin"], input: "another pass\n")
    let list = try kcorp("users", "list").stdout
    #expect(list.contains("analyst  viewer") && list.contains("coach    owner"))
    #expect(
      try run(["users", "passwd", "analyst", "--password-stdin"], input: "changed pass\n").status
        == 0)
    #expect(try kcorp("users", "remove", "analyst").status == 0)
    #expect(!(try kcorp("users", "list").stdout.contains("analyst")))
    let last = try kcorp("users", "remove", "coach")
    #expect(last.status == 65 && last.stderr.contains("last owner"))
  }

  @Test func badAccountsAreRefusedWithWhatToChange() throws {
    let weak = try run(
      ["users", "add", "x", "--role", "editor", "--password-stdin"], input: "short\n")
    #expect(weak.status == 65 && weak.stderr.contains("at least 10 characters"))
    #expect(try kcorp("users", "add", "x", "--role", "king").status == 64)
    let noTerminal = try run(["users", "add", "x", "--role", "editor"], input: "")
    #expect(noTerminal.status == 64 && noTerminal.stderr.contains("--password-stdin"))
  }

  @Test func aTokenIsPrintedOnceAndListedWithoutItsSecret() throws {
    let created = try kcorp("tokens", "create", "--name", "board", "--role", "viewer")
    #expect(created.status == 0)
    let secret = created.stdout.trimmingCharacters(in: .newlines)
    #expect(secret.count == 43)
    let list = try kcorp("tokens", "list").stdout
    #expect(list.contains("board  viewer") && list.contains("never") && !list.contains(secret))
    #expect(try kcorp("tokens", "revoke", "board").status == 0)
    #expect(try kcorp("tokens", "revoke", "board").status == 66)
  }

  @Test func historySaysWhoChangedWhat() throws {
    _ = try kcorp("players", "edit", "canna", "--position", "mid")
    _ = try kcorp("players", "remove", "caliste")
    let history = try kcorp("history").stdout
    let user = ProcessInfo.processInfo.userName
    #expect(history.contains("\(user) at the command line removed Caliste."))
    #expect(history.contains("\(user) at the command line edited Canna: role Top → Mid."))
    let canna = try kcorp("history", "--player", "canna", "--json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(canna.stdout.utf8)) as? [[String: Any]])
    #expect(entries.count == 1 && entries[0]["kind"] as? String == "edited")
    #expect(entries[0]["author"] as? String == "cli:\(user)")
    #expect(try kcorp("history", "--player", "nobody").status == 66)
  }
}

@Suite(.timeLimit(.minutes(1))) struct WatchCommandTests {
  @Test func watchPrintsAnotherProcesssChangesAsTheyHappen() throws {
    let kcorp = try KCorp()
    _ = try kcorp("players")
    let watch = Process()
    watch.executableURL = kcorpBinary
    watch.arguments = ["watch", "--db", kcorp.database]
    let output = privatePipe()
    watch.standardOutput = output
    try watch.run()
    defer {
      if watch.isRunning { watch.terminate() }
      watch.waitUntilExit()
    }
    let reader = output.fileHandleForReading
    var text = ""
    func readUntil(_ marker: String) {
      let deadline = ContinuousClock.now + .seconds(5)
      while !text.contains(marker) && ContinuousClock.now < deadline {
        text += String(decoding: reader.availableData, as: UTF8.self)
      }
    }
    readUntil("Ctrl-C stops.")
    _ = try kcorp("players", "add", "--name", "Watched", "--position", "mid")
    // The history names the machine's user at the command line.
    let said = "\(ProcessInfo.processInfo.userName) at the command line added Watched."
    readUntil(said)
    #expect(text.contains(said))
    kill(watch.processIdentifier, SIGINT)
    watch.waitUntilExit()
    #expect(watch.terminationStatus == 0)
  }
}

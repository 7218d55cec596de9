import Foundation
import TestSupport
import Testing

/// A champion a sync brought, then a later sync dropped, through `kcorp`: still shown by
/// name, and the JSON export imports back here and into a fresh database.
@Suite struct ChampionRoundTripCLITests {
  /// Two Data Dragon layouts of `Tests/e2e/data_dragon.py`, served on loopback: its champions
  /// (Zyrette among them, released after this build), and a newer version without Zyrette.
  /// Stopped when released.
  final class DataDragons: @unchecked Sendable {
    let withZyrette: String
    let withoutZyrette: String
    private let process: Process
    private let input = privatePipe()

    init() throws {
      let e2e = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("e2e").path
      process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = [
        "-c",
        """
        import sys, tempfile
        sys.path.insert(0, sys.argv[1])
        import data_dragon
        first, second = tempfile.mkdtemp(), tempfile.mkdtemp()
        data_dragon.build(first)
        kept = [c for c in data_dragon.CHAMPIONS if c[0] != "Zyrette"]
        data_dragon.build(second, champions=kept, version="99.2.1")
        with data_dragon.serving(first) as a, data_dragon.serving(second) as b:
            print(a, b, flush=True)
            sys.stdin.read()
        """,
        e2e,
      ]
      let output = privatePipe()
      process.standardOutput = output
      process.standardInput = input
      process.standardError = FileHandle.nullDevice
      try process.run()
      let addresses = try StandInProcess.firstLine(of: output).split(separator: " ")
        .map(String.init)
      guard addresses.count == 2 else {
        process.terminate()
        throw CocoaError(.fileReadCorruptFile)
      }
      (withZyrette, withoutZyrette) = (addresses[0], addresses[1])
    }

    deinit {
      try? input.fileHandleForWriting.close()
      process.terminate()
    }
  }

  @Test func aChampionALaterSyncDropsIsShownByNameAndTheExportImportsHereAndIntoAFreshDatabase()
    throws
  {
    let kcorp = try KCorp()
    let dragons = try DataDragons()
    let synced = try kcorp("champions", "sync", "--from", dragons.withZyrette)
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(try kcorp("players", "edit", "Canna", "--champion", "Zyrette").status == 0)
    let again = try kcorp("champions", "sync", "--from", dragons.withoutZyrette)
    #expect(again.status == 0, "\(again.stderr)")

    let shown = try kcorp("players", "show", "Canna")
    #expect(shown.stdout.contains("Zyrette"), "\(shown.stdout)")
    let file = kcorp.temporary.path("roster.json")
    #expect(try kcorp("export", "--output", file).status == 0)
    let back = try kcorp("import", file)
    #expect(back.status == 0, "\(back.stderr)")

    let fresh = try KCorp()
    let imported = try fresh("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    let there = try fresh("players", "show", "Canna", "--json")
    #expect(
      there.stdout.contains(#""name" : "Zyrette""#) || there.stdout.contains(#""name": "Zyrette""#),
      "\(there.stdout)")
  }

  @Test func anExportThroughTheServerCarriesTheChampionsOnlyItsDatabaseKnows() throws {
    let kcorp = try KCorp()
    let dragons = try DataDragons()
    #expect(try kcorp("champions", "sync", "--from", dragons.withZyrette).status == 0)
    // In a pool only, not a favourite: the server alone knows her name then.
    let added = try kcorp("pools", "add", "Caliste", "Zyrette")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try kcorp("champions", "sync", "--from", dragons.withoutZyrette).status == 0)

    let token = try kcorp("tokens", "create", "--name", "scripts", "--role", "owner")
    #expect(token.status == 0, "\(token.stderr)")
    let served = try ServedKCorp(["--db", kcorp.database, "--port", "0"])
    let port = try #require(served.port, "\(served.firstLine)")
    let file = kcorp.temporary.path("through-the-server.json")
    let exported = try kcorp(
      "--server", "http://127.0.0.1:\(port)", "export", "--output", file,
      environment: ["KCORP_TOKEN": token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)])
    #expect(exported.status == 0, "\(exported.stderr)")
    let fresh = try KCorp()
    let imported = try fresh("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try fresh("pools", "--json").stdout.lowercased().contains("zyrette"))
  }
}

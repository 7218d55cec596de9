import CLIBase
import Foundation
import TeamKit
import TestSupport
import Testing

@testable import kcorp

/// The commands are declared once: parsing, `--help` and the README come from that.
@Suite struct DeclaredCommandTests {
  let kcorp: KCorp

  init() throws { kcorp = try KCorp() }

  static let commandNames = commands.map { $0.name }

  @Test(arguments: commandNames)
  func eachCommandsHelpIsItsDeclaration(_ name: String) throws {
    let command = try #require(commands.first { $0.name == name })
    let run = try kcorp(name.split(separator: " ").map(String.init) + ["--help"])
    #expect(run.status == 0 && run.stderr.isEmpty)
    #expect(run.stdout == command.help + "\n")
    #expect(run.stdout.hasPrefix("Usage: \(command.synopsis)"))
    for option in command.allOptions {
      #expect(run.stdout.contains("  \(option.label)  "), "\(option.name) missing from help")
    }
  }

  @Test func theREADMEsTableOfCommandsIsTheDeclarations() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../README.md"),
      encoding: .utf8)
    #expect(
      readme.contains(KCorpCommand.markdownTable + "\n"),
      "README.md's table of commands differs from the declarations; paste:\n\(KCorpCommand.markdownTable)"
    )
  }

  @Test func topLevelHelpListsEveryCommandAndEveryExitCode() throws {
    let run = try kcorp("--help")
    #expect(run.status == 0 && run.stdout == KCorpCommand.usage + "\n")
    for command in commands { #expect(run.stdout.contains(command.synopsis)) }
    for code in ExitCode.allCases {
      #expect(run.stdout.contains("\(code.rawValue) \(code.meaning)"))
    }
    #expect(try kcorp("-h").stdout == run.stdout)
  }

  @Test func versionIsTheVersion() throws {
    let run = try kcorp("--version")
    #expect(run.status == 0 && run.stdout == "kcorp \(KCorpCommand.version)\n")
  }

  @Test func anOptionNeverTakesTheNextFlagAsItsValue() throws {
    let run = try kcorp("players", "add", "--name", "--json", "--position", "top")
    #expect(run.status == 64)
    #expect(run.stderr.contains("--name needs a value"))
    #expect(try kcorp("players").stdout.contains("--json") == false)
  }

  @Test func aPseudoStartingWithDashesIsGivenWithEqualsAndFoundAfterDoubleDash() throws {
    let added = try kcorp("players", "add", "--name=--Dash", "--position", "top")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      try kcorp("players", "show", "--", "--Dash").stdout.contains("Pseudo              --Dash"))
    #expect(try kcorp("players", "remove", "--", "--dash").stdout.hasPrefix("Removed --Dash;"))
  }

  @Test func theDatabaseOptionsMayComeBeforeTheCommand() throws {
    let other = kcorp.folder.appendingPathComponent("other.sqlite").path
    #expect(
      try kcorp("--db", other, "players", "add", "--name", "Elsewhere", "--position", "mid").status
        == 0)
    #expect(try kcorp("players", "--db=\(other)").stdout.contains("Elsewhere"))
    #expect(try kcorp("players").stdout.contains("Elsewhere") == false)
  }

  struct Usage: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    Usage(
      arguments: ["players", "add", "--position", "top"], message: "Give --name: The pseudo."),
    Usage(arguments: ["players", "list", "--json=yes"], message: "--json takes no value."),
    Usage(arguments: ["players", "show", "a", "b"], message: "Unexpected argument ‘b’."),
    Usage(arguments: ["players", "remove"], message: "Give <pseudo|id>: A pseudo or an id."),
    Usage(
      arguments: ["players", "add", "--name", "A", "--name", "B", "--position", "top"],
      message: "Give --name only once."),
    Usage(
      arguments: ["champions", "--name", "x"],
      message: "‘kcorp champions’ does not take --name; see ‘kcorp champions --help’."),
    Usage(
      arguments: ["players", "--db", "x", "--in-memory"],
      message: "Give one of --db, --database and --in-memory."),
    Usage(arguments: ["--db"], message: "--db needs a value."),
    Usage(
      arguments: ["players", "juggle"],
      message:
        "Unknown ‘players juggle’; use list, show, add, edit, remove, restore, move, swap, move-team or photo."
    ),
  ])
  func usageErrorsSayWhatToChange(_ usage: Usage) throws {
    let run = try kcorp(arguments: usage.arguments, environment: [:])
    #expect(run.status == 64)
    #expect(run.stderr == "kcorp: \(usage.message)\n")
  }

  @Test func columnsAlignByDisplayWidth() throws {
    for name in ["페이커", "ＦＵＬＬ", "Zoe\u{301}", "🐐Goat"] {
      let run = try kcorp("players", "add", "--name", name, "--position", "mid")
      #expect(run.status == 0, "\(run.stderr)")
    }
    let lines = try kcorp("players").stdout.split(separator: "\n").map(String.init).dropLast()
    #expect(lines.count == 8)
    // Every row's role starts in the same terminal column as the ROLE heading.
    let column = Table.displayWidth(String(lines[0].prefix { $0 != "R" }))
    for line in lines.dropFirst() {
      let role = try #require(
        line.range(of: #"(Top|Mid|ADC|Support)"#, options: .regularExpression))
      #expect(Table.displayWidth(String(line[..<role.lowerBound])) == column, "\(line)")
    }
    #expect(Table.displayWidth("페이커") == 6)
    #expect(Table.displayWidth("ＦＵＬＬ") == 8)
    #expect(Table.displayWidth("Zoe\u{301}") == 3)
    #expect(Table.displayWidth("🐐Goat") == 6)
    #expect(Table.displayWidth("👨‍👩‍👧") == 2)
  }
}

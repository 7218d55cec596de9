import Foundation
import TeamKit
import TestSupport
import Testing

/// A full team refuses one more player from the command line too: an add, a move from
/// another team, an import; exit 65, the limit said, the roster unchanged.
@Suite struct PlayerLimitCLITests {
  let kcorp: KCorp

  init() throws { kcorp = try KCorp() }

  @Test func aFullTeamRefusesTheTwoHundredAndFirstPlayer() throws {
    #expect(try kcorp("teams", "add", "KC Blue", "--tag", "KCB").status == 0)
    // A new database starts with three players.
    let rows = (1...(PlayerLimits.perTeam - 3)).map { "Filler\($0),Mid,KC\n" }.joined()
    let full = try kcorp.write("name,position,team\n" + rows + "Blue,Top,KCB\n", to: "full.csv")
    let filled = try kcorp("import", full)
    #expect(filled.status == 0, "\(filled.stderr)")
    let before = try kcorp("players", "list", "--json").stdout
    let message = "KCorp holds at most 200 players"

    let added = try kcorp("players", "add", "--name", "Extra", "--position", "Top")
    #expect(added.status == 65)
    #expect(added.stderr.contains(message), "\(added.stderr)")

    let moved = try kcorp("players", "move-team", "Blue", "--to", "KC")
    #expect(moved.status == 65)
    #expect(moved.stderr.contains(message), "\(moved.stderr)")

    let more = try kcorp.write("name,position\nExtra,Top\n", to: "more.csv")
    let imported = try kcorp("import", more, "--team", "KC")
    #expect(imported.status == 65)
    #expect(imported.stderr.contains(message), "\(imported.stderr)")

    #expect(try kcorp("players", "list", "--json").stdout == before)
  }
}

import CLIBase
import Foundation
import TeamKit
import TestSupport
import Testing

/// The week from the command line, on a database of its own: events with their verdicts,
/// hours, results, calendar addresses; bad input is one line on stderr and its exit code.
@Suite struct WeekCommandTests {
  let kcorp: KCorp

  init() throws { kcorp = try KCorp() }

  @Test func aScrimIsPlannedJudgedLoggedMovedAndCancelled() throws {
    for (name, position, status) in [
      ("Bo", "Jungle", "starter"), ("Vladi", "Mid", "starter"), ("Yike", "Jungle", "substitute"),
    ] {
      #expect(
        try kcorp("players", "add", "--name", name, "--position", position, "--status", status)
          .status == 0)
    }
    let added = try kcorp(
      "events", "add", "--type", "scrim", "--start", "2026-03-26T20:00", "--opponent", "G2",
      "--format", "bo3", "--json")
    #expect(added.status == 0, "\(added.stderr)")
    let event = try #require(
      try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
    let id = try #require(event["id"] as? String)
    #expect(event["start"] as? String == "2026-03-26T19:00:00Z")

    let hours = try kcorp(
      "availability", "Bo", "--weekly", "Mon-Fri 18:00-23:00", "--away", "2026-03-26")
    #expect(hours.status == 0, "\(hours.stderr)")
    #expect(hours.stdout.contains("Bo plays: Mon 18:00-23:00, Tue 18:00-23:00"))
    #expect(hours.stdout.contains("Away: 2026-03-26"))
    let week = try kcorp("week", "--from", "2026-03-23")
    #expect(
      week.stdout.contains(
        "Thu 2026-03-26 20:00–22:00  Scrim vs G2 · Bo3  With subs: Yike for Jungle"))
    #expect(week.stdout.contains(id))

    let result = try kcorp(
      "events", "result", id, "--game", "win blue ksante,vi,ahri,jinx,rell", "--game", "loss red")
    #expect(result.stdout == "Scrim vs G2: 1–1 (2 games).\n", "\(result.stderr)")
    // A new start alone moves it, its length kept.
    #expect(try kcorp("events", "edit", id, "--start", "2026-03-26T21:00").status == 0)
    let moved = try kcorp("week", "--from", "2026-03-23")
    #expect(moved.stdout.contains("21:00–23:00"))
    #expect(
      moved.stdout.hasSuffix(
        "Record (games won–lost): G2 1–1. Last scrims logged (1): 1–1.\n"), "\(moved.stdout)")
    // The record counts every week, not only the one shown.
    let later = try kcorp("week", "--from", "2026-04-06", "--json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: Any])
    #expect((json["events"] as? [Any])?.isEmpty == true)
    let record = try #require(json["record"] as? [String: Any])
    #expect((record["scrims"] as? [String: Any])?["count"] as? Int == 1)
    let history = try kcorp("history").stdout
    #expect(history.contains("logged Scrim vs G2 on 2026-03-26 20:00: 1–1."))

    let calendar = try kcorp("calendar", "--new", "KC")
    #expect(calendar.stdout.contains("KCorp  /calendar/") && calendar.stdout.contains(".ics"))
    #expect(
      try kcorp("events", "remove", id).stdout
        == "Cancelled Scrim vs G2.\nBring it back within 30 days with: kcorp events restore \(id)\n"
    )
    #expect(
      try kcorp("week", "--from", "2026-03-23").stdout.contains("Nothing is planned this week."))
    // Nothing was lost: it comes back with its games.
    #expect(try kcorp("events", "restore", id).stdout == "Restored Scrim vs G2.\n")
    #expect(try kcorp("week", "--from", "2026-03-23").stdout.contains("Scrim vs G2"))
    let again = try kcorp("events", "restore", id)
    #expect(again.status != 0 && again.stderr.split(separator: "\n").count == 1)
  }

  @Test func aPlayersAccountIsMadeForOnePlayer() throws {
    let added = try kcorp(
      "users", "add", "canna", "--role", "player", "--player", "Canna", "--password-stdin",
      input: "a long enough password\n")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "Added canna (player, Canna).\n")
    #expect(
      try kcorp(
        "users", "add", "x", "--role", "player", "--password-stdin",
        input: "a long enough password\n"
      ).status == 64)
    #expect(
      try kcorp(
        "users", "add", "y", "--role", "player", "--player", "Nobody", "--password-stdin",
        input: "a long enough password\n"
      ).status == 66)
  }

  @Test func aTeamsWeekIsOnItsOwnClock() throws {
    #expect(try kcorp("teams", "edit", "KC", "--time-zone", "America/New_York").status == 0)
    let added = try kcorp(
      "events", "add", "--type", "review", "--start", "2026-03-26T20:00", "--json")
    #expect(
      added.stdout.contains(#""start" : "2026-03-27T00:00:00Z""#)
        || added.stdout.contains(#""start": "2026-03-27T00:00:00Z""#), "\(added.stdout)")
    #expect(try kcorp("week", "--from", "2026-03-23").stdout.contains("(America/New_York)"))
    #expect(try kcorp("teams", "edit", "KC", "--time-zone", "Mars/Olympus").status == 65)
  }

  @Test func aTeamsColourIsChosenFromThePalette() throws {
    let added = try kcorp("teams", "add", "KC Blue", "--tag", "KCB", "--color", "gold", "--json")
    #expect(added.status == 0 && added.stdout.contains(#""color": "gold""#), "\(added.stdout)")
    #expect(try kcorp("teams", "edit", "KCB", "--color", "vert").status == 0)
    #expect(try kcorp("teams", "list", "--json").stdout.contains(#""color": "green""#))
    let refused = try kcorp("teams", "edit", "KCB", "--color", "#00ff00")
    #expect(refused.status == 65 && refused.stderr.contains("blue, sky, gold"))
  }

  @Test func aSeriesIsPlannedListedAndItsRestCancelled() throws {
    let added = try kcorp(
      "events", "add", "--type", "training", "--start", "2027-01-04T18:00", "--repeats", "lun,mer",
      "--until", "2027-01-13")
    #expect(added.status == 0, "\(added.stderr)")
    let lines = added.stdout.split(separator: "\n").filter { $0.contains("Training") }
    #expect(
      lines.map { $0.prefix(26) } == [
        "Mon 2027-01-04 18:00–20:00", "Wed 2027-01-06 18:00–20:00", "Mon 2027-01-11 18:00–20:00",
        "Wed 2027-01-13 18:00–20:00",
      ])
    let week = try kcorp("week", "--from", "2027-01-11", "--json")
    let ids = try #require(
      (try JSONSerialization.jsonObject(with: Data(week.stdout.utf8)) as? [String: Any])?["events"]
        as? [[String: Any]]
    ).compactMap { $0["id"] as? String }
    #expect(ids.count == 2)
    let removed = try kcorp("events", "remove", ids[0], "--following")
    #expect(
      removed.stdout.hasPrefix("Cancelled Training and the 1 following.\n"), "\(removed.stderr)")
    #expect(try kcorp("week", "--from", "2027-01-11").stdout.contains("Nothing is planned"))
    let bad = try kcorp(
      "events", "add", "--type", "training", "--start", "2027-01-04T18:00", "--repeats", "someday")
    #expect(bad.status == 65 && bad.stderr.split(separator: "\n").count == 1)
  }

  @Test func aFearlessSeriesIsDraftedPooledAndCountedFromTheCommandLine() throws {
    let added = try kcorp(
      "events", "add", "--type", "match", "--start", "2027-01-05T17:00", "--opponent", "G2",
      "--format", "bo5", "--draft-rule", "fearless", "--json")
    let id = try #require(
      (try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])?["id"]
        as? String)
    let turns =
      "Azir,Ahri,Zed,Yone,Lux,Jinx,K'Sante,Vi,Orianna,Rell,Kai'Sa,Aatrox,Rumble,Ezreal,Nami,Jax,Sejuani,Syndra,Varus,Braum"
    let one = try kcorp("draft", id, "1", "--side", "blue", "--turns", turns)
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stdout.contains("B1  pick  us    K'Sante  Top · Canna"))
    #expect(one.stdout.contains("Locked for us in game 2: Aatrox, Braum, Kai'Sa, K'Sante"))
    // G2's Vi of game 1, locked in hard fearless: refused, naming the game, exit 65.
    let two = try kcorp("draft", id, "2", "--side", "red", "--turns", ",,,,,,,Vi")
    #expect(two.status == 65 && two.stderr.contains("Vi (R1 pick) was used in game 1"))
    #expect(try kcorp("draft", id, "2").status == 66)
    #expect(try kcorp("draft", id, "two").status == 64)
    #expect(try kcorp("events", "result", id, "--game", "win blue").status == 0)

    #expect(
      try kcorp("pools", "add", "Canna", "K'Sante", "--comfort", "5", "--priority").status == 0)
    let jax = try kcorp("pools", "add", "Canna", "jax")
    #expect(jax.stdout == "Canna's pool: K'Sante 5/5 ★, Jax 3/5\n", "\(jax.stderr)")
    #expect(try kcorp("pools", "add", "Canna", "Jax", "--comfort", "9").status == 65)
    let pools = try kcorp("pools")
    #expect(pools.stdout.contains("Match vs G2 · Fearless, 4 games left: 4 champions a player."))
    #expect(
      pools.stdout.contains(
        "Canna (Top): 1 left of 4 needed — short — K'Sante 5/5 priority (1 of 1 won (100%)) [Used in game 1]"
      ))
    let board = try kcorp("pools", "--json")
    #expect(board.stdout.contains(#""lockedIn" : 1"#) || board.stdout.contains(#""lockedIn": 1"#))
    #expect(try kcorp("pools", "remove", "Canna", "Zed").status == 66)
    #expect(try kcorp("pools", "remove", "Canna", "Jax").stdout == "Canna's pool: K'Sante 5/5 ★\n")
    // An export carries the pools; its import brings them back, and says so first.
    let file = kcorp.folder.appendingPathComponent("pools.json").path
    #expect(try kcorp("export", "--output", file).status == 0)
    #expect(try kcorp("import", file).stdout.contains("champion pools") == false)
    _ = try kcorp("pools", "add", "Canna", "Jax")
    let back = try kcorp("import", file)
    #expect(back.status == 0 && back.stdout.contains("The champion pools of the file’s"))
    #expect(try kcorp("pools").stdout.contains("— K'Sante 5/5 priority"))
    #expect(try !kcorp("pools").stdout.contains("Jax"))

    let series = try kcorp("series")
    #expect(series.stdout.contains("Match vs G2 · Bo5  Fearless, 1 of 5 drafted  1–0"))
    #expect(series.stdout.contains("Blue side: 1 of 1 won (100%)"))
    #expect(series.stdout.contains("Canna: 1 of 1 won (100%) — K'Sante ×1"))
    #expect(try kcorp("series", "--json").stdout.contains(#""blue""#))
  }

  @Test func badInputIsOneLineAndItsExitCode() throws {
    let skipped = try kcorp("events", "add", "--type", "scrim", "--start", "2026-03-29T02:30")
    #expect(skipped.status == 65)
    #expect(
      skipped.stderr
        == "kcorp: 2026-03-29T02:30 does not exist in Europe/Paris (the clocks go forward then); choose another time.\n"
    )
    let hours = try kcorp("availability", "Canna", "--weekly", "Someday")
    #expect(hours.status == 65 && hours.stderr.split(separator: "\n").count == 1)
    #expect(try kcorp("events", "remove", "nope").status == 66)
    #expect(try kcorp("events", "add", "--start", "2026-03-26T20:00").status == 64)  // no --type
    #expect(try kcorp("week", "--from", "soon").status == 64)
    #expect(try kcorp("week", "--json").status == 0)
  }
}

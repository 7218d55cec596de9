import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TeamWeb
import TestSupport
import Testing

/// `kcorp --server URL` with `$KCORP_TOKEN`: the roster commands on the team's server.
@Suite(.timeLimit(.minutes(1))) struct RemoteCommandTests {
  let folder: TemporaryFolder
  let store: RosterStore
  let access: AccessControl
  let server: HTTPServer
  let environment: [String: String]

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("server.sqlite"))
    access = AccessControl(store: store)
    server = try WebApp.serve(store: store, port: 0, requireLogin: true, access: access)
    environment = [
      "KCORP_SERVER": "http://127.0.0.1:\(server.port)",
      "KCORP_TOKEN": try await access.createToken(name: "scripts", role: .editor),
      // A database that must stay untouched: the commands work on the server.
      "KCORP_DB": folder.path("local.sqlite"), "HOME": folder.url.path,
    ]
  }

  func kcorp(_ arguments: String..., environment extra: [String: String] = [:]) async throws
    -> Run
  {
    try await runKCorpOffThePool(arguments, environment: environment.merging(extra) { $1 })
  }

  @Test func theWeekCommandsWorkOnTheServer() async throws {
    let added = try await kcorp(
      "events", "add", "--type", "match", "--start", "2026-03-28T17:00", "--opponent", "Vitality")
    #expect(added.status == 0, "\(added.stderr)")
    let event = try #require(store.roster.schedule.events.first)
    #expect(event.opponent == "Vitality" && event.kind == .match)
    let week = try await kcorp("week", "--from", "2026-03-23")
    #expect(week.stdout.contains("Sat 2026-03-28 17:00–19:00  Match vs Vitality"), "\(week.stderr)")
    let hours = try await kcorp("availability", "Canna", "--weekly", "Sat 14:00-20:00")
    #expect(hours.status == 0, "\(hours.stderr)")
    #expect(store.roster.schedule.availability[store.players[0].id]?.weekly.count == 1)
    let result = try await kcorp("events", "result", event.id.text, "--game", "win red")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(store.roster.schedule.events.first?.games.first?.side == .red)
    let calendar = try await kcorp("calendar", "--new", "KC")
    #expect(
      calendar.stdout.contains("http://127.0.0.1:\(server.port)/calendar/"), "\(calendar.stderr)")
    #expect(store.roster.schedule.feeds.count == 1)
    #expect(try await kcorp("events", "remove", event.id.text).status == 0)
    #expect(store.roster.schedule.events.isEmpty)

    // A series through the server, and its rest cancelled.
    let series = try await kcorp(
      "events", "add", "--type", "scrim", "--start", "2027-01-05T20:00", "--repeats", "tue,thu",
      "--until", "2027-01-14")
    #expect(series.status == 0, "\(series.stderr)")
    #expect(series.stdout.contains("Thu 2027-01-14 20:00–22:00  Scrim"))
    let events = store.roster.schedule.events
    #expect(events.count == 4 && Set(events.map(\.series)).count == 1)
    let rest = try await kcorp("events", "remove", events[1].id.text, "--following")
    #expect(rest.stdout.hasPrefix("Cancelled Scrim and the 2 following.\n"), "\(rest.stderr)")
    #expect(store.roster.schedule.events.map(\.id) == [events[0].id])
    // Through the server too, the series comes back whole.
    let back = try await kcorp("events", "restore", events[1].id.text)
    #expect(back.stdout == "Restored Scrim.\n", "\(back.stderr)")
    #expect(store.roster.schedule.events.map(\.id) == events.map(\.id))
  }

  @Test func draftsAndPoolsWorkOnTheServer() async throws {
    let event = try await store.weekRows.addEvent(
      EventInput(
        kind: "match", start: "2027-01-05T17:00", opponent: "G2", format: "bo3",
        draftRule: "fearless"))
    let draft = try await kcorp(
      "draft", event.id.text, "1", "--side", "red", "--turns", ",,,,,,Ahri,Jax")
    #expect(draft.status == 0, "\(draft.stderr)")
    #expect(store.roster.schedule.event(id: event.id)?.drafts.first?.champions[7] == "jax")
    let pool = try await kcorp("pools", "add", "Canna", "Ahri", "--comfort", "4")
    #expect(pool.status == 0, "\(pool.stderr)")
    #expect(
      store.roster.schedule.pools[store.players[0].id] == [PoolEntry(champion: "ahri", comfort: 4)])
    let board = try await kcorp("pools")
    #expect(
      board.stdout.contains("Canna (Top): 0 left of 2 needed — short — Ahri 4/5"), "\(board.stdout)"
    )
    #expect(board.stdout.contains("[Used in game 1]"))
    let series = try await kcorp("series")
    #expect(series.stdout.contains("Fearless, 0 of 3 drafted"), "\(series.stdout)")
  }

  @Test func everyRosterCommandWorksOnTheServer() async throws {
    let added = try await kcorp(
      "players", "add", "--name", "Rekkles", "--position", "adc", "--json")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(store.players.last?.name == "Rekkles")
    #expect(added.stdout.contains(#""name": "Rekkles""#))

    #expect(try await kcorp("players").stdout.contains("Rekkles"))
    #expect(try await kcorp("players", "show", "rekkles").stdout.contains("ADC"))
    let edited = try await kcorp("players", "edit", "Rekkles", "--position", "Support")
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(store.players.last?.position == .support)

    let moved = try await kcorp("players", "move", "Rekkles", "--to", "4")
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(store.players.startersFirst.firstIndex { $0.name == "Rekkles" } == 3)

    #expect(try await kcorp("players", "remove", "Rekkles").status == 0)
    #expect(!store.players.contains { $0.name == "Rekkles" })
    #expect(try await kcorp("trash").stdout.contains("Rekkles"))
    #expect(try await kcorp("players", "restore", "Rekkles").status == 0)
    #expect(store.players.contains { $0.name == "Rekkles" })

    let history = try await kcorp("history", "--player", "Rekkles", "--json")
    #expect(history.status == 0, "\(history.stderr)")
    for kind in ["added", "edited", "removed", "restored"] {
      #expect(history.stdout.contains(#""kind": "\#(kind)""#))
    }
    #expect(history.stdout.contains(#""author": "token:scripts""#))
    let exported = try await kcorp("export")
    #expect(
      try RosterImport(Data(exported.stdout.utf8), current: []).players == store.players)
    // The local database was never opened.
    #expect(!FileManager.default.fileExists(atPath: folder.path("local.sqlite")))
  }

  @Test func teamsTransfersAndTeamScopedTokensWorkOnTheServer() async throws {
    let owner = try await access.createToken(name: "owner-script", role: .owner)
    let asOwner = ["KCORP_TOKEN": owner]
    let added = try await kcorp(
      "teams", "add", "KC Blue", "--tag", "KCB", "--league", "LFL", "--parent", "KC",
      environment: asOwner)
    #expect(added.status == 0, "\(added.stderr)")
    let listed = try await kcorp("teams", "--json")
    #expect(listed.status == 0 && listed.stdout.contains(#""tag": "KCB""#))
    // The editor token of the whole organisation adds to KC Blue and promotes.
    let player = try await kcorp(
      "players", "add", "--name", "Hazel", "--position", "ADC", "--team", "KCB",
      "--riot-id", "Hazel#KCB", "--contract-end", "2027-11-30")
    #expect(player.status == 0, "\(player.stderr)")
    #expect(try await kcorp("players", "--team", "KCB").stdout.contains("Hazel"))
    let moved = try await kcorp("players", "move-team", "Hazel", "--to", "KC")
    #expect(moved.status == 0, "\(moved.stderr)")
    let hazel = try #require(store.roster.players.first { $0.name == "Hazel" })
    #expect(hazel.teamID == Team.first.id && hazel.riotID?.description == "Hazel#KCB")
    #expect(try store.history(limit: 1).first?.kind == .transferred)
    // A substitute of the same lane swapped in for her, through the same server.
    #expect(
      try await kcorp(
        "players", "add", "--name", "Bench", "--position", "ADC", "--status", "substitute"
      )
      .status == 0)
    let swapped = try await kcorp("players", "swap", "Bench", "Hazel")
    #expect(swapped.status == 0, "\(swapped.stderr)")
    #expect(swapped.stdout == "Bench is now starter, Hazel substitute.\n")
    #expect(store.roster.players.first { $0.name == "Hazel" }?.lineup == .substitute)
    #expect(try store.history(limit: 1).first?.kind == .swapped)
    // A token of KC Blue only is refused on KCorp: exit 77, one line saying why.
    let blue = try #require(store.roster.team("KCB"))
    let scoped = try await access.createToken(name: "blue", role: .editor, teams: [blue.id])
    let refused = try await kcorp(
      "players", "edit", "Hazel", "--position", "Mid", environment: ["KCORP_TOKEN": scoped])
    #expect(refused.status == 77)
    #expect(refused.stderr.contains("not on the staff of KCorp"))
    #expect(refused.stderr.split(separator: "\n").count == 1)
    #expect(store.roster.players.first { $0.name == "Hazel" }?.position == .adc)
    // And contracts ending soon are listed.
    let contracts = try await kcorp("contracts", "--within", "400")
    #expect(contracts.status == 0 && contracts.stdout.contains("Hazel"))
  }

  @Test func aPhotoIsGivenThroughTheServerAndItsExportCarriesIt() async throws {
    let file = folder.path("canna.png")
    try onePixelPNG.write(to: URL(fileURLWithPath: file))
    let set = try await kcorp("players", "photo", "Canna", file)
    #expect(set.status == 0, "\(set.stderr)")
    let hash = try #require(store.players.first { $0.name == "Canna" }?.photo)
    // The export, read through the same server, holds the photo as the server keeps it.
    let exported = try await kcorp("export")
    #expect(exported.status == 0, "\(exported.stderr)")
    let jpeg = try #require(try store.playerRows.photo(hash: hash))
    #expect(exported.stdout.contains(jpeg.base64EncodedString()))
    let notAPhoto = try folder.write("not a photo", to: "notes.png")
    #expect(try await kcorp("players", "photo", "Canna", notAPhoto).status == 65)
    #expect(try await kcorp("players", "photo", "Canna", "--none").status == 0)
    #expect(store.players.first { $0.name == "Canna" }?.photo == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path("local.sqlite")))
  }

  @Test func refusalsHaveTheirExitCodesAndChangeNothing() async throws {
    let before = store.players
    let invalid = try await kcorp("players", "add", "--name", "Canna", "--position", "Goalie")
    #expect(invalid.status == 65)
    #expect(invalid.stderr.hasPrefix("kcorp: ") && invalid.stderr.split(separator: "\n").count == 1)
    #expect(invalid.stderr.contains("Canna"))

    let viewer = try await access.createToken(name: "wall", role: .viewer)
    let forbidden = try await kcorp(
      "players", "remove", "Canna", environment: ["KCORP_TOKEN": viewer])
    #expect(forbidden.status == 77)
    #expect(forbidden.stderr.contains("viewer"))
    let unknown = try await kcorp(
      "players", environment: ["KCORP_TOKEN": String(repeating: "0", count: 64)])
    #expect(unknown.status == 77)
    let noToken = try await kcorp("players", environment: ["KCORP_TOKEN": ""])
    #expect(noToken.status == 77)
    #expect(noToken.stderr.contains("KCORP_TOKEN"))
    #expect(try await kcorp("players", "show", "Nobody").status == 66)
    #expect(store.players == before)
  }

  @Test func aServerThatIsDownIsUnavailableAndLocalOnlyCommandsRefuseIt() async throws {
    let down = try WebApp.serve(store: store, port: 0)
    let port = down.port
    down.stop()
    let offline = try await kcorp(
      "players", environment: ["KCORP_SERVER": "http://127.0.0.1:\(port)"])
    #expect(offline.status == 69)
    #expect(offline.stderr.contains("cannot be reached"))

    for words in [["import", "x.json"], ["users", "list"], ["serve"]] {
      let run = try runKCorp(words, environment: environment)
      #expect(run.status == 64, "\(words)")
      #expect(run.stderr.contains("KCORP_SERVER"), "\(words)")
    }
    let both = try await kcorp("--server", "http://127.0.0.1:1", "--db", "x.sqlite", "players")
    #expect(both.status == 64)
    let malformed = try await kcorp("players", "--server", "ftp://x")
    #expect(malformed.status == 64)
  }
}

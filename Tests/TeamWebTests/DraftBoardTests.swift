import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The draft board on an event's page, the pools page and the figures, without JavaScript.
@Suite struct DraftBoardTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// Twenty champions of the catalogue, the first of which G2 picks first.
  private let picks = Array(ChampionCatalog.builtIn.champions.map(\.id).prefix(20))

  private func fearlessBo5() async throws -> TeamEvent {
    try await app.store.weekRows.addEvent(
      EventInput(
        kind: "match", start: "2027-01-05T17:00", opponent: "G2", format: "bo5",
        draftRule: "fearless"))
  }

  @Test func aGameIsDraftedTurnByTurnAndItsChampionsGreyedInTheNextGame() async throws {
    let session = try await app.session()
    _ = try await app.fullRoster()
    let event = try await fearlessBo5()
    let page = try await app.client.get("/events/\(event.id)").text
    #expect(page.contains("Draft · Fearless") && page.contains("Which side do we play in game 1?"))

    let board = "/events/\(event.id)/drafts/1"
    let side = try await app.post(
      board, [("csrf", session.token), ("side", "blue")], session: session)
    #expect(side.status == 303 && side.header("location") == "/events/\(event.id)?game=1#draft")
    // Twenty taps: each fills the next turn by itself.
    for champion in picks {
      let tap = try await app.post(
        board, [("csrf", session.token), ("champion", champion)], session: session)
      #expect(tap.status == 303)
    }
    let draft = try #require(app.store.roster.schedule.event(id: event.id)?.drafts.first)
    #expect(draft.isComplete && draft.champions == picks.map { $0 })
    // Our picks (blue: turns 6, 9, 10, 17, 18) take the roles in order, with the lineup's players.
    let ours = draft.picks(of: .us)
    #expect(ours.map(\.position) == Position.allCases)
    let mid = app.store.roster.players.first { $0.position == .mid && $0.lineup == .starter }
    #expect(ours[2].playerID == mid?.id && ours[2].champion == picks[10])

    let result = try await app.post(
      board, [("csrf", session.token), ("result", "win")], session: session)
    #expect(result.status == 303)
    let logged = try #require(app.store.roster.schedule.event(id: event.id)?.games.first)
    #expect(logged.result == .win && logged.side == .blue)
    // The game logged carries its draft's picks, ours with their players, and theirs.
    #expect(logged.picks == ours)
    #expect(logged.opponentPicks.map(\.champion) == draft.picks(of: .them).map(\.champion))
    #expect(logged.opponentPicks.count == 5)
    // The board says which result was logged, in words.
    let shown = try await app.client.get("/events/\(event.id)?game=1").text
    #expect(shown.contains("Logged: Win."))

    // Game 2: G2's first pick (R1, turn 7) is greyed for us and named by its game.
    _ = try await app.post(
      "/events/\(event.id)/drafts/2", [("csrf", session.token), ("side", "red")], session: session)
    let second = try await app.client.get("/events/\(event.id)?game=2").text
    let locked = try #require(ChampionCatalog.builtIn.find(picks[7]))
    #expect(
      second.contains(
        #"value="\#(locked.id)" data-name="\#(Champion.searchKey(locked.name)) \#(Champion.searchKey(locked.name))" disabled="" title="Used in game 1""#
      ), "\(second)")
    // A ban of game 1 stays free in hard fearless.
    let banned = try #require(ChampionCatalog.builtIn.find(picks[0]))
    #expect(
      !second.contains(
        #"value="\#(banned.id)" data-name="\#(Champion.searchKey(banned.name)) \#(Champion.searchKey(banned.name))" disabled"#
      ))

    // Typed by hand, the locked champion is refused on the page, the text kept.
    let refused = try await app.post(
      "/events/\(event.id)/drafts/2", [("csrf", session.token), ("search", locked.name)],
      session: session)
    #expect(refused.status == 422)
    #expect(
      refused.text.contains("was used in game 1")
        && refused.text.contains(#"value="\#(locked.name)""#))
    #expect(app.store.roster.schedule.event(id: event.id)?.drafts[1].nextTurn == 0)
    // A search forgives as the champion search does.
    let forgiving = try await app.post(
      "/events/\(event.id)/drafts/2", [("csrf", session.token), ("search", "kaisa")],
      session: session)
    #expect(forgiving.status == 303)
    #expect(app.store.roster.schedule.event(id: event.id)?.drafts[1].champions[0] == "kaisa")
    // A turn out of the twenty, nothing typed, a game past the series: said, nothing stored.
    for fields in [
      [("turn", "25"), ("champion", "ahri")], [("search", "  ")], [("result", "win")],
    ] {
      let path = "/events/\(event.id)/drafts/\(fields[0].0 == "result" ? 6 : 2)"
      let refused = try await app.post(path, [("csrf", session.token)] + fields, session: session)
      #expect(refused.status == 422 || refused.status == 404, "\(fields) \(refused.status)")
    }
    let stored = app.store.roster.schedule.event(id: event.id)
    #expect(stored?.drafts[1].champions.compactMap(\.self) == ["kaisa"] && stored?.games.count == 1)
  }

  @Test func aTurnTimerIsStartedRestartedAndStoppedFromTheBoardForEveryScreen() async throws {
    let session = try await app.session()
    let event = try await fearlessBo5()
    let timer = "/events/\(event.id)/timer"
    let started = try await app.post(
      timer, [("csrf", session.token), ("game", "2"), ("seconds", "30")], session: session)
    #expect(
      started.status == 303 && started.header("location") == "/events/\(event.id)?game=2#draft")
    let timed = try #require(app.store.roster.schedule.event(id: event.id))
    #expect(timed.turnSeconds == 30)
    // Every screen draws it, counted from the board's last change.
    let page = try await app.client.get("/events/\(event.id)").text
    #expect(page.contains(#"role="timer""#) && page.contains(#"data-seconds="30""#))
    #expect(page.contains(#"data-since="\#(Int64(timed.updated.timeIntervalSince1970 * 1000))""#))
    #expect(page.contains("Each turn: 30 s"))
    // A length the board does not offer is refused, and the timer stays as it was.
    let odd = try await app.post(
      timer, [("csrf", session.token), ("seconds", "7")], session: session)
    #expect(odd.status == 422 && odd.text.contains("Time each turn to 20, 30, 45, 60, 90 seconds."))
    #expect(app.store.roster.schedule.event(id: event.id)?.turnSeconds == 30)
    // Stopped: the select's value and the stop button's are both sent; stop wins.
    let stopped = try await app.post(
      timer, [("csrf", session.token), ("seconds", "30"), ("seconds", "off")], session: session)
    #expect(stopped.status == 303)
    #expect(app.store.roster.schedule.event(id: event.id)?.turnSeconds == nil)
    #expect(try await !app.client.get("/events/\(event.id)").text.contains(#"role="timer""#))
  }

  @Test func theOtherCaptainsLinkEntersOnlyTheirTurnsOfItsGameAndEndsWhenRevoked() async throws {
    let staff = try await app.session()
    let event = try await fearlessBo5()
    for kind in ["captain", "spectator"] {
      let made = try await app.post(
        "/events/\(event.id)/links", [("csrf", staff.token), ("game", "1"), ("kind", kind)],
        session: staff)
      #expect(made.status == 303)
    }
    let links = app.store.roster.schedule.draftLinks
    let captain = try #require(links.first { $0.kind == .captain })
    let spectator = try #require(links.first { $0.kind == .spectator })
    #expect(try await app.client.get("/events/\(event.id)").text.contains(captain.path))
    // Before the draft starts, the link says so; then the staff choose blue and ban B1.
    let guest = try await app.client.get(captain.path)
    #expect(guest.status == 200 && guest.text.contains("The draft has not started yet."))
    let board = "/events/\(event.id)/drafts/1"
    _ = try await app.post(board, [("csrf", staff.token), ("side", "blue")], session: staff)
    _ = try await app.post(board, [("csrf", staff.token), ("champion", "zed")], session: staff)
    // R1 is theirs: the page offers them the champions.
    let cookie = try #require(guest.header("set-cookie")?.split(separator: ";").first)
    let page = try await app.client.get(captain.path, headers: ["Cookie": String(cookie)]).text
    #expect(page.contains("R1 ban: G2&#39;s turn") || page.contains("R1 ban: G2's turn"))
    let token = try #require(app.csrfToken(in: page))
    func enter(_ path: String, _ fields: [(String, String)]) async throws -> WireResponse {
      try await app.post(
        path, [("csrf", token)] + fields,
        session: TestServer.Session(cookie: String(cookie), token: token))
    }
    // R1 entered, in the history as G2's captain.
    let theirs = try await enter(captain.path, [("champion", "yone")])
    #expect(theirs.status == 303)
    let draft = try #require(app.store.roster.schedule.event(id: event.id)?.drafts.first)
    #expect(draft.champions.prefix(2) == ["zed", "yone"])
    #expect(try app.store.history(limit: 1).first?.author == "G2 captain")
    // Another game, a spectator's link, and a champion taken are refused; nothing changes.
    #expect(try await enter(captain.path, [("game", "2"), ("champion", "lux")]).status == 403)
    #expect(try await enter(spectator.path, [("champion", "lux")]).status == 403)
    #expect(try await enter(captain.path, [("turn", "1"), ("champion", "lux")]).status == 403)
    // B2 is ours: the captain's link cannot enter it.
    let ours = try await enter(captain.path, [("champion", "lux")])
    #expect(ours.status == 403 && ours.text.contains("Only your side"))
    #expect(app.store.roster.schedule.event(id: event.id)?.drafts.first == draft)
    // The spectator follows; a revoked link answers 404.
    #expect(try await app.client.get(spectator.path).text.contains("Yone"))
    _ = try await app.post(
      "/events/\(event.id)/links/\(captain.secret)/delete", [("csrf", staff.token)],
      session: staff)
    #expect(try await app.client.get(captain.path).status == 404)
    #expect(try await enter(captain.path, [("champion", "lux")]).status == 404)
    // A series long over: its links end with it.
    let old = try await app.store.weekRows.addEvent(
      EventInput(kind: "match", start: "2020-01-05T17:00", opponent: "G2", format: "bo3"))
    let ended = try await app.store.draftRows.addDraftLink(to: old.id, game: 1, kind: .spectator)
    #expect(try await app.client.get(ended.path).status == 404)
  }

  @Test func aMockDraftStartsFromAGameIsFilledOnItsBoardAndIsCompared() async throws {
    let session = try await app.session()
    _ = try await app.fullRoster()
    let event = try await fearlessBo5()
    try await app.store.draftRows.saveDraft(
      GameDraft(side: .red).choosing("azir", at: 0).choosing("ahri", at: 1), game: 1,
      of: event.id)
    // The event's board offers it, named after the game.
    let board = try await app.client.get("/events/\(event.id)?game=1").text
    #expect(board.contains("Try it as a mock draft") && board.contains(#"href="/teams/KC/mocks""#))
    let made = try await app.post(
      "/teams/KC/mocks",
      [
        ("csrf", session.token), ("name", "G2, game 1"), ("side", "red"),
        ("from", "\(event.id.uuidString):1"),
      ], session: session)
    #expect(made.status == 303)
    let mock = try #require(app.store.roster.schedule.mocks.first)
    #expect(made.header("location") == "/teams/KC/mocks/\(mock.id)")
    #expect(mock.draft.champions[0] == "azir" && mock.origin?.game == 1)
    // Its board: the next empty turn chosen, the champions already in it greyed.
    let page = try await app.client.get("/teams/KC/mocks/\(mock.id)").text
    #expect(page.contains(#"<input type="hidden" name="turn" value="2">"#))
    #expect(page.contains(#"value="azir" data-name"#) && page.contains("Already in this game"))
    let chosen = try await app.post(
      "/teams/KC/mocks/\(mock.id)", [("csrf", session.token), ("turn", "2"), ("champion", "lux")],
      session: session)
    #expect(chosen.status == 303 && chosen.header("location")?.hasSuffix("?turn=3#board") == true)
    // Typed in the search (Enter) counts as the champion; one already in it is refused.
    let typed = try await app.post(
      "/teams/KC/mocks/\(mock.id)", [("csrf", session.token), ("turn", "3"), ("search", "orian")],
      session: session)
    #expect(typed.status == 303)
    let twice = try await app.post(
      "/teams/KC/mocks/\(mock.id)", [("csrf", session.token), ("turn", "4"), ("champion", "Lux")],
      session: session)
    #expect(twice.status == 422 && twice.text.contains("Lux is in the draft already (B2)"))
    // The original game is untouched.
    #expect(app.store.roster.schedule.event(id: event.id)?.drafts[0].champions[2] == nil)
    // An empty one, compared with the first: the turns that differ are marked.
    _ = try await app.post(
      "/teams/KC/mocks", [("csrf", session.token), ("name", "Blank"), ("side", "blue")],
      session: session)
    let blank = try #require(app.store.roster.schedule.mocks.first { $0.name == "Blank" })
    let compared = try await app.client.get("/teams/KC/mocks/compare?a=\(mock.id)&b=\(blank.id)")
    #expect(compared.status == 200 && compared.text.contains("4 turns differ."))
    #expect(compared.text.components(separatedBy: "turn-differs").count - 1 == 8)
    // Refused: no name; another team's mock draft; a compare naming none.
    let unnamed = try await app.post(
      "/teams/KC/mocks", [("csrf", session.token), ("name", " "), ("side", "blue")],
      session: session)
    #expect(unnamed.status == 422 && unnamed.text.contains("Name the mock draft"))
    #expect(try await app.client.get("/teams/KC/mocks/compare?a=\(mock.id)").status == 404)
    let list = try await app.client.get("/teams/KC/mocks").text
    #expect(
      list.contains("G2, game 1") && list.contains("4 of 20 turns") && list.contains("Compare two"))
    let deleted = try await app.post(
      "/teams/KC/mocks/\(blank.id)/delete", [("csrf", session.token)], session: session)
    #expect(deleted.status == 303 && app.store.roster.schedule.mocks.count == 1)
    #expect(try await app.client.get("/teams/KC/mocks/\(blank.id)").status == 404)
  }

  @Test func notesOnAGameNameAPlayerAndATurnAndShowOnTheirPage() async throws {
    let session = try await app.session()
    let (jungler, _) = try await app.fullRoster()
    let event = try await fearlessBo5()
    let page = try await app.client.get("/events/\(event.id)").text
    #expect(page.contains("Notes on the games") && page.contains("No note on the games yet."))
    let added = try await app.post(
      "/events/\(event.id)/notes",
      [
        ("csrf", session.token), ("game", "2"), ("player", jungler.id.uuidString), ("turn", "9"),
        ("text", "Took the Herald late:\r\nward the river first"),
      ], session: session)
    #expect(added.status == 303 && added.header("location") == "/events/\(event.id)#notes")
    let note = try #require(app.store.roster.schedule.event(id: event.id)?.gameNotes.first)
    #expect(note.text == "Took the Herald late:\nward the river first" && note.turn == 9)
    let shown = try await app.client.get("/events/\(event.id)").text
    #expect(shown.contains("Game 2 · \(jungler.name) · B2 pick"))
    #expect(shown.contains("Took the Herald late:\nward the river first"))
    // The player's page lists the notes naming them, with the series they were written on.
    let player = try await app.client.get("/players/\(jungler.id)").text
    #expect(player.contains("Notes from the games") && player.contains("ward the river first"))
    // The API's event carries them.
    let api = try await app.client.get("/api/week/events/\(event.id)").text
    #expect(api.contains(#""gameNotes":[{"author":"#) && api.contains(#""turn":9"#))
    // Refused with what to change, the words kept; nothing written.
    for (fields, message) in [
      ([("game", "2"), ("text", "  ")], "Write the note"),
      ([("game", "9"), ("text", "Too far")], "Note a game from 1 to 5 of the series."),
      ([("game", "1"), ("text", String(repeating: "a", count: 501))], "Shorten the note to 500"),
      ([("game", "1"), ("text", "Turn"), ("turn", "20")], "Choose a turn from 1 to 20"),
    ] {
      let refused = try await app.post(
        "/events/\(event.id)/notes", [("csrf", session.token)] + fields, session: session)
      #expect(refused.status == 422 && refused.text.contains(message), "\(message)")
    }
    #expect(app.store.roster.schedule.event(id: event.id)?.gameNotes.count == 1)
    let removed = try await app.post(
      "/events/\(event.id)/notes/\(note.id)/delete", [("csrf", session.token)], session: session)
    #expect(removed.status == 303)
    #expect(app.store.roster.schedule.event(id: event.id)?.gameNotes.isEmpty == true)
    let again = try await app.post(
      "/events/\(event.id)/notes/\(note.id)/delete", [("csrf", session.token)], session: session)
    #expect(again.status == 404)
  }

  @Test func thePoolsPageCountsEachPlayersChampionsLeftAndTheFiguresComeFromTheDrafts() async throws
  {
    let session = try await app.session()
    _ = try await app.fullRoster()
    let event = try await fearlessBo5()
    let mid = try #require(
      app.store.roster.players.first { $0.position == .mid && $0.lineup == .starter })
    for (index, champion) in ["Ahri", "Azir", "Orianna", "Syndra"].enumerated() {
      let added = try await app.post(
        "/players/\(mid.id)/pool",
        [("csrf", session.token), ("champion", champion), ("comfort", String(5 - index))]
          + (index == 0 ? [("priority", "true")] : []),
        session: session)
      #expect(added.status == 303)
    }
    #expect(
      app.store.roster.schedule.pools[mid.id]?.map(\.champion) == [
        "ahri", "azir", "orianna", "syndra",
      ])
    let unknown = try await app.post(
      "/players/\(mid.id)/pool", [("csrf", session.token), ("champion", "Zzzz")], session: session)
    let empty = try await app.post(
      "/players/\(mid.id)/pool", [("csrf", session.token), ("champion", " ")], session: session)
    #expect(empty.status == 422 && app.store.roster.schedule.pools[mid.id]?.count == 4)
    #expect(
      unknown.status == 422 && unknown.text.contains("is not a champion")
        && unknown.text.contains(#"value="Zzzz""#))

    // Game 1: our Mid plays Ahri (the third of our picks, turn 10 on blue).
    let others = ChampionCatalog.builtIn.champions.map(\.id).filter {
      !["ahri", "azir", "orianna", "syndra"].contains($0)
    }
    var draft = GameDraft(side: .blue)
    for index in DraftSlot.order.indices {
      draft = draft.choosing(
        index == 10 ? "ahri" : others[index], at: index, lineup: [.mid: mid.id])
    }
    try await app.store.draftRows.saveDraft(draft, game: 1, of: event.id)
    try await app.store.weekRows.logGames(
      [
        GameInput(
          result: "win", side: "blue", champions: [], players: [], opponentChampions: [], vod: "")
      ], of: event.id)

    let pools = try await app.client.get("/pools?team=KC").text
    #expect(pools.contains("4 games left: 4 champions a player."), "\(pools)")
    #expect(pools.contains("3 left of 4 needed: short"))
    // A summary first, a row a player, linking to their pool; each pool a card that folds.
    #expect(
      pools.contains(#"<table class="figures-table pool-summary"><caption>At a glance</caption>"#))
    #expect(
      pools.contains(
        ##"<th scope="row"><a href="#pool-\##(mid.id)">\##(mid.name)</a></th><td class="number">3/4</td><td><span class="badge depth-short">Short</span>"##
      ))
    #expect(pools.contains(#"<details class="pool-card" id="pool-\#(mid.id)" open="">"#))
    let summary = try #require(pools.range(of: "pool-summary"))
    let grid = try #require(pools.range(of: "pool-grid\""))
    #expect(summary.lowerBound < grid.lowerBound)
    #expect(
      pools.contains("Used in game 1")
        && pools.contains("Comfort 5/5 · priority · 1 game, 100% won · last on 5 Jan 2027"))
    // In French, with the scene's words.
    let french = try await app.client.get("/pools?team=KC", headers: ["Accept-Language": "fr-FR"])
      .text
    #expect(french.contains("3 restants sur 4 nécessaires\u{a0}: trop court"))
    #expect(french.contains("Joué en partie 1") && french.contains("Aisance 5/5 · prioritaire"))
    #expect(french.contains("Premiers choix\u{a0}:") && french.contains("Bannissements\u{a0}:"))
    #expect(!french.contains("First picks") && !french.contains("Bans"))
    let board = try await app.client.get(
      "/events/\(event.id)", headers: ["Accept-Language": "fr-FR"]
    ).text
    #expect(board.contains("Draft · Fearless") && board.contains("Plan de la partie 2"))
    let api = try await app.client.get("/api/pools?team=KC").text
    #expect(api.contains(#""depth":"short""#) && api.contains(#""lockedIn":1"#))
    let figures = try await app.client.get("/api/figures?team=KC").text
    #expect(
      figures.contains(#""blue":{"games":1"#) && figures.contains(#""champion":"ahri","games":1"#))
    #expect(figures.contains(#""name":"G2""#))
    let pool = try await app.client.get("/api/players/\(mid.id)/pool").text
    #expect(pool.hasPrefix(#"[{"champion":"ahri","comfort":5,"priority":true}"#))
  }

  @Test func aPoolChangedWhilePreparingASeriesComesBackCountingThatSeries() async throws {
    let session = try await app.session()
    _ = try await app.fullRoster()
    _ = try await fearlessBo5()  // the next series, counted by default
    let later = try await app.store.weekRows.addEvent(
      EventInput(
        kind: "match", start: "2027-01-12T17:00", opponent: "Fnatic", format: "bo3",
        draftRule: "fearless"))
    let mid = try #require(app.store.roster.players.first { $0.position == .mid })
    let page = try await app.client.get("/pools?team=KC&event=\(later.id)").text
    #expect(page.contains(#"action="/players/\#(mid.id)/pool?event=\#(later.id)""#))
    let added = try await app.post(
      "/players/\(mid.id)/pool?event=\(later.id)",
      [("csrf", session.token), ("champion", "Ahri"), ("comfort", "4")], session: session)
    #expect(
      added.status == 303
        && added.header("location")
          == "/pools?team=KC&event=\(later.id)&saved#pool-\(mid.id)"
    )
    // Refused, the page shown again still counts that series.
    let refused = try await app.post(
      "/players/\(mid.id)/pool?event=\(later.id)",
      [("csrf", session.token), ("champion", "Zzzz")], session: session)
    #expect(refused.status == 422)
    #expect(refused.text.contains(#"action="/players/\#(mid.id)/pool?event=\#(later.id)""#))
    // Opened without a series, the page counts the next one and says nothing more.
    let plain = try await app.post(
      "/players/\(mid.id)/pool", [("csrf", session.token), ("champion", "Azir")],
      session: session)
    #expect(plain.header("location") == "/pools?team=KC&saved#pool-\(mid.id)")
  }

  @Test func theFiguresListEveryChampionPlayedTheMostPlayedFirstThenByName() async throws {
    _ = try await app.fullRoster()
    let event = try await fearlessBo5()
    let games = [
      ["Zed", "Vi", "Ahri", "Jinx", "Rell"], ["Aatrox", "Sejuani", "Azir", "Kai'Sa", "Nautilus"],
      ["Gnar", "Wukong", "Orianna", "Varus", "Rakan"], ["Zed", "Vi", "Syndra", "Xayah", "Alistar"],
    ]
    try await app.store.weekRows.logGames(
      games.map { GameInput(result: "win", side: "blue", champions: $0) }, of: event.id)
    let page = try await app.client.get("/pools?team=KC").text
    let table = try #require(
      page.firstMatch(of: /<caption>By champion<\/caption>(.*?)<\/table>/.dotMatchesNewlines())?.1)
    let names = table.matches(of: /<th scope="row">([^<]+)<\/th>/).map { String($0.1) }
    // Eighteen champions, none left out: Vi and Zed twice, then the others by name.
    #expect(names.count == 18, "\(names)")
    #expect(Array(names.prefix(2)) == ["Vi", "Zed"])
    #expect(Array(names.dropFirst(2)) == Array(names.dropFirst(2)).sorted(), "\(names)")
    #expect(names.contains("Wukong") && names.contains("Kai&#39;Sa"))
  }

  @Test func proposalsAreMadeByTheStaffAndByAPlayerForThemselfAndListedWithThePoolsLeft()
    async throws
  {
    let session = try await app.session()
    _ = try await app.fullRoster()
    let event = try await fearlessBo5()
    let mid = try #require(
      app.store.roster.players.first { $0.position == .mid && $0.lineup == .starter })
    try await app.store.draftRows.setPool(
      of: mid.id,
      to: [PoolInput(champion: "Ahri", comfort: "5"), PoolInput(champion: "Azir", comfort: "4")])
    var draft = GameDraft(side: .blue)
    let others = ChampionCatalog.builtIn.champions.map(\.id).filter {
      !["ahri", "azir"].contains($0)
    }
    for index in DraftSlot.order.indices {
      draft = draft.choosing(
        index == 10 ? "ahri" : others[index], at: index, lineup: [.mid: mid.id])
    }
    try await app.store.draftRows.saveDraft(draft, game: 1, of: event.id)

    let proposed = try await app.post(
      "/events/\(event.id)/proposals",
      [
        ("csrf", session.token), ("game", "2"), ("action", "pick"), ("champion", "azir"),
        ("player", mid.id.text), ("note", "blind pick"),
      ], session: session)
    #expect(
      proposed.status == 303 && proposed.header("location") == "/events/\(event.id)?game=2#plan")
    // Ahri, ours in game 1, cannot be proposed as a pick for game 2: said, the text kept.
    let locked = try await app.post(
      "/events/\(event.id)/proposals",
      [
        ("csrf", session.token), ("game", "2"), ("action", "pick"), ("champion", "Ahri"),
        ("player", ""),
      ],
      session: session)
    #expect(
      locked.status == 422 && locked.text.contains("was used in game 1")
        && locked.text.contains(#"value="Ahri""#))
    let banned = try await app.postJSON(
      "/api/week/events/\(event.id)/players/team/proposals",
      #"{"game":2,"action":"ban","champion":"Kai'Sa"}"#)
    #expect(banned.status == 201 && banned.text.contains(#""champion":"kaisa""#))

    let page = try await app.client.get("/events/\(event.id)?game=2").text
    #expect(page.contains("Plan for game 2"))
    #expect(page.contains("Pick Azir for \(mid.name)") && page.contains("Ban Kai&#39;Sa"))
    #expect(page.contains("1 open") && page.contains("Ahri (used in game 1), Azir"))
    let stored = try #require(app.store.roster.schedule.event(id: event.id)?.proposals)
    #expect(stored.map(\.champion) == ["azir", "kaisa"] && stored[0].note == "blind pick")
    let week = try await app.client.get("/api/week/events/\(event.id)").text
    #expect(week.contains(#""proposals":[{"action":"pick""#))

    let withdrawn = try await app.post(
      "/events/\(event.id)/proposals/\(stored[0].id)/delete", [("csrf", session.token)],
      session: session)
    #expect(withdrawn.status == 303)
    let gone = try await app.client.send(
      "DELETE", "/api/week/events/\(event.id)/proposals/\(stored[1].id)")
    #expect(gone.status == 204 && app.store.roster.schedule.event(id: event.id)?.proposals == [])
  }
}

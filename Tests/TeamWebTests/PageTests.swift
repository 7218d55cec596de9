import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

@Suite struct PageTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func theRosterListsTheBriefsPlayersInOrderWithLinksAndAnAddButton() async throws {
    let page = try await app.client.get("/")
    #expect(page.status == 200)
    #expect(page.header("content-type") == "text/html; charset=utf-8")
    let html = page.text
    #expect(html.contains(#"aria-label="Add player""#))
    #expect(html.contains(#"href="/players/new""#))
    let names = ["Canna", "Caliste", "Targamas"].compactMap {
      html.range(of: ">\($0)<")?.lowerBound
    }
    #expect(names.count == 3 && names == names.sorted())
    for player in Player.defaultRoster {
      #expect(html.contains(#"href="/players/\#(player.id)""#))
    }
    // Each player's drawing (their initials on their role's colour) is in the page, as a
    // picture beside their name (hidden from screen readers, which read the name).
    let drawings = html.components(separatedBy: #"aria-hidden="true"><circle"#).count - 1
    #expect(drawings == Player.defaultRoster.count)
    #expect(html.contains(##"fill="#e84057"></circle><text"##) && html.contains(">CA</text>"))
  }

  @Test func aPlayersPageGivesTheirStatusWhateverItIs() async throws {
    for (name, lineup, label) in [
      ("Rookie", "trainee", "Trainee"), ("Resting", "inactive", "Inactive"),
      ("Bench", "substitute", "Substitute"),
    ] {
      let player = try await app.store.playerRows.addPlayer(
        PlayerInput(name: name, position: "Top", lineup: lineup))
      let html = try await app.client.get("/players/\(player.id)").text
      #expect(html.contains(#"id="player-status">\#(label)<"#), "\(lineup)")
    }
  }

  @Test func picturesAreAtAddressesOfTheirContentKeptAYear() async throws {
    // Drawings are drawn inside the page: the roster fetches no picture but the add sheet's
    // preview, once the sheet is shown.
    let html = try await app.client.get("/").text
    let images = html.components(separatedBy: "<img").dropFirst()
    #expect(images.count == 1 && images.allSatisfy { $0.contains(#"loading="lazy""#) })
    #expect(!html.contains("/picture"))
    // Where a picture is fetched (a photo, a file, synced art; a drawing asked for by its
    // address), an address that names its content is kept a year.
    let canna = "/players/\(Player.defaultRoster[0].id)/picture"
    for base in [canna, "/images/jax"] {
      let version = try #require(
        try await app.client.get(base).header("etag")?.trimmingCharacters(
          in: CharacterSet(charactersIn: "\"")))
      let kept = try await app.client.get(base + "?v=" + version)
      #expect(kept.status == 200)
      #expect(kept.header("cache-control") == "private, max-age=31536000, immutable")
      // An address without a version, or with another, is checked again on every view.
      for other in [base, base + "?v=0000000000000000"] {
        #expect(try await app.client.get(other).header("cache-control") == "no-cache")
      }
    }
  }

  @Test func anEmptyRosterSaysSoKindly() async throws {
    for player in app.store.players { try await app.store.playerRows.removePlayer(id: player.id) }
    let html = try await app.client.get("/").text
    #expect(html.contains("No players yet"))
  }

  @Test func everyPageCarriesTheSecurityHeaders() async throws {
    for path in ["/", "/players/new", "/api/players", "/images/canna", "/nowhere"] {
      let response = try await app.client.get(path)
      let policy = try #require(response.header("content-security-policy"), "\(path)")
      #expect(!policy.contains("unsafe-inline") || path.hasPrefix("/images"))
      #expect(policy.contains("frame-ancestors 'none'") || path.hasPrefix("/images"))
      #expect(response.header("x-content-type-options") == "nosniff")
      #expect(response.header("referrer-policy") == "same-origin")
    }
    let cookie = try #require(try await app.client.get("/").header("set-cookie"))
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
  }

  @Test func eachBrowserGetsItsOwnTokenInTheSamePage() async throws {
    let first = try await app.client.get("/")
    let second = try await app.client.get("/")
    let tokens = [first, second].map { app.csrfToken(in: $0.text) }
    #expect(tokens[0] != tokens[1])
    for (response, token) in zip([first, second], tokens) {
      let token = try #require(token)
      #expect(response.header("set-cookie")?.hasPrefix("kcorp_csrf=\(token);") == true)
      #expect(!response.text.contains("~~~~"))
    }
    let returning = try await app.client.get(
      "/", headers: ["Cookie": "kcorp_csrf=\(tokens[0] ?? "")"])
    #expect(returning.header("set-cookie") == nil)
    #expect(app.csrfToken(in: returning.text) == tokens[0])
  }

  @Test func theAddFormHasEveryLabelledFieldAndTheWholeCatalog() async throws {
    let html = try await app.client.get("/players/new").text
    for label in [
      #"<label for="name">Pseudo</label>"#, #"<label for="position">Role</label>"#,
      #"<label for="image" class="secondary">Picture&#39;s file name</label>"#,
      "<legend>Photo</legend>", #"<label for="photo">Choose a photo</label>"#,
      "<legend>Favorite champions</legend>",
    ] {
      #expect(html.contains(label))
    }
    #expect(html.contains(#"name="image" value="player_default""#))
    #expect(html.contains(#"id="image-preview""#))
    for position in Position.allCases {
      #expect(html.contains(">\(position.displayName)</option>"))
    }
    #expect(
      html.components(separatedBy: #"type="checkbox" name="champion""#).count - 1
        == ChampionCatalog.builtIn.champions.count)
    #expect(html.contains(">Cancel<") && html.contains(">Add<"))
  }

  @Test func addingAPlayerRedirectsToTheRosterWhichListsIt() async throws {
    let session = try await app.session()
    let response = try await app.addThroughForm(
      name: "Rekkles", position: "ADC", champions: ["jax", "braum"], session: session)
    #expect(response.status == 303)
    let player = try #require(app.store.players.last)
    #expect(response.header("location") == "/?page=1&added=\(player.id)#player-\(player.id)")
    #expect(player.name == "Rekkles" && player.position == .adc)
    #expect(player.favoriteChampions.map(\.id) == ["jax", "braum"])
    // A browser sends no fragment.
    let location = try #require(response.header("location")?.split(separator: "#").first)
    let roster = try await app.client.get(String(location))
    #expect(roster.text.contains(">Rekkles<"))
    #expect(roster.text.contains(#"role="status" id="status">Rekkles was added.</div>"#))
    #expect(roster.text.contains(#"class="player-item card just-added""#))  // a starter: a card
  }

  @Test func anInvalidFormComesBackAs422WithEveryErrorByItsFieldAndTheInputKept() async throws {
    let session = try await app.session()
    let response = try await app.addThroughForm(
      name: "canna", position: "Jungle", image: "Bad Image", champions: ["viktor", "corki"],
      session: session)
    #expect(response.status == 422)
    let html = response.text
    #expect(html.contains(#"<p class="error" id="name-error">“Canna” is already in the team"#))
    #expect(html.contains(#"<p class="error" id="image-error">"#))
    #expect(html.contains(#"id="name" name="name" value="canna""#))
    #expect(html.contains(#"name="image" value="Bad Image""#))
    #expect(html.contains(#"<option value="Jungle" selected="">"#))
    #expect(html.contains(#"value="viktor" checked="""#))
    #expect(html.contains(#"value="corki" checked="""#))
    #expect(!html.contains(#"value="jax" checked="""#))
    #expect(app.store.players.count == 3)
  }

  @Test func aScriptAsPseudoIsShownAsText() async throws {
    let session = try await app.session()
    let pseudo = "<script>alert(1)</script>"
    #expect(
      try await app.addThroughForm(name: String(pseudo.prefix(24)), session: session).status == 303)
    let roster = try await app.client.get("/").text
    #expect(!roster.contains("<script>alert"))
    #expect(roster.contains("&lt;script&gt;alert(1)&lt;/script"))
    let player = try #require(app.store.players.last)
    let detail = try await app.client.get("/players/\(player.id)").text
    #expect(!detail.contains("<script>alert") && detail.contains("&lt;script&gt;"))
    let refused = try await app.addThroughForm(
      name: #""><img src=x onerror=alert(1)>"#, session: session)
    #expect(!refused.text.contains("<img src=x"))
  }

  @Test func formsWithoutTheTokenOrFromAnotherSiteAreRefusedAndChangeNothing() async throws {
    let session = try await app.session()
    let fields = [("name", "Forged"), ("position", "Top"), ("image", "")]
    let noToken = try await app.post("/players", fields, session: session)
    let wrongToken = try await app.post(
      "/players", fields + [("csrf", String(repeating: "0", count: 64))], session: session)
    let noCookie = try await app.post("/players", fields + [("csrf", session.token)], session: nil)
    let otherSite = try await app.post(
      "/players", fields + [("csrf", session.token)], session: session,
      origin: "http://evil.example")
    for response in [noToken, wrongToken, noCookie, otherSite] {
      #expect(response.status == 403)
      #expect(response.text.contains(#"value="Forged""#))  // what was typed is kept
    }
    let victim = Player.defaultRoster[0]
    let deletion = try await app.post(
      "/players/\(victim.id)/delete", [("csrf", session.token)], session: session,
      origin: "http://evil.example")
    #expect(deletion.status == 403)
    #expect(app.store.players == Player.defaultRoster)
  }

  @Test func thePlayerDetailShowsEverythingWithBackAndDeleteButtons() async throws {
    let canna = Player.defaultRoster[0]
    let page = try await app.client.get("/players/\(canna.id)")
    #expect(page.status == 200)
    let html = page.text
    #expect(html.contains(#"href="/?page=1#player-\#(canna.id)" aria-label="Back""#))
    #expect(html.contains(#"<h1>Canna</h1>"#) && html.contains(">Top</p>"))
    #expect(html.contains(#"src="/images/canna?v="#) && html.contains(#"width="160""#))
    #expect(html.contains("<span>Jayce</span>") && html.contains("<span>Jax</span>"))
    let delete = try #require(html.range(of: "Delete player"))
    #expect(html[delete.upperBound...].contains("</main>"))
    #expect(!html[delete.upperBound...].split(separator: "</main>")[0].contains("<img"))
    #expect(try await app.client.get(("/players/\(canna.id)").lowercased()).status == 200)
  }

  @Test func deletingAsksForConfirmationThenRemovesThePlayer() async throws {
    let session = try await app.session()
    let caliste = Player.defaultRoster[1]
    let confirm = try await app.client.get(
      "/players/\(caliste.id)/delete", headers: ["Cookie": session.cookie])
    #expect(confirm.status == 200)
    #expect(confirm.text.contains("Delete Caliste?"))
    #expect(app.store.players.count == 3)
    let response = try await app.post(
      "/players/\(caliste.id)/delete", [("csrf", session.token)], session: session)
    #expect(response.status == 303)
    #expect(response.header("location") == "/?page=1&removed=\(caliste.id)")
    #expect(app.store.players.map(\.name) == ["Canna", "Targamas"])
    #expect(try await app.client.get("/players/\(caliste.id)").status == 404)
  }

  @Test(arguments: ["/players/nobody", "/players/C04B0000-0000-4000-8000-0000000000FF", "/nowhere"])
  func unknownPagesAre404WithAWayBack(path: String) async throws {
    let response = try await app.client.get(path)
    #expect(response.status == 404)
    #expect(response.text.contains(#"href="/""#))
  }

  @Test func headAnswersLikeGetWithoutABody() async throws {
    let response = try await app.client.send("HEAD", "/")
    #expect(response.status == 200)
    #expect(response.body.isEmpty)
  }

  @Test func staticFilesHaveContentHashedNamesAndLongCaching() async throws {
    let html = try await app.client.get("/").text
    for asset in [Asset.stylesheet, Asset.script] {
      #expect(html.contains(asset.path))
      let response = try await app.client.get(asset.path)
      #expect(response.status == 200)
      #expect(response.body == asset.body)
      #expect(response.header("cache-control")?.contains("immutable") == true)
    }
    // Nothing is loaded from elsewhere: the only http:// is the SVG namespace of the icons.
    #expect(
      html.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
        .contains("http") == false)
  }

  @Test func aLargeRosterIsPaginated() async throws {
    let rows = (1...120).map { "Player \($0),Mid\n" }.joined()
    try await app.store.importRows.importRoster(
      try app.store.importRows.planImport(Data(("name,position\n" + rows).utf8), mode: .replace))
    let first = try await app.client.get("/").text
    #expect(first.contains(">Player 50<") && !first.contains(">Player 51<"))
    #expect(first.contains("Page 1 of 3"))
    let last = try await app.client.get("/?page=3").text
    #expect(last.contains(">Player 120<") && !last.contains(">Player 100<"))
  }

  @Test func twoBrowsersAddingAtOnceBothLand() async throws {
    let app = self.app
    var sessions: [TestServer.Session] = []
    for _ in 0..<8 { sessions.append(try await app.session()) }
    let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
      for (index, session) in sessions.enumerated() {
        group.addTask {
          var statuses: [Int] = []
          for n in 0..<10 {
            statuses.append(
              try await app.addThroughForm(name: "B\(index)-\(n)", session: session).status)
          }
          return statuses
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(statuses.count == 80 && statuses.allSatisfy { $0 == 303 })
    #expect(app.store.players.count == 83)
  }
}

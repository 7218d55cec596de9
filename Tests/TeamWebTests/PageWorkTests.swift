import Foundation
import Synchronization
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The screens' everyday work, without JavaScript: edit, undo, Recently removed, order and
/// lineup forms.
@Suite struct PageWorkTests {
  let app: TestServer
  let canna = Player.defaultRoster[0]
  let caliste = Player.defaultRoster[1]
  let targamas = Player.defaultRoster[2]

  init() throws { app = try TestServer() }

  func edit(
    _ player: Player, name: String, position: String, version: String, session: TestServer.Session
  ) async throws -> WireResponse {
    try await app.post(
      "/players/\(player.id)/edit",
      [
        ("csrf", session.token), ("version", version), ("name", name), ("position", position),
        ("image", player.image),
      ] + player.favoriteChampions.map { ("champion", $0.id) }, session: session)
  }

  @Test func theFormSentAsMultipartAddsAndAFileThatIsNoPhotoAddsNobody() async throws {
    let session = try await app.session()
    func send(name: String, photo: String?) async throws -> WireResponse {
      let boundary = "kcorpBoundary42"
      var body = ""
      for (field, value) in [("csrf", session.token), ("name", name), ("position", "Mid")] {
        body +=
          "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n"
      }
      body +=
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"x.png\"\r\n"
      body += "Content-Type: image/png\r\n\r\n\(photo ?? "")\r\n--\(boundary)--\r\n"
      return try await app.client.send(
        "POST", "/players",
        headers: [
          "Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": session.cookie,
          "Origin": "http://\(app.host)",
        ], body: Array(body.utf8))
    }
    let refused = try await send(name: "Notaphoto", photo: "just text, named .png")
    #expect(refused.status == 422)
    #expect(refused.text.contains("Send a JPEG, PNG, WebP or HEIC photo"))
    #expect(refused.text.contains(#"value="Notaphoto""#))  // what was typed is kept
    #expect(!app.store.players.contains { $0.name == "Notaphoto" })
    // No file chosen: the player is added, with the drawn picture.
    let added = try await send(name: "Nophoto", photo: nil)
    #expect(added.status == 303)
    let player = try #require(app.store.players.first { $0.name == "Nophoto" })
    #expect(app.store.roster.photos[player.id] == nil)
    #expect(
      try await app.client.get("/players/new").text.contains(#"enctype="multipart/form-data""#))
  }

  @Test func aPlayerAddedWithAPhotoIsOneChange() async throws {
    let session = try await app.session()
    let updates = Mutex<[Int]>([])  // the versions the store told of
    app.store.onChange { update in updates.withLock { $0.append(update.roster.version) } }
    let before = app.store.roster.version
    let boundary = "kcorpBoundary43"
    var body: [UInt8] = []
    for (field, value) in [("csrf", session.token), ("name", "Pictured"), ("position", "Jungle")] {
      body += Array(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n"
          .utf8)
    }
    body += Array(
      ("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\n"
        + "Content-Type: image/png\r\n\r\n").utf8)
    body += Array(onePixelPNG) + Array("\r\n--\(boundary)--\r\n".utf8)
    let response = try await app.client.send(
      "POST", "/players",
      headers: [
        "Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": session.cookie,
        "Origin": "http://\(app.host)",
      ], body: body)
    #expect(response.status == 303)
    let player = try #require(app.store.players.first { $0.name == "Pictured" })
    #expect(player.photo != nil && app.store.roster.photos[player.id] == player.photo)
    // One transaction: one new version, told once, one history entry.
    #expect(app.store.roster.version == before + 1)
    while updates.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(1)) }
    #expect(updates.withLock { $0 } == [before + 1])
    #expect(try app.store.history(player: player.id).map(\.kind) == [.added])
  }

  /// A form as browsers send it with a file input: `multipart/form-data`, with `photo` as
  /// the file input `file` (`p.jpg`).
  static func multipart(_ fields: [(String, String)], photo: [UInt8]?, file: String = "photo")
    -> (String, [UInt8])
  {
    let boundary = "----kcorpBoundary44"
    var body: [UInt8] = []
    for (field, value) in fields {
      body += Array(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n"
          .utf8)
    }
    if let photo {
      body +=
        Array(
          ("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file)\"; filename=\"p.jpg\"\r\n"
            + "Content-Type: image/jpeg\r\n\r\n").utf8) + photo + Array("\r\n".utf8)
    }
    body += Array("--\(boundary)--\r\n".utf8)
    return ("multipart/form-data; boundary=\(boundary)", body)
  }

  @Test func aPhotoOverTheLimitGivesTheFormBackWithEverythingTypedAndTheMessageByPhoto()
    async throws
  {
    // Over the wire: the server leaves the photo out as it comes in.
    let app = try TestServer(listening: true)
    let session = try await app.session()
    let before = app.store.roster.version
    // A phone's 12 MB photo, sent without a script to shrink it.
    let (type, body) = Self.multipart(
      [("csrf", session.token), ("name", "Heavy"), ("position", "Support")],
      photo: [UInt8](repeating: 0xAB, count: 12 << 20))
    let response = try app.wire.send(
      "POST", "/players",
      headers: ["Content-Type": type, "Cookie": session.cookie, "Origin": "http://\(app.host)"],
      body: body)
    #expect(response.status == 422)
    let page = response.text
    #expect(page.contains(#"value="Heavy""#))
    #expect(page.contains(#"<option value="Support" selected="">"#))
    #expect(
      page.contains(
        #"<p class="error" id="photo-error">Send a photo of at most 8 MiB (this one has 12.0 MiB). Choose the photo again.</p>"#
      ))
    #expect(page.contains(#"id="photo" name="photo""#) && page.contains(#"aria-invalid="true""#))
    #expect(app.store.roster.version == before)
    #expect(!app.store.players.contains { $0.name == "Heavy" })
  }

  @Test func theEditFormShowsTheCurrentPhotoAndCanRemoveIt() async throws {
    let session = try await app.session()
    let photo = try await Photo.decoding(Data(onePixelPNG))
    let pictured = try await app.store.playerRows.setPhoto(of: canna.id, to: photo)
    let form = try await app.client.get("/players/\(canna.id)/edit").text
    #expect(form.contains(#"src="/photos/\#(photo.hash).jpg""#))
    #expect(form.contains("Change photo") && form.contains(#"name="removePhoto""#))
    #expect(form.contains("Picture&#39;s file name"))
    let (type, body) = Self.multipart(
      [
        ("csrf", session.token), ("version", Door.etag(pictured)), ("name", "Canna"),
        ("position", "Top"), ("image", canna.image), ("removePhoto", "1"),
      ] + canna.favoriteChampions.map { ("champion", $0.id) }, photo: nil)
    let response = try await app.client.send(
      "POST", "/players/\(canna.id)/edit",
      headers: ["Content-Type": type, "Cookie": session.cookie, "Origin": "http://\(app.host)"],
      body: body)
    #expect(response.status == 303)
    #expect(app.store.players[0].photo == nil && app.store.roster.photos[canna.id] == nil)
    // Without a photo, the form offers to choose one and nothing to remove.
    let again = try await app.client.get("/players/\(canna.id)/edit").text
    #expect(again.contains("Choose a photo") && !again.contains(#"name="removePhoto""#))
  }

  @Test func theEditPageIsTheFormPrefilledWithTheVersionItWasOpenedWith() async throws {
    let page = try await app.client.get("/players/\(canna.id)/edit").text
    #expect(page.contains(#"<h1 id="form-title">Edit Canna</h1>"#))  // the page's one h1
    #expect(page.contains(#"name="name" value="Canna""#))
    #expect(page.contains(#"<option value="Top" selected="">Top</option>"#))
    #expect(
      page.contains(#"value="jayce" checked="""#) && page.contains(#"value="jax" checked="""#))
    #expect(page.contains(#"name="version" value="\#(HTML.escape(Door.etag(canna)))""#))
    #expect(page.contains(#"maxlength="24""#))
  }

  @Test func savingAnEditRedirectsToThePlayer() async throws {
    let session = try await app.session()
    let response = try await edit(
      canna, name: "Canna", position: "Jungle", version: Door.etag(canna), session: session)
    #expect(response.status == 303)
    #expect(response.header("location") == "/players/\(canna.id)?saved")
    #expect(app.store.players[0].position == .jungle)
    #expect(app.store.players[0].favoriteChampions == canna.favoriteChampions)
    // The player's page says it was saved, there only.
    let saved = try await app.client.get("/players/\(canna.id)?saved").text
    #expect(saved.contains(#"<div class="status shown" role="status" id="status">Saved.</div>"#))
    let again = try await app.client.get("/players/\(canna.id)").text
    #expect(again.contains(#"<div class="status" role="status" id="status"></div>"#))
  }

  @Test func anEditKeepsTheFavouritesOrderTheCheckboxesCannotCarry() async throws {
    let session = try await app.session()
    // Checkboxes come in catalog order (Jax before Jayce); Canna favours Jayce, then Jax.
    let response = try await app.post(
      "/players/\(canna.id)/edit",
      [
        ("csrf", session.token), ("version", Door.etag(canna)), ("name", "Canna"),
        ("position", "Mid"), ("image", "canna"), ("champion", "jax"), ("champion", "jayce"),
      ], session: session)
    #expect(response.status == 303)
    #expect(app.store.players[0].favoriteChampions.map(\.id) == ["jayce", "jax"])
  }

  @Test func aSecondEditorSeesTheOthersChangeWithTheirInputKeptAndNothingOverwritten() async throws
  {
    let first = try await app.session()
    let second = try await app.session()
    let opened = Door.etag(canna)
    await #expect(
      try edit(canna, name: "Canna", position: "Mid", version: opened, session: first).status == 303
    )
    // Both changed the role: nothing is saved, the role is marked naming who changed it.
    let refused = try await edit(
      canna, name: "Kanna", position: "Support", version: opened, session: second)
    #expect(refused.status == 409)
    // An open server's edits are nobody's in particular.
    #expect(
      refused.text.contains("Someone on this machine changed Canna meanwhile; nothing was saved."))
    #expect(refused.text.contains("Someone on this machine changed this meanwhile, to “Mid”"))
    #expect(refused.text.contains(#"id="position-error""#))
    #expect(refused.text.contains(#"name="name" value="Kanna""#))  // the second's input kept
    #expect(app.store.players[0].name == "Canna" && app.store.players[0].position == .mid)
    // Saving again, now knowingly over the first's change, goes through.
    let version = try #require(refused.text.firstMatch(of: /name="version" value="([^"]+)"/))
    let again = try await edit(
      canna, name: "Kanna", position: "Support",
      version: String(version.1).replacingOccurrences(of: "&quot;", with: "\""), session: second)
    #expect(again.status == 303)
    #expect(app.store.players[0].name == "Kanna")
  }

  @Test func editsOfDifferentFieldsAtOnceAreBothKept() async throws {
    let first = try await app.session()
    let second = try await app.session()
    let opened = Door.etag(canna)
    // The first changes the role; the second, from the same form, the pseudo only.
    await #expect(
      try edit(canna, name: "Canna", position: "Mid", version: opened, session: first).status == 303
    )
    let saved = try await edit(
      canna, name: "Kanna", position: "Top", version: opened, session: second)
    #expect(saved.status == 303)
    let player = try #require(app.store.roster.player(id: canna.id))
    #expect(player.name == "Kanna" && player.position == .mid)  // the first's role kept
    #expect(player.favoriteChampions == canna.favoriteChampions)
  }

  @Test func anInvalidEditIs422ByItsFieldWithTheInputKept() async throws {
    let session = try await app.session()
    let response = try await edit(
      canna, name: "caliste", position: "Top", version: Door.etag(canna), session: session)
    #expect(response.status == 422)
    #expect(response.text.contains(#"id="name-error""#))
    #expect(response.text.contains(#"value="caliste" autocomplete="off""#))
    #expect(response.text.contains("autofocus"))
    #expect(app.store.players == Player.defaultRoster)
  }

  @Test func theSheetsChampionsComeOnceFromASharedRowNotInEveryPage() async throws {
    func choices(_ page: String) -> Int {
      page.components(separatedBy: #"<label class="champion">"#).count - 1
    }
    let roster = try await app.client.get("/").text
    #expect(choices(roster) == 0)
    // The row's address, as the page names it.
    let more = try #require(roster.range(of: #"data-more="/static/champions-"#))
    let rowPath = "/static/champions-" + roster[more.upperBound...].prefix { $0 != "\"" }
    #expect(roster.utf8.count < 16_000)  // was 43 KB with the 173 champions in it
    // The edit sheet holds the player's own, checked and in order; the page of its own, all.
    let canna = Player.defaultRoster[0]
    let detail = try await app.client.get("/players/\(canna.id)").text
    #expect(choices(detail) == canna.favoriteChampions.count)
    let edit = try await app.client.get("/players/\(canna.id)/edit").text
    #expect(choices(edit) == ChampionCatalog.builtIn.champions.count)
    // The shared row: every champion, unchecked, kept by browsers for good.
    let row = try await app.client.get(rowPath)
    #expect(row.status == 200 && choices(row.text) == ChampionCatalog.builtIn.champions.count)
    #expect(!row.text.contains("checked"))
    #expect(row.header("cache-control") == "public, max-age=31536000, immutable")
    // A refused add (the sheet open without scripts) has them all.
    let session = try await app.session()
    let refused = try await app.addThroughForm(name: "canna", session: session)
    #expect(refused.status == 409 || refused.status == 422)
    #expect(choices(refused.text) == ChampionCatalog.builtIn.champions.count)
  }

  @Test func withoutScriptsTheFormsSearchShowsTheMatchesWithEverythingTypedAndSavesNothing()
    async throws
  {
    func choices(_ page: String) -> [String] {
      page.components(separatedBy: #"<input type="checkbox" name="champion" value=""#)
        .dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
    let session = try await app.session()
    // What Enter sends from a page without scripts: the form's first button, Search.
    let add = try await app.post(
      "/players",
      [
        ("csrf", session.token), ("name", "Saken"), ("position", "Mid"), ("image", ""),
        ("champion", "viktor"), ("q", "j4"), ("class", ""), ("search", "1"),
      ], session: session)
    #expect(add.status == 200)
    #expect(choices(add.text) == ["viktor", "jarvaniv"])  // the chosen first, then the match
    #expect(add.text.contains(#"value="Saken""#) && add.text.contains(#"value="j4""#))
    #expect(add.text.contains(#"<option value="Mid" selected="">"#))
    #expect(app.store.players == Player.defaultRoster)  // nobody added
    // The class narrows it too; a search that finds nobody says so.
    let mages = try await app.post(
      "/players",
      [
        ("csrf", session.token), ("name", "Saken"), ("position", "Mid"), ("q", "vi"),
        ("class", "Mage"), ("search", "1"),
      ], session: session)
    #expect(choices(mages.text).contains("viktor") && !choices(mages.text).contains("vi"))
    #expect(mages.text.contains(#"<option value="Mage" selected="">"#))
    let none = try await app.post(
      "/players",
      [("csrf", session.token), ("name", "Saken"), ("q", "zzzz"), ("search", "1")],
      session: session)
    #expect(choices(none.text).isEmpty && none.text.contains("No champion matches “zzzz”."))
    // The edit form the same, keeping the version it was made from: nothing saved.
    let edit = try await app.post(
      "/players/\(canna.id)/edit",
      [
        ("csrf", session.token), ("version", Door.etag(canna)), ("name", "Kanna"),
        ("position", "Top"), ("image", canna.image), ("champion", "jayce"), ("q", "tf"),
        ("search", "1"),
      ], session: session)
    #expect(edit.status == 200 && choices(edit.text) == ["jayce", "twistedfate"])
    #expect(edit.text.contains(#"value="Kanna""#))
    #expect(edit.text.contains(#"name="version" value="&quot;\#(canna.version)&quot;""#))
    #expect(app.store.players == Player.defaultRoster)
    // Search is the first button of the form, so the one Enter presses.
    let page = try await app.client.get("/players/new").text
    let form = try #require(page.range(of: "<form")).lowerBound
    let firstButton = try #require(page[form...].range(of: "<button")).lowerBound
    #expect(page[firstButton...].hasPrefix(#"<button class="button search-button" type="submit""#))
  }

  @Test func aRefusedAddIsTheRosterWithItsSheetOpenAndTheFirstErrorFocused() async throws {
    let session = try await app.session()
    let response = try await app.addThroughForm(name: "canna", image: "Bad Name", session: session)
    #expect(response.status == 422)
    #expect(response.text.contains(#"<dialog id="add-dialog" class="sheet""#))
    #expect(response.text.contains(#"open="" data-refused="""#))
    #expect(response.text.contains(#"<h2 id="form-title">New player</h2>"#))
    // Focus on the pseudo, the first field in error (not the image).
    #expect(response.text.components(separatedBy: "autofocus").count == 2)
    #expect(
      response.text.contains(
        #"maxlength="24" aria-invalid="true" aria-describedby="name-error" autofocus="">"#))
  }

  @Test func afterADeleteTheRosterOffersUndoWhichRestores() async throws {
    let session = try await app.session()
    let deleted = try await app.post(
      "/players/\(caliste.id)/delete", [("csrf", session.token)], session: session)
    let location = try #require(deleted.header("location"))
    let roster = try await app.client.get(location, headers: ["Cookie": session.cookie]).text
    #expect(roster.contains("Caliste was removed."))
    #expect(roster.contains(#"action="/trash/\#(caliste.id)/restore""#))
    #expect(roster.contains(#"id="undo">Undo</button>"#))
    let undone = try await app.post(
      "/trash/\(caliste.id)/restore", [("csrf", session.token)], session: session)
    #expect(undone.status == 303)
    #expect(undone.header("location")?.contains("restored=\(caliste.id)") == true)
    #expect(app.store.players == Player.defaultRoster)
  }

  @Test func recentlyRemovedListsWhoAndWhenAndRestoringATakenPseudoIs409() async throws {
    try await app.store.playerRows.removePlayer(id: caliste.id)
    let page = try await app.client.get("/trash").text
    #expect(page.contains("<h1>Recently removed</h1>"))
    #expect(page.contains(">Caliste<") && page.contains("ADC · removed just now"))
    #expect(page.contains(#"aria-label="Restore Caliste""#))
    try await app.store.playerRows.addPlayer(PlayerInput(name: "caliste", position: "Mid"))
    let session = try await app.session()
    let refused = try await app.post(
      "/trash/\(caliste.id)/restore", [("csrf", session.token)], session: session)
    #expect(refused.status == 409)
    #expect(refused.text.contains("is on the roster now"))
    #expect(try await app.client.get("/").text.contains("Recently removed (1)"))
  }

  @Test func moveButtonsMoveWithinTheGroupAndReturnToTheRow() async throws {
    for (name, position) in [("J", "Jungle"), ("A", "ADC"), ("S1", "Top"), ("S2", "Mid")] {
      try await app.store.playerRows.addPlayer(PlayerInput(name: name, position: position))
    }
    let s2 = try #require(app.store.players.last)
    let session = try await app.session()
    let response = try await app.post(
      "/players/\(s2.id)/move", [("csrf", session.token), ("direction", "up")],
      session: session)
    #expect(response.status == 303)
    #expect(response.header("location") == "/?page=1#player-\(s2.id)")
    #expect(app.store.players.map(\.name).suffix(2) == ["S2", "S1"])
    // The first of a group cannot go up; the button is disabled and the request is a no-op.
    _ = try await app.post(
      "/players/\(s2.id)/move", [("csrf", session.token), ("direction", "up")],
      session: session)
    #expect(app.store.players.map(\.name).suffix(2) == ["S2", "S1"])
    let page = try await app.client.get("/").text
    #expect(page.contains(#"aria-label="Move up S2" id="up-\#(s2.id)" disabled"#))
    // The starting five is in lane order, with no order buttons of its own.
    #expect(!page.contains("Move up Canna"))
  }

  @Test func aSubstitutesPageOffersASwapWithTheStarterOfTheirLane() async throws {
    let yike = try await app.store.playerRows.addPlayer(
      PlayerInput(name: "Yike", position: "Top", lineup: "substitute"))
    let page = try await app.client.get("/players/\(yike.id)").text
    #expect(page.contains(">Swap with Canna<"))
    #expect(!page.contains("Swap with Caliste"))  // another lane
    let session = try await app.session()
    let response = try await app.post(
      "/players/\(yike.id)/swap", [("csrf", session.token), ("with", canna.id.uuidString)],
      session: session)
    #expect(response.status == 303)
    let location = try #require(response.header("location"))
    #expect(location == "/players/\(yike.id)?swapped=\(canna.id)")
    #expect(
      try await app.client.get(location).text.contains(
        "Yike is now starter, Canna substitute."))
    #expect(app.store.roster.player(id: yike.id)?.lineup == .starter)
    #expect(app.store.roster.player(id: canna.id)?.lineup == .substitute)
    #expect(try await app.client.get("/players/\(canna.id)").text.contains(">Swap with Yike<"))
    // Through the API, by pseudo, back again; a swap of two substitutes is refused.
    let back = try await app.client.send(
      "POST", "/api/players/\(canna.id)/swap", headers: ["Content-Type": "application/json"],
      body: Array(#"{"with":"yike"}"#.utf8))
    #expect(back.status == 200)
    let swap = try #require(
      try JSONSerialization.jsonObject(with: Data(back.body)) as? [String: [String: Any]])
    #expect(swap["player"]?["lineup"] as? String == "starter")
    #expect(swap["with"]?["name"] as? String == "Yike")
    try await app.store.playerRows.addPlayer(
      PlayerInput(name: "Other", position: "Top", lineup: "substitute"))
    let refused = try await app.client.send(
      "POST", "/api/players/\(yike.id)/swap", headers: ["Content-Type": "application/json"],
      body: Array(#"{"with":"Other"}"#.utf8))
    #expect(refused.status == 422 && refused.text.contains("both substitute"))
    let nobody = try await app.client.send(
      "POST", "/api/players/\(yike.id)/swap", headers: ["Content-Type": "application/json"],
      body: Array(#"{"with":"Nobody"}"#.utf8))
    #expect(nobody.status == 409)
    #expect(app.store.roster.player(id: yike.id)?.lineup == .substitute)
  }

  @Test func theStartingFiveIsOneCardPerLaneInTheGamesOrder() async throws {
    // Added out of order, and no Jungle or Mid: an empty card holds each lane.
    try await app.store.playerRows.addPlayer(PlayerInput(name: "Early", position: "ADC"))
    let page = try await app.client.get("/").text
    let five = try #require(page.range(of: #"<ol class="roster five""#))
    let end = try #require(page.range(of: "</ol>", range: five.upperBound..<page.endIndex))
    let cards = String(page[five.upperBound..<end.lowerBound])
    let order = ["Canna", "No starter", "Caliste", "Early", "Targamas"].map {
      cards.range(of: ">\($0)<")?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap(\.self) == order.compactMap(\.self).sorted())
    #expect(cards.contains(#"class="card vacant""#))
    // Six cards (Jungle and Mid empty, two ADC), each naming its lane beside its icon; the
    // first three champions shown.
    #expect(cards.components(separatedBy: #"class="icon lane""#).count == 7)
    #expect(cards.contains(#"aria-label="Jayce""#) && cards.contains(#"aria-label="Jax""#))
  }

  @Test func theRosterShowsTheStartingFiveThenTheSubstitutesAndTheirStatus() async throws {
    for (name, position) in [("J", "Jungle"), ("M", "Mid"), ("Sub", "Top")] {
      try await app.store.playerRows.addPlayer(PlayerInput(name: name, position: position))
    }
    let html = try await app.client.get("/").text
    #expect(html.contains("Starting five: complete."))
    let starters = try #require(html.range(of: "<h2 id=\"starters-title\">Starting five</h2>"))
    let substitutes = try #require(html.range(of: "<h2 id=\"substitutes-title\">Substitutes</h2>"))
    #expect(starters.upperBound < substitutes.lowerBound)
    #expect(try #require(html.range(of: ">Sub<")).lowerBound > substitutes.upperBound)
    let session = try await app.session()
    let sub = try #require(app.store.players.last)
    let response = try await app.post(
      "/players/\(sub.id)/lineup", [("csrf", session.token), ("lineup", "starter")],
      session: session)
    #expect(response.status == 303)
    #expect(try await app.client.get("/").text.contains("Invalid lineup: two Top starters."))
  }

  @Test func theNewFormsRefuseForgeries() async throws {
    let session = try await app.session()
    for (path, fields) in [
      ("/players/\(canna.id)/move", [("direction", "down")]),
      ("/players/\(canna.id)/lineup", [("lineup", "substitute")]),
      ("/trash/\(canna.id)/restore", []),
    ] {
      let forged = try await app.post(
        path,
        [("csrf", (session.token.first == "0" ? "1" : "0") + session.token.dropFirst())] + fields,
        session: session)
      #expect(forged.status == 403, "\(path)")
      let otherSite = try await app.post(
        path, [("csrf", session.token)] + fields, session: session, origin: "http://evil.example")
      #expect(otherSite.status == 403, "\(path)")
    }
    let edit = try await app.post(
      "/players/\(canna.id)/edit", [("version", Door.etag(canna)), ("name", "Forged")],
      session: session)
    #expect(edit.status == 403 && edit.text.contains(#"value="Forged""#))
    #expect(app.store.players == Player.defaultRoster)
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing

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
  ) throws -> WireResponse {
    try app.post(
      "/players/\(player.id)/edit",
      [
        ("csrf", session.token), ("version", version), ("name", name), ("position", position),
        ("image", player.image),
      ] + player.favoriteChampions.map { ("champion", $0.id) }, session: session)
  }

  @Test func theFormSentAsMultipartAddsAndAFileThatIsNoPhotoAddsNobody() throws {
    let session = try app.session()
    func send(name: String, photo: String?) throws -> WireResponse {
      let boundary = "kcorpBoundary42"
      var body = ""
      for (field, value) in [("csrf", session.token), ("name", name), ("position", "Mid")] {
        body +=
          "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"\r\n\r\n\(value)\r\n"
      }
      body +=
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"x.png\"\r\n"
      body += "Content-Type: image/png\r\n\r\n\(photo ?? "")\r\n--\(boundary)--\r\n"
      return try app.client.send(
        "POST", "/players",
        headers: [
          "Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": session.cookie,
          "Origin": "http://127.0.0.1:\(app.server.port)",
        ], body: Array(body.utf8))
    }
    let refused = try send(name: "Notaphoto", photo: "just text, named .png")
    #expect(refused.status == 422)
    #expect(refused.text.contains("Send a JPEG, PNG, WebP or HEIC photo"))
    #expect(refused.text.contains(#"value="Notaphoto""#))  // what was typed is kept
    #expect(!app.store.players.contains { $0.name == "Notaphoto" })
    // No file chosen: the player is added, with the drawn picture.
    let added = try send(name: "Nophoto", photo: nil)
    #expect(added.status == 303)
    let player = try #require(app.store.players.first { $0.name == "Nophoto" })
    #expect(app.store.roster.photos[player.id] == nil)
    #expect(try app.client.get("/players/new").text.contains(#"enctype="multipart/form-data""#))
  }

  @Test func theEditPageIsTheFormPrefilledWithTheVersionItWasOpenedWith() throws {
    let page = try app.client.get("/players/\(canna.id)/edit").text
    #expect(page.contains(#"<h1 id="form-title">Edit Canna</h1>"#))  // the page's one h1
    #expect(page.contains(#"name="name" value="Canna""#))
    #expect(page.contains(#"<option value="Top" selected="">Top</option>"#))
    #expect(
      page.contains(#"value="jayce" checked="""#) && page.contains(#"value="jax" checked="""#))
    #expect(page.contains(#"name="version" value="\#(HTML.escape(WebApp.etag(canna)))""#))
    #expect(page.contains(#"maxlength="24""#))
  }

  @Test func savingAnEditRedirectsToThePlayer() throws {
    let session = try app.session()
    let response = try edit(
      canna, name: "Canna", position: "Jungle", version: WebApp.etag(canna), session: session)
    #expect(response.status == 303)
    #expect(response.header("location") == "/players/\(canna.id)")
    #expect(app.store.players[0].position == .jungle)
    #expect(app.store.players[0].favoriteChampions == canna.favoriteChampions)
  }

  @Test func anEditKeepsTheFavouritesOrderTheCheckboxesCannotCarry() throws {
    let session = try app.session()
    // Checkboxes come in catalog order (Jax before Jayce); Canna favours Jayce, then Jax.
    let response = try app.post(
      "/players/\(canna.id)/edit",
      [
        ("csrf", session.token), ("version", WebApp.etag(canna)), ("name", "Canna"),
        ("position", "Mid"), ("image", "canna"), ("champion", "jax"), ("champion", "jayce"),
      ], session: session)
    #expect(response.status == 303)
    #expect(app.store.players[0].favoriteChampions.map(\.id) == ["jayce", "jax"])
  }

  @Test func aSecondEditorSeesTheOthersChangeWithTheirInputKeptAndNothingOverwritten() throws {
    let first = try app.session()
    let second = try app.session()
    let opened = WebApp.etag(canna)
    #expect(
      try edit(canna, name: "Canna", position: "Mid", version: opened, session: first).status == 303
    )
    let refused = try edit(
      canna, name: "Kanna", position: "Support", version: opened, session: second)
    #expect(refused.status == 409)
    #expect(refused.text.contains("Someone else changed Canna meanwhile"))
    #expect(refused.text.contains("Now: Canna, Mid"))
    #expect(refused.text.contains(#"name="name" value="Kanna""#))  // the second's input kept
    #expect(app.store.players[0].name == "Canna" && app.store.players[0].position == .mid)
    // Saving again, now knowingly over the first's change, goes through.
    let version = try #require(refused.text.firstMatch(of: /name="version" value="([^"]+)"/))
    let again = try edit(
      canna, name: "Kanna", position: "Support",
      version: String(version.1).replacingOccurrences(of: "&quot;", with: "\""), session: second)
    #expect(again.status == 303)
    #expect(app.store.players[0].name == "Kanna")
  }

  @Test func anInvalidEditIs422ByItsFieldWithTheInputKept() throws {
    let session = try app.session()
    let response = try edit(
      canna, name: "caliste", position: "Top", version: WebApp.etag(canna), session: session)
    #expect(response.status == 422)
    #expect(response.text.contains(#"id="name-error""#))
    #expect(response.text.contains(#"value="caliste" autocomplete="off""#))
    #expect(response.text.contains("autofocus"))
    #expect(app.store.players == Player.defaultRoster)
  }

  @Test func aRefusedAddIsTheRosterWithItsSheetOpenAndTheFirstErrorFocused() throws {
    let session = try app.session()
    let response = try app.addThroughForm(name: "canna", image: "Bad Name", session: session)
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

  @Test func afterADeleteTheRosterOffersUndoWhichRestores() throws {
    let session = try app.session()
    let deleted = try app.post(
      "/players/\(caliste.id)/delete", [("csrf", session.token)], session: session)
    let location = try #require(deleted.header("location"))
    let roster = try app.client.get(location, headers: ["Cookie": session.cookie]).text
    #expect(roster.contains("Caliste was removed."))
    #expect(roster.contains(#"action="/trash/\#(caliste.id)/restore""#))
    #expect(roster.contains(#"id="undo">Undo</button>"#))
    let undone = try app.post(
      "/trash/\(caliste.id)/restore", [("csrf", session.token)], session: session)
    #expect(undone.status == 303)
    #expect(undone.header("location")?.contains("restored=\(caliste.id)") == true)
    #expect(app.store.players == Player.defaultRoster)
  }

  @Test func recentlyRemovedListsWhoAndWhenAndRestoringATakenPseudoIs409() throws {
    try app.store.removePlayer(id: caliste.id)
    let page = try app.client.get("/trash").text
    #expect(page.contains("<h1>Recently removed</h1>"))
    #expect(page.contains(">Caliste<") && page.contains("ADC · removed just now"))
    #expect(page.contains(#"aria-label="Restore Caliste""#))
    try app.store.addPlayer(PlayerInput(name: "caliste", position: "Mid"))
    let session = try app.session()
    let refused = try app.post(
      "/trash/\(caliste.id)/restore", [("csrf", session.token)], session: session)
    #expect(refused.status == 409)
    #expect(refused.text.contains("is on the roster now"))
    #expect(try app.client.get("/").text.contains("Recently removed (1)"))
  }

  @Test func moveButtonsMoveWithinTheGroupAndReturnToTheRow() throws {
    let session = try app.session()
    let response = try app.post(
      "/players/\(targamas.id)/move", [("csrf", session.token), ("direction", "up")],
      session: session)
    #expect(response.status == 303)
    #expect(response.header("location") == "/?page=1#player-\(targamas.id)")
    #expect(app.store.players.map(\.name) == ["Canna", "Targamas", "Caliste"])
    // The first of a group cannot go up; the button is disabled and the request is a no-op.
    _ = try app.post(
      "/players/\(canna.id)/move", [("csrf", session.token), ("direction", "up")],
      session: session)
    #expect(app.store.players.map(\.name) == ["Canna", "Targamas", "Caliste"])
    #expect(try app.client.get("/").text.contains(#"aria-label="Move up Canna" disabled"#))
  }

  @Test func theRosterShowsTheStartingFiveThenTheSubstitutesAndTheirStatus() throws {
    for (name, position) in [("J", "Jungle"), ("M", "Mid"), ("Sub", "Top")] {
      try app.store.addPlayer(PlayerInput(name: name, position: position))
    }
    let html = try app.client.get("/").text
    #expect(html.contains("Starting five: complete."))
    let starters = try #require(html.range(of: "<h2 id=\"starters-title\">Starting five</h2>"))
    let substitutes = try #require(html.range(of: "<h2 id=\"substitutes-title\">Substitutes</h2>"))
    #expect(starters.upperBound < substitutes.lowerBound)
    #expect(try #require(html.range(of: ">Sub<")).lowerBound > substitutes.upperBound)
    let session = try app.session()
    let sub = try #require(app.store.players.last)
    let response = try app.post(
      "/players/\(sub.id)/lineup", [("csrf", session.token), ("lineup", "starter")],
      session: session)
    #expect(response.status == 303)
    #expect(try app.client.get("/").text.contains("Starting five: Two Top."))
  }

  @Test func theNewFormsRefuseForgeries() throws {
    let session = try app.session()
    for (path, fields) in [
      ("/players/\(canna.id)/move", [("direction", "down")]),
      ("/players/\(canna.id)/lineup", [("lineup", "substitute")]),
      ("/trash/\(canna.id)/restore", []),
    ] {
      let forged = try app.post(
        path,
        [("csrf", (session.token.first == "0" ? "1" : "0") + session.token.dropFirst())] + fields,
        session: session)
      #expect(forged.status == 403, "\(path)")
      let otherSite = try app.post(
        path, [("csrf", session.token)] + fields, session: session, origin: "http://evil.example")
      #expect(otherSite.status == 403, "\(path)")
    }
    let edit = try app.post(
      "/players/\(canna.id)/edit", [("version", WebApp.etag(canna)), ("name", "Forged")],
      session: session)
    #expect(edit.status == 403 && edit.text.contains(#"value="Forged""#))
    #expect(app.store.players == Player.defaultRoster)
  }
}

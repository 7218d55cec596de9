import Foundation
import TeamKit
import TeamPhoto
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The roster to and from a spreadsheet in the web app: export, then import with a preview.
@Suite struct ImportTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// Previews `fields` at `path`, then confirms as the preview's button does: with the
  /// plan it showed.
  func confirm(_ path: String, _ fields: [(String, String)], session: TestServer.Session)
    async throws -> WireResponse
  {
    let preview = try await app.post(path, fields, session: session)
    let plan = try #require(
      preview.text.components(separatedBy: #"name="plan" value=""#).dropFirst().first?
        .prefix { $0 != "\"" }, "\(preview.status): \(preview.text.prefix(2000))")
    return try await app.post(
      path, fields + [("confirm", "yes"), ("plan", String(plan))], session: session)
  }

  @Test func theRosterDownloadsAsCSVAndAsJSON() async throws {
    let csv = try await app.client.get("/export.csv")
    #expect(csv.status == 200)
    #expect(csv.header("content-type") == "text/csv; charset=utf-8")
    #expect(
      csv.header("content-disposition")?.hasPrefix("attachment; filename=\"kcorp-roster-") == true)
    #expect(Array(csv.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(csv.text.contains(",Canna,Top,starter,canna,\"Jayce, Jax\",KC,,,,,,\r\n"))
    _ = try await app.store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "2026-03-26T20:00", opponent: "G2"))
    let json = try await app.client.get("/export.json")
    #expect(json.header("content-type") == "application/json")
    let plan = try RosterImport(Data(json.body), current: app.store.players)
    #expect(plan.players == app.store.players)
    #expect(plan.schedule?.events.map(\.id) == app.store.roster.schedule.events.map(\.id))
    // Its preview says the week is replaced too.
    let session = try await app.session()
    let preview = try await app.post(
      "/import", [("csrf", session.token), ("content", json.text)], session: session)
    #expect(
      preview.text.contains("The week becomes the file’s: 1 event, and the hours of 0 players."))
    #expect(try await app.client.get("/").text.contains(#"href="/export.csv""#))
  }

  @Test func aTeamsImportShowsEachRealChangeAppliesOnlyOnceConfirmedAndUndoesInOne()
    async throws
  {
    let session = try await app.session()
    let content = "Pseudo;Role;Champions\r\nCanna;jungle;jax\r\nSaken;mid;k'sante, fiddlestiks\r\n"
    let before = app.store.roster
    let preview = try await app.post(
      "/teams/KC/import", [("csrf", session.token), ("content", content)], session: session)
    #expect(preview.status == 200)
    #expect(preview.text.contains("This import: 1 added, 1 changed."))
    #expect(preview.text.contains("Added (1)") && preview.text.contains("Saken, Mid"))
    #expect(preview.text.contains("Role: Top → Jungle"))
    #expect(preview.text.contains("Favorite champions: Jayce, Jax → Jax"))
    #expect(!preview.text.contains("Caliste") && !preview.text.contains("to Recently removed"))
    #expect(app.store.roster == before)  // nothing applied yet

    let applied = try await confirm(
      "/teams/KC/import", [("csrf", session.token), ("content", content), ("mode", "merge")],
      session: session)
    #expect(applied.status == 303)
    let location = try #require(applied.header("location"))
    #expect(location.hasPrefix("/?imported="))
    #expect(app.store.players.map(\.name) == ["Canna", "Caliste", "Targamas", "Saken"])
    #expect(app.store.players[0].id == before.players[0].id)  // the same Canna, now a jungler
    #expect(app.store.players[0].image == "canna")  // a column the file does not have
    #expect(app.store.players[3].favoriteChampions.map(\.id) == ["ksante", "fiddlesticks"])
    let page = try await app.client.get(location, headers: ["Cookie": session.cookie]).text
    #expect(page.contains("Imported into KCorp: 1 added, 1 changed, 0 removed."))
    let id = String(location.dropFirst("/?imported=".count))
    #expect(page.contains("action=\"/teams/KC/imports/\(id)/undo\""))

    let undone = try await app.post(
      "/teams/KC/imports/\(id)/undo", [("csrf", session.token)], session: session)
    #expect(undone.status == 303)
    #expect(app.store.players.map(\.name) == ["Canna", "Caliste", "Targamas"])
    #expect(zip(app.store.players, before.players).allSatisfy { $0.hasSameFields(as: $1) })
    #expect(app.store.roster.removed.map(\.player.name) == ["Saken"])
    let told = try await app.client.get(
      try #require(undone.header("location")), headers: ["Cookie": session.cookie]
    ).text
    #expect(told.contains("The import was undone: KCorp is as it was."))
  }

  @Test func theAPIPreviewsThenImportsIntoATeamAndUndoes() async throws {
    let content = "name,position,champions\nCanna,Jungle,Jax\nSaken,Mid,Ahri\n"
    let preview = try await app.client.send(
      "POST", "/api/teams/KC/import", headers: ["Content-Type": "text/csv"],
      body: Array(content.utf8))
    #expect(preview.status == 200)
    #expect(preview.text.contains(#""import":null"#))
    #expect(preview.text.contains(#""summary":"1 added, 1 changed""#))
    #expect(
      preview.text.contains(
        #"{"fields":[{"after":"Jungle","before":"Top","field":"position"},{"after":"Jax","before":"Jayce, Jax","field":"champions"}]"#
      ))
    #expect(app.store.players.count == 3)
    let applied = try await app.client.send(
      "POST", "/api/teams/KC/import?confirm=true&mode=merge",
      headers: ["Content-Type": "text/csv"], body: Array(content.utf8))
    #expect(applied.status == 200)
    #expect(app.store.players.map(\.name) == ["Canna", "Caliste", "Targamas", "Saken"])
    let id = try #require(
      applied.text.components(separatedBy: #""id":"#).dropFirst().last?.prefix { $0.isNumber })
    let undone = try await app.client.send(
      "POST", "/api/teams/KC/imports/\(id)/undo", headers: ["Content-Type": "application/json"])
    #expect(undone.status == 200 && undone.text.contains(#""undone":true"#))
    #expect(app.store.players.map(\.name) == ["Canna", "Caliste", "Targamas"])
    let again = try await app.client.send(
      "POST", "/api/teams/KC/imports/\(id)/undo", headers: ["Content-Type": "application/json"])
    #expect(again.status == 409)
    let bad = try await app.client.send(
      "POST", "/api/teams/KC/import?mode=wipe", headers: ["Content-Type": "text/csv"],
      body: Array(content.utf8))
    #expect(bad.status == 422)
    let unreadable = try await app.client.send(
      "POST", "/api/teams/KC/import", headers: ["Content-Type": "text/csv"],
      body: Array("name,position\n,Coach\n".utf8))
    #expect(unreadable.status == 422 && unreadable.text.contains("Line 2"))
  }

  @Test func theAPITakesAJSONExportWithPhotosLargerThanAUsualBody() async throws {
    let photo = try Photo(upload: stripedPNG(side: 512, rgb: (200, 40, 40)))
    // Over 64 KiB, as a JSON export with a photo or two is.
    let padding = String(repeating: " ", count: max(0, 70 << 10 - photo.jpeg.count * 4 / 3))
    let body =
      #"[{"name":"Canna","position":"Top","photo":"\#(photo.jpeg.base64EncodedString())"}]"#
      + padding
    #expect(body.utf8.count > 64 << 10)
    // Asked again while every photo decoder is taken (the tests decode photos in parallel).
    var imported = try await app.client.send(
      "POST", "/api/teams/KC/import?confirm=true", headers: ["Content-Type": "application/json"],
      body: Array(body.utf8))
    for _ in 0..<50 where imported.status == 422 && imported.text.contains("busy") {
      try await Task.sleep(for: .milliseconds(100))
      imported = try await app.client.send(
        "POST", "/api/teams/KC/import?confirm=true",
        headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }
    #expect(imported.status == 200, "\(imported.text.prefix(300))")
    #expect(app.store.roster.photos[Player.defaultRoster[0].id] != nil)
    // Past the photo limit: 413, said for a file.
    let huge = try await app.client.send(
      "POST", "/api/teams/KC/import", headers: ["Content-Type": "text/csv"],
      body: [UInt8](repeating: 0x41, count: 9 << 20))
    #expect(huge.status == 413 && huge.text.contains("Send a file of at most 8 MiB."))
  }

  @Test func aConfirmationAfterTheRosterChangedShowsWhatTheImportDoesNowAndChangesNothing()
    async throws
  {
    let session = try await app.session()
    let content = "name,position\nCanna,Mid\n"
    let preview = try await app.post(
      "/teams/KC/import", [("csrf", session.token), ("content", content)], session: session)
    let plan = try #require(
      preview.text.components(separatedBy: #"name="plan" value=""#).dropFirst().first?
        .prefix { $0 != "\"" })
    // Someone else edits Canna meanwhile.
    try await app.store.playerRows.updatePlayer(
      id: Player.defaultRoster[0].id, with: PlayerEdit(image: "elsewhere"))
    let before = app.store.roster
    let confirmed = try await app.post(
      "/teams/KC/import",
      [("csrf", session.token), ("content", content), ("confirm", "yes"), ("plan", String(plan))],
      session: session)
    #expect(confirmed.status == 409)
    #expect(confirmed.text.contains("The roster changed since the preview"))
    #expect(app.store.roster == before)
  }

  @Test func aReplacingImportListsWhoGoesToRecentlyRemoved() async throws {
    let session = try await app.session()
    let fields = [
      ("csrf", session.token), ("content", "name,position\nCanna,Top\n"), ("mode", "replace"),
    ]
    let preview = try await app.post("/teams/KC/import", fields, session: session)
    #expect(preview.text.contains("Removed, to Recently removed (2)"))
    #expect(preview.text.contains("Caliste, ADC") && preview.text.contains("Targamas, Support"))
    #expect(preview.text.contains("1 player of the file stays as they are."))
    let applied = try await confirm("/teams/KC/import", fields, session: session)
    #expect(applied.status == 303)
    #expect(app.store.players.map(\.name) == ["Canna"])
    #expect(Set(app.store.roster.removed.map(\.player.name)) == ["Caliste", "Targamas"])
  }

  @Test func aFileWithProblemsListsEachByItsLineKeepsTheTextAndChangesNothing() async throws {
    let session = try await app.session()
    let content = "name,position\nGood,Top\n,Mid\nBad,Coach\n"
    let before = app.store.roster
    let refused = try await app.post(
      "/import", [("csrf", session.token), ("content", content), ("confirm", "yes")],
      session: session)
    #expect(refused.status == 422)
    #expect(refused.text.contains("Line 3: Enter a pseudo."))
    #expect(refused.text.contains("Line 4 (“Bad”): “Coach” is not a role"))
    #expect(refused.text.contains("Bad,Coach"))  // the text is kept to fix
    #expect(app.store.roster == before)
  }

  @Test func aFrenchSpreadsheetSavedInWindows1252IsReadAsItWasWritten() async throws {
    let session = try await app.session()
    // Excel on a French Windows: `;`, French headers, Windows-1252 (ô and é one byte each).
    let file: [UInt8] =
      Array("Pseudo;R".utf8) + [0xF4] + Array("le;Champions\r\nCanna;Jungle;Jax\r\nYik".utf8)
      + [0xE9] + Array(";Mid;Ahri\r\n".utf8)
    let (type, body) = PageWorkTests.multipart(
      [("csrf", session.token), ("content", "")], photo: file, file: "file")
    let preview = try await app.client.send(
      "POST", "/import",
      headers: ["Content-Type": type, "Cookie": session.cookie, "Origin": "http://\(app.host)"],
      body: body)
    #expect(preview.status == 200)
    #expect(preview.text.contains("Yiké, Mid"))
    #expect(preview.text.contains("Role: Top → Jungle"))
    // The confirmation carries the file's text, now UTF-8.
    #expect(preview.text.contains("Yiké;Mid;Ahri") && preview.text.contains("Rôle"))
  }

  @Test func aFileOverTheLimitComesBackSaidByTheFileWithThePastedTextKept() async throws {
    let app = try TestServer(listening: true)  // the server leaves the file out as it comes
    let session = try await app.session()
    let (type, body) = PageWorkTests.multipart(
      [("csrf", session.token), ("content", "name,position\nA,Top\n")],
      photo: [UInt8](repeating: 0x41, count: 9 << 20), file: "file")
    let response = try app.wire.send(
      "POST", "/import",
      headers: ["Content-Type": type, "Cookie": session.cookie, "Origin": "http://\(app.host)"],
      body: body)
    #expect(response.status == 422)
    #expect(response.text.contains("File: Choose a file of at most 8 MiB (this one has 9.0 MiB)."))
    #expect(response.text.contains("name,position\nA,Top"))
  }

  @Test func anImportNeedsTheFormsToken() async throws {
    let refused = try await app.post(
      "/import", [("content", "name,position\nA,Top\n")], session: nil)
    #expect(refused.status == 403)
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// A team's colour from the palette: on its cards, its title bar and before its tag, set
/// from the teams page and the API.
@Suite struct TeamColorTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func eachTeamHasItsColourOnItsCardsTitleBarAndTagSetOnThePagesAndTheAPI() async throws {
    let session = try await app.session()  // from the roster's form, before a second team
    _ = try await app.store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB", parent: "KC"))
    let page = try await app.client.get("/teams", headers: ["Cookie": session.cookie]).text
    // A new team is blue; the form offers the palette by name.
    #expect(page.contains(#"<li class="team-card team-color-blue" id="team-KCB">"#))
    #expect(page.contains(#"<option value="gold" class="team-color-gold">Gold</option>"#))
    func edit(_ color: String) async throws -> WireResponse {
      try await app.post(
        "/teams/KCB/edit",
        [
          ("csrf", session.token), ("name", "KC Blue"), ("tag", "KCB"), ("parent", "KC"),
          ("color", color),
        ], session: session)
    }
    #expect(try await edit("gold").status == 303)
    #expect(app.store.roster.team("KCB")?.color == .gold)
    let overview = try await app.client.get("/").text
    #expect(overview.contains(#"<li class="team-card team-color-gold" id="team-KCB">"#))
    #expect(overview.contains(#"<a href="/teams/KCB" class="team-color-gold">KCB</a>"#))
    let roster = try await app.client.get("/teams/KCB").text
    #expect(roster.contains(#"<header class="topbar team-color-gold">"#))
    // A colour outside the palette: said by its field, nothing changed.
    let refused = try await edit("#ff00ff")
    #expect(refused.status == 422 && refused.text.contains("is not one of the teams’ colours"))
    #expect(app.store.roster.team("KCB")?.color == .gold)
    // The API reads and changes it, in French too.
    func patch(_ body: String) async throws -> WireResponse {
      try await app.client.send(
        "PATCH", "/api/teams/KCB", headers: ["Content-Type": "application/json"],
        body: Array(body.utf8))
    }
    let patched = try await patch(#"{"color":"Violet"}"#)
    #expect(patched.status == 200 && patched.text.contains(#""color":"purple""#))
    let bad = try await patch(#"{"color":"magenta"}"#)
    #expect(bad.status == 422 && bad.text.contains(#""field":"color""#))
    #expect(app.store.roster.team("KCB")?.color == .purple)
  }

  @Test func theStylesheetGivesEveryColourOfThePaletteItsOwnRule() throws {
    let css = String(decoding: Asset.stylesheet.body, as: UTF8.self)
    for color in TeamColor.allCases {
      #expect(css.contains(".\(color.cssClass) { --team: \(color.hex); }"), "\(color)")
    }
  }
}

import Foundation
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// A draft's and a logged game's players are the event's team's: an editor of KC Blue who
/// names a KCorp player on a KC Blue event is refused, whichever face they use, and KCorp's
/// figures stay as they were.
@Suite struct DraftTeamTests {
  typealias Caller = AuthorizationMatrixTests.Caller

  /// Sends `body` (JSON, or a form when `form`) as KC Blue's editor.
  private func send(
    _ copy: Organisation.Copy, _ method: String, _ path: String, _ body: String,
    form: Bool = false
  ) async throws -> WireResponse {
    try await copy.client.send(
      method, path,
      headers: [
        "Origin": "http://127.0.0.1",
        "Cookie": "kcorp_csrf=\(Organisation.csrf); \(copy.organisation.cookies[.editorA] ?? "")",
        "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json",
      ], body: Array(body.utf8))
  }

  /// KCorp's figures and pool board, as its staff read them.
  private func kcorpFigures(_ copy: Organisation.Copy) async throws -> [String] {
    var texts: [String] = []
    for path in ["/api/figures?team=KC", "/api/pools?team=KC"] {
      let response = try await copy.client.send(
        "GET", path,
        headers: ["Authorization": "Bearer \(copy.organisation.tokens[.editorBToken] ?? "")"])
      #expect(response.status == 200, "\(path): \(response.text.prefix(200))")
      texts.append(response.text)
    }
    return texts
  }

  @Test func anEditorOfKCBlueNamingAKCorpPlayerInADraftOrAGameIsRefusedAndKCorpsFiguresStay()
    async throws
  {
    let copy = try await Organisation.shared.copy()
    let store = copy.store
    let canna = Player.defaultRoster[0]
    // KCorp played a game: Canna on K'Sante, as the verdict says.
    let kcorp = try await store.weekRows.addEvent(
      EventInput(kind: "match", start: "2027-01-05T17:00", opponent: "G2", format: "bo3"),
      team: "KC")
    try await store.weekRows.logGames(
      [GameInput(result: "win", champions: ["ksante"])], of: kcorp.id)
    let blue = try await store.weekRows.addEvent(
      EventInput(kind: "match", start: "2027-01-06T17:00", opponent: "VIT", format: "bo3"),
      team: "KCB")
    let figures = try await kcorpFigures(copy)
    #expect(figures[0].contains(#""champion":"ksante","games":1"#), "\(figures[0])")
    let version = store.roster.version

    // The API's draft: Canna on KC Blue's first pick (B1, turn 7).
    var turns = Array(repeating: "null", count: DraftSlot.order.count)
    turns[6] = #"{"champion":"jax","player":"\#(canna.id)","role":"Top"}"#
    let draft = try await send(
      copy, "PUT", "/api/week/events/\(blue.id)/drafts/1",
      #"{"side":"blue","turns":[\#(turns.joined(separator: ","))]}"#)
    #expect(draft.status == 422, "\(draft.text.prefix(300))")
    #expect(draft.text.contains("Canna (B1) is not in KC Blue: name a player of this team"))

    // The API's games, and the result form.
    let games = try await send(
      copy, "PUT", "/api/week/events/\(blue.id)/games",
      #"[{"result":"win","side":"blue","champions":["jax"],"players":["Canna"]}]"#)
    #expect(games.status == 422, "\(games.text.prefix(300))")
    #expect(games.text.contains("Canna (Top) is not in KC Blue"))
    let form = try await send(
      copy, "POST", "/events/\(blue.id)/games",
      "csrf=\(Organisation.csrf)&result1=win&side1=blue&champion1-Top=Jax&player1-Top=\(canna.id)",
      form: true)
    #expect(form.status == 422 && form.text.contains("Canna (Top) is not in KC Blue"))
    // The form keeps what was typed, and offers KC Blue's players only.
    let choice = try #require(form.text.range(of: #"name="player1-Top""#))
    let select = String(form.text[choice.upperBound...]).components(separatedBy: "</select>")[0]
    #expect(form.text.contains(#"value="Jax""#) && select.contains(">Saken<"))
    #expect(!select.contains(">Caliste<"), "\(select)")

    // The store, which `kcorp draft` and `kcorp events result` call, refuses the same.
    var stored = GameDraft(side: .blue)
    stored = stored.choosing("jax", at: 6, lineup: [.top: canna.id])
    await #expect(throws: RosterError.self) {
      try await store.draftRows.saveDraft(stored, game: 1, of: blue.id)
    }

    // Nothing stored; KCorp's figures as they were.
    let event = try #require(store.roster.schedule.event(id: blue.id))
    #expect(event.drafts.isEmpty && event.games.isEmpty)
    #expect(store.roster.version == version)
    #expect(try await kcorpFigures(copy) == figures)

    // KC Blue's own player is named.
    let saken = copy.organisation.own
    turns[6] = #"{"champion":"jax","player":"\#(saken.id)","role":"Mid"}"#
    let own = try await send(
      copy, "PUT", "/api/week/events/\(blue.id)/drafts/1",
      #"{"side":"blue","turns":[\#(turns.joined(separator: ","))]}"#)
    #expect(own.status == 200, "\(own.text.prefix(300))")
    #expect(try await kcorpFigures(copy) == figures)
  }
}

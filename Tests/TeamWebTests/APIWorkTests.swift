import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The API's everyday work: edit (merge patch, ETag, 412), trash and restore, order, lineup.
@Suite struct APIWorkTests {
  let app: TestServer
  let canna = Player.defaultRoster[0]
  let caliste = Player.defaultRoster[1]

  init() throws { app = try TestServer() }

  func json(_ response: WireResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  func patch(_ id: UUID, _ body: String, headers: [String: String] = [:]) async throws
    -> WireResponse
  {
    try await app.client.send(
      "PATCH", "/api/players/\(id)",
      headers: ["Content-Type": "application/merge-patch+json"].merging(headers) { $1 },
      body: Array(body.utf8))
  }

  @Test func patchMergesTheFieldsGivenAndAnswersThePlayerWithANewETag() async throws {
    let before = try await app.client.get("/api/players/\(canna.id)")
    let etag = try #require(before.header("etag"))
    let response = try await patch(canna.id, #"{"position":"jgl","favoriteChampions":["viktor"]}"#)
    #expect(response.status == 200)
    let player = try JSONDecoder().decode(Player.self, from: Data(response.body))
    #expect(player.position == .jungle && player.name == "Canna" && player.image == "canna")
    #expect(player.favoriteChampions.map(\.id) == ["viktor"])
    #expect(response.header("etag") != nil && response.header("etag") != etag)
    #expect(
      response.header("etag")
        == (try await app.client.get("/api/players/\(canna.id)").header("etag")))
    // null: back to the default picture; plain application/json is a merge patch too.
    let reset = try await app.client.send(
      "PATCH", "/api/players/\(canna.id)", headers: ["Content-Type": "application/json"],
      body: Array(#"{"image":null,"favoriteChampions":null}"#.utf8))
    let after = try JSONDecoder().decode(Player.self, from: Data(reset.body))
    #expect(after.image == "player_default" && after.favoriteChampions.isEmpty)
    #expect(after.position == .jungle)
  }

  @Test func aStaleIfMatchIs412WithTheCurrentPlayerAndWritesNothing() async throws {
    let etag = try #require(try await app.client.get("/api/players/\(canna.id)").header("etag"))
    let first = try await patch(canna.id, #"{"name":"Canna2"}"#, headers: ["If-Match": etag])
    #expect(first.status == 200)
    let second = try await patch(canna.id, #"{"position":"Support"}"#, headers: ["If-Match": etag])
    #expect(second.status == 412)
    #expect(second.header("content-type") == "application/problem+json")
    let problem = try json(second)
    #expect((problem["detail"] as? String)?.contains("Someone else changed Canna2") == true)
    #expect((problem["current"] as? [String: Any])?["name"] as? String == "Canna2")
    #expect(second.header("etag") == first.header("etag"))
    #expect(app.store.players[0].position == .top)
  }

  @Test func patchRefusalsKeepTheStoreUnchanged() async throws {
    let before = app.store.roster
    await #expect(try patch(canna.id, #"{"name":"caliste"}"#).status == 409)
    await #expect(try patch(canna.id, #"{"lineup":"coach","image":"Bad"}"#).status == 422)
    await #expect(try patch(canna.id, #"{"name":3}"#).status == 400)
    await #expect(try patch(UUID(), #"{"name":"X"}"#).status == 404)
    let text = try await app.client.send(
      "PATCH", "/api/players/\(canna.id)", headers: ["Content-Type": "text/plain"],
      body: Array("name=X".utf8))
    #expect(text.status == 415 && text.header("accept-patch") != nil)
    #expect(app.store.roster == before)
  }

  @Test func aDeletedPlayerIsInTheTrashAndRestoresWith201() async throws {
    #expect(try await app.client.send("DELETE", "/api/players/\(caliste.id)").status == 204)
    let trash = try #require(
      try JSONSerialization.jsonObject(with: Data(try await app.client.get("/api/trash").body))
        as? [[String: Any]])
    #expect(trash.count == 1)
    #expect((trash[0]["player"] as? [String: Any])?["name"] as? String == "Caliste")
    #expect(trash[0]["removedAt"] is String)
    let restored = try await app.client.send("POST", "/api/trash/\(caliste.id)/restore")
    #expect(restored.status == 201)
    #expect(restored.header("location") == "/api/players/\(caliste.id)")
    #expect(try JSONDecoder().decode(Player.self, from: Data(restored.body)) == caliste)
    #expect(app.store.players == Player.defaultRoster)
    #expect(try await app.client.send("POST", "/api/trash/\(caliste.id)/restore").status == 404)
  }

  @Test func restoringAPseudoNowTakenIs409() async throws {
    #expect(try await app.client.send("DELETE", "/api/players/\(caliste.id)").status == 204)
    #expect(
      try await app.postJSON("/api/players", #"{"name":"CALISTE","position":"ADC"}"#).status == 201)
    let response = try await app.client.send("POST", "/api/trash/\(caliste.id)/restore")
    #expect(response.status == 409)
    #expect(app.store.roster.removed.map(\.id) == [caliste.id])
  }

  @Test func theOrderIsPutWhole409WhenItIsNotTheRosters412WhenStale() async throws {
    let order = try await app.client.get("/api/roster/order")
    let etag = try #require(order.header("etag"))
    let ids = Player.defaultRoster.map(\.id.uuidString)
    func put(_ ids: [String], _ headers: [String: String] = [:]) async throws -> WireResponse {
      try await app.client.send(
        "PUT", "/api/roster/order",
        headers: ["Content-Type": "application/json"].merging(headers) { $1 },
        body: Array(("[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8))
    }
    let reversed = try await put(ids.reversed(), ["If-Match": etag])
    #expect(reversed.status == 200)
    #expect(app.store.players.map(\.name) == ["Targamas", "Caliste", "Canna"])
    await #expect(try put(ids, ["If-Match": etag]).status == 412)
    await #expect(try put(Array(ids.prefix(2))).status == 409)
    await #expect(try put(["not-an-id"]).status == 400)
    #expect(app.store.players.map(\.name) == ["Targamas", "Caliste", "Canna"])
  }

  @Test func theLineupSaysWhatTheStartingFiveLacks() async throws {
    let lineup = try json(try await app.client.get("/api/lineup"))
    #expect(lineup["complete"] as? Bool == false)
    #expect(lineup["missing"] as? [String] == ["Jungle", "Mid"])
    #expect(lineup["doubled"] as? [String] == [])
    #expect((lineup["starters"] as? [String])?.count == 3)
    for (name, position) in [("Jungler", "Jungle"), ("Midlaner", "Mid")] {
      #expect(
        try await app.postJSON("/api/players", #"{"name":"\#(name)","position":"\#(position)"}"#)
          .status
          == 201)
    }
    #expect(try json(try await app.client.get("/api/lineup"))["complete"] as? Bool == true)
    let sixth = try await app.postJSON("/api/players", #"{"name":"Sixth","position":"Mid"}"#)
    #expect(try json(sixth)["lineup"] as? String == "substitute")
    let promoted = try await patch(
      try #require(app.store.players.last?.id), #"{"lineup":"starter"}"#)
    #expect(try json(promoted)["lineup"] as? String == "starter")
    let after = try json(try await app.client.get("/api/lineup"))
    #expect(after["complete"] as? Bool == false)
    #expect(after["doubled"] as? [String] == ["Mid"])
  }
}

import Foundation
import TeamKit
import Testing

@testable import TeamWeb

@Suite struct ImageTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func theDefaultPictureIsASilhouette() throws {
    let response = try app.client.get("/images/player_default")
    #expect(response.status == 200)
    #expect(response.header("content-type") == "image/svg+xml")
    #expect(response.text.hasPrefix("<svg") && response.text.contains("<path"))
    #expect(!response.text.contains("<text"))
  }

  @Test func aPlayersPictureIsTheirInitialsOnTheirPositionsColour() throws {
    let canna = try app.client.get("/images/canna").text
    #expect(canna.contains(">CA</text>"))
    #expect(canna.contains(ImageLibrary.color(for: .top)))
    let targamas = try app.client.get("/images/targamas").text
    #expect(targamas.contains(ImageLibrary.color(for: .support)))
  }

  @Test func aChampionsPictureIsAMonogramBadge() throws {
    let maokai = try app.client.get("/images/moakai").text
    #expect(maokai.contains(">Mi</text>"))
    #expect(maokai.contains("stroke=\"#c8aa6e\""))
  }

  @Test func drawingsAreDeterministicAndCacheable() throws {
    let first = try app.client.get("/images/caliste")
    let second = try app.client.get("/images/caliste")
    #expect(first.body == second.body)
    let etag = try #require(first.header("etag"))
    let revalidated = try app.client.get("/images/caliste", headers: ["If-None-Match": etag])
    #expect(revalidated.status == 304)
    #expect(revalidated.body.isEmpty)
  }

  @Test func aPseudoInsideAPictureIsEscaped() throws {
    try app.store.addPlayer(PlayerInput(name: "<b>&", position: "Mid", image: "weird"))
    let svg = try app.client.get("/images/weird").text
    #expect(!svg.contains("<b>") && svg.contains(">B</text>"))
  }

  @Test func aFileInTheImagesFolderReplacesTheDrawing() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    try Data(png).write(to: app.folder.appendingPathComponent("images/canna.png"))
    let response = try app.client.get("/images/canna")
    #expect(response.status == 200)
    #expect(response.header("content-type") == "image/png")
    #expect(response.body == png)
    #expect(response.header("content-security-policy")?.contains("sandbox") == true)
  }

  @Test(arguments: [
    "/images/..%2Froster.sqlite", "/images/../roster.sqlite", "/images/.hidden",
    "/images/Canna", "/images/a%2Fb", "/images/%2e%2e", "/images/",
  ])
  func namesOutsideTheRuleAre404AndNeverAFileOutsideTheFolder(path: String) throws {
    try Data("secret".utf8).write(to: app.folder.appendingPathComponent("images/.hidden.svg"))
    let response = try app.client.get(path)
    #expect(response.status == 404)
    #expect(!response.text.contains("secret") && !response.text.contains("SQLite"))
  }
}

@Suite struct ServerTests {
  @Test func aPortInUseIsOneClearError() throws {
    let app = try TestServer()
    let error = #expect(throws: HTTPServerError.self) {
      _ = try WebApp.serve(store: app.store, port: app.server.port)
    }
    #expect(error?.description.contains("already in use") == true)
    #expect(try app.client.get("/").status == 200)
  }

  @Test func stoppingLetsARequestInProgressFinishThenRefusesNewOnes() async throws {
    let app = try TestServer()
    let client = app.client
    let body = #"{"name":"Late","position":"Top"}"#
    let head =
      "POST /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
      + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
    // The body arrives after the server was told to stop.
    let request = Task.detached {
      try client.exchange(parts: [Array(head.utf8), Array(body.utf8)], pause: .milliseconds(400))
    }
    try await Task.sleep(for: .milliseconds(150))
    let server = app.server
    let stopping = Task.detached { server.stop() }
    let response = try await request.value
    await stopping.value
    #expect(response.status == 201)
    #expect(app.store.players.last?.name == "Late")
    #expect(throws: HTTPClient.ClientError.self) { try client.get("/") }
  }
}

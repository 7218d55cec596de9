import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

@Suite struct ImageTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func theDefaultPictureIsASilhouette() async throws {
    let response = try await app.client.get("/images/player_default")
    #expect(response.status == 200)
    #expect(response.header("content-type") == "image/svg+xml")
    #expect(response.text.hasPrefix("<svg") && response.text.contains("<path"))
    #expect(!response.text.contains("<text"))
  }

  @Test func aPlayersPictureIsTheirInitialsOnTheirPositionsColour() async throws {
    let canna = try await app.client.get("/images/canna").text
    #expect(canna.contains(">CA</text>"))
    #expect(canna.contains(ImageLibrary.color(for: .top)))
    let targamas = try await app.client.get("/images/targamas").text
    #expect(targamas.contains(ImageLibrary.color(for: Position.support)))
  }

  @Test func aChampionsPictureIsAMonogramBadge() async throws {
    let maokai = try await app.client.get("/images/moakai").text
    #expect(maokai.contains(">Mao</text>"))  // Master Yi is "Mi"
    #expect(maokai.contains("<polygon"))  // a tank's hexagon
    #expect(maokai.contains("stroke=\"#c8aa6e\""))
  }

  @Test func aChampionsBadgeTakesItsClasssColour() async throws {
    let fill = ImageLibrary.color(for: ChampionClass.marksman)
    #expect(fill != ImageLibrary.color(for: ChampionClass.tank))
    #expect(try await app.client.get("/images/jinx").text.contains("fill=\"\(fill)\""))
  }

  @Test func playersWithoutAPhotoAreTheirInitialsNotOneSharedSilhouette() async throws {
    let upset = try await app.store.playerRows.addPlayer(
      PlayerInput(name: "Upset", position: "ADC"))
    let saken = try await app.store.playerRows.addPlayer(
      PlayerInput(name: "Saken", position: "Mid"))
    let first = try await app.client.get("/players/\(upset.id)/picture")
    #expect(first.status == 200 && first.header("content-type") == "image/svg+xml")
    #expect(first.text.contains(">UP</text>") && first.text.contains(ImageLibrary.color(for: .adc)))
    let second = try await app.client.get("/players/\(saken.id)/picture").text
    #expect(second.contains(">SA</text>") && second.contains(ImageLibrary.color(for: .mid)))
    // A removed player keeps their picture in Recently removed.
    try await app.store.playerRows.removePlayer(id: saken.id)
    #expect(try await app.client.get("/players/\(saken.id)/picture").text == second)
    #expect(try await app.client.get("/players/\(UUID())/picture").status == 404)
    #expect(try await app.client.get("/players/nobody/picture").status == 404)
  }

  @Test func aPlayersPictureFileWinsOverTheirDrawing() async throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 4, 5, 6]
    try Data(png).write(to: app.folder.appendingPathComponent("images/canna.png"))
    let canna = Player.defaultRoster[0]
    let response = try await app.client.get("/players/\(canna.id)/picture")
    #expect(response.header("content-type") == "image/png" && response.body == png)
  }

  @Test func drawingsAreDeterministicAndCacheable() async throws {
    let first = try await app.client.get("/images/caliste")
    let second = try await app.client.get("/images/caliste")
    #expect(first.body == second.body)
    let etag = try #require(first.header("etag"))
    let revalidated = try await app.client.get("/images/caliste", headers: ["If-None-Match": etag])
    #expect(revalidated.status == 304)
    #expect(revalidated.body.isEmpty)
  }

  @Test func aPseudoInsideAPictureIsEscaped() async throws {
    try await app.store.playerRows.addPlayer(
      PlayerInput(name: "<b>&", position: "Mid", image: "weird"))
    let svg = try await app.client.get("/images/weird").text
    #expect(!svg.contains("<b>") && svg.contains(">B</text>"))
  }

  @Test func aPictureDroppedInTheFolderWhileServingReachesThePagesAndTheChampionRow()
    async throws
  {
    /// The shared champion row's address on a page.
    func row(_ html: String) throws -> String {
      let row = try #require(html.range(of: #"data-more=""#))
      return String(html[row.upperBound...].prefix { $0 != "\"" })
    }
    // Canna plays Jax: drawn inside the page while no file shows him.
    let before = try await app.client.get("/").text
    #expect(before.contains(#"role="img" aria-label="Jax""#) && !before.contains("/images/jax"))
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 4, 5, 6]
    try Data(png).write(to: app.folder.appendingPathComponent("images/jax.png"))
    // The folder is listed at most once a second.
    try await Task.sleep(for: .milliseconds(1_100))
    let after = try await app.client.get("/").text
    #expect(after.contains("/images/jax?v=\(fnv1a(png))"))
    #expect(try row(after) != row(before))
    let champions = try await app.client.get(try row(after)).text
    #expect(champions.contains("/images/jax?v=\(fnv1a(png))"))
  }

  @Test func aFileInTheImagesFolderReplacesTheDrawing() async throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    try Data(png).write(to: app.folder.appendingPathComponent("images/canna.png"))
    let response = try await app.client.get("/images/canna")
    #expect(response.status == 200)
    #expect(response.header("content-type") == "image/png")
    #expect(response.body == png)
    #expect(response.header("content-security-policy")?.contains("sandbox") == true)
  }

  @Test(arguments: [
    "/images/..%2Froster.sqlite", "/images/../roster.sqlite", "/images/.hidden",
    "/images/Canna", "/images/a%2Fb", "/images/%2e%2e", "/images/",
  ])
  func namesOutsideTheRuleAre404AndNeverAFileOutsideTheFolder(path: String) async throws {
    try Data("secret".utf8).write(to: app.folder.appendingPathComponent("images/.hidden.svg"))
    let response = try await app.client.get(path)
    #expect(response.status == 404)
    #expect(!response.text.contains("secret") && !response.text.contains("SQLite"))
  }
}

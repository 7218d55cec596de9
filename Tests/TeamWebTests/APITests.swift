import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

@Suite struct APITests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// The problem document of a refusal, checked to be one.
  func problem(
    _ response: WireResponse, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    #expect(
      response.header("content-type") == "application/problem+json",
      sourceLocation: sourceLocation)
    let problem = try #require(
      try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
      sourceLocation: sourceLocation)
    #expect(problem["status"] as? Int == response.status, sourceLocation: sourceLocation)
    return problem
  }

  @Test func everyRouteDeclaresItsPolicyAndTheWritesNeedAnEditorFromOurOwnPages() {
    let app = WebApp(store: try! RosterStore.inMemory())
    let id = Player.defaultRoster[0].id
    for (method, path) in [
      ("POST", "/api/players"), ("PATCH", "/api/players/\(id)"), ("DELETE", "/api/players/\(id)"),
      ("POST", "/api/trash/\(id)/restore"), ("PUT", "/api/roster/order"),
      ("PUT", "/api/players/\(id)/photo"),
    ] {
      let policy = app.router.policy(method, path)
      #expect(policy?.access == .editor && policy?.origin == .sameOrigin, "\(method) \(path)")
    }
    for (method, path) in [
      ("POST", "/players"), ("POST", "/players/\(id)/delete"), ("POST", "/import"),
      ("POST", "/players/\(id)/edit"),
    ] {
      let policy = app.router.policy(method, path)
      #expect(policy?.access == .editor && policy?.origin == .form, "\(method) \(path)")
    }
    // Forms to change the roster are for editors, even when only read.
    for path in ["/players/new", "/import", "/players/\(id)/edit", "/players/\(id)/delete"] {
      #expect(app.router.policy("GET", path)?.access == .editor, "\(path)")
    }
    #expect(app.router.policy("POST", "/accounts")?.access == .owner)
    #expect(app.router.policy("POST", "/signin")?.access == .anyone)
    #expect(app.router.policy("GET", Asset.stylesheet.path)?.access == .anyone)
    // Photo-sized bodies are for the photo's own routes only.
    #expect(app.routing("PUT", "/api/players/\(id)/photo", "image/png").bodyLimit != nil)
    #expect(app.routing("POST", "/players", "multipart/form-data").bodyLimit != nil)
    #expect(
      app.routing("POST", "/players", "application/x-www-form-urlencoded").bodyLimit == nil)
    #expect(app.routing("POST", "/api/players", "image/png").bodyLimit == nil)
  }

  @Test func anEmptyLineupIsRefusedAsTheSchemasEnumRefusesIt() async throws {
    let response = try await app.postJSON(
      "/api/players", #"{"name":"Upset","position":"ADC","lineup":""}"#)
    #expect(response.status == 400)
    #expect(
      try problem(response)["detail"] as? String
        == "Fix lineup: give “starter” or “substitute”, or leave lineup out")
    #expect(!app.store.players.contains { $0.name == "Upset" })
    // Left out, the roster's rule decides.
    #expect(
      try await app.postJSON("/api/players", #"{"name":"Upset","position":"ADC"}"#).status == 201)
  }

  @Test func aMethodNoRouteTakesIs405WithAllowBeforeAnySignIn() async throws {
    let app = WebApp(
      store: try RosterStore.inMemory(), options: .init(requireLogin: true))
    for method in ["TRACE", "CONNECT", "OPTIONS"] {
      let response = await app.handle(
        HTTPRequest(method: method, path: "/api/players", headers: ["Host": "127.0.0.1"]))
      #expect(response.status == 405, "\(method)")
      #expect(response.header("Allow") == "GET, HEAD, POST")
    }
    // An address with no route at all asks for sign-in first, as a page does.
    let unknown = await app.handle(
      HTTPRequest(method: "GET", path: "/api/nothing", headers: ["Host": "127.0.0.1"]))
    #expect(unknown.status == 401)
  }

  @Test(arguments: [
    "127.0.0.1:1@evil.example", "127.0.0.1:99999", "127.0.0.1:0", "127.0.0.1:", "[::1",
    "127.0.0.1:8a",
  ])
  func aHostThatIsNotNameAndPortIsRefused(host: String) async throws {
    let response = try await app.client.get("/api/players", headers: ["Host": host])
    #expect(response.status == 400)
  }

  @Test func listsPlayersInTheCLIsShape() async throws {
    let response = try await app.client.get("/api/players")
    #expect(response.status == 200)
    #expect(response.header("content-type") == "application/json")
    #expect(response.body == Array(TeamJSON.encode(Player.defaultRoster)))
  }

  @Test func addsAPlayerAnswering201WithItsLocation() async throws {
    let response = try await app.postJSON(
      "/api/players", #"{"name":"Upset","position":"bot","favoriteChampions":["corki","jax"]}"#)
    #expect(response.status == 201)
    let player = try JSONDecoder().decode(Player.self, from: Data(response.body))
    #expect(player.position == .adc && player.image == "player_default")
    #expect(player.favoriteChampions.map(\.id) == ["corki", "jax"])
    #expect(response.header("location") == "/api/players/\(player.id)")
    let fetched = try await app.client.get("/api/players/\(player.id)")
    #expect(try JSONDecoder().decode(Player.self, from: Data(fetched.body)) == player)
  }

  @Test func invalidPlayersAre422WithOneMessagePerField() async throws {
    let response = try await app.postJSON(
      "/api/players",
      #"{"name":"","position":"coach","image":"../x","favoriteChampions":["tomato"]}"#)
    #expect(response.status == 422)
    let errors = try #require(try problem(response)["errors"] as? [[String: String]])
    #expect(
      Set(errors.compactMap { $0["field"] }) == ["name", "position", "image", "favoriteChampions"])
    #expect(errors.allSatisfy { !($0["message"] ?? "").isEmpty })
    #expect(app.store.players.count == 3)
  }

  @Test func aTakenPseudoIs409() async throws {
    let response = try await app.postJSON("/api/players", #"{"name":"CANNA","position":"Top"}"#)
    #expect(response.status == 409)
    #expect(try problem(response)["status"] as? Int == 409)
  }

  @Test func malformedJSONIs400() async throws {
    for body in ["{", #"{"name": 3, "position": "Top"}"#, "[]"] {
      let response = try await app.postJSON("/api/players", body)
      #expect(response.status == 400, "\(body)")
      #expect((try problem(response)["detail"] as? String)?.isEmpty == false)
    }
  }

  @Test func otherMediaTypesAre415() async throws {
    let response = try await app.postJSON(
      "/api/players", "name=X&position=Top", contentType: "application/x-www-form-urlencoded")
    #expect(response.status == 415)
    _ = try problem(response)
  }

  @Test func bodiesOverTheCapAre413AndTheServerCarriesOn() async throws {
    let huge = #"{"name":"\#(String(repeating: "x", count: 70_000))","position":"Top"}"#
    let response = try await app.postJSON("/api/players", huge)
    #expect(response.status == 413)
    _ = try problem(response)
    let form = try await app.client.send(
      "POST", "/players", headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array(repeating: UInt8(ascii: "a"), count: 100_000))
    #expect(form.status == 413)
    // Without a declared length, the body is refused before it is read: 411.
    let chunk = String(repeating: "y", count: 40_000)
    let wired = try TestServer(listening: true)
    let chunked = try wired.wire.exchange(
      Array(
        ("POST /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
          + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "9c40\r\n\(chunk)\r\n9c40\r\n\(chunk)\r\n0\r\n\r\n").utf8))
    #expect(chunked.status == 411)
    #expect(try await app.client.get("/api/players").status == 200)
  }

  @Test func oversizedHeadersAreRefusedWithA4xx() throws {
    let wired = try TestServer(listening: true)
    let response = try wired.wire.get(
      "/", headers: ["X-Big": String(repeating: "h", count: 40_000)])
    #expect((400..<500).contains(response.status))
    #expect(try wired.wire.get("/").status == 200)
  }

  @Test func getsAndDeletesOnePlayer() async throws {
    let targamas = Player.defaultRoster[2]
    #expect(try await app.client.get("/api/players/\(targamas.id)").status == 200)
    #expect(try await app.client.send("DELETE", "/api/players/\(targamas.id)").status == 204)
    let gone = try await app.client.send("DELETE", "/api/players/\(targamas.id)")
    #expect(gone.status == 404)
    _ = try problem(gone)
    #expect(try await app.client.get("/api/players/\(targamas.id)").status == 404)
    #expect(try await app.client.get("/api/players/not-a-uuid").status == 404)
    #expect(app.store.players.count == 2)
  }

  @Test func crossSiteWritesAreRefused() async throws {
    let response = try await app.client.send(
      "DELETE", "/api/players/\(Player.defaultRoster[0].id)",
      headers: ["Origin": "http://evil.example"])
    #expect(response.status == 403)
    #expect(app.store.players.count == 3)
  }

  @Test func requestsAddressedToAnotherNameAreRefused() async throws {
    // A page on an attacker's domain pointed at 127.0.0.1 (DNS rebinding) sends its own Host.
    for path in ["/api/players", "/"] {
      let response = try await app.client.get(path, headers: ["Host": "evil.example"])
      #expect(response.status == 421, "\(path)")
    }
    let write = try await app.client.send(
      "DELETE", "/api/players/\(Player.defaultRoster[0].id)", headers: ["Host": "evil.example:80"])
    #expect(write.status == 421)
    #expect(app.store.players.count == 3)
    for host in ["localhost:8080", "LOCALHOST", "[::1]:8080"] {
      #expect(
        try await app.client.get("/api/players", headers: ["Host": host]).status == 200, "\(host)")
    }
  }

  @Test func theSameSiteIsRecognisedWhateverTheCaseOfItsName() async throws {
    let port = 8080
    let response = try await app.client.send(
      "POST", "/api/players",
      headers: [
        "Host": "LOCALHOST:\(port)", "Origin": "http://localhost:\(port)",
        "Content-Type": "application/json",
      ], body: Array(#"{"name":"Casey","position":"Mid"}"#.utf8))
    #expect(response.status == 201)
    let shouting = try await app.client.send(
      "DELETE", "/api/players/\(Player.defaultRoster[0].id)",
      headers: ["Host": "localhost:\(port)", "Origin": "HTTP://LocalHost:\(port)"])
    #expect(shouting.status == 204)
    #expect(app.store.players.map(\.name) == ["Caliste", "Targamas", "Casey"])
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    let method: String
    let path: String
    var headers: [String: String] = [:]
    let status: Int
    var testDescription: String { "\(method) \(path) → \(status)" }
  }

  /// Every refusal goes through one responder: a problem document under /api, a page
  /// elsewhere, with the same status and headers.
  @Test(arguments: [
    Refusal(method: "GET", path: "/nothing", status: 404),
    Refusal(method: "GET", path: "/players/\(UUID())", status: 404),
    Refusal(method: "PUT", path: "/players/new", status: 405),
    Refusal(method: "GET", path: "/", headers: ["Host": "evil.example"], status: 421),
    Refusal(
      method: "DELETE", path: "/players/\(Player.defaultRoster[0].id)/delete", status: 405),
  ])
  func refusalsArePagesOutsideTheAPIAndProblemsInside(_ refusal: Refusal) async throws {
    let page = try await app.client.send(refusal.method, refusal.path, headers: refusal.headers)
    #expect(page.status == refusal.status)
    #expect(page.header("content-type") == "text/html; charset=utf-8")
    #expect(page.text.contains("<h1>") && page.text.contains(#"href="/""#))
    let apiPath = "/api" + refusal.path
    let api = try await app.client.send(refusal.method, apiPath, headers: refusal.headers)
    if refusal.status != 405 {
      #expect(api.status == refusal.status)
      _ = try problem(api)
    }
    if refusal.status == 405 { #expect(page.header("allow") != nil) }
  }

  @Test func wrongMethodsAre405WithAllow() async throws {
    let response = try await app.client.send("PUT", "/api/players")
    #expect(response.status == 405)
    #expect(response.header("allow") == "GET, HEAD, POST")
    _ = try problem(response)
    let one = try await app.client.send("PUT", "/api/players/\(Player.defaultRoster[0].id)")
    #expect(one.status == 405)
    #expect(one.header("allow") == "GET, HEAD, PATCH, DELETE")
  }

  @Test func unknownAPIPathsAreProblems() async throws {
    let response = try await app.client.get("/api/squads")
    #expect(response.status == 404)
    _ = try problem(response)
  }

  @Test func listsTheChampions() async throws {
    let response = try await app.client.get("/api/champions")
    #expect(
      try JSONDecoder().decode([Champion].self, from: Data(response.body))
        == ChampionCatalog.builtIn.champions)
  }

  @Test func theOpenAPIDocumentDescribesExactlyTheAPIRoutes() async throws {
    let response = try await app.client.get("/api/openapi.json")
    #expect(response.status == 200)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    #expect(document["openapi"] as? String == "3.1.0")
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    var described: Set<String> = []
    for (path, item) in paths {
      for method in item.keys where method != "parameters" {
        described.insert("\(method.uppercased()) \(path)")
      }
    }
    let app = WebApp(store: self.app.store)
    #expect(described == Set(app.apiRoutes))
    #expect(described.count == app.apiRoutes.count)
    // Every described route is served (its own answers, not the router's 404 or 405).
    for route in described where route != "GET /api/events" {  // a stream: EventTests
      let parts = route.split(separator: " ")
      let id = Player.defaultRoster[parts[0] == "DELETE" ? 1 : 0].id
      let path = parts[1].replacingOccurrences(of: "{id}", with: "\(id)")
      let response = try await self.app.client.send(String(parts[0]), path)
      #expect(response.status != 405, "\(route)")
      #expect(!response.text.contains("nothing at this address"), "\(route)")
    }
  }

  @Test func theOpenAPIDocumentDefinesWhatItNames() async throws {
    let document = try JSONSerialization.jsonObject(
      with: Data(try await app.client.get("/api/openapi.json").body))
    let root = try #require(document as? [String: Any])
    let components = try #require(root["components"] as? [String: Any])
    let schemas = try #require(components["schemas"] as? [String: Any])
    // Every reference names a component the document defines.
    var references: Set<String> = []
    func collect(_ value: Any) {
      if let object = value as? [String: Any] {
        if let ref = object["$ref"] as? String { references.insert(ref) }
        object.values.forEach(collect)
      } else if let array = value as? [Any] {
        array.forEach(collect)
      }
    }
    collect(root)
    for reference in references {
      let parts = reference.split(separator: "/").map(String.init)
      #expect(parts.count == 4 && parts[0] == "#", "\(reference)")
      let section = components[parts[2]] as? [String: Any]
      #expect(section?[parts[3]] != nil, "\(reference) is not defined")
    }
    #expect(references.contains("#/components/schemas/Player"))
    #expect(schemas["Problem"] != nil)
    // Each operation has its own id, and declares every parameter of its path.
    var ids: [String] = []
    for (path, item) in try #require(root["paths"] as? [String: [String: Any]]) {
      let names = Set(
        path.split(separator: "/").filter { $0.hasPrefix("{") }.map {
          String($0.dropFirst().dropLast())
        })
      for case let operation as [String: Any] in item.values {
        ids.append(try #require(operation["operationId"] as? String))
        let parameters = operation["parameters"] as? [[String: Any]] ?? []
        let declared = Set(
          parameters.filter { $0["in"] as? String == "path" }.compactMap { $0["name"] as? String })
        #expect(declared == names, "\(path)")
      }
    }
    #expect(Set(ids).count == ids.count)
  }

  @Test func concurrentPostsAreAllKept() async throws {
    let app = self.app
    let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
      for task in 0..<8 {
        group.addTask {
          var statuses: [Int] = []
          for n in 0..<15 {
            statuses.append(
              try await app.postJSON(
                "/api/players", #"{"name":"C\#(task)-\#(n)","position":"Mid"}"#
              )
              .status)
          }
          return statuses
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(statuses.allSatisfy { $0 == 201 })
    #expect(app.store.players.count == 3 + 120)
  }
}

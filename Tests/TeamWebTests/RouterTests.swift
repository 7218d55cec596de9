import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import Testing
import WebBase

@testable import TeamWeb

@Suite struct RouterTests {
  /// A router whose handlers answer with the route they are and the parameters they got.
  static let router: Router = {
    var router = Router()
    for (method, pattern) in [
      ("GET", "/"), ("GET", "/players/new"), ("GET", "/players/{id}"), ("POST", "/players"),
      ("POST", "/players/{id}/delete"), ("DELETE", "/api/players/{id}"),
      ("GET", "/api/players/{id}"),
    ] {
      let policy = RoutePolicy(method == "GET" ? .reader : .editor)
      let endpoint = [Endpoint.deletePlayer, .getPlayer].first {
        $0.method == method && $0.path == pattern
      }
      router.add(method, pattern, policy, endpoint: endpoint) { _, context in
        let text =
          "\(method) \(pattern) "
          + context.parameters.sorted { $0.key < $1.key }
          .map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return HTTPResponse(status: 200, contentType: "text/plain", body: Array(text.utf8))
      }
    }
    return router
  }()

  func answer(_ method: String, _ path: String) async throws -> String {
    let match = try Self.router.match(method, path)
    let response = try await match.route.handler(
      HTTPRequest(method: method, path: path),
      RequestContext(identity: .local, parameters: match.parameters, now: SystemClock.now()))
    return String(decoding: response.body, as: UTF8.self)
  }

  @Test func aRoutesPolicyIsFoundByItsPatternAndMethod() {
    var router = Router()
    router.route(.deletePlayer, RoutePolicy(.editor, .sameOrigin)) { _, _ in
      HTTPResponse(status: 204)
    }
    router.route(.setPhoto, RoutePolicy(.editor, upload: .photo)) { _, _ in
      HTTPResponse(status: 200)
    }
    #expect(router.endpoints.map(\.id) == ["deletePlayer", "setPhoto"])
    #expect(router.policy("DELETE", "/api/players/42")?.origin == .sameOrigin)
    #expect(router.policy("PUT", "/api/players/42/photo")?.upload == .photo)
    #expect(router.policy("GET", "/api/players/42") == nil)  // another method
    #expect(router.policy("DELETE", "/api/players/42/x") == nil)  // no such route
    #expect(router.policy("DELETE", "/api//players/42") == nil)  // not canonical: no route
  }

  /// The OpenAPI document describes the endpoints mounted: an API route is one.
  @Test func anAPIRouteIsMountedOnItsEndpoint() async {
    await #expect(processExitsWith: .failure) {
      var router = Router()
      router.add("GET", "/api/undeclared", RoutePolicy(.reader)) { _, _ in HTTPResponse(status: 200)
      }
    }
  }

  @Test func pathParametersArePassedToTheFirstMatchingRoute() async throws {
    #expect(try await answer("GET", "/") == "GET / ")
    #expect(try await answer("GET", "/players/new") == "GET /players/new ")
    #expect(try await answer("GET", "/players/42") == "GET /players/{id} id=42")
    #expect(try await answer("POST", "/players/42/delete") == "POST /players/{id}/delete id=42")
    #expect(try await answer("GET", "/players/%C3%A9") == "GET /players/{id} id=%C3%A9")
  }

  @Test func headIsServedByTheGetRoute() async throws {
    #expect(try await answer("HEAD", "/players/7") == "GET /players/{id} id=7")
  }

  @Test func anUnknownPathIs404() {
    for path in ["/nothing", "/players/1/2/3", "/api", "/players/1/delete/x"] {
      #expect(throws: HTTPError(404, "There is nothing at this address.")) {
        try Self.router.match("GET", path)
      }
    }
  }

  struct NotAllowed: Sendable, CustomTestStringConvertible {
    let method: String
    let path: String
    let allow: String
    var testDescription: String { "\(method) \(path)" }
  }

  @Test(arguments: [
    // Two GET routes match /players/new: GET and HEAD are still listed once each.
    NotAllowed(method: "POST", path: "/players/new", allow: "GET, HEAD"),
    NotAllowed(method: "PUT", path: "/players", allow: "POST"),
    NotAllowed(method: "POST", path: "/api/players/1", allow: "DELETE, GET, HEAD"),
    NotAllowed(method: "GET", path: "/players/1/delete", allow: "POST"),
  ])
  func aKnownPathWithAnotherMethodIs405ListingEachAllowedMethodOnce(_ case: NotAllowed) {
    let error = #expect(throws: HTTPError.self) {
      try Self.router.match(`case`.method, `case`.path)
    }
    #expect(error?.status == 405)
    #expect(error?.headers["Allow"] == `case`.allow)
  }
}

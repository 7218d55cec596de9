import TeamHTTP
import Testing

@Suite struct RouterTests {
  /// A router whose handlers answer with the route they are and the parameters they got.
  static let router: Router = {
    var router = Router()
    for (method, pattern) in [
      ("GET", "/"), ("GET", "/players/new"), ("GET", "/players/{id}"), ("POST", "/players"),
      ("POST", "/players/{id}/delete"), ("DELETE", "/api/players/{id}"),
      ("GET", "/api/players/{id}"),
    ] {
      router.add(method, pattern) { _, parameters in
        let text =
          "\(method) \(pattern) "
          + parameters.sorted { $0.key < $1.key }
          .map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return HTTPResponse(status: 200, contentType: "text/plain", body: Array(text.utf8))
      }
    }
    return router
  }()

  func answer(_ method: String, _ path: String) throws -> String {
    let response = try Self.router.respond(to: HTTPRequest(method: method, path: path))
    return String(decoding: response.body, as: UTF8.self)
  }

  @Test func aRouteAddedAsNeverWaitingIsKnownByItsPatternAndMethod() {
    var router = Router()
    router.add("DELETE", "/api/players/{id}", neverWaits: true) { _, _ in HTTPResponse(status: 204)
    }
    router.add("PUT", "/api/players/{id}/photo") { _, _ in HTTPResponse(status: 200) }
    #expect(router.neverWaits("DELETE", "/api/players/42"))
    #expect(!router.neverWaits("PUT", "/api/players/42/photo"))
    #expect(!router.neverWaits("GET", "/api/players/42"))  // another method
    #expect(!router.neverWaits("DELETE", "/api/players/42/x"))  // no such route
    #expect(!router.neverWaits("DELETE", "/api//players/42"))  // not canonical: no route
  }

  @Test func pathParametersArePassedToTheFirstMatchingRoute() throws {
    #expect(try answer("GET", "/") == "GET / ")
    #expect(try answer("GET", "/players/new") == "GET /players/new ")
    #expect(try answer("GET", "/players/42") == "GET /players/{id} id=42")
    #expect(try answer("POST", "/players/42/delete") == "POST /players/{id}/delete id=42")
    #expect(try answer("GET", "/players/%C3%A9") == "GET /players/{id} id=%C3%A9")
  }

  @Test func headIsServedByTheGetRoute() throws {
    #expect(try answer("HEAD", "/players/7") == "GET /players/{id} id=7")
  }

  @Test func anUnknownPathIs404() {
    for path in ["/nothing", "/players/1/2/3", "/api", "/players/1/delete/x"] {
      #expect(throws: HTTPError(404, "There is nothing at this address.")) {
        try Self.router.respond(to: HTTPRequest(method: "GET", path: path))
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
      try Self.router.respond(to: HTTPRequest(method: `case`.method, path: `case`.path))
    }
    #expect(error?.status == 405)
    #expect(error?.headers["Allow"] == `case`.allow)
  }

  @Test func whatAHandlerThrowsReachesTheCaller() {
    var router = Router()
    router.add("GET", "/teapot") { _, _ in throw HTTPError(418, "Short and stout.") }
    #expect(throws: HTTPError(418, "Short and stout.")) {
      try router.respond(to: HTTPRequest(method: "GET", path: "/teapot"))
    }
  }
}

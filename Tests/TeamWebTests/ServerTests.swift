import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing

@testable import TeamWeb

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
      try client.exchange(parts: [Array(head.utf8), Array(body.utf8)], pause: .milliseconds(900))
    }
    try await Task.sleep(for: .milliseconds(300))
    let server = app.server
    let stopping = Task.detached { server.stop() }
    let response = try await request.value
    await stopping.value
    #expect(response.status == 201)
    #expect(app.store.players.last?.name == "Late")
    #expect(throws: HTTPClient.ClientError.self) { try client.get("/") }
  }
}

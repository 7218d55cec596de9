import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

@Suite struct ServerTests {
  @Test func aPortInUseIsOneClearError() async throws {
    let app = try TestServer(listening: true)
    let port = try #require(app.server).port
    #expect(throws: HTTPServerError.portInUse(host: "127.0.0.1", port: port)) {
      _ = try WebApp.serve(store: app.store, port: port)
    }
    #expect(try app.wire.get("/").status == 200)
  }
}

/// The database file removed while the server runs: no write is acknowledged any more.
@Suite struct RemovedDatabaseTests {
  @Test func writesGet503AndReadsStillAnswer() async throws {
    let app = try TestServer()
    for suffix in ["", "-wal", "-shm"] { unlink(app.store.path + suffix) }
    let response = try await app.postJSON("/api/players", #"{"name":"Lost","position":"Mid"}"#)
    #expect(response.status == 503)
    #expect(response.text.contains("removed or replaced, so nothing more is saved"))
    #expect(try await app.client.get("/api/players").status == 200)
    #expect(!app.store.players.contains { $0.name == "Lost" })
  }
}

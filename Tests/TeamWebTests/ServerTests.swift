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
}

/// The database file removed while the server runs: no write is acknowledged any more.
@Suite struct RemovedDatabaseTests {
  @Test func writesGet503AndReadsStillAnswer() throws {
    let app = try TestServer()
    for suffix in ["", "-wal", "-shm"] { unlink(app.store.path + suffix) }
    let response = try app.postJSON("/api/players", #"{"name":"Lost","position":"Mid"}"#)
    #expect(response.status == 503)
    #expect(response.text.contains("removed or replaced, so nothing more is saved"))
    #expect(try app.client.get("/api/players").status == 200)
    #expect(!app.store.players.contains { $0.name == "Lost" })
  }
}

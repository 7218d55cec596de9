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

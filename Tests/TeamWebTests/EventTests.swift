import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// `GET /api/events`: live changes, resumable, from this server and from other processes.
@Suite(.timeLimit(.minutes(1))) struct EventTests {
  let app: TestServer

  init() throws { app = try TestServer(listening: true) }

  @Test func aChangeMadeThroughTheAPIReachesAnOpenStream() async throws {
    let events = try app.wire.open("/api/events")
    #expect(events.read(until: "retry: 2000"))
    #expect(events.received.contains("Content-Type: text/event-stream"))
    #expect(
      try await app.postJSON("/api/players", #"{"name":"Live","position":"Mid"}"#).status == 201)
    #expect(events.read(until: #""kind":"added""#))
    #expect(events.received.contains("event: change"))
    #expect(events.received.contains(#""player":"Live""#))
    let id = try #require(try app.store.history().first?.id)
    #expect(events.received.contains("id: \(id)\n"))
  }

  @Test func anotherProcesssChangeReachesTheStreamOnceSeen() async throws {
    let events = try app.wire.open("/api/events")
    #expect(events.read(until: "retry:"))
    try await RosterStore(path: app.store.path).playerRows.addPlayer(
      PlayerInput(name: "FromCLI", position: "Top"))
    try app.store.refresh()  // what `kcorp serve` does every second
    #expect(events.read(until: #""player":"FromCLI""#))
  }

  @Test func lastEventIDResumesWithWhatWasMissed() async throws {
    try await app.store.playerRows.addPlayer(PlayerInput(name: "First", position: "Top"))
    let seen = try #require(try app.store.history().first?.id)
    try await app.store.playerRows.addPlayer(PlayerInput(name: "Missed", position: "Mid"))
    let events = try app.wire.open("/api/events", headers: ["Last-Event-ID": String(seen)])
    #expect(events.read(until: #""player":"Missed""#))
    #expect(!events.received.contains(#""player":"First""#))
  }

  @Test func subscribersPastTheCapGet503AndTheHubForgetsThoseWhoLeft() async throws {
    let hub = EventHub(store: app.store, maxSubscribers: 2)
    let first = try hub.subscribe(lastEventID: nil, in: .english)
    _ = try hub.subscribe(lastEventID: nil, in: .english)
    let error = #expect(throws: HTTPError.self) {
      try hub.subscribe(lastEventID: nil, in: .english)
    }
    #expect(error?.status == 503)
    first.stream?.close()
    // A broadcast.
    try await app.store.playerRows.addPlayer(PlayerInput(name: "Tick", position: "Top"))
    #expect(hub.count == 1)
    #expect(throws: Never.self) { try hub.subscribe(lastEventID: nil, in: .english) }
  }
}

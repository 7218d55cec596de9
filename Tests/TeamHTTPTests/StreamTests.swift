import Foundation
import Synchronization
import TeamHTTP
import TestSupport
import Testing

/// Streamed responses: sent as written, waiting clients cost no thread, stopping ends them.
@Suite(.timeLimit(.minutes(1))) struct StreamTests {
  final class Streams: Sendable {
    let open = Mutex<[ResponseStream]>([])
    let ended = Atomic<Int>(0)
  }

  func server(_ streams: Streams) throws -> HTTPServer {
    try HTTPServer(host: "127.0.0.1", port: 0) { request in
      guard request.path == "/events" else {
        return HTTPResponse(status: 200, contentType: "text/plain", body: Array("page".utf8))
      }
      let stream = ResponseStream { streams.ended.add(1, ordering: .relaxed) }
      stream.send(Array(": hello\n\n".utf8))
      streams.open.withLock { $0.append(stream) }
      var response = HTTPResponse(status: 200, contentType: "text/event-stream", body: [])
      response.stream = stream
      return response
    }
  }

  @Test func whatIsWrittenLaterReachesTheClientOnTheOpenConnection() throws {
    let streams = Streams()
    let server = try server(streams)
    let connection = try HTTPClient(port: server.port).open("/events")
    #expect(connection.read(until: ": hello"))
    #expect(connection.received.contains("text/event-stream"))
    let stream = try #require(streams.open.withLock { $0.first })
    stream.send(Array("data: one\n\n".utf8))
    #expect(connection.read(until: "data: one"))
    stream.send(Array("data: two\n\n".utf8))
    #expect(connection.read(until: "data: two"))
    stream.close()
    #expect(connection.read(until: "\r\n0\r\n\r\n"))  // the chunked body's end
  }

  @Test func manyWaitingStreamsLeaveTheWorkersFreeForPages() throws {
    let streams = Streams()
    let server = try server(streams)
    let client = HTTPClient(port: server.port)
    let connections = try (0..<50).map { _ in try client.open("/events") }
    for connection in connections { #expect(connection.read(until: ": hello")) }
    // Two worker threads, fifty waiting streams: a page is still answered at once.
    let page = try client.get("/")
    #expect(page.status == 200 && page.text == "page")
    for stream in streams.open.withLock({ $0 }) { stream.send(Array("data: all\n\n".utf8)) }
    for connection in connections { #expect(connection.read(until: "data: all")) }
  }

  @Test func stoppingTheServerEndsItsStreams() throws {
    let streams = Streams()
    let server = try server(streams)
    let connection = try HTTPClient(port: server.port).open("/events")
    #expect(connection.read(until: ": hello"))
    server.stop(grace: .seconds(5))
    #expect(connection.isClosedByServer())
    #expect(streams.ended.load(ordering: .relaxed) == 1)
  }

  @Test func aClientThatLeavesEndsItsStream() throws {
    let streams = Streams()
    let server = try server(streams)
    do {
      let connection = try HTTPClient(port: server.port).open("/events")
      #expect(connection.read(until: ": hello"))
    }  // closed here
    let stream = try #require(streams.open.withLock { $0.first })
    // The next write finds the connection gone.
    var ended = false
    for _ in 0..<100 where !ended {
      stream.send(Array(": ping\n\n".utf8))
      usleep(20_000)
      ended = streams.ended.load(ordering: .relaxed) == 1
    }
    #expect(ended)
    #expect(server.port > 0)
  }
}

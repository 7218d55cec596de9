import Foundation
import TeamAPI
import TeamKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Follows the server's `/api/events` for a team: `.changed` on each change made elsewhere,
/// `.disconnected` when the connection is lost, `.connected` when it is back. It reconnects
/// by itself, waiting longer after each failure (half a second, doubling to 15 seconds), and
/// resumes after the last event it had (`Last-Event-ID`).
final class EventFeed: Sendable {
  private let server: TeamServer

  init(server: TeamServer) { self.server = server }

  func stream() -> AsyncStream<SourceEvent> {
    AsyncStream { continuation in
      let task = Task { [server] in await Self.follow(server, continuation) }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private static func follow(
    _ server: TeamServer, _ continuation: AsyncStream<SourceEvent>.Continuation
  ) async {
    var lastEventID: String?
    var wait = 0.5
    var online = true
    while !Task.isCancelled {
      let outcome = await listen(server, after: lastEventID) { event in
        switch event {
        case .opened:
          wait = 0.5
          online = true
          continuation.yield(.connected)
        case .event(let id):
          if let id { lastEventID = id }
          continuation.yield(.changed)
        }
      }
      if outcome == .unauthorized || Task.isCancelled { break }
      if online {
        online = false
        continuation.yield(.disconnected)
      }
      try? await Task.sleep(for: .seconds(wait))
      wait = min(wait * 2, 15)
    }
    continuation.finish()
  }

  private enum Happening {
    case opened
    /// A change (or a reset: too much was missed) with its id.
    case event(id: String?)
  }

  private enum Outcome { case ended, unauthorized }

  /// One connection, until it ends: tells `happened` when it opens and at each event.
  private static func listen(
    _ server: TeamServer, after lastEventID: String?,
    _ happened: (Happening) -> Void
  ) async -> Outcome {
    var request = server.request(Endpoint.followChanges.method, Endpoint.followChanges.path())
    request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
    if let lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
    // Longer than the server's 15-second heartbeat: a silent server is a lost one.
    request.timeoutInterval = 45
    let (chunks, continuation) = AsyncStream<Chunk>.makeStream()
    let delegate = StreamDelegate(continuation)
    let session = URLSession(
      configuration: TeamServer.configuration, delegate: delegate, delegateQueue: nil)
    let task = session.dataTask(with: request)
    task.resume()
    // Cancelled only while it runs: cancelling a task that has just ended races in
    // swift-corelibs-foundation (the cancellation, run later, finds the task gone from its
    // session's registry and traps the process).
    var ended = false
    defer {
      if !ended { task.cancel() }
      session.finishTasksAndInvalidate()
    }
    // A refusal's answer is read to its end, so that its task ends by itself.
    var refused: Outcome?
    var buffer = ""
    for await chunk in chunks {
      if Task.isCancelled { return .ended }
      switch chunk {
      case .response(let status):
        if status == 401 {
          refused = .unauthorized
        } else if status != 200 {
          refused = .ended
        } else {
          happened(.opened)
        }
      case .data(let data):
        guard refused == nil else { continue }
        buffer += String(decoding: data, as: UTF8.self)
        while let end = buffer.range(of: "\n\n") {
          let block = buffer[..<end.lowerBound]
          buffer = String(buffer[end.upperBound...])
          var id: String?
          var name = "message"
          for line in block.split(separator: "\n") {
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
          }
          if name == "change" || name == "reset" { happened(.event(id: id)) }
        }
      case .end:
        ended = true
        return refused ?? .ended
      }
    }
    return refused ?? .ended
  }
}

private enum Chunk: Sendable {
  case response(Int)
  case data(Data)
  case end
}

/// Hands URLSession's callbacks to the listening task.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let continuation: AsyncStream<Chunk>.Continuation

  init(_ continuation: AsyncStream<Chunk>.Continuation) { self.continuation = continuation }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    continuation.yield(.response((response as? HTTPURLResponse)?.statusCode ?? 0))
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    continuation.yield(.data(data))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    continuation.yield(.end)
    continuation.finish()
  }
}

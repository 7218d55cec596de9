import Foundation
import Synchronization
import TeamKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(CCurl)
  /// Files from one mirror (Data Dragon, Riot's API, Discord's), each bounded while it comes in:
  /// a body over its limit is stopped as soon as it passes it (never read whole first), a
  /// redirect is followed only within the mirror's own origin (scheme, host and port), and
  /// every transfer ends by the fetcher's deadline, however slowly a mirror drips. The
  /// transfers run on ``CurlLoop``'s thread, which sleeps while they wait.
  package final class MirrorFetcher: Sendable {
    private let origin: URL
    private let maxBytes: Int
    private let within: Duration
    private let deadline: ContinuousClock.Instant

    /// - Parameters:
    ///   - origin: the mirror's base address; redirects elsewhere are not followed.
    ///   - within: how long every transfer may take, all together.
    package init(origin: URL, maxBytes: Int, within: Duration) {
      self.origin = origin
      self.maxBytes = maxBytes
      self.within = within
      deadline = .now + within
    }

    /// Nothing to end: each transfer ends by itself, by the deadline at the latest.
    package func finish() {}

    /// The body and status of `url`.
    /// - Throws: ``DataDragonError``: unreachable (or past the deadline), or over the limit.
    package func fetch(_ url: URL, path: String) async throws(DataDragonError) -> (Data, Int) {
      let answer = try await answer(to: URLRequest(url: url, timeoutInterval: 30), path: path)
      return (answer.body, answer.status)
    }

    /// The answer to `request`, after at most five redirects within the origin; `path` names
    /// it in messages (never its headers: they may hold a key).
    /// - Throws: ``DataDragonError``: unreachable (or past the deadline), or over the limit.
    package func answer(to request: URLRequest, path: String) async throws(DataDragonError)
      -> Answer
    {
      var request = request
      var url = request.url ?? origin
      var redirects = 0
      while true {
        let left = deadline - .now
        guard left > .zero else { throw late(url) }
        let outcome = await CurlLoop.shared.perform(
          CurlLoop.Request(
            url: url.absoluteString, method: request.httpMethod ?? "GET",
            headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody,
            maxBytes: maxBytes, timeout: left,
            idle: Int(request.timeoutInterval.rounded(.up))))
        let response: CurlLoop.Response
        switch outcome {
        case .success(let answer): response = answer
        case .failure(.overLimit):
          throw .invalid(path, Message("it is over %@ bytes", String(maxBytes)))
        case .failure(.timedOut) where deadline - .now < .milliseconds(250): throw late(url)
        case .failure(.timedOut):
          throw .unreachable(
            url.absoluteString,
            Message(
              "it sent nothing for %@ seconds", String(Int(request.timeoutInterval.rounded(.up)))))
        case .failure(.failed(let reason)):
          throw .unreachable(url.absoluteString, Message(verbatim: reason))
        }
        // Elsewhere, or once too often, the redirect itself is the answer (not 200: the
        // caller says so).
        guard [301, 302, 303, 307, 308].contains(response.status), redirects < 5,
          let location = response.headers["location"],
          let target = URL(string: location, relativeTo: url)?.absoluteURL,
          Self.sameOrigin(target, origin)
        else {
          return Answer(body: response.body, status: response.status, headers: response.headers)
        }
        if response.status == 303 || (request.httpMethod == "POST" && response.status < 303) {
          request.httpMethod = "GET"
          request.httpBody = nil
        }
        url = target
        redirects += 1
      }
    }

    private func late(_ url: URL) -> DataDragonError {
      .unreachable(
        url.absoluteString,
        Message("it took longer than %@ seconds", String(within.components.seconds)))
    }
  }
#else
  /// Files from one mirror (Data Dragon, or a copy in its layout) through URLSession, on Apple
  /// platforms (the server and the CLI, on Linux, use the version over libcurl below), each bounded while it comes
  /// in: a body over its limit is stopped as soon as it passes it (never read whole first), a
  /// redirect is followed only within the mirror's own origin (scheme, host and port), and
  /// every transfer ends by the fetcher's deadline, however slowly a mirror drips. Each
  /// caller is answered the moment its outcome is known, without waiting for the transfer's
  /// cancellation to be reported.
  ///
  /// `@unchecked Sendable`: `session` is set once in `init`; the transfers under way and the
  /// deadline's mark are behind a `Mutex`.
  package final class MirrorFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let origin: URL
    private let maxBytes: Int
    private let within: Duration
    /// Set once in `init` (it needs `self` as its delegate).
    private var session: URLSession?

    private struct Transfer {
      var data = Data()
      let path: String
      let continuation: CheckedContinuation<Answer, any Error>
    }
    private struct State {
      /// By task; an entry leaves when its caller is answered.
      var transfers: [Int: Transfer] = [:]
      /// Past the deadline: no transfer starts any more.
      var timedOut = false
    }
    private let state = Mutex(State())
    /// Signalled when the fetcher is done, so that its deadline's thread ends early.
    private let done = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - origin: the mirror's base address; redirects elsewhere are not followed.
    ///   - within: how long every transfer may take, all together.
    package init(origin: URL, maxBytes: Int, within: Duration) {
      self.origin = origin
      self.maxBytes = maxBytes
      self.within = within
      super.init()
      let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
      self.session = session
      // On a thread of its own: a busy dispatch pool must not put the deadline off.
      let seconds = Double(within.components.seconds)
      let done = done
      Thread.detachNewThread { [weak self] in
        guard done.wait(timeout: .now() + seconds) == .timedOut, let self else { return }
        let late = state.withLock { state in
          defer { state.transfers = [:] }
          state.timedOut = true
          return Array(state.transfers.values)
        }
        for transfer in late { transfer.continuation.resume(throwing: URLError(.timedOut)) }
        session.invalidateAndCancel()
      }
    }

    /// Ends the session once its transfers are done, and the deadline's watch.
    package func finish() {
      done.signal()
      session?.finishTasksAndInvalidate()
    }

    /// The body and status of `url`.
    /// - Throws: ``DataDragonError``: unreachable (or past the deadline), or over the limit.
    package func fetch(_ url: URL, path: String) async throws(DataDragonError) -> (Data, Int) {
      let answer = try await answer(to: URLRequest(url: url, timeoutInterval: 30), path: path)
      return (answer.body, answer.status)
    }

    /// The answer to `request`; `path` names it in messages (never its headers: they may
    /// hold a key).
    /// - Throws: ``DataDragonError``: unreachable (or past the deadline), or over the limit.
    package func answer(to request: URLRequest, path: String) async throws(DataDragonError)
      -> Answer
    {
      let url = request.url ?? origin
      do {
        return try await withCheckedThrowingContinuation { continuation in
          // Made and registered with the deadline's lock held: none starts after it.
          let task = state.withLock { state -> URLSessionDataTask? in
            guard !state.timedOut,
              let task = session?.dataTask(with: request)
            else { return nil }
            state.transfers[task.taskIdentifier] = Transfer(path: path, continuation: continuation)
            return task
          }
          guard let task else { return continuation.resume(throwing: URLError(.timedOut)) }
          task.resume()
        }
      } catch let error as DataDragonError {
        throw error
      } catch {
        if state.withLock({ $0.timedOut }) {
          throw .unreachable(
            url.absoluteString,
            Message("it took longer than %@ seconds", String(within.components.seconds)))
        }
        throw .unreachable(url.absoluteString, Message(verbatim: error.localizedDescription))
      }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let refused = state.withLock { state -> Transfer? in
        guard var transfer = state.transfers[dataTask.taskIdentifier] else { return nil }
        transfer.data.append(data)
        guard transfer.data.count > maxBytes else {
          state.transfers[dataTask.taskIdentifier] = transfer
          return nil
        }
        state.transfers[dataTask.taskIdentifier] = nil
        return transfer
      }
      guard let refused else { return }
      refused.continuation.resume(
        throwing: DataDragonError.invalid(
          refused.path, Message("it is over %@ bytes", String(maxBytes))))
      dataTask.cancel()
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      // Nothing left when its caller was answered already (over the limit, past the deadline).
      guard
        let transfer = state.withLock({ $0.transfers.removeValue(forKey: task.taskIdentifier) })
      else { return }
      if let error {
        transfer.continuation.resume(throwing: error)
      } else {
        let response = task.response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in response?.allHeaderFields ?? [:] {
          headers[name.lowercased()] = value
        }
        transfer.continuation.resume(
          returning: Answer(
            body: transfer.data, status: response?.statusCode ?? 0, headers: headers))
      }
    }

    /// Follows a redirect within the mirror's origin only; elsewhere the redirect itself is
    /// the answer (its status is not 200: the sync says so).
    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
      guard let target = request.url, Self.sameOrigin(target, origin) else {
        return completionHandler(nil)
      }
      completionHandler(request)
    }
  }
#endif

extension MirrorFetcher {
  /// A transfer's outcome: its body, status and headers (their names in lower case).
  package struct Answer: Sendable {
    package var body: Data
    package var status: Int
    package var headers: [String: String]
  }

  /// Whether two addresses have the same scheme, host and port (the scheme's default when
  /// none is given).
  static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
    func port(_ url: URL) -> Int? {
      url.port ?? (url.scheme == "https" ? 443 : url.scheme == "http" ? 80 : nil)
    }
    return one.scheme?.lowercased() == other.scheme?.lowercased()
      && one.host?.lowercased() == other.host?.lowercased() && port(one) == port(other)
  }
}

import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the C callbacks reach through their context pointer.
final class ServerContext: Sendable {
  let handler: @Sendable (HTTPRequest) async -> HTTPResponse
  let maxBodyBytes: Int
  let maxFormBytes: Int
  let router: @Sendable (String, String, String) -> (route: (any Sendable)?, bodyLimit: Int?)
  /// How much longer than the request deadline an upload's body may take.
  let uploadGrace: Duration
  let isSecure: Bool
  /// Requests whose handler had to wait and whose answer is not sent whole yet, by their
  /// state's address: answered 503 when the server stops before they are.
  let exchanges = Mutex<[ObjectIdentifier: RequestState]>([:])
  /// Streams sent and not closed: closed when the server stops (a suspended connection
  /// must be resumed before libmicrohttpd stops).
  let streams = Mutex<[ObjectIdentifier: ResponseStream]>([:])
  /// Set when the server stops: a stream begun after that is closed at once.
  let stopping = Atomic<Bool>(false)
  /// The connections waiting for a request to come in whole.
  let waiting: WaitingConnections
  /// Connections whose request target holds `%00`: libmicrohttpd hands paths and query
  /// values over as C strings, which end at the NUL (``HTTPRequest/targetHasNUL``).
  let targetsWithNUL = ConnectionSet()

  init(
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse, maxBodyBytes: Int,
    maxFormBytes: Int,
    router:
      @escaping @Sendable (String, String, String) -> (route: (any Sendable)?, bodyLimit: Int?),
    isSecure: Bool,
    perAddress: Int, total: Int, uploadGrace: Duration
  ) {
    self.handler = handler
    self.maxBodyBytes = maxBodyBytes
    self.maxFormBytes = maxFormBytes
    self.router = router
    self.uploadGrace = uploadGrace
    self.isSecure = isSecure
    waiting = WaitingConnections(perAddress: max(2, perAddress), total: total)
  }

  /// Requests whose handler started and whose exchange is not over: not answered yet, or
  /// answered and not sent whole yet (or their connection gone).
  let requestsUnderWay = Atomic<Int>(0)

  /// Whether a request whose handler started is still to be answered and sent.
  var hasRequestsUnderWay: Bool { requestsUnderWay.load(ordering: .acquiring) > 0 }
}

/// A set of connections that is nearly always empty: it is locked only while it holds one,
/// so that the requests of every other connection never wait for it.
final class ConnectionSet: Sendable {
  private let members = Mutex<Set<UInt>>([])
  private let count = Atomic<Int>(0)

  /// Puts `connection` in the set, or takes it out.
  func set(_ connection: OpaquePointer, _ isMember: Bool) {
    guard isMember || count.load(ordering: .acquiring) > 0 else { return }
    members.withLock { members in
      if isMember {
        members.insert(UInt(bitPattern: connection))
      } else {
        members.remove(UInt(bitPattern: connection))
      }
      count.store(members.count, ordering: .releasing)
    }
  }

  func contains(_ connection: OpaquePointer) -> Bool {
    count.load(ordering: .acquiring) > 0
      && members.withLock { $0.contains(UInt(bitPattern: connection)) }
  }
}

/// One request being received, then answered; the executor of its handler's task.
///
/// `@unchecked Sendable`: libmicrohttpd calls back for one connection on one thread at a
/// time, so `body`, `tooLarge` and `limit` are never touched concurrently; the answer, which
/// the handler's task gives from any thread, is behind its own lock.
final class RequestState: TaskExecutor, @unchecked Sendable {
  var body: [UInt8] = []
  var tooLarge = false
  /// An upload form's body, received part by part instead of into ``body``.
  var form: MultipartReceiver?
  /// The most body bytes kept for this request.
  var limit = 0
  /// What the server's router found for the request (``HTTPRequest/route``).
  var route: (any Sendable)?
  /// Set once the handler is started.
  var started = false
  /// Set once it waited, and the server keeps it among its exchanges.
  var isKnownToServer = false
  private let exchange = Mutex(Exchange())

  private struct Exchange {
    var answer: HTTPResponse?
    /// The connection, suspended while the handler works; resumed once it answers.
    var suspended: UInt?
  }

  /// Set once the handler's task has started.
  private let running = Atomic(false)

  /// Runs the handler's task where its request was read, on the polling thread, inline,
  /// until it first awaits something that is not ready (a write's commit, a password's
  /// hash); from then on on ``HandlerThreads``. A handler that never waits (a read from
  /// memory) answers with no hop between threads.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // The first job is the task's start, enqueued as the polling thread creates it.
    if !running.exchange(true, ordering: .acquiringAndReleasing) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    } else {
      HandlerThreads.shared.run(job, on: self)
    }
  }

  /// The handler's answer (the first one given: a stop may answer first). Resumes the
  /// connection when it was suspended to wait for it.
  func answer(_ response: HTTPResponse) {
    exchange.withLock { exchange in
      guard exchange.answer == nil else { return }
      exchange.answer = response
      if let bits = exchange.suspended.take() {
        MHD_resume_connection(OpaquePointer(bitPattern: bits))
      }
    }
  }

  /// The answer when it is already given; else suspends `connection` until it is (the lock
  /// held, so that its resumption never comes before its suspension), `waiting` told first.
  func answerOrSuspend(_ connection: OpaquePointer, waiting: () -> Void = {}) -> HTTPResponse? {
    exchange.withLock { exchange in
      if let answer = exchange.answer { return answer }
      waiting()
      exchange.suspended = UInt(bitPattern: connection)
      MHD_suspend_connection(connection)
      return nil
    }
  }
}

// The callbacks are plain nonisolated functions, not closures: libmicrohttpd calls them on
// its own threads, where code inferred to run on the main actor would trap.

func accessHandler(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
  _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
  _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let cls, let connection, let url, let method, let uploadSize, let requestContext else {
    return .NO
  }
  let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
  HTTPServer.markPollingThread()

  // First call: headers only.
  guard let stored = requestContext.pointee else {
    return headersCame(server, connection, url, method, requestContext)
  }
  let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()

  // Body chunks: keep them up to the cap, then only count.
  if uploadSize.pointee > 0 {
    bodyCame(state, uploadData, uploadSize.pointee)
    uploadSize.pointee = 0
    return .YES
  }

  // The whole request is in, or the connection was resumed with the handler's answer.
  guard state.started else { return respond(server, connection, url, method, state) }
  guard let answer = state.answerOrSuspend(connection) else { return .YES }
  return send(answer, on: connection, server: server)
}

/// The first call of a request: its head only. Routes it, and refuses a declared body over
/// the route's cap, or one without a length, before any of it is read.
private func headersCame(
  _ server: ServerContext, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>,
  _ method: UnsafePointer<CChar>,
  _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
) -> MHD_Result {
  let state = RequestState()
  requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
  let typeHeader = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Type")
    .map { String(cString: $0) }
  let type =
    typeHeader?.split(separator: ";").first
    .map { $0.withoutOptionalWhitespace.lowercased() } ?? ""
  // Routed once, here: the route's body limit applies as the body comes, and the handler
  // gets the route found.
  let routed = server.router(String(cString: method), String(cString: url), type)
  state.route = routed.route
  state.limit = routed.bodyLimit ?? server.maxBodyBytes
  // Without a length (nor a transfer coding, refused below) a request has no body: no
  // limit to apply (RFC 9112, 6.3).
  if let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") {
    if state.limit > server.maxBodyBytes {
      server.waiting.receivingUpload(connection, grace: server.uploadGrace)
      // An upload form may be larger: its files over the limit are left out as it comes.
      if type == "multipart/form-data", let typeHeader {
        state.form = MultipartReceiver(contentType: typeHeader, limit: state.limit)
      }
    }
    let cap = state.form == nil ? state.limit : max(state.limit, server.maxFormBytes)
    if let bytes = Int(String(cString: length)), bytes > cap {
      state.tooLarge = true
      return respond(server, connection, url, method, state)
    }
  }
  // A body must say its length. Answered now, before libmicrohttpd reads any of it: a
  // transfer coding other than chunked leaves the body's end unknown (RFC 9112, 6.1,
  // suggests 501; a client's mistake is a 4xx here, as nginx's 400), and libmicrohttpd
  // 0.9.75 answers a chunk line longer than the connection's memory (a long chunk
  // extension) with a 500 of its own, with no hook in between; answering in this first
  // call makes it skip the body. Browsers and URLSession always send Content-Length
  // (RFC 9112, 6.3 lets a server ask for it: 411).
  if let coding = MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") {
    let chunked = String(cString: coding).lowercased() == "chunked"
    return send(
      HTTPResponse(
        status: chunked ? 411 : 400, contentType: "text/plain; charset=utf-8",
        body: Array("Send the body with a Content-Length header, not a transfer coding.\n".utf8)),
      on: connection, server: server)
  }
  return .YES
}

/// A chunk of the body: kept up to the route's cap, then only counted.
private func bodyCame(_ state: RequestState, _ data: UnsafePointer<CChar>?, _ size: Int) {
  if state.form != nil, let data {
    data.withMemoryRebound(to: UInt8.self, capacity: size) {
      state.form?.append(UnsafeBufferPointer(start: $0, count: size))
    }
  } else if !state.tooLarge, let data {
    if state.body.count + size > state.limit {
      state.tooLarge = true
      state.body = []
    } else {
      data.withMemoryRebound(to: UInt8.self, capacity: size) {
        state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
      }
    }
  }
}

/// Builds the request and starts its handler; sends the answer now when the handler gave
/// it at once, else when it comes (the connection suspended meanwhile, so that the polling
/// thread goes on serving the others).
private func respond(
  _ server: ServerContext, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>,
  _ method: UnsafePointer<CChar>, _ state: RequestState
) -> MHD_Result {
  let address = server.waiting.answering(connection)
  let (headers, repeated) = values(of: connection, with: kcorp_mhd_headers, lowercased: true)
  // Two Host headers could name two sites to two readers of the request (RFC 9112, 3.2).
  guard !repeated.contains("host") else {
    return send(
      HTTPResponse(
        status: 400, contentType: "text/plain; charset=utf-8",
        body: Array("Send one Host header.\n".utf8)), on: connection, server: server)
  }
  let request = HTTPRequest(
    method: String(cString: method), path: String(cString: url),
    query: values(of: connection, with: kcorp_mhd_arguments, lowercased: false).values,
    lowercasedHeaders: headers, body: state.form?.body ?? state.body,
    bodyTooLarge: state.tooLarge || state.form?.tooLarge == true,
    droppedFiles: state.form?.droppedFiles ?? [:],
    targetHasNUL: server.targetsWithNUL.contains(connection),
    clientAddress: address ?? kcorp_mhd_client_address(connection).map(numericHost) ?? "",
    isSecure: server.isSecure, route: state.route)
  state.body = []
  state.route = nil
  state.form = nil
  state.started = true
  server.requestsUnderWay.add(1, ordering: .relaxed)
  // On this thread until the handler first waits (``RequestState/enqueue(_:)``): a handler
  // that never waits answers before the task's creation returns.
  Task(executorPreference: state) { [handler = server.handler, request] in
    let response = await handler(request)
    state.answer(response)
  }
  // Known to the server only when it waits: a stop must answer it before libmicrohttpd
  // stops (most requests were answered on the spot).
  guard
    let answer = state.answerOrSuspend(
      connection,
      waiting: {
        state.isKnownToServer = true
        server.exchanges.withLock { $0[ObjectIdentifier(state)] = state }
      })
  else { return .YES }
  return send(answer, on: connection, server: server)
}

/// The most query arguments a request may give.
let maxQueryArguments = 100

/// The answer to a target with more, written by the server itself.
private let tooManyArguments = Array(
  ("HTTP/1.1 414 URI Too Long\r\nContent-Type: text/plain; charset=utf-8\r\n"
    + "Content-Length: 34\r\nConnection: close\r\n\r\n"
    + "Send at most 100 query arguments.\n").utf8)

/// Called with each request's target as sent (still percent-encoded), before it is decoded.
func targetReceived(
  _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  guard let cls, let uri, let connection else { return nil }
  let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
  // libmicrohttpd 0.9.75 stalls on a target with a few hundred query arguments (each takes
  // room in the connection's memory): past a hundred, it is answered 414 at once.
  if let query = strchr(uri, Int32(UInt8(ascii: "?"))) {
    var arguments = 1
    var next = query
    while let separator = strchr(next + 1, Int32(UInt8(ascii: "&"))) {
      arguments += 1
      next = separator
    }
    if arguments > maxQueryArguments { server.waiting.refuse(connection, with: tooManyArguments) }
  }
  // Set, or cleared, for each request on the connection.
  server.targetsWithNUL.set(connection, strstr(uri, "%00") != nil)
  return nil
}

func connectionNotified(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ code: MHD_ConnectionNotificationCode
) {
  guard let cls, let connection else { return }
  let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
  if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
    server.waiting.opened(
      connection, socket: kcorp_mhd_connection_fd(connection),
      address: kcorp_mhd_client_address(connection).map(numericHost) ?? "")
  } else {
    server.waiting.closed(connection)
    server.targetsWithNUL.set(connection, false)
  }
}

func requestCompleted(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ reason: MHD_RequestTerminationCode
) {
  guard let cls, let stored = requestContext?.pointee else { return }
  let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
  if let connection { server.waiting.answered(connection) }
  let state = Unmanaged<RequestState>.fromOpaque(stored).takeRetainedValue()
  if state.started { server.requestsUnderWay.subtract(1, ordering: .releasing) }
  if state.isKnownToServer {
    _ = server.exchanges.withLock { $0.removeValue(forKey: ObjectIdentifier(state)) }
  }
  requestContext?.pointee = nil
}

/// Queues `response` on `connection` (its exchange is over once sent: ``requestCompleted``).
private func send(_ response: HTTPResponse, on connection: OpaquePointer, server: ServerContext)
  -> MHD_Result
{
  let mhdResponse: OpaquePointer?
  if let stream = response.stream {
    let key = ObjectIdentifier(stream)
    server.streams.withLock { $0[key] = stream }
    stream.attach(connection, socket: kcorp_mhd_connection_fd(connection)) { [weak server] in
      _ = server?.streams.withLock { $0.removeValue(forKey: key) }
    }
    if server.stopping.load(ordering: .acquiring) { stream.close() }
    let retained = Unmanaged.passRetained(stream).toOpaque()
    mhdResponse = kcorp_mhd_stream_response(streamReader, retained, streamEnded)
    // Not queued: ended now, as libmicrohttpd will never call back.
    if mhdResponse == nil { streamEnded(retained) }
  } else {
    mhdResponse = response.body.withUnsafeBytes {
      kcorp_mhd_response($0.baseAddress, $0.count)
    }
  }
  guard let mhdResponse else { return .NO }
  defer { MHD_destroy_response(mhdResponse) }
  var headers = response.headers
  // While the server stops, each connection closes once answered: the stop waits for the
  // requests under way, and a kept-alive client would go on bringing new ones.
  if server.stopping.load(ordering: .acquiring), response.header("Connection") == nil {
    headers.append(("Connection", "close"))
  }
  addHeaders(headers, to: mhdResponse)
  return kcorp_mhd_queue(connection, UInt32(response.status), mhdResponse) != 0 ? .YES : .NO
}

/// Adds the headers, their names and values written as C strings into one buffer: passed
/// one by one, each short string (most names and values) would be copied to the heap first.
private func addHeaders(_ headers: [(name: String, value: String)], to response: OpaquePointer) {
  let size = headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 }
  withUnsafeTemporaryAllocation(of: CChar.self, capacity: size) { buffer in
    var end = 0
    /// Writes `text` and its NUL; returns where it starts.
    func write(_ text: String) -> Int {
      let start = end
      var text = text
      text.withUTF8 {
        UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start...]))
          .copyMemory(from: UnsafeRawBufferPointer($0))
      }
      end += text.utf8.count
      buffer[end] = 0
      end += 1
      return start
    }
    guard let base = buffer.baseAddress else { return }
    for header in headers {
      let name = write(header.name)
      let value = write(header.value)
      _ = MHD_add_response_header(response, base + name, base + value)
    }
  }
}

/// `127.0.0.1` or `::1`: an address as text, without a port or an IPv6 zone (`%eth0`, which
/// never appears in a `Host` header).
public func numericHost(_ address: UnsafePointer<sockaddr>) -> String {
  var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
  let length =
    address.pointee.sa_family == sa_family_t(AF_INET6)
    ? socklen_t(MemoryLayout<sockaddr_in6>.size) : socklen_t(MemoryLayout<sockaddr_in>.size)
  guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
  else { return "" }
  let text = String(decoding: host.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
  return String(text.split(separator: "%").first ?? "")
}

/// Collects a connection's headers or query arguments into a dictionary.
private func values(
  of connection: OpaquePointer,
  with collect: (OpaquePointer?, MHD_KeyValueIterator?, UnsafeMutableRawPointer?) -> Int32,
  lowercased: Bool
) -> (values: [String: String], repeated: Set<String>) {
  struct Collected {
    var values: [String: String] = [:]
    var repeated: Set<String> = []
    let lowercased: Bool
  }
  var collected = Collected(lowercased: lowercased)
  withUnsafeMutablePointer(to: &collected) { pointer in
    _ = collect(
      connection,
      { cls, _, key, value in
        guard let collected = cls?.assumingMemoryBound(to: Collected.self), let key else {
          return .YES
        }
        let name =
          collected.pointee.lowercased ? String(cString: key).lowercased() : String(cString: key)
        if collected.pointee.values[name] != nil { collected.pointee.repeated.insert(name) }
        collected.pointee.values[name] = value.map { String(cString: $0) } ?? ""
        return .YES
      }, UnsafeMutableRawPointer(pointer))
  }
  return (collected.values, collected.repeated)
}

extension Substring {
  /// Without the spaces and tabs around it (HTTP's optional whitespace), read on the
  /// polling thread for every request: Foundation's trimming goes through UTF-16.
  var withoutOptionalWhitespace: Substring {
    let start = utf8.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? endIndex
    let end = utf8.lastIndex { $0 != 0x20 && $0 != 0x09 }.map(utf8.index(after:)) ?? start
    return self[start..<Swift.max(start, end)]
  }
}

import CMicroHTTPD
import CTCPInfo
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
#endif

/// Why the server could not start; its description is one line a user can act on.
public enum HTTPServerError: Error, Hashable, CustomStringConvertible, Sendable {
  /// Another program listens on this port.
  case portInUse(host: String, port: Int)
  /// `host` is not an address of this machine (or not an address at all).
  case addressNotAvailable(host: String)
  /// Ports below 1024 need privileges.
  case permissionDenied(host: String, port: Int)
  /// Any other failure of the system or of libmicrohttpd, with its reason.
  case cannotListen(host: String, port: Int, reason: String)

  public var description: String {
    switch self {
    case .portInUse(let host, let port):
      "Cannot listen on \(host):\(port): port \(port) on \(host) is already in use; stop the other server or choose another port."
    case .addressNotAvailable(let host):
      "Cannot listen on “\(host)”: not an address of this machine; use 127.0.0.1, ::1 or one of its own addresses."
    case .permissionDenied(let host, let port):
      "Cannot listen on \(host):\(port): ports below 1024 need privileges; choose a port of 1024 or more."
    case .cannotListen(let host, let port, let reason):
      "Cannot listen on \(host):\(port): \(reason)."
    }
  }
}

/// An HTTP/1.1 server on libmicrohttpd: a few polling threads call `handler` for reads and
/// for requests that never wait (``Limits/neverWaits``), worker threads for the others that
/// may, all concurrently. This file is the only Swift code that touches the C API.
public final class HTTPServer: Sendable {
  /// The limits that keep one client from starving the others.
  public struct Limits: Sendable {
    /// Seconds an idle connection is kept.
    public var connectionTimeout: UInt32 = 15
    public var maxConnections: UInt32 = 512
    public var maxConnectionsPerIP: UInt32 = 128
    /// Seconds a client has to send a whole request, headers and body, from when it
    /// connects or was last answered: a slow sender is cut off (nginx's
    /// `client_header_timeout`). When more than half of ``maxConnectionsPerIP`` of an
    /// address's connections wait for their request, the oldest is cut off too, so that
    /// slow connections never lock out a browser sharing the address.
    public var requestDeadline: Duration = .seconds(10)
    /// The same for a request allowed a larger body (``largerBodyLimit``, a photo): a phone
    /// on a slow network may take this long to send a few megabytes.
    public var uploadDeadline: Duration = .seconds(120)
    /// Larger request bodies are not kept: the handler sees ``HTTPRequest/bodyTooLarge``.
    public var maxBodyBytes = 64 * 1024
    /// A larger limit for some requests (uploads), by method, path and media type (lower
    /// case, without parameters); nil keeps ``maxBodyBytes``.
    public var largerBodyLimit:
      @Sendable (_ method: String, _ path: String, _ contentType: String) -> Int? = { _, _, _ in
        nil
      }
    /// Requests, by method and path, whose handler never waits for slow work, as a `GET`'s
    /// (it answers at once, or with ``HTTPResponse/later(_:)`` when something else does
    /// it): answered on the polling thread. Any other request that is not a `GET` or `HEAD`
    /// may wait (a disk sync, a password hash) and is answered on a worker thread.
    public var neverWaits: @Sendable (_ method: String, _ path: String) -> Bool = { _, _ in false }
    /// Memory for one connection's request line and headers; larger headers are refused.
    public var maxHeaderBytes = 16 * 1024
    public var threads = UInt32(max(2, ProcessInfo.processInfo.activeProcessorCount))

    public init() {}
  }

  /// A certificate and its private key, in PEM, to serve HTTPS.
  public struct TLS: Sendable {
    public var certificatePEM: String
    public var privateKeyPEM: String

    public init(certificatePEM: String, privateKeyPEM: String) {
      self.certificatePEM = certificatePEM
      self.privateKeyPEM = privateKeyPEM
    }
  }

  /// The address the server listens on, as given.
  public let host: String
  /// The port it listens on (the one chosen by the system when asked for port 0).
  public let port: Int

  private let daemon: Mutex<OpaquePointer?>
  private let context: ServerContext
  /// Cuts off connections past ``Limits/requestDeadline``.
  private let sweeper: Sweeper

  /// Starts listening; returns once connections are accepted.
  /// - Throws: ``HTTPServerError`` when the address cannot be bound (port in use, …).
  /// - Parameter tls: serve HTTPS with this certificate (nil: plain HTTP).
  public init(
    host: String, port: Int, limits: Limits = Limits(), tls: TLS? = nil,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(HTTPServerError) {
    let (socket, boundPort) = try Self.listeningSocket(host: host, port: port)
    let context = ServerContext(
      handler: handler, maxBodyBytes: limits.maxBodyBytes,
      largerBodyLimit: limits.largerBodyLimit, neverWaits: limits.neverWaits, isSecure: tls != nil,
      perAddress: Int(limits.maxConnectionsPerIP),
      uploadGrace: limits.uploadDeadline - limits.requestDeadline)
    let pointer = Unmanaged.passUnretained(context).toOpaque()
    // GnuTLS reads the PEM strings while the daemon starts.
    func start(_ key: UnsafePointer<CChar>?, _ certificate: UnsafePointer<CChar>?)
      -> OpaquePointer?
    {
      kcorp_mhd_start(
        socket, limits.threads, accessHandler, pointer, requestCompleted, pointer,
        connectionNotified, pointer, targetReceived, pointer,
        // The per-address limit is kept by WaitingConnections, which makes room for a new
        // connection by cutting the address's oldest waiting one; libmicrohttpd's own limit
        // would refuse the newcomer while the cut ones are still being closed.
        limits.connectionTimeout, limits.maxConnections, limits.maxConnections,
        limits.maxHeaderBytes, key, certificate)
    }
    let daemon =
      if let tls {
        tls.privateKeyPEM.withCString { key in
          tls.certificatePEM.withCString { certificate in start(key, certificate) }
        }
      } else {
        start(nil, nil)
      }
    guard let daemon else {
      close(socket)
      throw .cannotListen(
        host: host, port: boundPort,
        reason: tls == nil
          ? "libmicrohttpd did not start"
          : "libmicrohttpd did not start with this certificate and key (are they PEM, and a pair?)")
    }
    self.host = host
    self.port = boundPort
    self.context = context
    self.daemon = Mutex(daemon)
    // A Dispatch timer, not a task: tasks share a few threads that busy handlers elsewhere
    // in the process may hold.
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
    timer.setEventHandler { [deadline = limits.requestDeadline] in
      context.waiting.cutOff(waitingSince: .now - deadline)
    }
    timer.resume()
    sweeper = Sweeper(timer)
  }

  deinit { stop() }

  /// Stops accepting connections, lets requests in progress finish (up to `grace` seconds),
  /// then closes every connection. Calling it again does nothing.
  public func stop(grace: Duration = .seconds(10)) {
    guard let daemon = daemon.withLock({ $0.take() }) else { return }
    sweeper.cancel()
    let listening = MHD_quiesce_daemon(daemon)
    if listening >= 0 { close(listening) }
    context.stopping.store(true, ordering: .releasing)
    let clock = ContinuousClock()
    let deadline = clock.now + grace
    repeat {
      // Closed again on each turn: a request already on a kept-alive connection may open one.
      for stream in context.streams.withLock({ Array($0.values) }) { stream.close() }
      usleep(5_000)
    } while context.inFlight.load(ordering: .acquiring) > 0 && clock.now < deadline
    MHD_stop_daemon(daemon)
  }

  /// Opens a listening TCP socket on `host:port` (numeric address or `localhost`).
  private static func listeningSocket(host: String, port: Int) throws(HTTPServerError) -> (
    Int32, Int
  ) {
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_socktype = streamSocket
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else {
      throw .addressNotAvailable(host: host)
    }
    defer { freeaddrinfo(found) }
    let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
    guard fd >= 0 else {
      throw .cannotListen(host: host, port: port, reason: errorText())
    }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    guard bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
      let error: HTTPServerError =
        switch errno {
        case EADDRINUSE: .portInUse(host: host, port: port)
        case EADDRNOTAVAIL: .addressNotAvailable(host: host)
        case EACCES: .permissionDenied(host: host, port: port)
        default: .cannotListen(host: host, port: port, reason: errorText())
        }
      close(fd)
      throw error
    }
    guard listen(fd, 1024) == 0 else {
      let reason = errorText()
      close(fd)
      throw .cannotListen(host: host, port: port, reason: reason)
    }
    var bound = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &bound) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    let boundPort = withUnsafePointer(to: &bound) { pointer in
      pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        Int(UInt16(bigEndian: $0.pointee.sin_port))  // same offset in sockaddr_in6
      }
    }
    return (fd, boundPort)
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// What the C callbacks reach through their context pointer.
private final class ServerContext: Sendable {
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let maxBodyBytes: Int
  let largerBodyLimit: @Sendable (String, String, String) -> Int?
  let neverWaits: @Sendable (String, String) -> Bool
  /// How much longer than the request deadline an upload's body may take.
  let uploadGrace: Duration
  let isSecure: Bool
  /// Requests begun and not yet completed.
  let inFlight = Atomic<Int>(0)
  /// Streams sent and not closed: closed when the server stops (a suspended connection
  /// must be resumed before libmicrohttpd stops).
  let streams = Mutex<[ObjectIdentifier: ResponseStream]>([:])
  /// Set when the server stops: a stream begun after that is closed at once.
  let stopping = Atomic<Bool>(false)
  /// The connections waiting for a request to come in whole.
  let waiting: WaitingConnections
  /// Connections whose request target holds `%00`: libmicrohttpd hands paths and query
  /// values over as C strings, which end at the NUL (``HTTPRequest/targetHasNUL``).
  let targetsWithNUL = Mutex<Set<UInt>>([])
  /// The threads that answer requests that may wait (writes).
  let workers = WorkerThreads()

  init(
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, maxBodyBytes: Int,
    largerBodyLimit: @escaping @Sendable (String, String, String) -> Int?,
    neverWaits: @escaping @Sendable (String, String) -> Bool, isSecure: Bool,
    perAddress: Int, uploadGrace: Duration
  ) {
    self.neverWaits = neverWaits
    self.uploadGrace = uploadGrace
    self.handler = handler
    self.maxBodyBytes = maxBodyBytes
    self.largerBodyLimit = largerBodyLimit
    self.isSecure = isSecure
    waiting = WaitingConnections(perAddress: max(2, perAddress))
  }
}

/// Threads for work that may block (a disk sync, a password hash), one per piece of work
/// under way: an idle thread takes the next piece, a new one starts when none is idle, and
/// one idle for ``idleLifetime`` ends. Under a stream of writes no thread is started per
/// request; at rest none is kept.
final class WorkerThreads: @unchecked Sendable {
  /// `@unchecked Sendable`: every field is read and written with `condition` locked.
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var idle = 0
  private let idleLifetime: TimeInterval

  init(idleLifetime: TimeInterval = 5) { self.idleLifetime = idleLifetime }

  /// How many threads wait for work.
  var idleThreads: Int {
    condition.lock()
    defer { condition.unlock() }
    return idle
  }

  /// Runs `work` on a thread of its own: an idle one for each piece waiting, else a new one
  /// (work may wait for other work, as a write waits for the commit under way).
  func run(_ work: @escaping @Sendable () -> Void) {
    condition.lock()
    queue.append(work)
    let start = queue.count > idle
    if !start { condition.signal() }
    condition.unlock()
    if start { Thread.detachNewThread { [self] in serve() } }
  }

  private func serve() {
    condition.lock()
    while true {
      while queue.isEmpty {
        idle += 1
        let woken = condition.wait(until: Date(timeIntervalSinceNow: idleLifetime))
        idle -= 1
        if !woken && queue.isEmpty {
          condition.unlock()
          return
        }
      }
      let work = queue.removeFirst()
      condition.unlock()
      work()
      condition.lock()
    }
  }
}

/// `@unchecked Sendable`: Dispatch sources may be used from any thread.
private final class Sweeper: @unchecked Sendable {
  private let timer: any DispatchSourceTimer
  init(_ timer: any DispatchSourceTimer) { self.timer = timer }
  func cancel() { timer.cancel() }
}

/// Every connection, and since when it waits for its next request to come in whole; those
/// past the deadline are cut off (their socket shut down: libmicrohttpd then closes them).
/// An address may hold ``perAddress`` connections, half of them waiting: past either, its
/// oldest waiting connection is cut off to make room for the new one, so slow clients never
/// lock out a browser on the same address.
final class WaitingConnections: Sendable {
  private struct Entry {
    let socket: Int32
    let address: String
    /// Since when it waits for a request; nil while one is answered (or streamed).
    var since: ContinuousClock.Instant?
    /// Time granted beyond the deadline: an upload's body may take longer to come.
    var grace: Duration = .zero
    /// Bytes the kernel had received when it began to wait, and when last seen, with when
    /// that count last grew.
    var baseline: UInt64 = 0
    var received: UInt64 = 0
    var progress: ContinuousClock.Instant = .now
  }

  /// The answer to a request that can never be read whole: it stopped, or its client closed
  /// its side, before its end (TLS sent to the plain port, a body shorter than announced).
  /// Written by the server itself: libmicrohttpd waits for the rest and gives no hook.
  private static let incomplete = Array(
    ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: 58\r\nConnection: close\r\n\r\n"
      + "Send a whole HTTP request: this one stopped before its end.").utf8)

  #if os(Linux)
    private static let sendFlags = Int32(MSG_NOSIGNAL | MSG_DONTWAIT)
  #else
    private static let sendFlags = Int32(MSG_DONTWAIT)
  #endif

  /// The kernel's count of bytes received on `socket`, and whether its peer closed its side.
  private static func progress(_ socket: Int32) -> (received: UInt64, peerClosed: Bool)? {
    var received: UInt64 = 0
    var closed: Int32 = 0
    return kcorp_tcp_progress(socket, &received, &closed) == 0 ? (received, closed != 0) : nil
  }

  /// By connection (its address in memory, as a number: pointers are not Sendable).
  private let entries = Mutex<[UInt: Entry]>([:])
  private let perAddress: Int

  init(perAddress: Int) { self.perAddress = perAddress }

  /// A connection opened; when its address has too many, the address's oldest waiting one
  /// is cut off (the new one itself only when none of the others waits).
  func opened(_ connection: OpaquePointer, socket: Int32, address: String) {
    entries.withLock { entries in
      let key = UInt(bitPattern: connection)
      // Whatever it has received so far (a client sends at once) is its first request's.
      entries[key] = Entry(socket: socket, address: address, since: .now)
      let same = entries.filter { $0.value.address == address }
      let waiting = same.filter { $0.value.since != nil }
      guard same.count > perAddress || waiting.count > perAddress / 2 else { return }
      let oldest = waiting.filter { $0.key != key }
        .min { ($0.value.since ?? .now) < ($1.value.since ?? .now) }
      let cut = oldest?.key ?? key
      if let entry = entries[cut] { shutdown(entry.socket, Int32(SHUT_RDWR)) }
      entries[cut] = nil
    }
  }

  /// Its request is in: it is being answered.
  func answering(_ connection: OpaquePointer) {
    entries.withLock { $0[UInt(bitPattern: connection)]?.since = nil }
  }

  /// Answered: it waits for its next request.
  func answered(_ connection: OpaquePointer) {
    entries.withLock { entries in
      let key = UInt(bitPattern: connection)
      guard var entry = entries[key] else { return }
      entry.since = .now
      entry.grace = .zero
      entry.baseline = Self.progress(entry.socket)?.received ?? entry.baseline
      entry.received = entry.baseline
      entry.progress = .now
      entries[key] = entry
    }
  }

  /// Its request's headers announce an upload: its body gets `grace` more to come in.
  func receivingUpload(_ connection: OpaquePointer, grace: Duration) {
    entries.withLock { $0[UInt(bitPattern: connection)]?.grace = grace }
  }

  func closed(_ connection: OpaquePointer) {
    _ = entries.withLock { $0.removeValue(forKey: UInt(bitPattern: connection)) }
  }

  /// Cuts off the connections waiting since before `limit`, and answers 400 to those whose
  /// request began but can never end: its client closed its side, or sent nothing more for
  /// `stall` (uploads excepted: a phone may pause).
  func cutOff(waitingSince limit: ContinuousClock.Instant, stall: Duration = .milliseconds(1500)) {
    let now = ContinuousClock.now
    entries.withLock { entries in
      for (key, var entry) in entries {
        guard let since = entry.since else { continue }
        if since + entry.grace < limit {
          shutdown(entry.socket, Int32(SHUT_RDWR))
          entries[key] = nil
          continue
        }
        guard let (received, peerClosed) = Self.progress(entry.socket) else { continue }
        if received != entry.received {
          entry.received = received
          entry.progress = now
          entries[key] = entry
        }
        let begun = received > entry.baseline
        let stalled = entry.grace == .zero && now - entry.progress > stall
        guard begun, peerClosed || stalled else { continue }
        _ = Self.incomplete.withUnsafeBytes {
          send(entry.socket, $0.baseAddress, $0.count, Self.sendFlags)
        }
        shutdown(entry.socket, Int32(SHUT_RDWR))
        entries[key] = nil
      }
    }
  }
}

/// One request being received.
///
/// `@unchecked Sendable`: libmicrohttpd calls back for one connection on one thread at a
/// time, so its fields are never touched concurrently.
private final class RequestState: @unchecked Sendable {
  var body: [UInt8] = []
  var tooLarge = false
  /// The most body bytes kept for this request.
  var limit = 0
  /// Set while the request's answer is made on another thread (its connection suspended).
  var answeredElsewhere = false
  /// That answer, queued once the connection is resumed.
  let answer = Mutex<HTTPResponse?>(nil)
}

// The callbacks are plain nonisolated functions, not closures: libmicrohttpd calls them on
// its own threads, where code inferred to run on the main actor would trap.

private func accessHandler(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
  _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
  _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let cls, let connection, let url, let method, let uploadSize, let requestContext else {
    return .NO
  }
  let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()

  // First call: headers only. Refuse a declared body over the cap before reading it.
  guard let stored = requestContext.pointee else {
    let state = RequestState()
    requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
    server.inFlight.add(1, ordering: .relaxed)
    let type =
      MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Type")
      .map { String(cString: $0) }?.split(separator: ";").first
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    state.limit =
      server.largerBodyLimit(String(cString: method), String(cString: url), type)
      ?? server.maxBodyBytes
    if state.limit > server.maxBodyBytes {
      server.waiting.receivingUpload(connection, grace: server.uploadGrace)
    }
    let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
    if let length, let bytes = Int(String(cString: length)), bytes > state.limit {
      state.tooLarge = true
      return respond(server, connection, url, method, state)
    }
    // A transfer coding other than chunked leaves the body's end unknown: refused at once
    // rather than waiting for a body that cannot be read (RFC 9112, 6.1, suggests 501; a
    // client's mistake is a 4xx here, as nginx's 400 for a coding it cannot combine).
    if let coding = MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding"),
      String(cString: coding).lowercased() != "chunked"
    {
      return send(
        HTTPResponse(
          status: 400, contentType: "text/plain; charset=utf-8",
          body: Array("Send the body with Content-Length or chunked, no other coding.\n".utf8)),
        on: connection, server: server)
    }
    return .YES
  }
  let state = Unmanaged<RequestState>.fromOpaque(stored).takeUnretainedValue()

  // Body chunks: keep them up to the cap, then only count.
  if uploadSize.pointee > 0 {
    if !state.tooLarge, let uploadData {
      if state.body.count + uploadSize.pointee > state.limit {
        state.tooLarge = true
        state.body = []
      } else {
        uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
          state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
        }
      }
    }
    uploadSize.pointee = 0
    return .YES
  }

  // The whole request is in, or the answer made on another thread is ready.
  if state.answeredElsewhere {
    guard let answer = state.answer.withLock({ $0.take() }) else { return .YES }
    return send(answer, on: connection, server: server)
  }
  return respond(server, connection, url, method, state)
}

/// Builds the request, asks the handler for the response and queues it.
private func respond(
  _ server: ServerContext, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>,
  _ method: UnsafePointer<CChar>, _ state: RequestState
) -> MHD_Result {
  server.waiting.answering(connection)
  var request = HTTPRequest(
    method: String(cString: method), path: String(cString: url), body: state.body)
  request.bodyTooLarge = state.tooLarge
  let (headers, repeated) = values(of: connection, with: kcorp_mhd_headers, lowercased: true)
  request.targetHasNUL = server.targetsWithNUL.withLock {
    $0.contains(UInt(bitPattern: connection))
  }
  // Two Host headers could name two sites to two readers of the request (RFC 9112, 3.2).
  guard !repeated.contains("host") else {
    return send(
      HTTPResponse(
        status: 400, contentType: "text/plain; charset=utf-8",
        body: Array("Send one Host header.\n".utf8)), on: connection, server: server)
  }
  request.headers = headers
  request.query = values(of: connection, with: kcorp_mhd_arguments, lowercased: false).values
  request.clientAddress = kcorp_mhd_client_address(connection).map(numericHost) ?? ""
  request.isSecure = server.isSecure
  guard
    request.method == "GET" || request.method == "HEAD"
      || server.neverWaits(request.method, request.path)
  else {
    // A request that may change something can wait for a disk sync (or hash a password):
    // it is answered on a thread of its own while its connection is suspended, so that
    // the polling thread goes on serving the others. libmicrohttpd calls back once the
    // connection is resumed.
    answerLater(connection, state) { answer in
      server.workers.run { [handler = server.handler, request] in
        let response = handler(request)
        if let later = response.later { later(answer) } else { answer(response) }
      }
    }
    return .YES
  }
  let response = server.handler(request)
  if let later = response.later {
    answerLater(connection, state, later)
    return .YES
  }
  return send(response, on: connection, server: server)
}

/// Suspends `connection` until `start`'s answer comes (from any thread), then resumes it:
/// libmicrohttpd calls back, and the answer is sent.
private func answerLater(
  _ connection: OpaquePointer, _ state: RequestState,
  _ start: (@escaping @Sendable (HTTPResponse) -> Void) -> Void
) {
  state.answeredElsewhere = true
  MHD_suspend_connection(connection)
  let connectionBits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
  start { response in
    state.answer.withLock { $0 = response }
    MHD_resume_connection(OpaquePointer(bitPattern: connectionBits))
  }
}

/// Called with each request's target as sent (still percent-encoded), before it is decoded.
private func targetReceived(
  _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  guard let cls, let uri, let connection else { return nil }
  let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
  let hasNUL = strstr(uri, "%00") != nil
  let key = UInt(bitPattern: connection)
  _ = server.targetsWithNUL.withLock { hasNUL ? $0.insert(key).inserted : $0.remove(key) != nil }
  return nil
}

private func connectionNotified(
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
    _ = server.targetsWithNUL.withLock { $0.remove(UInt(bitPattern: connection)) }
  }
}

private func requestCompleted(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ reason: MHD_RequestTerminationCode
) {
  guard let cls, let stored = requestContext?.pointee else { return }
  if let connection {
    Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().waiting.answered(connection)
  }
  Unmanaged<RequestState>.fromOpaque(stored).release()
  requestContext?.pointee = nil
  Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    .inFlight.subtract(1, ordering: .releasing)
}

private func send(
  _ response: HTTPResponse, on connection: OpaquePointer, server: ServerContext
) -> MHD_Result {
  let mhdResponse: OpaquePointer?
  if let stream = response.stream {
    let key = ObjectIdentifier(stream)
    server.streams.withLock { $0[key] = stream }
    stream.attach(connection) { [weak server] in
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
  for header in response.headers {
    _ = MHD_add_response_header(mhdResponse, header.name, header.value)
  }
  return kcorp_mhd_queue(connection, UInt32(response.status), mhdResponse) != 0 ? .YES : .NO
}

/// `127.0.0.1` or `::1`: an address as text, without a port.
func numericHost(_ address: UnsafePointer<sockaddr>) -> String {
  var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
  let length =
    address.pointee.sa_family == sa_family_t(AF_INET6)
    ? socklen_t(MemoryLayout<sockaddr_in6>.size) : socklen_t(MemoryLayout<sockaddr_in>.size)
  guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
  else { return "" }
  return String(decoding: host.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
}

/// Collects a connection's headers or query arguments into a dictionary.
private func values(
  of connection: OpaquePointer,
  with collect: (OpaquePointer?, MHD_KeyValueIterator?, UnsafeMutableRawPointer?) -> Int32,
  lowercased: Bool
) -> (values: [String: String], repeated: Set<String>) {
  final class Box {
    var values: [String: String] = [:]
    var repeated: Set<String> = []
    let lowercased: Bool
    init(lowercased: Bool) { self.lowercased = lowercased }
  }
  let box = Box(lowercased: lowercased)
  _ = collect(
    connection,
    { cls, _, key, value in
      guard let cls, let key else { return .YES }
      let box = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue()
      let name = box.lowercased ? String(cString: key).lowercased() : String(cString: key)
      if box.values[name] != nil { box.repeated.insert(name) }
      box.values[name] = value.map { String(cString: $0) } ?? ""
      return .YES
    }, Unmanaged.passUnretained(box).toOpaque())
  return (box.values, box.repeated)
}

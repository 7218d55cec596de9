import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
#endif

/// Why the server could not start (the CLI says it to the user, in their language).
public enum HTTPServerError: Error, Hashable, Sendable {
  /// Another program listens on this port.
  case portInUse(host: String, port: Int)
  /// `host` is not an address of this machine (or not an address at all).
  case addressNotAvailable(host: String)
  /// Ports below 1024 need privileges.
  case permissionDenied(host: String, port: Int)
  /// Any other failure of the system or of libmicrohttpd, with its reason.
  case cannotListen(host: String, port: Int, reason: String)
}

/// An HTTP/1.1 server on libmicrohttpd. A few polling threads read requests and start each
/// one's `async` handler on their own thread: a handler that does not wait answers there at
/// once; one that awaits (a write, a password hash) leaves the thread, its connection is
/// suspended, and its answer is sent when it comes, from whatever thread it comes.
public final class HTTPServer: Sendable {
  /// Whether the calling thread is one of a server's polling threads, where a request's
  /// handler runs until it first waits: a store may commit a write there at once, with no
  /// hop to another thread and back.
  public static var isPollingThread: Bool { pthread_getspecific(pollingKey) != nil }

  private static let pollingKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Marks the calling thread as a polling thread, once.
  static func markPollingThread() {
    if pthread_getspecific(pollingKey) == nil {
      pthread_setspecific(pollingKey, UnsafeRawPointer(bitPattern: 1))
    }
  }

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
    /// The same for a request allowed a larger body (``router``, a photo): a phone
    /// on a slow network may take this long to send a few megabytes.
    public var uploadDeadline: Duration = .seconds(120)
    /// Larger request bodies are not kept: the handler sees ``HTTPRequest/bodyTooLarge``.
    public var maxBodyBytes = 64 * 1024
    /// The most a `multipart/form-data` body allowed a larger limit (``router``) may
    /// send: its files that would take it over that limit are read and left out
    /// (``HTTPRequest/droppedFiles``), so that the form can come back with what was typed.
    public var maxFormBytes = 64 << 20
    /// Finds a request's route once, when its head has come, by method, path and body media
    /// type (lower case, without parameters): what it gives as `route` reaches the handler as
    /// ``HTTPRequest/route``, and its `bodyLimit` replaces ``maxBodyBytes`` for this request
    /// (an upload's; a larger one gets ``uploadDeadline``).
    public var router:
      @Sendable (_ method: String, _ path: String, _ contentType: String) -> (
        route: (any Sendable)?, bodyLimit: Int?
      ) = { _, _, _ in (nil, nil) }
    /// Memory for one connection's request line and headers; larger headers are refused.
    public var maxHeaderBytes = 16 * 1024
    public var threads = UInt32(max(2, ProcessInfo.processInfo.activeProcessorCount))

    public init() {}
  }

  /// A certificate and its private key, in PEM, to serve HTTPS.
  public struct TLS: Sendable {
    public var certificatePEM: String
    public var privateKeyPEM: String

    /// What is offered, as a GnuTLS priority string: TLS 1.3 and 1.2 only, forward-secret
    /// key exchange (ECDHE) with AEAD ciphers only (no static RSA, no CBC, no SHA-1
    /// signatures), in the server's order of preference.
    public static let priorities =
      "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:"
      + "-CIPHER-ALL:+AES-256-GCM:+CHACHA20-POLY1305:+AES-128-GCM:-MAC-ALL:+AEAD:"
      + "-SIGN-RSA-SHA1:-SIGN-ECDSA-SHA1:%SERVER_PRECEDENCE"

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
  /// Cuts off connections past ``Limits/requestDeadline``, and ends streams whose client left.
  private let sweeper: Sweeper

  /// Starts listening; returns once connections are accepted.
  /// - Throws: ``HTTPServerError`` when the address cannot be bound (port in use, …).
  /// - Parameter tls: serve HTTPS with this certificate (nil: plain HTTP).
  public init(
    host: String, port: Int, limits: Limits = Limits(), tls: TLS? = nil,
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) throws(HTTPServerError) {
    let (socket, boundPort) = try Self.listeningSocket(host: host, port: port)
    let context = ServerContext(
      handler: handler, maxBodyBytes: limits.maxBodyBytes,
      maxFormBytes: limits.maxFormBytes, router: limits.router,
      isSecure: tls != nil,
      perAddress: Int(limits.maxConnectionsPerIP), total: Int(limits.maxConnections),
      uploadGrace: limits.uploadDeadline - limits.requestDeadline)
    let pointer = Unmanaged.passUnretained(context).toOpaque()
    // GnuTLS reads the PEM strings while the daemon starts.
    func start(
      _ key: UnsafePointer<CChar>?, _ certificate: UnsafePointer<CChar>?,
      _ priorities: UnsafePointer<CChar>?
    ) -> OpaquePointer? {
      kcorp_mhd_start(
        socket, limits.threads, accessHandler, pointer, requestCompleted, pointer,
        connectionNotified, pointer, targetReceived, pointer,
        // The per-address limit is kept by WaitingConnections, which makes room for a new
        // connection by cutting the address's oldest waiting one; libmicrohttpd's own limit
        // would refuse the newcomer while the cut ones are still being closed.
        limits.connectionTimeout, limits.maxConnections, limits.maxConnections,
        limits.maxHeaderBytes, key, certificate, priorities)
    }
    let daemon =
      if let tls {
        tls.privateKeyPEM.withCString { key in
          tls.certificatePEM.withCString { certificate in
            TLS.priorities.withCString { start(key, certificate, $0) }
          }
        }
      } else {
        start(nil, nil, nil)
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
      for stream in context.streams.withLock({ Array($0.values) }) { stream.closeIfClientLeft() }
    }
    timer.resume()
    sweeper = Sweeper(timer)
  }

  deinit { stop() }

  /// Stops accepting connections, lets the requests under way be answered and their answers
  /// sent (up to `grace`), answers those still at work 503, then closes every connection. A
  /// request whose body is still coming is not waited for. Calling it again does nothing.
  public func stop(grace: Duration = .seconds(10)) {
    guard let daemon = daemon.withLock({ $0.take() }) else { return }
    sweeper.cancel()
    let listening = MHD_quiesce_daemon(daemon)
    if listening >= 0 { close(listening) }
    context.stopping.store(true, ordering: .releasing)
    let clock = ContinuousClock()
    let deadline = clock.now + grace
    func closeStreams() {
      // Closed again on each turn: a request already on a kept-alive connection may open one.
      for stream in context.streams.withLock({ Array($0.values) }) { stream.close() }
    }
    repeat {
      closeStreams()
      usleep(5_000)
      // Until every request under way is answered and sent: libmicrohttpd's stop closes
      // every connection, an answer it still holds with it.
    } while context.hasRequestsUnderWay && clock.now < deadline
    // libmicrohttpd cannot stop while a connection is suspended: every request still
    // waiting gets its answer, and is sent it whole (a second at most), first.
    let unavailable = HTTPResponse(
      status: 503,
      headers: [
        ("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "5"),
        ("Connection", "close"),
      ],
      body: Array(
        "The server stopped before this request was answered; look whether it was done, then try again.\n"
          .utf8))
    for state in context.exchanges.withLock({ Array($0.values) }) { state.answer(unavailable) }
    let sent = clock.now + .seconds(1)
    while !context.exchanges.withLock({ $0.isEmpty }) && clock.now < sent {
      closeStreams()
      usleep(5_000)
    }
    closeStreams()
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

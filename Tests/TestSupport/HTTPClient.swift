import Foundation

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
  private let sendFlags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
#endif

/// A response read off the wire.
public struct WireResponse: Sendable {
  public let status: Int
  /// Header values by lower-cased name; repeated headers joined with "\n".
  public let headers: [String: String]
  public let body: [UInt8]
  public var text: String { String(decoding: body, as: UTF8.self) }

  public init(status: Int, headers: [String: String], body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A deliberately small HTTP/1.1 client over a plain socket, so tests control every byte
/// (oversized headers, exact bodies) and see redirects instead of following them.
public struct HTTPClient: Sendable {
  public let port: Int
  /// How long a read waits for the server before the exchange fails.
  public let receiveTimeout: Int
  /// The address requests come from.
  public let source: String

  /// `receiveTimeout` is in seconds; a test whose handlers await on the shared concurrency
  /// pool gives a longer one, as the other suites running at once can hold that pool.
  /// - Parameter source: the loopback address to connect from (`127.0.0.2`, …), to play
  ///   another client.
  public init(port: Int, receiveTimeout: Int = 30, source: String = "127.0.0.1") {
    self.port = port
    self.receiveTimeout = receiveTimeout
    self.source = source
  }

  public func get(_ path: String, headers: [String: String] = [:]) throws -> WireResponse {
    try send("GET", path, headers: headers)
  }

  public func send(
    _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
  ) throws -> WireResponse {
    var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
    for (name, value) in ["Host": "127.0.0.1:\(port)"].merging(headers, uniquingKeysWith: { $1 }) {
      head += "\(name): \(value)\r\n"
    }
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    return try exchange(Array((head + "\r\n").utf8) + body)
  }

  /// Sends raw bytes and reads the response until the server closes the connection.
  public func exchange(_ request: [UInt8]) throws -> WireResponse {
    try exchange(parts: [request], pause: .zero)
  }

  /// Sends the request in parts, pausing between them, then reads the response.
  public func exchange(parts: [[UInt8]], pause: Duration) throws -> WireResponse {
    try Self.parse(rawExchange(parts: parts, pause: pause))
  }

  /// Sends bytes in parts, pausing between them, and returns every byte the server sent
  /// until it closed the connection (or 10 s passed without a byte).
  public func rawExchange(parts: [[UInt8]], pause: Duration = .zero) throws -> [UInt8] {
    let fd = try connected()
    defer { close(fd) }
    for (index, request) in parts.enumerated() {
      if index > 0 {
        Thread.sleep(
          forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds)
            / 1e18)
      }
      var sent = 0
      while sent < request.count {
        let n = request[sent...].withUnsafeBytes {
          sendBytes(fd, $0.baseAddress, $0.count)
        }
        if n <= 0 { break }  // the server may answer and close before reading everything
        sent += n
      }
    }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      data += buffer[..<n]
    }
    return data
  }

  /// Sends a request on a new connection and keeps it open, to read a stream as it comes.
  public func open(_ path: String, headers: [String: String] = [:]) throws -> OpenConnection {
    let fd = try connected()
    var head = "GET \(path) HTTP/1.1\r\n"
    for (name, value) in ["Host": "127.0.0.1:\(port)"].merging(headers, uniquingKeysWith: { $1 }) {
      head += "\(name): \(value)\r\n"
    }
    let bytes = Array((head + "\r\n").utf8)
    _ = bytes.withUnsafeBytes { sendBytes(fd, $0.baseAddress, $0.count) }
    return OpenConnection(fd: fd)
  }

  /// Whether a TCP connection to the port is accepted (by the server or its backlog).
  public func connects() -> Bool {
    guard let fd = try? connected() else { return false }
    close(fd)
    return true
  }

  /// A socket connected to the server, with the client's receive timeout, sending nothing
  /// yet; the caller closes it.
  public func rawSocket() throws -> Int32 { try connected() }

  private func connected() throws -> Int32 {
    let fd = socket(AF_INET, streamSocket, 0)
    guard fd >= 0 else { throw ClientError.socket }
    if source != "127.0.0.1" {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        close(fd)
        throw ClientError.socket
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      throw ClientError.connect
    }
    #if canImport(Darwin)
      var noSignal: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
  }

  /// Every response in `data`, one after the other (bodies delimited by Content-Length).
  public static func parseAll(_ data: [UInt8]) throws -> [WireResponse] {
    var responses: [WireResponse] = []
    var rest = data[...]
    while !rest.isEmpty {
      let response = try parse(Array(rest))
      let length = Int(response.header("content-length") ?? "0") ?? 0
      guard let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) else { break }
      let next = min(end.upperBound + length, rest.endIndex)
      responses.append(
        WireResponse(
          status: response.status, headers: response.headers,
          body: Array(rest[end.upperBound..<next])))
      rest = rest[next...]
    }
    return responses
  }

  public static func parse(_ data: [UInt8]) throws -> WireResponse {
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    guard let end = data.firstRange(of: separator) else { throw ClientError.malformed }
    let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self)
      .components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw ClientError.malformed
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { $0 + "\n" + value } ?? value
    }
    return WireResponse(status: status, headers: headers, body: Array(data[end.upperBound...]))
  }

  public enum ClientError: Error { case socket, connect, malformed }
}

/// `send(2)` without SIGPIPE (at file scope, where `send` names the C function).
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  send(fd, bytes, count, sendFlags)
}

/// A connection left open to read what the server streams.
public final class OpenConnection: @unchecked Sendable {
  // `@unchecked Sendable`: used by one test thread at a time.
  private let fd: Int32
  private var isOpen = true
  /// Everything received so far.
  public private(set) var received = ""

  init(fd: Int32) { self.fd = fd }

  deinit { disconnect() }

  /// Closes the connection from this side, as a client that leaves.
  public func disconnect() {
    guard isOpen else { return }
    isOpen = false
    close(fd)
  }

  /// Reads until what was received contains `text`, or `timeout` passes, or the server
  /// closes; returns whether `text` came.
  @discardableResult
  public func read(until text: String, timeout: Duration = .seconds(5)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !received.contains(text) && ContinuousClock.now < deadline {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) >= 0 else { return false }
      if poller.revents == 0 { continue }
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      received += String(decoding: buffer[..<n], as: UTF8.self)
    }
    return received.contains(text)
  }

  /// Whether the server has closed the connection (waiting up to `timeout`).
  public func isClosedByServer(timeout: Duration = .seconds(5)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) >= 0 else { return true }
      if poller.revents == 0 { continue }
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { return true }
      received += String(decoding: buffer[..<n], as: UTF8.self)
    }
    return false
  }
}

/// Runs `work`, which blocks (a socket read, a request), on a thread of its own, and awaits
/// its result: an async test that blocked one of the concurrency pool's few threads could
/// starve the server it waits for, and every other suite with it.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}

import Foundation
import Synchronization
import TeamHTTP
import TestSupport
import Testing

/// The server on its own, on an ephemeral loopback port, with handlers written for each test.
// One test at a time: each blocks a thread of the concurrency pool while it waits on a
// socket, and some of the servers it waits for run their handlers on that pool.
@Suite(.serialized, .timeLimit(.minutes(1))) struct HTTPServerTests {
  /// Answers `echo <method> <path> <body bytes>`.
  static func echo(_ request: HTTPRequest) -> HTTPResponse {
    let text =
      "\(request.method) \(request.path) \(request.body.count)"
      + (request.bodyTooLarge ? " too large" : "")
    return HTTPResponse(
      status: request.bodyTooLarge ? 413 : 200, contentType: "text/plain", body: Array(text.utf8))
  }

  func server(
    _ limits: HTTPServer.Limits = .init(),
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse = Self.echo
  ) throws -> HTTPServer {
    try HTTPServer(host: "127.0.0.1", port: 0, limits: limits, handler: handler)
  }

  @Test func answersWithTheHandlersResponse() throws {
    let server = try server()
    let response = try HTTPClient(port: server.port).send(
      "POST", "/players?x=1", body: Array("hello".utf8))
    #expect(response.status == 200)
    #expect(response.text == "POST /players 5")
    #expect(response.header("content-type") == "text/plain")
  }

  @Test(arguments: [
    "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
  ])
  func aRequestWithoutOneHostIsRefusedAt400(request: String) throws {
    let server = try server()
    let response = try HTTPClient(port: server.port).exchange(Array(request.utf8))
    #expect(response.status == 400)
    #expect(try HTTPClient(port: server.port).get("/").status == 200)
  }

  @Test func slowClientsAreCutOffAndNeverLockOutARealOne() throws {
    var limits = HTTPServer.Limits()
    // Long enough that the real request, on a machine busy with other tests, is never cut
    // off as slow itself.
    limits.requestDeadline = .seconds(3)
    let server = try server(limits)
    let client = HTTPClient(port: server.port)
    // Hundreds of connections from this one address, each with a request never finished.
    var slow: [Int32] = []
    defer { slow.forEach { close($0) } }
    for _ in 0..<300 {
      let fd = try client.rawSocket()
      _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".withCString {
        send(fd, $0, strlen($0), 0)
      }
      slow.append(fd)
    }
    // Ended by the server: closed, or answered 400 (a request stalled half-way) and closed.
    func isClosed(_ fd: Int32) -> Bool {
      var buffer = [UInt8](repeating: 0, count: 512)
      while true {
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count == 0 { return true }
        if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
      }
    }
    #expect(try client.get("/").status == 200)
    // Answered while slow connections still waited: not let in only once they were cut off.
    #expect(slow.contains { !isClosed($0) })

    // Past the deadline, every slow one is closed by the server (looked at until then).
    var open = slow
    for _ in 0..<200 where !open.isEmpty {  // up to 10 s
      open.removeAll(where: isClosed)
      if !open.isEmpty { usleep(50_000) }
    }
    #expect(open.isEmpty)
  }

  @Test func manyAddressesTricklingTogetherNeverLockOutAnotherOne() throws {
    var limits = HTTPServer.Limits()
    limits.maxConnections = 64
    limits.maxConnectionsPerIP = 16
    // Long: no trickling connection leaves by the deadline during the test.
    limits.requestDeadline = .seconds(20)
    let server = try server(limits)
    // Twelve addresses, ten unfinished requests each: more than the server's connections.
    var slow: [Int32] = []
    defer { slow.forEach { close($0) } }
    for address in 2...13 {
      let client = HTTPClient(port: server.port, source: "127.0.0.\(address)")
      for _ in 0..<10 {
        let fd = try client.rawSocket()
        _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".withCString {
          send(fd, $0, strlen($0), 0)
        }
        slow.append(fd)
      }
    }
    // Each keeps its request coming, a byte at a time: never stalled, never finished.
    let dripping = Atomic(true)
    let sockets = slow
    let dripper = Thread {
      while dripping.load(ordering: .relaxed) {
        for fd in sockets { _ = "x".withCString { send(fd, $0, 1, Int32(MSG_NOSIGNAL)) } }
        usleep(300_000)
      }
    }
    dripper.start()
    defer { dripping.store(false, ordering: .relaxed) }
    usleep(500_000)
    // A browser from another address is answered, within the time it would wait.
    let browser = HTTPClient(port: server.port, receiveTimeout: 5, source: "127.0.0.42")
    #expect(try browser.get("/").status == 200)
  }

  @Test func theRouterIsAskedOncePerRequestAndItsRouteReachesTheHandler() throws {
    let asked = Mutex<[String]>([])
    var limits = HTTPServer.Limits()
    limits.router = { method, path, type in
      asked.withLock { $0.append("\(method) \(path) \(type)") }
      return ("route of \(path)", nil)
    }
    let server = try server(limits) { request in
      HTTPResponse(
        status: 200, contentType: "text/plain",
        body: Array("\(request.route as? String ?? "none")".utf8))
    }
    let client = HTTPClient(port: server.port)
    #expect(try client.get("/a").text == "route of /a")
    let posted = try client.send(
      "POST", "/b", headers: ["Content-Type": "text/plain; charset=utf-8"], body: [1, 2])
    #expect(posted.text == "route of /b")
    #expect(asked.withLock { $0 } == ["GET /a ", "POST /b text/plain"])
  }

  @Test func anUploadsBodyMayTakeLongerThanAnOrdinaryRequest() throws {
    var limits = HTTPServer.Limits()
    limits.requestDeadline = .seconds(1)
    limits.uploadDeadline = .seconds(6)
    limits.router = { method, path, _ in
      (nil, method == "PUT" && path == "/upload" ? 1 << 20 : nil)
    }
    let server = try server(limits)
    let client = HTTPClient(port: server.port)
    func slowly(_ method: String, _ path: String) throws -> WireResponse {
      let head =
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + "Content-Length: 4\r\n\r\n"
      // The body a byte at a time, 0.6 s apart: 2.4 s in all.
      return try client.exchange(
        parts: [Array(head.utf8)] + "body".utf8.map { [$0] }, pause: .milliseconds(600))
    }
    #expect(try slowly("PUT", "/upload").text == "PUT /upload 4")
    // An ordinary request is held to its deadline.
    #expect(throws: (any Error).self) { _ = try slowly("POST", "/other") }
  }

  /// Requests that can never be read whole get a 400 within seconds (or, their client gone,
  /// are closed at once), not a silent cut at the deadline: TLS sent to the plain port, a
  /// body cut short by its client; hundreds of query arguments (libmicrohttpd 0.9.75 stalls
  /// on them) get a 414 at once.
  @Test(arguments: ["tls", "short body", "many arguments"])
  func aRequestThatCanNeverEndIsAnsweredPromptly(kind: String) throws {
    let server = try server()
    let fd = try HTTPClient(port: server.port).rawSocket()
    defer { close(fd) }
    let bytes: [UInt8]
    switch kind {
    case "tls":
      bytes =
        [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]
        + Array(repeating: 0, count: 40)
    case "short body":
      bytes = Array(
        "POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"a\":".utf8)
    default:
      bytes = Array(
        ("GET /x?" + String(repeating: "a=b&", count: 400) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
          .utf8)
    }
    let clock = ContinuousClock()
    let started = clock.now
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    if kind == "short body" { shutdown(fd, Int32(SHUT_WR)) }  // the client is done sending
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var timeout = timeval(tv_sec: 8, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { break }
      answer += buffer[..<count]
    }
    let text = String(decoding: answer, as: UTF8.self)
    if kind == "short body" {
      // Its client closed its side: libmicrohttpd may see that first and close at once with
      // no answer (RFC 9112, 8: an answer MAY be sent; nginx closes too, logging 499).
      #expect(text.isEmpty || text.hasPrefix("HTTP/1.1 400"), "\(kind): \(text.prefix(80))")
    } else if kind == "many arguments" {
      #expect(text.hasPrefix("HTTP/1.1 414"), "\(kind): \(text.prefix(80))")
    } else {
      #expect(text.hasPrefix("HTTP/1.1 400"), "\(kind): \(text.prefix(80))")
    }
    #expect(clock.now - started < .seconds(4), "\(kind)")
    #expect(try HTTPClient(port: server.port).get("/").status == 200)
  }

  /// The same on a kept-alive connection, its first request answered: the bytes it had
  /// received then are read by a later sweep, not by every answer.
  @Test func aStalledRequestAfterAnAnsweredOneIsAnswered400() throws {
    let server = try server()
    let fd = try HTTPClient(port: server.port).rawSocket()
    defer { close(fd) }
    var timeout = timeval(tv_sec: 8, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    func sendText(_ text: String) { _ = text.withCString { send(fd, $0, strlen($0), 0) } }
    func received() -> String {
      var answer: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count <= 0 { break }
        answer += buffer[..<count]
        if String(decoding: answer, as: UTF8.self).hasSuffix("GET /first 0") { break }
      }
      return String(decoding: answer, as: UTF8.self)
    }
    sendText("GET /first HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(received().hasPrefix("HTTP/1.1 200"))
    usleep(600_000)  // two sweeps: the connection's count is known
    sendText("GET /second HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    let clock = ContinuousClock()
    let started = clock.now
    #expect(received().hasPrefix("HTTP/1.1 400"))
    #expect(clock.now - started < .seconds(4))
  }

  @Test func aTargetWithTooManyQueryArgumentsIsAnswered414AtOnce() throws {
    let server = try server()
    let client = HTTPClient(port: server.port)
    let many = (0..<101).map { "a\($0)=b" }.joined(separator: "&")
    let refused = try client.get(
      "/x?" + many, headers: ["User-Agent": String(repeating: "u", count: 200)])
    #expect(refused.status == 414)
    let enough = (0..<100).map { "a\($0)=b" }.joined(separator: "&")
    #expect(try client.get("/x?" + enough).status == 200)
  }

  @Test func queryArgumentsAndHeadersReachTheHandler() throws {
    let server = try server { request in
      let text = "\(request.query["page"] ?? "-") \(request.header("x-team") ?? "-")"
      return HTTPResponse(status: 200, contentType: "text/plain", body: Array(text.utf8))
    }
    let response = try HTTPClient(port: server.port).get(
      "/?page=2&q=a%20b", headers: ["X-Team": "KCorp"])
    #expect(response.text == "2 KCorp")
  }

  @Test func headersOverTheLimitAreRefusedAndTheServerGoesOn() throws {
    var limits = HTTPServer.Limits()
    limits.maxHeaderBytes = 4096
    let server = try server(limits)
    let client = HTTPClient(port: server.port)
    let huge = try client.get("/", headers: ["X-Padding": String(repeating: "a", count: 8192)])
    #expect(huge.status == 431 || huge.status == 413)
    #expect(try client.get("/").status == 200)
  }

  @Test func aDeclaredBodyOverTheLimitIs413AtOnceAndTheConnectionCloses() throws {
    var limits = HTTPServer.Limits()
    limits.maxBodyBytes = 1024
    let server = try server(limits)
    // The body is announced, not sent: the answer must not wait for it. The bytes that
    // follow must not be read as a second request either.
    let head = "POST /big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
    let smuggled = "GET /smuggled HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    let bytes = try HTTPClient(port: server.port).rawExchange(
      parts: [Array(head.utf8), Array(smuggled.utf8)], pause: .milliseconds(200))
    let responses = try HTTPClient.parseAll(bytes)
    #expect(responses.map(\.status) == [413])
    #expect(responses.first?.text == "POST /big 0 too large")
    #expect(responses.first?.header("connection")?.lowercased() == "close")
  }

  @Test func anUploadFormsFileOverItsLimitIsReadAndLeftOutAndItsFieldsReachTheHandler() throws {
    var limits = HTTPServer.Limits()
    limits.maxFormBytes = 4 << 20
    limits.router = { method, path, type in
      (nil, method == "POST" && path == "/form" && type == "multipart/form-data" ? 256 * 1024 : nil)
    }
    let server = try server(limits) { request in
      let text =
        "\(request.formFields["name"] ?? []) \(request.droppedFiles.keys.sorted())"
        + (request.bodyTooLarge ? " too large" : "")
      return HTTPResponse(status: 200, contentType: "text/plain", body: Array(text.utf8))
    }
    let boundary = MultipartReceiverTests.boundary
    func post(fileBytes: Int) throws -> WireResponse {
      let body =
        Array(MultipartReceiverTests.part("name", "Caliste").utf8)
        + MultipartReceiverTests.file("photo", bytes: fileBytes)
        + Array((MultipartReceiverTests.part("team", "KC") + "--\(boundary)--\r\n").utf8)
      let head =
        "POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + "Content-Type: \(MultipartReceiverTests.contentType)\r\n"
        + "Content-Length: \(body.count)\r\n\r\n"
      return try HTTPClient(port: server.port).exchange(Array(head.utf8) + body)
    }
    let big = try post(fileBytes: 3 << 20)
    #expect(big.text == "[\"Caliste\"] [\"photo\"]", "\(big.status) \(big.text)")
    #expect(try post(fileBytes: 1000).text == "[\"Caliste\"] []")
    // Over the most a form may send, it is refused before it is read.
    let refused = try post(fileBytes: 5 << 20)
    #expect(refused.text == "[] [] too large")
  }

  @Test func aChunkedBodyIs411BeforeItIsReadAndTheNextRequestIsAnswered() throws {
    let server = try server()
    // A chunk extension longer than the connection's memory was libmicrohttpd's own 500.
    let extensions = String(repeating: "e", count: 40_000)
    for line in ["7d0", "7d0;\(extensions)"] {
      let chunk = String(repeating: "x", count: 2000)
      let request =
        "POST /big HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "\(line)\r\n\(chunk)\r\n0\r\n\r\n"
      let responses = try HTTPClient.parseAll(
        HTTPClient(port: server.port).rawExchange(parts: [Array(request.utf8)]))
      #expect(responses.map(\.status) == [411])
      #expect(responses.first?.text.contains("Content-Length") == true)
    }
    let after = try HTTPClient(port: server.port).send("GET", "/after")
    #expect(after.status == 200 && after.text == "GET /after 0")
  }

  @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
    let server = try server()
    let request = "GET /one HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    let last = "GET /two HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    let responses = try HTTPClient.parseAll(
      HTTPClient(port: server.port).rawExchange(parts: [Array((request + last).utf8)]))
    #expect(responses.map(\.text) == ["GET /one 0", "GET /two 0"])
  }

  @Test func stoppingLetsTheRequestInFlightFinishAndRefusesNewConnections() throws {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let server = try server { request in
      if request.path == "/slow" {
        entered.signal()
        release.wait()  // held open until the test has seen the server stop listening
      }
      return Self.echo(request)
    }
    let client = HTTPClient(port: server.port)
    // Blocking work runs on threads of its own, never on a shared pool that the blocked
    // handler, the blocked client and the waiting test could exhaust on two cores.
    let work = DispatchGroup()
    func onItsOwnThread(_ body: @escaping @Sendable () -> Void) {
      work.enter()
      Thread {
        body()
        work.leave()
      }.start()
    }
    let response = Mutex<WireResponse?>(nil)
    onItsOwnThread { response.withLock { $0 = try? client.get("/slow") } }
    entered.wait()
    onItsOwnThread { server.stop() }
    // Once stopping, the listening socket is closed: a new connection is refused.
    var refused = false
    for _ in 0..<250 where !refused {  // up to 5 s
      refused = !client.connects()
      if !refused { usleep(20_000) }
    }
    #expect(refused)
    release.signal()
    work.wait()
    let answer = try #require(response.withLock { $0 })
    #expect(answer.status == 200 && answer.text == "GET /slow 0")
  }

  /// An answer given before the stop is sent whole, though its client reads it late:
  /// libmicrohttpd's own stop would close the connection with the answer half sent.
  @Test func stoppingSendsAnAnswerAlreadyGivenWhole() throws {
    let size = 16 << 20  // more than the two sockets' buffers hold
    let answered = DispatchSemaphore(value: 0)
    let server = try server { _ in
      answered.signal()
      return HTTPResponse(
        status: 200, headers: [("Connection", "close")],
        body: [UInt8](repeating: UInt8(ascii: "a"), count: size))
    }
    let fd = try HTTPClient(port: server.port).rawSocket()
    defer { close(fd) }
    _ = "GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".withCString { send(fd, $0, strlen($0), 0) }
    answered.wait()
    let stopped = DispatchSemaphore(value: 0)
    Thread {
      server.stop()
      stopped.signal()
    }.start()
    usleep(300_000)  // the stop is under way, the answer not read yet
    var received = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += count
    }
    stopped.wait()
    #expect(received > size && received < size + 1024)  // the whole body after its head
  }

  /// A client that keeps its connection busy does not hold a stop for its whole grace: once
  /// the stop began, each answer closes its connection.
  @Test func aStopClosesBusyKeptAliveConnectionsOnceAnswered() throws {
    let server = try server()
    let fd = try HTTPClient(port: server.port).rawSocket()
    defer { close(fd) }
    let closedByServer = Mutex(false)
    let done = DispatchSemaphore(value: 0)
    Thread {
      defer { done.signal() }
      var buffer = [UInt8](repeating: 0, count: 4096)
      for _ in 0..<100_000 {  // one request after another, each answered whole
        _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".withCString { send(fd, $0, strlen($0), 0) }
        var answer = ""
        while !answer.hasSuffix("GET / 0") {
          let count = recv(fd, &buffer, buffer.count, 0)
          if count <= 0 { return }
          answer += String(decoding: buffer[..<count], as: UTF8.self)
        }
        if answer.lowercased().contains("connection: close") {
          closedByServer.withLock { $0 = true }
          return
        }
      }
    }.start()
    usleep(200_000)  // requests under way
    let clock = ContinuousClock()
    let began = clock.now
    server.stop(grace: .seconds(10))
    #expect(clock.now - began < .seconds(3))
    done.wait()
    #expect(closedByServer.withLock { $0 })
  }

  @Test func aHandlerThatWaitsGoesOnOffThePollingThread() throws {
    var limits = HTTPServer.Limits()
    limits.threads = 1
    @Sendable func thread() -> [UInt8] { Array("\(pthread_self())".utf8) }
    let server = try server(limits) { request in
      // A handler that does not wait answers on the polling thread, where it was read.
      if request.path == "/polling" {
        return HTTPResponse(status: 200, contentType: "text/plain", body: thread())
      }
      // As for a commit: resumed by another thread once it is done.
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
          usleep(5000)
          done.resume()
        }.start()
      }
      return HTTPResponse(status: 200, contentType: "text/plain", body: thread())
    }
    let client = HTTPClient(port: server.port)
    let polling = try client.get("/polling").text
    let after = try client.get("/").text
    #expect(!polling.isEmpty && !after.isEmpty && after != polling, "\(polling) \(after)")
  }

  @Test func aHandlerThatAwaitsDoesNotHoldUpOthersAndOneThatDoesNotRunsWhereItWasRead()
    async throws
  {
    var limits = HTTPServer.Limits()
    limits.threads = 1  // every connection on one polling thread
    let gate = Gate()
    let handlerThreads = Mutex<[String: UInt]>([:])  // where each handler began, by method
    let resumedThreads = Mutex<Set<UInt>>([])  // where the writes went on after waiting
    @Sendable func thread() -> UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }
    let server = try server(limits) { request in
      handlerThreads.withLock { $0[request.method] = thread() }
      // A write awaits (as for its commit) until the test has had its read answered.
      if request.method != "GET" {
        await gate.wait()
        resumedThreads.withLock { _ = $0.insert(thread()) }
      }
      return Self.echo(request)
    }
    let client = HTTPClient(port: server.port, receiveTimeout: 60)
    let written = Mutex<[String]>([])
    let done = DispatchGroup()
    for method in ["PUT", "POST"] {
      done.enter()
      Thread {
        let response = try? client.send(method, "/write", body: Array("xy".utf8))
        written.withLock { $0.append(response?.text ?? "no answer") }
        done.leave()
      }.start()
    }
    while await gate.waiting < 2 { try await Task.sleep(for: .milliseconds(1)) }
    #expect(try client.get("/read").text == "GET /read 0")
    #expect(written.withLock { $0 }.isEmpty)  // still waiting
    await gate.open()
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(Set(written.withLock { $0 }) == ["PUT /write 2", "POST /write 2"])
    // Each handler began on the polling thread, which read its request; the writes went on
    // elsewhere once they had waited.
    let threads = handlerThreads.withLock { $0 }
    #expect(threads.count == 3 && Set(threads.values).count == 1)
    let pollingThread = try #require(threads["GET"])
    #expect(!resumedThreads.withLock { $0 }.contains(pollingThread))
  }

  @Test func aStopAnswersAHandlerStillAtWorkAfterTheGraceAndDoesNotWaitForBodiesToCome()
    async throws
  {
    let gate = Gate()
    let server = try server { request in
      await gate.wait()  // never opened: a write held by a disk that does not answer
      return Self.echo(request)
    }
    let client = HTTPClient(port: server.port, receiveTimeout: 60)
    // A request whose body is still coming, half-sent.
    let half = try client.rawSocket()
    defer { close(half) }
    _ = "POST /half HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nabc".withCString {
      send(half, $0, strlen($0), 0)
    }
    let answer = Mutex<WireResponse?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
      answer.withLock { $0 = try? client.send("POST", "/held", body: Array("x".utf8)) }
      done.signal()
    }.start()
    while await gate.waiting < 1 { try await Task.sleep(for: .milliseconds(1)) }
    let clock = ContinuousClock()
    let started = clock.now
    server.stop(grace: .seconds(1))
    // The grace, then the answers: not the half-sent body's deadline.
    #expect(clock.now - started < .seconds(5))
    #expect(done.wait(timeout: .now() + 60) == .success)
    let response = try #require(answer.withLock { $0 })
    #expect(response.status == 503)
    #expect(response.header("retry-after") != nil)
  }

  @Test func aTargetHoldingANULIsFlaggedOnTheRequestAndTheNextIsNot() throws {
    let server = try server { request in
      HTTPResponse(
        status: 200, contentType: "text/plain",
        body: Array("\(request.targetHasNUL) \(request.query["q"] ?? "-")".utf8))
    }
    let client = HTTPClient(port: server.port)
    #expect(try client.get("/search?q=a%00b").text == "true a")  // the C string ends at NUL
    #expect(try client.get("/search?q=ab").text == "false ab")
  }

  @Test func aPortInUseIsTypedAndNamesThePort() throws {
    let first = try server()
    #expect(throws: HTTPServerError.portInUse(host: "127.0.0.1", port: first.port)) {
      _ = try HTTPServer(host: "127.0.0.1", port: first.port) { _ in HTTPResponse(status: 200) }
    }
  }

  @Test func aNameThatIsNotAnAddressIsTyped() {
    #expect(throws: HTTPServerError.addressNotAvailable(host: "not an address")) {
      _ = try HTTPServer(host: "not an address", port: 0) { _ in HTTPResponse(status: 200) }
    }
  }
}

/// A door handlers wait at until the test opens it.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// How many wait.
  var waiting: Int { waiters.count }

  func wait() async {
    guard !isOpen else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

#if canImport(CCurl)
  import CCurl
  import Foundation
  import Synchronization

  /// Every outgoing transfer of the process (Data Dragon, Riot, Discord) on one libcurl multi
  /// handle, driven by one thread of its own that sleeps in `curl_multi_poll` while the
  /// transfers wait: a slow or silent peer costs no CPU. Each body goes into a buffer that
  /// stops at its limit (the transfer is aborted as the limit is passed, or before it starts
  /// when the peer announces a longer body), so memory grows by at most that limit; each
  /// transfer ends by its own timeout.
  ///
  /// `@unchecked Sendable`: `running` is touched on the loop's thread only; the transfers to
  /// start are behind a `Mutex`, and `multi` is used elsewhere only by `curl_multi_wakeup`,
  /// which libcurl allows from any thread.
  final class CurlLoop: @unchecked Sendable {
    /// The loop of the process, started on the first transfer.
    static let shared = CurlLoop()

    /// One exchange to make.
    struct Request: Sendable {
      var url: String
      var method: String
      var headers: [String: String]
      var body: Data?
      var maxBytes: Int
      /// The whole transfer's time.
      var timeout: Duration
      /// Seconds without data after which the transfer is given up.
      var idle: Int
    }

    /// What the peer answered: its status, headers (names in lower case) and body.
    struct Response: Sendable {
      var status: Int
      var headers: [String: String]
      var body: Data
    }

    /// Why a transfer ended without an answer.
    enum Failure: Error, Sendable {
      /// The body (or the headers) passed their limit.
      case overLimit
      case timedOut
      /// libcurl's own words (they name the host, never the path or a header).
      case failed(String)
    }

    /// Nil when libcurl could not start: every transfer then fails at once.
    private let multi: UnsafeMutableRawPointer?
    private let incoming = Mutex<[Transfer]>([])
    private var running: [UnsafeMutableRawPointer: Transfer] = [:]

    private init() {
      multi = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK ? curl_multi_init() : nil
      guard multi != nil else { return }
      let thread = Thread { [self] in run() }
      thread.name = "kcorp-outgoing"  // 15 characters at most on Linux
      thread.start()
    }

    /// Makes `request`, suspending the caller (never blocking a thread) until it ends.
    func perform(_ request: Request) async -> Result<Response, Failure> {
      await withCheckedContinuation { continuation in
        guard let multi, let transfer = Transfer(request, continuation: continuation) else {
          return continuation.resume(returning: .failure(.failed("libcurl could not start")))
        }
        incoming.withLock { $0.append(transfer) }
        curl_multi_wakeup(multi)
      }
    }

    private func run() {
      guard let multi else { return }
      while true {
        for transfer in incoming.withLock({ list in
          defer { list = [] }; return list
        }) {
          guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
            transfer.finish(CURLE_FAILED_INIT)
            continue
          }
          running[transfer.easy] = transfer
        }
        var active: Int32 = 0
        curl_multi_perform(multi, &active)
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
          // Read before the handle is removed: the message does not outlive it.
          guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle
          else { continue }
          let code = kc_message_result(message)
          curl_multi_remove_handle(multi, easy)
          running.removeValue(forKey: easy)?.finish(code)
        }
        // Wakes for a socket, a transfer's own timer (libcurl shortens the wait to it), or
        // a new transfer (curl_multi_wakeup). A wait that fails at once is not retried at
        // once: the loop would spin.
        if curl_multi_poll(multi, nil, 0, 60_000, nil) != CURLM_OK { usleep(100_000) }
      }
    }
  }

  /// One transfer's handle and what has come in so far. Its callbacks run on the loop's
  /// thread only.
  private final class Transfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    private let maxBytes: Int
    private var body = Data()
    private var headers: [String: String] = [:]
    private var headerBytes = 0
    private var overLimit = false
    private var sent: UnsafeMutablePointer<curl_slist>?
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private let continuation:
      CheckedContinuation<Result<CurlLoop.Response, CurlLoop.Failure>, Never>

    /// Headers past this many bytes end the transfer, as a body past its limit does.
    private static let maxHeaderBytes = 64 << 10

    init?(
      _ request: CurlLoop.Request,
      continuation: CheckedContinuation<Result<CurlLoop.Response, CurlLoop.Failure>, Never>
    ) {
      guard let easy = curl_easy_init() else { return nil }
      self.easy = easy
      self.maxBytes = request.maxBytes
      self.continuation = continuation
      errorText.initialize(to: 0)
      configure(request)
    }

    deinit { errorText.deallocate() }

    private func configure(_ request: CurlLoop.Request) {
      func string(_ option: CURLoption, _ value: String) {
        _ = value.withCString { kc_setopt_pointer(easy, option, $0) }  // libcurl copies it
      }
      string(CURLOPT_URL, request.url)
      string(CURLOPT_PROTOCOLS_STR, "http,https")
      string(CURLOPT_ACCEPT_ENCODING, "")  // what libcurl decodes; the limit counts decoded bytes
      _ = kc_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
      let milliseconds = max(1, Int(request.timeout / .milliseconds(1)))
      _ = kc_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds)
      _ = kc_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, min(milliseconds, 10_000))
      // A peer silent for the idle time (under a byte a second) is given up before the
      // transfer's whole time.
      _ = kc_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
      _ = kc_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, request.idle))
      _ = kc_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBytes))
      _ = kc_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorText)
      let context = Unmanaged.passUnretained(self).toOpaque()
      _ = kc_setopt_callback(easy, CURLOPT_WRITEFUNCTION, receiveBody)
      _ = kc_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
      _ = kc_setopt_callback(easy, CURLOPT_HEADERFUNCTION, receiveHeader)
      _ = kc_setopt_pointer(easy, CURLOPT_HEADERDATA, context)

      switch (request.method, request.body) {
      case ("GET", _): _ = kc_setopt_long(easy, CURLOPT_HTTPGET, 1)
      case ("HEAD", _): _ = kc_setopt_long(easy, CURLOPT_NOBODY, 1)
      case (let method, let body?):
        _ = kc_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        _ = body.withUnsafeBytes { kc_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
        if method != "POST" { string(CURLOPT_CUSTOMREQUEST, method) }
      case (let method, nil): string(CURLOPT_CUSTOMREQUEST, method)
      }
      // "Expect:" off: a peer that ignores 100-continue would cost a second's wait.
      for line in request.headers.map({ "\($0.key): \($0.value)" }) + ["Expect:"] {
        sent = curl_slist_append(sent, line)
      }
      _ = kc_setopt_pointer(easy, CURLOPT_HTTPHEADER, sent)
    }

    fileprivate func append(body bytes: UnsafeRawBufferPointer) -> Bool {
      guard body.count + bytes.count <= maxBytes else {
        overLimit = true
        return false
      }
      body.append(contentsOf: bytes)
      return true
    }

    fileprivate func append(headerLine bytes: UnsafeRawBufferPointer) -> Bool {
      headerBytes += bytes.count
      guard headerBytes <= Self.maxHeaderBytes else {
        overLimit = true
        return false
      }
      let line = String(decoding: bytes, as: UTF8.self)
      if line.hasPrefix("HTTP/") {
        headers = [:]  // a new answer (after a 100 Continue): only the last one's headers
      } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(
          in: .whitespacesAndNewlines)
      }
      return true
    }

    /// Answers the caller and frees the handle.
    func finish(_ code: CURLcode) {
      var status = 0
      _ = kc_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
      let outcome: Result<CurlLoop.Response, CurlLoop.Failure> =
        switch code {
        case CURLE_OK: .success(CurlLoop.Response(status: status, headers: headers, body: body))
        case _ where overLimit, CURLE_FILESIZE_EXCEEDED: .failure(.overLimit)
        case CURLE_OPERATION_TIMEDOUT: .failure(.timedOut)
        default:
          .failure(
            .failed(
              errorText.pointee != 0
                ? String(cString: errorText) : String(cString: curl_easy_strerror(code))))
        }
      curl_easy_cleanup(easy)
      curl_slist_free_all(sent)
      continuation.resume(returning: outcome)
    }
  }

  private let receiveBody: kc_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.append(body: bytes) ? size * count : 0  // 0: libcurl aborts the transfer
  }

  private let receiveHeader: kc_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.append(headerLine: bytes) ? size * count : 0
  }
#endif

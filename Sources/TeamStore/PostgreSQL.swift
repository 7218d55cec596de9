#if canImport(CPostgreSQL)
  import CPostgreSQL
  import Foundation

  /// An error from a PostgreSQL server, or from libpq when there is no answer.
  public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The SQLSTATE (`23505` for a unique violation); empty when the server did not answer.
    public let state: String
    public let message: String
    /// The server's host and database.
    public let database: String
    /// The connection was lost or could not be made: the server is down or unreachable.
    public let isUnavailable: Bool

    public var description: String { "\(database): \(message)" }
  }

  /// One connection to a PostgreSQL server through libpq (Debian's `libpq5`).
  ///
  /// Statements are prepared on the server once per connection and run with their values as
  /// parameters. A lost connection is opened again before its next use.
  final class PostgresConnection: SQLConnection {
    private var handle: OpaquePointer
    private let url: String
    let name: String
    /// Server-side prepared statements by SQL text, named `s1`, `s2`, … (a name is never
    /// given twice, not even after a reconnection has emptied this).
    private var prepared: [String: String] = [:]
    private var statementsNamed = 0
    private(set) var changes = 0
    /// How long the server may stay silent while this connection waits: connecting (at most
    /// ``connectTimeout``), and while a statement waits for its answer (a lock held
    /// elsewhere counts as silence). Past it the connection is given up (the server is
    /// frozen, or the network cut without a reset) and the statement fails as
    /// "unavailable": a request is answered 503 instead of waiting for ever.
    let patience: Duration
    /// When set, no wait of this connection goes past it, whatever the server sends: a
    /// check that must answer in time (``ReadPool/read(by:_:)``).
    var deadline: ContinuousClock.Instant?

    /// The writer's patience: a commit may wait for locks and a busy disk.
    static let writerPatience: Duration = .seconds(10)
    /// A reader's: a read waits with a request, which hears 503 within two seconds when
    /// the server does not answer.
    static let readerPatience: Duration = .milliseconds(1500)
    /// The longest a connection is waited for, whatever the patience.
    static let connectTimeout: Duration = .seconds(5)

    /// Connects to the database a `postgresql://` URL (or libpq key-value string) names.
    /// A password comes from `PGPASSWORD` or `PGPASSFILE`, as libpq reads them.
    init(
      url: String, patience: Duration = writerPatience, deadline: ContinuousClock.Instant? = nil
    ) throws(PostgresError) {
      self.url = url
      self.patience = patience
      self.deadline = deadline
      name = Self.displayName(url)
      handle = try Self.connect(url, name: name, by: Self.connectDeadline(patience, deadline))
    }

    deinit { PQfinish(handle) }

    private static func connectDeadline(_ patience: Duration, _ deadline: ContinuousClock.Instant?)
      -> ContinuousClock.Instant
    {
      let limit = ContinuousClock.now + min(patience, connectTimeout)
      return deadline.map { min($0, limit) } ?? limit
    }

    /// Connects without blocking, waiting for the server at most until `deadline`: libpq's
    /// own `connect_timeout` counts in whole seconds, at least two, per address tried.
    private static func connect(_ url: String, name: String, by deadline: ContinuousClock.Instant)
      throws(PostgresError) -> OpaquePointer
    {
      // The URL's own settings come last, so that they win over these defaults. A server
      // that stops answering is noticed: TCP keepalives and a send timeout for a cut network,
      // ``patience`` for a server that takes requests and answers none.
      let keywords = [
        "keepalives", "keepalives_idle", "keepalives_interval",
        "keepalives_count", "tcp_user_timeout", "application_name", "dbname",
      ]
      let values = ["1", "10", "5", "3", "15000", "kcorp", url]
      let handle = withArrayOfCStrings(keywords) { keys in
        withArrayOfCStrings(values) { values in PQconnectStartParams(keys, values, 1) }
      }
      guard let handle else {
        throw PostgresError(
          state: "", message: "out of memory", database: name, isUnavailable: true)
      }
      // As libpq's manual says: wait as for writing first, then as each poll asks.
      var polling = PGRES_POLLING_WRITING
      while polling != PGRES_POLLING_OK {
        if PQstatus(handle) == CONNECTION_BAD || polling == PGRES_POLLING_FAILED {
          let message = oneLine(String(cString: PQerrorMessage(handle)))
          PQfinish(handle)
          throw PostgresError(state: "", message: message, database: name, isUnavailable: true)
        }
        let events = polling == PGRES_POLLING_READING ? POLLIN : POLLOUT
        guard wait(for: PQsocket(handle), events: Int16(events), until: deadline) else {
          PQfinish(handle)
          throw PostgresError(
            state: "", message: "the server did not answer the connection in time",
            database: name, isUnavailable: true)
        }
        polling = PQconnectPoll(handle)
      }
      // Notices (an index that already exists) are not errors: libpq would print them.
      PQsetNoticeProcessor(handle, { _, _ in }, nil)
      return handle
    }

    /// Waits until `socket` is ready for `events` (or in error); false once `deadline` passed.
    private static func wait(
      for socket: Int32, events: Int16, until deadline: ContinuousClock.Instant
    ) -> Bool {
      var descriptor = pollfd(fd: socket, events: events, revents: 0)
      while true {
        let left = (deadline - ContinuousClock.now) / .milliseconds(1)
        let milliseconds = Int32(clamping: max(0, Int64(left.rounded(.up))))
        if milliseconds == 0 { return false }
        let ready = poll(&descriptor, 1, milliseconds)
        if ready > 0 { return true }
        if ready == 0 || errno != EINTR { return ready != 0 }
      }
    }

    /// The settings a URL or key-value string gives, as libpq reads them; or why it cannot.
    static func settings(_ url: String) -> Result<[String: String], PostgresError> {
      var error: UnsafeMutablePointer<CChar>?
      guard let options = PQconninfoParse(url, &error) else {
        defer { PQfreemem(error) }
        let message = error.map { oneLine(String(cString: $0)) } ?? "unreadable"
        return .failure(
          PostgresError(state: "", message: message, database: "PostgreSQL", isUnavailable: false))
      }
      defer { PQconninfoFree(options) }
      var settings: [String: String] = [:]
      var option = options
      while let keyword = option.pointee.keyword {
        if let value = option.pointee.val {
          settings[String(cString: keyword)] = String(cString: value)
        }
        option += 1
      }
      return .success(settings)
    }

    /// `host:port/database` of a URL or key-value string, without user or password.
    static func displayName(_ url: String) -> String {
      guard case .success(let settings) = settings(url) else { return "PostgreSQL" }
      let host = settings["host"] ?? "localhost"
      let port = settings["port"].map { ":" + $0 } ?? ""
      return "PostgreSQL \(host)\(port)/\(settings["dbname"] ?? settings["user"] ?? "")"
    }

    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Opens the connection again when it was lost; its prepared statements went with it.
    private func reconnectIfBroken() throws(PostgresError) {
      guard isBroken else { return }
      let fresh = try Self.connect(url, name: name, by: Self.connectDeadline(patience, deadline))
      PQfinish(handle)
      handle = fresh
      prepared = [:]
    }

    /// Set when the last statement got no answer in time: it may have reached the server, so
    /// it is not sent again.
    private var gaveUp = false

    /// What `sent` (a `PQsend…` call's result) came to: its last result, as `PQexec` gives
    /// it, waited for through silences of at most ``patience`` (and never past
    /// ``deadline``); nil when it could not be sent or the server fell silent longer (the
    /// connection is then broken, ``isBroken``).
    private func answer(_ sent: Int32) -> OpaquePointer? {
      guard sent == 1 else { return nil }
      var silence = ContinuousClock.now + patience
      var last: OpaquePointer?
      while true {
        while PQisBusy(handle) == 1 {
          let limit = self.deadline.map { min($0, silence) } ?? silence
          let left = (limit - ContinuousClock.now) / .milliseconds(1)
          let milliseconds = Int32(clamping: max(0, Int64(left.rounded(.up))))
          var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
          if milliseconds == 0 || poll(&descriptor, 1, milliseconds) == 0 {
            // No answer in time: this connection is given up (its socket shut, so libpq
            // sees it lost), and opened again on next use.
            shutdown(PQsocket(handle), Int32(SHUT_RDWR))
            _ = PQconsumeInput(handle)
            PQclear(last)
            gaveUp = true
            return nil
          }
          if PQconsumeInput(handle) == 0 { break }
          // Bytes came: the server answers. The limit is on its silence, so a long result
          // that keeps coming is read to its end.
          silence = ContinuousClock.now + patience
        }
        guard let result = PQgetResult(handle) else { return last }
        PQclear(last)
        last = result
        if isBroken { return last }
      }
    }

    func execute(_ sql: String) throws {
      try check(retryingOnANewConnection { answer(PQsendQuery(handle, sql)) })
    }

    /// `send`'s result; when the connection turns out to have been lost while idle (the
    /// server restarted since its last use), `send` again once on a new one: nothing had
    /// reached the server, and no transaction was under way.
    private func retryingOnANewConnection(_ send: () -> OpaquePointer?) throws(PostgresError)
      -> OpaquePointer?
    {
      try reconnectIfBroken()
      let idle = PQtransactionStatus(handle) == PQTRANS_IDLE
      gaveUp = false
      let result = send()
      guard idle, isBroken, !gaveUp else { return result }
      PQclear(result)
      try reconnectIfBroken()
      return send()
    }

    func prepare(_ sql: String) throws -> any SQLStatement {
      PostgresStatement(sql: Self.numberedParameters(sql), connection: self)
    }

    /// `?1` → `$1`: the store's queries use SQLite's numbered parameters, PostgreSQL's
    /// spelling differs. (No query of the store has a `?` inside a string literal.)
    static func numberedParameters(_ sql: String) -> String {
      String(sql.map { $0 == "?" ? "$" : $0 })
    }

    /// Runs `sql` (prepared on first use) with `values`; returns the result, checked.
    func run(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> OpaquePointer {
      let statementName: String
      if let name = prepared[sql] {
        statementName = name
      } else {
        statementsNamed += 1
        statementName = "s\(statementsNamed)"
        let result = try retryingOnANewConnection {
          answer(PQsendPrepare(handle, statementName, sql, 0, nil))
        }
        PQclear(try checked(result))
        prepared[sql] = statementName
      }
      // Text for every value but bytes, sent as they are (binary format).
      var texts: [[CChar]?] = []
      var lengths: [Int32] = []
      var formats: [Int32] = []
      for value in values {
        switch value {
        case .text(let text):
          texts.append(Array(text.utf8CString))
          lengths.append(0)
          formats.append(0)
        case .int(let number):
          texts.append(Array(String(number).utf8CString))
          lengths.append(0)
          formats.append(0)
        case .double(let number):
          texts.append(Array("\(number)".utf8CString))
          lengths.append(0)
          formats.append(0)
        case .blob(let data):
          texts.append(data.isEmpty ? [0] : data.map { CChar(bitPattern: $0) })
          lengths.append(Int32(data.count))
          formats.append(1)
        case .null:
          texts.append(nil)
          lengths.append(0)
          formats.append(0)
        }
      }
      let result = try withPointers(to: texts) { pointers throws(PostgresError) in
        try retryingOnANewConnection {
          // A new connection has none of the old one's prepared statements.
          if prepared.isEmpty {
            PQclear(answer(PQsendPrepare(handle, statementName, sql, 0, nil)))
            prepared[sql] = statementName
          }
          return answer(
            PQsendQueryPrepared(
              handle, statementName, Int32(values.count), pointers, lengths, formats, 0))
        }
      }
      return try checked(result)
    }

    private func check(_ result: OpaquePointer?) throws(PostgresError) {
      PQclear(try checked(result))
    }

    /// `result` when it is a success; else its error, thrown (and the result freed).
    private func checked(_ result: OpaquePointer?) throws(PostgresError) -> OpaquePointer {
      let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
      if let result, status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK {
        changes = Int(String(cString: PQcmdTuples(result))) ?? 0
        return result
      }
      let state =
        result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }
        .map { String(cString: $0) } ?? ""
      var message = oneLine(result.map { String(cString: PQresultErrorMessage($0)) } ?? "")
      PQclear(result)
      if gaveUp {
        message = "no answer in time (silent for \(patience) at most); connection given up"
      }
      let lost = isBroken || state.hasPrefix("08") || state.hasPrefix("57P")
      throw PostgresError(
        state: state,
        message: message.isEmpty
          ? oneLine(String(cString: PQerrorMessage(handle))) : message,
        database: name, isUnavailable: lost)
    }

    /// The change count as the write transaction under way locked it.
    private var lockedCount: Int64?

    /// Every writer of the database first locks the one row of `change_count`: writes are
    /// one at a time, as on SQLite, and each sees what the others committed. (The lock and
    /// the count are asked for with `BEGIN`, in one round trip.)
    func transaction<T>(_ body: () throws -> T) throws -> T {
      let locked = try checked(
        retryingOnANewConnection {
          answer(
            PQsendQuery(handle, "BEGIN; SELECT count FROM change_count WHERE id = 1 FOR UPDATE"))
        })
      lockedCount = PQntuples(locked) == 1 ? PostgresRow(result: locked, row: 0).int(0) : nil
      PQclear(locked)
      defer { lockedCount = nil }
      do {
        let result = try body()
        try execute("COMMIT")
        return result
      } catch {
        if !isBroken { try? execute("ROLLBACK") }
        throw error
      }
    }

    func readTransaction<T>(_ body: () throws -> T) throws -> T {
      try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
      defer { if !isBroken { try? execute("COMMIT") } }
      return try body()
    }

    /// The count changes with the roster alone: another server's other writes go unseen.
    var markerSeesEveryCommit: Bool { false }

    func changeMarker() throws -> Int64 {
      if let lockedCount { return lockedCount }
      return try scalar("SELECT count FROM change_count WHERE id = 1")
    }

    /// Counts the change and notifies the other servers' listeners (delivered at commit),
    /// in one statement.
    func markRosterChanged() throws -> Int64 {
      let count = try scalar(
        """
        WITH counted AS (UPDATE change_count SET count = count + 1 WHERE id = 1 RETURNING count)
        SELECT count, pg_notify('kcorp_changes', count::text) FROM counted
        """)
      lockedCount = count
      return count
    }

    /// Waits up to `timeout` seconds for a notification on a channel this connection
    /// listens to (`LISTEN`); true when one or more came.
    /// - Throws: ``PostgresError`` when the connection is lost.
    func waitForNotifications(timeout: Double) throws(PostgresError) -> Bool {
      try reconnectIfBroken()
      var received = false
      func drain() {
        while let notification = PQnotifies(handle) {
          received = true
          PQfreemem(notification)
        }
      }
      drain()
      if received { return true }
      var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(timeout * 1000))
      if ready > 0 {
        guard PQconsumeInput(handle) == 1 else {
          throw PostgresError(
            state: "",
            message: oneLine(String(cString: PQerrorMessage(handle))), database: name,
            isUnavailable: true)
        }
        drain()
      }
      if isBroken {
        throw PostgresError(
          state: "", message: "the connection was lost", database: name, isUnavailable: true)
      }
      return received
    }
  }

  /// A statement of a ``PostgresConnection``: its SQL and the values bound.
  final class PostgresStatement: SQLStatement {
    private let sql: String
    private let connection: PostgresConnection
    private var values: [SQLValue] = []

    init(sql: String, connection: PostgresConnection) {
      self.sql = sql
      self.connection = connection
    }

    func bind(_ values: [SQLValue]) throws -> Self {
      self.values = values
      return self
    }

    func run() throws {
      PQclear(try connection.run(sql, values))
    }

    func forEachRow(_ body: (any SQLRow) throws -> Void) throws {
      let result = try connection.run(sql, values)
      defer { PQclear(result) }
      for index in 0..<PQntuples(result) {
        try body(PostgresRow(result: result, row: index))
      }
    }
  }

  /// One row of a result, in libpq's text format.
  struct PostgresRow: SQLRow {
    let result: OpaquePointer
    let row: Int32

    func text(_ index: Int32) -> String {
      guard let value = PQgetvalue(result, row, index) else { return "" }
      let count = Int(PQgetlength(result, row, index))
      return value.withMemoryRebound(to: UInt8.self, capacity: count) {
        String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
      }
    }

    func int(_ index: Int32) -> Int64 {
      let value = text(index)
      // A boolean comes as t or f.
      return Int64(value) ?? (value == "t" ? 1 : 0)
    }

    func double(_ index: Int32) -> Double { Double(text(index)) ?? 0 }

    /// `bytea` comes as `\x` and hexadecimal digits.
    func blob(_ index: Int32) -> Data {
      guard let value = PQgetvalue(result, row, index) else { return Data() }
      let count = Int(PQgetlength(result, row, index))
      guard count >= 2 else { return Data() }
      var data = Data(capacity: (count - 2) / 2)
      func nibble(_ byte: CChar) -> UInt8 {
        let byte = UInt8(bitPattern: byte)
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return byte &- UInt8(ascii: "A") &+ 10
        }
      }
      var offset = 2
      while offset + 1 < count {
        data.append(nibble(value[offset]) << 4 | nibble(value[offset + 1]))
        offset += 2
      }
      return data
    }

    func isNull(_ index: Int32) -> Bool { PQgetisnull(result, row, index) == 1 }
  }

  /// libpq's message on one line: it breaks its own with a newline and a tab.
  private func oneLine(_ message: String) -> String {
    message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Calls `body` with C strings of `strings` and a NULL after the last.
  private func withArrayOfCStrings<R>(
    _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R
  ) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) } + [nil])
  }

  /// Calls `body` with pointers to each buffer (NULL for nil).
  private func withPointers<R, E: Error>(
    to buffers: [[CChar]?], _ body: ([UnsafePointer<CChar>?]) throws(E) -> R
  ) throws(E) -> R {
    var pointers: [UnsafePointer<CChar>?] = []
    var copies: [UnsafeMutablePointer<CChar>] = []
    for buffer in buffers {
      guard let buffer else {
        pointers.append(nil)
        continue
      }
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(buffer.count, 1))
      copy.initialize(from: buffer, count: buffer.count)
      copies.append(copy)
      pointers.append(UnsafePointer(copy))
    }
    defer { copies.forEach { $0.deallocate() } }
    return try body(pointers)
  }
#endif

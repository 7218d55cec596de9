import CSQLite
import Foundation

/// An error from SQLite, with its result code and message, and the file it concerns.
public struct SQLiteError: Error, Hashable, CustomStringConvertible, Sendable {
  /// SQLite's (extended) result code, e.g. `SQLITE_NOTADB` (26).
  public let code: Int32
  public let message: String
  public let path: String

  public var description: String { "\(path): \(message) (SQLite error \(code))" }

  /// The disk (or the folder's file system) has no room left.
  public var isDiskFull: Bool { code & 0xFF == SQLITE_FULL }
  /// The file or its folder cannot be written (read-only).
  public var isReadOnly: Bool { code & 0xFF == SQLITE_READONLY }
  /// The file was removed or replaced while open: ``SQLiteConnection/transaction(_:)`` found it
  /// gone from its path before committing.
  public let isFileGone: Bool

  public init(code: Int32, message: String, path: String, isFileGone: Bool = false) {
    self.code = code
    self.message = message
    self.path = path
    self.isFileGone = isFileGone
  }
}

/// One SQLite connection. Not thread-safe: one owner uses it at a time (the store's writer
/// behind its lock, or a ``ReadPool`` lending it to one reader).
final class SQLiteConnection: SQLConnection {
  private let handle: OpaquePointer
  let path: String
  /// The file written to (device and inode), to notice it removed or replaced under us;
  /// known from the first commit (SQLite creates a new file lazily).
  private var file: FileIdentity?

  /// Opens (or, with `create`, creates) the database at `path`; `:memory:` is a throwaway one.
  /// With `readOnly`, only for reading (a backup to copy from).
  init(path: String, create: Bool, readOnly: Bool = false) throws(SQLiteError) {
    var handle: OpaquePointer?
    var flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_EXRESCODE
    if create { flags |= SQLITE_OPEN_CREATE }
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message, path: path)
    }
    // SQLite opens a file it may not write read-only, without a word: every write would
    // then fail. Refused at once instead.
    if !readOnly && sqlite3_db_readonly(handle, "main") == 1 {
      sqlite3_close_v2(handle)
      throw SQLiteError(
        code: SQLITE_READONLY, message: "this user may read the file but not write it",
        path: path)
    }
    self.handle = handle
    self.path = path
  }

  deinit {
    sqlite3_finalize(dataVersion)
    for statement in compiled.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  var name: String { path }

  /// Never: a file does not go away as a server does.
  var isBroken: Bool { false }

  /// `PRAGMA data_version`: it changes when another connection commits. (Asked twice per
  /// write: compiled once.)
  func changeMarker() throws -> Int64 {
    if dataVersion == nil {
      try check(
        sqlite3_prepare_v3(
          handle, "PRAGMA data_version", -1, UInt32(SQLITE_PREPARE_PERSISTENT), &dataVersion, nil))
    }
    defer { sqlite3_reset(dataVersion) }
    try check(sqlite3_step(dataVersion))
    return sqlite3_column_int64(dataVersion, 0)
  }

  /// The compiled `PRAGMA data_version` (a raw handle: a ``SQLiteStatement`` would hold this
  /// connection, which would then never close).
  private var dataVersion: OpaquePointer?

  var markerSeesEveryCommit: Bool { true }

  /// Nothing to tell: other connections see the file's `data_version` change by itself.
  func markRosterChanged() throws -> Int64 { try changeMarker() }

  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    guard Self.kept.contains(sql) else {
      return try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }
    let statement: OpaquePointer
    if let known = compiled[sql] {
      statement = known
    } else {
      var made: OpaquePointer?
      try check(
        sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &made, nil))
      guard let made else { return }  // only an empty text compiles to nothing
      compiled[sql] = made
      statement = made
    }
    defer { sqlite3_reset(statement) }
    let code = sqlite3_step(statement)
    if code != SQLITE_DONE { try check(code) }
  }

  /// The statements every commit runs, each several times: compiled once, not parsed each
  /// time. Raw handles, as `dataVersion`'s.
  private static let kept: Set<String> = [
    "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK", "SAVEPOINT write", "RELEASE write",
    "ROLLBACK TO write",
  ]
  private var compiled: [String: OpaquePointer] = [:]

  /// Compiles one statement.
  func prepare(_ sql: String) throws(SQLiteError) -> any SQLStatement {
    try prepareStatement(sql)
  }

  /// Compiles one statement, as its own type.
  func prepareStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil))
    guard let statement else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", path: path)
    }
    return SQLiteStatement(statement, connection: self)
  }

  /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
  ///
  /// Nothing is committed to a file that is no longer at its path (removed, or replaced by
  /// another): it could not be found again, so the change would be lost.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      let current = FileIdentity(path: path)
      if file == nil { file = current }
      if path != ":memory:", current == nil || current != file {
        throw SQLiteError(
          code: SQLITE_IOERR,
          message:
            "the database file was removed or replaced while kcorp had it open, so nothing more is saved; restart kcorp (and restore the file from a backup if it was removed)",
          path: path, isFileGone: true)
      }
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      if (error as? SQLiteError)?.isFileGone == true { emptyLogOfAFileGone() }
      throw error
    }
  }

  /// Whether the file at the path is not the one this connection writes to any more (removed,
  /// or another moved there); known once the file was first written.
  var fileIsGone: Bool {
    guard path != ":memory:", let file else { return false }
    return FileIdentity(path: path) != file
  }

  /// Moves what this connection's log (`-wal`) holds into its own file, the one gone from
  /// the path, and empties the log: left as it was at the path, it would be replayed into
  /// the file now there by the next program to open it.
  func emptyLogOfAFileGone() {
    try? execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// Copies the whole database, as it is at one moment, into a new file at `destination`
  /// (SQLite's online backup: writers in other processes wait only while pages are copied).
  func backup(to destination: String) throws(SQLiteError) {
    var target: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXRESCODE
    guard sqlite3_open_v2(destination, &target, flags, nil) == SQLITE_OK, let target else {
      let message = target.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot create"
      sqlite3_close_v2(target)
      throw SQLiteError(code: SQLITE_CANTOPEN, message: message, path: destination)
    }
    defer { sqlite3_close_v2(target) }
    guard let backup = sqlite3_backup_init(target, "main", handle, "main") else {
      throw SQLiteError(
        code: sqlite3_errcode(target), message: String(cString: sqlite3_errmsg(target)),
        path: destination)
    }
    let code = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else {
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(target)), path: destination)
    }
  }

  /// Runs `body` in one read transaction, so that its queries see one state of the file.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN DEFERRED")
    defer { try? execute("COMMIT") }
    return try body()
  }

  /// The first column of a one-row query (the last row's when there are several).
  func scalar(_ sql: String) throws(SQLiteError) -> Int64 {
    let statement = try prepareStatement(sql)
    var value: Int64 = 0
    do {
      try statement.forEachRow { value = $0.int(0) }
    } catch let error as SQLiteError {
      throw error
    } catch {
      throw SQLiteError(code: 1, message: "\(error)", path: path)
    }
    return value
  }

  /// How many rows the last statement changed.
  var changes: Int { Int(sqlite3_changes64(handle)) }

  func check(_ code: Int32) throws(SQLiteError) {
    guard code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE else {
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }
  }
}

/// Which file a path names: its device and inode (nil for `:memory:` or a missing file).
struct FileIdentity: Hashable {
  let device: UInt64
  let inode: UInt64

  init?(path: String) {
    var info = stat()
    guard path != ":memory:", !path.isEmpty, stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

/// A prepared statement with typed binding and reading.
final class SQLiteStatement: SQLStatement, SQLRow {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection

  fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// Binds `values` to the parameters ?1, ?2, … in order.
  @discardableResult
  func bind(_ values: [SQLValue]) throws(SQLiteError) -> Self {
    // What reset returns is the previous run's error, already reported there.
    sqlite3_reset(handle)
    try connection.check(sqlite3_clear_bindings(handle))
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      switch value {
      case .int(let number):
        try connection.check(sqlite3_bind_int64(handle, index, number))
      case .double(let number):
        try connection.check(sqlite3_bind_double(handle, index, number))
      case .null:
        try connection.check(sqlite3_bind_null(handle, index))
      case .blob(let data):
        try connection.check(
          data.withUnsafeBytes {
            sqlite3_bind_blob64(
              handle, index, $0.baseAddress, UInt64($0.count), csqlite_transient())
          })
      case .text(let text):
        // Explicit byte length: the text may hold NUL characters; SQLite copies it now.
        let length = UInt64(text.utf8.count)
        try connection.check(
          text.withCString {
            sqlite3_bind_text64(handle, index, $0, length, csqlite_transient(), UInt8(SQLITE_UTF8))
          })
      }
    }
    return self
  }

  /// Runs a statement that returns no rows.
  func run() throws(SQLiteError) {
    defer { sqlite3_reset(handle) }
    try connection.check(sqlite3_step(handle))
  }

  /// Runs a query and calls `row` for each result row.
  func forEachRow(_ row: (any SQLRow) throws -> Void) throws {
    defer { sqlite3_reset(handle) }
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else { try connection.check(code); return }
      try row(self)
    }
  }

  /// The text in column `index` of the current row ("" for NULL).
  func text(_ index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The integer in column `index` of the current row.
  func int(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// The real number in column `index` of the current row.
  func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// The bytes in column `index` of the current row.
  func blob(_ index: Int32) -> Data {
    guard let bytes = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, index)))
  }

  /// Whether column `index` of the current row is NULL.
  func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
}

import CSQLite
import Foundation

/// An error from SQLite, with its result code and message, and the file it concerns.
public struct SQLiteError: Error, Hashable, CustomStringConvertible, Sendable {
  /// SQLite's (extended) result code, e.g. `SQLITE_NOTADB` (26).
  public let code: Int32
  public let message: String
  public let path: String

  public var description: String { "\(path): \(message) (SQLite error \(code))" }

  public init(code: Int32, message: String, path: String) {
    self.code = code
    self.message = message
    self.path = path
  }
}

/// One SQLite connection. Not thread-safe: ``RosterStore`` owns it behind a lock.
final class Connection {
  private let handle: OpaquePointer
  let path: String

  /// Opens (or, with `create`, creates) the database at `path`; `:memory:` is a throwaway one.
  init(path: String, create: Bool) throws(SQLiteError) {
    var handle: OpaquePointer?
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    if create { flags |= SQLITE_OPEN_CREATE }
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message, path: path)
    }
    self.handle = handle
    self.path = path
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    try check(sqlite3_exec(handle, sql, nil, nil, nil))
  }

  /// Compiles one statement.
  func prepare(_ sql: String) throws(SQLiteError) -> Statement {
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil))
    guard let statement else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", path: path)
    }
    return Statement(statement, connection: self)
  }

  /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs `body` in one read transaction, so that its queries see one state of the file.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN DEFERRED")
    defer { try? execute("COMMIT") }
    return try body()
  }

  /// How many rows the last statement changed.
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The rowid of the last row this connection inserted.
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  func check(_ code: Int32) throws(SQLiteError) {
    guard code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE else {
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }
  }
}

/// A prepared statement with typed binding and reading.
final class Statement {
  private let handle: OpaquePointer
  private let connection: Connection

  fileprivate init(_ handle: OpaquePointer, connection: Connection) {
    self.handle = handle
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// A value that can be bound to a parameter.
  enum Value {
    case text(String)
    case int(Int64)
    case double(Double)
    case null
  }

  /// Binds `values` to parameters 1…n, resetting the statement first.
  @discardableResult
  func bind(_ values: Value...) throws(SQLiteError) -> Statement {
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
  func forEachRow(_ row: (Statement) throws -> Void) throws {
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

  /// Whether column `index` of the current row is NULL.
  func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
}

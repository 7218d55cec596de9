import Foundation

/// One connection to the store's database: SQLite's file (``SQLiteConnection``) or a PostgreSQL
/// server (``PostgresConnection``). Every query of the store is written once, in the SQL
/// both understand, with parameters `?1`, `?2`, … (never values in the text).
///
/// Not thread-safe: the store keeps its writer behind a lock, and each reader is used by
/// one thread at a time (``ReadPool``).
@_spi(Rows) public protocol SQLConnection: AnyObject {
  /// The database, for messages: a file's path, or a server's host and database name
  /// (never a password).
  var name: String { get }
  /// Runs one or more statements that take no parameters and return no rows.
  func execute(_ sql: String) throws
  /// Compiles one statement (kept and reused by the caller).
  func prepare(_ sql: String) throws -> any SQLStatement
  /// Runs `body` in one write transaction, the only one at a time on the database:
  /// committed (and durable) when it returns, rolled back when it throws.
  func transaction<T>(_ body: () throws -> T) throws -> T
  /// Runs `body` in one read transaction, so that its queries see one state of the database.
  func readTransaction<T>(_ body: () throws -> T) throws -> T
  /// How many rows the last statement changed.
  var changes: Int { get }
  /// A number that differs from the last one this connection saw once another connection
  /// has committed a change to the roster.
  func changeMarker() throws -> Int64
  /// Tells other connections, in the write transaction under way, that it changes the
  /// roster; returns the marker as this connection is to see it after the commit.
  func markRosterChanged() throws -> Int64
  /// Whether ``changeMarker()`` changes with every commit of another connection, whatever
  /// it changed (SQLite's `data_version`), not only the roster's: what the writer reads of
  /// other tables may then be kept until it changes.
  var markerSeesEveryCommit: Bool { get }
  /// Whether the connection was lost (the server went away): it is then opened again
  /// before its next use, or thrown away by a pool.
  var isBroken: Bool { get }
  /// When set, the connection waits for its server no later than this: a statement still
  /// unanswered then fails as unavailable, and the connection is lost.
  var deadline: ContinuousClock.Instant? { get set }
}

extension SQLConnection {
  /// A file's connection never waits on a server: there is no deadline to keep.
  var deadline: ContinuousClock.Instant? {
    get { nil }
    set {}
  }
}

/// A value bound to a statement's parameter.
@_spi(Rows) public enum SQLValue {
  case text(String)
  case int(Int64)
  case double(Double)
  case blob(Data)
  case null
}

/// A row of a query's result, read by column from 0.
@_spi(Rows) public protocol SQLRow {
  /// The text in a column ("" for NULL).
  func text(_ index: Int32) -> String
  func int(_ index: Int32) -> Int64
  func double(_ index: Int32) -> Double
  func blob(_ index: Int32) -> Data
  func isNull(_ index: Int32) -> Bool
}

/// The columns a query reads, named once: its SELECT list is made from the cases in order
/// (``list(_:)``) and its rows are read by case (`row.text(PlayerColumn.riotID)`), so that
/// the list and the reads cannot drift apart. A case reads the column named as it is in
/// snake case (`riotID`: `riot_id`), or the expression its ``sql`` gives.
@_spi(Rows) public protocol SQLColumns: CaseIterable, RawRepresentable<Int32> {
  /// The column or expression read.
  var sql: String { get }
}

extension SQLColumns {
  @_spi(Rows) public var sql: String { Self.name(of: self) }

  /// The column a case names: the case's name in snake case (`riotID`: `riot_id`).
  @_spi(Rows) public static func name(of column: Self) -> String {
    var name = ""
    var previous: Character = " "
    for character in String(describing: column) {
      if character.isUppercase, previous.isLowercase { name += "_" }
      name += character.lowercased()
      previous = character
    }
    return name
  }

  /// The SELECT list: every case's column, in order, each prefixed by `table` when given.
  @_spi(Rows) public static func list(_ table: String? = nil) -> String {
    assert(allCases.enumerated().allSatisfy { $0.offset == Int($0.element.rawValue) })
    return allCases.map { column in table.map { "\($0).\(column.sql)" } ?? column.sql }
      .joined(separator: ", ")
  }
}

extension SQLRow {
  @_spi(Rows) public func text<C: SQLColumns>(_ column: C) -> String { text(column.rawValue) }
  @_spi(Rows) public func int<C: SQLColumns>(_ column: C) -> Int64 { int(column.rawValue) }
  @_spi(Rows) public func double<C: SQLColumns>(_ column: C) -> Double { double(column.rawValue) }
  @_spi(Rows) public func blob<C: SQLColumns>(_ column: C) -> Data { blob(column.rawValue) }
  @_spi(Rows) public func isNull<C: SQLColumns>(_ column: C) -> Bool { isNull(column.rawValue) }
  /// The text in a column, or nil for NULL.
  @_spi(Rows) public func optional<C: SQLColumns>(_ column: C) -> String? {
    isNull(column.rawValue) ? nil : text(column.rawValue)
  }
}

/// A compiled statement.
@_spi(Rows) public protocol SQLStatement: AnyObject {
  /// Binds `values` to the parameters ?1, ?2, … in order.
  @discardableResult
  func bind(_ values: [SQLValue]) throws -> Self
  /// Runs a statement that returns no rows.
  func run() throws
  /// Runs a query and calls `row` for each result row.
  func forEachRow(_ row: (any SQLRow) throws -> Void) throws
}

extension SQLStatement {
  /// Binds `values` to parameters 1…n.
  @discardableResult
  @_spi(Rows) public func bind(_ values: SQLValue...) throws -> Self { try bind(values) }
}

extension SQLConnection {
  /// The first column of a one-row query, as an integer (0 when no row; the last row's
  /// when there are several).
  @_spi(Rows) public func scalar(_ sql: String) throws -> Int64 {
    var value: Int64 = 0
    try prepare(sql).forEachRow { value = $0.int(0) }
    return value
  }
}

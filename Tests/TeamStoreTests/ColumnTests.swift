import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// A query's SELECT list is made from its columns' names, in order, and a row is read by
/// them: the position each is read at is its place in the list.
@Suite struct ColumnTests {
  enum Column: Int32, SQLColumns {
    case id, riotID, removedAt, onRoster
    var sql: String { self == .onRoster ? "removed_at IS NULL" : Self.name(of: self) }
  }

  @Test func aSelectListNamesEachColumnInSnakeCaseInOrder() {
    #expect(Column.list() == "id, riot_id, removed_at, removed_at IS NULL")
    #expect(Column.list("p").hasPrefix("p.id, p.riot_id, p.removed_at"))
    #expect(Column.allCases.map(\.rawValue) == [0, 1, 2, 3])
  }

  @Test func aRowIsReadByColumnName() throws {
    let folder = try TemporaryFolder()
    let connection = try SQLiteConnection(path: folder.path("columns.sqlite"), create: true)
    try connection.execute(
      """
      CREATE TABLE t (id TEXT, riot_id TEXT, removed_at REAL);
      INSERT INTO t VALUES ('a', 'Caliste#KC', NULL);
      """)
    var read: [String] = []
    try connection.prepare("SELECT \(Column.list()) FROM t").forEachRow { row in
      read = [
        row.text(Column.id), row.text(Column.riotID), "\(row.isNull(Column.removedAt))",
        "\(row.int(Column.onRoster))",
      ]
    }
    #expect(read == ["a", "Caliste#KC", "true", "1"])
  }
}

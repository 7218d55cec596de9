import Foundation
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// The two backends' schemas, each written in its own dialect, must describe the same
/// database: the same tables, columns (type, nullability, primary key), indexes and foreign
/// keys, read from each live database after migrating.
@Suite struct SchemaEqualityTests {
  /// A database's schema as both dialects can state it, each line one fact.
  struct Shape: Equatable {
    var columns: Set<String> = []
    var indexes: Set<String> = []
    var foreignKeys: Set<String> = []
  }

  @Test func bothBackendsHaveTheSameTablesColumnsIndexesAndForeignKeysAfterMigrating() throws {
    let folder = try TemporaryFolder()
    let sqlite = try TestDatabase(.sqlite, in: folder).open().read(Self.sqliteShape)
    let postgres = try TestDatabase(.postgres, in: folder).open().read(Self.postgresShape)
    #expect(!sqlite.columns.isEmpty)
    #expect(sqlite.columns.subtracting(postgres.columns).sorted() == [])
    #expect(postgres.columns.subtracting(sqlite.columns) == Self.postgresOnly)
    #expect(sqlite.indexes.subtracting(postgres.indexes).sorted() == [])
    #expect(postgres.indexes.subtracting(sqlite.indexes).sorted() == [])
    #expect(sqlite.foreignKeys.subtracting(postgres.foreignKeys).sorted() == [])
    #expect(postgres.foreignKeys.subtracting(sqlite.foreignKeys).sorted() == [])
  }

  @Test func aCopyToAnotherDatabaseTakesEveryColumnOfTheTablesItCopies() throws {
    let folder = try TemporaryFolder()
    let store = try TestDatabase(.sqlite, in: folder).open()
    for table in RosterStore.copiedTables {
      var columns: Set<String> = []
      try store.read { connection in
        try connection.prepare("SELECT name FROM pragma_table_info('\(table.table)')")
          .forEachRow { columns.insert($0.text(0)) }
      }
      // An academy's parent is set once every team is there; history entries and Discord
      // posts are numbered again in their order.
      let derived: [String: Set<String>] = [
        "team": ["parent_id"], "history": ["id"], "discord_post": ["id"],
      ]
      #expect(
        columns.subtracting(table.columns.map(\.0)) == derived[table.table, default: []],
        "\(table.table)")
    }
  }

  /// What PostgreSQL has and SQLite need not: the counter every commit that changes the
  /// roster counts up, whose row is the servers' write lock (SQLite has one writer and its
  /// `data_version`), and tenures' `rowid`, which SQLite's tables have without declaring it.
  static let postgresOnly: Set<String> = [
    "change_count.count integer not null", "change_count.id integer not null key 1",
    "tenure.rowid integer not null",
  ]

  /// A column's type as both dialects name it.
  static func kind(_ type: String) -> String {
    switch type.lowercased() {
    case "text": "text"
    case "integer", "bigint", "int": "integer"
    case "real", "double precision": "real"
    case "blob", "bytea": "blob"
    default: type.lowercased()
    }
  }

  static func sqliteShape(_ connection: any SQLConnection) throws -> Shape {
    var shape = Shape()
    let tables = "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    try connection.prepare(
      """
      SELECT t.name, c.name, c.type, c."notnull", c.pk
      FROM (\(tables)) t JOIN pragma_table_info(t.name) c
      """
    ).forEachRow { row in
      let key = row.int(4) > 0
      // A primary key is never null, whatever its declaration says.
      shape.columns.insert(
        "\(row.text(0)).\(row.text(1)) \(kind(row.text(2)))"
          + (row.int(3) != 0 || key ? " not null" : "") + (key ? " key \(row.int(4))" : ""))
    }
    var indexes: [String: (table: String, unique: Bool, partial: Bool, columns: [String])] = [:]
    try connection.prepare(
      """
      SELECT t.name, l.name, l."unique", l.partial, i.name
      FROM (\(tables)) t JOIN pragma_index_list(t.name) l JOIN pragma_index_info(l.name) i
      WHERE l.origin <> 'pk'
      ORDER BY t.name, l.name, i.seqno
      """
    ).forEachRow { row in
      indexes[row.text(1), default: (row.text(0), row.int(2) != 0, row.int(3) != 0, [])]
        .columns.append(row.isNull(4) ? "(expression)" : row.text(4))
    }
    shape.indexes = Set(indexes.values.map(index))
    try connection.prepare(
      """
      SELECT t.name, f."from", f."table", f."to", f.on_delete
      FROM (\(tables)) t JOIN pragma_foreign_key_list(t.name) f
      """
    ).forEachRow { row in
      shape.foreignKeys.insert(
        "\(row.text(0)).\(row.text(1)) → \(row.text(2)).\(row.text(3)) on delete "
          + row.text(4).lowercased())
    }
    return shape
  }

  static func postgresShape(_ connection: any SQLConnection) throws -> Shape {
    var shape = Shape()
    try connection.prepare(
      """
      SELECT c.table_name, c.column_name, c.data_type, c.is_nullable,
        coalesce((SELECT k.ordinal_position::text
          FROM information_schema.table_constraints p
          JOIN information_schema.key_column_usage k
            ON k.constraint_name = p.constraint_name AND k.table_schema = p.table_schema
          WHERE p.constraint_type = 'PRIMARY KEY' AND p.table_schema = c.table_schema
            AND p.table_name = c.table_name AND k.column_name = c.column_name), '0')
      FROM information_schema.columns c
      JOIN information_schema.tables t
        ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.table_name <> 'schema_version'
      """
    ).forEachRow { row in
      let key = Int(row.text(4)) ?? 0
      shape.columns.insert(
        "\(row.text(0)).\(row.text(1)) \(kind(row.text(2)))"
          + (row.text(3) == "NO" ? " not null" : "") + (key > 0 ? " key \(key)" : ""))
    }
    var indexes: [String: (table: String, unique: Bool, partial: Bool, columns: [String])] = [:]
    try connection.prepare(
      """
      SELECT t.relname, i.relname, x.indisunique::text, (x.indpred IS NOT NULL)::text, a.attname
      FROM pg_index x
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, position)
      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = current_schema() AND NOT x.indisprimary
        AND t.relname <> 'schema_version'
      ORDER BY t.relname, i.relname, k.position
      """
    ).forEachRow { row in
      indexes[row.text(1), default: (row.text(0), row.text(2) == "true", row.text(3) == "true", [])]
        .columns.append(row.isNull(4) ? "(expression)" : row.text(4))
    }
    shape.indexes = Set(indexes.values.map(index))
    try connection.prepare(
      """
      SELECT t.relname, a.attname, r.relname, b.attname, c.confdeltype
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid
      JOIN pg_class r ON r.oid = c.confrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(attnum, refnum)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      JOIN pg_attribute b ON b.attrelid = r.oid AND b.attnum = k.refnum
      WHERE c.contype = 'f' AND n.nspname = current_schema()
      """
    ).forEachRow { row in
      let onDelete =
        ["c": "cascade", "n": "set null", "r": "restrict", "d": "set default"][row.text(4)]
        ?? "no action"
      shape.foreignKeys.insert(
        "\(row.text(0)).\(row.text(1)) → \(row.text(2)).\(row.text(3)) on delete \(onDelete)")
    }
    return shape
  }

  /// An index as a fact both dialects state alike: its table, kind and columns (its name
  /// aside: a UNIQUE constraint's index is named by each database its own way).
  private static func index(
    _ index: (table: String, unique: Bool, partial: Bool, columns: [String])
  ) -> String {
    "\(index.table)(\(index.columns.joined(separator: ", ")))"
      + (index.unique ? " unique" : "") + (index.partial ? " partial" : "")
  }
}

import Foundation
import TeamKit
@_spi(Rows) import TeamStore

/// What accounts and tokens store alike: a role, and the teams it holds on.
enum HolderColumns {
  /// A stored role. One this release does not know is an error that names the row, never
  /// read as another role.
  static func role(
    _ text: String, of name: String, in table: String, _ connection: any SQLConnection
  ) throws -> Role {
    guard let role = Role(rawValue: text) else {
      throw StoreOpenError.unreadableRow(
        path: connection.name, table: table, id: name, reason: "“\(text)” is not a role")
    }
    return role
  }

  /// The teams of each account (or token) that `table` limits to some.
  static func teams(
    in table: String, by column: String, _ connection: any SQLConnection,
    holderWhere condition: String? = nil, _ value: String? = nil
  ) throws -> [String: Set<UUID>] {
    enum Column: Int32, SQLColumns { case holder, teamID }
    var teams: [String: Set<UUID>] = [:]
    // `holder` is the account's or the token's name, as `column` calls it.
    var statement = try connection.prepare(
      "SELECT \(column) AS holder, team_id FROM \(table)"
        + (condition.map { " WHERE \($0)" } ?? ""))
    if let value { statement = try statement.bind(.text(value)) }
    try statement.forEachRow { row in
      if let id = UUID(text: row.text(Column.teamID)) {
        teams[row.text(Column.holder), default: []].insert(id)
      }
    }
    return teams
  }

  /// Writes the teams `name` is limited to: none for every team.
  static func setTeams(
    _ teams: Set<UUID>?, of name: String, in table: String, by column: String,
    _ connection: any SQLConnection
  ) throws {
    try connection.prepare("DELETE FROM \(table) WHERE \(column) = ?1").bind(.text(name)).run()
    for team in (teams ?? []).sorted(by: { $0.uuidString < $1.uuidString }) {
      try connection.prepare("INSERT INTO \(table) (\(column), team_id) VALUES (?1, ?2)")
        .bind(.text(name), .text(team.uuidString)).run()
    }
  }

}

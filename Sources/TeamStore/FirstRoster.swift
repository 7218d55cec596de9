/// What a new database starts with, frozen as the versions that seed it wrote it: the first
/// team and the brief's three players (their pseudo keys as then computed). Plain values,
/// never the model's types, so that migrating gives the same rows whatever the model becomes.
extension Schema {
  static let firstTeam = (id: "C04B0000-0000-4000-8000-000000007E01", name: "KCorp", tag: "KC")

  static let briefPlayers:
    [(id: String, name: String, key: String, position: String, champions: [String])] = [
      ("C04B0000-0000-4000-8000-000000000001", "Canna", "canna", "Top", ["jayce", "jax"]),
      ("C04B0000-0000-4000-8000-000000000002", "Caliste", "caliste", "ADC", ["draven", "kalista"]),
      ("C04B0000-0000-4000-8000-000000000003", "Targamas", "targarnas", "Support", ["braum"]),
    ]

  /// The brief's players and their champions, in SQL both dialects read; on the first team
  /// as starters when `onFirstTeam` (the schema of version 8), else as version 1 had them.
  static func seedBriefPlayers(onFirstTeam: Bool) -> String {
    var sql = ""
    for (order, player) in briefPlayers.enumerated() {
      let image = player.name.lowercased()
      sql +=
        onFirstTeam
        ? """
        INSERT INTO player (id, name, name_key, position, image, sort_order, lineup, team_id)
        VALUES ('\(player.id)', '\(player.name)', '\(player.key)', '\(player.position)',
          '\(image)', \(order + 1), 'starter', '\(firstTeam.id)');

        """
        : """
        INSERT INTO player (id, name, name_key, position, image, sort_order)
        VALUES ('\(player.id)', '\(player.name)', '\(player.key)', '\(player.position)',
          '\(image)', \(order + 1));

        """
      for (index, champion) in player.champions.enumerated() {
        sql += """
          INSERT INTO favorite_champion (player_id, champion_id, sort_order)
          VALUES ('\(player.id)', '\(champion)', \(index));

          """
      }
    }
    return sql
  }
}

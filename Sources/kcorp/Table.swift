import TeamKit

/// Human-readable output: aligned columns.
enum Table {
  static func players(_ players: [Player]) -> String {
    if players.isEmpty { return "The roster is empty. Add a player with ‘kcorp players add’." }
    return columns(
      [["PSEUDO", "ROLE", "IMAGE", "FAVORITE CHAMPIONS", "ID"]]
        + players.map {
          [
            $0.name, $0.position.displayName, $0.image,
            $0.favoriteChampions.map(\.name).joined(separator: ", "), $0.id.uuidString,
          ]
        })
  }

  static func player(_ player: Player) -> String {
    columns([
      ["Pseudo", player.name],
      ["Role", player.position.displayName],
      ["Image", player.image],
      [
        "Favorite champions",
        player.favoriteChampions.isEmpty
          ? "none" : player.favoriteChampions.map(\.name).joined(separator: ", "),
      ],
      ["ID", player.id.uuidString],
    ])
  }

  static func champions(_ champions: [Champion]) -> String {
    columns([["ID", "NAME", "IMAGE"]] + champions.map { [$0.id, $0.name, $0.imageName] })
  }

  /// Pads every column but the last to its widest cell, two spaces apart.
  static func columns(_ rows: [[String]]) -> String {
    let widths = rows.reduce(into: [Int]()) { widths, row in
      for (index, cell) in row.enumerated() {
        if index < widths.count {
          widths[index] = max(widths[index], cell.count)
        } else {
          widths.append(cell.count)
        }
      }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1
          ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }
}

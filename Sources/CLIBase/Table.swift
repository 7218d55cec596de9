import Foundation
import TeamKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Human-readable output: aligned columns.
package enum Table {
  /// The roster as every face shows it: the starters, then the substitutes, each in order,
  /// numbered by place; then whether the five is complete.
  package static func roster(_ players: [Player]) -> String {
    if players.isEmpty {
      return localized("The roster is empty. Add a player with ‘kcorp players add’.")
    }
    let table = columns(
      [
        [
          "#", localized("PSEUDO"), localized("ROLE"), localized("LINEUP"), localized("IMAGE"),
          localized("FAVORITE CHAMPIONS"), "ID",
        ]
      ]
        + players.startersFirst.enumerated().map { index, player in
          [
            String(index + 1), player.name, player.position.displayName,
            player.lineup.displayName(in: .system), player.image,
            player.favoriteChampions.map(\.name).joined(separator: ", "), player.id.uuidString,
          ]
        })
    let status = LineupStatus(players: players)
    return table + "\n\n" + status.summary(in: .system)
  }

  /// Recently removed, the latest first.
  package static func removed(_ removed: [RemovedPlayer]) -> String {
    if removed.isEmpty { return localized("Nobody was removed in the last 30 days.") }
    return columns(
      [[localized("PSEUDO"), localized("ROLE"), localized("REMOVED"), "ID"]]
        + removed.map {
          [
            $0.player.name, $0.player.position.displayName,
            $0.removedAt.formatted(.iso8601), $0.id.uuidString,
          ]
        })
  }

  package static func player(_ player: Player) -> String {
    columns(
      [
        [localized("Pseudo"), player.name],
        [localized("Role"), player.position.displayName],
        [localized("Status"), player.lineup.displayName(in: .system)],
        [localized("Image"), player.image],
        [
          localized("Favorite champions"),
          player.favoriteChampions.isEmpty
            ? localized("none") : player.favoriteChampions.map(\.name).joined(separator: ", "),
        ],
      ]
        + [
          (localized("Riot ID"), player.riotID?.description),
          (localized("Real name"), player.realName),
          (
            localized("Nationality"), player.nationality.map { Player.countryName($0, in: .system) }
          ),
          (localized("Birth date"), player.birthDate?.description),
          (localized("Joined the team"), player.joined?.description),
          (localized("Contract end"), player.contractEnd?.description),
        ].compactMap { label, value in value.map { [label, $0] } } + [["ID", player.id.uuidString]])
  }

  /// The organisation's teams, the first first.
  package static func teams(_ organisation: Organisation) -> String {
    columns(
      [
        [
          localized("TAG"), localized("NAME"), localized("LEAGUE"), localized("MAIN TEAM"),
          localized("PLAYERS"),
        ]
      ]
        + organisation.teams.map { team in
          [
            team.tag, team.name, team.league ?? "",
            team.parentID.flatMap { id in organisation.teams.first { $0.id == id }?.tag } ?? "",
            String(organisation.players(in: team.id).count),
          ]
        })
  }

  /// Contracts ending within `days`, the soonest first.
  package static func contracts(
    _ players: [Player], in organisation: Organisation, within days: Int
  )
    -> String
  {
    guard !players.isEmpty else {
      return localized("No contract ends within %@ days.", days)
    }
    return columns(
      [[localized("ENDS"), localized("PSEUDO"), localized("TEAM"), localized("ROLE")]]
        + players.map { player in
          [
            player.contractEnd?.description ?? "", player.name,
            organisation.teams.first { $0.id == player.teamID }?.tag ?? "",
            player.position.displayName,
          ]
        })
  }

  package static func champions(_ champions: [Champion], in catalog: ChampionCatalog) -> String {
    columns(
      [["ID", localized("NAME"), localized("IMAGE"), localized("CLASSES")]]
        + champions.map {
          [
            $0.id, $0.name, $0.imageName,
            catalog.classes(of: $0).map { $0.displayName(in: .system) }.joined(separator: ", "),
          ]
        })
  }

  /// Pads every column but the last to its widest cell, two spaces apart, by the width the
  /// cells take on a terminal (see ``displayWidth(_:)``).
  package static func columns(_ rows: [[String]]) -> String {
    let widths = rows.reduce(into: [Int]()) { widths, row in
      for (index, cell) in row.enumerated() {
        let width = displayWidth(cell)
        if index < widths.count {
          widths[index] = max(widths[index], width)
        } else {
          widths.append(width)
        }
      }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1
          ? cell : cell + String(repeating: " ", count: widths[index] - displayWidth(cell))
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// How many terminal columns `text` takes: two for each East Asian wide or full-width
  /// character and each emoji shown as an emoji, none for a character made only of marks or
  /// invisible formatting, one for the others. Counted per Character, so a letter with
  /// combining accents, a flag or a family emoji is one unit.
  package static func displayWidth(_ text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  private static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.contains(where: { $0.properties.isEmojiPresentation })
      || (scalars.contains("\u{FE0F}") && scalars.contains { $0.properties.isEmoji })
    {
      return 2
    }
    guard let first = scalars.first else { return 0 }
    if first.properties.generalCategory == .format || first.properties.generalCategory == .control
      || first.properties.generalCategory == .nonspacingMark
      || first.properties.generalCategory == .enclosingMark
    {
      return 0
    }
    return isWide(first.value) ? 2 : 1
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt,
  /// gathered into blocks: Hangul Jamo, CJK radicals to Yi, Hangul syllables, CJK
  /// compatibility, vertical and small forms, full-width forms, and CJK extensions.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x3FFFD:
      true
    default: false
    }
  }
}

/// A bar on stderr, redrawn in place, when stderr is a terminal; nothing otherwise (a
/// script reads the last line of stdout).
package final class ProgressBar: Sendable {
  private let shown = isatty(STDERR_FILENO) == 1

  package init() {}

  package func show(_ done: Int, of total: Int) {
    guard shown, total > 0 else { return }
    let width = 30
    let filled = width * done / total
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
  }

  package func end() {
    if shown { FileHandle.standardError.write(Data("\n".utf8)) }
  }
}

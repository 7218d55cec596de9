import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// What the player forms sent, and what the second of two staff editing one player is told of
/// the first one's change.
extension RosterFeature {
  /// What the add and edit forms sent.
  static func input(from form: [String: [String]]) -> PlayerInput {
    func text(_ name: String) -> String { form[name]?.first ?? "" }
    return PlayerInput(
      name: text("name"), position: text("position"), image: text("image"),
      favoriteChampions: form["champion"] ?? [], lineup: text("lineup"), team: text("team"),
      riotID: text("riotID"), realName: text("realName"), nationality: text("nationality"),
      birthDate: text("birthDate"), joined: text("joined"), contractEnd: text("contractEnd"))
  }

  /// Tells the second of two staff editing one player what the first saved.
  /// The player as the edit form of `version` showed them, and who changed them since (the
  /// latest first); nil when that version is not in the player's recent history.
  static func changes(
    to player: Player, since version: String, in reads: StoreReads, language: Language
  ) throws
    -> (base: Player, authors: [String])?
  {
    // Newest first: the first entry that left the player at that version, or (for the
    // version before any entry, as a new database's players) the oldest that started there.
    let entries = try reads.history(player: player.id, limit: 100)
    let since: ArraySlice<RosterChange>
    let base: Player
    if let index = entries.firstIndex(where: { $0.after.map(Door.etag) == version }),
      let after = entries[index].after
    {
      (since, base) = (entries[..<index], after)
    } else if let index = entries.lastIndex(where: { $0.before.map(Door.etag) == version }),
      let before = entries[index].before
    {
      (since, base) = (entries[...index], before)
    } else {
      return nil
    }
    var authors: [String] = []
    for entry in since where !authors.contains(entry.authorName(in: language)) {
      authors.append(entry.authorName(in: language))
    }
    return (base, authors)
  }

  /// A field's value as the edit form shows it, for a message.
  static func shown(
    _ field: ValidationError.Field, of input: PlayerInput, in pages: Pages
  ) -> String {
    let language = pages.language
    return switch field {
    case .name: input.name
    case .position: input.position
    case .image: input.image
    case .favoriteChampions:
      input.favoriteChampions.compactMap { pages.champions.find($0)?.name }.joined(
        separator: ", ")
    case .lineup: (try? Lineup(parsing: input.lineup))?.displayName(in: language) ?? input.lineup
    case .riotID: input.riotID
    case .realName: input.realName
    case .nationality:
      input.nationality.isEmpty ? "" : Player.countryName(input.nationality, in: language)
    case .birthDate: input.birthDate
    case .joined: input.joined
    case .contractEnd: input.contractEnd
    default: ""
    }
  }

  static func changedNotice(_ player: Player, in language: Language) -> String {
    let champions = player.favoriteChampions.map(\.name).joined(separator: ", ")
    return language.localized(
      "Someone else changed %1$@ meanwhile; nothing was saved. Now: %1$@, %2$@, image %3$@, champions %4$@. Your changes are kept below: press Save to replace theirs.",
      player.name, player.position.displayName, player.image,
      champions.isEmpty ? language.localized("none") : champions)
  }
}

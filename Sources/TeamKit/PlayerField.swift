import Foundation

/// A field of a player that a file may hold, in the order a preview lists them.
public enum PlayerField: String, CaseIterable, Sendable {
  case name, position, lineup, image, champions, team, riotID, realName, nationality, birthDate,
    joined, contractEnd, photo

  /// The field's name as a preview shows it.
  public func label(in language: Language) -> String {
    switch self {
    case .name: language.localized("Pseudo")
    case .position: language.localized("Role")
    case .lineup: language.localized("Status")
    case .image: language.localized("Image")
    case .champions: language.localized("Favorite champions")
    case .team: language.localized("Team")
    case .riotID: language.localized("Riot ID")
    case .realName: language.localized("Real name")
    case .nationality: language.localized("Nationality")
    case .birthDate: language.localized("Birth date")
    case .joined: language.localized("Joined")
    case .contractEnd: language.localized("Contract end")
    case .photo: language.localized("Photo")
    }
  }

  /// The field of `player` as a preview shows it; empty when it has none.
  public func text(of player: Player, teams: [Team], in language: Language) -> String {
    switch self {
    case .name: player.name
    case .position: player.position.displayName
    case .lineup: player.lineup.label(in: language)
    case .image: player.image
    case .champions: player.favoriteChampions.map(\.name).joined(separator: ", ")
    case .team: teams.first { $0.id == player.teamID }?.tag ?? player.teamID.uuidString
    case .riotID: player.riotID?.description ?? ""
    case .realName: player.realName ?? ""
    case .nationality: player.nationality ?? ""
    case .birthDate: player.birthDate?.description ?? ""
    case .joined: player.joined?.description ?? ""
    case .contractEnd: player.contractEnd?.description ?? ""
    case .photo: player.photo ?? ""
    }
  }

  /// The field a CSV column fills, by ``RosterFile``'s name for it.
  public init?(column: String) {
    self.init(rawValue: column)
  }

  /// The field a JSON member fills, as ``PlayerInput`` reads it.
  public init?(member: String) {
    switch member {
    case "favoriteChampions": self = .champions
    case "teamID": self = .team
    case "champions": return nil  // not a member the JSON is read from
    default: self.init(rawValue: member)
    }
  }

  /// `input` with the fields in `fields` taken from `file`, the others `player`'s own.
  public static func merged(_ file: PlayerInput, fields: Set<PlayerField>, into player: Player)
    -> PlayerInput
  {
    var input = PlayerInput(player: player)
    for field in fields {
      switch field {
      case .name: input.name = file.name
      case .position: input.position = file.position
      case .lineup: input.lineup = file.lineup.isEmpty ? input.lineup : file.lineup
      case .image: input.image = file.image
      case .champions: input.favoriteChampions = file.favoriteChampions
      case .team: if !file.team.isEmpty { input.team = file.team }
      case .riotID: input.riotID = file.riotID
      case .realName: input.realName = file.realName
      case .nationality: input.nationality = file.nationality
      case .birthDate: input.birthDate = file.birthDate
      case .joined: input.joined = file.joined
      case .contractEnd: input.contractEnd = file.contractEnd
      case .photo: break
      }
    }
    return input
  }
}

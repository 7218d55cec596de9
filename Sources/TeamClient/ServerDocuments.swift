import Foundation
import TeamKit

/// RFC 9457 problem document, with the server's extensions.
struct ProblemDocument: Decodable {
  struct FieldError: Decodable {
    let field: String
    let message: String
  }
  let detail: String?
  let errors: [FieldError]?
  let current: Player?
}

/// `{"player": {…}, "removedAt": "…"}`.
struct RemovedEntry: Decodable {
  let removal: RemovedPlayer
  private enum CodingKeys: String, CodingKey { case player, removedAt }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    removal = RemovedPlayer(
      player: try container.decode(Player.self, forKey: .player),
      removedAt: try instant(in: container, forKey: .removedAt))
  }
}

/// A history entry as the API writes it.
struct HistoryEntry: Decodable {
  let change: RosterChange
  private enum CodingKeys: String, CodingKey {
    case id, at, author, kind, player, playerID, before, after, from, to
    case otherPlayer = "with"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    change = RosterChange(
      id: try container.decode(Int64.self, forKey: .id),
      at: try instant(in: container, forKey: .at),
      author: try container.decode(String.self, forKey: .author),
      kind: RosterChange.Kind(rawValue: try container.decode(String.self, forKey: .kind))
        ?? .edited,
      playerID: try container.decodeIfPresent(UUID.self, forKey: .playerID),
      playerName: try container.decode(String.self, forKey: .player),
      before: try container.decodeIfPresent(Player.self, forKey: .before),
      after: try container.decodeIfPresent(Player.self, forKey: .after),
      fromTeam: try container.decodeIfPresent(String.self, forKey: .from),
      toTeam: try container.decodeIfPresent(String.self, forKey: .to),
      otherPlayer: try container.decodeIfPresent(String.self, forKey: .otherPlayer))
  }
}

/// `{"player": …, "with": …}`: the two players of a swap.
struct SwapDocument: Decodable {
  let player: Player
  let with: Player
}

/// `{"name": …, "role": …, "player": …}`, the player for a player's own account.
struct IdentityDocument: Decodable {
  let name: String
  let role: Role
  let player: UUID?
}

/// An ISO 8601 instant the server wrote; one that does not read is an error, never "now".
private func instant<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key)
  throws -> Date
{
  let text = try container.decode(String.self, forKey: key)
  guard let date = try? Date(text, strategy: .iso8601) else {
    throw DecodingError.dataCorruptedError(
      forKey: key, in: container, debugDescription: "“\(text)” is not an ISO 8601 instant")
  }
  return date
}

import Foundation

/// A JSON body that may name the team it is about (``RoutePolicy/Team/chosen``).
package protocol NamingTeam {
  /// The `team` member: a team's tag or id; nil when absent or null.
  var team: String? { get }
}

/// A JSON object body with an optional `team` member beside what `Input` reads from it.
package struct TeamNamed<Input: Decodable & Sendable>: Decodable, Sendable, NamingTeam {
  package let team: String?
  package let input: Input

  private enum CodingKeys: String, CodingKey { case team }

  package init(from decoder: any Decoder) throws {
    team = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(
      String.self, forKey: .team)
    input = try Input(from: decoder)
  }
}

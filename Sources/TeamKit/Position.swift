import Foundation

/// A player's position on the map, in the game's usual order.
public enum Position: String, CaseIterable, Codable, Sendable, Identifiable {
  case top = "Top"
  case jungle = "Jungle"
  case mid = "Mid"
  case adc = "ADC"
  case support = "Support"

  public var id: Self { self }

  /// The name shown to users: `Top`, `Jungle`, `Mid`, `ADC`, `Support`.
  public var displayName: String { rawValue }

  /// The role inside a sentence: as named in English, lower case in French but for ADC
  /// (« pas de mid », « deux ADC »).
  public func inSentence(_ language: Language) -> String {
    language == .french && self != .adc ? rawValue.lowercased() : rawValue
  }

  /// Every spelling accepted (in any case): the names, then the aliases, in lower case.
  public static var spellings: [String] {
    allCases.map(\.rawValue) + aliases.keys.sorted()
  }

  /// The spellings accepted for each position, compared in lower case with spaces removed;
  /// the French client's names too (Haut, Jungle, Milieu, Bas, Soutien).
  private static let aliases: [String: Position] = [
    "top": .top, "haut": .top,
    "jungle": .jungle, "jgl": .jungle, "jng": .jungle,
    "mid": .mid, "middle": .mid, "milieu": .mid,
    "adc": .adc, "bot": .adc, "bottom": .adc, "adcarry": .adc, "bas": .adc,
    "support": .support, "sup": .support, "supp": .support, "utility": .support,
    "soutien": .support,
  ]

  /// Parses a position from its name or a usual alias, case-insensitively
  /// (`jgl`, `middle`, `bot`, `ad carry`, `supp`, …).
  /// - Throws: ``ValidationError`` on the `position` field, listing the valid positions.
  public init(parsing text: String) throws(ValidationError) {
    let key = text.lowercased().filter { !$0.isWhitespace }
    guard let position = Position.aliases[key] else {
      let shown = text.trimmed()
      throw ValidationError(
        .position,
        shown.isEmpty
          ? Message("Choose a role: Top, Jungle, Mid, ADC or Support.")
          : Message("“%@” is not a role; choose one of Top, Jungle, Mid, ADC or Support.", shown))
    }
    self = position
  }

}

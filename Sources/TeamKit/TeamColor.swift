import Foundation

/// A team's colour, from a palette chosen to read on the pages' dark navy and to tell the
/// organisation's teams apart at a glance (a stripe on its cards, its pages' title bar, a
/// dot before its name). A palette rather than any colour: each works beside white text and
/// the verdicts' green and red, and the pages' stylesheet holds them (no inline style).
public enum TeamColor: String, CaseIterable, Codable, Sendable {
  case blue, sky, gold, red, green, purple, teal, orange, pink, silver

  /// The colour on screen (`#1a6fd1`), as the stylesheet's `.team-color-NAME` has it.
  public var hex: String {
    switch self {
    case .blue: "#1a6fd1"
    case .sky: "#38bdf8"
    case .gold: "#e0b341"
    case .red: "#e5484d"
    case .green: "#22c55e"
    case .purple: "#9b6bf2"
    case .teal: "#14b8a6"
    case .orange: "#f08a24"
    case .pink: "#ec6fb5"
    case .silver: "#b8c2d9"
    }
  }

  /// The colour's name in `language` (`Gold`, `Or`).
  public func displayName(in language: Language) -> String {
    switch self {
    case .blue: language.localized("Blue")
    case .sky: language.localized("Sky blue")
    case .gold: language.localized("Gold")
    case .red: language.localized("Red")
    case .green: language.localized("Green")
    case .purple: language.localized("Purple")
    case .teal: language.localized("Teal")
    case .orange: language.localized("Orange")
    case .pink: language.localized("Pink")
    case .silver: language.localized("Silver")
    }
  }

  /// A colour by its name or its English or French display name, in any case (`gold`,
  /// `Or`, `bleu ciel`), or nil.
  public init?(parsing text: String) {
    func key(_ text: String) -> String {
      text.trimmed(.whitespaces)
        .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
    let wanted = key(text)
    guard
      let found = Self.allCases.first(where: { color in
        [color.rawValue, color.displayName(in: .english), color.displayName(in: .french)]
          .contains { key($0) == wanted }
      })
    else { return nil }
    self = found
  }
}

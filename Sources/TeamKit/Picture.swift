/// What to draw for an image name that has no picture file or asset: the same rules on the
/// web and in the SwiftUI app.
public enum Picture: Hashable, Sendable {
  /// A neutral silhouette, for `player_default`.
  case silhouette
  /// A champion's badge with its monogram (`Jax` → `Jx`).
  case monogram(String)
  /// A player's initials on a circle coloured by position (neutral when unknown).
  case initials(String, Position?)

  /// The drawing for `imageName`: the silhouette, a catalog champion's badge, else the
  /// initials of the first player using that image (or of the name itself).
  public init(imageName: String, players: [Player]) {
    if imageName == Player.defaultImage {
      self = .silhouette
    } else if let champion = Champion.catalog.first(where: { $0.imageName == imageName }) {
      self = .monogram(Picture.monogram(of: champion.name))
    } else {
      let player = players.first { $0.image == imageName }
      self = .initials(Picture.initials(of: player?.name ?? imageName), player?.position)
    }
  }

  /// Up to two letters: the first of each of the first two words, else the first two letters.
  public static func initials(of name: String) -> String {
    let words = name.split { !$0.isLetter && !$0.isNumber }
    let letters =
      words.count >= 2
      ? words.prefix(2).compactMap(\.first).map(String.init).joined()
      : String((words.first ?? "?").prefix(2))
    return letters.uppercased()
  }

  /// A champion's first and last letters (`Jax` → `Jx`): the brief's eleven all differ so.
  public static func monogram(of name: String) -> String {
    guard let first = name.first, let last = name.last, name.count > 1 else { return name }
    return String(first).uppercased() + String(last).lowercased()
  }

  /// The circle's colour for a position, as 8-bit red, green, blue.
  public static func color(for position: Position?) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch position {
    case .top: (0xE8, 0x40, 0x57)
    case .jungle: (0x2A, 0xA8, 0x76)
    case .mid: (0x8E, 0x5C, 0xF7)
    case .adc: (0xE9, 0x96, 0x2B)
    case .support: (0x2F, 0x8F, 0xE8)
    case nil: (0x55, 0x60, 0x7D)
    }
  }
}

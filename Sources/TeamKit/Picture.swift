/// What to draw for an image name that has no picture file or asset: the same rules on the
/// web and in the SwiftUI app.
public enum Picture: Hashable, Sendable {
  /// A neutral silhouette, for `player_default`.
  case silhouette
  /// A champion's badge: its monogram (`Jax` → `Jx`) on its class's colour.
  case monogram(String, ChampionClass?)
  /// A player's initials on a circle coloured by position (neutral when unknown).
  case initials(String, Position?)

  /// The drawing for `imageName`: the silhouette, a catalog champion's badge, else the
  /// initials of the first player using that image (or of the name itself).
  public init(imageName: String, players: [Player]) {
    if imageName == Player.defaultImage {
      self = .silhouette
    } else if let champion = Champion.catalog.first(where: { $0.imageName == imageName }) {
      self = .monogram(Picture.monogram(of: champion.name), champion.classes.first)
    } else {
      let player = players.first { $0.image == imageName }
      self = .initials(Picture.initials(of: player?.name ?? imageName), player?.position)
    }
  }

  /// The drawing for a player: their initials on their role's colour while they have no
  /// picture of their own (`player_default`), else the drawing for their image name.
  public init(player: Player, players: [Player]) {
    if player.image == Player.defaultImage {
      self = .initials(Picture.initials(of: player.name), player.position)
    } else {
      self.init(imageName: player.image, players: players)
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

  /// A champion badge's colour for its class, as 8-bit red, green, blue.
  public static func color(for kind: ChampionClass?) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch kind {
    case .fighter: (0xB5, 0x4A, 0x1F)
    case .tank: (0x3C, 0x6E, 0x8F)
    case .mage: (0x6A, 0x3F, 0xB5)
    case .assassin: (0x9E, 0x1B, 0x3C)
    case .marksman: (0x9A, 0x72, 0x10)
    case .support: (0x1E, 0x7F, 0x6E)
    case nil: (0x1B, 0x24, 0x46)
    }
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

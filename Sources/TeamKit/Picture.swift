import Foundation

/// What to draw for an image name that has no picture file or asset: the same rules on the
/// web and in the SwiftUI app.
public enum Picture: Hashable, Sendable {
  /// A neutral silhouette, for `player_default`.
  case silhouette
  /// A champion's badge: its monogram (`Jax` → `Jx`, `Viktor` → `Vik`) on its class's
  /// colour and in its class's shape.
  case monogram(String, ChampionClass?)
  /// A player's initials on a circle coloured by position (neutral when unknown).
  case initials(String, Position?)

  /// The drawing for `imageName`: the silhouette, a champion's badge (this build's: a synced
  /// champion has its art), else the
  /// initials of the first player using that image (or of the name itself), told apart
  /// from their teammates' (``teammates(of:in:)``).
  /// `names`, when given, are the roster's drawn initials computed once (``Names``).
  public init(imageName: String, players: [Player], names: Names? = nil) {
    if imageName == Player.defaultImage {
      self = .silhouette
    } else if let champion = ChampionCatalog.builtIn.champion(imageName: imageName) {
      self = .monogram(
        Picture.monogram(of: champion), ChampionCatalog.builtIn.classes(of: champion).first)
    } else if let player = players.first(where: { $0.image == imageName }) {
      self = .initials(Picture.initials(of: player, in: players, names: names), player.position)
    } else {
      self = .initials(Picture.initials(of: imageName), nil)
    }
  }

  /// The drawing for a player: their initials on their role's colour while they have no
  /// picture of their own (`player_default`), else the drawing for their image name.
  public init(player: Player, players: [Player], names: Names? = nil) {
    if player.image == Player.defaultImage {
      self = .initials(Picture.initials(of: player, in: players, names: names), player.position)
    } else {
      self.init(imageName: player.image, players: players, names: names)
    }
  }

  private static func initials(of player: Player, in players: [Player], names: Names?) -> String {
    names?.initials(of: player)
      ?? initials(of: player.name, among: teammates(of: player, in: players))
  }

  /// Every player's drawn initials, told apart from their teammates' as
  /// ``initials(of:among:)`` does, computed once for a roster: each name's letters once and
  /// each team's groups once, where drawing each player alone compares the whole team.
  public struct Names: Sendable {
    /// Each player's initials, with the name and team they were told apart by.
    private let byPlayer: [UUID: (name: String, team: UUID, initials: String)]

    public init(_ players: [Player]) {
      var byPlayer: [UUID: (name: String, team: UUID, initials: String)] = [:]
      for team in Dictionary(grouping: players, by: \.teamID).values {
        let twos = team.map { Picture.initials(of: $0.name) }
        let elsewhere = Set(twos)
        var groups: [String: [Int]] = [:]
        for (index, two) in twos.enumerated() { groups[two, default: []].append(index) }
        for (two, members) in groups {
          let chosen =
            members.count > 1
            ? Picture.toldApart(members.map { team[$0].name }, two: two, elsewhere: elsewhere)
            : [two]
          for (member, initials) in zip(members, chosen) {
            let player = team[member]
            byPlayer[player.id] = (player.name, player.teamID, initials)
          }
        }
      }
      self.byPlayer = byPlayer
    }

    /// The player's drawn initials, or nil for a player these names were not computed with
    /// (not on the roster, or renamed or moved since).
    public func initials(of player: Player) -> String? {
      guard let drawn = byPlayer[player.id], drawn.name == player.name,
        drawn.team == player.teamID
      else { return nil }
      return drawn.initials
    }
  }

  /// The names `player`'s initials are told apart from: their own team's, the pictures shown
  /// side by side (and a bounded count of names to compare on every drawing).
  static func teammates(of player: Player, in players: [Player]) -> [String] {
    players.filter { $0.teamID == player.teamID }.map(\.name)
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

  /// The initials of `name`, told apart from those of the other `names`: the first of those
  /// that share two letters keeps them (`Canna` `CA`); each next one takes its first and last
  /// letters (`Caliste` `CE`), else three, that no other name shows.
  public static func initials(of name: String, among names: [String]) -> String {
    let two = initials(of: name)
    let group = names.filter { initials(of: $0) == two }
    guard group.count > 1, let index = group.firstIndex(of: name) else { return two }
    return toldApart(group, two: two, elsewhere: Set(names.map(initials(of:))))[index]
  }

  /// The initials of each name of `group` (names whose two letters are `two`, in order):
  /// the first keeps them, each next takes the first of its other forms that no name shows
  /// (`elsewhere`: the two letters of every name compared) and no earlier member took.
  static func toldApart(_ group: [String], two: String, elsewhere: Set<String>) -> [String] {
    var taken: Set<String> = []
    var chosenForms: [String] = []
    for (position, member) in group.enumerated() {
      let letters = Array(member.filter { $0.isLetter || $0.isNumber }.uppercased())
      var forms = [two]
      if letters.count >= 2 { forms.append(String([letters[0], letters[letters.count - 1]])) }
      if letters.count >= 3 {
        let n = letters.count
        forms += [
          String(letters.prefix(3)), String([letters[0], letters[1], letters[n - 1]]),
          String([letters[0], letters[n - 2], letters[n - 1]]),
        ]
      }
      let chosen =
        forms.first { form in
          !taken.contains(form) && (form == two ? position == 0 : !elsewhere.contains(form))
        } ?? forms[forms.count - 1]
      taken.insert(chosen)
      chosenForms.append(chosen)
    }
    return chosenForms
  }

  /// A champion's first and last letters (`Jax` → `Jx`), or three letters where two would
  /// be another champion's too (`Viktor` `Vik`, `Veigar` `Vei`, `Vladimir` `Vla`): no two
  /// champions of the catalog share a monogram.
  public static func monogram(of champion: Champion) -> String {
    monograms[champion.id] ?? monogram(of: champion.name)
  }

  /// A name's first and last letters (`Jax` → `Jx`), for a champion outside the catalog.
  public static func monogram(of name: String) -> String {
    let letters = Array(name.filter(\.isLetter))
    guard let first = letters.first, let last = letters.last, letters.count > 1 else {
      return name
    }
    return String(first).uppercased() + String(last).lowercased()
  }

  /// Each of this build's champions' monogram, by id. Two letters where no other champion's are the
  /// same; for a group that would share two, each takes the first of its three-letter forms
  /// that no other champion has (first three letters, first two and last, first and last two).
  private static let monograms: [String: String] = {
    let catalog = ChampionCatalog.builtIn.champions
    let twoLetters = catalog.map { monogram(of: $0.name) }
    let counts = Dictionary(twoLetters.map { ($0, 1) }, uniquingKeysWith: +)
    var taken = Set(twoLetters.filter { counts[$0] == 1 })
    var result: [String: String] = [:]
    for (champion, two) in zip(catalog, twoLetters) {
      guard counts[two, default: 0] > 1 else {
        result[champion.id] = two
        continue
      }
      let letters = Array(champion.name.filter(\.isLetter)).map(String.init)
      let n = letters.count
      guard n >= 3 else {
        result[champion.id] = two
        continue
      }
      let forms = [
        letters.prefix(3).joined(), letters[0] + letters[1] + letters[n - 1],
        letters[0] + letters[n - 2] + letters[n - 1],
      ]
      .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
      let chosen = forms.first { !taken.contains($0) } ?? forms[0]
      taken.insert(chosen)
      result[champion.id] = chosen
    }
    return result
  }()

  /// The outline of a champion's badge for its class, as corners in a unit square (from
  /// 0 to 1, y down), so a class reads from its shape as well as its colour; nil is a circle
  /// (mages, and a champion without a class).
  public static func outline(for kind: ChampionClass?) -> [(x: Double, y: Double)]? {
    switch kind {
    case .fighter: polygon(corners: 8, rotation: .pi / 8)  // an octagon, flat on top
    case .tank: polygon(corners: 6, rotation: 0)  // a hexagon, on its point
    case .assassin: polygon(corners: 4, rotation: 0)  // a diamond, on its point
    case .marksman: polygon(corners: 5, rotation: .pi)  // a pentagon, point down
    case .support: [(0.06, 0.06), (0.94, 0.06), (0.94, 0.94), (0.06, 0.94)]  // a square
    case .mage, nil: nil
    }
  }

  /// A position's lane icon, as filled polygons in a 24 × 24 square (y down), drawn the same
  /// on the web and in the app: a corner for Top and Bottom (ADC), the diagonal for Mid,
  /// three fangs for Jungle, a crown for Support.
  public static func laneIcon(_ position: Position) -> [[(x: Double, y: Double)]] {
    let middle: [(x: Double, y: Double)] = [(10, 10), (14, 10), (14, 14), (10, 14)]
    switch position {
    case .top:
      return [[(2, 2), (20, 2), (16, 6), (6, 6), (6, 16), (2, 20)], middle]
    case .adc:
      return [[(22, 22), (4, 22), (8, 18), (18, 18), (18, 8), (22, 4)], middle]
    case .mid:
      return [
        [(17, 2), (22, 2), (22, 7), (7, 22), (2, 22), (2, 17)],
        [(2, 2), (9, 2), (2, 9)], [(22, 22), (15, 22), (22, 15)],
      ]
    case .jungle:
      return [
        [(12, 2), (15.5, 11), (13, 22), (11, 22), (8.5, 11)],
        [(3, 6), (8, 12), (9, 19), (5, 14)], [(21, 6), (16, 12), (15, 19), (19, 14)],
      ]
    case .support:
      return [
        [
          (2, 8), (8, 8), (12, 3), (16, 8), (22, 8), (16.5, 13), (14, 11.5), (12, 22), (10, 11.5),
          (7.5, 13),
        ]
      ]
    }
  }

  /// A regular polygon inscribed in the unit square, its first corner straight up turned by
  /// `rotation`.
  private static func polygon(corners: Int, rotation: Double) -> [(x: Double, y: Double)] {
    (0..<corners).map { index in
      let angle = rotation + 2 * .pi * Double(index) / Double(corners)
      return (x: 0.5 + 0.5 * sin(angle), y: 0.5 - 0.5 * cos(angle))
    }
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

import Foundation

/// A player as a user typed it, from any face: all text, nothing trusted yet.
///
/// ``validated(in:)`` is the one place where the rules of the roster are checked.
public struct PlayerInput: Hashable, Sendable {
  public var name: String
  /// A position name or alias (`Top`, `jgl`, `bot`, …); empty when none was chosen.
  public var position: String
  /// An image name; blank means `player_default`.
  public var image: String
  /// Champion ids or names, in the order chosen.
  public var favoriteChampions: [String]
  /// A status (`starter`, `substitute`, `trainee`, `stand-in`, `inactive`); empty for the
  /// team's rule (``Lineup/forNewPlayer(in:)``).
  public var lineup: String
  /// The team's tag or id; empty for the team the caller means (the first one).
  public var team: String
  /// `gameName#tagLine`; empty for none.
  public var riotID: String
  public var realName: String
  /// An ISO 3166 code (`FR`); empty for none.
  public var nationality: String
  /// Dates as `YYYY-MM-DD`; empty for none (a store dates a new player's ``joined`` today).
  public var birthDate: String
  public var joined: String
  public var contractEnd: String

  public init(
    name: String, position: String, image: String = Player.defaultImage,
    favoriteChampions: [String] = [], lineup: String = "", team: String = "",
    riotID: String = "", realName: String = "", nationality: String = "",
    birthDate: String = "", joined: String = "", contractEnd: String = ""
  ) {
    self.name = name
    self.position = position
    self.image = image
    self.favoriteChampions = favoriteChampions
    self.lineup = lineup
    self.team = team
    self.riotID = riotID
    self.realName = realName
    self.nationality = nationality
    self.birthDate = birthDate
    self.joined = joined
    self.contractEnd = contractEnd
  }

  /// The input that gives back `player` (with their team by id).
  public init(player: Player) {
    self.init(
      name: player.name, position: player.position.rawValue, image: player.image,
      favoriteChampions: player.favoriteChampions.map(\.id), lineup: player.lineup.rawValue,
      team: player.teamID.uuidString, riotID: player.riotID?.description ?? "",
      realName: player.realName ?? "", nationality: player.nationality ?? "",
      birthDate: player.birthDate?.description ?? "", joined: player.joined?.description ?? "",
      contractEnd: player.contractEnd?.description ?? "")
  }

  /// The longest real name, in characters.
  public static let maxRealNameLength = 64

  /// The organisation a player is checked against: its teams, the team meant when none is
  /// named, who holds a Riot ID, and today's date.
  public struct Context {
    public var teams: [Team]
    public var defaultTeam: UUID
    /// The pseudo of the player holding a ``RiotID/key``, or nil.
    public var takenRiotID: (String) -> String?
    public var today: Day
    /// The champions a favourite may be: the store's (with what its syncs brought).
    public var champions: ChampionCatalog

    public init(
      teams: [Team] = [.first], defaultTeam: UUID? = nil,
      takenRiotID: @escaping (String) -> String? = { _ in nil },
      today: Day = Day(SystemClock.now()),
      champions: ChampionCatalog = .builtIn
    ) {
      self.teams = teams
      self.defaultTeam = defaultTeam ?? teams.first?.id ?? Team.first.id
      self.takenRiotID = takenRiotID
      self.today = today
      self.champions = champions
    }
  }

  /// The longest pseudo, in characters.
  public static let maxNameLength = 24
  /// Characters that would make a pseudo look like another or break a line: controls,
  /// formatting marks (zero-width, direction overrides) and line or paragraph separators.
  /// A pseudo may still hold the zero-width joiner between two emoji (👨‍👩‍👧), and only there
  /// (``hasInvisibleCharacters(_:)``).
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// True when `name` holds an ``isInvisible(_:)`` character other than a zero-width joiner
  /// inside an emoji sequence (after an emoji or its presentation selector, before an emoji).
  public static func hasInvisibleCharacters(_ name: String) -> Bool {
    func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isEmoji && scalar.value > 0x7F  // not the digits, # and *
    }
    let scalars = Array(name.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where isInvisible(scalar) {
      let joinsEmoji =
        scalar == "\u{200D}" && index > 0 && index + 1 < scalars.count
        && (isEmoji(scalars[index - 1]) || scalars[index - 1] == "\u{FE0F}")
        && isEmoji(scalars[index + 1])
      if !joinsEmoji { return true }
    }
    return false
  }

  /// True when nothing of `name` can be seen: it is made only of spaces, default-ignorable
  /// characters (the Hangul fillers, U+3164 among them) and blanks that draw nothing (the
  /// Braille blank, U+2800).
  public static func isBlank(_ name: String) -> Bool {
    name.unicodeScalars.allSatisfy {
      $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint || $0 == "\u{2800}"
    }
  }

  /// Why a pseudo is refused when `other` holds its key: the same pseudo, or one that looks
  /// the same (another alphabet's letter, a full-width form).
  static func takenMessage(_ name: String, other: String) -> Message {
    let sameText = name.lowercased() == other.lowercased()
    return sameText
      ? Message("“%@” is already in the team; choose another pseudo.", other)
      : Message(
        "“%1$@” looks the same as “%2$@”, who is already in the team; choose another pseudo.",
        name, other)
  }

  /// The longest image name, in characters.
  public static let maxImageLength = 64

  /// Checks every rule and returns the player to store.
  ///
  /// - Parameters:
  ///   - roster: the players already in the team; the pseudo must differ from theirs,
  ///     ignoring case and Unicode normalization form.
  ///   - id: the id the new player gets.
  /// - Throws: ``ValidationError`` listing every problem at once.
  public func validated(in roster: [Player], id: UUID = UUID.random()) throws(ValidationError)
    -> Player
  {
    try validated(id: id, defaultLineup: Lineup.forNewPlayer(in: roster)) { key in
      roster.first { Player.nameKey($0.name) == key }?.name
    }
  }

  /// Checks every rule, asking `takenPseudo` whether a pseudo is in use: it gets a
  /// ``Player/nameKey(_:)`` and returns the pseudo of the player holding it, or nil. Stores
  /// that keep an index of keys answer in constant time.
  /// - Parameter defaultLineup: the lineup when ``lineup`` is empty.
  /// - Throws: ``ValidationError`` listing every problem at once.
  public func validated(
    id: UUID = UUID.random(), defaultLineup: Lineup = .starter, context: Context = Context(),
    takenPseudo: (String) -> String?
  ) throws(ValidationError) -> Player {
    var issues: [ValidationError.Issue] = []
    let name = checkedName(takenPseudo: takenPseudo, issues: &issues)
    var position: Position?
    do { position = try Position(parsing: self.position) } catch { issues += error.issues }
    var image = self.image.trimmed()
    if image.isEmpty { image = Player.defaultImage }
    if let problem = Self.imageNameProblem(image) { issues.fail(.image, problem) }
    let champions = checkedChampions(context.champions, issues: &issues)
    var lineup = defaultLineup
    if !self.lineup.isEmpty {
      do { lineup = try Lineup(parsing: self.lineup) } catch { issues += error.issues }
    }
    let teamID = checkedTeam(context, issues: &issues)
    let riotID = checkedRiotID(context, issues: &issues)
    let who = checkedPerson(context, issues: &issues)
    guard issues.isEmpty, let position else { throw ValidationError(issues: issues) }
    return Player(
      id: id, name: name, position: position, image: image, favoriteChampions: champions,
      lineup: lineup, teamID: teamID, riotID: riotID,
      realName: who.realName.isEmpty ? nil : who.realName, nationality: who.nationality,
      birthDate: who.birthDate, joined: who.joined, contractEnd: who.contractEnd)
  }

  /// `text` without the blanks around it, in Unicode's composed form (ASCII already is).
  static func trimmedAndComposed(_ text: String) -> String {
    let trimmed = text.trimmed()
    return trimmed.utf8.allSatisfy { $0 < 0x80 }
      ? trimmed : trimmed.precomposedStringWithCanonicalMapping
  }

  /// The pseudo, trimmed and composed: not empty, visible, short, and nobody else's.
  private func checkedName(
    takenPseudo: (String) -> String?, issues: inout [ValidationError.Issue]
  ) -> String {
    let name = Self.trimmedAndComposed(self.name)
    if name.isEmpty {
      issues.fail(.name, Message("Enter a pseudo."))
    } else if Self.isBlank(name) {
      issues.fail(
        .name, Message("Enter a pseudo that can be seen: this one is only blank characters."))
    } else if name.count > Self.maxNameLength {
      issues.fail(
        .name,
        Message(
          "Shorten the pseudo to %1$@ characters or fewer (it has %2$@).", Self.maxNameLength,
          name.count))
    }
    if Self.hasInvisibleCharacters(name) {
      issues.fail(
        .name,
        Message(
          "Remove the invisible characters (tabs, line breaks, direction marks) from the pseudo."))
    } else if name.unicodeScalars.count > 4 * Self.maxNameLength {
      // 24 characters can still hide kilobytes of combining marks.
      issues.fail(.name, Message("Remove the stacked accents and marks from the pseudo."))
    }
    if !name.isEmpty {
      let key = Player.nameKey(name)
      if let other = takenPseudo(key) {
        issues.fail(.name, Self.takenMessage(name, other: other), conflict: true)
      }
    }
    return name
  }

  /// The favourite champions: the catalog's only, duplicates collapsed, order kept.
  private func checkedChampions(_ catalog: ChampionCatalog, issues: inout [ValidationError.Issue])
    -> [Champion]
  {
    var champions: [Champion] = []
    var unknown: [String] = []
    for text in favoriteChampions {
      if let champion = catalog.find(text) {
        if !champions.contains(champion) { champions.append(champion) }
      } else {
        unknown.append(text.trimmed())
      }
    }
    if favoriteChampions.count > catalog.count {
      issues.fail(
        .favoriteChampions,
        Message(
          "Send at most %1$@ favourite champions, each once (there are %2$@).",
          catalog.count, favoriteChampions.count))
    }
    for text in unknown {
      // The forgiving search's best guess, when it has one.
      if let guess = catalog.search(text).first {
        issues.fail(
          .favoriteChampions,
          Message(
            "Remove “%1$@”: no champion of the game has that name (did you mean %2$@?).", text,
            guess.name))
      } else {
        issues.fail(
          .favoriteChampions, Message("Remove “%@”: no champion of the game has that name.", text))
      }
    }
    return champions
  }

  /// The team named by its tag, the context's default when none is.
  private func checkedTeam(_ context: Context, issues: inout [ValidationError.Issue]) -> UUID {
    var teamID = context.defaultTeam
    let team = self.team.trimmed()
    if !team.isEmpty {
      if let found = Team.find(team, in: context.teams) {
        teamID = found.id
      } else {
        issues.fail(
          .team,
          Message(
            "No team has the tag “%1$@”; choose one of %2$@.", team,
            context.teams.map(\.tag).joined(separator: ", ")))
      }
    }
    return teamID
  }

  /// The Riot ID, when given: well formed and nobody else's.
  private func checkedRiotID(_ context: Context, issues: inout [ValidationError.Issue])
    -> RiotID?
  {
    var riotID: RiotID?
    if !self.riotID.trimmed(.whitespaces).isEmpty {
      do {
        let parsed = try RiotID(parsing: self.riotID)
        if let other = context.takenRiotID(parsed.key) {
          issues.fail(
            .riotID, Message("%1$@ has the Riot ID %2$@ already.", other, parsed.description),
            conflict: true)
        } else {
          riotID = parsed
        }
      } catch { issues += error.issues }
    }
    return riotID
  }

  /// Who the player is: real name, nationality, and the dates of their birth and contract.
  private func checkedPerson(_ context: Context, issues: inout [ValidationError.Issue])
    -> (
      realName: String, nationality: String?, birthDate: Day?, joined: Day?, contractEnd: Day?
    )
  {
    let realName = self.realName.trimmed()
      .precomposedStringWithCanonicalMapping
    if realName.count > Self.maxRealNameLength || Self.hasInvisibleCharacters(realName) {
      issues.fail(
        .realName,
        Message(
          "Shorten the real name to %@ visible characters or fewer.", Self.maxRealNameLength))
    }
    let nationality = Self.regionCode(self.nationality)
    if !self.nationality.trimmed(.whitespaces).isEmpty, nationality == nil {
      issues.fail(
        .nationality,
        Message(
          "“%@” is not a country code; give its two letters (FR, KR, ES).",
          self.nationality.trimmed(.whitespaces)))
    }
    func day(_ text: String, _ field: ValidationError.Field) -> Day? {
      let text = text.trimmed(.whitespaces)
      guard !text.isEmpty else { return nil }
      guard let day = Day(written: text) else {
        issues.fail(
          field, Message("“%@” is not a date; write it as YYYY-MM-DD (2026-11-30).", text))
        return nil
      }
      return day
    }
    let birthDate = day(self.birthDate, .birthDate)
    if let birthDate, birthDate > context.today || birthDate.year < 1900 {
      issues.fail(.birthDate, Message("Give a birth date between 1900 and today."))
    }
    let joined = day(self.joined, .joined)
    let contractEnd = day(self.contractEnd, .contractEnd)
    if let joined, let contractEnd, contractEnd < joined {
      // A clash between two dates (one may be stored already), like a taken pseudo: 409.
      issues.fail(
        .contractEnd, Message("Give a contract end after the date they joined."), conflict: true)
    }
    return (realName, nationality, birthDate, joined, contractEnd)
  }

  /// The ISO 3166 code `text` names (`fr` → `FR`), nil when it is none.
  public static func regionCode(_ text: String) -> String? {
    let code = text.trimmed(.whitespaces).uppercased()
    guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }),
      Locale.Region.isoRegions.contains(where: { $0.identifier == code })
    else { return nil }
    return code
  }

  /// Why `name` cannot be an image name, or nil when it can: 1 to 64 of `a-z 0-9 _ - .`,
  /// not starting with a dot (so it can never name a hidden file or leave a folder).
  public static func imageNameProblem(_ name: String) -> Message? {
    if name.isEmpty { return Message("Enter an image name.") }
    if name.count > maxImageLength {
      return Message("Shorten the image name to %@ characters or fewer.", maxImageLength)
    }
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
    }
    if !allowed {
      return Message("Use only lower-case letters a-z, digits, “_”, “-” and “.” in the image name.")
    }
    if name.hasPrefix(".") {
      return Message("Start the image name with a letter or digit, not a dot.")
    }
    return nil
  }
}

/// A change to an existing player: the fields given replace the player's, the others stay
/// (merge semantics, as `PATCH` with a JSON merge patch).
public struct PlayerEdit: Hashable, Sendable {
  public var name: String?
  public var position: String?
  public var image: String?
  public var favoriteChampions: [String]?
  public var lineup: String?
  /// Empty strings clear these.
  public var riotID: String?
  public var realName: String?
  public var nationality: String?
  public var birthDate: String?
  public var joined: String?
  public var contractEnd: String?

  public init(
    name: String? = nil, position: String? = nil, image: String? = nil,
    favoriteChampions: [String]? = nil, lineup: String? = nil, riotID: String? = nil,
    realName: String? = nil, nationality: String? = nil, birthDate: String? = nil,
    joined: String? = nil, contractEnd: String? = nil
  ) {
    self.name = name
    self.position = position
    self.image = image
    self.favoriteChampions = favoriteChampions
    self.lineup = lineup
    self.riotID = riotID
    self.realName = realName
    self.nationality = nationality
    self.birthDate = birthDate
    self.joined = joined
    self.contractEnd = contractEnd
  }

  /// The player with this edit applied, checked by the rules of a new player: the pseudo may
  /// stay the player's own, in any case.
  /// - Throws: ``ValidationError`` listing every problem at once.
  public func applied(
    to player: Player, context: PlayerInput.Context = .init(),
    takenPseudo: (String) -> String?
  ) throws(ValidationError) -> Player {
    let input = PlayerInput(
      name: name ?? player.name, position: position ?? player.position.rawValue,
      image: image ?? player.image,
      favoriteChampions: favoriteChampions ?? player.favoriteChampions.map(\.id),
      lineup: lineup ?? player.lineup.rawValue, riotID: riotID ?? player.riotID?.description ?? "",
      realName: realName ?? player.realName ?? "",
      nationality: nationality ?? player.nationality ?? "",
      birthDate: birthDate ?? player.birthDate?.description ?? "",
      joined: joined ?? player.joined?.description ?? "",
      contractEnd: contractEnd ?? player.contractEnd?.description ?? "")
    let ownKey = Player.nameKey(player.name)
    let ownRiotKey = player.riotID?.key
    var context = context
    let takenRiotID = context.takenRiotID
    context.takenRiotID = { $0 == ownRiotKey ? nil : takenRiotID($0) }
    context.defaultTeam = player.teamID  // a move is a change of its own (a transfer)
    var edited = try input.validated(
      id: player.id, defaultLineup: player.lineup, context: context
    ) { key in
      key == ownKey ? nil : takenPseudo(key)
    }
    edited.photo = player.photo  // a photo is changed on its own (RosterSource.setPhoto)
    return edited
  }
}

extension [ValidationError.Issue] {
  /// Adds a problem with a field (a clash with what is stored when `conflict`).
  fileprivate mutating func fail(
    _ field: ValidationError.Field, _ text: Message, conflict: Bool = false
  ) {
    append(.init(field: field, text: text, isConflict: conflict))
  }
}

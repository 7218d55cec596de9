import Foundation

/// Riot's Data Dragon: the game's champion data and art, fetched only when a user asks
/// (`kcorp champions sync`, the owner's settings page).
///
/// The layout read is Data Dragon's own: `api/versions.json` (the newest first),
/// `cdn/VERSION/data/en_US/champion.json` and `fr_FR/champion.json`, and
/// `cdn/VERSION/img/champion/ID.png` for each champion's square icon.
public enum DataDragon {
  /// Riot's address; `--from` names a mirror in the same layout.
  public static let address: URL = {
    guard let url = URL(string: "https://ddragon.leagueoflegends.com") else {
      preconditionFailure("Data Dragon's address does not parse")
    }
    return url
  }()

  /// The notice Riot's policy for community tools asks of every product that shows its art.
  public static func notice(in language: Language) -> String {
    language.localized(
      "KCorp Team Manager isn’t endorsed by Riot Games and doesn’t reflect the views or opinions of Riot Games or anyone officially involved in producing or managing League of Legends. League of Legends and Riot Games are trademarks or registered trademarks of Riot Games, Inc. Champion art © Riot Games, Inc."
    )
  }

  /// The address of one file of the layout under `base`.
  public static func url(_ base: URL, _ path: String) -> URL {
    base.appendingPathComponent(path)
  }

  /// The path of `versions.json`, which lists the versions newest first.
  public static let versionsPath = "api/versions.json"

  /// The newest version in `versions.json`.
  /// - Throws: ``DataDragonError/invalid(_:_:)`` when it is not a list of versions.
  public static func newestVersion(in json: Data) throws(DataDragonError) -> String {
    guard let versions = try? TeamJSON.decode([String].self, from: json),
      let newest = versions.first, isVersion(newest)
    else { throw .invalid(versionsPath, Message("it is not a list of versions, newest first")) }
    return newest
  }

  /// A version is digits and dots (`16.17.1`): it becomes part of every address.
  static func isVersion(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 32
      && text.allSatisfy { $0 == "." || ("0"..."9").contains($0) }
  }

  /// The path of a language's `champion.json` (`en_US`, `fr_FR`).
  public static func championsPath(version: String, language: String) -> String {
    "cdn/\(version)/data/\(language)/champion.json"
  }

  /// The path of a champion's square icon.
  public static func picturePath(version: String, id: String) -> String {
    "cdn/\(version)/img/champion/\(id).png"
  }

  /// The most champions a sync takes.
  public static let maxChampions = 400

  /// The champions of the English and French `champion.json`, in the English file's order,
  /// without their pictures (``SyncedChampion/picture`` empty).
  /// - Throws: ``DataDragonError/invalid(_:_:)`` when a file is not Data Dragon's, lists no
  ///   champion, or gives an id that is not letters and digits.
  public static func champions(english: Data, french: Data, version: String)
    throws(DataDragonError) -> [SyncedChampion]
  {
    struct File: Decodable {
      struct Entry: Decodable {
        let id: String
        let name: String
        let title: String
        let tags: [String]
      }
      let data: [String: Entry]
    }
    func read(_ json: Data, _ language: String) throws(DataDragonError) -> [String: File.Entry] {
      let path = championsPath(version: version, language: language)
      guard let file = try? TeamJSON.decode(File.self, from: json) else {
        throw .invalid(path, Message("it is not Data Dragon’s champion list"))
      }
      for entry in file.data.values where !isChampionID(entry.id) || entry.name.isEmpty {
        throw .invalid(path, Message("‘%@’ is not a champion’s id and name", entry.id))
      }
      return file.data
    }
    let english = try read(english, "en_US")
    let french = try read(french, "fr_FR")
    guard !english.isEmpty else {
      throw .invalid(
        championsPath(version: version, language: "en_US"), Message("it lists no champion"))
    }
    // The game has under 200; a list of thousands is no game's, and would weigh on every page.
    guard english.count <= maxChampions else {
      throw .invalid(
        championsPath(version: version, language: "en_US"),
        Message("it lists more than %@ champions", maxChampions))
    }
    return english.values.sorted { $0.id < $1.id }.map { entry in
      SyncedChampion(
        id: entry.id, name: entry.name, frenchName: french[entry.id]?.name ?? entry.name,
        title: entry.title, classes: entry.tags.compactMap(ChampionClass.init(rawValue:)),
        picture: "")
    }
  }

  /// Data Dragon's ids are letters and digits (`KSante`, `MonkeyKing`): they become an
  /// address and an image name.
  static func isChampionID(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 40
      && text.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
  }
}

/// Why a sync changed nothing; each says what to do.
public enum DataDragonError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The address could not be reached (offline, a wrong `--from`).
  case unreachable(String, Message)
  /// The server answered with this HTTP status.
  case status(String, Int)
  /// A file is not what Data Dragon serves there.
  case invalid(String, Message)
  /// A champion's picture does not decode.
  case picture(String, Message)

  /// What happened and what to do, put in the reader's language when shown.
  public var message: Message {
    switch self {
    case .unreachable(let address, let reason):
      Message(
        "Could not reach %1$@ (%2$@); nothing was changed. Check the connection, or name a mirror with --from.",
        address, reason)
    case .status(let address, let status):
      Message(
        "%1$@ answered %2$@; nothing was changed. Try again later, or name a mirror with --from.",
        address, String(status))
    case .invalid(let path, let reason):
      Message(
        "%1$@ is not Data Dragon’s: %2$@; nothing was changed. Name a mirror in Data Dragon’s layout.",
        path, reason)
    case .picture(let id, let reason):
      Message("%1$@’s picture was refused (%2$@); nothing was changed.", id, reason)
    }
  }

  public var description: String { message.description }
}

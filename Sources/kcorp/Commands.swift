import Foundation
import TeamKit
import TeamPhoto
import TeamStore

/// Every command, in the order `kcorp --help` and the README list them.
var commands: [any Command.Type] {
  [
    Serve.self, ListPlayers.self, ShowPlayer.self, AddPlayer.self, EditPlayer.self,
    RemovePlayer.self, RestorePlayer.self, MovePlayer.self, SetPhoto.self, ListTrash.self,
    ListChampions.self,
    Export.self, Import.self, Backup.self, Restore.self, ShowHistory.self, AddUser.self,
    ListUsers.self,
    RemoveUser.self,
    ChangePassword.self, CreateToken.self, ListTokens.self, RevokeToken.self, Watch.self,
  ]
}

private let jsonFlag = Option.flag("--json", "Print JSON (the API's shape) instead of a table.")
private let lineupOption = Option(
  name: "--lineup", value: "L",
  help: "starter or substitute (new players start while fewer than five do).")

// MARK: - Players

struct ListPlayers: Command {
  static let name = "players list"
  static let abstract = "List the roster, in order."
  static let options = [jsonFlag]
  let json: Bool

  init(_ parsed: Parsed) { json = parsed.flag("--json") }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    let players = try blocking { try await roster.players() }
    print(json ? text(TeamJSON.encode(players, pretty: true)) : Table.roster(players))
  }
}

struct ShowPlayer: Command {
  static let name = "players show"
  static let abstract = "Show one player."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options = [jsonFlag]
  let key: String
  let json: Bool

  init(_ parsed: Parsed) {
    key = parsed.positionals[0]
    json = parsed.flag("--json")
  }

  func run(_ context: Context) throws {
    let player = try find(key, in: context.roster())
    print(json ? text(TeamJSON.encode(player, pretty: true)) : Table.player(player))
  }
}

struct AddPlayer: Command {
  static let name = "players add"
  static let abstract =
    "Add a player (positions accept aliases: jgl, middle, bot, sup, …)."
  static let discussion = """
    --image is a picture name (a-z 0-9 _ - .), player_default when omitted.
    --champion may be repeated; see ‘kcorp champions’.
    """
  static let options = [
    Option(name: "--name", value: "N", help: "The pseudo.", isRequired: true),
    Option(
      name: "--position", value: "P", help: "The role: Top, Jungle, Mid, ADC or Support.",
      isRequired: true),
    Option(name: "--image", value: "I", help: "The picture's name."),
    Option(name: "--champion", value: "C", help: "A favourite champion.", repeats: true),
    lineupOption,
    jsonFlag,
  ]
  let input: PlayerInput
  let json: Bool

  init(_ parsed: Parsed) {
    input = PlayerInput(
      name: parsed.value("--name") ?? "", position: parsed.value("--position") ?? "",
      image: parsed.value("--image") ?? Player.defaultImage,
      favoriteChampions: parsed.values["--champion"] ?? [],
      lineup: parsed.value("--lineup") ?? "")
    json = parsed.flag("--json")
  }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    let player = try blocking { [input] in try await roster.addPlayer(input) }
    print(
      json
        ? text(TeamJSON.encode(player, pretty: true))
        : localized(
          "Added %1$@ (%2$@), id %3$@.", player.name, player.position.displayName, player.id))
  }
}

struct EditPlayer: Command {
  static let name = "players edit"
  static let abstract = "Change a player's fields; those not given stay as they are."
  static let discussion = """
    --champion may be repeated and replaces the favourites; --no-champions clears them.
    """
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options = [
    Option(name: "--name", value: "N", help: "The new pseudo."),
    Option(name: "--position", value: "P", help: "The role: Top, Jungle, Mid, ADC or Support."),
    Option(name: "--image", value: "I", help: "The picture's name."),
    Option(name: "--champion", value: "C", help: "A favourite champion.", repeats: true),
    Option.flag("--no-champions", "No favourite champions."),
    lineupOption,
    jsonFlag,
  ]
  let key: String
  let edit: PlayerEdit
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    key = parsed.positionals[0]
    let champions = parsed.values["--champion"]
    if champions != nil && parsed.flag("--no-champions") {
      throw .usage(localized("Give --champion or --no-champions, not both."))
    }
    edit = PlayerEdit(
      name: parsed.value("--name"), position: parsed.value("--position"),
      image: parsed.value("--image"),
      favoriteChampions: parsed.flag("--no-champions") ? [] : champions,
      lineup: parsed.value("--lineup"))
    guard edit != PlayerEdit() else {
      throw .usage(
        localized("Say what to change: --name, --position, --image, --champion or --lineup."))
    }
    json = parsed.flag("--json")
  }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    let current = try find(key, in: roster)
    let player = try blocking { [edit] in
      try await roster.updatePlayer(id: current.id, with: edit, expected: current)
    }
    print(json ? text(TeamJSON.encode(player, pretty: true)) : Table.player(player))
  }
}

struct RemovePlayer: Command {
  static let name = "players remove"
  static let abstract = "Move a player to Recently removed (restorable for 30 days)."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options: [Option] = []
  let key: String

  init(_ parsed: Parsed) { key = parsed.positionals[0] }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    let player = try find(key, in: roster)
    try blocking { try await roster.removePlayer(id: player.id) }
    print(
      localized("Removed %@; ‘kcorp players restore %@’ brings them back.", player.name, player.id))
  }
}

struct SetPhoto: Command {
  static let name = "players photo"
  static let abstract = "Give a player a photo (JPEG, PNG, WebP or HEIC), or --none to remove it."
  static let discussion = """
    The photo is decoded and re-encoded: a square of at most 512 pixels, upright, without its
    metadata (EXIF, GPS). At most 8 MiB and 40 megapixels.
    """
  static let arguments = [
    Argument(name: "pseudo|id", help: "A pseudo or an id."),
    Argument(name: "FILE", help: "The photo.", isOptional: true),
  ]
  static let options = [Option.flag("--none", "Remove the photo: the drawn picture again.")]
  let key: String
  let file: String?

  init(_ parsed: Parsed) throws(CLIError) {
    key = parsed.positionals[0]
    file = parsed.positionals.count > 1 ? parsed.positionals[1] : nil
    guard (file == nil) == parsed.flag("--none") else {
      throw .usage(localized("Give a photo FILE or --none, one of the two."))
    }
  }

  func run(_ context: Context) throws {
    let store = try context.store()
    guard let player = Player.find(key, in: store.players) else {
      throw CLIError(code: .notFound, message: localized("No player “%@” in the roster.", key))
    }
    guard let file else {
      try store.setPhoto(of: player.id, to: nil)
      print(localized("%@ has no photo now.", player.name))
      return
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw CLIError(code: .notFound, message: localized("Cannot read %@.", file))
    }
    let photo: Photo
    do {
      photo = try Photo(upload: data)
    } catch {
      throw CLIError(code: .dataError, message: localized("%1$@: %2$@", file, error.description))
    }
    try store.setPhoto(of: player.id, to: (photo.jpeg, photo.hash))
    print(localized("%@'s photo is set (%@ KiB).", player.name, photo.jpeg.count / 1024))
  }
}

struct RestorePlayer: Command {
  static let name = "players restore"
  static let abstract = "Bring a removed player back at their place, every field intact."
  static let arguments = [
    Argument(name: "pseudo|id", help: "The pseudo or id of a removed player.")
  ]
  static let options: [Option] = []
  let key: String

  init(_ parsed: Parsed) { key = parsed.positionals[0] }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    let removed = try blocking { try await roster.removedPlayers() }.map(\.player)
    guard let player = Player.find(key, in: removed) else {
      throw CLIError(
        code: .notFound, message: localized("No player “%@” in Recently removed.", key))
    }
    _ = try blocking { try await roster.restorePlayer(id: player.id) }
    print(localized("Restored %@.", player.name))
  }
}

struct MovePlayer: Command {
  static let name = "players move"
  static let abstract =
    "Move a player to place N of the list (1 is first), among the starters or the substitutes."
  static let arguments = [Argument(name: "pseudo|id", help: "A pseudo or an id.")]
  static let options = [
    Option(name: "--to", value: "N", help: "The place, from 1.", isRequired: true)
  ]
  let key: String
  let place: Int

  init(_ parsed: Parsed) throws(CLIError) {
    key = parsed.positionals[0]
    let text = parsed.value("--to") ?? ""
    guard let place = Int(text), place >= 1 else {
      throw .usage(localized("--to takes a place from 1, not ‘%@’.", text))
    }
    self.place = place
  }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    let players = try blocking { try await roster.players() }
    guard let player = Player.find(key, in: players) else {
      throw CLIError(code: .notFound, message: localized("No player “%@” in the roster.", key))
    }
    // Places are those of the list: starters first, then substitutes; a player moves within
    // their group.
    var shown = players.startersFirst
    let group = shown.indices.filter { shown[$0].lineup == player.lineup }
    guard let first = group.first, let last = group.last, (first + 1...last + 1).contains(place)
    else {
      let range =
        group.isEmpty
        ? "" : localized("%1$@ to %2$@", group[0] + 1, group[group.count - 1] + 1)
      throw CLIError.usage(
        localized(
          "%1$@ is a %2$@: choose a place from %3$@, or change their lineup with ‘kcorp players edit --lineup’.",
          player.name, player.lineup.displayName, range))
    }
    shown.removeAll { $0.id == player.id }
    shown.insert(player, at: place - 1)
    let order = shown.map(\.id)
    try blocking { try await roster.reorder(order, expected: players.map(\.id)) }
    print(Table.roster(try blocking { try await roster.players() }))
  }
}

struct ListTrash: Command {
  static let name = "trash"
  static let abstract = "List Recently removed: who, and when (kept 30 days)."
  static let options = [jsonFlag]
  let json: Bool

  init(_ parsed: Parsed) { json = parsed.flag("--json") }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    let removed = try blocking { try await roster.removedPlayers() }
    print(json ? text(TeamJSON.encode(removed, pretty: true)) : Table.removed(removed))
  }
}

// MARK: - Champions, export, import

struct ListChampions: Command {
  static let name = "champions"
  static let abstract = "List the champions a player can favour, or those matching a search."
  static let options = [
    Option(
      name: "--search", value: "Q",
      help: "Only champions matching Q however it is spelled (ksan, kaisa, wukong), best first."),
    Option(
      name: "--class", value: "C",
      help: "Only champions of class C: Fighter, Tank, Mage, Assassin, Marksman or Support."),
    jsonFlag,
  ]
  let query: String
  let classes: Set<ChampionClass>
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    query = parsed.value("--search") ?? ""
    if let text = parsed.value("--class") {
      guard let found = ChampionClass(parsing: text) else {
        throw .usage(
          localized(
            "‘%@’ is not a class; choose Fighter, Tank, Mage, Assassin, Marksman or Support.", text)
        )
      }
      classes = [found]
    } else {
      classes = []
    }
    json = parsed.flag("--json")
  }

  func run(_ context: Context) throws {
    let champions = Champion.search(query, classes: classes)
    print(json ? text(TeamJSON.encode(champions, pretty: true)) : Table.champions(champions))
  }
}

struct Export: Command {
  static let name = "export"
  static let abstract = "Write the roster as JSON (the `--json` shape) or CSV (for spreadsheets)."
  static let options = [
    Option(name: "--format", value: "F", help: "json (the default) or csv."),
    Option(
      name: "--output", value: "FILE",
      help: "Write to FILE (replaced atomically) instead of standard output."),
  ]
  let format: RosterFile.Format
  let output: String?

  init(_ parsed: Parsed) throws(CLIError) {
    let text = parsed.value("--format") ?? "json"
    guard let format = RosterFile.Format(rawValue: text.lowercased()) else {
      throw .usage(localized("--format takes json or csv, not ‘%@’.", text))
    }
    self.format = format
    output = parsed.value("--output")
  }

  func run(_ context: Context) throws {
    let roster = try context.roster()
    // Photos go into a JSON export when the roster is this machine's database.
    let photos = format == .json && context.isLocal ? try context.store().photoFiles() : [:]
    let data = RosterFile.export(
      try blocking { try await roster.players() }, as: format, photos: photos)
    guard let output else {
      FileHandle.standardOutput.write(data)
      return
    }
    do {
      try data.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw CLIError(
        code: .ioError,
        message: localized("Cannot write %@: %@", output, error.localizedDescription))
    }
  }
}

struct Import: Command {
  static let name = "import"
  static let abstract =
    "Replace the roster with a JSON or CSV file; every player is checked first, all or nothing."
  static let discussion = """
    The format is read from the content. CSV takes , ; or tab between cells, a header naming
    at least the name and position columns, and champions as people type them.
    """
  static let arguments = [Argument(name: "FILE", help: "The file to import.")]
  static let options: [Option] = []
  let file: String

  init(_ parsed: Parsed) { file = parsed.positionals[0] }

  func run(_ context: Context) throws {
    let store = try context.store()
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw CLIError(
        code: .notFound, message: localized("Cannot read %@: %@", file, error.localizedDescription))
    }
    let plan: RosterImport
    let photos: [UUID: Photo]
    do {
      plan = try RosterImport(data, current: store.players)
      photos = try plan.checkedPhotos()
    } catch {
      throw CLIError(code: .dataError, message: error.description)
    }
    try store.replaceRoster(with: plan.inputs, ids: plan.players.map(\.id))
    for (id, photo) in photos { try store.setPhoto(of: id, to: (photo.jpeg, photo.hash)) }
    print(
      localized(
        "Imported %1$@ players: %2$@ added, %3$@ changed, %4$@ removed.", plan.players.count,
        plan.added.count, plan.changed.count, plan.removed.count)
    )
  }
}

struct Backup: Command {
  static let name = "backup"
  static let abstract =
    "Copy the database, consistent and checked, to FILE; safe while the server runs."
  static let discussion = """
    Every change acknowledged before the copy starts is in it. FILE is replaced atomically;
    ‘kcorp restore FILE’ puts it back.
    """
  static let arguments = [Argument(name: "FILE", help: "The copy to write.")]
  static let options: [Option] = []
  let file: String

  init(_ parsed: Parsed) { file = parsed.positionals[0] }

  func run(_ context: Context) throws {
    let players = try context.store().backup(to: file)
    print(
      players == 1
        ? localized("Backed up 1 player to %@.", file)
        : localized("Backed up %1$@ players to %2$@.", players, file))
  }
}

struct Restore: Command {
  static let name = "restore"
  static let abstract =
    "Replace the database with a backup, checked first; all or nothing."
  static let discussion = """
    The backup is checked in a copy beside the database (FILE itself is not changed), then
    takes the database's place. Refused while ‘kcorp serve’ uses the database: stop it first,
    or give --force and restart it after.
    """
  static let arguments = [Argument(name: "FILE", help: "The backup to restore.")]
  static let options = [Option.flag("--force", "Restore even while a server uses the database.")]
  let file: String
  let force: Bool

  init(_ parsed: Parsed) {
    file = parsed.positionals[0]
    force = parsed.flag("--force")
  }

  func run(_ context: Context) throws {
    guard case .file(let path) = try context.location() else {
      throw CLIError.usage(
        localized("A throwaway roster (--in-memory) has nothing to restore into."))
    }
    guard FileManager.default.fileExists(atPath: file) else {
      throw CLIError(code: .notFound, message: localized("No backup at %@.", file))
    }
    // Held until the process ends: closing it would drop SQLite's own locks on the file.
    if !force, let serving = ServingLock(path: path), !serving.isFree {
      throw CLIError(
        code: .ioError,
        message:
          localized(
            "A kcorp server is using %@: stop it, then restore (or give --force and restart the server after).",
            path)
      )
    }
    let players = try RosterStore.restore(from: file, to: path)
    print(
      players == 1
        ? localized("Restored 1 player from %1$@ into %2$@.", file, path)
        : localized("Restored %1$@ players from %2$@ into %3$@.", players, file, path))
  }
}

/// A lock on the database file that `kcorp serve` holds shared for as long as it runs, so
/// that `kcorp restore` can tell. (flock locks are apart from SQLite's fcntl locks.)
final class ServingLock {
  private let descriptor: Int32

  /// Opens the database file for locking; nil when it does not exist yet.
  init?(path: String) {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
  }

  /// Held while serving: never closed before the process ends, since closing any descriptor
  /// of the file would also release SQLite's locks on it.
  func holdWhileServing() { flock(descriptor, LOCK_SH) }

  /// Whether no server holds the lock.
  var isFree: Bool {
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    flock(descriptor, LOCK_UN)
    return true
  }
}

/// One player of an import file: the input, and the id to keep when the file has one.
// MARK: - Helpers

private func find(_ key: String, in roster: any RosterSource) throws -> Player {
  guard let player = Player.find(key, in: try blocking { try await roster.players() }) else {
    throw CLIError(code: .notFound, message: localized("No player “%@” in the roster.", key))
  }
  return player
}

private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

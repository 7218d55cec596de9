import CLIBase
import Foundation
import Riot
import TeamClient
import TeamKit
import TeamPhoto
import TeamSpreadsheet
import TeamStore

// The database itself: copied, put back, moved to PostgreSQL.

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

  func run(_ context: Context) async throws {
    let players = try context.store().backup(to: file)
    print(
      players == 1
        ? localized("Backed up 1 player to %@.", file)
        : localized("Backed up %1$@ players to %2$@.", players, file))
  }
}

struct MigrateTo: Command {
  static let name = "migrate-to"
  static let abstract =
    "Copy the whole organisation (teams, players, photos, history, accounts, tokens) into a new database."
  static let discussion = """
    From the file (or database) the options choose to DESTINATION: a PostgreSQL address,
    postgresql://user@host/name (the password from PGPASSFILE or $PGPASSWORD), or a new
    database file. The destination must be new: nobody has changed it yet. The source is only
    read; stop the server first, so that nothing changes meanwhile.
    """
  static let arguments = [
    Argument(name: "DESTINATION", help: "The new database: a PostgreSQL address or a file.")
  ]
  static let options: [Option] = []
  let destination: String

  init(_ parsed: Parsed) { destination = parsed.positionals[0] }

  func run(_ context: Context) async throws {
    let isServer =
      destination.hasPrefix("postgresql://") || destination.hasPrefix("postgres://")
      || destination.contains("=")
    if isServer, let problem = DatabaseLocation.problem(postgres: destination, onCommandLine: true)
    {
      throw CLIError.usage(problem.description)
    }
    let source = try context.store()
    let target = try RosterStore.open(isServer ? .postgres(destination) : .file(destination))
    let players = try await source.copy(to: target)
    print(
      localized(
        "Copied %1$@ (%2$@ players) to %3$@.", source.roster.organisation, players, target.path))
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

  func run(_ context: Context) async throws {
    let path: String
    switch try context.location() {
    case .file(let file): path = file
    case .inMemory:
      throw CLIError.usage(
        localized("A throwaway roster (--in-memory) has nothing to restore into."))
    case .postgres:
      throw CLIError.usage(
        localized(
          "A PostgreSQL database is restored with pg_restore (docs/SCALING.md); kcorp restore puts back a file."
        ))
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

import CSQLite
import Foundation
import TeamKit

/// Why a change to the roster was refused or failed; nothing was stored.
public enum RosterError: ValidationReporting, Hashable, Sendable, CustomStringConvertible {
  /// No player has this id.
  case notFound(UUID)
  /// No team has this tag or id.
  case teamNotFound(String)
  /// The input breaks a rule of the roster.
  case invalid(ValidationError)
  /// The input clashes with another player (a pseudo already taken).
  case conflict(ValidationError)
  /// The player changed since the version the caller had (someone else edited them); this
  /// is the player now. Nothing was written.
  case changed(Player)
  /// The ids given are not the roster's players, each once; nothing was written.
  case rosterChanged
  /// The roster's order changed since the order the caller had; nothing was written.
  case orderChanged
  /// An entry of a roster being imported is invalid (`index` from 0); nothing was imported.
  case invalidEntry(index: Int, name: String, ValidationError)
  /// No import has this number (or it is another team's).
  case importNotFound
  /// The roster changed since an import was previewed, or since the import an undo is
  /// asked for: what changed, said for the user. Nothing was written.
  case importOutdated(Message)
  /// The database could not read or commit (disk full, I/O error, unreadable data, the
  /// database server gone).
  case storage(StorageError)

  /// `.conflict` when every problem is a clash with another player, else `.invalid`.
  public static func rejected(_ error: ValidationError) -> RosterError {
    error.isConflict ? .conflict(error) : .invalid(error)
  }

  /// The problems with the input, each tied to its field, when the input was refused.
  public var validation: ValidationError? {
    switch self {
    case .invalid(let error), .conflict(let error), .invalidEntry(_, _, let error): error
    case .notFound, .teamNotFound, .changed, .rosterChanged, .orderChanged, .importNotFound,
      .importOutdated, .storage:
      nil
    }
  }

  /// What happened and what to do, put in the reader's language when shown.
  public var message: Message {
    switch self {
    case .notFound: Message("No player has this id: they may have been removed.")
    case .teamNotFound(let tag):
      Message("No team has the tag “%@”.", tag)
    case .changed(let player):
      Message(
        "Someone else changed %@ meanwhile; nothing was saved. Check their change and try again.",
        player.name)
    case .rosterChanged:
      Message(
        "Give every player of the roster once; the roster may have changed meanwhile. Reload it and try again."
      )
    case .orderChanged:
      Message("The roster changed meanwhile; nothing was saved. Reload it and try again.")
    case .invalid(let error), .conflict(let error): error.message
    case .invalidEntry(let index, let name, let error):
      Message("%1$@: %2$@", Message("Player %1$@ (“%2$@”)", index + 1, name), error.message)
    case .importNotFound:
      Message("No import has this number; it may be older than 30 days.")
    case .importOutdated(let reason): reason
    case .storage(let error): Message(verbatim: error.description)
    }
  }

  public var description: String { message.description }
}

/// Why the database could not read or commit; nothing of the change was saved.
public struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Reason: Hashable, Sendable {
    /// The disk (or the folder's file system) has no room left.
    case diskFull
    /// The file or its folder cannot be written (read-only).
    case readOnly
    /// The file was removed or replaced while open.
    case fileGone
    /// The database server is down or unreachable; the store reconnects by itself.
    case unavailable
    case other
  }

  public let reason: Reason
  /// What the database said, with the database named (for the log, not for a client).
  public let description: String

  public init(_ reason: Reason, _ description: String) {
    self.reason = reason
    self.description = description
  }

  public var isDiskFull: Bool { reason == .diskFull }
  public var isReadOnly: Bool { reason == .readOnly }
  public var isFileGone: Bool { reason == .fileGone }
  public var isUnavailable: Bool { reason == .unavailable }
}

extension SQLiteError {
  var storage: StorageError {
    StorageError(
      isDiskFull ? .diskFull : isReadOnly ? .readOnly : isFileGone ? .fileGone : .other,
      description)
  }
}

/// Why a database could not be opened; the file was left untouched.
public enum StoreOpenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The folder that should hold the file could not be created.
  case cannotCreateFolder(path: String, folder: String)
  /// The file exists but is not a SQLite database.
  case notADatabase(path: String, detail: String)
  /// The file was written by a newer kcorp, with a schema this build does not know.
  case newerSchema(path: String, version: Int64, known: Int)
  /// A stored row cannot be read back as a player (a bad id, an unknown position).
  case unreadableRow(path: String, table: String, id: String, reason: String)
  /// The file is damaged (SQLite's `quick_check` found these problems).
  case damaged(path: String, detail: String)
  /// The file, or the folder that holds it, may not be written by this user.
  case notWritable(path: String, detail: String)
  /// SQLite could not open or read the file (I/O error, …).
  case unreadable(SQLiteError)
  /// The PostgreSQL server could not be reached, refused the connection, or failed to
  /// prepare the schema.
  case server(database: String, detail: String)

  /// What went wrong and what to do, put in the reader's language when shown.
  public var message: Message {
    switch self {
    case .cannotCreateFolder(let path, let folder):
      Message("%1$@: cannot create the folder %2$@", path, folder)
    case .notADatabase(let path, let detail):
      Message("%1$@: not a SQLite database (%2$@)", path, detail)
    case .newerSchema(let path, let version, let known):
      Message(
        "%1$@: schema version %2$@ is newer than this build knows (%3$@); use a newer kcorp", path,
        version, known)
    case .unreadableRow(let path, let table, let id, let reason):
      Message(
        "%1$@: cannot read the %2$@ row “%3$@”: %4$@; fix or remove that row", path, table, id,
        reason)
    case .damaged(let path, let detail):
      Message(
        "%1$@: the file is damaged (%2$@); it was left untouched. Put back a copy made with ‘kcorp backup’ (‘kcorp restore FILE’), or move the file aside to start a new roster",
        path, detail)
    case .notWritable(let path, let detail):
      Message(
        "%1$@: cannot be written (%2$@); let this user write the file and its folder (SQLite keeps -wal and -shm files beside it)",
        path, detail)
    case .unreadable(let error): Message(verbatim: error.description)
    case .server(let database, let detail):
      Message(
        "%1$@: %2$@ (check the address, that the server runs, and the password in PGPASSFILE or PGPASSWORD)",
        database, detail)
    }
  }

  public var description: String { message.description }

  /// The same error about `path` where it names `other` (a scratch copy of `path`).
  func naming(_ path: String, instead other: String) -> StoreOpenError {
    switch self {
    case .damaged(other, let detail): .damaged(path: path, detail: detail)
    case .notADatabase(other, let detail): .notADatabase(path: path, detail: detail)
    case .newerSchema(other, let version, let known):
      .newerSchema(path: path, version: version, known: known)
    case .unreadableRow(other, let table, let id, let reason):
      .unreadableRow(path: path, table: table, id: id, reason: reason)
    default: self
    }
  }
}

extension RosterStore {
  /// What a change's failure is to its caller.
  static func rosterError(_ error: any Error, path: String) -> RosterError {
    switch error {
    case let error as RosterError: return error
    case let error as ValidationError: return .rejected(error)
    case let error as SQLiteError: return .storage(error.storage)
    case let error as StorageError: return .storage(error)
    #if canImport(CPostgreSQL)
      case let error as PostgresError:
        return .storage(
          StorageError(error.isUnavailable ? .unavailable : .other, error.description))
    #endif
    case let error as StoreOpenError:
      // An unreadable row met while reloading what another process wrote.
      guard case .unreadableRow(_, let table, let id, let reason) = error else {
        return .storage(StorageError(.other, "\(path): \(error)"))
      }
      return .storage(
        StorageError(.other, "\(path): cannot read the \(table) row “\(id)”: \(reason)"))
    default:
      return .storage(StorageError(.other, "\(path): \(error)"))
    }
  }

  /// The oldest removal still kept at `date`.
  static func cutoff(_ date: Date) -> Date {
    date.addingTimeInterval(-RemovedPlayer.retention)
  }
}

extension RosterError: KindedError {
  public var kind: ErrorKind {
    switch self {
    case .notFound, .teamNotFound, .importNotFound: .notFound
    case .invalid, .invalidEntry: .invalid
    case .conflict, .rosterChanged: .conflict
    // The roster changed since the preview (or the import): preview again.
    case .changed, .orderChanged, .importOutdated: .changed
    case .storage(let storage): storage.isUnavailable ? .unavailable : .storage
    }
  }

  public var retryAfter: Int? {
    if case .storage(let storage) = self, storage.isUnavailable { 5 } else { nil }
  }
}

extension StoreOpenError: KindedError {
  public var kind: ErrorKind {
    if case .server = self { .unavailable } else { .storage }
  }
}

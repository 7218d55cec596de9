import CSQLite
import Foundation
import Synchronization
import TeamKit

/// Copies of the database: made while it is in use, checked, and put back all or nothing.
extension RosterStore {
  /// Writes a consistent copy of the database to `destination`, replacing it atomically
  /// (a new file beside it, then renamed): every change acknowledged before the call is in
  /// it. Safe while a server and other processes use the database.
  /// - Returns: how many players the copy holds.
  /// - Throws: ``RosterError/storage(_:)`` when the copy cannot be written or checked.
  @discardableResult
  public func backup(to destination: String) throws(RosterError) -> Int {
    let partial = destination + ".partial"
    let cleanUp = { Self.removeFiles(of: partial) }
    do {
      cleanUp()
      try read { connection in
        guard let file = connection as? SQLiteConnection else {
          throw StorageError(
            .other,
            "\(connection.name): a PostgreSQL database is backed up by pg_dump or the server's own archiving (docs/SCALING.md)"
          )
        }
        try file.backup(to: partial)
      }
      // The copy is checked as opening it would: intact (quick_check), every row readable;
      // then closed before it takes its name.
      let players = try Writer(SQLiteConnection(path: partial, create: false)).load().players.count
      guard rename(partial, destination) == 0 else {
        throw SQLiteError(
          code: SQLITE_CANTOPEN, message: String(cString: strerror(errno)), path: destination)
      }
      return players
    } catch let error as SQLiteError {
      cleanUp()
      throw .storage(error.storage)
    } catch let error as StorageError {
      cleanUp()
      throw .storage(error)
    } catch {
      cleanUp()
      throw .storage(StorageError(.other, "\(destination): \(error)"))
    }
  }

  /// Replaces the database at `path` with the backup at `source`, all or nothing. The backup
  /// is copied to a scratch file beside the database (the file given is never changed),
  /// checked there as opening it would (intact, every row readable, brought to this build's
  /// schema), then renamed over the database. The database's old `-wal` and `-shm` files go
  /// first: they belong to the file replaced.
  ///
  /// A server holding the database sees the file replaced and refuses writes until it is
  /// restarted; stop it first.
  /// - Returns: how many players the restored roster holds.
  /// - Throws: ``StoreOpenError`` for a backup that cannot be used; the database is then
  ///   unchanged.
  public static func restore(from source: String, to path: String) throws(StoreOpenError)
    -> Int
  {
    let scratch = path + ".restoring"
    let cleanUp = { Self.removeFiles(of: scratch) }
    cleanUp()
    defer { cleanUp() }
    do {
      try SQLiteConnection(path: source, create: false, readOnly: true).backup(to: scratch)
    } catch  where error.code & 0xFF == SQLITE_NOTADB {
      throw .notADatabase(path: source, detail: error.message)
    } catch  where error.path == source && error.code & 0xFF == SQLITE_CANTOPEN {
      throw .unreadable(error)
    } catch {
      throw .damaged(path: source, detail: error.message)
    }
    let players: Int
    do {
      players = try Writer(SQLiteConnection(path: scratch, create: false)).load().players.count
    } catch let error as StoreOpenError {
      throw error.naming(source, instead: scratch)
    } catch let error as SQLiteError {
      throw .damaged(path: source, detail: error.message)
    } catch {
      throw .damaged(path: source, detail: "\(error)")
    }
    for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
    guard rename(scratch, path) == 0 else {
      throw .notWritable(path: path, detail: String(cString: strerror(errno)))
    }
    return players
  }

  /// Removes a scratch database and the files SQLite keeps beside it.
  private static func removeFiles(of path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
  }

  /// The connection's settings that durability and integrity rest on.
  struct Pragmas {
    var journalMode: String
    var synchronous, foreignKeys, busyTimeout: Int64
  }

  func pragmas() throws -> Pragmas {
    try writer.withLock { writer in
      let db = writer.connection
      var mode = ""
      try db.prepare("PRAGMA journal_mode").forEachRow { mode = $0.text(0) }
      return Pragmas(
        journalMode: mode, synchronous: try db.scalar("PRAGMA synchronous"),
        foreignKeys: try db.scalar("PRAGMA foreign_keys"),
        busyTimeout: try db.scalar("PRAGMA busy_timeout"))
    }
  }
}

import Foundation
import Synchronization
import TeamKit

/// Who hears of each committed change, and the changes other processes commit.
extension RosterStore {
  /// Calls `handler` with the new roster and what changed after every committed change
  /// (this process's, or another's once ``refresh()`` saw it), on the committer thread or
  /// the one that called ``refresh()``, after the writers were answered. Two changes made at
  /// once may be told in either order: keep the roster with the highest
  /// ``Roster/version``. Returns an id for ``removeObserver(_:)``.
  @discardableResult
  public func onChange(_ handler: @escaping @Sendable (RosterUpdate) -> Void) -> Int {
    state.withLock {
      let id = $0.nextObserverID
      $0.nextObserverID += 1
      $0.observers[id] = handler
      return id
    }
  }

  /// Stops calling a handler registered with ``onChange(_:)``.
  public func removeObserver(_ id: Int) {
    _ = state.withLock { $0.observers.removeValue(forKey: id) }
  }

  /// Picks up what another process (the CLI beside a running server, another server on the
  /// same PostgreSQL database) committed. Cheap when nothing changed: SQLite answers from
  /// the WAL index in shared memory, PostgreSQL reads one row.
  /// - Throws: ``RosterError/storage(_:)``; the snapshot is then unchanged.
  public func refresh() throws(RosterError) {
    let published: (RosterUpdate, [@Sendable (RosterUpdate) -> Void])?
    do {
      published = try writer.withLock { writer in
        // Another file moved to the path: this one's log must not be replayed into it.
        if let file = writer.connection as? SQLiteConnection, file.fileIsGone {
          file.emptyLogOfAFileGone()
        }
        return try writer.changesElsewhere(after: roster).map {
          publish($0.roster, changes: $0.changes)
        }
      }
    } catch {
      throw Self.rosterError(error, path: path)
    }
    if let (update, handlers) = published {
      for handler in handlers { handler(update) }
    }
  }

  /// On PostgreSQL, picks up every other server's change as soon as it is committed
  /// (`LISTEN`/`NOTIFY`), and its changes of who may do what
  /// (``onAccessChange(_:)``), on a thread of its own, until the store is released; nil on
  /// SQLite, whose other writers are seen by calling ``refresh()``. A lost connection is
  /// opened again every second, then what was missed meanwhile is read.
  @discardableResult
  public func listenForChanges() -> Thread? {
    #if canImport(CPostgreSQL)
      guard case .postgres(let url) = location else { return nil }
      let thread = Thread { [weak self] in
        func refresh() {
          do { try self?.refresh() } catch {
            Log.warning("other servers' changes could not be read (tried again later): \(error)")
          }
        }
        var listener: PostgresConnection?
        while self != nil {
          do {
            if listener == nil || listener?.isBroken == true {
              let connection = try PostgresConnection(url: url)
              try connection.execute("LISTEN kcorp_changes; LISTEN kcorp_access")
              listener = connection
              refresh()  // what came while nobody listened
            }
            // A roster change or an access change: both are read again (the streams check
            // their identities once more, one read each).
            if try listener?.waitForNotifications(timeout: 1) == true {
              refresh()
              self?.accessChangedElsewhere()
            }
          } catch {
            listener = nil
            Thread.sleep(forTimeInterval: 1)
          }
        }
      }
      thread.name = "kcorp-listen"
      thread.start()
      return thread
    #else
      return nil
    #endif
  }
}

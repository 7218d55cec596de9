import Foundation
import TeamKit

/// Where the roster lives: a file, memory for a throwaway roster, or a PostgreSQL database.
public enum DatabaseLocation: Hashable, Sendable {
  case file(String)
  case inMemory
  /// A `postgresql://` URL (or libpq key-value string), without its password.
  case postgres(String)

  /// The location chosen by, in order: `--in-memory`, `--database URL`, `--db PATH`,
  /// `$KCORP_DATABASE_URL`, `$KCORP_DB`, `$XDG_DATA_HOME/kcorp/roster.sqlite`,
  /// `~/.local/share/kcorp/roster.sqlite`.
  public static func resolve(
    path: String?, inMemory: Bool, database: String? = nil, environment: [String: String]
  ) -> DatabaseLocation {
    if inMemory { return .inMemory }
    if let database, !database.isEmpty { return .postgres(database) }
    if let path, !path.isEmpty { return .file(path) }
    if let url = environment["KCORP_DATABASE_URL"], !url.isEmpty { return .postgres(url) }
    if let path = environment["KCORP_DB"], !path.isEmpty { return .file(path) }
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
    return .file(dataHome + "/kcorp/roster.sqlite")
  }
}

extension RosterStore {
  /// Opens the store at a location.
  /// - Throws: ``StoreOpenError``.
  public static func open(_ location: DatabaseLocation) throws(StoreOpenError) -> RosterStore {
    switch location {
    case .file(let path): try RosterStore(path: path)
    case .inMemory: try RosterStore.inMemory()
    case .postgres(let url):
      #if canImport(CPostgreSQL)
        try RosterStore(postgres: url)
      #else
        throw .server(database: "PostgreSQL", detail: "this build has no PostgreSQL client")
      #endif
    }
  }
}

extension DatabaseLocation {
  /// `Application Support/KCorp/roster.sqlite`: where the Apple app keeps the roster (on
  /// Linux, Foundation maps Application Support to `$XDG_DATA_HOME` or `~/.local/share`).
  public static func applicationSupport(fileManager: FileManager = .default) -> DatabaseLocation {
    applicationSupport(
      in: fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? fileManager.temporaryDirectory)
  }

  /// `KCorp/roster.sqlite` inside an Application Support folder.
  public static func applicationSupport(in folder: URL) -> DatabaseLocation {
    .file(folder.appendingPathComponent("KCorp/roster.sqlite").path)
  }
}

extension DatabaseLocation {
  /// Why this PostgreSQL URL (or key-value string) cannot be used, or nil: libpq cannot
  /// read it, or, when it was typed on a command line (which `ps` shows), it carries a
  /// password.
  public static func problem(postgres url: String, onCommandLine: Bool = false) -> Message? {
    #if canImport(CPostgreSQL)
      switch PostgresConnection.settings(url) {
      case .failure(let error):
        return Message(
          "This is not a PostgreSQL address (%@): write postgresql://user@host:5432/database.",
          error.message)
      case .success(let settings) where onCommandLine && settings["password"] != nil:
        return Message(
          "Keep the password off the command line, where others see it: put it in PGPASSFILE (~/.pgpass) or $PGPASSWORD."
        )
      case .success: return nil
      }
    #else
      return Message("This build has no PostgreSQL client: use a database file (--db).")
    #endif
  }

  /// A PostgreSQL database's host, port and name, for people (never its password).
  public static func displayName(postgres url: String) -> String {
    #if canImport(CPostgreSQL)
      PostgresConnection.displayName(url)
    #else
      "PostgreSQL"
    #endif
  }
}

import Foundation

/// Where the roster lives: a file, or memory for a throwaway roster.
public enum DatabaseLocation: Hashable, Sendable {
  case file(String)
  case inMemory

  /// The location chosen by, in order: `--in-memory`, `--db PATH`, `$KCORP_DB`,
  /// `$XDG_DATA_HOME/kcorp/roster.sqlite`, `~/.local/share/kcorp/roster.sqlite`.
  public static func resolve(
    path: String?, inMemory: Bool, environment: [String: String]
  ) -> DatabaseLocation {
    if inMemory { return .inMemory }
    if let path, !path.isEmpty { return .file(path) }
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

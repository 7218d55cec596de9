import Foundation

/// A fresh folder under the system's temporary directory, removed when released.
public final class TemporaryFolder: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("kcorp-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to a file in the folder and returns its path.
  public func write(_ text: String, to name: String) throws -> String {
    let path = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}

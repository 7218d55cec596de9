import Foundation

/// The server's and the CLI's log: one line per event on standard error (which a service
/// manager's journal keeps), `kcorp: level: message`. Messages name what happened, never a
/// secret (a password, a token, a calendar or webhook address).
public enum Log {
  public enum Level: String, Sendable {
    /// Something went wrong that a person should look at: the request or job failed.
    case error
    /// Something went wrong and was worked around (a write retried later, a sweep skipped).
    case warning
    case info
  }

  /// Writes one line: line breaks in `message` become spaces, so a line is an event.
  public static func write(_ level: Level, _ message: String) {
    let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data("kcorp: \(level.rawValue): \(line)\n".utf8))
  }

  public static func error(_ message: String) { write(.error, message) }
  public static func warning(_ message: String) { write(.warning, message) }
  public static func info(_ message: String) { write(.info, message) }
}

import Foundation

/// A stand-in of an outside service (`Tests/e2e/*.py`), run by python on a free loopback
/// port: the same script the browser tests use.
public enum StandInProcess {
  /// The path of a stand-in's script.
  static func script(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("e2e/\(name)").path
  }

  /// Starts `script` with `arguments` and `--port 0`; returns it once it said its port.
  static func start(_ script: String, _ arguments: [String]) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script] + arguments + ["--port", "0"]
    let output = privatePipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = try firstLine(of: output)
    guard text.hasPrefix("listening on "), let port = Int(text.dropFirst(13)) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile)
    }
    return (process, port)
  }

  /// The first line a process writes to `pipe`, read byte by byte so that nothing after it
  /// is taken from the pipe.
  public static func firstLine(of pipe: Pipe) throws -> String {
    var line = Data()
    while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
      byte != Data("\n".utf8)
    {
      line += byte
    }
    return String(decoding: line, as: UTF8.self)
  }
}

/// Discord's API as `Tests/e2e/discord_api.py` plays it: webhooks that answer as a test
/// scripts them, the commands' registration, the deferred answers' edits; every request
/// kept. Stopped when released.
public final class DiscordStandIn: @unchecked Sendable {
  public let port: Int
  private let process: Process

  /// Starts the stand-in; `token` is the bot token it accepts.
  public init(token: String = "bot-token") throws {
    (process, port) = try StandInProcess.start(
      StandInProcess.script("discord_api.py"), ["--token", token])
  }

  // Not waited for: `waitUntilExit` needs a run loop that a test's task does not turn.
  deinit { process.terminate() }

  /// A webhook's address on the stand-in.
  public func webhook(_ id: Int = 1, token: String = "hook-token") -> String {
    "http://127.0.0.1:\(port)/api/webhooks/\(id)/\(token)"
  }

  /// The stand-in's API base, in Discord's shape (`…/api/v10`).
  public var api: String { "http://127.0.0.1:\(port)/api/v10" }

  /// Sets the next answers of `path` (`[["status": 429, "retry_after": 1.5]]`).
  public func script(_ path: String, _ answers: [[String: Any]]) throws {
    let body = try JSONSerialization.data(withJSONObject: ["path": path, "answers": answers])
    _ = try HTTPClient(port: port).send(
      "POST", "/_control/script", headers: ["Content-Type": "application/json"],
      body: Array(body))
  }

  /// Every request it was sent, in order: `method`, `path`, `status`, `at`, `body`.
  public func requests() throws -> [[String: Any]] {
    let response = try HTTPClient(port: port).get("/_control/requests")
    return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]) ?? []
  }
}

import Foundation

/// Riot's API as `Tests/e2e/riot_api.py` plays it, started for a test on a free loopback
/// port: Riot's paths, JSON shapes, rate-limit headers and refusals, and its counts of what
/// it was asked (`stats()`). Stopped when released.
public final class RiotStandIn: @unchecked Sendable {
  /// The base address, `{routing}` for the platform or region.
  public let base: String
  public let port: Int
  private let process: Process

  static let script = StandInProcess.script("riot_api.py")

  /// Starts the stand-in, answering the API `key` (Riot's five default accounts, 20 ranked
  /// games each).
  public init(key: String) throws {
    (process, port) = try StandInProcess.start(Self.script, ["--key", key])
    base = "http://127.0.0.1:\(port)/{routing}"
  }

  // Not waited for: `waitUntilExit` needs a run loop that a test's task does not turn.
  deinit { process.terminate() }

  /// Sends a control (`expire`, `key`, `rename`, `throttle`, `lp`, `fail`, `reset_stats`).
  @discardableResult
  public func control(_ action: String, _ body: String = "{}") throws -> WireResponse {
    try HTTPClient(port: port).send(
      "POST", "/_control/\(action)", headers: ["Content-Type": "application/json"],
      body: Array(body.utf8))
  }

  /// What it was asked: requests, violations of its limits, the most in any window.
  public func stats() throws -> [String: Any] {
    let response = try HTTPClient(port: port).get("/_control/stats")
    return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
  }
}

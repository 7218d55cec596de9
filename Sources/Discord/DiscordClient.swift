import Foundation
import TeamKit
import TeamOutbound

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The calls to Discord: a post to a team's webhook, the commands' registration, and the
/// edit of a deferred answer. Each is bounded to 10 s and 64 KiB, and none ever names a
/// webhook's address or a token in what it tells (they are secrets).
public enum DiscordClient {
  /// Discord's API, where the commands are registered and deferred answers edited.
  public static let address = "https://discord.com/api/v10"

  /// What a delivery's answer means for the outbox: its outcome, and until when the
  /// webhook (or, `global`, every webhook) must wait.
  public struct Verdict: Hashable, Sendable {
    public var outcome: DiscordOutcome
    public var hold: Date?
    public var global = false
  }

  /// Posts `body` to `webhook`, this post's `attempts`-th try; the waits Discord asks for
  /// are counted from its answer, on `clock`.
  public static func post(
    _ body: [UInt8], to webhook: String, attempts: Int,
    clock: @Sendable () -> Date = SystemClock.now
  ) async -> Verdict {
    guard let url = URL(string: webhook) else {
      return Verdict(outcome: .revoked("the webhook’s address is not one"), hold: nil)
    }
    var request = URLRequest(url: url, timeoutInterval: 10)
    request.httpMethod = "POST"
    request.httpBody = Data(body)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    do {
      let answer = try await send(request, origin: url)
      return verdict(
        status: answer.status, headers: answer.headers, body: answer.body, attempts: attempts,
        now: clock())
    } catch {
      return Verdict(
        outcome: .retry(
          at: clock().addingTimeInterval(backoff(attempts)),
          reason: "Discord did not answer in time"),
        hold: nil)
    }
  }

  /// How long to wait before the next try after `attempts` failed ones: 2, 4, 8 … seconds,
  /// at most ten minutes.
  public static func backoff(_ attempts: Int) -> TimeInterval {
    min(600, pow(2, Double(min(attempts, 10) + 1)))
  }

  /// What Discord's answer to a post means: 2xx sent; 429 tried again after `retry_after`
  /// (the webhook, or every one when `global`, held that long); 404 or 401 the webhook
  /// revoked; 5xx tried again with backoff; another 4xx given up with Discord's message.
  /// `X-RateLimit-Remaining: 0` holds the webhook for `X-RateLimit-Reset-After` seconds.
  /// Every wait is read through ``RetryDelay``: 1 s to 1 h, 5 s when it is not a number.
  public static func verdict(
    status: Int, headers: [String: String], body: Data, attempts: Int, now: Date
  ) -> Verdict {
    let json = try? TeamJSON.decode(JSONValue.self, from: body)
    var hold: Date?
    if headers["x-ratelimit-remaining"] == "0",
      let after = RetryDelay.seconds(headers["x-ratelimit-reset-after"])
    {
      hold = now.addingTimeInterval(after)
    }
    switch status {
    case 200..<300: return Verdict(outcome: .sent, hold: hold)
    case 429:
      let seconds =
        RetryDelay.seconds(number(json?["retry_after"]))
        ?? RetryDelay.seconds(headers["retry-after"]) ?? 5
      let until = now.addingTimeInterval(seconds)
      let global = json?["global"] == .bool(true) || headers["x-ratelimit-global"] == "true"
      return Verdict(
        outcome: .retry(at: until, reason: "Discord asked to wait (429)"), hold: until,
        global: global)
    case 404, 401:
      return Verdict(
        outcome: .revoked("Discord says the webhook no longer exists (\(status)): paste a new one"),
        hold: nil)
    case 500...:
      return Verdict(
        outcome: .retry(
          at: now.addingTimeInterval(backoff(attempts)), reason: "Discord failed (\(status))"),
        hold: hold)
    default:
      let message = json?["message"]?.string.map { ": " + String($0.prefix(200)) } ?? ""
      return Verdict(outcome: .failed("Discord refused the post (\(status))\(message)"), hold: hold)
    }
  }

  private static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .int(let number): Double(number)
    case .double(let number): number
    default: nil
    }
  }

  /// Registers the commands (``DiscordCommands/definitions``) for the application, replacing
  /// those registered before; returns how many Discord keeps.
  /// - Throws: ``DiscordError`` saying what Discord answered.
  public static func registerCommands(
    base: String = address, applicationID: String, token: String
  ) async throws(DiscordError) -> Int {
    guard let url = URL(string: "\(base)/applications/\(applicationID)/commands") else {
      throw .refused(0, "the application id is not one")
    }
    var request = URLRequest(url: url, timeoutInterval: 10)
    request.httpMethod = "PUT"
    var writer = JSONWriter()
    DiscordCommands.definitions.write(to: &writer)
    request.httpBody = Data(writer.bytes)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("Bot \(token)", forHTTPHeaderField: "Authorization")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    let answer: MirrorFetcher.Answer
    do { answer = try await send(request, origin: url) } catch { throw .unreachable }
    guard (200..<300).contains(answer.status) else {
      let json = try? TeamJSON.decode(JSONValue.self, from: answer.body)
      throw .refused(answer.status, json?["message"]?.string ?? "")
    }
    guard case .array(let kept) = try? TeamJSON.decode(JSONValue.self, from: answer.body) else {
      return 0
    }
    return kept.count
  }

  /// Replaces a deferred answer's "thinking…" with `body` (Discord's "Edit Original
  /// Interaction Response"); true when Discord took it.
  public static func editOriginal(
    base: String = address, applicationID: String, token: String, body: [UInt8]
  ) async -> Bool {
    guard
      let url = URL(string: "\(base)/webhooks/\(applicationID)/\(token)/messages/@original")
    else { return false }
    var request = URLRequest(url: url, timeoutInterval: 10)
    request.httpMethod = "PATCH"
    request.httpBody = Data(body)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    guard let answer = try? await send(request, origin: url) else { return false }
    return (200..<300).contains(answer.status)
  }

  static let userAgent = "DiscordBot (https://github.com/kcorp/team-manager, 1)"

  private static func send(_ request: URLRequest, origin: URL) async throws -> MirrorFetcher.Answer
  {
    let fetcher = MirrorFetcher(origin: origin, maxBytes: 64 << 10, within: .seconds(10))
    defer { fetcher.finish() }
    // The path names nothing: a webhook's address is a secret.
    return try await fetcher.answer(to: request, path: "Discord")
  }
}

/// Why Discord's API refused a call.
public enum DiscordError: Error, Hashable, Sendable {
  case unreachable
  case refused(Int, String)

  /// What to tell the person who asked.
  public var message: Message {
    switch self {
    case .unreachable: Message("Discord could not be reached; try again later.")
    case .refused(let status, let said):
      Message("Discord refused (%1$@): %2$@", String(status), said)
    }
  }
}

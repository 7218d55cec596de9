import Foundation
import TeamAccess
import TeamStore

/// The wrong `/link` codes, counted per Discord user and, ten times as many, per Discord
/// server (many accounts of one person), not per address: every interaction comes from
/// Discord's own addresses, so a count by address would let one person hold `/link` for
/// everyone. Kept in the database with the failed sign-ins, so that servers sharing it count
/// the same tries. A code has 8 characters of 31: 10 guesses a quarter of an hour never
/// find one.
struct LinkCodeTries: Sendable {
  /// Wrong codes allowed per Discord user in ``window``; then every try is refused until
  /// the oldest leaves it.
  static let allowed = 10
  static let window: TimeInterval = 15 * 60

  let store: RosterStore

  /// Seconds before Discord user `user` may try a code again in Discord server `guild`
  /// (empty in a direct message); 0 when they may.
  func wait(user: String, guild: String, at now: Date) throws -> Int {
    var wait: TimeInterval = 0
    for (key, limit) in zip(Self.keys(user: user, guild: guild), [Self.allowed, Self.allowed * 10])
    {
      let recent = try store.signIns.signInFailures(key, since: now - Self.window)
      guard recent.count >= limit else { continue }
      // Free once enough of the tries have left the window.
      let freed = recent[recent.count - limit]
      wait = max(wait, (freed + Self.window).timeIntervalSince(now))
    }
    return wait > 0 ? max(1, Int(wait.rounded(.up))) : 0
  }

  /// Counts a wrong code from Discord user `user` in Discord server `guild`.
  func recordWrong(user: String, guild: String, at now: Date) async throws {
    try await store.signIns.recordSignInFailure(
      Self.keys(user: user, guild: guild), at: now, forgetBefore: now - Self.window)
  }

  private static func keys(user: String, guild: String) -> [String] {
    ["discord-user:" + user.prefix(32)]
      + (guild.isEmpty ? [] : ["discord-guild:" + guild.prefix(32)])
  }
}

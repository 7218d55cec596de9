import Discord
import Foundation
import Synchronization
import TeamKit
import TeamOutbound
import TeamStore
import WebBase

/// The server's deliveries to Discord: the outbox's posts, each after the change that made
/// it was committed, never in a request's way. One server of those sharing the database
/// delivers at a time (its turn kept in the database), each team's posts in order, under
/// Discord's rate limits; a post that keeps failing is given up after
/// ``DiscordRows/attempts`` tries, with its reason on the team's settings page.
public final class DiscordJob: Sendable {
  private let store: RosterStore
  /// Where the posts' links point (the server's public address); none without one.
  package var base: URL? { baseURL.withLock { $0 } }
  private let baseURL: Mutex<URL?>
  /// Discord's API (or a stand-in's), for the deferred answers.
  package let api: String
  /// The application's public key given to the server (`--discord-public-key`), which wins
  /// over the stored one.
  package let givenKey: String?
  /// This server, as the deliverer's turn names it: the same after a restart on the same
  /// port, so that a restarted server takes its turn back at once.
  private let server: String
  /// Where a stand-in of Discord answers (`--discord-api` elsewhere than Discord's): a
  /// webhook there is taken too. Nil for Discord itself.
  package var standIn: URL? { api == DiscordClient.address ? nil : URL(string: api) }
  /// How long an interaction's answer may take before a deferred one is sent (Discord
  /// waits 3 seconds); zero defers every answer.
  package let answerWithin = Mutex(Duration.milliseconds(2500))
  /// Set when a change was committed here or elsewhere: a post may be waiting.
  private let poked = Mutex(true)

  package init(store: RosterStore, base: URL?, api: String, publicKey: String?, server: String) {
    self.store = store
    baseURL = Mutex(base)
    self.api = api
    givenKey = publicKey.flatMap { $0.isEmpty ? nil : $0.lowercased() }
    self.server = server
    // Every change committed from now on queues its posts, whichever face made it.
    store.followDiscord()
    store.onChange { [weak self] _ in self?.poked.withLock { $0 = true } }
  }

  /// This machine: its name and systemd's machine id (two machines may share a name).
  package static let machine: String = {
    let id =
      (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines).prefix(12) ?? ""
    return ProcessInfo.processInfo.hostName + (id.isEmpty ? "" : "/\(id)")
  }()

  /// Points the posts' links at the server's address once its port is known.
  package func serving(at url: URL) { baseURL.withLock { $0 = $0 ?? url } }

  /// The public key interactions are checked with.
  package var publicKey: String? {
    givenKey ?? ((try? store.discord.application()) ?? nil)?.publicKey
  }

  /// Delivers what is due now, as one server's turn; returns how many posts were settled
  /// (0 when none was due, the turn is another server's, or the outbox could not be written:
  /// the loop then waits rather than send a post again).
  @discardableResult
  package func deliver() async -> Int {
    guard let due = try? await store.discord.takeTurn(server: server) else { return 0 }
    var settled = 0
    for delivery in due.prefix(3) {
      // The turn renewed before each call: a turn that lapsed is another server's now.
      guard (try? await store.discord.renewTurn(server: server)) == true else { break }
      let verdict = await DiscordClient.post(
        delivery.post.payload(base: base), to: delivery.webhook, attempts: delivery.attempts,
        clock: store.now)
      switch verdict.outcome {
      case .sent: break
      case .retry(_, let reason), .failed(let reason), .revoked(let reason):
        Log.warning("Discord post for a team: \(reason)")
      }
      do throws(RosterError) {
        try await store.discord.settle(
          delivery, verdict.outcome, hold: verdict.hold, global: verdict.global)
      } catch {
        Log.warning("Discord post not settled: \(error.message)")
        break
      }
      settled += 1
    }
    return settled
  }

  /// The background reads, off the concurrency pool and one at a time: a database that
  /// stops answering holds one thread, never the server's.
  private let reads = BlockingWork(width: 1, queueLimit: 0)
  /// Whether a team's Discord was on when last looked, and when.
  private let lookedOn = Mutex<(on: Bool, at: Date)?>(nil)

  /// Looks again at the next turn (a team's settings just changed here).
  package func settingsChanged() { lookedOn.withLock { $0 = nil } }

  /// Whether a team's Discord is on, looked at once a minute: a server whose teams have no
  /// Discord reads nothing more for it (a setting made by another server is seen within
  /// the minute).
  private func isOnLately() async -> Bool {
    let now = store.now()
    if let looked = lookedOn.withLock({ $0 }), now.timeIntervalSince(looked.at) < 60 {
      return looked.on
    }
    let on =
      await reads.run { [store] in
        ((try? store.discord.teams()) ?? [:]).values.contains { $0.hasWebhook && $0.off == nil }
      } ?? false
    lookedOn.withLock { $0 = (on, now) }
    return on
  }

  /// Whether a post waits (read without a write, so that an idle server costs nothing).
  private func hasWaiting() async -> Bool {
    await reads.run { [store] in (try? store.discord.hasWaiting()) ?? false } ?? false
  }

  /// Half seconds since the last look (``turn()``), and whether the stored waits were ended.
  private let idle = Mutex((halfSeconds: 0, started: false))

  /// A turn of the server's ``Jobs``, every half second from the start: delivers what is
  /// due half a second after a change, and every five seconds while a post waits (a retry,
  /// another server's turn).
  package func turn() async throws {
    let first = idle.withLock { idle in
      defer { idle.started = true }
      return !idle.started
    }
    // Waits an earlier build stored without bound would hold the posts for ever: ended once,
    // as the server starts (a database away then is not waited for again and again).
    if first { try await store.discord.endEndlessWaits() }
    let poked = poked.withLock { was in
      defer { was = false }
      return was
    }
    let due = idle.withLock { idle in
      idle.halfSeconds += 1
      guard poked || idle.halfSeconds >= 10 else { return false }
      idle.halfSeconds = 0
      return true
    }
    guard due, await isOnLately(), await hasWaiting() else { return }
    while await deliver() > 0 {}
  }
}

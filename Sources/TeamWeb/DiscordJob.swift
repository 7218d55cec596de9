import Foundation
import Synchronization
import TeamClient
import TeamKit
import TeamStore

/// The server's deliveries to Discord: the outbox's posts, each after the change that made
/// it was committed, never in a request's way. One server of those sharing the database
/// delivers at a time (its turn kept in the database), each team's posts in order, under
/// Discord's rate limits; a post that keeps failing is given up after
/// ``RosterStore/discordAttempts`` tries, with its reason on the team's settings page.
public final class DiscordJob: Sendable {
  private let store: RosterStore
  /// Where the posts' links point (the server's public address); none without one.
  var base: URL? { baseURL.withLock { $0 } }
  private let baseURL: Mutex<URL?>
  /// Discord's API (or a stand-in's), for the deferred answers.
  let api: String
  /// The application's public key given to the server (`--discord-public-key`), which wins
  /// over the stored one.
  let givenKey: String?
  /// This server, as the deliverer's turn names it: the same after a restart on the same
  /// port, so that a restarted server takes its turn back at once.
  private let server: String
  /// Set when a change was committed here or elsewhere: a post may be waiting.
  private let poked = Mutex(true)

  init(store: RosterStore, base: URL?, api: String, publicKey: String?, server: String) {
    self.store = store
    baseURL = Mutex(base)
    self.api = api
    givenKey = publicKey.flatMap { $0.isEmpty ? nil : $0.lowercased() }
    self.server = server
    store.onChange { [weak self] _ in self?.poked.withLock { $0 = true } }
  }

  /// Points the posts' links at the server's address once its port is known.
  func serving(at url: URL) { baseURL.withLock { $0 = $0 ?? url } }

  /// The public key interactions are checked with.
  var publicKey: String? {
    givenKey ?? ((try? store.discordApplication()) ?? nil)?.publicKey
  }

  /// Delivers what is due now, as one server's turn; returns how many posts were tried.
  @discardableResult
  func deliver(now: Date = Date()) async -> Int {
    guard let due = try? await store.takeDiscordTurn(server: server) else { return 0 }
    // A few a turn: each call is bounded to 10 s, well within the turn's lease.
    for delivery in due.prefix(3) {
      let verdict = await DiscordClient.post(
        delivery.post.payload(base: base), to: delivery.webhook, attempts: delivery.attempts,
        now: store.now())
      switch verdict.outcome {
      case .sent: break
      case .retry(_, let reason), .failed(let reason), .revoked(let reason):
        Log.warning("Discord post for a team: \(reason)")
      }
      try? await store.settleDiscord(
        delivery, verdict.outcome, hold: verdict.hold, global: verdict.global)
    }
    return min(due.count, 3)
  }

  /// Whether a post waits (read without a write, so that an idle server costs nothing).
  private func hasWaiting() -> Bool {
    (try? store.hasDiscordWaiting()) ?? false
  }

  /// Every half second after a change, and every five seconds while a post waits (a retry,
  /// another server's turn): delivers what is due. Holds the job only while it works.
  func runForever() {
    Task.detached { [weak self] in
      var idle = 0
      while true {
        try? await Task.sleep(for: .milliseconds(500))
        guard let job = self else { return }
        idle += 1
        let poked = job.poked.withLock { was in
          defer { was = false }
          return was
        }
        guard poked || idle >= 10 else { continue }
        idle = 0
        guard job.hasWaiting() else { continue }
        while await job.deliver() > 0 {}
      }
    }
  }
}

import Foundation
import Riot
import Synchronization
import TeamKit
import TeamOutbound
import TeamStore
import WebBase

/// The server's calls to Riot's API: one refresh at a time (a team's, a player's or the
/// day's), run beside the requests and read by the pages; the Riot IDs checked as they are
/// set; and the day's refresh, taken by one server of those sharing the database. Every
/// call is taken from the budget the database keeps, so that several servers stay under
/// the key's limits together.
public final class RiotJob: Sendable {
  public enum State: Hashable, Sendable {
    case idle
    case running(team: UUID?, done: Int, total: Int)
    case failed(team: UUID?, Message)
    /// Ended at `at`, every player refreshed.
    case finished(team: UUID?, count: Int, at: Date)

    /// The team it is about; nil for the whole organisation (the day's refresh) or idle.
    var team: UUID? {
      switch self {
      case .idle: nil
      case .running(let team, _, _), .failed(let team, _), .finished(let team, _, _): team
      }
    }
  }

  private let state = Mutex(State.idle)
  /// Until when the refresh under way waits on Riot's limits; nil when it is not waiting.
  private let waiting = Mutex<Date?>(nil)
  private let store: RosterStore
  /// Riot's hosts, or a stand-in's, with `{routing}`.
  let base: String
  /// A key given to the server itself (`$KCORP_RIOT_KEY`), which wins over the stored one.
  private let givenKey: String?

  package init(store: RosterStore, base: String, key: String?) {
    self.store = store
    self.base = base
    givenKey = key.flatMap { $0.isEmpty ? nil : $0 }
  }

  public var current: State { state.withLock { $0 } }

  /// Until when the refresh under way waits on Riot's limits (a 429's `Retry-After`, the
  /// key's window); nil when it is not waiting.
  public var waitingUntil: Date? {
    guard isRunning else { return nil }
    return waiting.withLock { $0 }
  }

  /// The refresh as the API tells it, for `team` (nil: any): another team's is idle.
  public func refreshState(for team: UUID?) -> RiotRefreshState {
    let state = current
    if let team, let other = state.team, other != team { return RiotRefreshState(state: "idle") }
    return switch state {
    case .idle: RiotRefreshState(state: "idle")
    case .running(_, let done, let total):
      RiotRefreshState(
        state: "running", done: done, total: total,
        waitSeconds: waitingUntil.map {
          max(1, Int($0.timeIntervalSince(store.now()).rounded(.up)))
        })
    case .failed(_, let message): RiotRefreshState(state: "failed", message: message)
    case .finished(_, let count, _):
      RiotRefreshState(state: "finished", done: count, total: count)
    }
  }

  /// Whether a refresh runs on this server.
  public var isRunning: Bool {
    if case .running = current { true } else { false }
  }

  /// Whether a key is set, given to the server or stored.
  public var hasKey: Bool { givenKey != nil || ((try? store.riot.key()) ?? nil) != nil }

  /// Whether the key in use was given to the server rather than on the Riot page.
  var keyFromServer: Bool { givenKey != nil }

  /// A client with the key in use and the owner's settings.
  /// - Throws: ``RiotError/noKey``.
  func client() throws(RiotError) -> (RiotClient, games: Int) {
    guard let settings = try? store.riot.settings(),
      let key = givenKey ?? ((try? store.riot.key()) ?? nil)
    else { throw .noKey }
    let connection = RiotConnection(
      base: base, key: key, platform: settings.platform, games: settings.games)
    let client = RiotClient(connection, budget: store.riot, now: store.now) {
      [weak self] until in
      self?.waiting.withLock { $0 = until }
    }
    return (client, settings.games)
  }

  /// Starts refreshing `players` (those with a Riot ID) unless a refresh is under way;
  /// false when one is, or no key is set.
  @discardableResult
  public func start(_ players: [Player], team: UUID?) -> Bool {
    guard let (client, games) = try? client() else {
      state.withLock { state in
        if case .running = state { return }
        state = .failed(team: team, RiotError.noKey.message)
      }
      return false
    }
    let started = state.withLock { state in
      if case .running = state { return false }
      state = .running(team: team, done: 0, total: players.count { $0.riotID != nil })
      return true
    }
    guard started else { return false }
    Task.detached { [self] in
      await run(players, team: team, client: client, games: games)
    }
    return true
  }

  /// Refreshes `players` now, returning once done: the error that stopped it, if any.
  @discardableResult
  func run(_ players: [Player], team: UUID?, client: RiotClient, games: Int) async
    -> RiotError?
  {
    let targets: [RiotTarget]
    do { targets = try store.riot.targets(players) } catch {
      let failure = RiotError.unreachable(error.message)
      state.withLock { $0 = .failed(team: team, failure.message) }
      return failure
    }
    let failure = await client.refresh(targets) { [self] done, total in
      state.withLock { $0 = .running(team: team, done: done, total: total) }
    } save: { [store] update in
      try await store.riot.save(update, keep: games)
    }
    state.withLock {
      $0 =
        failure.map { .failed(team: team, $0.message) }
        ?? .finished(team: team, count: targets.count, at: store.now())
    }
    if let failure { Log.warning("Riot refresh stopped: \(failure.message)") }
    return failure
  }

  /// Checks the Riot IDs never checked, changed since their check, or that could not be
  /// checked an hour ago. Without a key, nothing is asked.
  public func checkPending() async {
    guard let (client, games) = try? client() else { return }
    let roster = store.roster
    guard let standings = try? store.riot.standings() else { return }
    let now = store.now()
    for player in roster.players {
      guard let riotID = player.riotID else { continue }
      let standing = standings[player.id]
      if let standing, standing.riotID.lowercased() == riotID.key,
        standing.status != .unchecked || now.timeIntervalSince(standing.checked) < 3600
      {
        continue
      }
      let target = RiotTarget(player: player.id, riotID: riotID, puuid: nil)
      let update: RiotUpdate
      do {
        update = try await client.check(target)
      } catch {
        // Marked, never blocking: the ID is kept and checked again within the hour.
        update = RiotUpdate(
          player: player.id, riotID: riotID.description, status: .unchecked, puuid: nil, at: now)
        if case .keyRefused = error { Log.warning("Riot ID check: \(error.message)") }
      }
      try? await store.riot.save(update, keep: games)
    }
  }

  /// Whether a key was set when last looked: the background work reads the database only
  /// then, so that a server without a key (or with its database away) spends nothing on it.
  private let keyLooked = Mutex<(hasKey: Bool, at: Date)?>(nil)
  /// Set once the first turn ended any endless wait.
  private let endedEndlessWait = Atomic(false)

  /// Looks again for a key at the next turn (the owner just changed the settings here).
  func settingsChanged() { keyLooked.withLock { $0 = nil } }

  private func keySetLately() -> Bool {
    let now = store.now()
    if let looked = keyLooked.withLock({ $0 }), now.timeIntervalSince(looked.at) < 300 {
      return looked.hasKey
    }
    let found = hasKey
    keyLooked.withLock { $0 = (found, now) }
    return found
  }

  /// A turn of the server's ``Jobs``, every ten seconds, with a key: checks new Riot IDs,
  /// and refreshes every player once a day (one server of those on the database). A key set
  /// by another process is seen within five minutes.
  func turn() async {
    // A wait an earlier build stored without end is ended as the server starts.
    if !endedEndlessWait.exchange(true, ordering: .relaxed) {
      try? await store.riot.endEndlessWait()
    }
    guard keySetLately() else { return }
    await checkPending()
    if !isRunning, (try? await store.riot.claimDailyRefresh()) == true {
      start(store.roster.players, team: nil)
    }
  }
}

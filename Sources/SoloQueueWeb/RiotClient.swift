import Foundation
import Riot
import Synchronization
import TeamKit
import TeamOutbound

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where Riot's API is and the key it is asked with. The key goes in the `X-Riot-Token`
/// header only: never in an address, a message or a log.
public struct RiotConnection: Sendable {
  /// The base address, `{routing}` standing for a platform or a cluster
  /// (``RiotAPI/address``, or a stand-in's `http://127.0.0.1:8099/{routing}`).
  public var base: String
  public var key: String
  public var platform: RiotPlatform
  /// How many ranked games are kept a player.
  public var games: Int

  public init(base: String, key: String, platform: RiotPlatform, games: Int) {
    self.base = base
    self.key = key
    self.platform = platform
    self.games = games
  }

  /// Whether `text` is a base address with `{routing}` over http or https.
  public static func isBase(_ text: String) -> Bool {
    guard text.contains("{routing}"),
      let url = URL(string: text.replacingOccurrences(of: "{routing}", with: "euw1")),
      ["http", "https"].contains(url.scheme ?? ""), url.host != nil
    else { return false }
    return true
  }
}

/// Riot's API asked for one organisation: every call taken from the shared budget first,
/// the limits Riot's headers state learnt, a 429's `Retry-After` waited out (by every
/// server), Riot's own failures tried again twice; each transfer bounded in time and size.
public struct RiotClient: Sendable {
  let connection: RiotConnection
  let budget: any RiotBudget
  /// The limits last learnt, so that the budget is told only when they change.
  private let learnt = Learnt()
  private final class Learnt: Sendable {
    let limits = Mutex<[String: [RiotAPI.Limit]]>([:])
  }
  let now: @Sendable () -> Date
  /// The longest a call waits for the budget or `Retry-After`, all told.
  let patience: TimeInterval
  /// Told when a call starts waiting on Riot's limits (until when) and when it goes on (nil).
  let waiting: @Sendable (Date?) -> Void

  public init(
    _ connection: RiotConnection, budget: any RiotBudget, patience: TimeInterval = 300,
    now: @escaping @Sendable () -> Date = SystemClock.now,
    waiting: @escaping @Sendable (Date?) -> Void = { _ in }
  ) {
    self.connection = connection
    self.budget = budget
    self.patience = patience
    self.now = now
    self.waiting = waiting
  }

  /// What a call found.
  enum Found {
    case body(Data)
    case notFound
    /// 400: a PUUID made with another key ("Exception decrypting").
    case refusedID
  }

  /// The most bytes an answer may have (a match is about 30 KB).
  static let maxBytes = 2 << 20

  func get(_ method: RiotAPI.Method, routing: String, path: String) async throws(RiotError)
    -> Found
  {
    guard
      let url = URL(
        string: connection.base.replacingOccurrences(of: "{routing}", with: routing) + "/" + path)
    else { throw .invalid(Message(verbatim: path)) }
    var request = URLRequest(url: url, timeoutInterval: 10)
    request.setValue(connection.key, forHTTPHeaderField: "X-Riot-Token")
    var waited: TimeInterval = 0
    var failures = 0
    while true {
      let taken = try await wait(for: method, waited: &waited)
      let fetcher = MirrorFetcher(origin: url, maxBytes: Self.maxBytes, within: .seconds(15))
      defer { fetcher.finish() }
      let answer: MirrorFetcher.Answer
      do {
        answer = try await fetcher.answer(to: request, path: path)
      } catch {
        switch error {
        case .unreachable(_, let reason), .invalid(_, let reason), .picture(_, let reason):
          throw .unreachable(reason)
        case .status(_, let status): throw .riotFailed(status)
        }
      }
      do { try await budget.settle(method, taken: taken, answered: now()) } catch {
        throw .unreachable(Message(verbatim: "\(error)"))
      }
      try await learn(answer.headers, for: method)
      switch answer.status {
      case 200: return .body(answer.body)
      case 404: return .notFound
      case 400: return .refusedID
      case 401, 403: throw .keyRefused(answer.status)
      case 429:
        // 1 s to 1 h (``RetryDelay``); a wait that is no number is a second.
        let seconds = Int((RetryDelay.seconds(answer.headers["retry-after"]) ?? 1).rounded(.up))
        guard waited + Double(seconds) <= patience else { throw .throttled(seconds: seconds) }
        try await hold(until: now() + Double(seconds))
      case 500...599 where failures < 2:
        failures += 1
        try? await Task.sleep(for: .seconds(failures))
      case 500...599: throw .riotFailed(answer.status)
      default:
        throw .invalid(Message("it answered %@", String(answer.status)))
      }
    }
  }

  /// Waits until the shared budget gives a call of `method`; returns when it was taken.
  private func wait(for method: RiotAPI.Method, waited: inout TimeInterval)
    async throws(RiotError) -> Date
  {
    while true {
      let wait: TimeInterval?
      let at = now()
      do { wait = try await budget.take(method, at: at) } catch {
        throw .unreachable(Message(verbatim: "\(error)"))
      }
      guard let asked = wait else { return at }
      // The budget's answer is read from the database: bounded before it is slept on
      // (a window's wait may be a fraction of a second, never more than an hour).
      let pause = asked.isNaN ? 1 : min(max(asked, 0.01), RetryDelay.range.upperBound)
      guard waited + pause <= patience else { throw .throttled(seconds: Int(pause.rounded(.up))) }
      waited += pause
      // A wait people would notice is said (the pages show it); a window's fraction is not.
      let said = pause >= 0.5
      if said { waiting(at.addingTimeInterval(pause)) }
      try? await Task.sleep(for: .seconds(pause))
      if said { waiting(nil) }
    }
  }

  private func hold(until date: Date) async throws(RiotError) {
    do { try await budget.hold(until: date) } catch {
      throw .unreachable(Message(verbatim: "\(error)"))
    }
  }

  private func learn(_ headers: [String: String], for method: RiotAPI.Method)
    async throws(RiotError)
  {
    guard let app = headers["x-app-rate-limit"].flatMap(RiotAPI.limits) else { return }
    let limits = headers["x-method-rate-limit"].flatMap(RiotAPI.limits)
    let changed = learnt.limits.withLock { known in
      defer { known["app"] = app; known[method.rawValue] = limits }
      return known["app"] != app || known[method.rawValue] != limits
    }
    guard changed else { return }
    do { try await budget.learn(app: app, method: limits, for: method) } catch {
      throw .unreachable(Message(verbatim: "\(error)"))
    }
  }

  // MARK: - Checks and refreshes

  /// Looks `target`'s Riot ID up: found, not found (with the name Riot gives the stored
  /// PUUID now, when it was renamed), or a refusal.
  public func check(_ target: RiotTarget) async throws(RiotError) -> RiotUpdate {
    let region = connection.platform.accountRegion
    var update = RiotUpdate(
      player: target.player, riotID: target.riotID.description, status: .found, puuid: nil,
      at: now())
    switch try await get(.account, routing: region, path: RiotAPI.accountPath(target.riotID)) {
    case .body(let data): update.puuid = try Self.read(data, RiotAPI.puuid(in:))
    case .notFound, .refusedID:
      update.status = .notFound
      if let puuid = target.puuid,
        case .body(let data) = try await get(
          .account, routing: region,
          path: RiotAPI.accountPath(puuid: puuid))
      {
        update.puuid = puuid
        update.nowNamed = try Self.read(data, RiotAPI.riotID(in:))
      }
    }
    return update
  }

  /// Checks the Riot ID, then reads the player's ranks and the games of their last ranked
  /// ones not stored yet.
  public func refresh(_ target: RiotTarget) async throws(RiotError) -> RiotUpdate {
    var update = try await check(target)
    guard let puuid = update.puuid else { return update }
    let region = connection.platform.region
    guard
      case .body(let league) = try await get(
        .league, routing: connection.platform.rawValue, path: RiotAPI.leaguePath(puuid))
    else { return update }
    update.ranks = try Self.read(league, RiotAPI.ranks(in:))
    guard
      case .body(let list) = try await get(
        .matchIDs, routing: region,
        path: RiotAPI.matchIDsPath(puuid, count: connection.games))
    else { return update }
    update.recent = try Self.read(list, RiotAPI.matchIDs(in:))
    for id in update.recent where !target.storedGames.contains(id) {
      guard
        case .body(let data) = try await get(.match, routing: region, path: RiotAPI.matchPath(id))
      else { continue }
      if let game = try Self.read(
        data, { (data) throws(JSONInputError) in try RiotAPI.game(in: data, of: puuid) })
      {
        update.newGames.append(game)
      }
    }
    return update
  }

  /// Refreshes each target in turn, each player's update written by `save` as it comes, and
  /// tells `progress` how many are done. Stops at the first error, which it returns: the
  /// players refreshed before keep their new figures, the others their old ones.
  public func refresh(
    _ targets: [RiotTarget], progress: @Sendable (Int, Int) -> Void,
    save: (RiotUpdate) async throws -> Void
  ) async -> RiotError? {
    progress(0, targets.count)
    for (index, target) in targets.enumerated() {
      do {
        try await save(try await refresh(target))
      } catch let error as RiotError {
        return error
      } catch {
        return .unreachable(Message(verbatim: "\(error)"))
      }
      progress(index + 1, targets.count)
    }
    return nil
  }

  private static func read<T>(_ data: Data, _ parse: (Data) throws(JSONInputError) -> T)
    throws(RiotError) -> T
  {
    do { return try parse(data) } catch { throw .invalid(error.message) }
  }
}

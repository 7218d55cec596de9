import Foundation
import Synchronization
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// `GET /api/events`: every change of the roster, as Server-Sent Events, to every open page
/// and script. Each event's id is the latest history id it carries, so `Last-Event-ID`
/// resumes after a lost connection, even across a restart of the server.
///
/// `@unchecked Sendable`: the timers are set up in `init` and only cancelled in `deinit`
/// (dispatch sources are thread-safe); the subscribers are behind a `Mutex`.
final class EventHub: @unchecked Sendable {
  /// Subscribers past this get 503: each holds a connection and a little memory.
  let maxSubscribers: Int
  /// A comment sent this often keeps proxies from closing an idle stream, and finds the
  /// clients that left.
  static let heartbeat: Duration = .seconds(15)
  /// How often each stream's session or token is looked at again: a stream ends within
  /// this once its session expires, or its account changes by a `kcorp` command on the same
  /// SQLite file. Changes made through this server's store are checked for before each
  /// event (``RosterStore/accessVersion``), and those another server on the same PostgreSQL
  /// database makes as soon as it tells them (``RosterStore/onAccessChange(_:)``).
  static let credentialCheck: Duration = .seconds(1)

  /// Live connections one client address may hold (a phone, a laptop, a few tabs).
  static let maxPerAddress = 16

  private struct Subscriber {
    let stream: ResponseStream
    let address: String
    /// Who opened it: the stream lives as long as what they signed in with.
    let identity: Identity
    /// Whether they see the players' personal data (docs/PRIVACY.md): not a player's own
    /// account.
    let isStaff: Bool
    /// The store's ``RosterStore/accessVersion`` when ``identity`` was last found to stand
    /// as it is; nil until first checked.
    var checked: Int?
  }

  private let store: RosterStore
  private let access: AccessControl?
  private let subscribers = Mutex<[ObjectIdentifier: Subscriber]>([:])
  private let observer: Mutex<Int?> = Mutex(nil)
  private let accessObserver: Mutex<Int?> = Mutex(nil)

  /// - Parameter access: where sessions and tokens are checked again (nil: never, as for a
  ///   hub whose subscribers are all the staff at the machine).
  init(store: RosterStore, access: AccessControl? = nil, maxSubscribers: Int = 1000) {
    self.store = store
    self.access = access
    self.maxSubscribers = maxSubscribers
    let id = store.onChange { [weak self] update in self?.publish(update) }
    observer.withLock { $0 = id }
    // Another server changed who may do what: the streams it concerns end at once.
    let accessID = store.onAccessChange { [weak self] in self?.endChanged(all: false) }
    accessObserver.withLock { $0 = accessID }
  }

  deinit {
    if let id = observer.withLock({ $0 }) { store.removeObserver(id) }
    if let id = accessObserver.withLock({ $0 }) { store.removeAccessObserver(id) }
  }

  var count: Int { subscribers.withLock { $0.count } }

  /// A new subscriber's response, after the events since `lastEventID`; 503 when the
  /// server or this client `address` holds too many already.
  func subscribe(
    lastEventID: String?, address: String = "", identity: Identity = .local,
    in language: Language
  ) throws -> HTTPResponse {
    // Told first, before any change can be published to it: the retry delay, then what the
    // client missed.
    var opening = "retry: 2000\n\n"
    let isStaff = identity.role != .player
    if let last = lastEventID.flatMap(Int64.init) {
      // The history is the staff's: a player's account is told to read the roster again.
      let missed = isStaff ? try store.history(after: last, limit: 100) : []
      if !isStaff || missed.count == 100 {
        opening += Self.event(name: "reset", id: nil, data: "{}")
      } else if let newest = missed.first {
        opening += Self.event(
          name: "change", id: newest.id,
          data: Self.payload(version: store.roster.version, changes: missed.reversed()))
      }
    }
    let stream = ResponseStream { [weak self] in self?.forgetEnded() }
    stream.send(Array(opening.utf8))
    let added = subscribers.withLock { subscribers in
      guard subscribers.count < maxSubscribers,
        subscribers.values.count(where: { $0.address == address }) < Self.maxPerAddress
      else { return false }
      subscribers[ObjectIdentifier(stream)] = Subscriber(
        stream: stream, address: address, identity: identity, isStaff: isStaff)
      return true
    }
    guard added else {
      throw HTTPError(
        .unavailable,
        language.localized(
          "Too many open live connections; the page still works, reload it later."),
        headers: ["Retry-After": "30"])
    }
    var response = HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
        ("X-Accel-Buffering", "no"),
        // Its end (a revoked token, a stop) closes the connection: the client reconnects.
        ("Connection", "close"),
      ])
    response.stream = stream
    return response
  }

  private func publish(_ update: RosterUpdate) {
    // Most changes have nobody watching live: then nothing is written out for them.
    guard count > 0 else { return }
    func event(_ changes: [RosterChange]) -> [UInt8] {
      Array(
        Self.event(
          name: "change", id: update.changes.last?.id,
          data: Self.payload(version: update.roster.version, changes: changes)
        ).utf8)
    }
    // The players' own accounts get the players' public facts only, and nothing of a change
    // to personal data alone.
    let shown = update.changes.map(\.publicFacts).filter {
      $0.kind != .edited || $0.before != $0.after
    }
    // Sent to each as it is now: a stream whose account changed since it was checked
    // is checked first, and ends rather than be sent what it may no longer see.
    endChanged(all: false)
    broadcast(event(update.changes), public: shown.isEmpty ? [] : event(shown))
  }

  /// Sends to every subscriber (`public` to the players' own accounts, when given: nothing
  /// when it is empty); forgets those whose stream has ended.
  private func broadcast(_ bytes: [UInt8], public publicBytes: [UInt8]? = nil) {
    let streams = subscribers.withLock { Array($0) }
    var gone: [ObjectIdentifier] = []
    for (key, subscriber) in streams {
      let sent = subscriber.isStaff ? bytes : publicBytes ?? bytes
      if !sent.isEmpty, !subscriber.stream.send(sent) { gone.append(key) }
    }
    if !gone.isEmpty {
      subscribers.withLock { subscribers in for key in gone { subscribers[key] = nil } }
    }
  }

  /// The `heartbeat` job's turn (every ``heartbeat``): a comment to every stream, which
  /// keeps proxies from closing an idle one and finds the clients that left.
  func sendHeartbeat() { broadcast(Array(": heartbeat\n\n".utf8)) }

  /// The `streams` job's turn (every ``credentialCheck``): every stream's session or token
  /// looked at again.
  func checkCredentials() { endChanged(all: true) }

  /// Ends the streams whose identity no longer stands as it was when they opened (here, or
  /// by a `kcorp` command beside the server): a session ended or expired, a token revoked,
  /// an account removed, or a role, teams or player changed. The client connects again and
  /// is shown what it may see now. `all`: every stream; else those not checked since the
  /// last change of access in this process.
  private func endChanged(all: Bool) {
    guard let access else { return }
    // Read before the checks: a change committed meanwhile is checked for again.
    let version = store.accessVersion
    let open = subscribers.withLock { Array($0) }
    var verdicts: [Identity: Bool] = [:]
    var confirmed: [ObjectIdentifier] = []
    for (key, subscriber) in open where subscriber.identity.kind != .local {
      if !all, subscriber.checked == version { continue }
      // A session that cannot be checked now ends its stream: the client connects again
      // and is checked then (closed, not open, when the database fails).
      let stands =
        verdicts[subscriber.identity]
        ?? ((try? access.current(subscriber.identity)) == subscriber.identity)
      verdicts[subscriber.identity] = stands
      if stands { confirmed.append(key) } else { subscriber.stream.close() }
    }
    subscribers.withLock { subscribers in
      for key in confirmed { subscribers[key]?.checked = version }
    }
  }

  /// Drops the ended streams at once (not at the next heartbeat), so that their places are
  /// free again.
  private func forgetEnded() {
    subscribers.withLock { subscribers in
      subscribers = subscribers.filter { !$0.value.stream.isClosed }
    }
  }

  static func event(name: String, id: Int64?, data: String) -> String {
    (id.map { "id: \($0)\n" } ?? "") + "event: \(name)\ndata: \(data)\n\n"
  }

  /// `{"version": 7, "changes": [...]}`: the roster's version and what changed.
  static func payload(version: Int, changes: [RosterChange]) -> String {
    var writer = JSONWriter()
    writer.object {
      $0.member("changes", changes)
      $0.member("version", version)
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

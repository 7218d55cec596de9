import CTCPInfo
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `@unchecked Sendable`: Dispatch sources may be used from any thread.
final class Sweeper: @unchecked Sendable {
  private let timer: any DispatchSourceTimer
  init(_ timer: any DispatchSourceTimer) { self.timer = timer }
  func cancel() { timer.cancel() }
}

/// Every connection, and since when it waits for its next request to come in whole; those
/// past the deadline are cut off (their socket shut down: libmicrohttpd then closes them).
/// An address may hold ``perAddress`` connections, half of them waiting: past either, its
/// oldest waiting connection is cut off to make room for the new one, so slow clients never
/// lock out a browser on the same address.
final class WaitingConnections: Sendable {
  private struct Entry {
    let socket: Int32
    let address: String
    /// Which connection this is, among all: a key (a pointer) may be another's later.
    var serial: UInt64 = 0
    /// Since when it waits for a request; nil while one is answered (or streamed).
    var since: ContinuousClock.Instant?
    /// Time granted beyond the deadline: an upload's body may take longer to come.
    var grace: Duration = .zero
    /// Bytes the kernel had received when it began to wait (nil until the next sweep reads
    /// it), and when last seen, with when that count last grew.
    var baseline: UInt64? = 0
    var received: UInt64 = 0
    var progress: ContinuousClock.Instant = .now
  }

  /// The answer to a request that can never be read whole: it stopped, or its client closed
  /// its side, before its end (TLS sent to the plain port, a body shorter than announced).
  /// Written by the server itself: libmicrohttpd waits for the rest and gives no hook.
  private static let incomplete = Array(
    ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: 58\r\nConnection: close\r\n\r\n"
      + "Send a whole HTTP request: this one stopped before its end.").utf8)

  #if os(Linux)
    private static let sendFlags = Int32(MSG_NOSIGNAL | MSG_DONTWAIT)
  #else
    private static let sendFlags = Int32(MSG_DONTWAIT)
  #endif

  /// The kernel's count of bytes received on `socket`, and whether its peer closed its side.
  static func progress(_ socket: Int32) -> (received: UInt64, peerClosed: Bool)? {
    var received: UInt64 = 0
    var closed: Int32 = 0
    return kcorp_tcp_progress(socket, &received, &closed) == 0 ? (received, closed != 0) : nil
  }

  /// By connection (its address in memory, as a number: pointers are not Sendable).
  private let entries = Mutex<[UInt: Entry]>([:])
  private let serials = Atomic<UInt64>(0)
  private let perAddress: Int
  /// Past this many connections in all, each new one makes room by cutting the oldest
  /// waiting connection of the address that holds the most: many addresses trickling
  /// together cannot fill the server's connections and lock out one more.
  private let crowded: Int

  init(perAddress: Int, total: Int = .max) {
    self.perAddress = perAddress
    crowded = total == .max ? .max : max(1, total - max(8, total / 16))
  }

  /// A connection opened; when its address has too many, the address's oldest waiting one
  /// is cut off (the new one itself only when none of the others waits).
  func opened(_ connection: OpaquePointer, socket: Int32, address: String) {
    entries.withLock { entries in
      let key = UInt(bitPattern: connection)
      // Whatever it has received so far (a client sends at once) is its first request's.
      entries[key] = Entry(
        socket: socket, address: address,
        serial: serials.add(1, ordering: .relaxed).newValue, since: .now)
      let same = entries.filter { $0.value.address == address }
      let waiting = same.filter { $0.value.since != nil }
      if same.count > perAddress || waiting.count > perAddress / 2 {
        let oldest = waiting.filter { $0.key != key }
          .min { ($0.value.since ?? .now) < ($1.value.since ?? .now) }
        Self.cut(oldest?.key ?? key, in: &entries)
      }
      guard entries.count > crowded else { return }
      // Crowded: the address with the most connections waiting for a request gives up its
      // oldest one. Those being answered or streamed, and uploads still coming, stay.
      let waitingOnes = entries.filter {
        $0.value.since != nil && $0.value.grace == .zero && $0.key != key
      }
      var counts: [String: Int] = [:]
      for entry in waitingOnes.values { counts[entry.address, default: 0] += 1 }
      guard let heaviest = counts.max(by: { $0.value < $1.value })?.key,
        let oldest = waitingOnes.filter({ $0.value.address == heaviest })
          .min(by: { ($0.value.since ?? .now) < ($1.value.since ?? .now) })
      else { return }
      Self.cut(oldest.key, in: &entries)
    }
  }

  /// Shuts a connection's socket down (libmicrohttpd then closes it) and forgets it.
  private static func cut(_ key: UInt, in entries: inout [UInt: Entry]) {
    if let entry = entries[key] { shutdown(entry.socket, Int32(SHUT_RDWR)) }
    entries[key] = nil
  }

  /// Answers `connection` with `answer`, written by the server itself, and closes it: for a
  /// request libmicrohttpd would stall on (too many query arguments).
  func refuse(_ connection: OpaquePointer, with answer: [UInt8]) {
    entries.withLock { entries in
      let key = UInt(bitPattern: connection)
      guard let entry = entries[key] else { return }
      _ = answer.withUnsafeBytes { send(entry.socket, $0.baseAddress, $0.count, Self.sendFlags) }
      shutdown(entry.socket, Int32(SHUT_RDWR))
      entries[key] = nil
    }
  }

  /// Its request is in: it is being answered.
  /// Returns the client's address, as it was when the connection opened (numericHost).
  func answering(_ connection: OpaquePointer) -> String? {
    entries.withLock { entries in
      guard let index = entries.index(forKey: UInt(bitPattern: connection)) else { return nil }
      entries.values[index].since = nil
      return entries.values[index].address
    }
  }

  /// Answered: it waits for its next request.
  func answered(_ connection: OpaquePointer) {
    let now = ContinuousClock.now
    entries.withLock { entries in
      guard let index = entries.index(forKey: UInt(bitPattern: connection)) else { return }
      entries.values[index].since = now
      entries.values[index].grace = .zero
      // Its count of bytes is asked of the kernel by the next sweep, not on every answer (a
      // system call each): a request begun before that sweep and stalled is cut off at the
      // deadline rather than answered 400.
      entries.values[index].baseline = nil
      entries.values[index].progress = now
    }
  }

  /// Its request's headers announce an upload: its body gets `grace` more to come in.
  func receivingUpload(_ connection: OpaquePointer, grace: Duration) {
    entries.withLock { $0[UInt(bitPattern: connection)]?.grace = grace }
  }

  func closed(_ connection: OpaquePointer) {
    _ = entries.withLock { $0.removeValue(forKey: UInt(bitPattern: connection)) }
  }

  /// Cuts off the connections waiting since before `limit`, and answers 400 to those whose
  /// request began but can never end: its client closed its side, or sent nothing more for
  /// `stall` (uploads excepted: a phone may pause). The kernel is asked for each one's
  /// progress outside the lock (a system call each); what it says is applied only to the
  /// connection it was asked for, if it is still there.
  func cutOff(waitingSince limit: ContinuousClock.Instant, stall: Duration = .milliseconds(1500)) {
    let now = ContinuousClock.now
    let waiting = entries.withLock { entries in
      var waiting: [(key: UInt, socket: Int32, serial: UInt64)] = []
      for (key, entry) in entries {
        guard let since = entry.since else { continue }
        if since + entry.grace < limit {
          Self.cut(key, in: &entries)
        } else {
          waiting.append((key, entry.socket, entry.serial))
        }
      }
      return waiting
    }
    let read = waiting.compactMap { one in Self.progress(one.socket).map { (one, $0) } }
    entries.withLock { entries in
      for (one, (received, peerClosed)) in read {
        guard var entry = entries[one.key], entry.serial == one.serial, entry.since != nil
        else { continue }
        guard let baseline = entry.baseline else {
          entry.baseline = received
          entry.received = received
          entries[one.key] = entry
          continue
        }
        if received != entry.received {
          entry.received = received
          entry.progress = now
          entries[one.key] = entry
        }
        let begun = received > baseline
        let stalled = entry.grace == .zero && now - entry.progress > stall
        guard begun, peerClosed || stalled else { continue }
        _ = Self.incomplete.withUnsafeBytes {
          send(entry.socket, $0.baseAddress, $0.count, Self.sendFlags)
        }
        shutdown(entry.socket, Int32(SHUT_RDWR))
        entries[one.key] = nil
      }
    }
  }
}

import CMicroHTTPD
import Synchronization

/// A response body sent as it is written, for as long as the client stays: Server-Sent
/// Events. While nothing is pending its connection is suspended, so a waiting client costs
/// no thread.
public final class ResponseStream: Sendable {
  /// Pending bytes past this close the stream: a client that does not read is let go.
  public static let maxPendingBytes = 1 << 20

  private struct State {
    var pending: [UInt8] = []
    var closed = false
    var suspended = false
    /// The connection, once the response is queued (as its address bits), and its socket.
    var connection: UInt?
    var socket: Int32?
    /// Forgets the stream in the server's list when it ends.
    var unregister: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())
  private let onEnd: @Sendable () -> Void

  /// - Parameter onEnd: called once when the connection ends, however it ends.
  public init(onEnd: @escaping @Sendable () -> Void = {}) {
    self.onEnd = onEnd
  }

  /// Queues bytes for the client; false when the stream is closed (or just closed because
  /// the client does not keep up).
  @discardableResult
  public func send(_ bytes: [UInt8]) -> Bool {
    state.withLock { state in
      guard !state.closed else { return false }
      state.pending += bytes
      if state.pending.count > Self.maxPendingBytes {
        state.pending = []
        state.closed = true
      }
      Self.wake(&state)
      return !state.closed
    }
  }

  /// Ends the response once what is pending is sent.
  public func close() {
    state.withLock { state in
      state.closed = true
      Self.wake(&state)
    }
  }

  public var isClosed: Bool { state.withLock { $0.closed } }

  /// Resumes the connection if it waits; called with the lock held, so that a resume can
  /// never come before its suspension.
  private static func wake(_ state: inout State) {
    if state.suspended, let bits = state.connection {
      state.suspended = false
      MHD_resume_connection(OpaquePointer(bitPattern: bits))
    }
  }

  func attach(
    _ connection: OpaquePointer, socket: Int32, unregister: @escaping @Sendable () -> Void
  ) {
    state.withLock {
      $0.connection = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
      $0.socket = socket
      $0.unregister = unregister
    }
  }

  /// Ends the stream when its client has gone (closed its side), so that its place is free
  /// at once rather than at the next byte written.
  func closeIfClientLeft() {
    guard let socket = state.withLock({ $0.closed ? nil : $0.socket }),
      WaitingConnections.progress(socket)?.peerClosed == true
    else { return }
    close()
  }

  /// Copies pending bytes into `buffer`; -1 at the end; 0 after suspending the connection
  /// when there is nothing yet (libmicrohttpd calls again once resumed).
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    state.withLock { state in
      if !state.pending.isEmpty {
        let count = min(max, state.pending.count)
        state.pending.withUnsafeBufferPointer {
          if let base = $0.baseAddress {
            UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
          }
        }
        state.pending.removeFirst(count)
        return count
      }
      if state.closed { return -1 }
      if let bits = state.connection, !state.suspended {
        state.suspended = true
        MHD_suspend_connection(OpaquePointer(bitPattern: bits))
      }
      return 0
    }
  }

  func ended() {
    let unregister = state.withLock { state in
      state.closed = true
      state.connection = nil
      defer { state.unregister = nil }
      return state.unregister
    }
    unregister?()
    onEnd()
  }
}

// libmicrohttpd's callbacks for streamed bodies (plain functions: see HTTPServer.swift).

func streamReader(
  _ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?,
  _ max: Int
) -> Int {
  guard let cls, let buffer else { return -2 }
  return Unmanaged<ResponseStream>.fromOpaque(cls).takeUnretainedValue().read(
    into: buffer, max: max)
}

func streamEnded(_ cls: UnsafeMutableRawPointer?) {
  guard let cls else { return }
  let stream = Unmanaged<ResponseStream>.fromOpaque(cls).takeRetainedValue()
  stream.ended()
}

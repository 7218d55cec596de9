import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `kcorp` binary built beside the test bundle.
public let kcorpBinary: URL = {
  #if canImport(Darwin)
    // On a Mac the tests run inside xctest (or swiftpm-testing-helper), not beside the
    // products: the .xctest bundle is.
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
      return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("kcorp")
    }
  #endif
  return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("kcorp")
}()

/// What a run of the real `kcorp` binary printed and returned.
public struct Run: Sendable {
  public let status: Int32
  public let stdout: String
  public let stderr: String
}

/// ``runKCorp(_:environment:input:)`` on a thread of its own: waiting for the process holds
/// no thread of the shared concurrency pool, which a server running in the test process needs
/// to answer the command (two such waits on two cores would leave it none).
public func runKCorpOffThePool(
  _ arguments: [String], environment: [String: String], input: String? = nil
) async throws -> Run {
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      continuation.resume(
        with: Result { try runKCorp(arguments, environment: environment, input: input) })
    }.start()
  }
}

/// Runs `kcorp` to its end with `arguments` and `environment` (and no other variables).
public func runKCorp(_ arguments: [String], environment: [String: String], input: String? = nil)
  throws -> Run
{
  try runProgram(kcorpBinary.path, arguments, environment: environment, input: input)
}

/// Runs `path` to its end and returns its status and what it printed. Through `posix_spawn`
/// and `waitpid`, not Foundation's `Process`, whose notice of an end can be missed while the
/// tests start many processes at once (a waiter then waits for ever); the child starts with
/// no signal blocked and SIGTERM and SIGINT at their defaults, whatever the test's thread had
/// (a server's test blocks them), and with none of the test process's other descriptors.
public func runProgram(
  _ path: String, _ arguments: [String], environment: [String: String], input: String? = nil
) throws -> Run {
  // Socket pairs, made closed-on-exec at once (a pipe would be so only a moment later, and a
  // process started in that moment elsewhere would keep an end): the child gets its own
  // ends through dup2.
  func privateEnds() throws -> [Int32] {
    var ends: [Int32] = [0, 0]
    let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, kind, 0, &ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
    return ends
  }
  let stdin = try privateEnds()
  let stdout = try privateEnds()
  let stderr = try privateEnds()
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
  posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
  posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  posix_spawnattr_setsigmask(&attributes, &none)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGTERM, SIGINT, SIGPIPE] { sigaddset(&defaults, signal) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

  let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] =
    environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { (argv + envp).forEach { free($0) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
  for fd in [stdin[0], stdout[1], stderr[1]] { close(fd) }
  guard spawned == 0 else {
    for fd in [stdin[1], stdout[0], stderr[0]] { close(fd) }
    throw CocoaError(.executableLoad)
  }
  // The input first (small), then both outputs read together, so that neither fills up and
  // blocks the child while the other is read.
  if let input {
    // Whole, however the socket splits it; a child that left early ends it (no SIGPIPE).
    var bytes = Array(input.utf8)[...]
    while !bytes.isEmpty {
      let sent = bytes.withUnsafeBytes {
        send(stdin[1], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { break }
      bytes = bytes.dropFirst(sent)
    }
  }
  close(stdin[1])
  var printed: [Int32: [UInt8]] = [stdout[0]: [], stderr[0]: []]
  var open = [stdout[0], stderr[0]]
  var buffer = [UInt8](repeating: 0, count: 65536)
  while !open.isEmpty {
    var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
    for entry in polled where entry.revents != 0 {
      let count = read(entry.fd, &buffer, buffer.count)
      if count > 0 {
        printed[entry.fd, default: []] += buffer[..<count]
      } else if count == 0 || errno != EINTR {
        open.removeAll { $0 == entry.fd }
        close(entry.fd)
      }
    }
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  // Exited: its code; ended by a signal: 128 and the signal, as a shell says.
  let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return Run(
    status: code, stdout: String(decoding: printed[stdout[0]] ?? [], as: UTF8.self),
    stderr: String(decoding: printed[stderr[0]] ?? [], as: UTF8.self))
}

/// `kcorp serve` as a real process on a database in its own temporary folder; terminated
/// when released.
public final class ServedKCorp: @unchecked Sendable {
  // `@unchecked Sendable`: every property is set in init and never changed.
  public let process = Process()
  public let errors = privatePipe()
  public let folder: TemporaryFolder
  private let output = privatePipe()
  /// The first line the server printed ("Listening on http://…"), or "" when it stopped or
  /// said nothing within the time allowed.
  public private(set) var firstLine = ""

  /// The database the server was given.
  public var database: String { folder.path("roster.sqlite") }

  /// Starts `kcorp serve --db <folder>/roster.sqlite` (unless `arguments` ask for
  /// `--in-memory`) with `arguments` and waits up to
  /// `timeout` for its first line.
  public init(_ arguments: [String], timeout: Duration = .seconds(20)) throws {
    folder = try TemporaryFolder()
    process.executableURL = kcorpBinary
    let ownDatabase = !arguments.contains("--in-memory") && !arguments.contains("--db")
    let database = ownDatabase ? ["--db", folder.path("roster.sqlite")] : []
    process.arguments = ["serve"] + database + arguments
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    firstLine = Self.readLine(output.fileHandleForReading, timeout: timeout)
  }

  /// The port from "Listening on http://host:port", if the server announced one.
  public var port: Int? {
    guard firstLine.hasPrefix("Listening on http") else { return nil }
    return Int(firstLine.split(separator: ":").last ?? "")
  }

  /// Everything the server wrote to stderr; waits for it to exit.
  public func errorOutput() -> String {
    String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// One line read byte by byte (nothing after it is consumed), waiting at most `timeout`.
  private static func readLine(_ handle: FileHandle, timeout: Duration) -> String {
    let descriptor = handle.fileDescriptor
    let deadline = ContinuousClock.now + timeout
    var line: [UInt8] = []
    while ContinuousClock.now < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) >= 0 else { break }
      if poller.revents == 0 { continue }
      var byte: UInt8 = 0
      guard read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") else { break }
      line.append(byte)
    }
    return String(decoding: line, as: UTF8.self)
  }
}

/// A pipe whose two ends no process started later inherits (`FD_CLOEXEC`): a child still gets
/// the ends it is handed as its standard input or output (copied onto them, which clears the
/// flag), but no other process started meanwhile — the tests' PostgreSQL server, a stand-in —
/// keeps an end open, so that a reader is never left waiting for ever for its end.
public func privatePipe() -> Pipe {
  let pipe = Pipe()
  for fd in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
  }
  return pipe
}

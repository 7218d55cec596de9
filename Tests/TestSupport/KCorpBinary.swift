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
  let process = Process()
  process.executableURL = kcorpBinary
  process.arguments = arguments
  process.environment = environment
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  let stdin = Pipe()
  process.standardInput = stdin
  try process.run()
  if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
  try stdin.fileHandleForWriting.close()
  // Read both pipes before waiting, stderr on another thread, so that neither can fill up
  // and block the child while the other is read.
  let errors = DataBox()
  let reading = DispatchGroup()
  DispatchQueue.global().async(group: reading) {
    errors.data = err.fileHandleForReading.readDataToEndOfFile()
  }
  let stdout = out.fileHandleForReading.readDataToEndOfFile()
  reading.wait()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
    stderr: String(decoding: errors.data, as: UTF8.self))
}

/// `@unchecked Sendable`: written once on one thread, read after waiting for that thread.
private final class DataBox: @unchecked Sendable {
  var data = Data()
}

/// `kcorp serve` as a real process on a database in its own temporary folder; terminated
/// when released.
public final class ServedKCorp: @unchecked Sendable {
  // `@unchecked Sendable`: every property is set in init and never changed.
  public let process = Process()
  public let errors = Pipe()
  public let folder: TemporaryFolder
  private let output = Pipe()
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

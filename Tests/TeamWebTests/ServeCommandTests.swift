import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `kcorp serve` as a real process: it announces itself, serves, and stops cleanly.
@Suite(.timeLimit(.minutes(1))) struct ServeCommandTests {
  static let binary = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("kcorp")

  final class Served {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    let folder: URL

    init(_ arguments: [String]) throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("kcorp-serve-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      process.executableURL = ServeCommandTests.binary
      process.arguments =
        ["serve", "--db", folder.appendingPathComponent("r.sqlite").path] + arguments
      process.standardOutput = output
      process.standardError = errors
      try process.run()
    }

    /// The first line printed, read byte by byte so that nothing after it is consumed.
    func firstLine() -> String {
      var line: [UInt8] = []
      while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first,
        first != UInt8(ascii: "\n")
      {
        line.append(first)
      }
      return String(decoding: line, as: UTF8.self)
    }

    deinit {
      if process.isRunning { process.terminate() }
      try? FileManager.default.removeItem(at: folder)
    }
  }

  @Test func announcesItsAddressServesAndStopsOnSIGTERMWithStatus0() throws {
    let served = try Served(["--port", "0"])
    let line = served.firstLine()
    #expect(line.hasPrefix("Listening on http://127.0.0.1:"))
    let port = try #require(Int(line.split(separator: ":").last ?? ""))
    let roster = try HTTPClient(port: port).get("/")
    #expect(roster.status == 200 && roster.text.contains(">Canna<"))

    kill(served.process.processIdentifier, SIGTERM)
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 0)
    #expect(served.process.terminationReason == .exit)
  }

  @Test func showsWhatTheCLIChangedWithinSeconds() throws {
    let served = try Served(["--port", "0"])
    let port = try #require(Int(served.firstLine().split(separator: ":").last ?? ""))
    let cli = Process()
    cli.executableURL = ServeCommandTests.binary
    cli.arguments = [
      "players", "add", "--db", served.folder.appendingPathComponent("r.sqlite").path,
      "--name", "FromTheCLI", "--position", "mid",
    ]
    try cli.run()
    cli.waitUntilExit()
    #expect(cli.terminationStatus == 0)
    var shown = false
    for _ in 0..<50 where !shown {  // up to 5 s
      shown = try HTTPClient(port: port).get("/").text.contains(">FromTheCLI<")
      if !shown { usleep(100_000) }
    }
    #expect(shown)
  }

  @Test func stopsOnSIGINTToo() throws {
    let served = try Served(["--port", "0", "--in-memory"])
    _ = served.firstLine()
    kill(served.process.processIdentifier, SIGINT)
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 0)
  }

  @Test func aPortInUseIsOneLineAndANonZeroExit() throws {
    let first = try Served(["--port", "0", "--in-memory"])
    let port = try #require(Int(first.firstLine().split(separator: ":").last ?? ""))
    let second = try Served(["--port", String(port), "--in-memory"])
    second.process.waitUntilExit()
    let message = String(
      decoding: second.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(second.process.terminationStatus == 74)
    #expect(message.contains("already in use"))
    #expect(message.filter { $0 == "\n" }.count == 1)
  }

  @Test func aBadPortIsAUsageError() throws {
    let served = try Served(["--port", "99999"])
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 64)
  }
}

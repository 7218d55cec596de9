import Foundation
import TestSupport
import Testing
import WebBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `kcorp serve` as a real process: it announces itself, serves, and stops cleanly.
@Suite(.timeLimit(.minutes(1))) struct ServeCommandTests {
  @Test func announcesItsAddressServesAndStopsOnSIGTERMWithStatus0() throws {
    let served = try ServedKCorp(["--port", "0"])
    #expect(served.firstLine.hasPrefix("Listening on http://127.0.0.1:"))
    let port = try #require(served.port)
    let roster = try HTTPClient(port: port).get("/")
    #expect(roster.status == 200 && roster.text.contains(">Canna<"))

    kill(served.process.processIdentifier, SIGTERM)
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 0)
    #expect(served.process.terminationReason == .exit)
  }

  /// Every background job runs in the one runtime, and the owner (the staff at the machine,
  /// on loopback) reads their states on `/healthz`.
  @Test func healthzListsTheJobsForTheOwner() throws {
    let served = try ServedKCorp(["--port", "0"])
    let port = try #require(served.port)
    var text = ""
    for _ in 0..<50 {  // up to 5 s: the changes job turns every second
      text = try HTTPClient(port: port).get("/healthz").text
      if text.contains("changes: every 1 s, 0 turns") || !text.contains("changes:") {
        usleep(100_000)
      } else {
        break
      }
    }
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "ready")
    #expect(lines.contains { $0.hasPrefix("riot: every 10 s, ") })
    #expect(lines.contains { $0.hasPrefix("sessions: every 3600 s, ") })
    #expect(lines.contains { $0.hasPrefix("discord: every 500 ms, ") && $0.hasSuffix(", ok") })
    #expect(lines.contains { $0.hasPrefix("changes: every 1 s, ") && !$0.contains(" 0 turns") })
  }

  @Test func showsWhatTheCLIChangedWithinSeconds() throws {
    let served = try ServedKCorp(["--port", "0"])
    let port = try #require(served.port)
    let cli = try runKCorp(
      ["players", "add", "--db", served.database, "--name", "FromTheCLI", "--position", "mid"],
      environment: [:])
    #expect(cli.status == 0, "\(cli.stderr)")
    var shown = false
    for _ in 0..<50 where !shown {  // up to 5 s
      shown = try HTTPClient(port: port).get("/").text.contains(">FromTheCLI<")
      if !shown { usleep(100_000) }
    }
    #expect(shown)
  }

  @Test func stopsOnSIGINTToo() throws {
    let served = try ServedKCorp(["--port", "0", "--in-memory"])
    #expect(served.port != nil)
    kill(served.process.processIdentifier, SIGINT)
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 0)
  }

  @Test func aPortInUseIsOneLineAndANonZeroExit() throws {
    let first = try ServedKCorp(["--port", "0", "--in-memory"])
    let port = try #require(first.port)
    let second = try ServedKCorp(["--port", String(port), "--in-memory"])
    second.process.waitUntilExit()
    let message = second.errorOutput()
    #expect(second.process.terminationStatus == 74)
    #expect(message.contains("port \(port) on 127.0.0.1 is already in use"))
    #expect(message.filter { $0 == "\n" }.count == 1)
  }

  @Test func offLoopbackWithNoAccountItRefusesToStartAndSaysHowToCreateOne() throws {
    let served = try ServedKCorp(["--port", "0", "--host", "0.0.0.0"])
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 78)
    let message = served.errorOutput()
    #expect(message.contains("kcorp users add NAME --role owner"))
    #expect(message.filter { $0 == "\n" }.count == 1)
  }

  @Test(arguments: [
    ["--public-url", "https://roster.example.org"], ["--trust-proxy"],
    ["--allowed-host", "roster.example.org"],
  ])
  func onLoopbackWhatImpliesSignInWithNoAccountRefusesToStartToo(options: [String]) throws {
    // Reached by public names or through a proxy, visitors must sign in: with no account
    // yet, nobody could.
    let served = try ServedKCorp(["--port", "0"] + options)
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 78)
    #expect(served.errorOutput().contains("kcorp users add NAME --role owner"))
  }

  @Test func anAddressThatIsNotThisMachinesIsOneLineAndExit74() throws {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine; nothing is sent.
    let folder = try TemporaryFolder()
    let database = folder.path("roster.sqlite")
    let added = try runKCorp(
      ["users", "add", "coach", "--role", "owner", "--password-stdin", "--db", database],
      environment: [:], input: "coach password\n")
    #expect(added.status == 0, "\(added.stderr)")
    let served = try ServedKCorp(["--port", "0", "--db", database, "--host", "192.0.2.1"])
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 74)
    #expect(served.errorOutput().contains("not an address of this machine"))
  }

  @Test func aBadPortIsAUsageError() throws {
    let served = try ServedKCorp(["--port", "99999"])
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 64)
    #expect(served.errorOutput().contains("--port takes a number from 0 to 65535"))
  }
}

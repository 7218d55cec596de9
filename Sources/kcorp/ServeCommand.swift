import CLIBase
import Discord
import Foundation
import SoloQueueWeb
import Synchronization
import TeamAccess
import TeamClient
import TeamHTTP
import TeamKit
import TeamOutbound
import TeamStore
import TeamWeb
import WebBase

/// `kcorp serve`.
struct Serve: Command {
  static let name = "serve"
  static let abstract = "Serve the web app and JSON API; Ctrl-C or SIGTERM stops it cleanly."
  static let discussion = """
    Serves the roster's web app and its JSON API (/api/players, /api/openapi.json), and
    picks up what other kcorp commands change within a second.
    """
  static let options = [
    Option(
      name: "--host", value: "ADDRESS",
      help: "The address to listen on; 127.0.0.1 (this machine only) unless told otherwise."),
    Option(name: "--port", value: "N", help: "The TCP port, 8080 by default; 0 picks a free one."),
    Option(
      name: "--images", value: "DIR",
      help:
        "A folder of pictures named after image names (canna.png, jax.webp, …); by default ‘images’ beside the database."
    ),
    Option(
      name: "--public-url", value: "URL",
      help: "The address the staff use (https://roster.example.org): its name is answered."),
    Option(
      name: "--allowed-host", value: "NAME", help: "Another name to answer to.", repeats: true),
    Option.flag("--require-login", "Ask for sign-in on loopback too (always off loopback)."),
    Option(name: "--tls-cert", value: "FILE", help: "Serve HTTPS with this PEM certificate."),
    Option(name: "--tls-key", value: "FILE", help: "The certificate's PEM private key."),
    Option.flag(
      "--trust-proxy", "Believe X-Forwarded-Proto/-For from a reverse proxy on this machine."),
    Option(
      name: "--backup-dir", value: "DIR",
      help: "Back up daily into DIR, keeping the last 7 days and one a week for 4 weeks."),
    Option(
      name: "--data-dragon", value: "URL",
      help:
        "Where the owner's “Download champion art” fetches from: a mirror in Data Dragon's layout; Riot's by default."
    ),
    riotAPIOption,
    Option(
      name: "--discord-public-key", value: "HEX",
      help:
        "The Discord application's public key (64 hex digits), which signs the interactions; the one given on the settings page by default."
    ),
    Option(
      name: "--discord-api", value: "URL",
      help: "Discord's API at another address, for the deferred answers (Discord's by default)."),
    Option(
      name: "--drain", value: "SECONDS",
      help:
        "On SIGTERM, keep serving this long while /healthz says stopping, so that a load balancer sends requests elsewhere first (0 by default)."
    ),
  ]
  let host: String
  let port: Int
  let images: String?
  let publicURL: URL?
  let allowedHosts: [String]
  let requireLogin: Bool
  let tlsFiles: (certificate: String, key: String)?
  let trustProxy: Bool
  let backups: BackupSchedule?
  let drain: Double
  let dataDragon: URL
  let riotAPI: String
  let discordPublicKey: String?
  let discordAPI: String

  init(_ parsed: Parsed) throws(CLIError) {
    riotAPI = try riotAPIAddress(parsed)
    discordPublicKey = try Self.discordKey(parsed.value("--discord-public-key"))
    discordAPI = parsed.value("--discord-api") ?? DiscordClient.address
    let drainText = parsed.value("--drain") ?? "0"
    guard let drain = Double(drainText), (0...300).contains(drain) else {
      throw .usage(
        localized("--drain takes a number of seconds from 0 to 300, not ‘%@’.", drainText))
    }
    self.drain = drain
    backups = parsed.value("--backup-dir").map { BackupSchedule(folder: URL(fileURLWithPath: $0)) }
    host = parsed.value("--host") ?? "127.0.0.1"
    let portText = parsed.value("--port") ?? "8080"
    guard let port = Int(portText), (0...65535).contains(port) else {
      throw .usage(localized("--port takes a number from 0 to 65535, not ‘%@’.", portText))
    }
    self.port = port
    images = parsed.value("--images")
    if let text = parsed.value("--public-url") {
      guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""),
        url.host != nil
      else {
        throw .usage(
          localized(
            "--public-url takes an address such as https://roster.example.org, not ‘%@’.", text))
      }
      publicURL = url
    } else {
      publicURL = nil
    }
    let dataDragonText = parsed.value("--data-dragon") ?? DataDragon.address.absoluteString
    guard let dataDragon = URL(string: dataDragonText),
      ["http", "https"].contains(dataDragon.scheme ?? ""), dataDragon.host != nil
    else {
      throw .usage(
        localized("--data-dragon needs an http or https address, not ‘%@’.", dataDragonText))
    }
    self.dataDragon = dataDragon
    allowedHosts = parsed.values["--allowed-host"] ?? []
    requireLogin = parsed.flag("--require-login")
    trustProxy = parsed.flag("--trust-proxy")
    switch (parsed.value("--tls-cert"), parsed.value("--tls-key")) {
    case (let certificate?, let key?): tlsFiles = (certificate, key)
    case (nil, nil): tlsFiles = nil
    default: throw .usage(localized("Give --tls-cert and --tls-key together."))
    }
  }

  /// Whether visitors must sign in: off loopback, and wherever the server is reached by
  /// public names or through a proxy, whose visitors are not the staff at the machine.
  var signInRequired: Bool {
    requireLogin || !WebApp.isLoopback(host) || trustProxy || publicURL != nil
      || !allowedHosts.isEmpty
  }

  /// The certificate and key `--tls-cert` and `--tls-key` name, read; nil without them.
  private func tlsConfiguration() throws -> HTTPServer.TLS? {
    var tls: HTTPServer.TLS?
    if let tlsFiles {
      do {
        tls = HTTPServer.TLS(
          certificatePEM: try String(contentsOfFile: tlsFiles.certificate, encoding: .utf8),
          privateKeyPEM: try String(contentsOfFile: tlsFiles.key, encoding: .utf8))
      } catch {
        throw CLIError(
          code: .notFound,
          message:
            localized(
              "Cannot read %@ or %@: %@", tlsFiles.certificate, tlsFiles.key,
              error.localizedDescription))
      }
    }
    return tls
  }

  /// `--discord-public-key`, checked: 64 hex digits.
  static func discordKey(_ text: String?) throws(CLIError) -> String? {
    guard let text else { return nil }
    guard text.count == 64, text.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
      throw .usage(
        localized(
          "--discord-public-key takes the application's public key, 64 hex digits, not ‘%@’.",
          text))
    }
    return text.lowercased()
  }

  func run(_ context: Context) async throws {
    let store = try context.store()
    let access = AccessControl(store: store)
    if signInRequired, try access.accounts().isEmpty {
      throw CLIError(
        code: .config,
        message:
          requireLogin
          ? localized(
            "Sign-in is required (--require-login) and there is no account yet: create the first with ‘kcorp users add NAME --role owner’."
          )
          : localized(
            "Sign-in is required off loopback (%@) and there is no account yet: create the first with ‘kcorp users add NAME --role owner’.",
            publicURL?.host ?? allowedHosts.first ?? host)
      )
    }
    let tls = try tlsConfiguration()
    var folder = images.map { URL(fileURLWithPath: $0) }
    if case .file(let path) = store.location {
      folder =
        folder
        ?? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("images")
      ServingLock(path: path)?.holdWhileServing()
    }
    if let backups {
      // A backup folder that cannot be used is told now, not at the first night.
      do {
        try FileManager.default.createDirectory(
          at: backups.folder, withIntermediateDirectories: true)
        try backups.run(store: store, now: store.now())
      } catch {
        throw CLIError(
          code: .ioError,
          message: localized("Cannot back up into %@: %@", backups.folder.path, "\(error)"))
      }
    }
    StopSignals.claim()
    let stopping = StopFlag()
    let jobs = Jobs(now: store.now)
    let server = try WebApp.serve(
      store: store, host: host, port: port, imagesFolder: folder, publicURL: publicURL,
      extraHosts: allowedHosts, requireLogin: requireLogin, tls: tls, trustProxy: trustProxy,
      access: access, dataDragon: dataDragon, riotAPI: riotAPI,
      riotKey: context.environment["KCORP_RIOT_KEY"], discordPublicKey: discordPublicKey,
      discordAPI: discordAPI, isStopping: { stopping.isSet }, jobs: jobs)
    let shown = host.contains(":") ? "[\(host)]" : host
    await Self.serve(
      store: store, server: server, address: "\(tls == nil ? "http" : "https")://\(shown)",
      backups: backups, drain: drain, stopping: stopping, jobs: jobs)
  }

  /// Serves until SIGINT or SIGTERM (``StopSignals``), then lets requests in progress finish
  /// and returns.
  static func serve(
    store: RosterStore, server: HTTPServer, address: String, backups: BackupSchedule? = nil,
    drain: Double = 0, stopping: StopFlag? = nil, jobs: Jobs? = nil
  ) async {
    // Another server on the same PostgreSQL database: its changes as soon as committed.
    store.listenForChanges()
    let jobs = jobs ?? Jobs(now: store.now)
    // What the CLI (another process) changes, shown within a second; a failure is logged
    // when it starts, and the snapshot stays as it was.
    jobs.register("changes", every: .seconds(1), blocking: { [weak store] in try store?.refresh() })
    // Today's backup, looked for every hour.
    if let backups {
      jobs.register(
        "backup", every: .seconds(3600),
        blocking: { [weak store] in
          if let store { try backups.run(store: store, now: store.now()) }
        })
    }
    jobs.start()
    defer { jobs.stop() }
    print(localized("Listening on %@:%@", address, server.port))
    fflush(nil)  // all streams: the line must reach a pipe now

    await StopSignals.wait()
    if let stopping, drain > 0 {
      stopping.set()
      try? await Task.sleep(for: .seconds(drain))
    }
    server.stop()
    print(localized("Stopped."))
  }
}

/// Set once a stop was asked for (``ServeCommand/drain``).
final class StopFlag: Sendable {
  private let flag = Atomic(false)
  var isSet: Bool { flag.load(ordering: .acquiring) }
  func set() { flag.store(true, ordering: .releasing) }
}

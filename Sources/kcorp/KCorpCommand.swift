import Foundation
import Synchronization
import TeamAccess
import TeamClient
import TeamHTTP
import TeamKit
import TeamStore
import TeamWeb

/// The `kcorp` command line: finds the command, runs it, returns its exit code.
enum KCorpCommand {
  static let version = "1.0.0"

  /// Runs the command line and returns the exit code.
  static func run(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    do {
      try execute(arguments, environment: environment)
      return ExitCode.success.rawValue
    } catch {
      let (code, message) = failure(error)
      // One line, whatever the message quotes of the user's input.
      let line = String(message.map { $0.isNewline ? " " : $0 })
      FileHandle.standardError.write(Data("kcorp: \(line)\n".utf8))
      return code.rawValue
    }
  }

  /// The exit code and message for what a command threw.
  private static func failure(_ error: any Error) -> (ExitCode, String) {
    switch error {
    case let error as CLIError: (error.code, error.message)
    case let error as RosterError:
      switch error {
      case .notFound: (.notFound, error.description)
      case .invalid, .conflict, .invalidEntry: (.dataError, error.description)
      case .rosterChanged: (.dataError, error.description)
      case .changed, .orderChanged: (.changedMeanwhile, error.description)
      case .storage: (.ioError, error.description)
      }
    case let error as JSONInputError: (.dataError, error.message)
    case let error as StoreOpenError: (.ioError, error.description)
    case let error as HTTPServerError: (.ioError, describe(error))
    case let error as AccessError: (.dataError, error.message)
    case let error as ValidationError: (.dataError, error.description)
    case let error as PlayerChangedError: (.changedMeanwhile, error.description)
    case let error as OfflineError: (.unavailable, error.description)
    case let error as TeamServerError:
      switch error {
      case .unauthorized, .forbidden, .signInRefused: (.noPermission, error.description)
      case .notFound: (.notFound, error.description)
      case .conflict: (.changedMeanwhile, error.description)
      case .throttled, .unexpected: (.unavailable, error.description)
      }
    default: (.ioError, "\(error)")
    }
  }

  /// The HTTP layer's reasons for not listening, said in the user's language.
  private static func describe(_ error: HTTPServerError) -> String {
    switch error {
    case .portInUse(let host, let port):
      localized(
        "Cannot listen on %1$@:%2$@: port %2$@ on %1$@ is already in use; stop the other server or choose another port.",
        host, port)
    case .addressNotAvailable(let host):
      localized(
        "Cannot listen on “%@”: not an address of this machine; use 127.0.0.1, ::1 or one of its own addresses.",
        host)
    case .permissionDenied(let host, let port):
      localized(
        "Cannot listen on %1$@:%2$@: ports below 1024 need privileges; choose a port of 1024 or more.",
        host, port)
    case .cannotListen(let host, let port, let reason):
      localized("Cannot listen on %1$@:%2$@: %3$@.", host, port, reason)
    }
  }

  private static func execute(_ arguments: [String], environment: [String: String]) throws {
    // The database options may also come before the command (`kcorp --db x players`).
    var leading: [String] = []
    var arguments = arguments[...]
    while let word = arguments.first,
      word == "--in-memory" || word.hasPrefix("--db") || word.hasPrefix("--server")
    {
      leading.append(arguments.removeFirst())
      if word == "--db" || word == "--server", let path = arguments.first {
        leading.append(path)
        arguments.removeFirst()
      }
    }
    guard let first = arguments.first else {
      if let last = leading.last, ["--db", "--server"].contains(last) {
        throw CLIError.usage(localized("%@ needs a value.", last))
      }
      throw CLIError.usage(localized("Name a command; see ‘kcorp --help’."))
    }
    switch first {
    case "--version" where arguments.count == 1 && leading.isEmpty:
      print("kcorp \(version)")
      return
    case "--help", "-h":
      print(usage)
      return
    default: break
    }
    let group = commands.filter { $0.name.hasPrefix(first + " ") }
    if !group.isEmpty, let second = arguments.dropFirst().first, ["--help", "-h"].contains(second) {
      print(
        localized("Usage:") + "\n"
          + group.map { "  \($0.synopsis)\n      \(localized($0.abstract))" }.joined(
            separator: "\n") + "\n\n"
          + localized("See ‘kcorp %@ --help’ and the others for their options.", group[0].name))
      return
    }
    let (command, words) = try find(Array(arguments))
    let parsed = try command.parse(leading + words)
    if parsed.flag("--help") {
      print(command.help)
      return
    }
    try command.init(parsed).run(Context(environment: environment, parsed: parsed))
  }

  /// The command named by the first words and the words after its name. `kcorp players`
  /// alone lists the roster; `kcorp players --help` describes the players commands.
  private static func find(_ arguments: [String]) throws(CLIError) -> (
    any Command.Type, ArraySlice<String>
  ) {
    let group = commands.filter {
      $0.name.split(separator: " ").first.map(String.init) == arguments[0]
    }
    guard !group.isEmpty else {
      throw .usage(localized("Unknown command ‘%@’; see ‘kcorp --help’.", arguments[0]))
    }
    if let command = group.first(where: { $0.name == arguments[0] }) {
      return (command, arguments.dropFirst())
    }
    let second = arguments.dropFirst().first
    if let second, let command = group.first(where: { $0.name == "\(arguments[0]) \(second)" }) {
      return (command, arguments.dropFirst(2))
    }
    if let second, !second.hasPrefix("-") {
      let names = group.map { String($0.name.split(separator: " ").last ?? "") }
      throw .usage(
        localized(
          "Unknown ‘%@ %@’; use %@ or %@.", arguments[0], second,
          names.dropLast().joined(separator: ", "), names.last ?? "")
      )
    }
    return (group[0], arguments.dropFirst())  // `kcorp players [--json]`: the first one, list
  }

  // MARK: - Help

  /// What `kcorp --help` prints: every command's synopsis and what it does.
  static var usage: String {
    var text = localized("kcorp — the KCorp team roster.") + "\n\n" + localized("Usage:") + "\n"
    for command in commands {
      text += "  \(command.synopsis)\n      \(localized(command.abstract))\n"
    }
    text += "\n" + localized("Options of every command:") + "\n"
    text += Table.columns(
      databaseOptions.map { ["  " + $0.label, localized($0.help)] } + [
        ["  -h, --help", localized("Show help; ‘kcorp <command> --help’ for one command.")],
        ["  --version", localized("Show the version.")],
      ])
    text += "\n\n"
    text += localized(
      "Exit codes: %@.",
      ExitCode.allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", "))
    return text
  }

  /// The README's table of commands, in Markdown.
  static var markdownTable: String {
    (["| command | does |", "| --- | --- |"]
      + commands.map { command in
        let synopsis = command.synopsis.replacingOccurrences(of: "|", with: "\\|")
        return "| `\(synopsis)` | \(command.abstract) |"
      }).joined(separator: "\n")
  }
}

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

  init(_ parsed: Parsed) throws(CLIError) {
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
    allowedHosts = parsed.values["--allowed-host"] ?? []
    requireLogin = parsed.flag("--require-login")
    trustProxy = parsed.flag("--trust-proxy")
    switch (parsed.value("--tls-cert"), parsed.value("--tls-key")) {
    case (let certificate?, let key?): tlsFiles = (certificate, key)
    case (nil, nil): tlsFiles = nil
    default: throw .usage(localized("Give --tls-cert and --tls-key together."))
    }
  }

  func run(_ context: Context) throws {
    let store = try context.store()
    let access = AccessControl(store: store)
    if !WebApp.isLoopback(host) || requireLogin, try access.accounts().isEmpty {
      throw CLIError(
        code: .config,
        message:
          requireLogin
          ? localized(
            "Sign-in is required (--require-login) and there is no account yet: create the first with ‘kcorp users add NAME --role owner’."
          )
          : localized(
            "Sign-in is required off loopback (%@) and there is no account yet: create the first with ‘kcorp users add NAME --role owner’.",
            host)
      )
    }
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
    let folder =
      images.map { URL(fileURLWithPath: $0) }
      ?? (store.path == ":memory:"
        ? nil
        : URL(fileURLWithPath: store.path).deletingLastPathComponent()
          .appendingPathComponent("images"))
    if store.path != ":memory:" { ServingLock(path: store.path)?.holdWhileServing() }
    if let backups {
      // A backup folder that cannot be used is told now, not at the first night.
      do {
        try FileManager.default.createDirectory(
          at: backups.folder, withIntermediateDirectories: true)
        try backups.run(store: store)
      } catch {
        throw CLIError(
          code: .ioError,
          message: localized("Cannot back up into %@: %@", backups.folder.path, "\(error)"))
      }
    }
    let stopSignals = Self.blockStopSignals()
    let server = try WebApp.serve(
      store: store, host: host, port: port, imagesFolder: folder, publicURL: publicURL,
      extraHosts: allowedHosts, requireLogin: requireLogin, tls: tls, trustProxy: trustProxy,
      access: access)
    let shown = host.contains(":") ? "[\(host)]" : host
    Self.serve(
      store: store, server: server, address: "\(tls == nil ? "http" : "https")://\(shown)",
      backups: backups, until: stopSignals)
  }

  /// Blocks SIGINT and SIGTERM before any server thread exists (threads inherit the mask):
  /// they then wait, pending, for `sigwait`, so a stop sent right after the announcement is
  /// never lost.
  static func blockStopSignals() -> sigset_t {
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    return stopSignals
  }

  /// Serves until SIGINT or SIGTERM, then lets requests in progress finish and returns.
  /// Serves until SIGINT or SIGTERM (blocked by ``blockStopSignals()``), then lets requests
  /// in progress finish and returns.
  static func serve(
    store: RosterStore, server: HTTPServer, address: String, backups: BackupSchedule? = nil,
    until stopSignals: sigset_t
  ) {
    var stopSignals = stopSignals
    // Show what the CLI (another process) changes within a second.
    let refresher = DispatchSource.makeTimerSource(queue: .global())
    refresher.schedule(deadline: .now() + 1, repeating: 1)
    // A failure is logged when it starts, not every second; the snapshot stays as it was.
    let failing = Mutex(false)
    refresher.setEventHandler { [weak store] in
      do {
        try store?.refresh()
        failing.withLock { $0 = false }
      } catch {
        let wasFailing = failing.withLock { failing in
          defer { failing = true }
          return failing
        }
        if !wasFailing {
          FileHandle.standardError.write(
            Data("kcorp: cannot read the roster's changes: \(error)\n".utf8))
        }
      }
    }
    refresher.resume()
    defer { refresher.cancel() }
    // Today's backup, looked for every hour.
    let backupTimer = backups.map { backups in
      let timer = DispatchSource.makeTimerSource(queue: .global())
      timer.schedule(deadline: .now() + 3600, repeating: 3600)
      timer.setEventHandler {
        do {
          try backups.run(store: store)
        } catch {
          FileHandle.standardError.write(Data("kcorp: backup failed: \(error)\n".utf8))
        }
      }
      timer.resume()
      return timer
    }
    defer { backupTimer?.cancel() }
    print(localized("Listening on %@:%@", address, server.port))
    fflush(nil)  // all streams: the line must reach a pipe now

    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    server.stop()
    print(localized("Stopped."))
  }
}

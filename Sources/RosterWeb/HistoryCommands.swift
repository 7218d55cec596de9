import CLIBase
import Foundation
import TeamClient
import TeamKit

struct ShowHistory: Command {
  static let name = "history"
  static let abstract = "Who changed what, the newest first."
  static let options = [
    Option(name: "--player", value: "P", help: "Only the changes of this player (pseudo or id)."),
    Option(name: "--limit", value: "N", help: "How many changes, 50 by default."),
    Option.flag("--json", "Print JSON (the API's shape)."),
  ]
  let player: String?
  let limit: Int
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    player = parsed.value("--player")
    let text = parsed.value("--limit") ?? "50"
    guard let limit = Int(text), limit > 0 else {
      throw .usage(localized("--limit takes a positive number, not ‘%@’.", text))
    }
    self.limit = limit
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    var id: UUID?
    if let player {
      let everyone = try await roster.players() + roster.removedPlayers().map(\.player)
      guard let found = Player.find(player, in: everyone) else {
        throw CLIError(code: .notFound, message: localized("No player “%@” in the roster.", player))
      }
      id = found.id
    }
    let changes = try await roster.history(after: 0, player: id, limit: limit)
    if json {
      print(String(decoding: TeamJSON.encode(changes, pretty: true), as: UTF8.self))
    } else if changes.isEmpty {
      print(localized("No changes recorded yet."))
    } else {
      print(
        Table.columns(
          changes.map { [$0.at.formatted(.iso8601), $0.summary(in: .system)] }))
    }
  }
}

struct Watch: Command {
  static let name = "watch"
  static let abstract =
    "Print the roster's changes as they happen, whoever makes them, here or on --server (Ctrl-C stops)."
  static let options: [Option] = []

  init(_ parsed: Parsed) {}

  /// Follows the roster's events; after each, prints the history entries not yet shown.
  func run(_ context: Context) async throws {
    StopSignals.claim()
    let roster = try context.roster()
    // A refused token is told now, before anything is watched.
    let newest = try await roster.history(after: 0, player: nil, limit: 1).first?.id ?? 0
    let following = Task {
      var seen = newest
      var lost = false
      for await event in roster.events() {
        switch event {
        case .changed:
          guard let changes = try? await roster.history(after: seen, player: nil, limit: 1000)
          else { break }
          for change in changes.reversed() {
            print(
              "\(change.at.formatted(date: .omitted, time: .standard))  \(change.summary(in: .system))"
            )
          }
          seen = changes.first?.id ?? seen
        case .disconnected:
          lost = true
          print(localized("%@ cannot be reached; reconnecting…", roster.name))
        case .connected:
          if lost { print(localized("%@ is back.", roster.name)) }
          lost = false
        }
        fflush(nil)
      }
      // The feed ends when Ctrl-C cancels this task, or when the server refuses the token.
      if Task.isCancelled { return }
      FileHandle.standardError.write(Data("kcorp: \(TeamServerError.unauthorized)\n".utf8))
      exit(ExitCode.noPermission.rawValue)
    }
    print(localized("Watching %@; Ctrl-C stops.", try context.watchedPlace))
    fflush(nil)
    await StopSignals.wait()
    following.cancel()
  }
}

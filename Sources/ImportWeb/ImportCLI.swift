import CLIBase
import Foundation
import Riot
import TeamClient
import TeamKit
import TeamPhoto
import TeamSpreadsheet
import TeamStore

/// The roster as a file: `kcorp export`, `kcorp import`.
package enum ImportCLI {
  package static let commands: [any Command.Type] = [Export.self, Import.self]
}

struct Export: Command {
  static let name = "export"
  static let abstract =
    "Write the roster as JSON (with the photos and the week) or CSV (for spreadsheets)."
  static let options = [
    Option(
      name: "--format", value: "F",
      help:
        "json (the default), csv, fr.csv (for French Excel: ; and dd/mm/yyyy), or xlsx (an Excel workbook, in the language of the command)."
    ),
    Option(
      name: "--output", value: "FILE",
      help: "Write to FILE (replaced atomically) instead of standard output."),
  ]
  /// A file format, or nil for an Excel workbook.
  let format: RosterFile.Format?
  let output: String?

  init(_ parsed: Parsed) throws(CLIError) {
    let text = (parsed.value("--format") ?? "json").lowercased()
    if text == "xlsx" {
      format = nil
    } else if let format = RosterFile.Format(rawValue: text) {
      self.format = format
    } else {
      throw .usage(localized("--format takes json, csv, fr.csv or xlsx, not ‘%@’.", text))
    }
    output = parsed.value("--output")
  }

  /// The players' Riot figures, from the server or this machine's database.
  private static func soloQueue(_ context: Context, teams: [Team]) async throws
    -> [UUID: RiotStanding]
  {
    guard let server = try context.server else { return try context.store().riot.standings() }
    var standings: [UUID: RiotStanding] = [:]
    for team in teams {
      for row in try await server.riot.soloQueue(team: team.id.text).players {
        standings[row.id] = row.standing
      }
    }
    return standings
  }

  /// The champions the roster's database knows: this machine's, or the server's.
  private static func champions(_ context: Context) async throws -> ChampionCatalog {
    guard let server = try context.server else { return try context.store().roster.champions }
    return ChampionCatalog.builtIn.knowing(try await server.champions())
  }

  func run(_ context: Context) async throws {
    let roster = try context.roster()
    let organisation = try await roster.organisation()
    let players = organisation.players
    // A JSON export carries the photos, wherever the roster is.
    var photos: [UUID: Data] = [:]
    if format == .json {
      for player in players {
        if let hash = player.photo { photos[player.id] = try await roster.photo(hash) }
      }
    }
    // The week, every team's, for the JSON.
    var events: [TeamEvent] = []
    var availability: [UUID: Availability] = [:]
    var pools: [UUID: [PoolEntry]] = [:]
    var soloQueue: [UUID: RiotStanding] = [:]
    if format == .json {
      soloQueue = try await Self.soloQueue(context, teams: organisation.teams)
      for team in organisation.teams {
        let week = try await roster.week.of(team: team.id.text)
        events += week.schedule.events
        availability.merge(week.schedule.availability) { $1 }
        pools.merge(week.schedule.pools) { $1 }
      }
    }
    let data: Data
    if let format {
      data = RosterFile.export(
        players, as: format, photos: photos, teams: organisation.teams,
        schedule: Schedule(events: events, availability: availability, pools: pools),
        soloQueue: soloQueue,
        // The champions' names as the database the roster comes from knows them.
        champions: try await Self.champions(context))
    } else {
      do {
        data = try Workbook.roster(
          players, teams: organisation.teams, french: Language.system == .french)
      } catch {
        throw CLIError(code: .ioError, message: "\(error)")
      }
    }
    guard let output else {
      FileHandle.standardOutput.write(data)
      return
    }
    do {
      try data.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw CLIError(
        code: .ioError,
        message: localized("Cannot write %@: %@", output, error.localizedDescription))
    }
  }
}

struct Import: Command {
  static let name = "import"
  static let abstract =
    "Merge a JSON or CSV file into a team (or the organisation); every row is checked first, all or nothing."
  static let discussion = """
    The format is read from the content. CSV takes , ; or tab between cells, a header naming
    at least the pseudo and role columns (in English or French), and champions as people type
    them. Each row is matched to a player by id, then Riot ID, then pseudo (case and accents
    aside): a matched player gets only the columns the file has, a new row is added, and
    nobody is removed unless --replace is given (they go to Recently removed). With --team,
    rows of other teams are left out. Without it, a JSON export also replaces the week.
    What changes is printed, field by field; --dry-run stops there. --undo N puts back what
    import N changed.
    """
  static let arguments = [
    Argument(name: "FILE", help: "The file to import.", isOptional: true)
  ]
  static let options: [Option] = [
    Option(name: "--team", value: "TAG", help: "The team the file is about."),
    Option.flag("--replace", "Remove the players the file does not name (to Recently removed)."),
    Option.flag("--dry-run", "Print what would change; change nothing."),
    Option(name: "--undo", value: "N", help: "Undo import N (its number is printed after it)."),
  ]
  let file: String?
  let team: String?
  let mode: RosterImport.Mode
  let dryRun: Bool
  let undo: Int64?

  init(_ parsed: Parsed) throws(CLIError) {
    file = parsed.positionals.first
    team = parsed.value("--team")
    mode = parsed.flag("--replace") ? .replace : .merge
    dryRun = parsed.flag("--dry-run")
    if let text = parsed.value("--undo") {
      guard let number = Int64(text), number > 0 else {
        throw .usage(localized("--undo takes the number of an import, not ‘%@’.", text))
      }
      undo = number
    } else {
      undo = nil
    }
    guard (file == nil) != (undo == nil) else {
      throw .usage(localized("Give a FILE to import, or --undo N."))
    }
  }

  func run(_ context: Context) async throws {
    let store = try context.store()
    let roster = store.roster
    let scope = try team.map { (tag) throws(RosterError) in
      guard let found = roster.team(tag) else { throw .teamNotFound(tag) }
      return found
    }
    if let undo {
      try await store.importRows.undoImport(undo, onTeam: scope?.id, by: context.author)
      print(localized("Import %@ was undone.", undo))
      return
    }
    let path = file ?? ""
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CLIError(
        code: .notFound, message: localized("Cannot read %@: %@", path, error.localizedDescription))
    }
    // One import at a time, whoever runs it: the server's editors wait for this one.
    try await store.importRows.importTurn {
      try await importing(data, into: scope, of: store, context)
    }
  }

  /// Plans the import, prints what it does, and does it unless this is a dry run.
  private func importing(
    _ data: Data, into scope: Team?, of store: RosterStore, _ context: Context
  ) async throws {
    let plan: RosterImport
    let photos: [UUID: Photo]
    do {
      plan = try await store.importRows.planImportAside(data, team: scope, mode: mode)
      photos = try await plan.checkedPhotos()
    } catch let error as RosterFile.Problems {
      throw CLIError(code: .dataError, message: error.description)
    }
    for line in Self.lines(plan) { print(line) }
    guard !dryRun, !plan.isEmpty else { return }
    let record = try await store.importRows.importRoster(plan, photos: photos, by: context.author)
    print(
      record.canUndo
        ? localized(
          "Imported (import %1$@; kcorp import --undo %1$@ puts it back).", record.id)
        : localized("Imported."))
  }

  /// What the import does, one line per change.
  static func lines(_ plan: RosterImport) -> [String] {
    var lines = [localized("This import: %@.", plan.summary(in: .system))]
    for player in plan.added {
      lines.append("+ \(player.name), \(player.position.displayName)")
    }
    for player in plan.restored {
      lines.append(
        "+ \(player.name), \(player.position.displayName) "
          + localized("(back from Recently removed)"))
    }
    for change in plan.changed {
      let fields = change.fields.map { field in
        field == .photo
          ? localized("%@: a new photo", field.label(in: .system))
          : localized(
            "%1$@: %2$@ → %3$@", field.label(in: .system),
            field.text(of: change.before, teams: plan.teams, in: .system).nonEmpty ?? "—",
            field.text(of: change.after, teams: plan.teams, in: .system).nonEmpty ?? "—")
      }
      lines.append("~ \(change.before.name): " + fields.joined(separator: localized("; ")))
    }
    for player in plan.removed {
      lines.append("- \(player.name), \(player.position.displayName)")
    }
    if !plan.leftOut.isEmpty {
      lines.append(
        localized(
          "Left out, on other teams: %@.",
          plan.leftOut.map { "\($0.name) (\($0.team))" }.joined(separator: localized(", "))))
    }
    if let week = plan.schedule { lines.append(RosterImport.weekSummary(week, in: .system)) }
    if let pools = plan.pools {
      lines.append(RosterImport.poolsSummary(pools, players: plan.players.count, in: .system))
    }
    return lines
  }
}

extension String {
  /// Nil when empty.
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

import Foundation
import Riot
import SoloQueueWeb
import TeamAPI
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamSpreadsheet
import TeamStore
import WebBase

/// Import and export: the roster as a download (`/export.csv`, `/export.json`,
/// `/export.xlsx`), and an import that shows what it would change before it changes
/// anything, for a team or the whole organisation, with its Undo; the same in the API.
package struct ImportFeature: WebFeature {
  package init() {}

  package func mount(on router: inout Router) {
    Self.addExportRoutes(&router)
    Self.addImportPageRoutes(&router)
    Self.addImportAPIRoutes(&router)
  }

  /// The whole organisation's roster as a file, in each format.
  private static func addExportRoutes(_ router: inout Router) {
    for format in RosterFile.Format.allCases {
      // The whole organisation.
      router.route("GET", "/export.\(format.rawValue)", RoutePolicy(.staff, team: .organisation)) {
        _, context in
        let day = context.now.formatted(.iso8601.year().month().day())
        let roster = context.roster
        let players = roster.players
        let photos = format == .json ? try context.reads.photoFiles() : [:]
        return HTTPResponse(
          status: 200,
          headers: [
            ("Content-Type", format == .json ? "application/json" : "text/csv; charset=utf-8"),
            (
              "Content-Disposition",
              "attachment; filename=\"kcorp-roster-\(day).\(format.rawValue)\""
            ),
            ("Cache-Control", "no-store"),
          ],
          body: Array(
            RosterFile.export(
              players, as: format, photos: photos, teams: roster.teams, schedule: roster.schedule,
              soloQueue: format == .json ? try context.reads.standings() : [:],
              champions: roster.champions)))
      }
    }

    // The same table as an Excel workbook, in the reader's language.
    router.route("GET", "/export.xlsx", RoutePolicy(.staff, team: .organisation)) { _, context in
      let day = context.now.formatted(.iso8601.year().month().day())
      let roster = context.roster
      let workbook = try Workbook.roster(
        roster.players, teams: roster.teams, french: context.language == .french)
      return HTTPResponse(
        status: 200,
        headers: [
          ("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
          ("Content-Disposition", "attachment; filename=\"kcorp-roster-\(day).xlsx\""),
          ("Cache-Control", "no-store"),
        ],
        body: Array(workbook))
    }
  }

  /// The import page, the preview, and the import itself, for `team` (nil: the whole
  /// organisation). Without `confirm`: the preview (or the problems, the content kept).
  /// With it: the plan made again against the roster as it is now, then applied. A chosen
  /// file is read here, not in the browser, so that a spreadsheet saved in Windows-1252
  /// reads as it was written; its text then travels as `content`.
  private static func importing(
    _ request: HTTPRequest, _ context: RequestContext, into target: some ImportTarget
  ) async throws -> HTTPResponse {
    let team = target.importedTeam
    let form = context.form
    let (token, cookie) = Door.csrfToken(for: request)
    let roster = context.roster
    let back = team.map { Pages.path(of: $0, in: roster) } ?? "/"
    let mode = form["mode"]?.first.flatMap(RosterImport.Mode.init(rawValue:)) ?? .merge
    func refused(_ content: String, _ problems: [RosterFile.Problem]) -> HTTPResponse {
      context.pages.importForm(
        team: team, back: back, content: content, mode: mode, problems: problems, token: token
      ).with(cookie: cookie)
    }
    if let bytes = request.droppedFiles["file"] {
      return refused(
        form["content"]?.first ?? "",
        [
          RosterFile.Problem(
            place: Message("File"),
            message: Message(
              "Choose a file of at most 8 MiB (this one has %@ MiB).",
              Message.Argument.decimal(Double(bytes) / 1_048_576)))
        ])
    }
    let content =
      request.formFiles["file"].map { RosterFile.text(of: Data($0.data)) }
      ?? form["content"]?.first ?? ""
    do {
      return try await target.importTurn {
        try await importing(
          content, request, context, into: target, mode: mode, refused: refused)
      }
    } catch let error as ImportRunningError {
      var response = refused(
        content, [RosterFile.Problem(place: Message("The file"), message: error.message)])
      response.status = error.kind.status
      return response
    }
  }

  /// The preview, or the import confirmed, of `content`, while no other import runs.
  private static func importing(
    _ content: String, _ request: HTTPRequest, _ context: RequestContext,
    into target: some ImportTarget, mode: RosterImport.Mode,
    refused: (String, [RosterFile.Problem]) -> HTTPResponse
  ) async throws -> HTTPResponse {
    let team = target.importedTeam
    let form = context.form
    let (token, cookie) = Door.csrfToken(for: request)
    let roster = context.roster
    let back = team.map { Pages.path(of: $0, in: roster) } ?? "/"
    let plan: RosterImport
    let photos: [UUID: Photo]
    do {
      plan = try await target.planImport(Data(content.utf8), mode: mode)
      photos = try await plan.checkedPhotos()
    } catch let error as RosterFile.Problems {
      return refused(content, error.problems)
    }
    guard form["confirm"]?.first == "yes", !plan.isEmpty else {
      return context.pages.importPreview(plan, back: back, content: content, token: token)
        .with(cookie: cookie)
    }
    // The roster changed since the preview: what the import does now, to confirm again.
    guard form["plan"]?.first == plan.fingerprint else {
      return context.pages.importPreview(
        plan, back: back, content: content, token: token,
        notice: context.localized(
          "The roster changed since the preview: this is what the import does now.")
      ).with(cookie: cookie)
    }
    let record = try await target.importRoster(plan, photos: photos)
    let landing = team ?? roster.firstTeam
    return .redirect(to: Pages.path(of: landing, in: context.roster) + "?imported=\(record.id)")
  }

  /// The import pages of a team and of the whole organisation, and their Undo.
  private static func addImportPageRoutes(_ router: inout Router) {
    // A team's import: the file is about that team, whose editors may import it.
    router.teamRoute("GET", "/teams/{tag}/import", RoutePolicy(.editor, team: .tag)) {
      request, context, scope in
      let (token, cookie) = Door.csrfToken(for: request)
      let team = scope.team
      return context.pages.importForm(
        team: team, back: Pages.path(of: team, in: context.roster), content: "", mode: .merge,
        problems: [], token: token
      ).with(cookie: cookie)
    }
    router.teamRoute(
      "POST", "/teams/{tag}/import", RoutePolicy(.editor, .form, upload: .fileForm, team: .tag)
    ) { request, context, scope in
      try await Self.importing(request, context, into: scope)
    }
    router.teamRoute(
      "POST", "/teams/{tag}/imports/{id}/undo", RoutePolicy(.editor, .form, team: .tag)
    ) {
      _, context, scope in
      guard let id = context.parameters["id"].flatMap(Int64.init) else {
        throw RosterError.importNotFound
      }
      let team = scope.team
      try await scope.undoImport(id)
      return .redirect(to: Pages.path(of: team, in: context.roster) + "?undone=\(id)")
    }

    // The whole organisation's import (every team's players, and the week of a JSON export):
    // for editors of the whole organisation.
    router.route("GET", "/import", RoutePolicy(.editor, team: .organisation)) { request, context in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.importForm(
        team: nil, back: "/", content: "", mode: .merge, problems: [], token: token
      ).with(cookie: cookie)
    }
    router.route(
      "POST", "/import", RoutePolicy(.editor, .form, upload: .fileForm, team: .organisation)
    ) {
      request, context in
      try await Self.importing(request, context, into: try context.organisation)
    }
    router.route("POST", "/imports/{id}/undo", RoutePolicy(.editor, .form, team: .organisation)) {
      _, context in
      guard let id = context.parameters["id"].flatMap(Int64.init) else {
        throw RosterError.importNotFound
      }
      try await context.organisation.undoImport(id)
      return .redirect(
        to: Pages.path(of: context.roster.firstTeam, in: context.roster) + "?undone=\(id)")
    }
  }

  /// The same in the API, for one team.
  private static func addImportAPIRoutes(_ router: inout Router) {
    router.teamRoute(
      .importIntoTeam,
      RoutePolicy(.editor, .sameOrigin, upload: .rosterFile, team: .tag)
    ) {
      request, context, scope in
      try await Self.apiImport(request, context, into: scope)
    }
    router.teamRoute(
      .undoImport, RoutePolicy(.editor, .sameOrigin, team: .tag)
    ) { _, context, scope in
      guard let id = context.parameters["id"].flatMap(Int64.init) else {
        throw RosterError.importNotFound
      }
      return context.json(try await scope.undoImport(id))
    }
  }

  /// `POST /api/teams/{tag}/import`: the file is the body (CSV or JSON, up to 8 MiB, photos
  /// included); without `confirm=true` only what it would do.
  private static func apiImport(
    _ request: HTTPRequest, _ context: RequestContext, into scope: TeamScope
  ) async throws -> HTTPResponse {
    let types = ["text/csv", "application/json"]
    guard types.contains(request.contentType ?? "") else {
      throw HTTPError.unsupportedMediaType(
        context.localized(
          "Send the body as %@.", types.joined(separator: context.localized(" or "))))
    }
    // The media type says what the file is, and must be what it holds.
    let json = RosterFile.format(of: Data(request.body)) == .json
    guard json == (request.contentType == "application/json") else {
      throw HTTPError(
        .invalid,
        json
          ? context.localized("This body is JSON: send it as application/json.")
          : context.localized("This body is not JSON: send a CSV as text/csv."))
    }
    let mode = request.query["mode"] ?? "merge"
    guard let mode = RosterImport.Mode(rawValue: mode) else {
      throw HTTPError(
        .invalid, context.localized("Give mode=merge or mode=replace, not “%@”.", mode))
    }
    let confirm = request.query["confirm"] ?? "false"
    guard confirm == "true" || confirm == "false" else {
      throw HTTPError(
        .invalid, context.localized("Give confirm=true to import, or leave it out to preview."))
    }
    return try await scope.importTurn {
      let plan: RosterImport
      let photos: [UUID: Photo]
      do {
        plan = try await scope.planImport(Data(request.body), mode: mode)
        photos = try await plan.checkedPhotos()
      } catch let error as RosterFile.Problems {
        throw Door.refusal(error, in: context.language)
      }
      let record =
        confirm == "true" && !plan.isEmpty
        ? try await scope.importRoster(plan, photos: photos) : nil
      return context.json(ImportReport(plan: plan, record: record))
    }
  }
}

/// What an import does, as the API tells it: each player added, back, changed (field by
/// field) or removed, how many stay as they are, the rows of other teams left out, and the
/// import once applied (its number for the Undo).
struct ImportReport: JSONWritable {
  let plan: RosterImport
  let record: ImportRecord?

  private struct Change: JSONWritable {
    let change: RosterImport.Change
    let teams: [Team]

    func write(to writer: inout JSONWriter) {
      let language = writer.language
      writer.object {
        $0.member(
          "fields",
          change.fields.map { field in
            FieldChange(
              field: field.rawValue,
              before: field.text(of: change.before, teams: teams, in: language),
              after: field.text(of: change.after, teams: teams, in: language))
          })
        $0.member("id", change.before.id)
        $0.member("name", change.before.name)
      }
    }
  }

  private struct FieldChange: JSONWritable {
    let field: String
    let before: String
    let after: String

    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("after", after)
        $0.member("before", before)
        $0.member("field", field)
      }
    }
  }

  private struct LeftOut: JSONWritable {
    let name: String
    let team: String

    func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("name", name)
        $0.member("team", team)
      }
    }
  }

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("added", plan.added)
      $0.member("changed", plan.changed.map { Change(change: $0, teams: plan.teams) })
      if let record {
        $0.member("import", record)
      } else {
        $0.nullMember("import")
      }
      $0.member("leftOut", plan.leftOut.map { LeftOut(name: $0.name, team: $0.team) })
      $0.member("removed", plan.removed)
      $0.member("restored", plan.restored)
      $0.member("summary", plan.summary(in: $0.language))
      $0.member("unchanged", plan.unchanged.count)
    }
  }
}

extension ImportRecord: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("added", added)
      $0.member("canUndo", canUndo)
      $0.member("changed", changed)
      $0.member("id", Int(id))
      $0.member("removed", removed)
      $0.member("undone", undone)
    }
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore

extension WebApp {
  /// The roster as a download (`/export.csv`, `/export.json`), and an import that shows what
  /// it would change before it changes anything.
  mutating func addImportRoutes() {
    let store = store
    for format in RosterFile.Format.allCases {
      // The whole organisation.
      route("GET", "/export.\(format.rawValue)", RoutePolicy(.staff, team: .organisation)) {
        _, context in
        let day = context.now.formatted(.iso8601.year().month().day())
        let roster = store.roster
        let players = roster.players
        let photos = format == .json ? try store.photoFiles() : [:]
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
              players, as: format, photos: photos, teams: roster.teams, schedule: roster.schedule)))
      }
    }

    // An import replaces every team's players: for editors of the whole organisation.
    route("GET", "/import", RoutePolicy(.editor, team: .organisation)) { request, _ in
      let (token, cookie) = WebApp.csrfToken(for: request)
      return Pages.importForm(content: "", problems: [], token: token).with(cookie: cookie)
    }

    // Without `confirm`: the preview (or the problems, the content kept). With it: applied,
    // all or nothing, after checking the content again against the roster as it is now.
    // A chosen file is read here, not in the browser, so that a spreadsheet saved in
    // Windows-1252 reads as it was written; its text then travels as `content`.
    route("POST", "/import", RoutePolicy(.editor, .form, upload: .fileForm, team: .organisation)) {
      request, context in
      let form = context.form
      let (token, cookie) = WebApp.csrfToken(for: request)
      if let bytes = request.droppedFiles["file"] {
        let problem = RosterFile.Problem(
          place: localized("File"),
          message: localized(
            "Choose a file of at most 8 MiB (this one has %@ MiB).",
            (Double(bytes) / 1_048_576).formatted(
              .number.precision(.fractionLength(1)).locale(Language.current.locale))))
        return Pages.importForm(
          content: form["content"]?.first ?? "", problems: [problem], token: token
        ).with(cookie: cookie)
      }
      let content =
        request.formFiles["file"].map { RosterFile.text(of: Data($0.data)) }
        ?? form["content"]?.first ?? ""
      let plan: RosterImport
      let photos: [UUID: Photo]
      do throws(RosterFile.Problems) {
        plan = try RosterImport(
          Data(content.utf8), current: store.players, teams: store.roster.teams)
        photos = try await plan.checkedPhotos()
      } catch {
        return Pages.importForm(content: content, problems: error.problems, token: token)
          .with(cookie: cookie)
      }
      guard form["confirm"]?.first == "yes" else {
        return Pages.importPreview(plan, content: content, token: token).with(cookie: cookie)
      }
      try await store.replaceRoster(
        with: plan.inputs, ids: plan.players.map(\.id), photos: photos, week: plan.schedule,
        by: context.author)
      return .redirect(to: "/?imported=\(plan.players.count)")
    }
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore

extension Pages {
  /// The import page: a file (read by the server, which tells its encoding) or pasted rows,
  /// then Preview.
  static func importForm(content: String, problems: [RosterFile.Problem], token: String)
    -> HTTPResponse
  {
    let intro: HTML = .h(
      "p", ["class": "muted"],
      localized(
        "A CSV from a spreadsheet (a header with name and position, then one row per player; commas, semicolons or tabs) or a JSON export. You will see what changes before anything is saved."
      ))
    let listed: [HTML] = problems.map { HTML.h("li", $0.description) }
    let alert: HTML =
      problems.isEmpty
      ? .fragment([])
      : .h(
        "div", ["class": "problems", "role": "alert", "id": "problems"],
        [
          .h("p", localized("Nothing was imported. Fix these lines and preview again:")),
          .h("ul", [:], listed),
        ])
    let file: HTML = .h(
      "input",
      [
        "type": "file", "id": "import-file", "name": "file",
        "accept": ".csv,.json,text/csv,application/json",
      ])
    let text: HTML = .h(
      "textarea", ["id": "import-content", "name": "content", "rows": "10", "spellcheck": "false"],
      content)
    let actions: HTML = .h(
      "div", ["class": "actions"],
      [
        .h("a", ["class": "button", "href": "/"], localized("Cancel")),
        .h("button", ["class": "button primary", "type": "submit"], localized("Preview")),
      ])
    let form: HTML = .h(
      "form",
      [
        "method": "post", "action": "/import", "class": "import-form",
        "enctype": "multipart/form-data",
      ],
      [
        csrfField(token), .h("label", ["for": "import-file"], localized("File")), file,
        .h("label", ["for": "import-content"], localized("Or paste it here")), text,
        actions,
      ])
    return page(
      status: problems.isEmpty ? 200 : 422, title: localized("Import · KCorp"),
      [
        backBar(),
        .h(
          "main", ["class": "trash"],
          [.h("h1", localized("Import a roster")), intro, alert, form]),
      ])
  }

  /// What an import would do, and the button that does it.
  static func importPreview(_ plan: RosterImport, content: String, token: String) -> HTTPResponse {
    func list(_ title: String, _ id: String, _ items: [String]) -> HTML {
      .h(
        "section", ["aria-labelledby": id],
        [
          .h("h2", ["id": id], "\(title) (\(Language.current.number(items.count)))"),
          items.isEmpty
            ? .h("p", ["class": "muted"], localized("None."))
            : .h("ul", [:], items.map { HTML.h("li", $0) }),
        ])
    }
    func describe(_ player: Player) -> String {
      let champions = player.favoriteChampions.map(\.name).joined(separator: ", ")
      return "\(player.name), \(player.position.displayName)"
        + (champions.isEmpty ? "" : " — \(champions)")
    }
    return page(
      title: localized("Import preview · KCorp"),
      [
        backBar(),
        .h(
          "main", ["class": "trash import-preview"],
          [
            .h(
              "h1",
              plan.players.count == 1
                ? localized("Import 1 player?")
                : localized("Import %@ players?", Language.current.number(plan.players.count))),
            .h(
              "p", ["class": "muted"],
              localized(
                "The roster becomes the file’s players, in its order; Recently removed is emptied.")
            ),
            plan.schedule.map { week in
              .h("p", ["class": "week-import"], RosterImport.weekSummary(week))
            } ?? .fragment([]),
            list(localized("Added"), "added-title", plan.added.map(describe)),
            list(
              localized("Changed"), "changed-title",
              plan.changed.map { "\(describe($0.before)) → \(describe($0.after))" }),
            list(localized("Removed"), "removed-title", plan.removed.map(describe)),
            .h(
              // Multipart, as the import form: a file's text may be larger than a plain form.
              "form",
              ["method": "post", "action": "/import", "enctype": "multipart/form-data"],
              [
                csrfField(token),
                .h("input", ["type": "hidden", "name": "content", "value": content]),
                .h("input", ["type": "hidden", "name": "confirm", "value": "yes"]),
                .h(
                  "div", ["class": "actions"],
                  [
                    .h("a", ["class": "button", "href": "/import"], localized("Cancel")),
                    .h(
                      "button", ["class": "button primary", "type": "submit"], localized("Import")),
                  ]),
              ]),
          ]),
      ])
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore
import WebBase

/// The import page and its preview.
extension Pages {
  /// The import page: a file (read by the server, which tells its encoding) or pasted rows,
  /// what the file does (merge or replace), then Preview.
  func importForm(
    team: Team?, back: String, content: String, mode: RosterImport.Mode,
    problems: [RosterFile.Problem], token: String
  ) -> HTTPResponse {
    let intro: HTML = .h(
      "p", ["class": "muted"],
      localized(
        "A CSV from a spreadsheet (a header with the pseudo and role columns, then one row per player; commas, semicolons or tabs) or a JSON export. You will see what changes before anything is saved."
      ))
    let alert = importProblems(problems)
    let file: HTML = .h(
      "input",
      [
        "type": "file", "id": "import-file", "name": "file",
        "accept": ".csv,.json,text/csv,application/json",
      ])
    let text: HTML = .h(
      "textarea", ["id": "import-content", "name": "content", "rows": "10", "spellcheck": "false"],
      content)
    let modes = importModes(mode, wholeOrganisation: team == nil)
    let actions: HTML = .h(
      "div", ["class": "actions"],
      [
        .h("a", ["class": "button", "href": back], localized("Cancel")),
        .h("button", ["class": "button primary", "type": "submit"], localized("Preview")),
      ])
    let form: HTML = .h(
      "form",
      [
        "method": "post", "action": Self.importPath(team), "class": "import-form",
        "enctype": "multipart/form-data",
      ],
      [
        Self.csrfField(token), .h("label", ["for": "import-file"], localized("File")), file,
        .h("label", ["for": "import-content"], localized("Or paste it here")), text, modes,
        actions,
      ])
    let title =
      team.map { localized("Import into %@", $0.name) }
      ?? localized("Import the whole organisation")
    return page(
      status: problems.isEmpty ? 200 : 422, title: localized("%@ · KCorp", title),
      [
        backBar(to: back),
        .h("main", ["class": "trash"], [.h("h1", title), intro, alert, form]),
      ])
  }

  /// The two ways an import may go, `mode` chosen.
  private func importModes(_ mode: RosterImport.Mode, wholeOrganisation: Bool) -> HTML {
    func choice(_ value: RosterImport.Mode, _ label: String, _ hint: String) -> HTML {
      .h(
        "label", ["class": "mode"],
        [
          .h(
            "input",
            ["type": "radio", "name": "mode", "value": value.rawValue, "id": "mode-\(value)"]
              + (value == mode ? ["checked": ""] : [:])),
          .h("span", [:], [.h("strong", label), .h("span", ["class": "muted"], " " + hint)]),
        ])
    }
    return .h(
      "fieldset", ["class": "import-mode"],
      [
        .h("legend", localized("What the file does")),
        choice(
          .merge, localized("Add and update."),
          localized(
            "A player the file names gets only the columns it has; new rows are added; nobody is removed."
          )),
        choice(
          .replace, localized("Replace."),
          wholeOrganisation
            ? localized(
              "The organisation’s players become the file’s; the others go to Recently removed.")
            : localized("The team’s players become the file’s; the others go to Recently removed.")),
      ])
  }

  /// Why nothing was imported, line by line; nothing when there is no problem.
  private func importProblems(_ problems: [RosterFile.Problem]) -> HTML {
    let listed: [HTML] = problems.map { HTML.h("li", self.text($0.text)) }
    return problems.isEmpty
      ? .fragment([])
      : .h(
        "div", ["class": "problems", "role": "alert", "id": "problems"],
        [
          .h("p", localized("Nothing was imported. Fix these lines and preview again:")),
          .h("ul", [:], listed),
        ])
  }

  /// What an import would do, field by field, and the button that does it.
  func importPreview(
    _ plan: RosterImport, back: String, content: String, token: String, notice: String? = nil
  ) -> HTTPResponse {
    let number = language.number
    var body: [HTML] = [
      .h(
        "h1",
        plan.team.map { localized("Import into %@?", $0.name) }
          ?? localized("Import into the whole organisation?")),
      .h(
        "p", ["class": "import-summary"], localized("This import: %@.", plan.summary(in: language))),
    ]
    if let notice { body.insert(.h("p", ["class": "problems", "role": "alert"], notice), at: 1) }
    if let week = plan.schedule {
      body.append(.h("p", ["class": "week-import"], RosterImport.weekSummary(week, in: language)))
    }
    if let pools = plan.pools {
      body.append(
        .h(
          "p", ["class": "week-import"],
          RosterImport.poolsSummary(pools, players: plan.players.count, in: language)))
    }
    body += importSections(plan)
    if !plan.unchanged.isEmpty {
      body.append(
        .h(
          "p", ["class": "muted"],
          plan.unchanged.count == 1
            ? localized("1 player of the file stays as they are.")
            : localized("%@ players of the file stay as they are.", number(plan.unchanged.count))))
    }
    if !plan.leftOut.isEmpty {
      body.append(
        .h(
          "p", ["class": "muted left-out"],
          localized(
            "Left out, on other teams: %@.",
            plan.leftOut.map { "\($0.name) (\($0.team))" }.joined(separator: localized(", ")))))
    }
    if plan.isEmpty {
      body += [
        .h("p", ["class": "import-summary"], localized("The file changes nothing.")),
        .h(
          "div", ["class": "actions"],
          [.h("a", ["class": "button", "href": back], localized("Back"))]
        ),
      ]
    } else {
      body.append(importConfirmation(plan, back: back, content: content, token: token))
    }
    return page(
      status: notice == nil ? 200 : 409, title: localized("Import preview · KCorp"),
      [backBar(to: back), .h("main", ["class": "trash import-preview"], body)])
  }

  /// Who the import adds, brings back, changes and removes, a section each.
  private func importSections(_ plan: RosterImport) -> [HTML] {
    let number = language.number
    func section(_ title: String, _ id: String, count: Int, _ items: [HTML]) -> HTML {
      .h(
        "section", ["aria-labelledby": id],
        [
          .h("h2", ["id": id], "\(title) (\(number(count)))"),
          .h("ul", [:], items),
        ])
    }
    func describe(_ player: Player) -> String {
      "\(player.name), \(player.position.displayName)"
    }
    var body: [HTML] = []
    if !plan.added.isEmpty {
      body.append(
        section(
          localized("Added"), "added-title", count: plan.added.count,
          plan.added.map { .h("li", describe($0)) }))
    }
    if !plan.restored.isEmpty {
      body.append(
        section(
          localized("Back from Recently removed"), "restored-title", count: plan.restored.count,
          plan.restored.map { .h("li", describe($0)) }))
    }
    if !plan.changed.isEmpty {
      body.append(
        section(
          localized("Changed"), "changed-title", count: plan.changed.count,
          plan.changed.map { changedItem($0, teams: plan.teams) }))
    }
    if !plan.removed.isEmpty {
      body.append(
        section(
          localized("Removed, to Recently removed"), "removed-title", count: plan.removed.count,
          plan.removed.map { .h("li", describe($0)) }))
    }
    return body
  }

  /// A player the import changes, field by field.
  private func changedItem(_ change: RosterImport.Change, teams: [Team]) -> HTML {
    .h(
      "li", [:],
      [
        .h("strong", change.before.name),
        .h(
          "ul", [:],
          change.fields.map { field in
            let old = field.text(of: change.before, teams: teams, in: language)
            let new = field.text(of: change.after, teams: teams, in: language)
            return .h(
              "li",
              field == .photo
                ? localized("%@: a new photo", field.label(in: language))
                : localized(
                  "%1$@: %2$@ → %3$@", field.label(in: language), old.isEmpty ? "—" : old,
                  new.isEmpty ? "—" : new))
          }),
      ])
  }

  /// The button that imports, with the file and the plan it confirms.
  private func importConfirmation(
    _ plan: RosterImport, back: String, content: String, token: String
  ) -> HTML {
    .h(
      // Multipart, as the import form: a file's text may be larger than a plain form.
      "form",
      [
        "method": "post", "action": Self.importPath(plan.team),
        "enctype": "multipart/form-data",
      ],
      [
        Self.csrfField(token),
        .h("input", ["type": "hidden", "name": "content", "value": content]),
        .h("input", ["type": "hidden", "name": "mode", "value": plan.mode.rawValue]),
        .h("input", ["type": "hidden", "name": "confirm", "value": "yes"]),
        .h("input", ["type": "hidden", "name": "plan", "value": plan.fingerprint]),
        .h(
          "div", ["class": "actions"],
          [
            .h("a", ["class": "button", "href": back], localized("Cancel")),
            .h(
              "button", ["class": "button primary", "type": "submit", "id": "confirm-import"],
              localized("Import: %@", plan.summary(in: language))),
          ]),
      ])
  }
}

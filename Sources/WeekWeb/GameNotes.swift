import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// What the staff note on a series' games after them: the event page lists them by game
/// and, for editors, writes and removes them; a player's page lists those naming them.
extension WeekFeature {
  static func addGameNoteRoutes(_ router: inout Router) {
    router.teamRoute("POST", "/events/{id}/notes", RoutePolicy(.editor, .form, team: .event)) {
      request, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let form = context.form
      func value(_ name: String) -> String { form[name]?.first ?? "" }
      let input = GameNoteInput(
        game: Int(value("game")) ?? 0, text: value("text"), player: UUID(text: value("player")),
        turn: Int(value("turn")))
      do throws(RosterError) {
        try await scope.drafts.addNote(input, to: event.id)
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.event(
          event, in: context.roster, token: token, viewer: context.viewer,
          note: (input, errors)
        ).with(cookie: cookie)
      }
      return .redirect(to: "/events/\(event.id)#notes")
    }
    router.teamRoute(
      "POST", "/events/{id}/notes/{note}/delete", RoutePolicy(.editor, .form, team: .event)
    ) { _, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      guard let note = UUID(text: context.parameters["note"] ?? ""),
        event.gameNotes.contains(where: { $0.id == note })
      else {
        throw HTTPError(
          .notFound, context.localized("No note has this id: it may have been removed."))
      }
      try await scope.drafts.removeNote(note, of: event.id)
      return .redirect(to: "/events/\(event.id)#notes")
    }
  }
}

extension Pages {
  /// The notes on an event's games, by game; for editors, a button to remove each.
  func gameNotesSection(
    _ event: TeamEvent, names: [UUID: String], zone: TimeZone, viewer: Viewer, token: String
  ) -> HTML {
    let notes = event.shown(to: viewer).gameNotes
    let items: [HTML] = notes.sorted { $0.game < $1.game }.map { note in
      var line = gameNoteLine(note, names: names, zone: zone)
      if viewer.canEdit {
        line.append(
          Self.postButton(
            "/events/\(event.id)/notes/\(note.id)/delete", token: token,
            button: [
              "class": "icon-button small",
              "aria-label": localized("Remove the note on game %@", note.game),
            ], [.trusted("×")]))
      }
      return .h("li", ["class": "game-note"], line)
    }
    return .h(
      "section", ["aria-labelledby": "notes-title", "id": "notes"],
      [
        .h("h2", ["id": "notes-title"], localized("Notes on the games")),
        items.isEmpty
          ? .h("p", ["class": "muted"], localized("No note on the games yet."))
          : .h("ul", ["class": "plain game-notes"], items),
      ])
  }

  /// A note on a game as typed, for editors: the game, whom or which turn it is about.
  func gameNoteForm(
    _ event: TeamEvent, players: [Player], typed: (input: GameNoteInput, errors: ValidationError)?,
    token: String
  ) -> HTML {
    let input = typed?.input
    func option(_ value: String, _ label: String, selected: Bool) -> HTML {
      .h("option", ["value": value] + (selected ? ["selected": ""] : [:]), label)
    }
    let games: [HTML] = (1...event.gameCount).map {
      option(String($0), localized("Game %@", $0), selected: input?.game == $0)
    }
    let whom: [HTML] =
      [option("", localized("The team"), selected: input?.player == nil)]
      + players.map { option($0.id.uuidString, $0.name, selected: input?.player == $0.id) }
    let turns: [HTML] =
      [option("", localized("No turn"), selected: input?.turn == nil)]
      + DraftSlot.order.indices.map { index in
        option(String(index), turnLabel(index), selected: input?.turn == index)
      }
    return .h(
      "details", ["class": "week-tools"] + (typed == nil ? [:] : ["open": ""]),
      [
        .h("summary", localized("Note on a game")),
        .h(
          "form", ["method": "post", "action": "/events/\(event.id)/notes", "class": "form"],
          [
            Self.csrfField(token),
            .h("label", ["for": "note-game"], localized("Game")),
            .h("select", ["id": "note-game", "name": "game"], games),
            .h("label", ["for": "note-player"], localized("About")),
            .h("select", ["id": "note-player", "name": "player"], whom),
            .h("label", ["for": "note-turn"], localized("Draft turn")),
            .h("select", ["id": "note-turn", "name": "turn"], turns),
            .h("label", ["for": "note-text"], localized("What was seen")),
            .h(
              "textarea",
              [
                "id": "note-text", "name": "text", "rows": "3",
                "maxlength": String(GameNote.maxLength),
              ] + Self.invalid(typed?.errors, .draft), input?.text ?? ""),
            fieldError(typed?.errors, .draft),
            .h("button", ["class": "button primary", "type": "submit"], localized("Add the note")),
          ]),
      ])
  }
}

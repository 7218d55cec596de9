import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Recently removed.
extension Pages {
  /// The page: `removed` is the part shown, `more` the next part's address when one follows.
  func trash(
    _ removed: [RemovedPlayer], more: String? = nil, token: String, now: Date, viewer: Viewer,
    restorable: Set<UUID>? = nil, events: [CancelledEvent] = []
  ) -> HTTPResponse {
    let list: HTML =
      removed.isEmpty
      ? .h("p", ["class": "empty"], localized("Nobody was removed in the last 30 days."))
      : .h(
        "ul", ["class": "roster"],
        removed.map {
          removedItem(
            $0, token: token, now: now, restorable: restorable?.contains($0.id) ?? viewer.canEdit)
        })
    let next: HTML =
      more.map { .h("p", [:], [.h("a", ["href": $0, "class": "button"], localized("More"))]) }
      ?? .fragment([])
    return page(
      title: localized("Recently removed · KCorp"),
      [
        backBar(),
        .h(
          "main", ["class": "trash"],
          [
            .h("h1", localized("Recently removed")),
            .h(
              "p", ["class": "muted"],
              localized(
                "Removed players can be restored for 30 days, at their place in the roster.")),
            list, next,
          ] + cancelledEvents(events, token: token, now: now)),
      ])
  }

  /// An event in Recently removed, the team it was of, and whether the reader may restore it.
  typealias CancelledEvent = (removal: RemovedEvent, team: Team, restorable: Bool)

  /// The events cancelled in the last 30 days, each with its restore button where the reader
  /// may edit its team.
  private func cancelledEvents(_ events: [CancelledEvent], token: String, now: Date) -> [HTML] {
    guard !events.isEmpty else { return [] }
    let items: [HTML] = events.map { removal, team, restorable in
      let title = text(removal.event.title)
      return .h(
        "li", ["class": "removed-event", "id": "removed-\(removal.id)"],
        [
          .h(
            "span", ["class": "names"],
            [
              .h("span", ["class": "pseudo"], title),
              .h(
                "span", ["class": "role"],
                localized(
                  "%1$@ · %2$@ · cancelled %3$@", team.name, when(removal.event, in: team.zone),
                  age(of: removal.removedAt, now: now))),
            ]),
          restorable
            ? Self.postButton(
              "/events/\(removal.id)/restore", token: token,
              button: ["class": "button small", "aria-label": localized("Restore %@", title)],
              [.text(localized("Restore"))]) : .fragment([]),
        ])
    }
    return [
      .h("h2", ["id": "removed-events"], localized("Events")),
      .h(
        "p", ["class": "muted"],
        localized("Cancelled events come back with their answers, games and drafts for 30 days.")),
      .h("ul", ["class": "removed-events", "aria-labelledby": "removed-events"], items),
    ]
  }

  /// One removed player, with the restore button when the reader may restore them.
  private func removedItem(
    _ removal: RemovedPlayer, token: String, now: Date, restorable: Bool
  ) -> HTML {
    let restore: HTML =
      restorable
      ? Self.postButton(
        "/trash/\(removal.id)/restore", token: token,
        button: [
          "class": "button small", "aria-label": localized("Restore %@", removal.player.name),
        ], [.text(localized("Restore"))]) : .fragment([])
    return .h(
      "li", ["class": "player-item", "id": "removed-\(removal.id)"],
      [
        .h(
          "div", ["class": "player-row"],
          [
            avatar(of: removal.player, size: 56),
            .h(
              "span", ["class": "names"],
              [
                .h("span", ["class": "pseudo"], removal.player.name),
                .h(
                  "span", ["class": "role"],
                  localized(
                    "%1$@ · removed %2$@", removal.player.position.displayName,
                    age(of: removal.removedAt, now: now))),
              ]),
          ]),
        restore,
      ])
  }
}

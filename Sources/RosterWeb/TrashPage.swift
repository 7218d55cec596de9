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
    restorable: Set<UUID>? = nil
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
          ]),
      ])
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

import Foundation
import TeamHTTP
import TeamKit
import TeamStore

/// Recently removed.
extension Pages {
  func trash(
    _ removed: [RemovedPlayer], token: String, now: Date, viewer: Viewer,
    restorable: Set<UUID>? = nil
  ) -> HTTPResponse {
    page(
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
            removed.isEmpty
              ? .h("p", ["class": "empty"], localized("Nobody was removed in the last 30 days."))
              : .h(
                "ul", ["class": "roster"],
                removed.map { removal in
                  .h(
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
                      restorable?.contains(removal.id) ?? viewer.canEdit
                        ? Self.postButton(
                          "/trash/\(removal.id)/restore", token: token,
                          button: [
                            "class": "button small",
                            "aria-label": localized("Restore %@", removal.player.name),
                          ], [.text(localized("Restore"))]) : .fragment([]),
                    ])
                }),
          ]),
      ])
  }
}

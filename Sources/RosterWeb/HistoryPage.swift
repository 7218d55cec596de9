import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Who changed what.
extension Pages {
  func history(_ changes: [RosterChange], now: Date) -> HTTPResponse {
    page(
      title: localized("History · KCorp"),
      [
        backBar(),
        .h(
          "main", ["class": "trash"],
          [
            .h("h1", localized("History")),
            .h("p", ["class": "muted"], localized("Who changed what, the newest first.")),
            changes.isEmpty
              ? .h("p", ["class": "empty"], localized("No changes recorded yet."))
              : .h(
                "ol", ["class": "history"],
                changes.map { change in
                  .h(
                    "li", [:],
                    [
                      .h("span", change.summary(in: language)),
                      .h(
                        "time",
                        [
                          "datetime": change.at.formatted(.iso8601), "class": "muted",
                          "title": language.date(change.at),
                        ], age(of: change.at, now: now)),
                    ])
                }),
          ]),
      ])
  }

  /// "just now", "5 minutes ago", "3 hours ago", "2 days ago", in the current language.
  func age(of date: Date, now: Date) -> String {
    let seconds = max(0, Int(now.timeIntervalSince(date)))
    switch seconds {
    case ..<60: return localized("just now")
    case ..<120: return localized("1 minute ago")
    case ..<3600: return localized("%@ minutes ago", seconds / 60)
    case ..<7200: return localized("1 hour ago")
    case ..<86400: return localized("%@ hours ago", seconds / 3600)
    case ..<172_800: return localized("1 day ago")
    default: return localized("%@ days ago", language.number(seconds / 86400))
    }
  }
}

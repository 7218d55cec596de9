import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The players' solo queue as Riot's API tells it: the owner's settings, a team's players
/// ranked with their LP over the last weeks, and a player's ranked champions.
extension Pages {
  /// How long a page says a refresh has ended: the pages after that say nothing of it.
  static let refreshedShownFor: TimeInterval = 60

  /// What a refresh under way or just ended says, for `team` (nil: the whole organisation)
  /// or a page about one of its players; nothing when it is another team's (the day's
  /// refresh, of every team, is every team's), or when it ended a while before `now`.
  func riotProgress(_ state: RiotJob.State, team: UUID?, now: Date, waiting: Date? = nil)
    -> HTML
  {
    switch state {
    case .idle: return .fragment([])
    case .running(let running, let done, let total)
    where running == team || running == nil || team == nil:
      return .fragment([
        // Read again every second while it runs: the progress shows without scripts.
        .h("meta", ["http-equiv": "refresh", "content": "1"]),
        .h(
          "label", ["for": "riot-progress"],
          localized("Refreshing from Riot: %1$@ of %2$@ players…", done, max(total, done))),
        .h(
          "progress", ["id": "riot-progress", "max": String(max(total, 1)), "value": String(done)]),
        waiting.map { until in
          .h(
            "p", ["class": "muted riot-waiting", "role": "status"],
            localized(
              "Waiting on Riot’s limit: the refresh goes on in %@ s.",
              max(1, Int(until.timeIntervalSince(now).rounded(.up)))))
        } ?? .fragment([]),
      ])
    case .failed(let failed, let message) where failed == team || failed == nil || team == nil:
      return .h("p", ["class": "error", "role": "alert"], text(message))
    case .finished(let finished, let count, let at)
    where (finished == team || finished == nil || team == nil)
      && now.timeIntervalSince(at) < Self.refreshedShownFor:
      return .h(
        "p", ["class": "status shown", "role": "status"],
        localized("Refreshed from Riot: %@ players.", count))
    default: return .fragment([])
    }
  }

  /// Without a key: how to get one, for an owner where to give it.
  func riotKeyMissing(owner: Bool) -> HTML {
    .h(
      "p", ["class": "muted riot-off"],
      [
        .text(
          localized(
            "Solo queue is off: no Riot API key is set. A personal key comes from developer.riotgames.com."
          ) + " "),
        owner ? .h("a", ["href": "/riot"], localized("Give the key")) : .fragment([]),
      ])
  }

  /// A refresh button posting to `action`.
  func riotRefreshForm(_ action: String, label: String, token: String, running: Bool) -> HTML {
    .h(
      "form", ["method": "post", "action": action, "class": "inline"],
      [
        Self.csrfField(token),
        .h(
          "button", ["class": "button", "type": "submit"] + (running ? ["disabled": ""] : [:]),
          label),
      ])
  }

  /// The solo-queue rank in words: `Diamond I · 67 LP`, or unranked.
  package func soloRank(_ standing: RiotStanding?) -> String {
    guard let standing else { return localized("not refreshed yet") }
    return standing.solo.map { $0.label(in: language) } ?? localized("unranked in solo queue")
  }

  /// What checking the Riot ID found, in words.
  func riotIDState(_ player: Player, _ standing: RiotStanding?, hasKey: Bool) -> HTML {
    guard let riotID = player.riotID else {
      return .h("p", ["class": "muted"], localized("No Riot ID: give it on the player’s form."))
    }
    guard let standing, standing.riotID.lowercased() == riotID.key else {
      return .h(
        "p", ["class": "muted riot-id"],
        hasKey
          ? localized("%@: not checked yet.", riotID.description)
          : localized("%@: not checked (no Riot API key).", riotID.description))
    }
    switch standing.status {
    case .found:
      return .h("p", ["class": "riot-id found"], localized("%@: found.", riotID.description))
    case .notFound:
      let renamed = standing.nowNamed.map {
        " " + localized("Riot now names this account %@: change it on the player’s form.", $0)
      }
      return .h(
        "p", ["class": "riot-id not-found", "role": "alert"],
        localized("%@: no such Riot ID.", riotID.description) + (renamed ?? ""))
    case .unchecked:
      return .h(
        "p", ["class": "riot-id unchecked"],
        localized("%@: could not check now; checked again within the hour.", riotID.description))
    }
  }

  /// The solo-queue LP over the last weeks, as an SVG line with its first and last points
  /// labelled; its text alternative says the same in words.
  func lpChart(_ series: [RankPoint], now: Date, weeks: Int = 8) -> HTML {
    let since = now.addingTimeInterval(-Double(weeks) * 7 * 86_400)
    let points = series.filter { $0.at >= since }
    guard let first = points.first, let last = points.last else {
      return .h("p", ["class": "muted lp-chart"], localized("No LP recorded yet."))
    }
    let (width, height) = (320.0, 96.0)
    let low = Double(points.map(\.score).min() ?? 0) - 20
    let high = Double(points.map(\.score).max() ?? 0) + 20
    func x(_ date: Date) -> Double {
      16 + (width - 32) * max(0, date.timeIntervalSince(since)) / (now.timeIntervalSince(since))
    }
    func y(_ score: Int) -> Double { 12 + (height - 34) * (high - Double(score)) / (high - low) }
    let line = points.map { "\(Int(x($0.at))),\(Int(y($0.score)))" }.joined(separator: " ")
    let label = localized(
      "LP over the last %1$@ weeks: from %2$@ LP to %3$@ LP.", weeks, first.lp, last.lp)
    return .h(
      "svg",
      [
        "class": "lp-chart", "viewBox": "0 0 \(Int(width)) \(Int(height))", "role": "img",
        "aria-label": label,
      ],
      [
        .h("title", label),
        .h(
          "polyline",
          [
            "points": line, "fill": "none", "stroke": "currentColor", "stroke-width": "2.5",
            "stroke-linejoin": "round",
          ]),
        // The latest point marked: with a single point, the line alone would draw nothing.
        .h(
          "circle",
          [
            "cx": String(Int(x(last.at))), "cy": String(Int(y(last.score))), "r": "4",
            "fill": "currentColor",
          ]),
        .h(
          "text", ["x": "4", "y": String(Int(height) - 4), "class": "lp-label"],
          localized("%@ LP", first.lp)),
        .h(
          "text",
          [
            "x": String(Int(width) - 4), "y": String(Int(height) - 4), "text-anchor": "end",
            "class": "lp-label",
          ], localized("%@ LP", last.lp)),
      ])
  }

  /// A player's ranked champions by role: games, wins and when last played.
  func soloChampions(_ standing: RiotStanding, zone: TimeZone) -> HTML {
    let rows = standing.champions
    guard !rows.isEmpty else {
      return .h("p", ["class": "muted"], localized("No ranked game kept yet."))
    }
    let headings: [HTML] = [
      localized("Champion"), localized("Role"), localized("Games"), localized("Wins"),
      localized("Last played"),
    ].map { .h("th", ["scope": "col"], $0) }
    let body: [HTML] = rows.map { row in
      let cells: [HTML] = [
        .h("th", ["scope": "row"], champions.name(ofID: row.champion, in: language)),
        .h("td", row.position?.displayName ?? "—"),
        .h("td", String(row.games)),
        .h("td", String(row.wins)),
        .h("td", Day(row.lastPlayed, in: zone).formatted(in: language)),
      ]
      return .h("tr", [:], cells)
    }
    let caption: HTML = .h("caption", localized("Last %@ ranked games", standing.games.count))
    return .h(
      "table", ["class": "solo-champions"],
      [caption, .h("thead", [:], [.h("tr", [:], headings)]), .h("tbody", [:], body)])
  }
}

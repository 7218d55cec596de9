import Foundation
import Synchronization
import TeamHTTP
import TeamKit
import TeamOutbound
import TeamStore
import WebBase

/// The game's art: the owner's page that downloads it from Data Dragon, one sync at a time,
/// beside the requests.
package struct ChampionArtFeature: WebFeature {
  private let sync: ChampionSyncJob
  private let source: URL

  /// The feature whose `sync` downloads from `source` (Data Dragon, or a test's stand-in).
  package init(sync: ChampionSyncJob, source: URL) {
    self.sync = sync
    self.source = source
  }

  package func mount(on router: inout Router) {
    router.route("GET", "/champion-art", RoutePolicy(.owner, team: .organisation)) {
      [sync, source] request, context in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.championArt(
        context.roster.championArt, sync: sync.current, source: source, token: token
      ).with(cookie: cookie)
    }
    router.route("POST", "/champion-art", RoutePolicy(.owner, .form, team: .organisation)) {
      [sync, source] _, _ in
      sync.start(from: source)
      return .redirect(to: "/champion-art")
    }
  }
}

extension Pages {
  /// The owner's page for the game's art: what is stored, and the button that downloads it.
  func championArt(
    _ art: ChampionArt, sync: ChampionSyncJob.State, source: URL, token: String
  ) -> HTTPResponse {
    let (status, running) = syncStatus(sync, art: art)
    let stored =
      art.isShown
      ? localized(
        "Shown now: the game’s art from Data Dragon %1$@ (%2$@ champions).", art.version,
        String(art.champions.count))
      : localized("Shown now: drawn badges; the game’s art has not been downloaded.")
    return page(
      title: localized("Champion art · KCorp"),
      [
        backBar(to: "/"),
        .h(
          "main", ["class": "trash"],
          [
            .h("h1", localized("Champion art")),
            .h("p", stored),
            .h(
              "p", ["class": "muted"],
              localized(
                "Downloads from %@ the newest version’s square icon of every champion, their French names and the champions released since this build, only when you ask. All or nothing: a failed download changes nothing.",
                source.absoluteString)),
            .fragment(status),
            .h(
              "form", ["method": "post", "action": "/champion-art"],
              [
                Self.csrfField(token),
                .h(
                  "button",
                  ["class": "button primary", "type": "submit"]
                    + (running ? ["disabled": ""] : [:]),
                  localized("Download champion art")),
              ]),
          ]),
      ])
  }

  /// What the page says of the sync: its progress (read again every second while it runs),
  /// its failure, or what it brought; and whether it runs.
  private func syncStatus(_ sync: ChampionSyncJob.State, art: ChampionArt) -> (
    [HTML], running: Bool
  ) {
    var status: [HTML] = []
    var running = false
    switch sync {
    case .idle: break
    case .running(let done, let total):
      running = true
      status = [
        // Read again every second while it runs: the progress shows without scripts.
        .h("meta", ["http-equiv": "refresh", "content": "1"]),
        .h(
          "label", ["for": "sync-progress"],
          localized("Downloading: %1$@ of %2$@ files…", String(done), String(max(total, done)))),
        .h(
          "progress",
          ["id": "sync-progress", "max": String(max(total, 1)), "value": String(done)]),
      ]
    case .failed(let message):
      status = [.h("p", ["class": "error", "role": "alert"], text(message))]
    case .finished(let count, let version):
      // Said where the page's other news is said, with a glimpse of what came.
      status = [
        .h(
          "p", ["class": "status shown", "role": "status"],
          localized(
            "%1$@ champions from Data Dragon %2$@ are in the database, with their art.",
            String(count), version)),
        .h(
          "p", ["class": "art-sample"],
          art.champions.prefix(12).compactMap { champions.find($0.id) }.map {
            avatar($0.imageName, size: 40, alt: champions.name(of: $0, in: language))
          }),
      ]
    }
    return (status, running)
  }
}

import Foundation
import Riot
import TeamAPI
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The solo queue: the owner's Riot settings, a team's and a player's pages, their
/// refreshes from Riot's API (the `riot` job), and the same in the API.
package struct SoloQueueFeature: WebFeature {
  private let riot: RiotJob

  package init(riot: RiotJob) { self.riot = riot }

  package func mount(on router: inout Router) {
    Self.addRiotSettingsRoutes(&router, riot)
    Self.addSoloQueuePageRoutes(&router, riot)
    Self.addSoloQueueAPIRoutes(&router, riot)
  }

  /// New Riot IDs checked, and the day's refresh, every ten seconds.
  package func register(on jobs: Jobs) {
    jobs.register("riot", every: .seconds(10)) { [riot] in await riot.turn() }
  }

  /// What the solo-queue pages know of Riot now.
  private static func riotView(_ riot: RiotJob, _ standings: [UUID: RiotStanding], now: Date)
    -> Pages.RiotView
  {
    Pages.RiotView(
      standings: standings, state: riot.current, waiting: riot.waitingUntil, hasKey: riot.hasKey,
      now: now)
  }

  private static func addRiotSettingsRoutes(_ router: inout Router, _ riot: RiotJob) {
    router.route("GET", "/riot", RoutePolicy(.owner, team: .organisation)) {
      [riot] request, context in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.riotSettings(
        try context.reads.riotSettings(), riot: Self.riotView(riot, [:], now: context.now),
        keyFromServer: riot.keyFromServer, token: token
      ).with(cookie: cookie)
    }
    router.route("POST", "/riot", RoutePolicy(.owner, .form, team: .organisation)) {
      [riot] request, context in
      let form = context.form
      let gamesText = form["games"]?.first ?? ""
      let input = RiotSettingsInput(
        key: form["key"]?.first, forget: form["forget"]?.first == "1",
        platform: form["platform"]?.first, games: gamesText.isEmpty ? nil : Int(gamesText) ?? 0)
      let organisation = try context.organisation
      do {
        try await organisation.setRiot(input)
        riot.settingsChanged()
        return .redirect(to: "/riot")
      } catch let error as RosterError {
        guard let errors = error.validation else { throw error }
        // What was chosen stays chosen; the key is never written back into the page.
        var shown = try context.reads.riotSettings()
        shown.platform = input.platform.flatMap(RiotPlatform.init(rawValue:)) ?? shown.platform
        shown.games = input.games ?? shown.games
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.riotSettings(
          shown, riot: Self.riotView(riot, [:], now: context.now),
          keyFromServer: riot.keyFromServer,
          token: token,
          error: Message(
            verbatim: errors.issues.map { $0.text.text(in: context.language) }
              .joined(separator: " "))
        ).with(cookie: cookie)
      }
    }
  }

  private static func addSoloQueuePageRoutes(_ router: inout Router, _ riot: RiotJob) {
    router.teamRoute("GET", "/soloq", RoutePolicy(.reader, team: .chosen)) {
      [riot] request, context, scope in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.soloQueue(
        scope.team, in: context.roster,
        riot: Self.riotView(riot, try scope.soloQueue(), now: context.now),
        viewer: context.viewer,
        token: token
      ).with(cookie: cookie)
    }
    router.teamRoute("POST", "/teams/{tag}/riot", RoutePolicy(.editor, .form, team: .tag)) {
      [riot] _, context, scope in
      riot.start(try scope.players(), team: scope.team.id)
      return .redirect(to: "/soloq?team=\(scope.team.tag)")
    }
    router.teamRoute("GET", "/players/{id}/soloq", RoutePolicy(.reader, team: .player)) {
      [riot] request, context, scope in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.soloQueue(
        of: player, in: roster,
        riot: Self.riotView(riot, try scope.soloQueue(), now: context.now),
        viewer: context.viewer, token: token
      ).with(cookie: cookie)
    }
    router.teamRoute("POST", "/players/{id}/riot", RoutePolicy(.editor, .form, team: .player)) {
      [riot] _, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      riot.start(try scope.players(only: player.id), team: scope.team.id)
      return .redirect(to: "/players/\(player.id)/soloq")
    }
  }

  private static func addSoloQueueAPIRoutes(_ router: inout Router, _ riot: RiotJob) {
    router.route(.getRiotSettings, RoutePolicy(.owner, team: .organisation)) {
      [riot] _, context in
      context.json(RiotSettingsJSON(settings: try context.reads.riotSettings(), riot: riot))
    }
    router.route(
      .setRiotSettings, RoutePolicy(.owner, .sameOrigin, team: .organisation),
      json: RiotSettingsInput.self
    ) { [riot] _, context, input in
      try await context.organisation.setRiot(input)
      riot.settingsChanged()
      return context.json(RiotSettingsJSON(settings: try context.reads.riotSettings(), riot: riot))
    }
    router.teamRoute(.getSoloQueue, RoutePolicy(.reader, team: .chosen)) {
      [riot] _, context, scope in
      let team = scope.team
      return context.json(
        SoloQueue(
          players: context.roster.players(in: team.id), standings: try scope.soloQueue(),
          refresh: riot.refreshState(for: team.id)))
    }
    router.teamRoute(.refreshSoloQueue, RoutePolicy(.editor, .sameOrigin, team: .chosen)) {
      [riot] _, context, scope in
      let team = scope.team
      guard riot.hasKey else { throw RiotError.noKey }
      if !riot.start(try scope.players(), team: scope.team.id),
        let other = riot.current.team,
        other != team.id, riot.isRunning
      {
        throw HTTPError(
          .conflict,
          context.localized(
            "Another team’s refresh from Riot is under way; try again once it is done."))
      }
      return context.json(
        SoloQueue(
          players: context.roster.players(in: team.id), standings: try scope.soloQueue(),
          refresh: riot.refreshState(for: team.id)), status: 202)
    }
    router.teamRoute(.getPlayerSoloQueue, RoutePolicy(.reader, team: .player)) {
      _, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      // null before the Riot ID's first check (or without a Riot ID).
      return context.json(OptionalStanding(standing: try scope.soloQueue()[player.id]))
    }
  }
}

/// `GET /api/riot`: the settings, never the key:
/// `{"games","keyFromServer","keyGiven"?,"keySet","platform","refresh","region"}`.
struct RiotSettingsJSON: JSONWritable {
  let settings: RiotSettings
  let riot: RiotJob

  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("games", settings.games)
      $0.member("keyFromServer", riot.keyFromServer)
      if let given = settings.keyGiven { $0.member("keyGiven", given.formatted(.iso8601)) }
      $0.member("keySet", riot.hasKey)
      $0.member("platform", settings.platform.rawValue)
      $0.member("refresh", riot.refreshState(for: nil))
      $0.member("region", settings.platform.region)
    }
  }
}

/// A player's Riot account, or `null` before its first check.
struct OptionalStanding: JSONWritable {
  let standing: RiotStanding?

  func write(to writer: inout JSONWriter) {
    if let standing { standing.write(to: &writer) } else { writer.null() }
  }
}

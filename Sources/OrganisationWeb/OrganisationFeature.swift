import Foundation
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// A change to a team (`PATCH /api/teams/{tag}`): the members given replace the team's,
/// the others stay; `null` or `""` clears the league or the parent.
struct TeamPatch: Decodable, Sendable {
  var name: String?
  var tag: String?
  var league: String?
  var parent: String?
  var timeZone: String?
  var color: String?

  private enum CodingKeys: String, CodingKey { case name, tag, league, parent, timeZone, color }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func clearable(_ key: CodingKeys) throws -> String? {
      guard container.contains(key) else { return nil }
      return try container.decodeNil(forKey: key)
        ? "" : try container.decode(String.self, forKey: key)
    }
    name = try container.decodeIfPresent(String.self, forKey: .name)
    tag = try container.decodeIfPresent(String.self, forKey: .tag)
    league = try clearable(.league)
    parent = try clearable(.parent)
    timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
    color = try container.decodeIfPresent(String.self, forKey: .color)
  }

  /// The input for the team with this patch applied.
  func applied(to team: Team, in teams: [Team]) -> TeamInput {
    let current = TeamInput(team: team, in: teams)
    return TeamInput(
      name: name ?? current.name, tag: tag ?? current.tag, league: league ?? current.league,
      parent: parent ?? current.parent, timeZone: timeZone ?? current.timeZone,
      color: color ?? current.color)
  }
}

/// `PATCH /api/organisation`: the organisation's new name.
struct Rename: Decodable, Sendable {
  let name: String
}

/// `POST /api/players/{id}/transfer`: the team to move to, and the status there.
struct TransferRequest: Decodable, Sendable {
  let team: String
  let lineup: String?
}

/// The organisation: its teams, transfers between them, contracts; JSON for scripts and the
/// pages that show and change them.
package struct OrganisationFeature: WebFeature {
  package init() {}

  package func mount(on router: inout Router) {
    Self.addOrganisationRoutes(&router)
    Self.addTransferRoutes(&router)
    Self.addTeamsPageRoutes(&router)
    Self.addOrganisationNameRoute(&router)
    Self.addMovePageRoutes(&router)
  }

  /// The organisation and its teams: read, added, changed, removed.
  private static func addOrganisationRoutes(_ router: inout Router) {
    router.route(.getOrganisation, RoutePolicy(.reader, team: .organisation)) {
      request, context in
      let page = try ListPage(request, in: context.language)
      var organisation = Self.organisation(context.roster, for: context.viewer)
      let total = organisation.players.count
      organisation.players = page.slice(organisation.players)
      return page.headed(context.json(organisation), total: total, of: request)
    }

    router.route(
      .renameOrganisation, RoutePolicy(.owner, .sameOrigin, team: .organisation),
      json: Rename.self
    ) { _, context, rename in
      try await context.organisation.rename(rename.name)
      return context.json(Self.organisation(context.roster, for: context.viewer))
    }

    router.route(.listTeams, RoutePolicy(.reader, team: .organisation)) { _, context in
      context.json(context.roster.teams)
    }

    router.route(
      .addTeam, RoutePolicy(.owner, .sameOrigin, team: .organisation),
      json: TeamInput.self
    ) { _, context, input in
      let team = try await context.organisation.addTeam(input)
      var response = context.json(team, status: 201)
      response.headers.append(("Location", "/api/teams/\(team.tag)"))
      return response
    }

    router.teamRoute(.getTeam, RoutePolicy(.reader, team: .tag)) {
      request, context, scope in
      context.json(scope.team)
    }

    router.teamRoute(.listTeamPlayers, RoutePolicy(.reader, team: .tag)) {
      request, context, scope in
      context.json(context.roster.players(in: scope.team.id).shown(to: context.viewer))
    }

    router.teamRoute(
      .editTeam, RoutePolicy(.owner, .sameOrigin, team: .tag),
      json: TeamPatch.self
    ) { _, context, scope, patch in
      let team = scope.team
      let updated = try await scope.update(
        with: patch.applied(to: team, in: context.roster.teams))
      return context.json(updated)
    }

    router.teamRoute(.removeTeam, RoutePolicy(.owner, .sameOrigin, team: .tag)) {
      _, context, scope in
      try await scope.remove()
      return HTTPResponse(status: 204)
    }
  }

  /// Transfers, tenures and contracts.
  private static func addTransferRoutes(_ router: inout Router) {
    // A transfer changes two teams: an editor of both may make it.
    router.teamRoute(
      .transferPlayer, RoutePolicy(.editor, .sameOrigin, team: .player),
      json: TransferRequest.self
    ) { request, context, scope, transfer in
      let player = try context.player(context.parameters["id"], in: context.roster)
      // The player exists (404 otherwise); a team the organisation lacks is a conflict with
      // its state, as in the team's form.
      guard let target = context.roster.team(transfer.team) else {
        throw HTTPError(.conflict, context.localized("No team has the tag “%@”.", transfer.team))
      }
      var lineup: Lineup?
      if let text = transfer.lineup {
        do throws(ValidationError) {
          lineup = try Lineup(parsing: text)
        } catch {
          throw RosterError.invalid(error)
        }
      }
      // The target team's role is checked by the scope, as its own.
      let moved = try await scope.transferPlayer(player.id, to: target, lineup: lineup)
      var response = context.json(moved)
      response.headers.append(("ETag", Door.etag(moved)))
      return response
    }

    router.route(
      .listTenures, RoutePolicy(.personal(.path("id")), team: .player)
    ) {
      _, context in
      let player = try context.player(context.parameters["id"], in: context.roster)
      return context.json(try context.reads.tenures(of: player.id))
    }

    router.route(.listContracts, RoutePolicy(.staff, team: .organisation)) {
      request, context in
      let days = try Self.days(request.query["within"], in: context.language)
      let page = try ListPage(request, in: context.language)
      let roster = context.roster
      let ending = Contracts.ending(
        in: roster.players, within: days, today: Day(context.now, in: roster.firstTeam.zone))
      return page.headed(context.json(page.slice(ending)), total: ending.count, of: request)
    }
  }

  /// The organisation as `viewer` may see it.
  private static func organisation(_ roster: Roster, for viewer: Pages.Viewer) -> Organisation {
    Organisation(
      name: roster.organisation, teams: roster.teams, players: roster.players.shown(to: viewer))
  }

  /// The pages of the organisation: the teams and their settings, a player's move.
  /// The teams page: adding, changing and removing a team.
  private static func addTeamsPageRoutes(_ router: inout Router) {
    router.route("GET", "/teams", RoutePolicy(.reader, team: .organisation)) { request, context in
      // After a change made here, its confirmation.
      let roster = context.roster
      let notice: String? =
        if let team = request.query["added"].flatMap({ roster.team($0) }) {
          context.localized("Team %@ added.", team.name)
        } else if let team = request.query["saved"].flatMap({ roster.team($0) }) {
          context.localized("%@ saved.", team.name)
        } else { nil }
      return Self.teamsPage(request, context, notice: notice)
    }

    router.route("POST", "/teams", RoutePolicy(.owner, .form, team: .organisation)) {
      request, context in
      let input = Self.teamInput(context.form)
      let organisation = try context.organisation
      do {
        let team = try await organisation.addTeam(input)
        return .redirect(to: "/teams?added=\(team.tag)#team-\(team.tag)")
      } catch let error as RosterError {
        return try Self.refused(error, request, context, tag: nil, input: input)
      }
    }

    router.teamRoute("POST", "/teams/{tag}/edit", RoutePolicy(.owner, .form, team: .tag)) {
      request, context, scope in
      let team = scope.team
      let input = Self.teamInput(context.form)
      do throws(RosterError) {
        let updated = try await scope.update(with: input)
        return .redirect(to: "/teams?saved=\(updated.tag)#team-\(updated.tag)")
      } catch {
        return try Self.refused(
          error, request, context, tag: team.tag, input: input)
      }
    }

    router.teamRoute("POST", "/teams/{tag}/delete", RoutePolicy(.owner, .form, team: .tag)) {
      request, context, scope in
      do throws(RosterError) {
        try await scope.remove()
        return .redirect(to: "/teams")
      } catch {
        guard let validation = error.validation else { throw error }
        return Self.teamsPage(
          request, context, notice: validation.message.text(in: context.language),
          status: validation.kind.status)
      }
    }
  }

  /// The organisation's name.
  private static func addOrganisationNameRoute(_ router: inout Router) {
    router.route("POST", "/organisation", RoutePolicy(.owner, .form, team: .organisation)) {
      request, context in
      let organisation = try context.organisation
      do {
        try await organisation.rename(context.form["name"]?.first ?? "")
        return .redirect(to: "/teams")
      } catch let error as RosterError {
        guard let validation = error.validation else { throw error }
        return Self.teamsPage(
          request, context, notice: validation.message.text(in: context.language),
          status: validation.kind.status)
      }
    }
  }

  /// Moving a player to another team.
  private static func addMovePageRoutes(_ router: inout Router) {
    router.route("GET", "/players/{id}/team", RoutePolicy(.editor, team: .player)) {
      request, context in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.moveForm(
        player, in: roster,
        targets: Self.moveTargets(of: player, in: roster, for: context.identity),
        token: token, cookie: cookie)
    }

    router.teamRoute("POST", "/players/{id}/team", RoutePolicy(.editor, .form, team: .player)) {
      request, context, scope in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let named = context.form["team"]?.first ?? ""
      guard let target = roster.team(named) else {
        // The form again, saying what to choose.
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.moveForm(
          player, in: roster,
          targets: Self.moveTargets(of: player, in: roster, for: context.identity),
          token: token, cookie: cookie,
          error: context.localized("Choose the team to move %@ to.", player.name))
      }
      let lineup = (context.form["lineup"]?.first).flatMap(Lineup.init(rawValue:))
      let moved = try await scope.transferPlayer(player.id, to: target, lineup: lineup)
      return .redirect(to: "/players/\(moved.id)?moved")
    }
  }

  /// The teams page, with what became of a change.
  private static func teamsPage(
    _ request: HTTPRequest, _ context: RequestContext,
    failure: (tag: String?, input: TeamInput, errors: ValidationError)? = nil,
    notice: String? = nil, status: Int = 200
  ) -> HTTPResponse {
    let (token, cookie) = Door.csrfToken(for: request)
    let roster = context.roster
    return context.pages.teams(
      roster, token: token,
      viewer: context.viewer(on: nil), failure: failure, notice: notice, status: status
    ).with(cookie: cookie)
  }

  /// The teams page again after a refused change, the input kept by its form.
  private static func refused(
    _ error: RosterError, _ request: HTTPRequest, _ context: RequestContext,
    tag: String?,
    input: TeamInput
  ) throws(RosterError) -> HTTPResponse {
    guard let validation = error.validation else { throw error }
    return teamsPage(
      request, context, failure: (tag, input, validation),
      notice: validation.message.text(in: context.language),
      status: validation.kind.status)
  }

  /// A team form's fields.
  private static func teamInput(_ form: [String: [String]]) -> TeamInput {
    func text(_ name: String) -> String { form[name]?.first ?? "" }
    return TeamInput(
      name: text("name"), tag: text("tag"), league: text("league"), parent: text("parent"),
      color: text("color"))
  }

  /// The teams `identity` may move `player` to: every other team it edits.
  package static func moveTargets(of player: Player, in roster: Roster, for identity: Identity)
    -> [Team]
  {
    roster.teams.filter {
      $0.id != player.teamID
        && Door.allows(identity, .editor, on: $0)
    }
  }

  /// `?within=` days, 90 when absent.
  static func days(_ text: String?, in language: Language) throws(HTTPError) -> Int {
    guard let text else { return Contracts.warningDays }
    guard let days = Int(text), (0...3650).contains(days) else {
      throw HTTPError(
        .malformed, language.localized("Give ?within= a number of days from 0 to 3650."))
    }
    return days
  }
}

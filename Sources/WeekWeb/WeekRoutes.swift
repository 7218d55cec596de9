import Foundation
import TeamAPI
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// `PUT /api/events/{id}/answers/{player}`: an answer, or null to take it back.
struct AnswerRequest: Decodable, Sendable {
  let answer: TeamEvent.Answer?
  /// A few words with it ("en retard, 20h30").
  let comment: String?
}

/// `POST /api/week/events/{id}/invitations`: a player of the organisation, by id or pseudo.
struct InvitationRequest: Decodable, Sendable {
  let player: String
}

/// `POST /api/calendar`: a feed of a team's events (its tag or id), or of a player's.
struct FeedRequest: Decodable, Sendable, NamingTeam {
  let team: String?
  let player: UUID?
}

/// The week and its events, their results, drafts and proposals, the players' hours and
/// answers, the champion pools and figures, and the calendar feeds; the same in the API.
package struct WeekFeature: WebFeature {
  package init() {}

  package func mount(on router: inout Router) {
    Self.addWeekRoutes(&router)
    Self.addWeekPageRoutes(&router)
    Self.addDraftRoutes(&router)
    Self.addGameNoteRoutes(&router)
    Self.addMockDraftRoutes(&router)
  }
}

extension WeekFeature {
  /// An event with its verdict, from the request's roster, as its reader may see it.
  static func document(_ event: TeamEvent, for context: RequestContext) -> EventDocument {
    let roster = context.roster
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    return EventDocument(
      event.shown(to: context.viewer),
      verdict: roster.schedule.verdict(
        of: event, players: roster.players(in: team.id), in: team.zone))
  }

  /// The week's API and the calendar feeds.
  static func addWeekRoutes(_ router: inout Router) {
    addWeekAPIRoutes(&router)
    addEventAPIRoutes(&router)
    addEventResultRoutes(&router)
    addCalendarRoutes(&router)
  }

  /// The week and a player's hours.
  private static func addWeekAPIRoutes(_ router: inout Router) {
    // The whole week of a team (at most ``Schedule/maxEventsPerTeam`` events), or the days
    // `from` to `to` (its own clock).
    router.teamRoute(.getWeek, RoutePolicy(.reader, team: .chosen)) {
      request, context, scope in
      let team = scope.team
      var week = try context.reads.week(team: team.id.text)
      let days = try ["from", "to"].map { name throws(HTTPError) -> Day? in
        guard let text = request.query[name] else { return nil }
        guard let day = Day(text) else {
          throw HTTPError(
            .malformed,
            context.localized("Give %1$@ as a date, as 2026-03-12 (not “%2$@”).", name, text))
        }
        return day
      }
      if days[0] != nil || days[1] != nil {
        week = week.between(
          days[0].map { Schedule.midnight($0, in: team.zone) } ?? .distantPast,
          days[1].map { Schedule.midnight($0.adding(days: 1), in: team.zone) } ?? .distantFuture)
      }
      return context.json(week.mapEvents { $0.shown(to: context.viewer) })
    }

    router.teamRoute(
      .setAvailability,
      RoutePolicy(.ownPlayer(.path("id")), .sameOrigin, team: .player),
      json: AvailabilityInput.self
    ) { request, context, scope, input in
      let player = try context.player(context.parameters["id"], in: context.roster)
      let availability: Availability
      do throws(ValidationError) { availability = try input.validated() } catch {
        throw RosterError.invalid(error)
      }
      try await scope.week.setAvailability(of: player.id, to: availability)
      return context.json(availability)
    }
  }

  /// Events: planned, read, changed, cancelled.
  private static func addEventAPIRoutes(_ router: inout Router) {
    router.teamRoute(
      .addEvent, RoutePolicy(.editor, .sameOrigin, team: .chosen),
      json: TeamNamed<EventInput>.self
    ) { _, context, scope, body in
      let input = body.input
      let event = try await scope.week.addEvent(input)
      var response = context.json(Self.document(event, for: context), status: 201)
      response.headers.append(("Location", "/api/week/events/\(event.id)"))
      return response
    }

    router.route(.getEvent, RoutePolicy(.reader, team: .event)) { _, context in
      let roster = context.roster
      return context.json(
        Self.document(try context.event(context.parameters["id"], in: roster), for: context))
    }

    router.teamRoute(
      .editEvent, RoutePolicy(.editor, .sameOrigin, team: .event),
      json: EventInput.self
    ) { _, context, scope, input in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let updated = try await scope.week.updateEvent(event.id, with: input)
      return context.json(Self.document(updated, for: context))
    }

    router.teamRoute(
      .removeEvent, RoutePolicy(.editor, .sameOrigin, team: .event)
    ) {
      request, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let following: Bool
      switch request.query["following"] {
      case nil, "false", "0": following = false
      case "true", "1": following = true
      case let other?:
        throw HTTPError(
          .malformed, context.localized("“%@” is not true or false; write following=true.", other))
      }
      try await scope.week.removeEvent(event.id, following: following)
      return HTTPResponse(status: 204)
    }

    // Undo of a cancellation: the event as it was, with its series cancelled with it.
    router.teamRoute(
      .restoreEvent, RoutePolicy(.editor, .sameOrigin, team: .event)
    ) { _, context, scope in
      guard let id = context.parameters["id"].flatMap(UUID.init(text:)) else {
        throw HTTPError(
          .notFound, context.localized("No event with this id is in Recently removed."))
      }
      let event = try await scope.week.restoreEvent(id)
      return context.json(Self.document(event, for: context))
    }
  }

  /// An event's games, answers and invitations.
  private static func addEventResultRoutes(_ router: inout Router) {
    router.teamRoute(
      .logGames, RoutePolicy(.editor, .sameOrigin, team: .event),
      json: [GameInput].self
    ) { _, context, scope, games in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let logged = try await scope.week.logGames(games, of: event.id)
      return context.json(Self.document(logged, for: context))
    }

    router.teamRoute(
      .saveDraft,
      RoutePolicy(.editor, .sameOrigin, team: .event), json: GameDraft.self
    ) { _, context, scope, draft in
      let event = try context.event(context.parameters["id"], in: context.roster)
      guard let game = context.parameters["game"].flatMap({ Int($0) }), game >= 1 else {
        throw HTTPError(
          .notFound, context.localized("No game has this number: games count from 1."))
      }
      let saved = try await scope.drafts.saveDraft(draft, game: game, of: event.id)
      return context.json(Self.document(saved, for: context))
    }

    router.teamRoute(
      .answerEvent,
      RoutePolicy(.ownPlayer(.path("player")), .sameOrigin, team: .event),
      json: AnswerRequest.self
    ) { _, context, scope, body in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let player = try context.player(context.parameters["player"], in: context.roster)
      let answered = try await scope.week.answer(
        body.answer, comment: body.comment, for: player.id, to: event.id)
      return context.json(Self.document(answered, for: context))
    }

    router.teamRoute(
      .inviteToEvent,
      RoutePolicy(.editor, .sameOrigin, team: .event), json: InvitationRequest.self
    ) { _, context, scope, body in
      let event = try context.event(context.parameters["id"], in: context.roster)
      guard let player = Player.find(body.player, in: context.roster.players) else {
        throw HTTPError.playerNotFound(in: context.language)
      }
      let invited = try await scope.week.invite(player.id, to: event.id)
      return context.json(Self.document(invited, for: context))
    }
  }

  /// The private calendar addresses, and the feed each one serves.
  private static func addCalendarRoutes(_ router: inout Router) {
    router.route(.listCalendarFeeds, RoutePolicy(.editor, team: .organisation)) { _, context in
      context.json(context.roster.schedule.feeds)
    }

    // The team is the body's `team` (or ?team=), the first team when none is named; a
    // player's address is for a player of that team.
    router.teamRoute(
      .addCalendarFeed, RoutePolicy(.editor, .sameOrigin, team: .chosen),
      json: FeedRequest.self
    ) { _, context, scope, wanted in
      let feed = try await scope.week.createFeed(player: wanted.player)
      var response = context.json(feed, status: 201)
      response.headers.append(("Location", feed.path))
      return response
    }

    router.teamRoute(
      .revokeCalendarFeed, RoutePolicy(.editor, .sameOrigin, team: .feed)
    ) { _, context, scope in
      // The door found no team for an unknown secret.
      guard context.team != nil else {
        throw HTTPError(.notFound, context.localized("No calendar address has this secret."))
      }
      try await scope.week.revokeFeed(context.parameters["secret"] ?? "")
      return HTTPResponse(status: 204)
    }

    // The feed itself: its secret is its key, for calendar apps that cannot sign in.
    router.route("GET", "/calendar/{file}", RoutePolicy(.anyone)) { request, context in
      let file = context.parameters["file"] ?? ""
      let roster = context.roster
      guard file.hasSuffix(".ics"),
        let feed = roster.schedule.feed(secret: String(file.dropLast(".ics".count)))
      else {
        throw HTTPError(.notFound, context.localized("There is no calendar at this address."))
      }
      let events: [TeamEvent]
      let name: String
      if let player = feed.playerID.flatMap({ roster.player(id: $0) }) {
        events = roster.schedule.events(inviting: player.id)
        name = "\(player.name) · \(roster.organisation)"
      } else if let team = feed.teamID.flatMap({ roster.team(id: $0) }) {
        events = roster.schedule.events.filter { $0.teamID == team.id }
        name = team.name
      } else {
        throw HTTPError(.notFound, context.localized("There is no calendar at this address."))
      }
      let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
      var response = HTTPResponse(
        status: 200, contentType: "text/calendar; charset=utf-8",
        body: Array(
          ICalendar.feed(
            name: name, events: events, players: names, language: context.language,
            origin: request.header("host").map { (request.isSecure ? "https://" : "http://") + $0 }
          ).utf8))
      response.headers.append(("Cache-Control", "no-store"))
      return response
    }
  }
}

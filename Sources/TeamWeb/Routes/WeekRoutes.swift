import Foundation
import TeamHTTP
import TeamKit
import TeamStore

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

extension WebApp {
  /// The event a path's `{id}` names; 404 otherwise.
  static func event(_ id: String?, in roster: Roster, language: Language) throws(HTTPError)
    -> TeamEvent
  {
    guard let id = id.flatMap(UUID.init(text:)), let event = roster.schedule.event(id: id) else {
      throw HTTPError(404, language.localized("No event has this id: it may have been cancelled."))
    }
    return event
  }

  /// An event with its verdict, from the roster it is on.
  static func document(_ event: TeamEvent, in roster: Roster) -> EventDocument {
    let team = roster.team(id: event.teamID) ?? roster.firstTeam
    return EventDocument(
      event,
      verdict: roster.schedule.verdict(
        of: event, players: roster.players(in: team.id), in: team.zone))
  }

  /// The week's API and the calendar feeds.
  mutating func addWeekRoutes() {
    let store = store

    // The whole week of a team (at most ``Schedule/maxEventsPerTeam`` events), or the days
    // `from` to `to` (its own clock).
    route("GET", "/api/week", RoutePolicy(.reader, team: .chosen)) { request, context in
      let team = try context.checkedTeam
      var week = try store.week(team: team.id.text)
      let days = try ["from", "to"].map { name throws(HTTPError) -> Day? in
        guard let text = request.query[name] else { return nil }
        guard let day = Day(text) else {
          throw HTTPError(
            400, context.localized("Give %1$@ as a date, as 2026-03-12 (not “%2$@”).", name, text))
        }
        return day
      }
      if days[0] != nil || days[1] != nil {
        week = week.between(
          days[0].map { Schedule.midnight($0, in: team.zone) } ?? .distantPast,
          days[1].map { Schedule.midnight($0.adding(days: 1), in: team.zone) } ?? .distantFuture)
      }
      return context.json(week)
    }

    route(
      "PUT", "/api/players/{id}/availability",
      RoutePolicy(.ownPlayer(.path("id")), .sameOrigin, team: .player),
      json: AvailabilityInput.self
    ) { request, context, input in
      let player = try WebApp.player(
        context.parameters["id"], in: store.roster, language: context.language)
      let availability: Availability
      do throws(ValidationError) { availability = try input.validated() } catch {
        throw RosterError.invalid(error)
      }
      try await context.scope.setAvailability(of: player.id, to: availability)
      return context.json(availability)
    }

    route(
      "POST", "/api/week/events", RoutePolicy(.editor, .sameOrigin, team: .chosen),
      json: TeamNamed<EventInput>.self
    ) { _, context, body in
      let input = body.input
      let event = try await context.scope.addEvent(input)
      var response = context.json(WebApp.document(event, in: store.roster), status: 201)
      response.headers.append(("Location", "/api/week/events/\(event.id)"))
      return response
    }

    route("GET", "/api/week/events/{id}", RoutePolicy(.reader, team: .event)) { _, context in
      let roster = store.roster
      return context.json(
        WebApp.document(
          try WebApp.event(context.parameters["id"], in: roster, language: context.language),
          in: roster))
    }

    route(
      "PUT", "/api/week/events/{id}", RoutePolicy(.editor, .sameOrigin, team: .event),
      json: EventInput.self
    ) { _, context, input in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      let updated = try await context.scope.updateEvent(event.id, with: input)
      return context.json(WebApp.document(updated, in: store.roster))
    }

    route("DELETE", "/api/week/events/{id}", RoutePolicy(.editor, .sameOrigin, team: .event)) {
      _, context in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      try await context.scope.removeEvent(event.id)
      return HTTPResponse(status: 204)
    }

    route(
      "PUT", "/api/week/events/{id}/games", RoutePolicy(.editor, .sameOrigin, team: .event),
      json: [GameInput].self
    ) { _, context, games in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      let logged = try await context.scope.logGames(games, of: event.id)
      return context.json(WebApp.document(logged, in: store.roster))
    }

    route(
      "PUT", "/api/week/events/{id}/answers/{player}",
      RoutePolicy(.ownPlayer(.path("player")), .sameOrigin, team: .event),
      json: AnswerRequest.self
    ) { _, context, body in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      let player = try WebApp.player(
        context.parameters["player"], in: store.roster, language: context.language)
      let answered = try await context.scope.answer(
        body.answer, comment: body.comment, for: player.id, to: event.id)
      return context.json(WebApp.document(answered, in: store.roster))
    }

    route(
      "POST", "/api/week/events/{id}/invitations",
      RoutePolicy(.editor, .sameOrigin, team: .event), json: InvitationRequest.self
    ) { _, context, body in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      guard let player = Player.find(body.player, in: store.roster.players) else {
        throw HTTPError.playerNotFound(in: context.language)
      }
      let invited = try await context.scope.invite(player.id, to: event.id)
      return context.json(WebApp.document(invited, in: store.roster))
    }

    route("GET", "/api/calendar", RoutePolicy(.editor, team: .organisation)) { _, context in
      context.json(store.roster.schedule.feeds)
    }

    // The team is the body's `team` (or ?team=), the first team when none is named; a
    // player's address is for a player of that team.
    route(
      "POST", "/api/calendar", RoutePolicy(.editor, .sameOrigin, team: .chosen),
      json: FeedRequest.self
    ) { _, context, wanted in
      let feed = try await context.scope.createFeed(player: wanted.player)
      var response = context.json(feed, status: 201)
      response.headers.append(("Location", feed.path))
      return response
    }

    route(
      "DELETE", "/api/calendar/{secret}", RoutePolicy(.editor, .sameOrigin, team: .feed)
    ) { _, context in
      // The door found no team for an unknown secret.
      guard context.team != nil else {
        throw HTTPError(404, context.localized("No calendar address has this secret."))
      }
      try await context.scope.revokeFeed(context.parameters["secret"] ?? "")
      return HTTPResponse(status: 204)
    }

    // The feed itself: its secret is its key, for calendar apps that cannot sign in.
    route("GET", "/calendar/{file}", RoutePolicy(.anyone)) { _, context in
      let file = context.parameters["file"] ?? ""
      let roster = store.roster
      guard file.hasSuffix(".ics"),
        let feed = roster.schedule.feed(secret: String(file.dropLast(".ics".count)))
      else { throw HTTPError(404, context.localized("There is no calendar at this address.")) }
      let events: [TeamEvent]
      let name: String
      if let player = feed.playerID.flatMap({ roster.player(id: $0) }) {
        events = roster.schedule.events(inviting: player.id)
        name = "\(player.name) · \(roster.organisation)"
      } else if let team = feed.teamID.flatMap({ roster.team(id: $0) }) {
        events = roster.schedule.events.filter { $0.teamID == team.id }
        name = team.name
      } else {
        throw HTTPError(404, context.localized("There is no calendar at this address."))
      }
      let names = Dictionary(roster.players.map { ($0.id, $0.name) }) { first, _ in first }
      var response = HTTPResponse(
        status: 200, contentType: "text/calendar; charset=utf-8",
        body: Array(
          ICalendar.feed(name: name, events: events, players: names, language: context.language)
            .utf8))
      response.headers.append(("Cache-Control", "no-store"))
      return response
    }
  }
}

extension WebApp {
  /// The Monday of the week `day` falls in.
  static func monday(of day: Day, in zone: TimeZone) -> Day {
    let weekday =
      (try? EventInput.instant("\(day)T12:00", in: zone, field: .start)).map {
        Weekday(of: $0, in: zone)
      } ?? .monday
    return day.adding(days: 1 - weekday.rawValue)
  }

  /// An event form's fields.
  static func eventInput(_ form: [String: [String]]) -> EventInput {
    func value(_ name: String) -> String { form[name]?.first ?? "" }
    return EventInput(
      kind: value("kind"), start: value("start"), end: value("end"), opponent: value("opponent"),
      format: value("format"), place: value("place"), notes: value("notes"))
  }

  /// The result form's games: the rows with a result, in order.
  static func gameInputs(_ form: [String: [String]]) -> [GameInput] {
    (1...GameInput.maxGames).compactMap { number in
      guard let result = form["result\(number)"]?.first, !result.isEmpty else { return nil }
      func byRole(_ field: String) -> [String] {
        let values = Position.allCases.map { form["\(field)\(number)-\($0.rawValue)"]?.first ?? "" }
        return values.allSatisfy(\.isEmpty) ? [] : values
      }
      let champions = byRole("champion")
      // The form always names a player (the verdict's, preselected): one of a role without a
      // champion says nothing, as no game has them play.
      let players = byRole("player").enumerated().map { role, player in
        champions.indices.contains(role) && !champions[role].isEmpty ? player : ""
      }
      return GameInput(
        result: result, side: form["side\(number)"]?.first ?? "", champions: champions,
        players: players.allSatisfy(\.isEmpty) ? [] : players,
        opponentChampions: byRole("opponent"), vod: form["vod\(number)"]?.first ?? "")
    }
  }

  /// The week's pages: the week, an event, a player's hours, the calendar addresses.
  mutating func addWeekPageRoutes() {
    let store = store

    route("GET", "/week", RoutePolicy(.reader, team: .chosen)) { request, context in
      let team = try context.checkedTeam
      let today = Day(context.now, in: team.zone)
      let from =
        request.query["from"].flatMap { Day($0) } ?? WebApp.monday(of: today, in: team.zone)
      let (token, cookie) = WebApp.csrfToken(for: request)
      let notice: String? =
        request.query["planned"] != nil
        ? context.localized("Planned.")
        : request.query["cancelled"] != nil ? context.localized("Cancelled.") : nil
      return context.pages.week(
        store.roster, team: team, from: from, token: token, viewer: context.viewer, notice: notice
      ).with(cookie: cookie)
    }

    route("POST", "/week/events", RoutePolicy(.editor, .form, team: .chosen)) { request, context in
      let team = try context.checkedTeam
      let input = WebApp.eventInput(context.form)
      do throws(RosterError) {
        let event = try await context.scope.addEvent(input)
        return .redirect(to: "/events/\(event.id)?planned")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = WebApp.csrfToken(for: request)
        let day = Day(input.start.split(separator: "T").first.map(String.init) ?? "")
        return context.pages.week(
          store.roster, team: team,
          from: WebApp.monday(of: day ?? Day(context.now, in: team.zone), in: team.zone),
          token: token,
          viewer: context.viewer, form: (input, errors)
        ).with(cookie: cookie)
      }
    }

    route("GET", "/events/{id}", RoutePolicy(.reader, team: .event)) { request, context in
      let roster = store.roster
      let event = try WebApp.event(context.parameters["id"], in: roster, language: context.language)
      let (token, cookie) = WebApp.csrfToken(for: request)
      let notice: String? =
        request.query["planned"] != nil
        ? context.localized("Planned: the starters are invited.")
        : request.query["saved"] != nil ? context.localized("Saved.") : nil
      return context.pages.event(
        event, in: roster, token: token, viewer: context.viewer, notice: notice
      )
      .with(cookie: cookie)
    }

    route("POST", "/events/{id}/edit", RoutePolicy(.editor, .form, team: .event)) {
      request, context in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      let input = WebApp.eventInput(context.form)
      do throws(RosterError) {
        try await context.scope.updateEvent(event.id, with: input)
        return .redirect(to: "/events/\(event.id)?saved")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = WebApp.csrfToken(for: request)
        return context.pages.event(
          event, in: store.roster, token: token, viewer: context.viewer, form: (input, errors)
        ).with(cookie: cookie)
      }
    }

    route("POST", "/events/{id}/games", RoutePolicy(.editor, .form, team: .event)) {
      request, context in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      let games = WebApp.gameInputs(context.form)
      do throws(RosterError) {
        try await context.scope.logGames(games, of: event.id)
        return .redirect(to: "/events/\(event.id)?saved")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = WebApp.csrfToken(for: request)
        return context.pages.event(
          event, in: store.roster, token: token, viewer: context.viewer, games: (games, errors)
        ).with(cookie: cookie)
      }
    }

    route(
      "POST", "/events/{id}/answer", RoutePolicy(.ownPlayer(.form("player")), .form, team: .event)
    ) {
      request, context in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      let player = try WebApp.player(
        context.form["player"]?.first, in: store.roster, language: context.language)
      let answer = context.form["answer"]?.first.flatMap(TeamEvent.Answer.init(rawValue:))
      try await context.scope.answer(
        answer, comment: context.form["comment"]?.first, for: player.id, to: event.id)
      return .redirect(to: "/events/\(event.id)?saved")
    }

    route("POST", "/events/{id}/invite", RoutePolicy(.editor, .form, team: .event)) {
      _, context in
      let event = try WebApp.event(
        context.parameters["id"], in: store.roster, language: context.language)
      guard let player = Player.find(context.form["player"]?.first ?? "", in: store.roster.players)
      else { throw HTTPError.playerNotFound(in: context.language) }
      try await context.scope.invite(player.id, to: event.id)
      return .redirect(to: "/events/\(event.id)?saved")
    }

    route("POST", "/events/{id}/delete", RoutePolicy(.editor, .form, team: .event)) {
      _, context in
      let roster = store.roster
      let event = try WebApp.event(context.parameters["id"], in: roster, language: context.language)
      let team = roster.team(id: event.teamID) ?? roster.firstTeam
      try await context.scope.removeEvent(event.id)
      return .redirect(
        to:
          "/week?team=\(team.tag)&from=\(WebApp.monday(of: Day(event.start, in: team.zone), in: team.zone))&cancelled"
      )
    }

    route("GET", "/players/{id}/availability", RoutePolicy(.reader, team: .player)) {
      request, context in
      let player = try WebApp.player(
        context.parameters["id"], in: store.roster, language: context.language)
      let (token, cookie) = WebApp.csrfToken(for: request)
      return context.pages.availability(
        player, in: store.roster, token: token, canEdit: context.viewer.mayAnswer(for: player.id),
        now: context.now, notice: request.query["saved"] != nil ? context.localized("Saved.") : nil
      ).with(cookie: cookie)
    }

    route(
      "POST", "/players/{id}/availability",
      RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) {
      request, context in
      let roster = store.roster
      let player = try WebApp.player(
        context.parameters["id"], in: roster, language: context.language)
      let form = context.form
      var availability = roster.schedule.availability[player.id] ?? Availability()
      let weekly = form["weekly"]?.first
      let away = form["away"]?.first
      do throws(RosterError) {
        do throws(ValidationError) {
          if let day = form["awayToday"]?.first.flatMap { Day($0) } {
            availability.away.append(Absence(first: day, last: day))
          } else {
            availability.weekly = try Availability.weekly(parsing: weekly ?? "")
            availability.away = try (away ?? "").split(whereSeparator: \.isNewline)
              .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
              .map { (text) throws(ValidationError) in try Availability.absence(parsing: text) }
          }
        } catch { throw .invalid(error) }
        try await context.scope.setAvailability(of: player.id, to: availability)
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = WebApp.csrfToken(for: request)
        return context.pages.availability(
          player, in: store.roster, token: token, canEdit: true, now: context.now,
          input: (weekly ?? "", away ?? ""), errors: errors
        ).with(cookie: cookie)
      }
      return .redirect(to: "/players/\(player.id)/availability?saved")
    }

    route("POST", "/calendar/new", RoutePolicy(.editor, .form, team: .chosen)) {
      request, context in
      let scope = try context.scope
      _ = try await scope.createFeed()
      let team = scope.team
      return .redirect(to: "/week?team=\(team.tag)#calendar-title")
    }

    route("POST", "/calendar/revoke", RoutePolicy(.editor, .form, team: .chosen)) {
      request, context in
      let scope = try context.scope
      try await scope.revokeFeed(context.form["secret"]?.first ?? "")
      let team = scope.team
      return .redirect(to: "/week?team=\(team.tag)#calendar-title")
    }

    // A player's own address: the events they are invited to.
    route(
      "POST", "/players/{id}/calendar/new",
      RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) { _, context in
      let player = try WebApp.player(
        context.parameters["id"], in: store.roster, language: context.language)
      _ = try await context.scope.createFeed(player: player.id)
      return .redirect(to: "/players/\(player.id)/availability#calendar-title")
    }

    route(
      "POST", "/players/{id}/calendar/revoke",
      RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) { request, context in
      let player = try WebApp.player(
        context.parameters["id"], in: store.roster, language: context.language)
      // Only this player's own addresses, whoever asks here.
      try await context.scope.revokeFeed(context.form["secret"]?.first ?? "", player: player.id)
      return .redirect(to: "/players/\(player.id)/availability#calendar-title")
    }
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

extension WeekFeature {
  /// The week page a form was sent from (its `from` field), so that it comes back there.
  static func weekShown(_ team: Team, _ form: [String: [String]]) -> String {
    "/week?team=\(team.tag)" + (form["from"]?.first.flatMap { Day($0) }.map { "&from=\($0)" } ?? "")
  }

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
      format: value("format"), place: value("place"), notes: value("notes"),
      repeats: (form["repeats"] ?? []).joined(separator: ","), until: value("until"),
      draftRule: value("draftRule"))
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
  static func addWeekPageRoutes(_ router: inout Router) {
    addWeekViewRoutes(&router)
    addEventPageRoutes(&router)
    addEventAnswerRoutes(&router)
    addAvailabilityPageRoutes(&router)
    addCalendarPageRoutes(&router)
  }

  /// The week, and an event planned from it.
  private static func addWeekViewRoutes(_ router: inout Router) {
    router.teamRoute("GET", "/week", RoutePolicy(.reader, team: .chosen)) {
      request, context, scope in
      let team = scope.team
      let today = Day(context.now, in: team.zone)
      let from =
        request.query["from"].flatMap { Day($0) } ?? Self.monday(of: today, in: team.zone)
      let (token, cookie) = Door.csrfToken(for: request)
      let notice: String? =
        request.query["planned"] != nil
        ? context.localized("Planned.")
        : request.query["cancelled"] != nil ? context.localized("Cancelled.") : nil
      // What was just cancelled, while Recently removed holds it: its Undo.
      let undo = request.query["cancelled"].flatMap(UUID.init(text:)).flatMap {
        context.roster.schedule.removal(id: $0)
      }.flatMap { $0.event.teamID == team.id && context.viewer.canEdit ? $0 : nil }
      return context.pages.week(
        context.roster, team: team, from: from, token: token, viewer: context.viewer,
        now: context.now, planning: request.query["plan"].flatMap { Day($0) }, notice: notice,
        undo: undo
      ).with(cookie: cookie)
    }

    router.teamRoute("POST", "/week/events", RoutePolicy(.editor, .form, team: .chosen)) {
      request, context, scope in
      let team = scope.team
      let input = Self.eventInput(context.form)
      do throws(RosterError) {
        let event = try await scope.week.addEvent(input)
        return .redirect(to: "/events/\(event.id)?planned")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        let day = Day(input.start.split(separator: "T").first.map(String.init) ?? "")
        return context.pages.week(
          context.roster, team: team,
          from: Self.monday(of: day ?? Day(context.now, in: team.zone), in: team.zone),
          token: token, viewer: context.viewer, now: context.now, form: (input, errors)
        ).with(cookie: cookie)
      }
    }
  }

  /// An event: its page, its edit and its games.
  private static func addEventPageRoutes(_ router: inout Router) {
    router.route("GET", "/events/{id}", RoutePolicy(.reader, team: .event)) { request, context in
      let roster = context.roster
      let event = try context.event(context.parameters["id"], in: roster)
      let (token, cookie) = Door.csrfToken(for: request)
      let notice: String? =
        request.query["planned"] != nil
        ? context.localized("Planned: the starters are invited.")
        : request.query["saved"] != nil
          ? context.localized("Saved.")
          : request.query["restored"] != nil
            ? context.localized("Restored, with its answers, games and drafts.") : nil
      return context.pages.event(
        event, in: roster, token: token, viewer: context.viewer,
        draft: DraftView(event, query: request.query, now: context.now), notice: notice
      )
      .with(cookie: cookie)
    }

    router.teamRoute("POST", "/events/{id}/edit", RoutePolicy(.editor, .form, team: .event)) {
      request, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let input = Self.eventInput(context.form)
      do throws(RosterError) {
        try await scope.week.updateEvent(event.id, with: input)
        return .redirect(to: "/events/\(event.id)?saved")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.event(
          event, in: context.roster, token: token, viewer: context.viewer, form: (input, errors)
        ).with(cookie: cookie)
      }
    }

    router.teamRoute("POST", "/events/{id}/games", RoutePolicy(.editor, .form, team: .event)) {
      request, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let games = Self.gameInputs(context.form)
      do throws(RosterError) {
        try await scope.week.logGames(games, of: event.id)
        return .redirect(to: "/events/\(event.id)?saved")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.event(
          event, in: context.roster, token: token, viewer: context.viewer, games: (games, errors)
        ).with(cookie: cookie)
      }
    }
  }

  /// Answers to an event, invitations, and cancelling it.
  private static func addEventAnswerRoutes(_ router: inout Router) {
    router.teamRoute(
      "POST", "/events/{id}/answer", RoutePolicy(.ownPlayer(.form("player")), .form, team: .event)
    ) {
      request, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      let player = try context.player(context.form["player"]?.first, in: context.roster)
      let answer = context.form["answer"]?.first.flatMap(TeamEvent.Answer.init(rawValue:))
      try await scope.week.answer(
        answer, comment: context.form["comment"]?.first, for: player.id, to: event.id)
      return .redirect(to: "/events/\(event.id)?saved")
    }

    router.teamRoute("POST", "/events/{id}/invite", RoutePolicy(.editor, .form, team: .event)) {
      _, context, scope in
      let event = try context.event(context.parameters["id"], in: context.roster)
      guard
        let player = Player.find(context.form["player"]?.first ?? "", in: context.roster.players)
      else { throw HTTPError.playerNotFound(in: context.language) }
      try await scope.week.invite(player.id, to: event.id)
      return .redirect(to: "/events/\(event.id)?saved")
    }

    // An event holding answers, games or drafts is cancelled once confirmed; it goes to
    // Recently removed, and the week it leaves offers Undo.
    router.teamRoute("POST", "/events/{id}/delete", RoutePolicy(.editor, .form, team: .event)) {
      request, context, scope in
      let roster = context.roster
      let event = try context.event(context.parameters["id"], in: roster)
      let team = roster.team(id: event.teamID) ?? roster.firstTeam
      let following = context.form["following"]?.first == "true"
      let cancelled = following ? roster.schedule.series(from: event) : [event]
      if context.form["confirm"]?.first != "yes", cancelled.contains(where: RemovedEvent.holdsWork)
      {
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.cancelling(cancelled, following: following, token: token)
          .with(cookie: cookie)
      }
      try await scope.week.removeEvent(event.id, following: following)
      return .redirect(
        to:
          "/week?team=\(team.tag)&from=\(Self.monday(of: Day(event.start, in: team.zone), in: team.zone))&cancelled=\(event.id)"
      )
    }

    router.teamRoute("POST", "/events/{id}/restore", RoutePolicy(.editor, .form, team: .event)) {
      _, context, scope in
      guard let id = context.parameters["id"].flatMap(UUID.init(text:)) else {
        throw HTTPError(
          .notFound, context.localized("No event with this id is in Recently removed."))
      }
      let event = try await scope.week.restoreEvent(id)
      return .redirect(to: "/events/\(event.id)?restored")
    }
  }

  /// A player's hours and days away.
  private static func addAvailabilityPageRoutes(_ router: inout Router) {
    router.route("GET", "/players/{id}/availability", RoutePolicy(.reader, team: .player)) {
      request, context in
      let player = try context.player(context.parameters["id"], in: context.roster)
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.availability(
        player, in: context.roster, token: token, canEdit: context.viewer.mayAnswer(for: player.id),
        now: context.now, notice: request.query["saved"] != nil ? context.localized("Saved.") : nil
      ).with(cookie: cookie)
    }

    router.teamRoute(
      "POST", "/players/{id}/availability",
      RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) {
      request, context, scope in
      let roster = context.roster
      let player = try context.player(context.parameters["id"], in: roster)
      let form = context.form
      var availability = roster.schedule.availability[player.id] ?? Availability()
      let weekly = form["weekly"]?.first
      let away = form["away"]?.first
      do throws(RosterError) {
        do throws(ValidationError) {
          if let day = form["awayToday"]?.first.flatMap({ Day($0) }) {
            availability.away.append(Absence(first: day, last: day))
          } else if let from = form["awayFrom"]?.first {
            // Days picked from the date picker, added to those already away.
            let to = form["awayTo"]?.first.flatMap { $0.isEmpty ? nil : $0 }
            availability.away.append(
              try Availability.absence(parsing: to.map { "\(from)..\($0)" } ?? from))
          } else if form["grid"] != nil {
            // The painted grid: its hours replace the weekly ones; the days away stay.
            availability.weekly = WeeklyBlock.blocks(
              hours: Set((form["hour"] ?? []).compactMap(HourSlot.init(code:))))
          } else {
            availability.weekly = try Availability.weekly(parsing: weekly ?? "")
            availability.away = try (away ?? "").split(whereSeparator: \.isNewline)
              .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
              .map { (text) throws(ValidationError) in try Availability.absence(parsing: text) }
          }
        } catch { throw .invalid(error) }
        try await scope.week.setAvailability(of: player.id, to: availability)
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.availability(
          player, in: context.roster, token: token, canEdit: true, now: context.now,
          input: (weekly ?? "", away ?? ""), errors: errors
        ).with(cookie: cookie)
      }
      return .redirect(to: "/players/\(player.id)/availability?saved")
    }
  }

  /// The private calendar addresses.
  private static func addCalendarPageRoutes(_ router: inout Router) {
    router.teamRoute("POST", "/calendar/new", RoutePolicy(.editor, .form, team: .chosen)) {
      _, context, scope in
      _ = try await scope.week.createFeed()
      return .redirect(to: Self.weekShown(scope.team, context.form) + "#calendar-title")
    }

    router.teamRoute("POST", "/calendar/revoke", RoutePolicy(.editor, .form, team: .chosen)) {
      _, context, scope in
      try await scope.week.revokeFeed(context.form["secret"]?.first ?? "")
      return .redirect(to: Self.weekShown(scope.team, context.form) + "#calendar-title")
    }

    // A player's own address: the events they are invited to.
    router.teamRoute(
      "POST", "/players/{id}/calendar/new",
      RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) { _, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      _ = try await scope.week.createFeed(player: player.id)
      return .redirect(to: "/players/\(player.id)/availability#calendar-title")
    }

    router.teamRoute(
      "POST", "/players/{id}/calendar/revoke",
      RoutePolicy(.ownPlayer(.path("id")), .form, team: .player)
    ) { request, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      // Only this player's own addresses, whoever asks here.
      try await scope.week.revokeFeed(
        context.form["secret"]?.first ?? "", player: player.id)
      return .redirect(to: "/players/\(player.id)/availability#calendar-title")
    }
  }
}

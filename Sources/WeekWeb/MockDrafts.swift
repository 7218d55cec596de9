import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Mock drafts: a team's drafts tried out away from any game, made empty or from a game's
/// draft, filled turn by turn on a board of their own, and compared two by two.
extension WeekFeature {
  static func addMockDraftRoutes(_ router: inout Router) {
    router.teamRoute("GET", "/teams/{tag}/mocks", RoutePolicy(.reader, team: .tag)) {
      request, context, scope in
      let (token, cookie) = Door.csrfToken(for: request)
      return context.pages.mockList(
        scope.team, in: context.roster, viewer: context.viewer, token: token
      )
      .with(cookie: cookie)
    }
    router.teamRoute("POST", "/teams/{tag}/mocks", RoutePolicy(.editor, .form, team: .tag)) {
      request, context, scope in
      let form = context.form
      func value(_ name: String) -> String { form[name]?.first ?? "" }
      let from = value("from").split(separator: ":")
      let origin =
        from.count == 2
        ? UUID(text: String(from[0])).flatMap { event in
          Int(from[1]).map { MockDraft.Origin(event: event, game: $0) }
        } : nil
      do throws(RosterError) {
        let mock = try await scope.drafts.addMock(
          named: value("name"), side: Game.Side(rawValue: value("side")) ?? .blue, from: origin)
        return .redirect(to: "/teams/\(scope.team.tag)/mocks/\(mock.id)")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.mockList(
          scope.team, in: context.roster, viewer: context.viewer, token: token,
          typed: (value("name"), errors)
        ).with(cookie: cookie)
      }
    }
    // Before `{id}`: the comparison's own path.
    router.teamRoute("GET", "/teams/{tag}/mocks/compare", RoutePolicy(.reader, team: .tag)) {
      request, context, scope in
      let mocks = context.roster.schedule.mocks.filter { $0.teamID == scope.team.id }
      func mock(_ name: String) throws(HTTPError) -> MockDraft {
        guard let id = UUID(text: request.query[name] ?? ""),
          let found = mocks.first(where: { $0.id == id })
        else {
          throw HTTPError(
            .notFound, context.localized("Choose two of the team's mock drafts to compare."))
        }
        return found
      }
      return context.pages.mockCompare(
        try mock("a"), try mock("b"), of: scope.team, in: context.roster)
    }
    addMockBoardRoutes(&router)
  }

  private static func addMockBoardRoutes(_ router: inout Router) {
    router.teamRoute("GET", "/teams/{tag}/mocks/{id}", RoutePolicy(.reader, team: .tag)) {
      request, context, scope in
      let mock = try Self.mock(context, of: scope.team)
      let (token, cookie) = Door.csrfToken(for: request)
      let turn = request.query["turn"].flatMap { Int($0) }.flatMap {
        DraftSlot.order.indices.contains($0) ? $0 : nil
      }
      return context.pages.mockBoard(
        mock, of: scope.team, in: context.roster, turn: turn ?? mock.draft.nextTurn,
        viewer: context.viewer, token: token
      ).with(cookie: cookie)
    }
    router.teamRoute("POST", "/teams/{tag}/mocks/{id}", RoutePolicy(.editor, .form, team: .tag)) {
      request, context, scope in
      let mock = try Self.mock(context, of: scope.team)
      let turn = Int(context.form["turn"]?.first ?? "") ?? -1
      // Without a champion tapped, what the search says (Enter in it sends the form).
      let typed = [context.form["champion"]?.first, context.form["search"]?.first]
        .compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
      let champion = context.form["empty"]?.first == "1" ? nil : typed
      guard champion != nil || context.form["empty"]?.first == "1" else {
        throw HTTPError(
          .invalid, context.localized("Choose a champion, or empty the turn."))
      }
      do throws(RosterError) {
        let saved = try await scope.drafts.chooseInMock(mock.id, champion: champion, at: turn)
        let next = saved.draft.nextTurn.map { "?turn=\($0)" } ?? ""
        return .redirect(to: "/teams/\(scope.team.tag)/mocks/\(mock.id)\(next)#board")
      } catch {
        guard let errors = error.validation else { throw error }
        let (token, cookie) = Door.csrfToken(for: request)
        return context.pages.mockBoard(
          mock, of: scope.team, in: context.roster, turn: turn, viewer: context.viewer,
          token: token, error: Message(joining: errors.issues.map(\.text))
        ).with(cookie: cookie)
      }
    }
    router.teamRoute(
      "POST", "/teams/{tag}/mocks/{id}/delete", RoutePolicy(.editor, .form, team: .tag)
    ) { _, context, scope in
      let mock = try Self.mock(context, of: scope.team)
      try await scope.drafts.removeMock(mock.id)
      return .redirect(to: "/teams/\(scope.team.tag)/mocks")
    }
  }

  /// The team's mock draft the path names; 404 for another's or none.
  private static func mock(_ context: RequestContext, of team: Team) throws(HTTPError)
    -> MockDraft
  {
    guard let id = UUID(text: context.parameters["id"] ?? ""),
      let mock = context.roster.schedule.mocks.first(where: { $0.id == id && $0.teamID == team.id })
    else {
      throw HTTPError(
        .notFound, context.localized("No mock draft of the team has this id: it may be deleted."))
    }
    return mock
  }
}

import Foundation
import TeamAPI
import TeamAccess
import TeamHTTP
import TeamKit
import WebBase

/// The door's own routes, beside the features': the live events, the champions, the API's
/// document, the health check and the language switch.
extension WebApp {
  mutating func addDoorRoutes() {
    addOrganisationAPIRoutes()
    addHealthRoute()
    addLanguageRoute()
  }

  /// The live events, the champions and the API's own document.
  private mutating func addOrganisationAPIRoutes() {
    let events = events
    let app = self
    router.route(.followChanges, RoutePolicy(.reader, team: .organisation)) {
      request, context in
      try events.subscribe(
        lastEventID: request.header("last-event-id"), address: app.clientAddress(request),
        identity: context.identity, in: context.language)
    }

    router.route(.listChampions, RoutePolicy(.reader, team: .organisation)) {
      request, context in
      var classes: Set<ChampionClass> = []
      if let text = request.query["class"], !text.isEmpty {
        guard let found = ChampionClass(rawValue: text) else {  // as the schema's enum
          throw HTTPError(
            .malformed,
            context.localized(
              "“%@” is not a class; use Fighter, Tank, Mage, Assassin, Marksman or Support.", text)
          )
        }
        classes = [found]
      }
      let query = request.query["q"] ?? ""
      guard query.unicodeScalars.count <= 100 else {  // as the schema counts
        throw HTTPError(
          .malformed, context.localized("Shorten the search to 100 characters or fewer."))
      }
      return context.json(context.pages.champions.search(query, classes: classes))
    }

    router.route(.getOpenAPI, RoutePolicy(.reader, team: .organisation)) { [openAPI] _, _ in
      HTTPResponse(status: 200, contentType: "application/json", body: openAPI.bytes)
    }
  }

  /// For a load balancer: ready only while the database answers (a server whose PostgreSQL
  /// is gone is taken out of rotation, and put back once it reconnects). A server about to
  /// stop says so first (``Options/isStopping``). The owner also reads each job's state.
  private mutating func addHealthRoute() {
    router.route("GET", "/healthz", RoutePolicy(.anyone, team: .organisation)) {
      [options, jobs, probe] _, context in
      let problem =
        options.isStopping()
        ? "stopping"
        : await probe.answers(within: .milliseconds(800)) ? nil : "the database does not answer"
      var lines = [problem ?? "ready"]
      if context.identity.role == .owner {
        lines += jobs.states.map { Self.healthLine($0, now: context.now) }
      }
      return HTTPResponse(
        status: problem == nil ? 200 : 503,
        headers: [
          ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"),
        ], body: Array(lines.map { $0 + "\n" }.joined().utf8))
    }
  }

  /// A job's state as a line: `riot: every 10 s, 42 turns, last 3 s ago, ok`.
  static func healthLine(_ job: Jobs.State, now: Date) -> String {
    let seconds = job.every.components.seconds
    let every =
      seconds > 0
      ? "\(seconds) s" : "\(job.every.components.attoseconds / 1_000_000_000_000_000) ms"
    let last =
      job.lastEnded.map { "last \(Int(now.timeIntervalSince($0).rounded())) s ago" } ?? "not yet"
    return "\(job.name): every \(every), \(job.turns) turns, \(last), "
      + (job.failure.map { "failing: \($0)" } ?? "ok")
  }

  private mutating func addLanguageRoute() {
    // The language switch: remembered for a year, then back to the page it was used on.
    router.route("GET", "/language/{code}", RoutePolicy(.anyone, team: .organisation)) {
      request, context in
      guard let language = context.parameters["code"].flatMap(Language.init(rawValue:)) else {
        throw HTTPError(.notFound, context.localized("Choose English (en) or French (fr)."))
      }
      var response = HTTPResponse.redirect(
        to: WebApp.sameOriginPath(request.header("referer"), request) ?? "/")
      response.headers.append(
        (
          "Set-Cookie",
          "\(Door.languageCookie)=\(language.rawValue); Path=/; Max-Age=31536000; SameSite=Lax"
        ))
      return response
    }
  }
}

import Discord
import Foundation
import Riot
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// Every route of the app × every kind of caller, each on a fresh copy of one organisation,
/// with a target in team A (KC Blue, deliberately not the first team, so that a fall-back to
/// the first team shows): who is let through, who is refused, and that a refusal changes
/// nothing. The routes come from the app's own table; a route without a rule here fails.
@Suite struct AuthorizationMatrixTests {
  /// Who may use a route, written here independently of the routes' policies.
  enum Rule: Sendable {
    /// Anyone, signed in or not.
    case anyone
    /// Every account and token.
    case reader
    /// Every account and token but a player's.
    case staff
    /// Owners, and editors of team A.
    case editor
    /// Owners, and editors of every team (a limited editor is refused).
    case organisationEditor
    /// Owners alone.
    case owner
    /// Any account; a token only reads.
    case person
    /// Editors of team A, and the target player's own account.
    case ownPlayer
    /// The staff, and the target player's own account.
    case personal
    /// Nobody: only a request signed by the Discord application (none of these callers).
    case discord
  }

  /// A kind of caller.
  enum Caller: String, CaseIterable, Sendable {
    case signedOut, owner, editorA, editorB, viewerA, playerA, playerB
    case ownerToken, editorAToken, editorBToken, viewerAToken

    var isToken: Bool { rawValue.hasSuffix("Token") }

    /// Whether the rule lets this caller use a route with this method.
    func may(_ rule: Rule, _ method: String) -> Bool {
      let reads = method == "GET" || method == "HEAD"
      switch rule {
      case .anyone: return true
      case .reader: return self != .signedOut
      case .staff: return ![.signedOut, .playerA, .playerB].contains(self)
      // The target is player A: theirs, not player B's.
      case .personal: return ![.signedOut, .playerB].contains(self)
      case .editor: return [.owner, .ownerToken, .editorA, .editorAToken].contains(self)
      case .organisationEditor, .owner: return [.owner, .ownerToken].contains(self)
      case .person: return self != .signedOut && (!isToken || reads)
      case .ownPlayer:
        return [.owner, .ownerToken, .editorA, .editorAToken, .playerA].contains(self)
      case .discord: return false
      }
    }
  }

  /// The rule of every route, by `METHOD /pattern`.
  static let rules: [String: Rule] = [
    "GET /": .reader, "GET /teams/{tag}": .reader, "GET /players/new": .editor,
    "POST /players": .editor, "GET /players/{id}": .reader, "GET /players/{id}/delete": .editor,
    "GET /players/{id}/edit": .editor, "POST /players/{id}/edit": .editor,
    "POST /players/{id}/delete": .editor, "POST /players/{id}/move": .editor,
    "POST /players/{id}/lineup": .editor, "POST /players/{id}/swap": .editor,
    "GET /history": .staff, "GET /trash": .staff, "GET /language/{code}": .anyone,
    "POST /trash/{id}/restore": .editor,
    // Accounts and sessions.
    "GET /signin": .anyone, "POST /signin": .anyone, "POST /signout": .person,
    "POST /signout/all": .person, "POST /api/session": .anyone, "GET /api/session": .person,
    "DELETE /api/session": .person, "GET /account": .person, "POST /account/password": .person,
    "GET /accounts": .owner, "POST /accounts": .owner, "POST /accounts/{name}/role": .owner,
    "POST /accounts/{name}/remove": .owner,
    // The JSON API.
    "GET /api/players": .reader, "POST /api/players": .editor, "GET /api/players/{id}": .reader,
    "PATCH /api/players/{id}": .editor, "DELETE /api/players/{id}": .editor,
    "GET /api/trash": .staff, "POST /api/trash/{id}/restore": .editor,
    "GET /api/roster/order": .reader, "PUT /api/roster/order": .editor,
    "POST /api/players/{id}/swap": .editor, "GET /api/lineup": .reader, "GET /api/events": .reader,
    "GET /api/history": .staff, "GET /api/champions": .reader, "GET /api/openapi.json": .reader,
    "GET /healthz": .anyone,
    // Teams and the organisation.
    "GET /api/organisation": .reader, "PATCH /api/organisation": .owner, "GET /api/teams": .reader,
    "POST /api/teams": .owner, "GET /api/teams/{tag}": .reader,
    "GET /api/teams/{tag}/players": .reader, "PATCH /api/teams/{tag}": .owner,
    "DELETE /api/teams/{tag}": .owner,
    // A move needs a role on both teams: here only the owner has one on KCorp and KC Blue.
    "POST /api/players/{id}/transfer": .owner, "POST /players/{id}/team": .owner,
    "GET /api/players/{id}/tenures": .personal, "GET /api/contracts": .staff, "GET /teams": .reader,
    "POST /teams": .owner, "POST /teams/{tag}/edit": .owner, "POST /teams/{tag}/delete": .owner,
    "POST /organisation": .owner, "GET /players/{id}/team": .editor,
    // Files, pictures, champion art.
    "GET /export.json": .staff, "GET /export.csv": .staff, "GET /export.fr.csv": .staff,
    "GET /export.xlsx": .staff,
    "GET /import": .organisationEditor,
    "POST /import": .organisationEditor, "POST /imports/{id}/undo": .organisationEditor,
    "GET /teams/{tag}/import": .editor, "POST /teams/{tag}/import": .editor,
    "POST /teams/{tag}/imports/{id}/undo": .editor, "POST /api/teams/{tag}/import": .editor,
    "POST /api/teams/{tag}/imports/{id}/undo": .editor, "PUT /api/players/{id}/photo": .editor,
    "DELETE /api/players/{id}/photo": .editor, "GET /photos/{file}": .reader,
    "GET /images/{name}": .reader, "GET /players/{id}/picture": .reader,
    "GET /static/{file}": .anyone, "GET /champion-art": .owner, "POST /champion-art": .owner,
    // The week.
    "GET /api/week": .reader, "PUT /api/players/{id}/availability": .ownPlayer,
    "POST /api/week/events": .editor, "GET /api/week/events/{id}": .reader,
    "PUT /api/week/events/{id}": .editor, "DELETE /api/week/events/{id}": .editor,
    "POST /api/week/events/{id}/restore": .editor, "POST /events/{id}/restore": .editor,
    "POST /events/{id}/timer": .editor, "POST /events/{id}/links": .editor,
    "POST /events/{id}/links/{secret}/delete": .editor,
    // A draft link is its own credential: the other team's captain has no account.
    "GET /draft/{secret}": .anyone, "POST /draft/{secret}": .anyone,
    "PUT /api/week/events/{id}/games": .editor, "PUT /api/week/events/{id}/drafts/{game}": .editor,
    "PUT /api/week/events/{id}/answers/{player}": .ownPlayer,
    "POST /api/week/events/{id}/invitations": .editor, "POST /events/{id}/invite": .editor,
    "GET /api/calendar": .organisationEditor,
    "POST /api/calendar": .editor, "DELETE /api/calendar/{secret}": .editor,
    "GET /calendar/{file}": .anyone, "GET /week": .reader, "POST /week/events": .editor,
    "GET /events/{id}": .reader, "POST /events/{id}/edit": .editor,
    "POST /events/{id}/games": .editor, "POST /events/{id}/answer": .ownPlayer,
    "POST /events/{id}/delete": .editor, "GET /players/{id}/availability": .reader,
    "POST /players/{id}/availability": .ownPlayer, "POST /calendar/new": .editor,
    "POST /calendar/revoke": .editor, "POST /players/{id}/calendar/new": .ownPlayer,
    "POST /players/{id}/calendar/revoke": .ownPlayer,
    "POST /events/{id}/drafts/{game}": .editor, "GET /pools": .reader,
    "POST /players/{id}/pool": .editor, "GET /api/pools": .reader, "GET /api/figures": .reader,
    "GET /api/players/{id}/pool": .reader, "PUT /api/players/{id}/pool": .editor,
    "POST /events/{id}/proposals": .ownPlayer,
    "POST /events/{id}/notes": .editor, "POST /events/{id}/notes/{note}/delete": .editor,
    "GET /teams/{tag}/mocks": .reader, "POST /teams/{tag}/mocks": .editor,
    "GET /teams/{tag}/mocks/compare": .reader, "GET /teams/{tag}/mocks/{id}": .reader,
    "POST /teams/{tag}/mocks/{id}": .editor, "POST /teams/{tag}/mocks/{id}/delete": .editor,
    "POST /events/{id}/proposals/{proposal}/delete": .ownPlayer,
    "POST /api/week/events/{id}/players/{player}/proposals": .ownPlayer,
    "DELETE /api/week/events/{id}/proposals/{proposal}": .editor,
    // Solo queue.
    "GET /riot": .owner, "POST /riot": .owner, "GET /api/riot": .owner, "PUT /api/riot": .owner,
    "GET /soloq": .reader, "POST /teams/{tag}/riot": .editor, "GET /players/{id}/soloq": .reader,
    "POST /players/{id}/riot": .editor, "GET /api/soloq": .reader,
    "POST /api/soloq/refresh": .editor, "GET /api/players/{id}/soloq": .reader,
    // Discord.
    "POST /discord/interactions": .discord, "GET /teams/{tag}/discord": .editor,
    "POST /teams/{tag}/discord": .editor, "POST /discord": .owner,
    "POST /teams/{tag}/discord/test": .editor, "POST /discord/commands": .owner,
    "GET /api/teams/{tag}/discord": .editor, "PUT /api/teams/{tag}/discord": .editor,
    "GET /api/discord": .owner, "PUT /api/discord": .owner,
    "GET /players/{id}/discord": .ownPlayer, "POST /players/{id}/discord": .ownPlayer,
    "POST /players/{id}/discord/unlink": .ownPlayer,
    "POST /api/players/{id}/discord/code": .ownPlayer, "GET /account/discord": .person,
    "POST /account/discord": .person, "POST /account/discord/unlink": .person,
  ]

  @Test func everyRouteHasARuleAndEveryRuleARoute() async throws {
    let organisation = try await Organisation.shared
    let routes = Set(organisation.routes.filter { !Self.isAsset($0) })
    #expect(routes.subtracting(Self.rules.keys).sorted() == [], "routes without a rule")
    #expect(Set(Self.rules.keys).subtracting(routes).sorted() == [], "rules without a route")
  }

  @Test(arguments: Rule.cases)
  func eachCallerIsLetThroughOrRefusedAsTheRuleSaysAndARefusalChangesNothing(_ group: Rule)
    async throws
  {
    let organisation = try await Organisation.shared
    let routes = Self.rules.filter { $0.value == group }.keys.sorted()
    #expect(!routes.isEmpty)
    for route in routes {
      let parts = route.split(separator: " ", maxSplits: 1)
      let method = String(parts[0])
      for caller in Caller.allCases {
        let copy = try await organisation.copy()
        let before = try copy.state()
        let response = try await copy.send(method, String(parts[1]), as: caller)
        let refused =
          response.status == 401 || response.status == 403
          // Nobody signed in is sent to sign in from a page (a read); a signed-out
          // visitor's own sign-out lands there too, and is no refusal.
          || (method == "GET" && response.status == 303
            && response.header("location")?.hasPrefix("/signin") == true)
        let expected = caller.may(group, method)
        #expect(
          refused != expected,
          "\(route) as \(caller): \(response.status) \(response.text.prefix(160))")
        #expect(response.status < 500, "\(route) as \(caller): \(response.status)")
        if refused {
          #expect(try copy.state() == before, "\(route) as \(caller) changed something")
        }
      }
    }
  }

  static func isAsset(_ route: String) -> Bool {
    [Asset.stylesheet.path, Asset.script.path].contains { route == "GET " + $0 }
  }
}

extension AuthorizationMatrixTests.Rule: CaseIterable {}

extension AuthorizationMatrixTests.Rule {
  static var cases: [Self] { allCases }
}

/// One organisation, built once: KCorp (the first team, B) and KC Blue (A), each with an
/// editor; a viewer of A; two players' own accounts; a token per staff account; an event,
/// a removed player, calendar addresses and an import of A. Each case runs on a copy of its file.
final class Organisation: Sendable {
  static let password = "matrix password"
  let folder: TemporaryFolder
  let template: String
  let cookies: [AuthorizationMatrixTests.Caller: String]
  let tokens: [AuthorizationMatrixTests.Caller: String]
  let own: Player
  let mate: Player
  let gone: UUID
  let event: UUID
  let feed: String
  let ownFeed: String
  /// An import into A, which its Undo puts back.
  let imported: Int64
  let routes: [String]
  static let csrf = String(repeating: "ab", count: 32)

  /// Made once, on first use, for every test of the suite.
  private actor Made {
    var task: Task<Organisation, any Error>?
    func organisation() async throws -> Organisation {
      let task = self.task ?? Task { try await Organisation() }
      self.task = task
      return try await task.value
    }
  }
  private static let made = Made()

  /// The organisation, made on first use.
  static var shared: Organisation {
    get async throws { try await made.organisation() }
  }

  static func policy() -> AccessControl.Policy {
    var policy = AccessControl.Policy()
    policy.passwordParameters = .init(memoryKiB: 64, iterations: 1, parallelism: 1)
    policy.concurrentHashes = 2
    return policy
  }

  private init() async throws {
    folder = try TemporaryFolder()
    let store = try RosterStore(path: folder.path("build.sqlite"))
    let access = AccessControl(store: store, policy: Self.policy())
    let blue = try await store.teamRows.addTeam(
      TeamInput(name: "KC Blue", tag: "KCB", league: "LFL", parent: "KC"))
    // Personal data of their own, which only the staff and each of them see.
    var saken = PlayerInput(name: "Saken", position: "Mid", team: "KCB")
    saken.realName = "Lucas Fayard"
    saken.birthDate = "2001-05-12"
    own = try await store.playerRows.addPlayer(saken)
    var tao = PlayerInput(name: "Tao", position: "Mid", team: "KCB")
    tao.realName = "Taoufik Belkacem"
    tao.nationality = "MA"
    tao.birthDate = "2008-02-29"
    tao.contractEnd = Day(Date()).adding(days: 30).description
    mate = try await store.playerRows.addPlayer(tao)
    let removed = try await store.playerRows.addPlayer(
      PlayerInput(name: "Gone", position: "Top", team: "KCB"))
    try await store.playerRows.removePlayer(id: removed.id)
    gone = removed.id
    let start = Day(Date()).adding(days: 3)
    event = try await store.weekRows.addEvent(
      EventInput(kind: "scrim", start: "\(start)T20:00", opponent: "G2"), team: "KCB"
    ).id
    feed = try await store.weekRows.createFeed(team: blue.id).secret
    ownFeed = try await store.weekRows.createFeed(player: own.id).secret
    imported = try await store.importRows.importRoster(
      try store.importRows.planImport(Data("name,position\nImported,Support\n".utf8), team: blue)
    ).id
    let canna = Player.defaultRoster[0]
    typealias Caller = AuthorizationMatrixTests.Caller
    let accounts: [(Caller, Role, Set<UUID>?, UUID?)] = [
      (.owner, .owner, nil, nil), (.editorA, .editor, [blue.id], nil),
      (.editorB, .editor, [Team.first.id], nil), (.viewerA, .viewer, [blue.id], nil),
      (.playerA, .player, [blue.id], own.id), (.playerB, .player, [Team.first.id], canna.id),
    ]
    var cookies: [Caller: String] = [:]
    var tokens: [Caller: String] = [:]
    for (caller, role, teams, player) in accounts {
      try await access.addAccount(
        name: caller.rawValue.lowercased(), role: role, password: Self.password, teams: teams,
        player: player)
      guard
        case .signedIn(let session, _) = try await access.signIn(
          name: caller.rawValue.lowercased(), password: Self.password, address: "127.0.0.1")
      else { throw AccessError(Message(verbatim: "no session for \(caller)")) }
      cookies[caller] = "kcorp_session=\(session)"
      if role != .player, let token = Caller(rawValue: caller.rawValue + "Token") {
        tokens[token] = try await access.createToken(
          name: token.rawValue.lowercased(), role: role, teams: teams)
      }
    }
    self.cookies = cookies
    self.tokens = tokens
    template = folder.path("template.sqlite")
    _ = try store.backup(to: template)
    routes = WebApp(store: store).router.patterns
  }

  /// A fresh copy of the organisation, served in process.
  func copy() async throws -> Copy {
    let path = folder.path("case-\(UUID().uuidString).sqlite")
    try FileManager.default.copyItem(atPath: template, toPath: path)
    let store = try RosterStore(path: path)
    let access = AccessControl(store: store, policy: Self.policy())
    let app = WebApp(
      store: store, options: WebApp.Options(requireLogin: true), access: access)
    return Copy(
      organisation: self, store: store, access: access,
      client: AppClient(app: app, host: "127.0.0.1", maxBodyBytes: 64 * 1024),
      file: CaseFile(path: path))
  }

  /// A copy's database file, deleted once the copy is done with: the organisation is kept
  /// for the whole run, and its folder with it.
  final class CaseFile: Sendable {
    let path: String
    init(path: String) { self.path = path }
    deinit {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
  }

  /// A copy and its app.
  struct Copy {
    let organisation: Organisation
    let store: RosterStore
    let access: AccessControl
    let client: AppClient
    let file: CaseFile

    /// What a refusal must leave as it was: the roster (players, teams, the week, the
    /// calendar addresses), the accounts and the tokens.
    func state() throws -> [String] {
      let roster = store.roster
      return [
        String(describing: roster.version), String(describing: roster.schedule.feeds),
        String(describing: try store.riot.settings()),
        String(describing: try store.discord.teams()),
        String(describing: try store.discord.application()),
      ]
        + (try access.accounts().map { "\($0.name) \($0.role) \(String(describing: $0.teams))" })
        + (try access.tokens().map { "\($0.name)" })
    }

    /// Sends `method pattern` with the parameters of team A's targets and a body that would
    /// change something, as `caller`.
    func send(_ method: String, _ pattern: String, as caller: AuthorizationMatrixTests.Caller)
      async throws -> WireResponse
    {
      let o = organisation
      let path =
        "/"
        + pattern.split(separator: "/").map { segment -> String in
          switch segment {
          case "{id}" where pattern.contains("imports/{id}"): String(o.imported)
          case "{id}":
            pattern.hasPrefix("/trash") || pattern.hasPrefix("/api/trash")
              ? o.gone.text
              : pattern.contains("events/{id}") ? o.event.text : o.own.id.text
          case "{player}": o.own.id.text
          case "{game}": "1"
          case "{tag}": "KCB"
          case "{secret}": o.feed
          case "{file}": pattern.hasPrefix("/calendar") ? o.feed + ".ics" : "missing.png"
          case "{name}": "viewera"
          case "{code}": "fr"
          default: String(segment)
          }
        }.joined(separator: "/")
      let cookie = ["kcorp_csrf=\(Organisation.csrf)"] + (o.cookies[caller].map { [$0] } ?? [])
      var headers = ["Origin": "http://127.0.0.1", "Cookie": cookie.joined(separator: "; ")]
      if let token = o.tokens[caller] { headers["Authorization"] = "Bearer \(token)" }
      let query =
        pattern == "/api/teams/{tag}/import"
        ? "?confirm=true"
        : [
          "/players/new", "/week", "/api/week", "/api/players", "/api/lineup", "/soloq",
          "/api/soloq", "/api/soloq/refresh",
        ]
        .contains(pattern) || pattern.hasPrefix("/api/roster") ? "?team=KCB" : ""
      let (type, body) = Self.body(method, pattern, o)
      if let type { headers["Content-Type"] = type }
      if pattern == "/api/roster/order", method == "PUT" {
        headers["If-Match"] = "*"
      }
      return try await client.send(method, path + query, headers: headers, body: Array(body.utf8))
    }

    /// A body that would change something on team A.
    static func body(_ method: String, _ pattern: String, _ o: Organisation) -> (String?, String) {
      let json = "application/json"
      if method == "GET" || method == "DELETE" { return (nil, "") }
      if pattern == "/api/teams/{tag}/import" {
        return ("text/csv", "name,position\nIntruder,Top\n")
      }
      if pattern.hasPrefix("/api/") {
        let text: String =
          switch pattern {
          case "/api/players": #"{"name":"Intruder","position":"Top","team":"KCB"}"#
          case "/api/players/{id}": #"{"position":"Top"}"#
          case "/api/players/{id}/swap": #"{"with":"Tao"}"#
          case "/api/players/{id}/transfer": #"{"team":"KC"}"#
          case "/api/players/{id}/availability": #"{"weekly":"mon 18-23","away":[]}"#
          case "/api/roster/order": #"["\#(o.mate.id)","\#(o.own.id)"]"#
          case "/api/week/events": #"{"kind":"scrim","start":"2030-01-07T20:00","team":"KCB"}"#
          case "/api/week/events/{id}": #"{"kind":"training","start":"2030-01-07T18:00"}"#
          case "/api/week/events/{id}/games": #"[{"result":"win","side":"blue"}]"#
          case "/api/week/events/{id}/drafts/{game}":
            #"{"side":"blue","turns":[null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null]}"#
          case "/api/week/events/{id}/answers/{player}": #"{"answer":"yes","comment":"late"}"#
          case "/api/week/events/{id}/invitations": #"{"player":"Tao"}"#
          case "/api/week/events/{id}/players/{player}/proposals":
            #"{"game":1,"action":"ban","champion":"Ahri"}"#
          case "/api/calendar": #"{"team":"KCB"}"#
          case "/api/session": #"{"name":"owner","password":"\#(Organisation.password)"}"#
          case "/api/teams": #"{"name":"Blue Stars","tag":"KCBS"}"#
          case "/api/teams/{tag}": #"{"league":"Div2"}"#
          case "/api/organisation": #"{"name":"Karmine"}"#
          case "/api/riot": #"{"games":30,"platform":"kr"}"#
          case "/api/teams/{tag}/discord":
            #"{"webhook":"https://discord.com/api/webhooks/1/x","language":"en"}"#
          case "/api/discord": #"{"applicationId":"123456789012345678"}"#
          default: "{}"
          }
        return (json, text)
      }
      let fields: [(String, String)] =
        switch pattern {
        case "/players": [("name", "Intruder"), ("position", "Top"), ("team", "KCB")]
        case "/players/{id}/edit": [("name", "Saken"), ("position", "Top")]
        case "/players/{id}/move": [("direction", "up")]
        case "/players/{id}/lineup": [("lineup", "substitute")]
        case "/players/{id}/swap": [("with", o.mate.id.text)]
        case "/players/{id}/team": [("team", "KC")]
        case "/players/{id}/availability": [("weekly", "mon 18-23")]
        case "/events/{id}/edit": [("kind", "training"), ("start", "2030-01-07T18:00")]
        case "/events/{id}/games": [("result1", "win"), ("side1", "blue")]
        case "/events/{id}/answer": [("player", o.own.id.text), ("answer", "yes")]
        case "/events/{id}/invite": [("player", "Tao")]
        case "/events/{id}/proposals":
          [("player", o.own.id.text), ("game", "1"), ("action", "pick"), ("champion", "Ahri")]
        case "/events/{id}/proposals/{proposal}/delete": [("player", o.own.id.text)]
        case "/week/events": [("kind", "scrim"), ("start", "2030-01-07T20:00"), ("team", "KCB")]
        case "/calendar/new": [("team", "KCB")]
        case "/calendar/revoke": [("team", "KCB"), ("secret", o.feed)]
        case "/players/{id}/calendar/revoke": [("secret", o.ownFeed)]
        case "/signin": [("name", "owner"), ("password", Organisation.password)]
        case "/teams/{tag}/discord": [("webhook", "https://discord.com/api/webhooks/1/x")]
        case "/discord": [("applicationId", "123456789012345678")]
        case "/account/password":
          [("current", Organisation.password), ("new", "another matrix password")]
        case "/accounts":
          [("name", "newcomer"), ("password", "newcomer password"), ("role", "editor")]
        case "/accounts/{name}/role": [("role", "editor"), ("teams", "1"), ("team", "*")]
        case "/teams": [("name", "Blue Stars"), ("tag", "KCBS")]
        case "/teams/{tag}/edit": [("name", "KC Blue"), ("tag", "KCB"), ("league", "Div2")]
        case "/organisation": [("name", "Karmine")]
        case "/riot": [("games", "30"), ("platform", "kr")]
        case "/import", "/teams/{tag}/import":
          [("content", "name,position\nIntruder,Top\n"), ("confirm", "yes")]
        default: []
        }
      let body = ([("csrf", Organisation.csrf)] + fields).map { name, value in
        "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
      }.joined(separator: "&")
      return ("application/x-www-form-urlencoded", body)
    }
  }
}

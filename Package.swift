// swift-tools-version: 6.2
import PackageDescription

// Apple platforms: Synchronization's Mutex (TeamKit, TeamStore, TeamClient and the server's
// modules) and Atomic (the server's) need macOS 15 / iOS 18; docs/APPLE.md lists every API that sets this floor, with its source.
let package = Package(
  name: "KCorpTeamManager",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TeamKit", targets: ["TeamKit"]),
    .library(name: "TeamStore", targets: ["TeamStore"]),
    .library(name: "TeamAccess", targets: ["TeamAccess"]),
    .library(name: "TeamAPI", targets: ["TeamAPI"]),
    .library(name: "TeamClient", targets: ["TeamClient"]),
    .library(name: "TeamOutbound", targets: ["TeamOutbound"]),
    .library(name: "TeamHTTP", targets: ["TeamHTTP"]),
    .library(name: "TeamWeb", targets: ["TeamWeb"]),
    .library(name: "TeamUI", targets: ["TeamUI"]),
    .executable(name: "kcorp", targets: ["kcorp"]),
  ],
  targets: [
    // MARK: Core: the model and its rules, with its files and feeds in TeamKit/Formats (JSON,
    // CSV, iCalendar, Data Dragon); the durable store
    // Pseudos are compared by their confusable skeleton (UTS #39), from Debian's ICU on
    // Linux, where the server checks them; Apple's SDK has no public spoof checker.
    // A C target, not a module map: Foundation's own copy of ICU's types would clash with
    // the headers' (libicu-dev).
    .target(
      name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
    .target(
      name: "TeamKit", dependencies: [.target(name: "CICU", condition: .when(platforms: [.linux]))]
    ),
    // sqlite3.h and libsqlite3 come from the SDK on Apple platforms, from libsqlite3-dev on
    // Linux: no pkg-config (as GRDB's own SQLite module does it).
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // PostgreSQL, for several servers on one database (Linux servers: Debian's libpq-dev).
    .systemLibrary(
      name: "CPostgreSQL", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .target(
      name: "TeamStore",
      dependencies: [
        "TeamKit", "TeamPhoto", "CSQLite",
        .target(name: "CPostgreSQL", condition: .when(platforms: [.linux])),
      ]),

    // MARK: The command line's kit: a command declared once (its arguments, options, help),
    // parsed, run with its context (the database or the team's server), its errors said in
    // one line with a documented exit code. Each feature's commands are its own; `kcorp`
    // lists them.
    .target(name: "CLIBase", dependencies: ["TeamKit", "TeamStore", "TeamClient"]),

    // MARK: Access: accounts, passwords (Argon2id), sessions and tokens, for the server
    .systemLibrary(
      name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
    .systemLibrary(name: "CGnuTLS", pkgConfig: "gnutls", providers: [.apt(["libgnutls28-dev"])]),
    .target(
      name: "TeamAccess",
      dependencies: ["TeamKit", "TeamStore", "CLIBase", "CArgon2", "CGnuTLS"]),

    // MARK: Client: the app's team (EsportTeam, over a RosterSource) and its connection to
    // the team's server (Foundation); no store
    .target(
      name: "TeamClient", dependencies: ["TeamKit", "TeamPhoto", "TeamStore", "TeamAPI", "Riot"]),

    // MARK: The JSON API's contract: each endpoint declared once (method, path, parameters,
    // bodies and answers as JSON Schema), mounted by the server, called by the app's client,
    // and described by the OpenAPI document generated from the declarations.
    .target(name: "TeamAPI", dependencies: ["TeamKit"]),

    // MARK: Solo queue (Riot): the refresh's rules and Riot's API shapes, the settings and
    // figures' rows, the API's endpoints (Riot); built for the app too, which shows a
    // player's solo queue. Its client, routes, pages and job are SoloQueueWeb's. A player's
    // figures themselves (`RiotStanding`) are TeamKit's: the roster file carries them.
    .target(name: "Riot", dependencies: ["TeamKit", "TeamStore", "TeamAPI"]),

    // MARK: Outbound: the calls to services outside (Data Dragon, Riot's API, Discord), for
    // the server and the CLI. On Linux they go through libcurl (Debian's libcurl4-openssl-dev):
    // one thread that sleeps in the kernel while they wait, each body stopped at its limit as
    // it comes in. A C target for the variadic setters' wrappers.
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
    .target(
      name: "TeamOutbound",
      dependencies: [
        "TeamKit", "TeamPhoto", .target(name: "CCurl", condition: .when(platforms: [.linux])),
      ]),

    // MARK: Photos: uploads decoded and re-encoded by libvips (Debian's libvips-dev) on
    // Linux, by ImageIO on Apple platforms (the app's own roster).
    // libvips is opened on the first photo (dlopen), not linked: only its headers are used
    // to build, from these folders (libvips-dev).
    .target(
      name: "CVips",
      cSettings: [
        .unsafeFlags([
          "-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
          "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
        ])
      ]),
    .target(
      name: "TeamPhoto",
      dependencies: ["TeamKit", .target(name: "CVips", condition: .when(platforms: [.linux]))]),

    // MARK: HTTP: a server that knows nothing of players or pages
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
    .target(name: "CTCPInfo"),
    .target(name: "TeamHTTP", dependencies: ["CMicroHTTPD", "CTCPInfo"]),

    // Responses compressed with gzip (Debian's zlib1g-dev; the SDK's libz on Apple platforms).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

    // Excel workbooks, written with Debian's libxlsxwriter-dev.
    .systemLibrary(
      name: "CXlsxWriter", pkgConfig: "xlsxwriter", providers: [.apt(["libxlsxwriter-dev"])]),
    .target(name: "TeamSpreadsheet", dependencies: ["TeamKit", "CXlsxWriter"]),

    // MARK: Faces
    // What a feature's routes and pages build on: the router and each request's context, the
    // scopes a handler writes through, the role check, the pages' layout and HTML.
    .target(
      name: "WebBase",
      dependencies: [
        "TeamKit", "TeamStore", "TeamAccess", "TeamHTTP", "TeamPhoto", "TeamAPI", "CZlib",
      ],
      resources: [.embedInCode("Static/app.css"), .embedInCode("Static/app.js")]),
    // The features, each its routes and pages on WebBase, mounted by TeamWeb.
    .target(
      name: "RosterWeb",
      dependencies: [
        "WebBase", "TeamAPI", "OrganisationWeb", "TeamKit", "TeamStore", "TeamAccess", "TeamHTTP",
        "TeamPhoto", "TeamClient", "CLIBase",
      ]),
    .target(
      name: "AccountsWeb",
      dependencies: ["WebBase", "TeamAPI", "TeamKit", "TeamStore", "TeamAccess", "TeamHTTP"]),
    .target(
      name: "OrganisationWeb",
      dependencies: [
        "WebBase", "TeamAPI", "TeamKit", "TeamStore", "TeamHTTP", "TeamClient", "CLIBase",
      ]),
    .target(
      name: "WeekWeb",
      dependencies: [
        "WebBase", "TeamAPI", "SoloQueueWeb", "TeamKit", "TeamStore", "TeamAccess", "TeamHTTP",
        "TeamOutbound", "TeamClient", "CLIBase",
      ]),
    .target(
      name: "ImportWeb",
      dependencies: [
        "SoloQueueWeb", "WebBase", "TeamAPI", "TeamKit", "TeamStore", "TeamHTTP", "TeamPhoto",
        "TeamSpreadsheet", "Riot", "TeamClient", "CLIBase",
      ]),
    .target(
      name: "SoloQueueWeb",
      dependencies: [
        "Riot", "WebBase", "TeamAPI", "TeamKit", "TeamStore", "TeamHTTP", "TeamOutbound",
        "TeamClient", "CLIBase",
      ]),
    // Discord: its posts worked out from each change and queued in the change's own
    // transaction, its rows, its calls and its API's contract (Discord); its routes, pages,
    // interactions and delivery job (DiscordWeb).
    .target(
      name: "Discord",
      dependencies: [
        "TeamKit", "TeamStore", "TeamAPI", "TeamOutbound", "TeamClient", "CLIBase",
      ]),
    .target(
      name: "DiscordWeb",
      dependencies: [
        "Discord", "WebBase", "TeamAPI", "TeamKit", "TeamStore", "TeamAccess", "TeamHTTP",
        "TeamOutbound",
      ]),
    .target(
      name: "ChampionArtWeb",
      dependencies: [
        "WebBase", "TeamKit", "TeamStore", "TeamHTTP", "TeamOutbound", "TeamPhoto", "TeamClient",
        "CLIBase",
      ]),
    .target(
      name: "TeamWeb",
      dependencies: [
        "WebBase", "TeamAPI", "RosterWeb", "AccountsWeb", "OrganisationWeb", "WeekWeb", "ImportWeb",
        "SoloQueueWeb", "DiscordWeb", "Discord", "Riot", "ChampionArtWeb", "TeamKit",
        "TeamStore",
        "TeamAccess", "TeamHTTP",
        "TeamPhoto", "TeamOutbound",
        "CZlib", "TeamSpreadsheet",
      ]),
    .executableTarget(
      name: "kcorp",
      dependencies: [
        "TeamKit", "TeamStore", "TeamAccess", "TeamHTTP", "TeamWeb", "WebBase", "TeamClient",
        "TeamOutbound", "Discord", "TeamAPI", "Riot", "SoloQueueWeb",
        "TeamPhoto", "TeamSpreadsheet", "CLIBase", "RosterWeb", "ChampionArtWeb", "OrganisationWeb",
        "WeekWeb", "ImportWeb",
      ]),
    .target(
      name: "TeamUI", dependencies: ["TeamKit", "TeamClient", "TeamPhoto"],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    // The app itself: `swift run KCorpApp` on a Mac (type-checked only, on Linux).
    .executableTarget(
      name: "KCorpApp", dependencies: ["TeamKit", "TeamStore", "TeamClient", "TeamUI"]),

    // MARK: Tests
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "TeamKitTests", dependencies: ["TeamKit", "Riot", "TestSupport"]),
    .testTarget(
      name: "TeamStoreTests",
      dependencies: [
        "TeamStore", "TeamAccess", "Discord", "Riot", "TeamClient", "TeamPhoto", "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(name: "TeamHTTPTests", dependencies: ["TeamHTTP", "TestSupport"]),
    .testTarget(
      name: "TeamAccessTests", dependencies: ["TeamAccess", "TeamStore", "TeamKit", "TestSupport"]),
    .testTarget(
      name: "TeamClientTests",
      dependencies: [
        "TeamClient", "TeamOutbound", "TeamWeb", "WebBase", "TeamAccess", "TeamHTTP", "TeamStore",
        "TeamKit", "ChampionArtWeb",
        "TeamPhoto", "kcorp",
        "TestSupport",
      ]),
    .testTarget(
      name: "KCorpCLITests", dependencies: ["kcorp", "CLIBase", "TeamKit", "Riot", "TestSupport"]),
    .testTarget(
      name: "TeamWebTests",
      dependencies: [
        "TeamWeb", "TeamAPI", "WebBase", "RosterWeb", "AccountsWeb", "OrganisationWeb", "WeekWeb",
        "ImportWeb", "SoloQueueWeb", "DiscordWeb", "Discord", "Riot",
        "ChampionArtWeb",
        "TeamHTTP",
        "TeamStore", "TeamKit", "TeamPhoto", "TeamOutbound", "kcorp", "TestSupport", "CZlib",
      ]),
  ]
)

#if os(Linux)
  // SwiftUI exists only on Apple systems. On Linux, TeamUI is type-checked against a stand-in
  // module named SwiftUI that declares the subset of SwiftUI's API it uses; it never runs.
  // Swift 5 language mode, as Apple builds SwiftUI's own interface.
  package.targets.append(
    .target(
      name: "SwiftUI", path: "Checks/SwiftUIInterface",
      swiftSettings: [.swiftLanguageMode(.v5)]))
  // PhotosUI's picker, the same way.
  package.targets.append(
    .target(
      name: "PhotosUI", dependencies: ["SwiftUI"], path: "Checks/PhotosUIInterface",
      swiftSettings: [.swiftLanguageMode(.v5)]))
  // For the app package in Apple/KCorp.swiftpm, type-checked the same way.
  package.products.append(.library(name: "SwiftUI", targets: ["SwiftUI"]))
  for target in package.targets where ["TeamUI", "KCorpApp"].contains(target.name) {
    target.dependencies += ["SwiftUI", "PhotosUI"]
  }
#endif

// Upcoming language features, on for all our own code.
for target in package.targets
where target.type != .system && !["SwiftUI", "PhotosUI"].contains(target.name) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    ]
}

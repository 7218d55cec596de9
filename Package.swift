// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "KCorpTeamManager",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "TeamKit", targets: ["TeamKit"]),
    .library(name: "TeamStore", targets: ["TeamStore"]),
    .library(name: "TeamWeb", targets: ["TeamWeb"]),
    .executable(name: "kcorp", targets: ["kcorp"]),
  ],
  targets: [
    // MARK: Core: model, validation, durable store
    .target(name: "TeamKit"),
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "TeamStore", dependencies: ["TeamKit", "CSQLite"]),

    // MARK: Faces
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .target(
      name: "TeamWeb", dependencies: ["TeamKit", "TeamStore", "CMicroHTTPD"],
      resources: [
        .embedInCode("Static/app.css"), .embedInCode("Static/app.js"),
        .embedInCode("Static/openapi.json"),
      ]),
    .executableTarget(name: "kcorp", dependencies: ["TeamKit", "TeamStore", "TeamWeb"]),

    // MARK: Tests
    .testTarget(name: "TeamKitTests", dependencies: ["TeamKit"]),
    .testTarget(name: "TeamStoreTests", dependencies: ["TeamStore"]),
    .testTarget(name: "KCorpCLITests", dependencies: ["kcorp", "TeamKit"]),
    .testTarget(name: "TeamWebTests", dependencies: ["TeamWeb", "kcorp"]),
  ]
)

// swift-tools-version: 6.2
// The iPhone app, as an app package that Xcode 26 opens and runs on an iPhone simulator.
// Its one source file is the repository's Sources/KCorpApp/KCorpApp.swift (a link, so that
// the app is written once); everything else comes from the repository's package.
import PackageDescription

#if canImport(AppleProductTypes)
  // Only Xcode (and Swift Playgrounds) evaluate a manifest with AppleProductTypes.
  import AppleProductTypes

  let app: Product = .iOSApplication(
    name: "KCorp",
    targets: ["AppModule"],
    bundleIdentifier: "team.kcorp.roster",
    displayVersion: "1.0",
    bundleVersion: "1",
    supportedDeviceFamilies: [.phone, .pad],
    // An iPad app must allow all four orientations (App Store validation); a phone, three.
    supportedInterfaceOrientations: [
      .portrait, .landscapeLeft, .landscapeRight,
      .portraitUpsideDown(.when(deviceFamilies: [.pad])),
    ])
#else
  // `swift build` (a Mac's command line, and Linux, where the app is only type-checked).
  let app: Product = .executable(name: "KCorp", targets: ["AppModule"])
#endif

let package = Package(
  name: "KCorp",
  // English is the source; Localizable.xcstrings (written by scripts/generate-localizations.py
  // from data/localization/fr.json) holds French, which Xcode compiles into the app.
  defaultLocalization: "en",
  platforms: [.iOS(.v18), .macOS(.v15)],
  products: [app],
  dependencies: [.package(name: "KCorpTeamManager", path: "../..")],
  targets: [
    .executableTarget(
      name: "AppModule",
      dependencies: [
        .product(name: "TeamKit", package: "KCorpTeamManager"),
        .product(name: "TeamStore", package: "KCorpTeamManager"),
        .product(name: "TeamClient", package: "KCorpTeamManager"),
        .product(name: "TeamUI", package: "KCorpTeamManager"),
      ],
      path: ".")
  ]
)

#if os(Linux)
  // On Linux, SwiftUI is the repository's stand-in (Checks/SwiftUIInterface): a type-check.
  package.targets[0].dependencies.append(.product(name: "SwiftUI", package: "KCorpTeamManager"))
  // Only Xcode compiles asset and string catalogs.
  package.targets[0].exclude += ["Assets.xcassets", "Localizable.xcstrings"]
#endif

// swift-tools-version: 6.0
// The brief's own answer: the exercise solved as the course teaches it, apart from the
// product app and depending on nothing. Xcode and Swift Playgrounds open it as an app.
import PackageDescription

#if canImport(AppleProductTypes)
  // Only Xcode (and Swift Playgrounds) evaluate a manifest with AppleProductTypes.
  import AppleProductTypes

  let app: Product = .iOSApplication(
    name: "KCorpExo",
    targets: ["AppModule"],
    bundleIdentifier: "team.kcorp.exercise",
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
  let app: Product = .executable(name: "KCorpExo", targets: ["AppModule"])
#endif

let package = Package(
  name: "Exercise",
  // The oldest systems with NavigationStack, the newest API it uses.
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [app],
  targets: [.executableTarget(name: "AppModule", path: ".")]
)

#if os(Linux)
  // On Linux, SwiftUI is the repository's stand-in (Checks/SwiftUIInterface): a type-check.
  package.dependencies.append(.package(name: "KCorpTeamManager", path: "../.."))
  package.targets[0].dependencies.append(.product(name: "SwiftUI", package: "KCorpTeamManager"))
  // Only Xcode compiles asset catalogs.
  package.targets[0].exclude += ["Assets.xcassets"]
#endif

import ChampionArtWeb
import Foundation
import Synchronization
import TeamAccess
import TeamClient
import TeamHTTP
import TeamKit
import TeamOutbound
import TeamPhoto
import TeamStore
import TeamWeb
import TestSupport
import Testing

/// `ChampionSync` against a server of the test's own in Data Dragon's layout, with
/// generated pictures: what Riot's servers would serve, on loopback.
@Suite struct ChampionSyncTests {
  /// Three champions of the catalog; Nunu with a French name of his own.
  static let champions: [(id: String, name: String, french: String, tags: [String])] = [
    ("Jax", "Jax", "Jax", ["Fighter"]),
    ("KSante", "K'Sante", "K'Sante", ["Tank", "Fighter"]),
    ("Nunu", "Nunu & Willump", "Nunu et Willump", ["Tank", "Mage"]),
  ]

  /// The layout's files by path; `leaving` drops one.
  static func layout(version: String = "99.1.1", leaving missing: String? = nil) -> [String: Data] {
    var files: [String: Data] = [
      "/api/versions.json": Data("[\"\(version)\", \"98.1.1\"]".utf8)
    ]
    for (language, french) in [("en_US", false), ("fr_FR", true)] {
      let entries = champions.map { champion in
        let tags = champion.tags.map { "\"\($0)\"" }.joined(separator: ",")
        let name = french ? champion.french : champion.name
        return
          "\"\(champion.id)\": {\"id\": \"\(champion.id)\", \"key\": \"1\", \"name\": \"\(name)\", \"title\": \"the \(champion.id)\", \"tags\": [\(tags)]}"
      }
      files["/cdn/\(version)/data/\(language)/champion.json"] = Data(
        "{\"type\": \"champion\", \"version\": \"\(version)\", \"data\": {\(entries.joined(separator: ","))}}"
          .utf8)
    }
    for (index, champion) in champions.enumerated() {
      files["/cdn/\(version)/img/champion/\(champion.id).png"] = stripedPNG(
        side: 120, rgb: (UInt8(40 * index), UInt8(200 - 50 * index), 90))
    }
    if let missing { files[missing] = nil }
    return files
  }

  static func serving(_ files: [String: Data]) throws -> HTTPServer {
    try HTTPServer(host: "127.0.0.1", port: 0) { request in
      guard let file = files[request.path] else { return HTTPResponse(status: 404) }
      return HTTPResponse(status: 200, contentType: "application/octet-stream", body: Array(file))
    }
  }

  let folder: TemporaryFolder
  let store: RosterStore

  init() throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("roster.sqlite"))
  }

  @Test func everyChampionsArtIsStoredReEncodedWithItsFrenchName() async throws {
    let server = try Self.serving(Self.layout())
    defer { server.stop() }
    let progress = Mutex<[Int]>([])
    let art = try await ChampionSync.run(
      from: URL(string: "http://127.0.0.1:\(server.port)")!, into: store.artRows.replace
    ) { done, total in progress.withLock { $0.append(total == 0 ? 0 : done) } }
    #expect(art.version == "99.1.1")
    #expect(art.champions.map(\.id) == ["Jax", "KSante", "Nunu"])
    #expect(art.champions.first { $0.id == "Nunu" }?.frenchName == "Nunu et Willump")
    #expect(art.champions.first { $0.id == "KSante" }?.classes == [.tank, .fighter])
    #expect(store.roster.championArt == art)
    // Re-encoded as uploads are: JPEGs, and no two alike.
    let pictures = try ["jax", "ksante", "nunu"].map {
      try #require(try store.artRows.picture(id: $0))
    }
    #expect(pictures.allSatisfy { $0.starts(with: [0xFF, 0xD8, 0xFF]) })
    #expect(Set(pictures).count == 3)
    #expect(progress.withLock { $0.last } == 6)  // three lists and three pictures
    // Kept: a store opened again has the art, and the French name is the catalog's.
    let reopened = try RosterStore(path: folder.path("roster.sqlite"))
    #expect(reopened.roster.championArt == art)
    let champions = reopened.roster.champions
    let nunu = try #require(champions.find("nunu et willump"))
    #expect(champions.name(of: nunu, in: .french) == "Nunu et Willump")
    #expect(champions.name(of: nunu, in: .english) == "Nunu & Willump")
    // Another database of the same process learned nothing from this one's sync.
    let other = try RosterStore(path: folder.path("other.sqlite"))
    #expect(other.roster.champions.find("nunu et willump") == nil)
  }

  @Test func aMissingPictureChangesNothing() async throws {
    let server = try Self.serving(Self.layout())
    defer { server.stop() }
    let base = URL(string: "http://127.0.0.1:\(server.port)")!
    let first = try await ChampionSync.run(from: base, into: store.artRows.replace)

    let newer = try Self.serving(
      Self.layout(version: "99.2.1", leaving: "/cdn/99.2.1/img/champion/KSante.png"))
    defer { newer.stop() }
    await #expect(
      throws: DataDragonError.status(
        "http://127.0.0.1:\(newer.port)/cdn/99.2.1/img/champion/KSante.png", 404)
    ) {
      try await ChampionSync.run(
        from: URL(string: "http://127.0.0.1:\(newer.port)")!, into: store.artRows.replace)
    }
    #expect(store.roster.championArt == first)
    #expect(try store.artRows.picture(id: "ksante") != nil)
  }

  @Test func aPictureThatDoesNotDecodeOrAListThatIsNotDataDragonsChangesNothing() async throws {
    var files = Self.layout()
    files["/cdn/99.1.1/img/champion/Jax.png"] = Data("not a picture".utf8)
    let broken = try Self.serving(files)
    defer { broken.stop() }
    await #expect(throws: DataDragonError.self) {
      try await ChampionSync.run(
        from: URL(string: "http://127.0.0.1:\(broken.port)")!, into: store.artRows.replace)
    }
    files = Self.layout()
    files["/api/versions.json"] = Data("{\"not\": \"a list\"}".utf8)
    files["/cdn/99.1.1/data/en_US/champion.json"] = Data("[]".utf8)
    let wrong = try Self.serving(files)
    defer { wrong.stop() }
    await #expect(
      throws: DataDragonError.invalid(
        "api/versions.json", Message("it is not a list of versions, newest first"))
    ) {
      try await ChampionSync.run(
        from: URL(string: "http://127.0.0.1:\(wrong.port)")!, into: store.artRows.replace)
    }
    #expect(store.roster.championArt == .none)
  }

  /// A mirror whose `/api/versions.json` never ends: `chunk` bytes every `interval`, for as
  /// long as the client reads (at most `limit` chunks), each counted in `sent`.
  static func streaming(
    chunk: Int, every interval: Duration, limit: Int, sent: Count = Count()
  ) throws -> HTTPServer {
    try HTTPServer(host: "127.0.0.1", port: 0) { request in
      guard request.path == "/api/versions.json" else { return HTTPResponse(status: 404) }
      let stream = ResponseStream()
      // A thread of its own: the test process's concurrency pool, busy with other suites,
      // must not slow the mirror down.
      let pause = Double(interval / .milliseconds(1)) / 1000
      Thread.detachNewThread {
        for _ in 0..<limit {
          guard stream.send([UInt8](repeating: UInt8(ascii: " "), count: chunk)) else { return }
          sent.value.withLock { $0 += chunk }
          Thread.sleep(forTimeInterval: pause)
        }
        stream.close()
      }
      var response = HTTPResponse(status: 200, headers: [("Content-Type", "application/json")])
      response.stream = stream
      return response
    }
  }

  /// Bytes a test server sent.
  final class Count: Sendable {
    let value = Mutex(0)
  }

  @Test func aBodyOverTheLimitIsStoppedAsItComesNotReadWhole() async throws {
    // 256 KiB every 5 ms, up to 512 MiB: read whole first, all of it would be sent; stopped
    // at the limit, the mirror sends little more than 8 MiB before the client leaves.
    let sent = Count()
    let mirror = try Self.streaming(
      chunk: 256 << 10, every: .milliseconds(5), limit: 2048, sent: sent)
    defer { mirror.stop() }
    await #expect(
      throws: DataDragonError.invalid(
        "api/versions.json", Message("it is over %@ bytes", String(Photo.maxBytes)))
    ) {
      try await ChampionSync.run(
        from: URL(string: "http://127.0.0.1:\(mirror.port)")!, into: store.artRows.replace)
    }
    // The mirror is told the client left within a few chunks of the limit.
    for _ in 0..<100 where sent.value.withLock({ $0 }) < Photo.maxBytes {
      try await Task.sleep(for: .milliseconds(50))
    }
    try await Task.sleep(for: .milliseconds(500))
    let total = sent.value.withLock { $0 }
    #expect(total >= Photo.maxBytes && total < 32 << 20, "\(total) bytes sent")
    #expect(store.roster.championArt == .none)
  }

  @Test func aMirrorThatDripsEndsTheSyncAtItsDeadline() async throws {
    // A byte every half second for five minutes: past the 2 s deadline, it is given up
    // (the bound below is loose: a test machine busy with other suites resumes it late).
    let mirror = try Self.streaming(chunk: 1, every: .milliseconds(500), limit: 600)
    defer { mirror.stop() }
    let started = ContinuousClock.now
    do {
      _ = try await ChampionSync.run(
        from: URL(string: "http://127.0.0.1:\(mirror.port)")!, into: store.artRows.replace,
        within: .seconds(2))
      Issue.record("a dripping mirror's sync succeeded")
    } catch let error as DataDragonError {
      #expect(error.description.contains("longer than 2 seconds"), "\(error)")
    }
    #expect(ContinuousClock.now - started < .seconds(90))
    // Another sync can start at once, and succeeds from a good mirror.
    let good = try Self.serving(Self.layout())
    defer { good.stop() }
    let art = try await ChampionSync.run(
      from: URL(string: "http://127.0.0.1:\(good.port)")!, into: store.artRows.replace)
    #expect(art.champions.count == 3)
  }

  @Test func aRedirectIsFollowedWithinTheMirrorOnly() async throws {
    let elsewhere = try Self.serving(Self.layout())
    defer { elsewhere.stop() }
    let files = Self.layout()
    let redirecting = try HTTPServer(host: "127.0.0.1", port: 0) { request in
      switch request.path {
      case "/api/versions.json":
        // Within the mirror: followed.
        return HTTPResponse(status: 302, headers: [("Location", "/api/moved-versions.json")])
      case "/api/moved-versions.json":
        return HTTPResponse(
          status: 200, contentType: "application/json",
          body: Array(files["/api/versions.json"] ?? Data()))
      default:
        // To another port: not followed.
        return HTTPResponse(
          status: 302,
          headers: [("Location", "http://127.0.0.1:\(elsewhere.port)\(request.path)")])
      }
    }
    defer { redirecting.stop() }
    let base = "http://127.0.0.1:\(redirecting.port)"
    await #expect(
      throws: DataDragonError.status("\(base)/cdn/99.1.1/data/en_US/champion.json", 302)
    ) {
      try await ChampionSync.run(from: URL(string: base)!, into: store.artRows.replace)
    }
    #expect(store.roster.championArt == .none)
  }

  /// ``layout(version:leaving:)`` with Kaiross, a champion newer than this build's catalogue.
  static func layoutWithANewChampion() -> [String: Data] {
    var files = layout()
    for language in ["en_US", "fr_FR"] {
      let path = "/cdn/99.1.1/data/\(language)/champion.json"
      let text = String(decoding: files[path] ?? Data(), as: UTF8.self).replacingOccurrences(
        of: #""data": {"#,
        with:
          #""data": {"Kaiross": {"id": "Kaiross", "key": "9", "name": "Kaiross", "title": "t", "tags": ["Mage"]},"#
      )
      files[path] = Data(text.utf8)
    }
    files["/cdn/99.1.1/img/champion/Kaiross.png"] = stripedPNG(side: 120, rgb: (1, 2, 3))
    return files
  }

  @Test func aChampionASyncBroughtIsValidInThatDatabaseOnly() async throws {
    let mirror = try Self.serving(Self.layoutWithANewChampion())
    defer { mirror.stop() }
    // Another database open in the same process before and after the sync.
    let other = try RosterStore(path: folder.path("other.sqlite"))
    try await ChampionSync.run(
      from: URL(string: "http://127.0.0.1:\(mirror.port)")!, into: store.artRows.replace)
    let input = PlayerInput(name: "Newcomer", position: "mid", favoriteChampions: ["Kaiross"])
    let added = try await store.playerRows.addPlayer(input)
    #expect(added.favoriteChampions.map(\.id) == ["kaiross"])
    await #expect(throws: RosterError.self) { try await other.playerRows.addPlayer(input) }
    #expect(other.roster.players.allSatisfy { $0.name != "Newcomer" })
    let reopenedOther = try RosterStore(path: folder.path("other.sqlite"))
    #expect(reopenedOther.roster.champions.find("kaiross") == nil)
    #expect(
      try RosterStore(path: folder.path("roster.sqlite")).roster.champions.find("kaiross") != nil)
  }

  @Test func aFavouriteChampionFromASyncSurvivesExportAndImportWithTheCommandLine()
    async throws
  {
    // A champion newer than this build's catalog, known from the sync alone.
    let mirror = try Self.serving(Self.layoutWithANewChampion())
    defer { mirror.stop() }
    let path = folder.path("roster.sqlite")
    let environment = ["HOME": folder.url.path]
    let sync = try await runKCorpOffThePool(
      ["champions", "sync", "--from", "http://127.0.0.1:\(mirror.port)", "--db", path],
      environment: environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    let edit = try await runKCorpOffThePool(
      ["players", "edit", "canna", "--champion", "Kaiross", "--db", path],
      environment: environment)
    #expect(edit.status == 0, "\(edit.stderr)")
    let show = ["players", "show", "canna", "--json", "--db", path]
    let before = try await runKCorpOffThePool(show, environment: environment).stdout
    #expect(before.lowercased().contains(#""id": "kaiross""#))
    let file = folder.path("roster.json")
    for arguments in [["export", "--output", file], ["import", file]] {
      let run = try await runKCorpOffThePool(arguments + ["--db", path], environment: environment)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    #expect(try await runKCorpOffThePool(show, environment: environment).stdout == before)
  }

  @Test func anAddressNobodyAnswersSaysSoAndChangesNothing() async throws {
    // A port just freed: nothing listens there.
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPResponse(status: 200) }
    let port = server.port
    server.stop()
    do {
      _ = try await ChampionSync.run(
        from: URL(string: "http://127.0.0.1:\(port)")!, into: store.artRows.replace)
      Issue.record("a sync from nowhere succeeded")
    } catch let error as DataDragonError {
      guard case .unreachable(let address, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(address == "http://127.0.0.1:\(port)/api/versions.json")
      #expect(error.description.contains("nothing was changed"))
    }
    #expect(store.roster.championArt == .none)
  }

  @MainActor @Test func theAppShowsTheSyncedArtOnTheDeviceAndFromTheTeamsServer() async throws {
    let mirror = try Self.serving(Self.layout())
    defer { mirror.stop() }
    let local = LocalRoster(store: store)
    #expect(try await local.championArt("jax") == nil)  // nothing synced: the drawing
    _ = try await ChampionSync.run(
      from: URL(string: "http://127.0.0.1:\(mirror.port)")!, into: store.artRows.replace)
    let jpeg = try #require(try await local.championArt("jax"))
    #expect(jpeg == (try store.artRows.picture(id: "jax")))
    #expect(try await local.championArt("viktor") == nil)  // not in this sync
    #expect(try await local.championArt(Player.defaultImage) == nil)

    let access = AccessControl(store: store)
    try await access.addAccount(name: "coach", role: .editor, password: "coach password")
    let server = try WebApp.serve(store: store, port: 0, requireLogin: true, access: access)
    defer { server.stop() }
    let remote = try await TeamServer.signIn(
      url: URL(string: "http://127.0.0.1:\(server.port)")!, name: "coach",
      password: "coach password")
    let team = EsportTeam(source: remote)
    #expect(!team.showsChampionArt)
    #expect(await team.championArt("jax") == jpeg)
    #expect(team.showsChampionArt)  // and with it, Riot's notice
    #expect(await team.championArt("viktor") == nil)  // the server's drawing is not art
  }
}

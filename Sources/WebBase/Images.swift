import Foundation
import Synchronization
import TeamHTTP
import TeamKit
import TeamStore

/// `GET /images/{name}`: a picture file from the images folder, or one drawn for the name.
package struct ImageLibrary: Sendable {
  /// Where users drop pictures named after an image name (`canna.png`); nil: none.
  package let folder: URL?
  /// Where the champion art synced from Data Dragon is (``ArtRows/picture(id:)``).
  package let store: RosterStore?
  /// Counts the folder's changes, for the pages and the champion row drawn from it.
  package let watch: FolderWatch
  /// The roster's drawn initials, computed once per roster version.
  package let drawnNames = DrawnNames()

  package init(folder: URL?, store: RosterStore?, rescanInterval: Duration = .seconds(1)) {
    self.folder = folder
    self.store = store
    watch = FolderWatch(folder: folder, interval: rescanInterval)
  }

  package static let fileTypes = [
    ("png", "image/png"), ("jpg", "image/jpeg"), ("webp", "image/webp"), ("svg", "image/svg+xml"),
  ]

  /// Pictures are displayed, never run: an SVG opened on its own gets no script or style.
  package static let policy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

  /// The library and roster a request's pages are drawn from (``Pages/pictures``).
  package typealias Shown = (library: ImageLibrary, roster: Roster)

  /// - Throws: ``HTTPError`` 404 for a name that cannot be an image name.
  package func response(
    for name: String, roster: Roster, request: HTTPRequest, in language: Language
  ) throws(HTTPError)
    -> HTTPResponse
  {
    // The image-name rule (a-z 0-9 _ - ., no leading dot) keeps every lookup inside the folder.
    guard PlayerInput.imageNameProblem(name) == nil else {
      throw HTTPError(.notFound, language.localized("There is no picture by this name."))
    }
    let (body, type, version) = picture(named: name, roster: roster)
    return Self.picture(body, type: type, version: version, request: request)
  }

  /// `GET /players/{id}/picture`: the player's picture file, else their drawing (their
  /// initials on their role's colour while they have no picture of their own).
  package func response(for player: Player, roster: Roster, request: HTTPRequest) -> HTTPResponse {
    let (body, type) = picture(of: player, roster: roster)
    return Self.picture(body, type: type, version: fnv1a(body), request: request)
  }

  /// The folder's file for the name, else the champion's synced art, else the drawing, with
  /// the name of its version (``version(ofImage:roster:)``).
  private func picture(named name: String, roster: Roster) -> (
    body: [UInt8], type: String, version: String
  ) {
    if let (body, type) = file(named: name) { return (body, type, fnv1a(body)) }
    if let art = syncedArt(named: name, roster: roster),
      let jpeg = try? store?.artRows.picture(id: art.champion)
    {
      return (Array(jpeg), "image/jpeg", fnv1a(Array(art.hash.utf8)))
    }
    let drawing = Array(
      Self.svgFile(
        Picture(
          imageName: name, players: roster.players, names: drawnNames.names(for: roster))
      ).utf8)
    return (drawing, "image/svg+xml", fnv1a(drawing))
  }

  /// The champion whose synced art the name shows, and the art's hash; nil without any.
  private func syncedArt(named name: String, roster: Roster) -> (champion: String, hash: String)? {
    guard roster.championArt.isShown, store != nil,
      let champion = roster.champions.champion(imageName: name),
      let hash = roster.championArt.picture(of: champion.id)
    else { return nil }
    return (champion.id, hash)
  }

  /// The version ``picture(named:roster:)`` names, without reading synced art from the
  /// database: a page asks for every champion it shows.
  private func version(ofImage name: String, roster: Roster) -> String {
    if !hasFile(named: name), let art = syncedArt(named: name, roster: roster) {
      return fnv1a(Array(art.hash.utf8))
    }
    return picture(named: name, roster: roster).version
  }

  private func picture(of player: Player, roster: Roster) -> ([UInt8], String) {
    guard player.image == Player.defaultImage else {
      let (body, type, _) = picture(named: player.image, roster: roster)
      return (body, type)
    }
    return (
      Array(
        Self.svgFile(
          Picture(player: player, players: roster.players, names: drawnNames.names(for: roster))
        ).utf8), "image/svg+xml"
    )
  }

  /// Where a page shows the picture of an image name: with its content's version when
  /// pages are drawn from a library (`shown`), so that the browser keeps it for a year.
  package static func address(ofImage name: String, in shown: Shown?) -> String {
    guard let (library, roster) = shown, PlayerInput.imageNameProblem(name) == nil else {
      return "/images/\(name)"
    }
    return "/images/\(name)?v=\(library.version(ofImage: name, roster: roster))"
  }

  /// Where a page shows a player's picture: their photo's own address, else their picture's
  /// with its version (``address(ofImage:in:)``).
  package static func address(of player: Player, in shown: Shown?) -> String {
    if let hash = player.photo { return Player.photoPath(hash) }
    guard let (library, roster) = shown else { return "/players/\(player.id)/picture" }
    return "/players/\(player.id)/picture?v=\(fnv1a(library.picture(of: player, roster: roster).0))"
  }

  private static func picture(
    _ body: [UInt8], type: String, version: String, request: HTTPRequest
  ) -> HTTPResponse {
    let etag = "\"\(version)\""
    // An address that names this very content never changes what it shows: kept a year.
    // (Private: a server with accounts shows its pictures to its staff only.)
    let cache = request.query["v"] == version ? "private, max-age=31536000, immutable" : "no-cache"
    let headers: [(name: String, value: String)] = [
      ("Content-Type", type), ("ETag", etag), ("Cache-Control", cache),
      ("Content-Security-Policy", Self.policy),
    ]
    if request.header("if-none-match") == etag {
      return HTTPResponse(status: 304, headers: headers.filter { $0.name != "Content-Type" })
    }
    return HTTPResponse(status: 200, headers: headers, body: body)
  }

  /// How many times the images folder was seen to change: pages drawn with its pictures'
  /// versions are drawn again once it moves. The folder is listed at most once per
  /// interval (names, sizes and modification times), so a picture dropped in, replaced or
  /// removed while the server runs shows within about that long.
  package final class FolderWatch: Sendable {
    private let folder: URL?
    private let interval: Int64
    /// When the folder is next listed, in nanoseconds of ``uptime``.
    private let nextCheck = Atomic<Int64>(0)
    private let count = Atomic<Int>(0)
    /// The last listing's signature; only the thread that won the listing touches it.
    private let signature = Mutex(0)

    package init(folder: URL?, interval: Duration) {
      self.folder = folder
      self.interval =
        interval.components.seconds * 1_000_000_000
        + interval.components.attoseconds / 1_000_000_000
    }

    /// Read on every cached response: atomics only, and one listing per interval.
    package var generation: Int {
      guard let folder else { return 0 }
      let now = Self.uptime()
      let due = nextCheck.load(ordering: .relaxed)
      guard now >= due,
        nextCheck.compareExchange(
          expected: due, desired: now + interval, ordering: .relaxed
        ).exchanged
      else { return count.load(ordering: .acquiring) }
      let listed = Self.signature(of: folder)
      let changed = signature.withLock { kept in
        defer { kept = listed }
        return kept != listed
      }
      if changed { count.add(1, ordering: .releasing) }
      return count.load(ordering: .acquiring)
    }

    private static func uptime() -> Int64 {
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    private static func signature(of folder: URL) -> Int {
      let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
      let files =
        (try? FileManager.default.contentsOfDirectory(
          at: folder, includingPropertiesForKeys: keys)) ?? []
      var hasher = Hasher()
      for file in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
        let values = try? file.resourceValues(forKeys: Set(keys))
        hasher.combine(file.lastPathComponent)
        hasher.combine(values?.fileSize)
        hasher.combine(values?.contentModificationDate)
      }
      return hasher.finalize()
    }
  }

  /// Whether the folder has a file for `name`: a page drawn with a picture asks, and needs
  /// no more than that (``file(named:)`` reads it).
  private func hasFile(named name: String) -> Bool {
    guard let folder else { return false }
    return Self.fileTypes.contains { ext, _ in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("\(name).\(ext)").path, isDirectory: &isFolder)
        && !isFolder.boolValue
    }
  }

  private func file(named name: String) -> ([UInt8], String)? {
    guard let folder else { return nil }
    for (ext, type) in Self.fileTypes {
      let url = folder.appendingPathComponent("\(name).\(ext)")
      if let data = FileManager.default.contents(atPath: url.path) { return (Array(data), type) }
    }
    return nil
  }

  // MARK: - Drawn pictures

  /// A position's colour as CSS hex.
  package static func color(for position: Position?) -> String { hex(Picture.color(for: position)) }

  /// A champion class's badge colour as CSS hex.
  package static func color(for kind: ChampionClass?) -> String { hex(Picture.color(for: kind)) }

  private static func hex(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> String {
    "#" + TeamKit.hex([color.red, color.green, color.blue])
  }

  /// The SVG file of one of ``Picture``'s drawings: the same every time for a picture.
  package static func svgFile(_ picture: Picture) -> String {
    var svg = ""
    drawing(picture, ["xmlns": "http://www.w3.org/2000/svg", "width": "128", "height": "128"])
      .render(into: &svg)
    return svg
  }

  /// One of ``Picture``'s drawings as SVG elements, `attributes` on the root: the same
  /// drawing is served as a file and drawn inside pages (``drawnPicture(of:in:)``).
  package static func drawing(_ picture: Picture, _ attributes: HTML.Attributes) -> HTML {
    let content: [HTML]
    switch picture {
    case .silhouette:
      content = [
        .h("circle", ["cx": "64", "cy": "64", "r": "64", "fill": "#2a3761"]),
        .h("circle", ["cx": "64", "cy": "50", "r": "22", "fill": "#8d9bc2"]),
        .h(
          "path",
          ["d": "M22 112c6-22 24-34 42-34s36 12 42 34a64 64 0 0 1-84 0z", "fill": "#8d9bc2"]),
      ]
    case .monogram(let letters, let kind):
      let fill = color(for: kind)
      // The class's shape, with a gold line inside its edge.
      let line: HTML.Attributes = ["fill": "none", "stroke": "#c8aa6e", "stroke-width": "6"]
      let badge: [HTML] =
        if let corners = Picture.outline(for: kind) {
          [
            .h("polygon", ["points": points(corners, scale: 128), "fill": fill]),
            .h(
              "polygon",
              ["points": points(corners, scale: 100, offset: 14)] + line
                + ["stroke-linejoin": "round"]),
          ]
        } else {
          [
            .h("circle", ["cx": "64", "cy": "64", "r": "64", "fill": fill]),
            .h("circle", ["cx": "64", "cy": "64", "r": "50"] + line),
          ]
        }
      content =
        badge + [
          .h(
            "text",
            [
              "x": "64", "y": "64", "dy": ".35em", "text-anchor": "middle",
              "font-family": "Georgia, serif", "font-size": letters.count > 2 ? "38" : "46",
              "font-weight": "700", "fill": "#f0e6d2",
            ], letters)
        ]
    case .initials(let letters, let position):
      content = [
        .h("circle", ["cx": "64", "cy": "64", "r": "64", "fill": color(for: position)]),
        .h(
          "text",
          [
            "x": "64", "y": "64", "dy": ".35em", "text-anchor": "middle",
            "font-family": "system-ui, sans-serif", "font-size": "50", "font-weight": "700",
            "fill": "#ffffff",
          ], letters),
      ]
    }
    return .h("svg", ["viewBox": "0 0 128 128"] + attributes, content)
  }

  /// The drawing a page shows for an image name, drawn inside the page rather than fetched:
  /// nil when a file or synced art shows the name instead (or pages are not drawn from a
  /// library). A roster of drawings then costs no request per picture.
  package static func drawnPicture(ofImage name: String, in shown: Shown?) -> Picture? {
    guard let (library, roster) = shown, PlayerInput.imageNameProblem(name) == nil,
      !library.hasFile(named: name), library.syncedArt(named: name, roster: roster) == nil
    else { return nil }
    return Picture(
      imageName: name, players: roster.players, names: library.drawnNames.names(for: roster))
  }

  /// The drawing a page shows for a player (``drawnPicture(ofImage:in:)``); nil for a photo.
  package static func drawnPicture(of player: Player, in shown: Shown?) -> Picture? {
    guard player.photo == nil, let (library, roster) = shown else { return nil }
    guard player.image == Player.defaultImage else {
      return drawnPicture(ofImage: player.image, in: shown)
    }
    return Picture(
      player: player, players: roster.players, names: library.drawnNames.names(for: roster))
  }

  /// Corners of the unit square as an SVG `points` list, scaled and moved.
  package static func points(_ corners: [(x: Double, y: Double)], scale: Double, offset: Double = 0)
    -> String
  {
    corners.map { "\(format(offset + $0.x * scale)),\(format(offset + $0.y * scale))" }
      .joined(separator: " ")
  }

  private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// A roster's drawn initials (``Picture/Names``), computed once per roster version: a page
/// draws up to fifty players, and each drawing alone would compare its whole team.
package final class DrawnNames: Sendable {
  private let cached = Mutex<(version: Int, names: Picture.Names)?>(nil)

  package func names(for roster: Roster) -> Picture.Names {
    if let (version, names) = cached.withLock({ $0 }), version == roster.version { return names }
    let names = Picture.Names(roster.players)
    cached.withLock { $0 = (roster.version, names) }
    return names
  }
}

import Synchronization
import TeamHTTP
import TeamKit
import TeamStore

/// The stylesheet and script, compiled into the binary and served under content-hashed
/// names so that browsers may cache them for good.
struct Asset: Sendable {
  let path: String
  let contentType: String
  let body: [UInt8]
  /// The body in gzip, compressed once.
  let gzip: [UInt8]?

  init(name: String, extension ext: String, contentType: String, body: [UInt8]) {
    self.path = "/static/\(name)-\(fnv1a(body)).\(ext)"
    self.contentType = contentType
    self.body = body
    gzip = Gzip.compressed(body)
  }

  /// The asset, kept for good by browsers (its address names its content); in gzip when
  /// the request takes it.
  func response(gzip accepted: Bool) -> HTTPResponse {
    let gzip = accepted ? self.gzip : nil
    return HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", contentType), ("Cache-Control", "public, max-age=31536000, immutable"),
      ] + (gzip == nil ? [] : [("Content-Encoding", "gzip")]), body: gzip ?? body)
  }

  static let stylesheet = Asset(
    name: "app", extension: "css", contentType: "text/css; charset=utf-8",
    body: PackageResources.app_css)
  static let script = Asset(
    name: "app", extension: "js", contentType: "text/javascript; charset=utf-8",
    body: PackageResources.app_js)
  /// Every champion of the form's row, unchecked: fetched once by the add and edit sheets
  /// instead of sent in every page. Drawn again when a sync changes the art or the catalog,
  /// when the images folder changes, and per language (champions' French names); its
  /// address names its content.
  static func championRow(for pages: Pages) -> Asset {
    let art = pages.pictures?.roster.championArt ?? .none
    let folder = pages.pictures?.library.watch.generation ?? 0
    let key = "\(art.version)|\(folder)|\(pages.champions.count)|\(pages.language.rawValue)"
    return championRows.withLock { rows in
      if let row = rows[key] { return row }
      var html = ""
      for champion in pages.champions.champions {
        pages.championChoice(champion, checked: false).render(into: &html)
      }
      let row = Asset(
        name: "champions", extension: "html", contentType: "text/html; charset=utf-8",
        body: Array(html.utf8))
      // Each change of the art or the folder draws a new row: the older ones go, in time.
      if rows.count >= 16 { rows.removeAll() }
      rows[key] = row
      return row
    }
  }

  /// The rows drawn lately, by art version, images folder, catalog size and language.
  private static let championRows = Mutex<[String: Asset]>([:])

  /// The row this address names, if it was drawn.
  static func championRow(at path: String) -> Asset? {
    championRows.withLock { $0.values.first { $0.path == path } }
  }
}

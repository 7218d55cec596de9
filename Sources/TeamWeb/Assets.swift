import TeamKit

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

  static let stylesheet = Asset(
    name: "app", extension: "css", contentType: "text/css; charset=utf-8",
    body: PackageResources.app_css)
  static let script = Asset(
    name: "app", extension: "js", contentType: "text/javascript; charset=utf-8",
    body: PackageResources.app_js)
  /// Every champion of the form's row, unchecked: fetched once by the add and edit sheets
  /// instead of sent in every page.
  static let championRow: Asset = {
    var html = ""
    for champion in Champion.catalog {
      Pages.championChoice(champion, checked: false).render(into: &html)
    }
    return Asset(
      name: "champions", extension: "html", contentType: "text/html; charset=utf-8",
      body: Array(html.utf8))
  }()
}

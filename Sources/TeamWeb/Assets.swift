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
}

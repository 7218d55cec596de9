import Synchronization
import TeamHTTP
import TeamKit
import TeamStore

/// The stylesheet and script, compiled into the binary and served under content-hashed
/// names so that browsers may cache them for good.
package struct Asset: Sendable {
  package let path: String
  package let contentType: String
  package let body: [UInt8]
  /// The body in gzip, compressed once.
  package let gzip: [UInt8]?

  package init(name: String, extension ext: String, contentType: String, body: [UInt8]) {
    self.path = "/static/\(name)-\(fnv1a(body)).\(ext)"
    self.contentType = contentType
    self.body = body
    gzip = Gzip.compressed(body)
  }

  /// The asset, kept for good by browsers (its address names its content); in gzip when
  /// the request takes it.
  package func response(gzip accepted: Bool) -> HTTPResponse {
    let gzip = accepted ? self.gzip : nil
    return HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", contentType), ("Cache-Control", "public, max-age=31536000, immutable"),
      ] + (gzip == nil ? [] : [("Content-Encoding", "gzip")]), body: gzip ?? body)
  }

  package static let stylesheet = Asset(
    name: "app", extension: "css", contentType: "text/css; charset=utf-8",
    body: PackageResources.app_css)
  package static let script = Asset(
    name: "app", extension: "js", contentType: "text/javascript; charset=utf-8",
    body: PackageResources.app_js)
  /// The rows drawn lately, by art version, images folder, catalog size and language.
  package static let championRows = Mutex<[String: Asset]>([:])

  /// The row this address names, if it was drawn.
  package static func championRow(at path: String) -> Asset? {
    championRows.withLock { $0.values.first { $0.path == path } }
  }
}

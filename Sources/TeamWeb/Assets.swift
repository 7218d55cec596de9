/// The stylesheet and script, compiled into the binary and served under content-hashed
/// names so that browsers may cache them for good.
struct Asset: Sendable {
  let path: String
  let contentType: String
  let body: [UInt8]

  init(name: String, extension ext: String, contentType: String, body: [UInt8]) {
    self.path = "/static/\(name)-\(fnv1a(body)).\(ext)"
    self.contentType = contentType
    self.body = body
  }

  static let stylesheet = Asset(
    name: "app", extension: "css", contentType: "text/css; charset=utf-8",
    body: PackageResources.app_css)
  static let script = Asset(
    name: "app", extension: "js", contentType: "text/javascript; charset=utf-8",
    body: PackageResources.app_js)
  static let openAPI = PackageResources.openapi_json
}

/// A 64-bit FNV-1a hash in hex: stable names and ETags, not security.
func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash &*= 0x100_0000_01b3
  }
  return hex16(hash)
}

/// 16 hex digits, zero-padded.
func hex16(_ value: UInt64) -> String {
  let hex = String(value, radix: 16)
  return String(repeating: "0", count: 16 - hex.count) + hex
}

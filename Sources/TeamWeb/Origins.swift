import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// Which host a request names, and whether a page it came from is this server's.
extension WebApp {
  /// The host name of a `Host` header, without its port (`[::1]:8080` → `[::1]`); nil
  /// unless it is `host` or `host:port` (RFC 9110, 7.2) with a port from 1 to 65535, so
  /// that `127.0.0.1:1@evil.example` names no host at all.
  static func hostName(_ host: String) -> String? {
    // On the bytes in place: every request asks, and a Host is ASCII or refused.
    var host = host
    return host.withUTF8 { bytes -> String? in
      var nameEnd = bytes.count
      if bytes.first == UInt8(ascii: "[") {
        guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
        nameEnd = close + 1
      } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
        nameEnd = colon
      }
      if nameEnd < bytes.count {
        let digits = bytes[(nameEnd + 1)...]
        guard bytes[nameEnd] == UInt8(ascii: ":"), (1...5).contains(digits.count),
          digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
          digits.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) <= 65535,
          digits.contains(where: { $0 != UInt8(ascii: "0") })
        else { return nil }
      }
      let name = bytes[..<nameEnd]
      guard !name.isEmpty, name.allSatisfy(isHostByte) else { return nil }
      guard name.contains(where: { (0x41...0x5A).contains($0) }) else {
        return String(decoding: name, as: UTF8.self)
      }
      return String(
        decoding: name.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
  }

  /// A letter, a digit, `.`, `-`, or what an IPv6 literal holds (`[`, `]`, `:`).
  private static func isHostByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
      true
    default: false
    }
  }

  /// The path and query of `referer` when it is a page of this server, else nil: the
  /// language switch never leads elsewhere.
  static func sameOriginPath(_ referer: String?, _ request: HTTPRequest) -> String? {
    // The path as sent (still percent-encoded): decoded, `%5C` or `%09/` would make a
    // `//host` that browsers follow off-site.
    guard let referer, let url = URLComponents(string: referer), let host = url.host,
      let requestHost = request.header("host"),
      let name = hostName(requestHost), name == hostName(host + (url.port.map { ":\($0)" } ?? "")),
      ["http", "https"].contains(url.scheme?.lowercased() ?? "")
    else { return nil }
    let target = url.percentEncodedPath + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
    guard target.hasPrefix("/"), !target.hasPrefix("//"),
      !target.unicodeScalars.contains(where: {
        $0 == "\\" || $0.properties.generalCategory == .control || $0 == " "
      })
    else { return nil }
    return target
  }
}

import Foundation
import TeamHTTP
import WebBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names a request may give the server by (its `Host`): loopback's, this machine's.
extension WebApp {
  /// Whether `host` is a loopback address (`127.x.y.z`, `::1`) or `localhost`; a name that
  /// merely starts with `127.` is not.
  public static func isLoopback(_ host: String) -> Bool {
    if ["localhost", "::1", "[::1]"].contains(host.lowercased()) { return true }
    var address = in_addr()
    return inet_pton(AF_INET, host, &address) == 1 && host.hasPrefix("127.")
  }

  /// This machine's addresses, as a `Host` header writes them.
  static func machineAddresses() -> Set<String> {
    var addresses: Set<String> = []
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return addresses }
    defer { freeifaddrs(list) }
    var next = list
    while let entry = next {
      if let address = entry.pointee.ifa_addr {
        let family = Int32(address.pointee.sa_family)
        if family == AF_INET || family == AF_INET6 {
          let text = numericHost(address)
          if !text.isEmpty { addresses.insert(family == AF_INET6 ? "[\(text)]" : text) }
        }
      }
      next = entry.pointee.ifa_next
    }
    return addresses
  }
}

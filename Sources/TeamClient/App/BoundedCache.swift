import Foundation

/// Data by key, at most ``limit`` bytes in all: past it, what was used longest ago goes
/// first. For pictures read once and shown again (a long roster scrolled keeps a screen's
/// worth, not every photo it ever showed).
struct BoundedCache {
  let limit: Int
  private var entries: [String: Data] = [:]
  /// Keys from the one used longest ago to the last used.
  private var order: [String] = []
  private(set) var bytes = 0

  init(limit: Int) { self.limit = limit }

  subscript(key: String) -> Data? {
    mutating get {
      guard let data = entries[key] else { return nil }
      order.removeAll { $0 == key }
      order.append(key)
      return data
    }
    set {
      if let old = entries.removeValue(forKey: key) {
        bytes -= old.count
        order.removeAll { $0 == key }
      }
      guard let newValue, newValue.count <= limit else { return }
      entries[key] = newValue
      order.append(key)
      bytes += newValue.count
      while bytes > limit, let oldest = order.first {
        order.removeFirst()
        bytes -= entries.removeValue(forKey: oldest)?.count ?? 0
      }
    }
  }
}

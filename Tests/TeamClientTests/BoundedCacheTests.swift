import Foundation
import Testing

@testable import TeamClient

@Suite struct BoundedCacheTests {
  @Test func whatWasUsedLongestAgoGoesFirstPastTheLimit() {
    var cache = BoundedCache(limit: 10)
    cache["a"] = Data(count: 4)
    cache["b"] = Data(count: 4)
    #expect(cache["a"] != nil)  // used: now the last to go
    cache["c"] = Data(count: 4)
    #expect(cache["b"] == nil && cache["a"] != nil && cache["c"] != nil)
    #expect(cache.bytes == 8)
    cache["huge"] = Data(count: 11)  // over the limit alone: not kept
    #expect(cache["huge"] == nil && cache.bytes == 8)
    cache["a"] = Data(count: 2)  // replaced, counted once
    #expect(cache.bytes == 6)
  }
}

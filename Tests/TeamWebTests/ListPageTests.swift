import Foundation
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// The lists of the whole organisation (its players, contracts ending, recently removed) come
/// whole, or in parts asked with `?offset=&limit=`, each part linking the next.
@Suite struct ListPageTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// The names in a list answer (or in an organisation's `players`).
  func names(_ response: WireResponse) throws -> [String] {
    let json = try JSONSerialization.jsonObject(with: Data(response.body))
    let list = (json as? [String: Any])?["players"] ?? json
    return try #require(list as? [[String: Any]]).map {
      ($0["name"] as? String) ?? (($0["player"] as? [String: Any])?["name"] as? String) ?? ""
    }
  }

  /// The names of every part, following the `Link` headers from `path`.
  func walk(_ path: String) async throws -> (names: [String], parts: Int) {
    var names: [String] = []
    var parts = 0
    var next: String? = path
    while let path = next, parts < 50 {
      let part = try await app.client.get(path)
      #expect(part.status == 200, "\(path)")
      names += try self.names(part)
      parts += 1
      next = part.header("link").flatMap { link in
        link.hasSuffix(#">; rel="next""#) ? String(link.dropFirst().prefix { $0 != ">" }) : nil
      }
    }
    return (names, parts)
  }

  @Test func theOrganisationsPlayersComeInLinkedPartsWhenAsked() async throws {
    for index in 0..<9 {
      let added = try await app.postJSON(
        "/api/players", #"{"name":"Extra \#(index)","position":"Mid"}"#)
      #expect(added.status == 201)
    }
    let whole = try await app.client.get("/api/organisation")
    let all = try names(whole)
    #expect(all.count == app.store.roster.players.count && all.count > 10)
    #expect(whole.header("x-total-count") == String(all.count) && whole.header("link") == nil)

    let walked = try await walk("/api/organisation?limit=5")
    #expect(walked.names == all)
    #expect(walked.parts == (all.count + 4) / 5)
    let last = try await app.client.get("/api/organisation?offset=\(all.count - 2)&limit=5")
    #expect(try names(last) == Array(all.suffix(2)) && last.header("link") == nil)
    let beyond = try await app.client.get(
      "/api/organisation?offset=9223372036854775807&limit=1000")
    #expect(try beyond.status == 200 && names(beyond).isEmpty)
    #expect(beyond.header("x-total-count") == String(all.count))
    for wrong in ["limit=0", "limit=1001", "offset=-1", "limit=five", "offset=9223372036854775808"]
    {
      let refused = try await app.client.get("/api/organisation?\(wrong)")
      #expect(refused.status == 400, "\(wrong)")
      #expect(
        refused.text.contains("Give ?offset= a number from 0 and ?limit= a number from 1 to 1000."))
    }
  }

  @Test func contractsAndRecentlyRemovedComeInPartsKeepingTheirOtherParameters() async throws {
    let soon = Day(Date()).adding(days: 20).description
    var ids: [UUID] = []
    for index in 0..<5 {
      let added = try await app.postJSON(
        "/api/players",
        #"{"name":"Signed \#(index)","position":"Top","contractEnd":"\#(soon)"}"#)
      #expect(added.status == 201)
      let json = try JSONSerialization.jsonObject(with: Data(added.body)) as? [String: Any]
      ids.append(try #require((json?["id"] as? String).flatMap { UUID(uuidString: $0) }))
    }
    let contracts = try await walk("/api/contracts?within=30&limit=2")
    #expect(contracts.names == (0..<5).map { "Signed \($0)" } && contracts.parts == 3)
    let linked = try await app.client.get("/api/contracts?within=30&limit=2")
    #expect(linked.header("link") == #"</api/contracts?limit=2&offset=2&within=30>; rel="next""#)

    for id in ids.prefix(3) {
      #expect(try await app.client.send("DELETE", "/api/players/\(id)").status == 204)
    }
    let removed = try await walk("/api/trash?limit=2")
    #expect(removed.names.count == 3 && removed.parts == 2)
    #expect(Set(removed.names) == ["Signed 0", "Signed 1", "Signed 2"])
    // The page comes in parts too, each linking to the next.
    let page = try await app.client.get("/trash?limit=2").text
    #expect(page.components(separatedBy: #"class="player-item""#).count == 3)
    #expect(page.contains(#"href="/trash?limit=2&amp;offset=2""#))
    let last = try await app.client.get("/trash?limit=2&offset=2").text
    #expect(last.components(separatedBy: #"class="player-item""#).count == 2)
    #expect(!last.contains("offset=4"))
  }
}

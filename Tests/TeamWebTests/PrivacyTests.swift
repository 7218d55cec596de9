import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamHTTP
@testable import TeamWeb

/// docs/PRIVACY.md on every face of the server: a player's own account sees the team's
/// public facts and its own personal data, never another player's, nor the staff's files.
@Suite struct PrivacyTests {
  /// What Tao keeps to himself and the staff.
  static let taosPersonalData = ["Taoufik Belkacem", "2008-02-29", "Morocco", "\"MA\""]

  func get(_ path: String, as caller: AuthorizationMatrixTests.Caller, in copy: Organisation.Copy)
    async throws -> WireResponse
  {
    try await copy.send("GET", path, as: caller)
  }

  @Test func aPlayersAccountIsRefusedTheStaffsFiles() async throws {
    let copy = try await Organisation.shared.copy()
    for path in [
      "/export.csv", "/export.json", "/api/contracts", "/history", "/api/history", "/trash",
      "/api/trash", "/api/players/\(copy.organisation.mate.id)/tenures",
    ] {
      let response = try await get(path, as: .playerA, in: copy)
      #expect(response.status == 403, "\(path)")
      #expect(!response.text.contains("Taoufik"), "\(path)")
      // The staff keep what they have.
      #expect(try await get(path, as: .viewerA, in: copy).status == 200, "\(path)")
    }
    // Their own tenures are theirs to read.
    #expect(
      try await get("/api/players/\(copy.organisation.own.id)/tenures", as: .playerA, in: copy)
        .status == 200)
  }

  @Test func aPlayersPageShowsTheNotesNamingThemToThemAndTheStaffOnly() async throws {
    let copy = try await Organisation.shared.copy()
    let o = copy.organisation
    try await copy.store.draftRows.addNote(
      GameNoteInput(game: 1, text: "Saken's lane", player: o.own.id), to: o.event)
    try await copy.store.draftRows.addNote(
      GameNoteInput(game: 1, text: "Tao's tilt", player: o.mate.id), to: o.event)
    let own = try await get("/players/\(o.own.id)", as: .playerA, in: copy)
    #expect(own.status == 200 && own.text.contains("Saken&#39;s lane"))
    let mate = try await get("/players/\(o.mate.id)", as: .playerA, in: copy)
    #expect(mate.status == 200 && !mate.text.contains("tilt"))
    let staff = try await get("/players/\(o.mate.id)", as: .viewerA, in: copy)
    #expect(staff.text.contains("Tao&#39;s tilt"))
    // Nor on the event's page or in the API: a teammate's notes are the staff's and theirs.
    for path in ["/events/\(o.event)", "/api/week/events/\(o.event)", "/api/week?team=KCB"] {
      let player = try await get(path, as: .playerA, in: copy)
      #expect(player.status == 200 && !player.text.contains("tilt"), "\(path)")
      #expect(player.text.contains("lane"), "\(path)")
      #expect(try await get(path, as: .viewerA, in: copy).text.contains("tilt"), "\(path)")
    }
  }

  @Test func theAPIGivesAPlayerTheTeamsPublicFactsAndTheirOwnPersonalData() async throws {
    let copy = try await Organisation.shared.copy()
    let o = copy.organisation
    for path in [
      "/api/players?team=KCB", "/api/organisation", "/api/teams/KCB/players",
      "/api/players/\(o.mate.id)",
    ] {
      let asPlayer = try await get(path, as: .playerA, in: copy)
      #expect(asPlayer.status == 200, "\(path)")
      #expect(asPlayer.text.contains("Tao"), "\(path)")
      for secret in Self.taosPersonalData where secret != "Morocco" {
        #expect(!asPlayer.text.contains(secret), "\(path) shows \(secret)")
      }
      #expect(!asPlayer.text.contains("contractEnd"), "\(path)")
      // The staff see it all, from the same cache.
      let asStaff = try await get(path, as: .viewerA, in: copy)
      #expect(asStaff.text.contains("Taoufik Belkacem"), "\(path)")
      #expect(try await get(path, as: .playerA, in: copy).text == asPlayer.text)
    }
    // Their own personal data, they see.
    let own = try await get("/api/players/\(o.own.id)", as: .playerA, in: copy)
    #expect(own.text.contains("Lucas Fayard") && own.text.contains("2001-05-12"))
  }

  @Test func aPlayersEntityTagDoesNotChangeWithAnotherPlayersPersonalData() async throws {
    let copy = try await Organisation.shared.copy()
    let path = "/api/players/\(copy.organisation.mate.id)"
    let before = try await get(path, as: .playerA, in: copy).header("etag")
    let staffBefore = try await get(path, as: .viewerA, in: copy).header("etag")
    var edit = PlayerEdit()
    edit.birthDate = "2008-03-01"
    _ = try await copy.store.playerRows.updatePlayer(id: copy.organisation.mate.id, with: edit)
    let after = try await get(path, as: .playerA, in: copy).header("etag")
    let staffAfter = try await get(path, as: .viewerA, in: copy).header("etag")
    #expect(before != nil && after == before)
    #expect(staffAfter != staffBefore)
  }

  @Test func aPlayersAccountWithNoPlayerLinkedIsNoStaffMember() {
    let unlinked = RequestContext(
      identity: Identity(name: "orphan", role: .player, kind: .local), parameters: [:], now: .now
    ).viewer
    let staff = RequestContext(
      identity: Identity(name: "analyst", role: .viewer, kind: .local), parameters: [:], now: .now
    ).viewer
    #expect(!unlinked.isStaff && !unlinked.seesPersonalData(of: UUID()))
    #expect(unlinked.cacheKey != staff.cacheKey && unlinked.privacyKey != staff.privacyKey)
  }

  @Test func thePagesShowAPlayerNoOtherPlayersPersonalData() async throws {
    let copy = try await Organisation.shared.copy()
    let o = copy.organisation
    let mate = try await get("/players/\(o.mate.id)", as: .playerA, in: copy)
    #expect(mate.status == 200 && mate.text.contains("Tao"))
    for secret in Self.taosPersonalData { #expect(!mate.text.contains(secret), "\(secret)") }
    for term in ["fact-contract-end", "fact-joined", "Earlier teams"] {
      #expect(!mate.text.contains(term), "\(term)")
    }
    let staff = try await get("/players/\(o.mate.id)", as: .viewerA, in: copy)
    #expect(staff.text.contains("Taoufik Belkacem") && staff.text.contains("Morocco"))
    let own = try await get("/players/\(o.own.id)", as: .playerA, in: copy)
    #expect(own.text.contains("Lucas Fayard"))
    // The overview names the contracts ending soon to the staff only.
    let overview = try await get("/", as: .playerA, in: copy)
    #expect(overview.status == 200 && !overview.text.contains("Contracts ending"))
    #expect(try await get("/", as: .viewerA, in: copy).text.contains("Contracts ending"))
  }

  @Test func liveUpdatesCarryAPlayerThePublicFactsOnly() async throws {
    let copy = try await Organisation.shared.copy()
    let o = copy.organisation
    let hub = EventHub(store: copy.store)
    let player = Identity(name: "playera", role: .player, kind: .local, player: o.own.id)
    let streams = [
      try hub.subscribe(lastEventID: "0", identity: player, in: .english),
      try hub.subscribe(lastEventID: "0", identity: .local, in: .english),
    ].compactMap(\.stream)
    // An edit of his personal data alone, then one of his role.
    var edit = PlayerEdit()
    edit.realName = "Taoufik B."
    _ = try await copy.store.playerRows.updatePlayer(id: o.mate.id, with: edit)
    var role = PlayerEdit()
    role.position = "Top"
    _ = try await copy.store.playerRows.updatePlayer(id: o.mate.id, with: role)
    // Published once committed: read what each stream was sent, for up to two seconds.
    var texts = ["", ""]
    for _ in 0..<40 where !texts[0].contains(#""position":"Top""#) || !texts[1].contains("Top") {
      try await Task.sleep(for: .milliseconds(50))
      for (index, stream) in streams.enumerated() {
        var buffer = [CChar](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
          bytes.baseAddress.map { stream.read(into: $0, max: bytes.count) } ?? 0
        }
        texts[index] += String(
          decoding: buffer.prefix(max(count, 0)).map(UInt8.init(bitPattern:)), as: UTF8.self)
      }
    }
    #expect(texts[1].contains("Taoufik B.") && texts[1].contains("2008-02-29"))
    #expect(texts[1].components(separatedBy: #""kind":"edited""#).count == 3)
    // The player's account: no history replayed (told to read again), the role change
    // without his personal data, and nothing of the edit of his personal data alone.
    #expect(texts[0].contains("event: reset"))
    #expect(texts[0].contains(#""position":"Top""#))
    #expect(texts[0].components(separatedBy: "event: change").count == 2)
    for secret in ["Taoufik", "2008-02-29", "contractEnd"] {
      #expect(!texts[0].contains(secret), "\(secret)")
    }
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// A team holds at most 200 players and the organisation 10,000: every way in is refused
/// with a message that says so, nothing stored; and one import runs at a time.
@Suite struct PlayerLimitTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// Adds `count` players named `prefix1`… to the team tagged `tag`, in one import.
  func fill(_ tag: String, with count: Int, prefix: String = "Filler") async throws {
    let rows = (1...count).map { "\(prefix)\($0),Mid,\(tag)\n" }.joined()
    let plan = try app.store.importRows.planImport(Data(("name,position,team\n" + rows).utf8))
    try await app.store.importRows.importRoster(plan)
  }

  @Test func theTwoHundredAndFirstPlayerOfATeamIsRefusedEverywhere() async throws {
    let session = try await app.session()
    try await fill("KC", with: PlayerLimits.perTeam - app.store.roster.players.count)
    let blue = try await app.store.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB"))
    try await fill("KCB", with: 1, prefix: "Blue")
    let before = app.store.roster.players
    #expect(before.count(where: { $0.teamID == Team.first.id }) == 200)
    let message = "KCorp holds at most 200 players"

    let added = try await app.postJSON("/api/players", #"{"name":"Extra","position":"Top"}"#)
    #expect(added.status == 422)
    #expect(added.text.contains(message))

    let form = try await app.addThroughForm(name: "Extra", session: session)
    #expect(form.status == 422)
    #expect(form.text.contains(message) && form.text.contains("Extra"))

    let moved = try #require(before.first { $0.teamID == blue.id })
    let transfer = try await app.postJSON(
      "/api/players/\(moved.id)/transfer", #"{"team":"KC"}"#)
    #expect(transfer.status == 422)
    #expect(transfer.text.contains(message))

    let imported = try await app.postJSON(
      "/api/teams/KC/import?confirm=true", "name,position\nExtra,Top\n", contentType: "text/csv")
    #expect(imported.status == 422)
    #expect(imported.text.contains(message))

    // The store refuses it whatever asks: the check is where every change is committed.
    await #expect(throws: RosterError.self) {
      try await app.store.playerRows.addPlayer(PlayerInput(name: "Extra", position: "Top"))
    }
    #expect(app.store.roster.players == before)
  }

  @Test func theTenThousandAndFirstPlayerOfTheOrganisationIsRefused() async throws {
    var tags = ["KC"]
    for index in 1..<(PlayerLimits.perOrganisation / PlayerLimits.perTeam) {
      let team = try await app.store.teamRows.addTeam(
        TeamInput(name: "Team \(index)", tag: "T\(index)"))
      tags.append(team.tag)
    }
    _ = try await app.store.teamRows.addTeam(TeamInput(name: "Room", tag: "ROOM"))
    let initial = app.store.roster.players.count
    let rows = tags.flatMap { tag in
      (1...(tag == "KC" ? PlayerLimits.perTeam - initial : PlayerLimits.perTeam)).map {
        "\(tag)-\($0),Mid,\(tag)\n"
      }
    }
    try await app.store.importRows.importRoster(
      try app.store.importRows.planImport(Data(("name,position,team\n" + rows.joined()).utf8)))
    let before = app.store.roster.players
    #expect(before.count == PlayerLimits.perOrganisation)
    let message = "The organisation holds at most 10,000 players"

    let added = try await app.postJSON(
      "/api/players", #"{"name":"Extra","position":"Top","team":"ROOM"}"#)
    #expect(added.status == 422)
    #expect(added.text.contains(message))
    let imported = try await app.postJSON(
      "/api/teams/ROOM/import", "name,position\nExtra,Top\n", contentType: "text/csv")
    #expect(imported.status == 422)
    #expect(imported.text.contains(message))
    #expect(app.store.roster.players.count == before.count)
  }

  @Test func aFileOfMoreRowsThanTheOrganisationHoldsIsRefusedWithoutReadingOn() throws {
    let rows = String(repeating: "P,Mid\n", count: PlayerLimits.perOrganisation + 1)
    #expect {
      try app.store.importRows.planImport(Data(("name,position\n" + rows).utf8))
    } throws: { error in
      "\(error)".contains("more than 10,000 players")
    }
    let players = String(repeating: #"{"name":"P","position":"Mid"},"#, count: 10_001)
    #expect {
      try app.store.importRows.planImport(Data(("[" + players.dropLast() + "]").utf8))
    } throws: { error in
      "\(error)".contains("more than 10,000 players")
    }
  }

  @Test func aSecondImportWhileOneRunsIsToldToTryAgainInAMoment() async throws {
    let csv = "name,position\nSaken,Mid\n"
    let session = try await app.session()
    try await app.store.importRows.importTurn {
      let api = try await app.postJSON("/api/teams/KC/import", csv, contentType: "text/csv")
      #expect(api.status == 429)
      #expect(api.text.contains("An import is running; try again in a moment."))
      let french = try await app.client.send(
        "POST", "/api/teams/KC/import",
        headers: ["Content-Type": "text/csv", "Accept-Language": "fr-FR"], body: Array(csv.utf8))
      #expect(french.status == 429)
      #expect(french.text.contains("Un import est en cours\u{202F}; réessayez dans un instant."))
      let page = try await app.post(
        "/teams/KC/import", [("csrf", session.token), ("content", csv)], session: session)
      #expect(page.status == 429)
      // The rows stay in the form, to send again.
      #expect(page.text.contains("Saken,Mid"))
    }
    let after = try await app.postJSON("/api/teams/KC/import", csv, contentType: "text/csv")
    #expect(after.status == 200)
    #expect(!app.store.roster.players.contains { $0.name == "Saken" })
  }
}

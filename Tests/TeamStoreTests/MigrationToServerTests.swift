import Foundation
import TeamAccess
import TeamKit
import TeamPhoto
import TestSupport
import Testing

@_spi(Rows) @testable import TeamStore

/// `kcorp migrate-to`: a whole organisation moved to a new database of the other kind.
@Suite struct MigrationToServerTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  @Test(arguments: [(Backend.sqlite, Backend.postgres), (.postgres, .sqlite)])
  func aWholeOrganisationMovesWithItsHistoryAccountsAndPhotos(_ from: Backend, _ to: Backend)
    async throws
  {
    let source = try TestDatabase(from, in: folder).open()
    try await source.teamRows.addTeam(TeamInput(name: "KC Blue", tag: "KCB", parent: "KC"))
    let tao = try await source.playerRows.addPlayer(
      PlayerInput(name: "Tao", position: "Jungle", team: "KCB", riotID: "Tao#KCB1"))
    try await source.playerRows.transferPlayer(id: Player.defaultRoster[1].id, to: "KCB")
    try await source.playerRows.removePlayer(id: Player.defaultRoster[0].id)
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0x00, 0x10, 0xFF, 0xD9])
    let photo = Photo(jpeg: jpeg)
    try await source.playerRows.setPhoto(of: tao.id, to: photo)
    let blue = try #require(source.roster.team("KCB"))
    try await source.accounts.saveAccount(
      AccountRecord(
        name: "coach", role: .editor, passwordHash: "$argon2id$x", createdAt: Date(),
        teams: [blue.id]))

    let destinationDatabase = try TestDatabase(to, in: TemporaryFolder())
    let destination = try destinationDatabase.open()
    #expect(try await source.copy(to: destination) == 4)

    let reopened = try destinationDatabase.open()
    #expect(reopened.roster.teams == source.roster.teams)
    #expect(reopened.players == source.players)
    #expect(reopened.removedPlayers.map(\.id) == [Player.defaultRoster[0].id])
    #expect(try reopened.playerRows.photo(hash: photo.hash) == jpeg)
    #expect(
      try reopened.playerRows.tenures(of: Player.defaultRoster[1].id).map(\.teamTag) == ["KC"])
    #expect(try reopened.accounts.all().map(\.teams) == [[blue.id]])
    let history = try reopened.history().map(\.kind)
    #expect(history.first == .imported && history.dropFirst().first == .removed)
    #expect(try history.count == source.history().count + 1)
    // The destination is in use now: a second copy is refused, and it is unchanged.
    let again = await #expect(throws: RosterError.self) { try await source.copy(to: reopened) }
    #expect(again?.description.contains("new, empty database") == true)
    #expect(try destinationDatabase.open().players == source.players)
  }
}

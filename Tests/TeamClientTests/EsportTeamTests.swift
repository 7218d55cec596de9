import Foundation
import Observation
import Synchronization
import TeamStore
import Testing

@testable import TeamClient
@testable import TeamKit

@MainActor @Suite struct EsportTeamTests {
  @Test func startsWithTheBriefsRosterInOrder() async throws {
    let team = try EsportTeam()
    #expect(team.players.map(\.name) == ["Canna", "Caliste", "Targamas"])
    #expect(team.players.map(\.position) == [.top, .adc, .support])
    #expect(team.players.map(\.image) == ["canna", "caliste", "targamas"])
    #expect(
      team.players.map { $0.favoriteChampions.map(\.name) } == [
        ["Jayce", "Jax"], ["Draven", "Kalista"], ["Braum"],
      ])
  }

  /// Whether observers of `team.players` are told of a change while `body` runs.
  func playersChange(of team: EsportTeam, during body: () async throws -> Void) async rethrows
    -> Bool
  {
    let changed = Mutex(false)
    withObservationTracking {
      _ = team.players
    } onChange: {
      changed.withLock { $0 = true }
    }
    try await body()
    return changed.withLock { $0 }
  }

  @Test func addingAPlayerAppendsItAndNotifiesObservers() async throws {
    let team = try EsportTeam()
    var added: Player?
    let changed = try await playersChange(of: team) {
      added = try await team.addPlayer(
        name: "Rekkles", position: .adc,
        favoriteChampions: [Champion(name: "Jax", imageName: "jax")])
    }
    let player = try #require(added)

    #expect(changed)
    #expect(team.players.count == 4)
    #expect(team.players.last == player)
    #expect(player.image == "player_default")
    #expect(player.favoriteChampions == [ChampionCatalog.builtIn.find("jax")])
  }

  @Test func invalidInputChangesNothingAndNotifiesNobody() async throws {
    let team = try EsportTeam()
    let changed = await playersChange(of: team) {
      let error = await #expect(throws: RosterError.self) {
        try await team.addPlayer(name: "CANNA", position: .mid, image: "Bad Name")
      }
      #expect(
        error.flatMap(ValidationError.init(reportedBy:))?.issues.map(\.field) == [.name, .image])
    }
    #expect(!changed)
    #expect(team.players == Player.defaultRoster)
  }

  @Test func removingAPlayerTakesOnlyThatOne() async throws {
    let team = try EsportTeam()
    let caliste = team.players[1]
    try await team.removePlayer(caliste)
    #expect(team.players.map(\.name) == ["Canna", "Targamas"])
    #expect(team.removed.map(\.player) == [caliste])
    // Removed already: refused as by a stored roster, and no one else goes.
    await #expect(throws: RosterError.notFound(caliste.id)) { try await team.removePlayer(caliste) }
    #expect(team.players.count == 2)
  }

  @Test func playersEncodeInTheSharedJSONShape() async throws {
    let json = try #require(
      JSONSerialization.jsonObject(with: TeamJSON.encode(Player.defaultRoster[2]))
        as? [String: Any])
    #expect(
      Set(json.keys) == [
        "id", "name", "position", "image", "favoriteChampions", "lineup", "teamID",
      ])
    #expect(json["position"] as? String == "Support")
    let champions = try #require(json["favoriteChampions"] as? [[String: String]])
    #expect(champions == [["id": "braum", "name": "Braum", "imageName": "braum"]])
  }

  @Test func playerInputReadsIdsOrExportedChampionObjects() async throws {
    let input = try TeamJSON.decode(
      PlayerInput.self,
      from: Data(#"{"name":"A","position":"jgl","favoriteChampions":["jax",{"id":"braum"}]}"#.utf8))
    #expect(input == PlayerInput(name: "A", position: "jgl", favoriteChampions: ["jax", "braum"]))
    #expect(throws: JSONInputError.self) {
      try TeamJSON.decode(PlayerInput.self, from: Data(#"{"name":3}"#.utf8))
    }
    #expect(throws: JSONInputError(message: Message("The input is not valid JSON."))) {
      try TeamJSON.decode(PlayerInput.self, from: Data("{".utf8))
    }
  }

  @Test func findsPlayersByIdOrPseudo() async {
    let roster = Player.defaultRoster
    #expect(Player.find("caliste", in: roster)?.name == "Caliste")
    #expect(Player.find(roster[2].id.uuidString.lowercased(), in: roster)?.name == "Targamas")
    #expect(Player.find("Faker", in: roster) == nil)
  }
}

@MainActor @Suite struct PlayerFormTests {
  @Test func startsEmptyWithTheDefaultImage() async {
    let form = PlayerForm()
    #expect(form.name.isEmpty)
    #expect(form.position == .top)
    #expect(form.image == "player_default")
    #expect(form.favoriteChampions(in: .builtIn).isEmpty)
  }

  @Test func tappingAChampionTogglesItAndSelectionKeepsTheOrderChosen() async throws {
    var form = PlayerForm()
    let jayce = try #require(ChampionCatalog.builtIn.find("jayce"))
    let jax = try #require(ChampionCatalog.builtIn.find("jax"))
    form.toggle(jayce)
    form.toggle(jax)
    #expect(form.isSelected(jayce) && form.isSelected(jax))
    #expect(form.favoriteChampions(in: .builtIn) == [jayce, jax])
    form.toggle(jayce)
    #expect(!form.isSelected(jayce))
    #expect(form.favoriteChampions(in: .builtIn) == [jax])
  }

  @Test func editingAPlayersFormKeepsTheirFavouritesOrder() async throws {
    let canna = Player.defaultRoster[0]
    var form = PlayerForm(player: canna)
    #expect(form.favoriteChampions(in: .builtIn).map(\.id) == ["jayce", "jax"])
    form.toggle(try #require(ChampionCatalog.builtIn.find("braum")))
    #expect(form.favoriteChampions(in: .builtIn).map(\.id) == ["jayce", "jax", "braum"])
    // A web form sends its checkboxes in catalog order: the player's order is kept.
    #expect(
      canna.favorites(keepingOrderWith: ["jax", "braum", "jayce"], champions: .builtIn) == [
        "jayce", "jax", "braum",
      ])
    #expect(canna.favorites(keepingOrderWith: ["jax"], champions: .builtIn) == ["jax"])
  }

  @Test func addingAddsWhatTheFormHolds() async throws {
    let team = try EsportTeam()
    var form = PlayerForm()
    form.name = "Vladi"
    form.position = .mid
    form.toggle(try #require(ChampionCatalog.builtIn.find("viktor")))
    // As AddPlayerView's "Add" does.
    let player = try await team.addPlayer(
      name: form.name, position: form.position, image: form.image,
      favoriteChampions: form.favoriteChampions(in: .builtIn))
    #expect(team.players.last == player)
    #expect(player.name == "Vladi" && player.position == .mid && player.image == "player_default")
    #expect(player.favoriteChampions.map(\.id) == ["viktor"])
  }

  @Test func aRefusedFormMapsEachErrorToItsFieldAndKeepsItsValues() async throws {
    let team = try EsportTeam()
    var form = PlayerForm()
    form.name = "canna"
    form.image = "Not/Valid"
    let before = form
    let thrown = await #expect(throws: (any Error).self) {
      try await team.addPlayer(
        name: form.name, position: form.position, image: form.image,
        favoriteChampions: form.favoriteChampions(in: .builtIn))
    }
    let error = thrown.flatMap(ValidationError.init(reportedBy:))
    #expect(error?.message(for: .name)?.text(in: .english) != nil)
    #expect(error?.message(for: .image)?.text(in: .english) != nil)
    #expect(error?.message(for: .position)?.text(in: .english) == nil)
    #expect(form == before)
    #expect(team.players.count == 3)
  }
}

/// The team's everyday work, in memory (the store-backed team is tested in TeamStoreTests).
@MainActor @Suite struct EsportTeamWorkTests {
  @Test func editingKeepsThePlayersPlaceAndChecksTheRules() async throws {
    let team = try EsportTeam()
    let caliste = team.players[1]
    let edited = try await team.updatePlayer(
      caliste, name: "CALISTE", position: .support, image: "caliste",
      favoriteChampions: [try #require(ChampionCatalog.builtIn.find("braum"))])
    #expect(team.players[1] == edited)
    #expect(edited.position == .support && edited.name == "CALISTE")
    let error = await #expect(throws: RosterError.self) {
      try await team.updatePlayer(
        edited, name: "canna", position: .support, image: "caliste", favoriteChampions: [])
    }
    #expect(error.flatMap(ValidationError.init(reportedBy:))?.isConflict == true)
    #expect(team.players[1] == edited)
  }

  @Test func aRemovalCanBeUndoneAndTheRestoredPlayerTakesTheirPlace() async throws {
    let team = try EsportTeam()
    let caliste = team.players[1]
    try await team.removePlayer(caliste)
    #expect(team.lastRemoved == caliste)
    #expect(team.removed.map(\.player) == [caliste])
    try await team.restorePlayer(caliste)
    #expect(team.players == Player.defaultRoster)
    #expect(team.removed.isEmpty && team.lastRemoved == nil)
  }

  @Test func restoringAPseudoNowTakenIsAConflict() async throws {
    let team = try EsportTeam()
    let canna = team.players[0]
    try await team.removePlayer(canna)
    try await team.addPlayer(name: "CANNA", position: .mid)
    let error = await #expect(throws: RosterError.self) { try await team.restorePlayer(canna) }
    #expect(error.flatMap(ValidationError.init(reportedBy:))?.isConflict == true)
    #expect(team.removed.map(\.player) == [canna])
  }

  @Test func movingWithinAGroupKeepsStartersFirst() async throws {
    let team = try EsportTeam()
    for name in ["D", "E", "F", "G"] { try await team.addPlayer(name: name, position: .mid) }
    #expect(team.substitutes.map(\.name) == ["F", "G"])
    try await team.movePlayers(in: .starter, fromOffsets: IndexSet(integer: 4), toOffset: 0)
    #expect(team.starters.map(\.name) == ["E", "Canna", "Caliste", "Targamas", "D"])
    try await team.movePlayers(in: .substitute, fromOffsets: IndexSet(integer: 0), toOffset: 2)
    #expect(team.players.map(\.name) == ["E", "Canna", "Caliste", "Targamas", "D", "G", "F"])
    try await team.setLineup(.starter, of: team.players[5])
    #expect(team.lineupStatus.problems(in: .english) == ["three Mid starters", "no Jungle"])
  }

  @Test func aSubstituteSwapsWithTheStarterOfTheirLaneAndTheFiveShowsByLane() async throws {
    let team = try EsportTeam()
    for (name, position) in [("J", Position.jungle), ("M", .mid), ("Bench", .top)] {
      try await team.addPlayer(name: name, position: position)
    }
    let bench = try #require(team.players.last)
    let canna = team.players[0]
    #expect(team.starters.byLane.map(\.name) == ["Canna", "J", "M", "Caliste", "Targamas"])
    #expect(team.everyone.swapPartners(of: bench).map(\.name) == ["Canna"])
    try await team.swap(bench, with: canna)
    #expect(team.starters.byLane.map(\.name) == ["Bench", "J", "M", "Caliste", "Targamas"])
    #expect(team.substitutes.map(\.name) == ["Canna"])
    #expect(team.players.first?.name == "Bench")  // in Canna's place
    // Two starters cannot swap: one status each way is what a swap exchanges.
    let error = await #expect(throws: RosterError.self) {
      try await team.swap(team.players[0], with: team.players[1])
    }
    #expect(error.flatMap(ValidationError.init(reportedBy:)) != nil)
  }
}

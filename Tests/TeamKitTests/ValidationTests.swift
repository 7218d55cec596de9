import Foundation
import Testing

@testable import TeamKit

/// One input and the fields it must be refused on (none: accepted).
struct ValidationCase: Sendable, CustomTestStringConvertible {
  let label: String
  let input: PlayerInput
  let failing: Set<ValidationError.Field>
  var testDescription: String { label }

  init(
    _ label: String, name: String = "Faker", position: String = "Mid",
    image: String = "player_default", champions: [String] = [],
    failing: Set<ValidationError.Field> = []
  ) {
    self.label = label
    input = PlayerInput(
      name: name, position: position, image: image, favoriteChampions: champions)
    self.failing = failing
  }
}

@Suite struct ValidationTests {
  static let roster = Player.defaultRoster

  static let cases: [ValidationCase] = [
    ValidationCase("a plain player"),
    ValidationCase("an empty pseudo", name: "", failing: [.name]),
    ValidationCase("a blank pseudo", name: "  \n ", failing: [.name]),
    ValidationCase("a 24-character pseudo", name: String(repeating: "a", count: 24)),
    ValidationCase(
      "a 25-character pseudo", name: String(repeating: "a", count: 25), failing: [.name]),
    ValidationCase("24 characters with accents", name: String(repeating: "é", count: 24)),
    ValidationCase("a tab inside the pseudo", name: "Fa\tker", failing: [.name]),
    ValidationCase("a NUL inside the pseudo", name: "Fa\u{0}ker", failing: [.name]),
    ValidationCase("a zero-width space in the pseudo", name: "Fa\u{200B}ker", failing: [.name]),
    ValidationCase("a right-to-left override", name: "\u{202E}rekaF", failing: [.name]),
    ValidationCase("a line separator", name: "Fa\u{2028}ker", failing: [.name]),
    ValidationCase(
      "a pseudo of stacked marks", name: "Z" + String(repeating: "\u{301}", count: 200),
      failing: [.name]),
    ValidationCase("an emoji and accents", name: "Zeus ⚡ Ézreal"),
    ValidationCase("an emoji sequence with joiners", name: "Team 👨‍👩‍👧"),
    ValidationCase("an emoji sequence after a presentation selector", name: "❤️‍🔥"),
    ValidationCase("a taken pseudo", name: "Canna", failing: [.name]),
    ValidationCase("a taken pseudo in another case", name: "cANNA", failing: [.name]),
    ValidationCase("a taken pseudo with spaces around", name: "  Canna ", failing: [.name]),
    // Lookalikes of "Canna" (UTS #39 skeletons, after NFKC).
    ValidationCase("Canna with a Cyrillic а", name: "C\u{0430}nna", failing: [.name]),
    ValidationCase("Canna with a Cyrillic С", name: "\u{0421}anna", failing: [.name]),
    ValidationCase("a full-width Canna", name: "\u{FF23}anna", failing: [.name]),
    ValidationCase("Canna and a zero-width joiner", name: "Canna\u{200D}", failing: [.name]),
    ValidationCase("a joiner between letters", name: "Fa\u{200D}ker", failing: [.name]),
    ValidationCase(
      "a joiner after an emoji, before a letter", name: "⚡\u{200D}x", failing: [.name]),
    ValidationCase("a Greek pseudo unlike any", name: "Ζεύς"),
    ValidationCase("no role", position: "", failing: [.position]),
    ValidationCase("an unknown role", position: "Coach", failing: [.position]),
    ValidationCase("a role alias", position: "jgl"),
    ValidationCase("a blank image", image: "  "),
    ValidationCase("an image name with digits and signs", image: "faker_2024-v1.final"),
    ValidationCase("an image with capitals", image: "Faker", failing: [.image]),
    ValidationCase("an image with a slash", image: "a/b", failing: [.image]),
    ValidationCase("an image leaving the folder", image: "../etc", failing: [.image]),
    ValidationCase("an image starting with a dot", image: ".hidden", failing: [.image]),
    ValidationCase("a 64-character image", image: String(repeating: "x", count: 64)),
    ValidationCase(
      "a 65-character image", image: String(repeating: "x", count: 65), failing: [.image]),
    ValidationCase("catalog champions", champions: ["jax", "Maokai"]),
    ValidationCase(
      "more champions than the game has", champions: Array(repeating: "jax", count: 174),
      failing: [.favoriteChampions]),
    ValidationCase(
      "an unknown champion", champions: ["jax", "Tomato"], failing: [.favoriteChampions]),
    ValidationCase(
      "everything wrong at once", name: "", position: "x", image: "A B", champions: ["zzz"],
      failing: [.name, .position, .image, .favoriteChampions]),
  ]

  @Test(arguments: cases)
  func checksEveryRule(_ testCase: ValidationCase) {
    do {
      _ = try testCase.input.validated(in: Self.roster)
      #expect(testCase.failing.isEmpty, "accepted, but should fail on \(testCase.failing)")
    } catch {
      #expect(Set(error.issues.map(\.field)) == testCase.failing)
      #expect(
        error.issues.map { $0.text.text(in: .english) }.allSatisfy {
          $0.hasSuffix(".") || $0.hasSuffix(").")
        })
    }
  }

  @Test func normalizesWhatItAccepts() throws {
    let id = UUID()
    let player = try PlayerInput(
      name: "  Rekkles\n", position: "bot", image: " ",
      favoriteChampions: ["jax", "Ksante", "JAX", "k'sante", "braum"]
    ).validated(in: Self.roster, id: id)
    #expect(player.id == id)
    #expect(player.name == "Rekkles")
    #expect(player.position == .adc)
    #expect(player.image == Player.defaultImage)
    #expect(player.favoriteChampions.map(\.id) == ["jax", "ksante", "braum"])
  }

  @Test func pseudosDifferingOnlyInUnicodeFormAreTheSame() throws {
    let composed = "Caf\u{E9}"  // é as one scalar (NFC)
    let decomposed = "Cafe\u{301}"  // e + combining acute (NFD)
    let stored = try PlayerInput(name: decomposed, position: "Top").validated(in: [])
    #expect(stored.name.unicodeScalars.elementsEqual(composed.unicodeScalars))
    #expect(throws: ValidationError.self) {
      try PlayerInput(name: composed.uppercased(), position: "Mid").validated(in: [stored])
    }
  }

  @Test func aTakenPseudoIsAConflictAndOtherProblemsAreNot() {
    let taken = #expect(throws: ValidationError.self) {
      try PlayerInput(name: "canna", position: "Top").validated(in: Self.roster)
    }
    #expect(taken?.isConflict == true)
    #expect(
      taken?.message(for: .name)?.text(in: .english)
        == "“Canna” is already in the team; choose another pseudo.")
    let invalid = #expect(throws: ValidationError.self) {
      try PlayerInput(name: "canna", position: "").validated(in: Self.roster)
    }
    #expect(invalid?.isConflict == false)
  }

  @Test func aLookalikeOfATakenPseudoIsRefusedNamingTheOther() {
    let error = #expect(throws: ValidationError.self) {
      try PlayerInput(name: "C\u{0430}nna", position: "Top").validated(in: Self.roster)
    }
    #expect(error?.isConflict == true)
    #expect(
      error?.message(for: .name)?.text(in: .english)
        == "“C\u{0430}nna” looks the same as “Canna”, who is already in the team; choose another pseudo."
    )
    // One key for every lookalike, and keys that differ for pseudos that do not.
    let keys = [
      "Canna", "CANNA", "C\u{0430}nna", "\u{FF23}anna", "Canna\u{200D}", "\u{03F9}anna",
      "\u{03F2}anna", "\u{216D}anna",
    ].map(Player.nameKey)
    #expect(Set(keys).count == 1)
    #expect(Player.nameKey("Caps") != Player.nameKey("Cops"))
    #expect(Player.nameKey("Upset") != Player.nameKey("Upsets"))
  }

  @Test(arguments: ["\u{3164}", "\u{2800}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{3164} \u{2800}"])
  func aPseudoOfOnlyFillersOrBlanksIsRefused(name: String) {
    let error = #expect(throws: ValidationError.self) {
      try PlayerInput(name: name, position: "Top").validated(in: [])
    }
    #expect(error?.message(for: .name)?.text(in: .english).contains("can be seen") == true)
  }

  @Test func messagesSayWhatToChange() {
    let error = #expect(throws: ValidationError.self) {
      try PlayerInput(
        name: String(repeating: "a", count: 30), position: "Coach", image: "../x",
        favoriteChampions: ["Fiddlestix"]
      ).validated(in: [])
    }
    #expect(
      error?.message(for: .name)?.text(in: .english)
        == "Shorten the pseudo to 24 characters or fewer (it has 30).")
    #expect(
      error?.message(for: .position)?.text(in: .english)
        == "“Coach” is not a role; choose one of Top, Jungle, Mid, ADC or Support.")
    #expect(error?.message(for: .image)?.text(in: .english).contains("a-z") == true)
    #expect(
      error?.message(for: .favoriteChampions)?.text(in: .english)
        == "Remove “Fiddlestix”: no champion of the game has that name (did you mean Fiddlesticks?)."
    )
  }
}

/// Days: the date a moment falls on, as Foundation's Gregorian calendar says, and back.
@Suite struct DayTests {
  @Test func theDayOfAMomentIsTheCalendarsInAnyZone() throws {
    var random = SystemRandomNumberGenerator()
    for identifier in ["UTC", "Europe/Paris", "Asia/Seoul", "America/Los_Angeles"] {
      let zone = try #require(TimeZone(identifier: identifier))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      // From 1901 to 2099, and around 1970 where the days since it change sign.
      let moments =
        (0..<500).map { _ in Double.random(in: -2_177_452_800...4_102_444_800, using: &random) }
        + [-86_400.5, -1, 0, 86_399.9, 951_782_400, 951_868_800]
      for seconds in moments {
        let date = Date(timeIntervalSince1970: seconds)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let day = Day(date, in: zone)
        #expect(
          [day.year, day.month, day.day] == [parts.year, parts.month, parts.day],
          "\(identifier) \(seconds)")
      }
    }
    #expect(Day(Date(timeIntervalSince1970: 951_782_400), in: .gmt).description == "2000-02-29")
    #expect(Day("0001-01-01")?.description == "0001-01-01")
  }
}

@Suite struct EditMergeTests {
  let base = PlayerInput(
    name: "Canna", position: "Top", image: "canna", favoriteChampions: ["jayce", "jax"],
    lineup: "starter", contractEnd: "2027-06-30")

  @Test func fieldsOneSideChangedAreMergedAndTheOnesBothChangedConflict() {
    var theirs = base
    theirs.position = "Mid"
    theirs.contractEnd = "2028-06-30"
    var mine = base
    mine.name = "Kanna"
    mine.contractEnd = "2029-06-30"
    mine.position = "top"  // typed another way: unchanged
    let merge = mine.merged(from: base, over: theirs, champions: .builtIn)
    #expect(merge.input.name == "Kanna")  // mine
    #expect(merge.input.position == "Mid")  // theirs
    #expect(merge.conflicts == [.contractEnd])  // both, differently
    #expect(merge.input.contractEnd == "2029-06-30")  // mine stays, to choose
    // The same change on both sides is no conflict; an empty status keeps theirs.
    mine = base
    mine.position = "Mid"
    mine.lineup = ""
    theirs.lineup = "substitute"
    let same = mine.merged(from: base, over: theirs, champions: .builtIn)
    #expect(same.conflicts == [] && same.input.position == "Mid")
    #expect(same.input.lineup == "substitute")
  }

  @Test func championsMergeAsASet() {
    var theirs = base
    theirs.favoriteChampions = ["viktor"]
    var mine = base
    mine.favoriteChampions = ["Jax", "jayce"]  // the same set, another order
    #expect(
      mine.merged(from: base, over: theirs, champions: .builtIn).input.favoriteChampions == [
        "viktor"
      ])
    mine.favoriteChampions = ["braum"]
    #expect(
      mine.merged(from: base, over: theirs, champions: .builtIn).conflicts == [.favoriteChampions])
  }
}

@Suite struct TrimmingTests {
  /// Texts with blanks of every kind at either end, inside, or alone.
  static let texts = [
    "", " ", "Faker", "  Faker  ", "\t\nFaker\r\n", "Fa ker", "\u{00A0}Caps\u{2003}",
    "\u{3000}全角\u{3000}", " \u{301}e", "e\u{301} ", "\u{85}next\u{85}", "\u{200B}zero\u{200B}",
    "\u{1F600} ", "   \t  ", "\u{FEFF}bom",
  ]

  @Test(arguments: texts) func trimsAsFoundationDoes(_ text: String) {
    #expect(text.trimmed() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(text.trimmed(.whitespaces) == text.trimmingCharacters(in: .whitespaces))
    #expect(text.dropFirst(0).trimmed() == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

@Suite struct RandomIDTests {
  @Test func randomIDsAreVersionFourAndDistinct() {
    let ids = (0..<1000).map { _ in UUID.random() }
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.uuid.6 >> 4 == 4, "\(id)")  // version 4
      #expect(id.uuid.8 >> 6 == 0b10, "\(id)")  // RFC 9562's variant
      #expect(UUID(uuidString: id.uuidString) == id)
    }
  }
}

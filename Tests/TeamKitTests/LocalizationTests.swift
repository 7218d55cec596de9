import Foundation
import Testing

@testable import TeamKit

@Suite struct LocalizationTests {
  @Test(arguments: [
    ("fr", Language.french), ("fr-FR", .french), ("fr_CA.UTF-8", .french), ("FR", .french),
    ("en", .english), ("en-GB", .english),
  ])
  func aTagNamesItsLanguage(tag: String, language: Language) {
    #expect(Language(tag: tag) == language)
  }

  @Test func otherTagsNameNone() {
    for tag in ["de-DE", "C", "POSIX", "", "*", "french"] { #expect(Language(tag: tag) == nil) }
  }

  @Test(arguments: [
    ("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", Language.french),
    ("en-US,en;q=0.9,fr;q=0.8", .english),
    ("de-DE,de;q=0.9,fr;q=0.5,en;q=0.4", .french),
    ("en;q=0.5, fr;q=0.6", .french),
    ("fr;q=0, en", .english),
  ])
  func acceptLanguageGivesTheBestSupported(header: String, language: Language) {
    #expect(Language(acceptLanguage: header) == language)
  }

  @Test func acceptLanguageWithNothingSupportedGivesNone() {
    #expect(Language(acceptLanguage: "de-DE,ja;q=0.5") == nil)
    #expect(Language(acceptLanguage: "fr;q=0") == nil)
    #expect(Language(acceptLanguage: "") == nil)
  }

  @Test func theEnvironmentDecidesInPOSIXOrder() {
    #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .french)
    #expect(Language.fromEnvironment(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_US"]) == .english)
    #expect(
      Language.fromEnvironment(["LANG": "en", "LC_MESSAGES": "en", "LC_ALL": "fr_BE"]) == .french)
    #expect(Language.fromEnvironment(["LC_ALL": "", "LANG": "fr"]) == .french)  // empty is unset
    #expect(Language.fromEnvironment([:]) == nil)
  }

  @Test func argumentsGoInOrderOrByPosition() {
    #expect(Language.english.text("%@ and %@", ["a", "b"]) == "a and b")
    #expect(Language.english.text("%2$@ before %1$@", ["a", "b"]) == "b before a")
    #expect(Language.english.text("100%% of %@", ["them"]) == "100% of them")
    #expect(Language.english.text("(%00) %@", ["x"]) == "(%00) x")
    // Without arguments the placeholders stay, for the page's script.
    #expect(Language.english.text("%1$@ added %2$@") == "%1$@ added %2$@")
    // French, with its own word order and spaces.
    #expect(
      Language.french.text(
        "Someone else changed %@ meanwhile; nothing was saved. Their version is shown: check it and save again.",
        ["Canna"]
      )
      .hasPrefix("Quelqu’un d’autre a modifié Canna entre-temps\u{202F};"))
    #expect(Language.french.text("No such key, kept as it is.") == "No such key, kept as it is.")
  }

  @Test func aStatusLabelIsItsWordCapitalizedInEachLanguage() {
    #expect(
      Lineup.allCases.map { $0.label(in: .english) } == [
        "Starter", "Substitute", "Trainee", "Stand-in", "Inactive",
      ])
    #expect(Lineup.starter.label(in: .french) == "Titulaire")
  }

  @Test func theHistorySaysWhoChangedSomethingInTheReadersLanguage() {
    let authors = ["local", "cli:alice", "cli:", "coach"]
    #expect(
      authors.map { RosterChange.name(ofAuthor: $0, in: .english) } == [
        "Someone on this machine", "alice at the command line", "Someone at the command line",
        "coach",
      ])
    #expect(
      authors.map { RosterChange.name(ofAuthor: $0, in: .french) } == [
        "Quelqu’un sur cette machine", "alice en ligne de commande",
        "Quelqu’un en ligne de commande", "coach",
      ])
    #expect(RosterChange.commandLineAuthor(user: "alice") == "cli:alice")
  }

  @Test func aMessageSpeaksTheLanguageOfWhoeverReadsIt() throws {
    let error = try #require(
      #expect(throws: ValidationError.self) {
        try PlayerInput(name: "", position: "Goalie").validated(in: [])
      })
    #expect(
      error.message(for: .name)?.text(in: .english) == "Enter a pseudo.")
    #expect(error.message(for: .name)?.text(in: .french) == "Saisissez un pseudo.")
    // What a server already said is shown as it is, whatever the language.
    let said = ValidationError(.name, "Déjà pris %@ 100%")
    #expect(
      said.message(for: .name)?.text(in: .french) == "Déjà pris %@ 100%")
    // A message made of messages speaks one language throughout, its numbers too.
    let nested = Message(
      "%1$@: %2$@", Message("Player %1$@ (“%2$@”)", 2, "Canna"),
      Message("%@ added", Message.Argument.number(1000)))
    #expect(nested.text(in: .english) == "Player 2 (“Canna”): 1,000 added")
    #expect(
      nested.text(in: .french)
        == Language.french.text(
          "%1$@: %2$@",
          [
            Language.french.text("Player %1$@ (“%2$@”)", ["2", "Canna"]),
            Language.french.text("%@ added", [Language.french.number(1000)]),
          ]))
    #expect(Language.french.number(1000) != "1,000")
  }

  @Test func datesAreWrittenTheLanguagesWay() {
    let moment = Date(timeIntervalSince1970: 1_796_033_100)  // 2026-11-30 10:05 UTC
    let utc = TimeZone(identifier: "UTC") ?? .current
    let french = Language.french.date(moment, timeZone: utc)
    let english = Language.english.date(moment, timeZone: utc)
    #expect(french.contains("30 nov. 2026") && french.contains("10:05"), "\(french)")
    #expect(english.contains("30 Nov 2026") && english.contains("10:05"), "\(english)")
  }

  @Test func numbersAreWrittenTheLanguagesWay() {
    #expect(Language.english.number(12345) == "12,345")
    #expect(Language.french.number(12345) == "12\u{202F}345")
  }
  /// A count's noun agrees with it: in English one alone is singular, in French 0 and 1.
  @Test func aCountTakesItsPluralInEachLanguage() {
    func text(_ key: String, _ language: Language, _ count: Int...) -> String {
      Message(key, arguments: count.map { Message.Argument.number($0) }).text(in: language)
    }
    #expect(text("%@ {1:try|tries}", .english, 1) == "1 try")
    #expect(text("%@ {1:try|tries}", .english, 0) == "0 tries")
    #expect(text("%@ {1:try|tries}", .english, 2) == "2 tries")
    #expect(text("%@ {1:try|tries}", .french, 0) == "0 essai")
    #expect(text("%@ {1:try|tries}", .french, 1) == "1 essai")
    #expect(text("%@ {1:try|tries}", .french, 1000) == "1\u{202F}000 essais")
    #expect(text("%1$@ left of %2$@ needed", .french, 1, 5) == "1 restant sur 5 nécessaires")
    #expect(text("%1$@ left of %2$@ needed", .french, 2, 1) == "2 restants sur 1 nécessaire")
    #expect(
      text("Cancel this event and the %@ following", .french, 1)
        == "Annuler cet événement et le suivant")
    #expect(
      text("Cancel this event and the %@ following", .french, 3)
        == "Annuler cet événement et les 3 suivants")
    // A decimal below two is singular in French; braces that are no choice stay as written.
    #expect(Language.french.isSingular("1,5") && !Language.english.isSingular("1.5"))
    #expect(Language.english.text("{routing}: %@ {x:y|z}", ["a"]) == "{routing}: a {x:y|z}")
  }
}

import CLIBase
import Foundation
import TestSupport
import Testing

/// The real `kcorp` binary under a French locale: help, tables, messages and errors in
/// French, the data and exit codes unchanged.
@Suite struct FrenchCLITests {
  let folder: TemporaryFolder
  let french: [String: String]

  init() throws {
    folder = try TemporaryFolder()
    french = ["LANG": "fr_FR.UTF-8", "KCORP_DB": folder.path("roster.sqlite")]
  }

  @Test func theRosterAndItsHelpAreInFrench() throws {
    let list = try runKCorp(["players"], environment: french)
    #expect(list.status == 0)
    #expect(list.stdout.contains("PSEUDO") && list.stdout.contains("RÔLE"))
    #expect(list.stdout.contains("CHAMPIONS FAVORIS") && list.stdout.contains("titulaire"))
    #expect(list.stdout.contains("Canna") && list.stdout.contains("Top"))  // data as it is
    let help = try runKCorp(["--help"], environment: french)
    #expect(help.stdout.hasPrefix("kcorp — l’effectif de l’équipe KCorp."))
    #expect(help.stdout.contains("Lister l’effectif d’une équipe, dans l’ordre."))
    #expect(help.stdout.contains("Codes de sortie\u{A0}: 0 succès, 64 erreur d’utilisation"))
    let add = try runKCorp(["players", "add", "--help"], environment: french)
    #expect(add.stdout.contains("Utilisation\u{A0}: kcorp players add --name N"))
    #expect(add.stdout.contains("Le rôle\u{A0}: Top, Jungle, Mid, ADC ou Support."))
  }

  @Test func errorsSayWhatToChangeInFrenchWithTheSameExitCodes() throws {
    let missing = try runKCorp(["players", "add", "--position", "top"], environment: french)
    #expect(missing.status == 64)
    #expect(missing.stderr == "kcorp: Indiquez --name\u{A0}: Le pseudo.\n")
    let invalid = try runKCorp(
      ["players", "add", "--name", "Canna", "--position", "Goalie"], environment: french)
    #expect(invalid.status == 65)
    #expect(invalid.stderr.contains("«\u{A0}Canna\u{A0}» est déjà dans l’équipe"))
    #expect(invalid.stderr.contains("«\u{A0}Goalie\u{A0}» n’est pas un rôle"))
    let unknown = try runKCorp(["players", "remove", "Nobody"], environment: french)
    #expect(unknown.status == 66)
    #expect(!unknown.stderr.contains("No player"))
    let added = try runKCorp(
      ["players", "add", "--name", "Rekkles", "--position", "bot"], environment: french)
    #expect(added.status == 0)
    #expect(added.stdout.hasPrefix("Rekkles ajouté (ADC), identifiant "))
  }

  @Test func theLanguageComesFromLCAllThenLCMessagesThenLang() throws {
    var environment = french
    environment["LC_MESSAGES"] = "en_GB.UTF-8"
    #expect(try runKCorp(["--help"], environment: environment).stdout.hasPrefix("kcorp — the"))
    environment["LC_ALL"] = "fr_CA.UTF-8"
    #expect(try runKCorp(["--help"], environment: environment).stdout.hasPrefix("kcorp — l’"))
    // C, POSIX or an unknown language: English.
    for lang in ["C", "POSIX", "de_DE.UTF-8"] {
      let run = try runKCorp(["--help"], environment: ["LANG": lang])
      #expect(run.stdout.hasPrefix("kcorp — the KCorp team roster."), "\(lang)")
    }
  }
}

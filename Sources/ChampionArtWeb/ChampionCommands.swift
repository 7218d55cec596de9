import CLIBase
import Foundation
import TeamClient
import TeamKit
import TeamOutbound
import TeamPhoto
import TeamStore

/// The champions' commands: `kcorp champions`, `kcorp champions sync`.
package enum ChampionArtCLI {
  package static let commands: [any Command.Type] = [ListChampions.self, SyncChampions.self]
}

struct ListChampions: Command {
  static let name = "champions"
  static let abstract = "List the champions a player can favour, or those matching a search."
  static let options = [
    Option(
      name: "--search", value: "Q",
      help: "Only champions matching Q however it is spelled (ksan, kaisa, wukong), best first."),
    Option(
      name: "--class", value: "C",
      help: "Only champions of class C: Fighter, Tank, Mage, Assassin, Marksman or Support."),
    jsonFlag,
  ]
  let query: String
  let classes: Set<ChampionClass>
  let json: Bool

  init(_ parsed: Parsed) throws(CLIError) {
    query = parsed.value("--search") ?? ""
    if let text = parsed.value("--class") {
      guard let found = ChampionClass(parsing: text) else {
        throw .usage(
          localized(
            "‘%@’ is not a class; choose Fighter, Tank, Mage, Assassin, Marksman or Support.", text)
        )
      }
      classes = [found]
    } else {
      classes = []
    }
    json = parsed.flag("--json")
  }

  func run(_ context: Context) async throws {
    // A database that exists may hold champions a sync found after this build.
    var catalog = ChampionCatalog.builtIn
    switch try? context.location() {
    case .file(let path) where FileManager.default.fileExists(atPath: path):
      catalog = try context.store().roster.champions
    case .postgres: catalog = try context.store().roster.champions
    default: break
    }
    let champions = catalog.search(query, classes: classes)
    print(
      json
        ? text(TeamJSON.encode(champions, pretty: true))
        : Table.champions(champions, in: catalog))
  }
}

struct SyncChampions: Command {
  static let name = "champions sync"
  static let abstract =
    "Download the game's champion art and data from Riot's Data Dragon into the database."
  static let discussion = """
    Only when asked: the newest version's square icons (re-encoded as photos are), the French
    names, and champions released after this build. All or nothing: a failed download changes
    nothing. Riot's notice is then shown beside the art (docs/DATA-DRAGON.md).
    """
  static let options = [
    Option(
      name: "--from", value: "URL",
      help: "Another base address in Data Dragon's layout (a mirror); Riot's by default.")
  ]
  let base: URL

  init(_ parsed: Parsed) throws(CLIError) {
    let text = parsed.value("--from") ?? DataDragon.address.absoluteString
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""),
      url.host != nil
    else {
      throw .usage(localized("--from needs an http or https address, not ‘%@’.", text))
    }
    base = url
  }

  func run(_ context: Context) async throws {
    let store = try context.store()
    let bar = ProgressBar()
    let art = try await ChampionSync.run(from: base, into: store.artRows.replace) {
      bar.show($0, of: $1)
    }
    bar.end()
    print(
      localized(
        "%1$@ champions from Data Dragon %2$@ are in the database, with their art.",
        String(art.champions.count), art.version))
  }
}

import Foundation
import TeamHTTP
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamKit
@testable import TeamWeb

/// The web app speaks the language chosen with the switch, else the browser's, else English.
@Suite struct LanguageTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func aFrenchBrowserReadsFrenchWithTheRightHeaders() async throws {
    let page = try await app.client.get(
      "/", headers: ["Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8"])
    #expect(page.status == 200)
    #expect(page.text.contains(#"<html lang="fr">"#))
    #expect(page.text.contains("Effectif de l’équipe"))
    #expect(page.text.contains(#"aria-label="Ajouter un joueur""#))
    #expect(page.text.contains("Titulaires"))
    #expect(page.header("content-language") == "fr")
    #expect(page.header("vary")?.contains("Accept-Language") == true)
    #expect(page.header("vary")?.contains("Cookie") == true)
    // The switch leads to English, named in English.
    #expect(page.text.contains(#"<a href="/language/en" lang="en" hreflang="en">English</a>"#))
  }

  @Test func englishIsTheDefaultAndForAnyOtherLanguage() async throws {
    for header in [nil, "de-DE,de;q=0.9", "en-GB", "fr;q=0"] {
      let page = try await app.client.get(
        "/", headers: header.map { ["Accept-Language": $0] } ?? [:])
      #expect(page.text.contains(#"<html lang="en">"#), "\(header ?? "none")")
      #expect(page.text.contains("Team roster"))
      #expect(page.header("content-language") == "en")
    }
  }

  @Test func theChoiceMadeWithTheSwitchWinsAndLeadsBackToThePage() async throws {
    let here = "http://\(app.host)/trash?x=1"
    let chosen = try await app.client.get("/language/fr", headers: ["Referer": here])
    #expect(chosen.status == 303)
    #expect(chosen.header("location") == "/trash?x=1")
    let cookie = try #require(chosen.header("set-cookie"))
    #expect(cookie.hasPrefix("kcorp_lang=fr;") && cookie.contains("Max-Age=31536000"))
    // Chosen French beats a browser asking for English.
    let page = try await app.client.get(
      "/trash", headers: ["Cookie": "kcorp_lang=fr", "Accept-Language": "en"])
    #expect(page.text.contains("<h1>Supprimés récemment</h1>"))
    // The switch never leads to another site, and knows only its two languages.
    let elsewhere = try await app.client.get(
      "/language/en", headers: ["Referer": "https://evil.example/phish"])
    #expect(elsewhere.header("location") == "/")
    #expect(try await app.client.get("/language/de").status == 404)
    // Nor by a path that a browser would read as another host once decoded.
    for trick in [
      "/%5Cevil.example", "/%09/evil.example", "//evil.example/x", "/%0D%0ASet-Cookie:x=1",
    ] {
      let referer = "http://\(app.host)\(trick)"
      let location = try await app.client.get("/language/fr", headers: ["Referer": referer])
        .header("location")
      #expect(location == "/" || location == trick, "\(trick) → \(location ?? "none")")
      #expect(location?.hasPrefix("//") != true && location?.contains("\\") != true)
    }
    #expect(try await app.client.get("/language/fr").header("location") == "/")
  }

  @Test func cachedPagesAreKeptPerLanguage() async throws {
    let english = try await app.client.get("/")
    let french = try await app.client.get("/", headers: ["Accept-Language": "fr"])
    let again = try await app.client.get("/")
    #expect(english.text.contains("Starting five") && !english.text.contains("Titulaires"))
    #expect(french.text.contains("Titulaires") && !french.text.contains("Starting five"))
    #expect(again.text.contains("Starting five"))
  }

  @Test func apiProblemsFollowAcceptLanguageAndTheDataNeverChanges() async throws {
    let body = Array(#"{"name":" ","position":"Goalie"}"#.utf8)
    let french = try await app.client.send(
      "POST", "/api/players",
      headers: ["Content-Type": "application/json", "Accept-Language": "fr-FR"], body: body)
    #expect(french.status == 422)
    #expect(french.header("content-language") == "fr")
    #expect(french.text.contains("Saisissez un pseudo."))
    #expect(french.text.contains("«\u{A0}Goalie\u{A0}» n’est pas un rôle"))
    #expect(french.text.contains(#""field":"name""#))  // field names stay
    let english = try await app.client.send(
      "POST", "/api/players", headers: ["Content-Type": "application/json"], body: body)
    #expect(english.text.contains("Enter a pseudo."))
    // The roster's data is the same whatever the language.
    let players = try await app.client.get("/api/players", headers: ["Accept-Language": "fr"])
    #expect(players.text == (try await app.client.get("/api/players").text))
    #expect(players.header("content-language") == nil)
  }

  @Test func theRoutersOwnRefusalsAreSaidInFrenchToo() async throws {
    let missing = try await app.client.get("/nowhere", headers: ["Accept-Language": "fr"])
    #expect(missing.status == 404)
    #expect(missing.text.contains("Il n’y a rien à cette adresse."))
    let wrongMethod = try await app.client.send(
      "PUT", "/api/lineup", headers: ["Accept-Language": "fr", "Content-Type": "application/json"])
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.text.contains("Utilisez GET ou HEAD ici."))
  }
}

/// No English word is left on a French page: the words of the English messages that no
/// French message uses must appear on none of the screens, text or labels.
@Suite struct FrenchPagesTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  /// Lower-case words of three letters or more.
  static func words(_ text: String) -> Set<String> {
    Set(
      text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 3 })
  }

  /// What a person reads or hears on a page: its text, and its labels and alternatives.
  static func readable(_ html: String) -> String {
    var text = html.replacingOccurrences(
      of: #"<script[^>]*>.*?</script>"#, with: " ", options: [.regularExpression])
    var attributes: [String] = []
    for name in ["aria-label", "alt", "placeholder", "title"] {
      var rest = Substring(text)
      while let start = rest.range(of: "\(name)=\"") {
        let value = rest[start.upperBound...].prefix { $0 != "\"" }
        attributes.append(String(value))
        rest = rest[value.endIndex...]
      }
    }
    // A drawing's letters (a champion's monogram: "Try" is Tryndamere) are a picture, not words.
    text = text.replacingOccurrences(
      of: #"<svg[^>]*>.*?</svg>"#, with: " ", options: [.regularExpression])
    text = text.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: [.regularExpression])
    return text + " " + attributes.joined(separator: " ")
  }

  /// The words of the English messages that no French message uses.
  static let englishOnly: Set<String> = {
    let english = Localizations.french.keys.reduce(into: Set<String>()) {
      $0.formUnion(words($1))
    }
    let french = Localizations.french.values.reduce(into: Set<String>()) {
      $0.formUnion(words($1))
    }
    // Names that are the same in both: the product, the formats, a champion's (Master Yi);
    // and the switch's link to English, which names its language in that language.
    let shared = words("KCorp JSON CSV API HEIC WebP PNG JPEG UTF MiB KiB NUL English Master")
    return english.subtracting(french).subtracting(shared)
  }()

  /// The English words left on a page meant to be French.
  static func englishLeft(in html: String) -> Set<String> {
    words(readable(html)).intersection(englishOnly)
  }

  @Test func everyScreenInFrenchHasNoEnglishWordLeft() async throws {
    let englishOnly = Self.englishOnly
    #expect(englishOnly.count > 100)  // the check has words to look for

    let canna = Player.defaultRoster[0]
    try await app.store.playerRows.removePlayer(id: Player.defaultRoster[2].id)
    let paths = [
      "/", "/?removed=\(Player.defaultRoster[2].id)", "/players/new", "/players/\(canna.id)",
      "/players/\(canna.id)/edit", "/players/\(canna.id)/delete", "/trash", "/history", "/import",
      "/signin", "/nowhere", "/players/\(UUID())",
    ]
    for path in paths {
      let page = try await app.client.get(path, headers: ["Accept-Language": "fr-FR"])
      #expect(page.text.contains(#"<html lang="fr">"#), "\(path)")
      let left = Self.words(Self.readable(page.text)).intersection(englishOnly)
      #expect(left.isEmpty, "\(path) still says \(left.sorted())")
    }
    // A refused form says what to change in French.
    let session = try await app.session()
    let refused = try await app.post(
      "/players", [("csrf", session.token), ("name", ""), ("position", "Top")], session: session,
      headers: ["Accept-Language": "fr"])
    #expect(refused.status == 422)
    let left = Self.words(Self.readable(refused.text)).intersection(englishOnly)
    #expect(left.isEmpty, "the refused form still says \(left.sorted())")
  }

  @Test func theOrganisationsScreensInFrenchHaveNoEnglishWordLeft() async throws {
    let store = app.store
    try await store.teamRows.addTeam(
      TeamInput(name: "KC Blue", tag: "KCB", league: "LFL", parent: "KC"))
    let hazel = try await store.playerRows.addPlayer(
      PlayerInput(
        name: "Hazel", position: "ADC", lineup: "stand-in", team: "KCB", riotID: "Hazel#KCB",
        realName: "Hazel Martin", nationality: "FR", birthDate: "2005-04-02",
        contractEnd: Day(Date()).description))
    _ = try await store.playerRows.transferPlayer(id: Player.defaultRoster[1].id, to: "KCB")
    let paths = [
      "/", "/teams", "/teams/KC", "/teams/KCB", "/players/\(hazel.id)",
      "/players/\(Player.defaultRoster[1].id)", "/players/\(hazel.id)/team", "/history",
    ]
    for path in paths {
      let page = try await app.client.get(path, headers: ["Accept-Language": "fr-FR"])
      #expect(page.status == 200 && page.text.contains(#"<html lang="fr">"#), "\(path)")
      let left = Self.words(Self.readable(page.text)).intersection(Self.englishOnly)
      #expect(left.isEmpty, "\(path) still says \(left.sorted())")
    }
    let player = try await app.client.get(
      "/players/\(hazel.id)", headers: ["Accept-Language": "fr-FR"])
    #expect(player.text.contains("France") && player.text.contains("remplaçant"))
  }
}

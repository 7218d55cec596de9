import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing

@testable import TeamWeb

/// The web app speaks the language chosen with the switch, else the browser's, else English.
@Suite struct LanguageTests {
  let app: TestServer

  init() throws { app = try TestServer() }

  @Test func aFrenchBrowserReadsFrenchWithTheRightHeaders() throws {
    let page = try app.client.get("/", headers: ["Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8"])
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

  @Test func englishIsTheDefaultAndForAnyOtherLanguage() throws {
    for header in [nil, "de-DE,de;q=0.9", "en-GB", "fr;q=0"] {
      let page = try app.client.get("/", headers: header.map { ["Accept-Language": $0] } ?? [:])
      #expect(page.text.contains(#"<html lang="en">"#), "\(header ?? "none")")
      #expect(page.text.contains("Team roster"))
      #expect(page.header("content-language") == "en")
    }
  }

  @Test func theChoiceMadeWithTheSwitchWinsAndLeadsBackToThePage() throws {
    let here = "http://127.0.0.1:\(app.server.port)/trash?x=1"
    let chosen = try app.client.get("/language/fr", headers: ["Referer": here])
    #expect(chosen.status == 303)
    #expect(chosen.header("location") == "/trash?x=1")
    let cookie = try #require(chosen.header("set-cookie"))
    #expect(cookie.hasPrefix("kcorp_lang=fr;") && cookie.contains("Max-Age=31536000"))
    // Chosen French beats a browser asking for English.
    let page = try app.client.get(
      "/trash", headers: ["Cookie": "kcorp_lang=fr", "Accept-Language": "en"])
    #expect(page.text.contains("<h1>Supprimés récemment</h1>"))
    // The switch never leads to another site, and knows only its two languages.
    let elsewhere = try app.client.get(
      "/language/en", headers: ["Referer": "https://evil.example/phish"])
    #expect(elsewhere.header("location") == "/")
    #expect(try app.client.get("/language/de").status == 404)
    #expect(try app.client.get("/language/fr").header("location") == "/")
  }

  @Test func cachedPagesAreKeptPerLanguage() throws {
    let english = try app.client.get("/")
    let french = try app.client.get("/", headers: ["Accept-Language": "fr"])
    let again = try app.client.get("/")
    #expect(english.text.contains("Starting five") && !english.text.contains("Titulaires"))
    #expect(french.text.contains("Titulaires") && !french.text.contains("Starting five"))
    #expect(again.text.contains("Starting five"))
  }

  @Test func apiProblemsFollowAcceptLanguageAndTheDataNeverChanges() throws {
    let body = Array(#"{"name":" ","position":"Goalie"}"#.utf8)
    let french = try app.client.send(
      "POST", "/api/players",
      headers: ["Content-Type": "application/json", "Accept-Language": "fr-FR"], body: body)
    #expect(french.status == 422)
    #expect(french.header("content-language") == "fr")
    #expect(french.text.contains("Saisissez un pseudo."))
    #expect(french.text.contains("«\u{A0}Goalie\u{A0}» n’est pas un rôle"))
    #expect(french.text.contains(#""field":"name""#))  // field names stay
    let english = try app.client.send(
      "POST", "/api/players", headers: ["Content-Type": "application/json"], body: body)
    #expect(english.text.contains("Enter a pseudo."))
    // The roster's data is the same whatever the language.
    let players = try app.client.get("/api/players", headers: ["Accept-Language": "fr"])
    #expect(players.text == (try app.client.get("/api/players").text))
    #expect(players.header("content-language") == nil)
  }

  @Test func theRoutersOwnRefusalsAreSaidInFrenchToo() throws {
    let missing = try app.client.get("/nowhere", headers: ["Accept-Language": "fr"])
    #expect(missing.status == 404)
    #expect(missing.text.contains("Il n’y a rien à cette adresse."))
    let wrongMethod = try app.client.send(
      "PUT", "/api/lineup", headers: ["Accept-Language": "fr", "Content-Type": "application/json"])
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.text.contains("Utilisez GET ou HEAD ici."))
  }
}

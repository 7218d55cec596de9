import Foundation
import TeamHTTP
import TeamKit
import TeamStore

extension TeamColor {
  /// The stylesheet's class that gives an element the team's colour (`--team`).
  package var cssClass: String { "team-color-\(rawValue)" }
}

/// The HTML screens, one file each (roster, player form, player detail, Recently removed,
/// history, messages, accounts, import), and the layout they share, drawn for one request:
/// in its language, with the pictures of its library.
package struct Pages: Sendable {
  /// Players shown on one page of the roster.
  package static let pageSize = 50

  /// The language every word of the pages is in.
  package let language: Language
  /// The library and roster the pictures are drawn from: their addresses then name their
  /// content's version (nil: plain addresses).
  package let pictures: ImageLibrary.Shown?

  package init(language: Language, pictures: ImageLibrary.Shown? = nil) {
    self.language = language
    self.pictures = pictures
  }

  /// The champions the pages name and offer: the store's, with what its syncs brought.
  package var champions: ChampionCatalog { pictures?.roster.champions ?? .builtIn }

  /// `key` in the pages' language, its arguments put in.
  package func localized(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
    language.localized(key, arguments: arguments)
  }

  /// A message made elsewhere (a validation's, a store's), in the pages' language.
  package func text(_ message: Message) -> String { message.text(in: language) }

  package func document(title: String, _ body: [HTML]) -> HTML {
    .h(
      "html", ["lang": language.rawValue],
      [
        .h(
          "head", [:],
          [
            .h("meta", ["charset": "utf-8"]),
            .h("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
            .h("meta", ["name": "color-scheme", "content": "dark"]),
            .h("title", title),
            .h("link", ["rel": "stylesheet", "href": Asset.stylesheet.path]),
            .h("script", ["src": Asset.script.path, "defer": ""]),
          ]),
        .h("body", ["data-messages": scriptMessages], body + [languageSwitch(from: language)]),
      ])
  }

  /// The link to the other language, on every page (``WebApp/language(of:)``).
  package func languageSwitch(from language: Language) -> HTML {
    let other: Language = language == .french ? .english : .french
    // Riot's policy asks for its notice wherever the game's art is shown.
    let notice: [HTML] =
      pictures?.roster.championArt.isShown == true
      ? [.h("p", ["class": "riot-notice"], DataDragon.notice(in: language))] : []
    return .h(
      "footer", ["class": "language"],
      [
        .h(
          "a",
          [
            "href": "/language/\(other.rawValue)", "lang": other.rawValue,
            "hreflang": other.rawValue,
          ],
          other.name)
      ] + notice)
  }

  /// What app.js says to people, in the page's language (JSON).
  package var scriptMessages: String {
    let messages: [String: String] = [
      "orderRefused": localized("The order was not saved: the roster changed meanwhile."),
      "removedBy": localized("%1$@ was removed by %2$@. "),
      "gone": localized("This player is no longer on the roster. "),
      "back": localized("Back to the roster"),
      "updated": localized("Updated: %@."),
      "added": localized("%1$@ added %2$@"),
      "edited": localized("%1$@ edited %2$@"),
      "removed": localized("%1$@ removed %2$@"),
      "restored": localized("%1$@ restored %2$@"),
      "moved": localized("%1$@ reordered the roster"),
      "imported": localized("%1$@ imported a roster"),
      "importUndone": localized("%1$@ undid an import"),
      "transferred": localized("%1$@ moved %2$@ from %3$@ to %4$@"),
      "swapped": localized("%1$@ swapped %2$@ with %3$@"),
      "teamAdded": localized("%1$@ added the team %2$@"),
      "teamEdited": localized("%1$@ changed the team %2$@"),
      "teamRemoved": localized("%1$@ removed the team %2$@"),
      "organisationRenamed": localized("%1$@ renamed the organisation from %3$@ to %4$@"),
      "eventAdded": localized("%1$@ changed the week"),
      "eventEdited": localized("%1$@ changed the week"),
      "eventRemoved": localized("%1$@ changed the week"),
      "eventRestored": localized("%1$@ changed the week"),
      "secondsLeft": localized("%@ s left"),
      "timeUp": localized("Time’s up"),
      "copied": localized("Copied"),
      "resultLogged": localized("%1$@ logged a result"),
      "availabilityChanged": localized("%1$@ changed when %2$@ can play"),
      "poolChanged": localized("%1$@ changed %2$@'s champion pool"),
      "answered": localized("%1$@ answered for %2$@"),
      "separator": localized("; "),
      "someoneHere": localized("Someone on this machine"),
      "atCommandLine": localized("%@ at the command line"),
      "someoneAtCommandLine": localized("Someone at the command line"),
      "noChampion": localized("No champion matches “%@”."),
    ]
    return String(decoding: TeamJSON.encode(messages), as: UTF8.self)
  }

  package func page(status: Int = 200, title: String, cookie: String? = nil, _ body: [HTML])
    -> HTTPResponse
  {
    var response = HTTPResponse(
      status: status, contentType: "text/html; charset=utf-8",
      body: Array(document(title: title, body).renderDocument().utf8))
    if let cookie { response.headers.append(("Set-Cookie", cookie)) }
    return response
  }

  package func avatar(
    _ image: String, size: Int, alt: String = "", id: String? = nil, lazy: Bool = false
  ) -> HTML {
    if let drawn = ImageLibrary.drawnPicture(ofImage: image, in: pictures) {
      return drawing(drawn, size: size, alt: alt, id: id)
    }
    return picture(
      ImageLibrary.address(ofImage: image, in: pictures), size: size, alt: alt, id: id, lazy: lazy)
  }

  /// A player's round picture (``ImageLibrary/response(for:roster:request:)``).
  package func avatar(of player: Player, size: Int, alt: String = "", id: String? = nil) -> HTML {
    if let drawn = ImageLibrary.drawnPicture(of: player, in: pictures) {
      return drawing(drawn, size: size, alt: alt, id: id)
    }
    return picture(ImageLibrary.address(of: player, in: pictures), size: size, alt: alt, id: id)
  }

  private func picture(
    _ source: String, size: Int, alt: String, id: String? = nil, lazy: Bool = false
  ) -> HTML {
    let attributes: HTML.Attributes = [
      "class": "avatar", "src": source, "alt": alt, "width": String(size), "height": String(size),
    ]
    return .h(
      "img", attributes + (id.map { ["id": $0] } ?? [:]) + (lazy ? ["loading": "lazy"] : [:]))
  }

  /// The form's picture, which its script changes as the fields change: always an image,
  /// fetched once shown (the add sheet is closed when its page loads).
  package func imagePreview(_ source: String) -> HTML {
    picture(source, size: 64, alt: localized("Current picture"), id: "image-preview", lazy: true)
  }

  /// A drawn picture inside the page, as an image of `alt` (or hidden from assistive
  /// technology, as an image with an empty `alt`).
  private func drawing(_ picture: Picture, size: Int, alt: String, id: String?) -> HTML {
    let attributes: HTML.Attributes = [
      "class": "avatar", "width": String(size), "height": String(size),
    ]
    return ImageLibrary.drawing(
      picture,
      attributes + (id.map { ["id": $0] } ?? [:])
        + (alt.isEmpty ? ["aria-hidden": "true"] : ["role": "img", "aria-label": alt]))
  }

  package static func csrfField(_ token: String) -> HTML {
    .h("input", ["type": "hidden", "name": "csrf", "value": token])
  }

  /// A form of one button that posts to `action` (with the CSRF token and `fields`).
  package static func postButton(
    _ action: String, token: String, fields: [(String, String)] = [],
    button: HTML.Attributes, _ label: [HTML]
  ) -> HTML {
    .h(
      "form", ["method": "post", "action": action, "class": "inline"],
      [Self.csrfField(token)]
        + fields.map { .h("input", ["type": "hidden", "name": $0.0, "value": $0.1]) }
        + [.h("button", ["type": "submit"] + button, label)])
  }
}

extension Pages {
  /// A team's roster page: `/` while the organisation has one team, else `/teams/TAG`.
  package static func path(of team: Team, in roster: Roster) -> String {
    roster.teams.count == 1 ? "/" : "/teams/\(team.tag)"
  }

  /// A team's top bar in its colour: back, the title and what it is of, then `actions`.
  package func teamTopBar(
    _ title: String, _ subtitle: String, back: String, team: Team, actions: [HTML] = []
  ) -> HTML {
    .h(
      "header", ["class": "topbar \(team.color.cssClass)"],
      [
        .h(
          "a", ["class": "icon-button back", "href": back, "aria-label": localized("Back")],
          [Icon.chevronLeft]),
        .h("h1", [:], [.text(title), .h("span", ["class": "subtitle"], subtitle)]),
      ] + actions)
  }

  /// The bar at the top of a page with the way back.
  package func backBar(to href: String = "/") -> HTML {
    .h(
      "header", ["class": "topbar"],
      [
        .h(
          "a", ["class": "icon-button back", "href": href, "aria-label": localized("Back")],
          [Icon.chevronLeft])
      ])
  }
}

extension Pages {
  /// What the page may offer whoever looks at it.
  package struct Viewer: Hashable, Sendable {
    /// Add, edit, move, delete and restore controls (editors and owners).
    package var canEdit = true
    /// A link to their account and "Sign out".
    package var signedIn = false
    /// The organisation's controls: teams, accounts.
    package var isOwner = true
    /// A player's own account: their availability and answers.
    package var player: UUID?
    /// Staff (owners, editors, viewers) see every player's personal data and the
    /// organisation's files; a player's own account does not (docs/PRIVACY.md). Decided by
    /// the role, never by whether a player is linked: it fails closed.
    package var isStaff = true

    package init(
      canEdit: Bool = true, signedIn: Bool = false, isOwner: Bool = true, player: UUID? = nil,
      isStaff: Bool = true
    ) {
      self.canEdit = canEdit
      self.signedIn = signedIn
      self.isOwner = isOwner
      self.player = player
      self.isStaff = isStaff
    }

    private static let flags = ["~", "~o", "~s", "~so", "~e", "~eo", "~es", "~eso"]

    /// A key for the response cache: pages differ by what they offer.
    package var cacheKey: String {
      // Every page read asks: chosen, not built, but for a player's own account.
      let flags = Self.flags[(canEdit ? 4 : 0) | (signedIn ? 2 : 0) | (isOwner ? 1 : 0)]
      return player.map { flags + "p" + $0.text } ?? (isStaff ? flags : flags + "p")
    }

    /// Whether this reader may give `player`'s availability and answers.
    package func mayAnswer(for player: UUID) -> Bool { canEdit || self.player == player }

    /// Whether this reader sees `player`'s personal data (real name, birth date,
    /// nationality, contract and tenure dates): the staff, and the player themself
    /// (docs/PRIVACY.md).
    package func seesPersonalData(of player: UUID) -> Bool { isStaff || self.player == player }
  }
}

/// The site's navigation: the teams, and the links at the foot of the roster.
extension Pages {
  /// Where a team's import (or the whole organisation's, `team` nil) is posted.
  package static func importPath(_ team: Team?) -> String {
    team.map { "/teams/\($0.tag)/import" } ?? "/import"
  }

  /// Links to each team, and to the organisation.
  package func teamSwitcher(_ teams: [Team], current: Team?) -> HTML {
    .h(
      "nav", ["class": "teams", "aria-label": localized("Teams")],
      [
        .h(
          "a", ["href": "/"] + (current == nil ? ["aria-current": "page"] : [:]),
          localized("Organisation"))
      ]
        + teams.map { team in
          .h(
            "a",
            ["href": "/teams/\(team.tag)", "class": team.color.cssClass]
              + (team.id == current?.id ? ["aria-current": "page"] : [:]),
            team.tag)
        })
  }

  /// Links to the other pages, at the bottom of the roster: quiet buttons in a row.
  /// - Parameter team: the team shown, whose import the footer offers (nil: the whole
  ///   organisation's).
  package func footer(
    _ viewer: Viewer, removed: Int, organisation: Bool = false, team: Team? = nil
  ) -> HTML {
    var links: [HTML] = []
    if organisation || viewer.isOwner {
      links.append(.h("a", ["href": "/teams"], localized("Teams")))
    }
    // The staff's files (docs/PRIVACY.md); a French reader is offered the CSV French Excel
    // opens in columns first.
    let csv: [HTML] = [
      .h("a", ["href": "/export.fr.csv", "download": ""], localized("CSV for Excel (French)")),
      .h("a", ["href": "/export.csv", "download": ""], localized("Export CSV")),
    ]
    if viewer.isStaff {
      links += [
        .h(
          "a", ["href": "/trash"],
          localized("Recently removed") + (removed == 0 ? "" : " (\(removed))")),
        .h("a", ["href": "/history"], localized("History")),
      ]
      links += language == .french ? csv : csv.reversed()
      links.append(
        .h("a", ["href": "/export.xlsx", "download": ""], localized("Excel workbook (.xlsx)")))
      links.append(.h("a", ["href": "/export.json", "download": ""], localized("Export JSON")))
    }
    if viewer.canEdit {
      links.append(.h("a", ["href": Pages.importPath(team)], localized("Import")))
    }
    if viewer.isOwner {
      links.append(.h("a", ["href": "/champion-art"], localized("Champion art")))
      links.append(.h("a", ["href": "/riot"], localized("Riot API")))
    }
    links.append(
      viewer.signedIn
        ? .h("a", ["href": "/account"], localized("Your account"))
        : .h("a", ["href": "/signin"], localized("Sign in")))
    return .h("nav", ["class": "trash-link", "aria-label": localized("More")], links)
  }
}

import Foundation
import TeamHTTP
import TeamKit

/// The HTML screens: roster, add player, player detail, confirmations and errors.
enum Pages {
  /// Players shown on one page of the roster.
  static let pageSize = 50

  // MARK: - Layout

  static func document(title: String, _ body: [HTML]) -> HTML {
    .h(
      "html", ["lang": "en"],
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
        .h("body", [:], body),
      ])
  }

  static func page(status: Int = 200, title: String, cookie: String? = nil, _ body: [HTML])
    -> HTTPResponse
  {
    var response = HTTPResponse(
      status: status, contentType: "text/html; charset=utf-8",
      body: Array(document(title: title, body).renderDocument().utf8))
    if let cookie { response.headers.append(("Set-Cookie", cookie)) }
    return response
  }

  static func avatar(_ image: String, size: Int, alt: String = "", id: String? = nil) -> HTML {
    let attributes: HTML.Attributes = [
      "class": "avatar", "src": "/images/\(image)", "alt": alt,
      "width": String(size), "height": String(size),
    ]
    return .h("img", attributes + (id.map { ["id": $0] } ?? [:]))
  }

  // MARK: - Roster

  /// How many pages a roster of `players` takes (at least one).
  static func pageCount(_ players: Int) -> Int { max(1, (players + pageSize - 1) / pageSize) }

  /// The roster's page `page`, from 1 to ``pageCount(_:)``.
  static func roster(_ players: [Player], page: Int, token: String) -> HTTPResponse {
    let pages = pageCount(players.count)
    let shown = players.dropFirst((page - 1) * pageSize).prefix(pageSize)
    var content: [HTML]
    if players.isEmpty {
      content = [
        .h(
          "div", ["class": "empty"],
          [
            .h("strong", "No players yet"),
            .h("p", "Add the first member of the team with the + button."),
          ])
      ]
    } else {
      content = [
        .h(
          "ul", ["class": "roster", "aria-label": "Players"],
          shown.map { player in
            .h(
              "li", [:],
              [
                .h(
                  "a", ["class": "player-row", "href": "/players/\(player.id)"],
                  [
                    avatar(player.image, size: 56),
                    .h(
                      "span", [:],
                      [
                        .h("span", ["class": "pseudo"], player.name),
                        .h("span", ["class": "role"], player.position.displayName),
                      ]),
                  ])
              ])
          })
      ]
      if pages > 1 {
        content.append(
          .h(
            "nav", ["class": "pages", "aria-label": "Pages"],
            [
              page > 1 ? .h("a", ["href": "/?page=\(page - 1)"], "Previous") : .fragment([]),
              .h("span", "Page \(page) of \(pages) · \(players.count) players"),
              page < pages ? .h("a", ["href": "/?page=\(page + 1)"], "Next") : .fragment([]),
            ]))
      }
    }
    return Pages.page(
      title: "KCorp roster",
      [
        .h(
          "header", ["class": "topbar"],
          [
            .h(
              "h1", [:],
              [.text("KCorp"), .h("span", ["class": "subtitle"], "Team roster")]),
            .h(
              "a",
              [
                "id": "add-player", "class": "icon-button", "href": "/players/new",
                "aria-label": "Add player",
              ], [Icon.plus]),
          ]),
        .h("main", [:], content),
        .h(
          "dialog", ["id": "add-dialog", "class": "sheet", "aria-labelledby": "add-title"],
          [playerForm(PlayerInput(name: "", position: "Top"), errors: nil, token: token)]),
      ])
  }

  // MARK: - Add player

  /// The add-player form; `errors` puts each message next to its field.
  static func playerForm(
    _ input: PlayerInput, errors: ValidationError?, token: String, notice: String? = nil
  )
    -> HTML
  {
    func error(_ field: ValidationError.Field) -> HTML {
      guard let messages = errors?.messages(for: field), !messages.isEmpty else {
        return .fragment([])
      }
      return .h(
        "p", ["class": "error", "id": "\(field.rawValue)-error"],
        messages.joined(separator: " "))
    }
    func invalid(_ field: ValidationError.Field) -> HTML.Attributes {
      errors?.message(for: field) == nil
        ? [:] : ["aria-invalid": "true", "aria-describedby": "\(field.rawValue)-error"]
    }
    /// A text input named after its field: what was typed, and its error when there is one.
    func textField(_ field: ValidationError.Field, _ value: String) -> HTML {
      .h(
        "input",
        [
          "type": "text", "id": field.rawValue, "name": field.rawValue, "value": value,
          "autocomplete": "off", "autocapitalize": "none", "spellcheck": "false",
        ] + invalid(field))
    }
    let selectedPosition = (try? Position(parsing: input.position))
    let selected = Set(input.favoriteChampions.compactMap { Champion.find($0)?.id })
    let imageName = input.image.trimmingCharacters(in: .whitespacesAndNewlines)
    let preview =
      PlayerInput.imageNameProblem(imageName) == nil ? imageName : Player.defaultImage

    return .h(
      "form",
      ["method": "post", "action": "/players", "class": "player-form", "novalidate": ""],
      [
        .h("h2", ["id": "add-title"], "New player"),
        notice.map { .h("p", ["class": "error", "role": "alert"], $0) } ?? .fragment([]),
        .h("input", ["type": "hidden", "name": "csrf", "value": token]),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "name"], "Pseudo"),
            textField(.name, input.name),
            error(.name),
          ]),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "position"], "Role"),
            .h(
              "select", ["id": "position", "name": "position"] + invalid(.position),
              Position.allCases.map { position in
                .h(
                  "option",
                  ["value": position.rawValue]
                    + (position == selectedPosition ? ["selected": ""] : [:]),
                  position.displayName)
              }),
            error(.position),
          ]),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "image"], "Image"),
            .h(
              "div", ["class": "image-field"],
              [
                avatar(preview, size: 48, alt: "Preview", id: "image-preview"),
                textField(.image, input.image),
              ]),
            error(.image),
          ]),
        .h(
          "fieldset", ["class": "field"] + invalid(.favoriteChampions),
          [
            .h("legend", "Favorite champions"),
            .h(
              "div", ["class": "champion-row"],
              Champion.catalog.map { champion in
                .h(
                  "label", ["class": "champion"],
                  [
                    .h(
                      "input",
                      ["type": "checkbox", "name": "champion", "value": champion.id]
                        + (selected.contains(champion.id) ? ["checked": ""] : [:])),
                    avatar(champion.imageName, size: 56),
                    .h("span", champion.name),
                  ])
              }),
            error(.favoriteChampions),
          ]),
        .h(
          "div", ["class": "actions"],
          [
            .h("a", ["class": "button", "href": "/", "data-close": ""], "Cancel"),
            .h("button", ["class": "button primary", "type": "submit"], "Add"),
          ]),
      ])
  }

  static func addPlayer(
    _ input: PlayerInput, errors: ValidationError?, token: String, cookie: String?,
    status: Int = 200,
    notice: String? = nil
  ) -> HTTPResponse {
    page(
      status: status, title: "New player · KCorp", cookie: cookie,
      [
        .h(
          "main", [:],
          [playerForm(input, errors: errors, token: token, notice: notice)])
      ])
  }

  // MARK: - Player detail

  static func backBar(to href: String = "/") -> HTML {
    .h(
      "header", ["class": "topbar"],
      [
        .h(
          "a", ["class": "icon-button back", "href": href, "aria-label": "Back"],
          [Icon.chevronLeft])
      ])
  }

  static func player(_ player: Player, token: String) -> HTTPResponse {
    page(
      title: "\(player.name) · KCorp",
      [
        backBar(),
        .h(
          "main", ["class": "detail"],
          [
            avatar(player.image, size: 160, alt: "Photo of \(player.name)"),
            .h("h1", player.name),
            .h("p", ["class": "role"], player.position.displayName),
            .h(
              "section", ["aria-labelledby": "champions-title"],
              [
                .h("h2", ["id": "champions-title"], "Favorite champions"),
                player.favoriteChampions.isEmpty
                  ? .h("p", ["class": "muted"], "No favorite champions yet.")
                  : .h(
                    "ul", ["class": "champions"],
                    player.favoriteChampions.map { champion in
                      .h(
                        "li", [:],
                        [avatar(champion.imageName, size: 56), .h("span", champion.name)])
                    }),
              ]),
            .h(
              "form",
              [
                "method": "get", "action": "/players/\(player.id)/delete",
                "class": "delete-form", "data-confirm": "delete-dialog",
              ],
              [
                .h(
                  "button", ["class": "button danger wide", "type": "submit"],
                  [Icon.trash, .text("Delete player")])
              ]),
          ]),
        .h(
          "dialog", ["id": "delete-dialog", "class": "sheet", "aria-labelledby": "confirm-title"],
          [
            confirmDelete(
              player, token: token,
              cancel: .h(
                "button", ["class": "button", "type": "button", "data-close": ""], "Cancel"))
          ]),
      ])
  }

  static func confirmDelete(_ player: Player, token: String, cancel: HTML) -> HTML {
    .h(
      "form",
      ["method": "post", "action": "/players/\(player.id)/delete", "class": "confirm"],
      [
        .h("h2", ["id": "confirm-title"], "Delete \(player.name)?"),
        .h("p", ["class": "muted"], "\(player.name) will be removed from the roster for good."),
        .h("input", ["type": "hidden", "name": "csrf", "value": token]),
        .h(
          "div", ["class": "actions"],
          [cancel, .h("button", ["class": "button danger", "type": "submit"], "Delete")]),
      ])
  }

  static func confirmDeletePage(_ player: Player, token: String, cookie: String?) -> HTTPResponse {
    page(
      title: "Delete \(player.name)? · KCorp", cookie: cookie,
      [
        backBar(to: "/players/\(player.id)"),
        .h(
          "main", [:],
          [
            confirmDelete(
              player, token: token,
              cancel: .h("a", ["class": "button", "href": "/players/\(player.id)"], "Cancel"))
          ]),
      ])
  }

  // MARK: - Messages

  /// A page that says why a request was refused, headed by what the status means to a user.
  static func message(status: Int, text: String) -> HTTPResponse {
    let title =
      switch status {
      case 403: "Refused"
      case 404: "Not found"
      case 405: "Not allowed"
      case 413: "Too much data"
      case 421: "Wrong address"
      case 503: "Not saved"
      default: HTTPError.reason(status)
      }
    return page(
      status: status, title: "\(title) · KCorp",
      [
        backBar(),
        .h(
          "main", [:],
          [
            .h(
              "div", ["class": "notice"],
              [
                .h("h1", title), .h("p", ["class": "muted"], text),
                .h("a", ["class": "button primary", "href": "/"], "Back to the roster"),
              ])
          ]),
      ])
  }
}

import Foundation
import TeamHTTP
import TeamKit
import TeamStore

/// The HTML screens: roster, player form (add and edit), player detail, Recently removed,
/// confirmations and errors.
enum Pages {
  /// Players shown on one page of the roster.
  static let pageSize = 50

  // MARK: - Layout

  static func document(title: String, _ body: [HTML]) -> HTML {
    let language = Language.current
    return .h(
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
  static func languageSwitch(from language: Language) -> HTML {
    let other: Language = language == .french ? .english : .french
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
      ])
  }

  /// What app.js says to people, in the page's language (JSON).
  static var scriptMessages: String {
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
      "separator": localized("; "),
    ]
    let object = messages.sorted { $0.key < $1.key }.map {
      "\"\($0.key)\":" + String(decoding: TeamJSON.encode($0.value), as: UTF8.self)
    }
    return "{" + object.joined(separator: ",") + "}"
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

  static func avatar(
    _ image: String, size: Int, alt: String = "", id: String? = nil, lazy: Bool = false
  ) -> HTML {
    picture("/images/\(image)", size: size, alt: alt, id: id, lazy: lazy)
  }

  /// A player's round picture (``ImageLibrary/response(for:roster:request:)``).
  static func avatar(of player: Player, size: Int, alt: String = "") -> HTML {
    picture("/players/\(player.id)/picture", size: size, alt: alt)
  }

  private static func picture(
    _ source: String, size: Int, alt: String, id: String? = nil, lazy: Bool = false
  ) -> HTML {
    let attributes: HTML.Attributes = [
      "class": "avatar", "src": source, "alt": alt, "width": String(size), "height": String(size),
    ]
    return .h(
      "img", attributes + (id.map { ["id": $0] } ?? [:]) + (lazy ? ["loading": "lazy"] : [:]))
  }

  static func csrfField(_ token: String) -> HTML {
    .h("input", ["type": "hidden", "name": "csrf", "value": token])
  }

  /// A form of one button that posts to `action` (with the CSRF token and `fields`).
  static func postButton(
    _ action: String, token: String, fields: [(String, String)] = [],
    button: HTML.Attributes, _ label: [HTML]
  ) -> HTML {
    .h(
      "form", ["method": "post", "action": action, "class": "inline"],
      [csrfField(token)]
        + fields.map { .h("input", ["type": "hidden", "name": $0.0, "value": $0.1]) }
        + [.h("button", ["type": "submit"] + button, label)])
  }

  // MARK: - Roster

  /// What the roster announces after an action (in a `role="status"` region).
  enum Notice {
    case added(Player)
    case removed(Player)
    case restored(Player)
    case imported(Int)
    /// The add form came back with its errors.
    case refused
  }

  /// How many pages a roster of `players` takes (at least one).
  static func pageCount(_ players: Int) -> Int { max(1, (players + pageSize - 1) / pageSize) }

  /// The page (from 1) that shows `player`: the roster is shown starters first.
  static func page(of player: UUID, in players: [Player]) -> Int {
    (players.startersFirst.firstIndex { $0.id == player } ?? 0) / pageSize + 1
  }

  /// Where "Back" from a player leads: their row on the page that shows them.
  static func rosterLink(to player: UUID, in players: [Player]) -> String {
    "/?page=\(page(of: player, in: players))#player-\(player)"
  }

  /// The roster's page `page`, from 1 to ``pageCount(_:)``: the starting five, then the
  /// substitutes, with their order buttons.
  static func roster(
    _ roster: Roster, page: Int, token: String, viewer: Viewer = Viewer(), notice: Notice? = nil,
    addForm: (input: PlayerInput, errors: ValidationError?)? = nil
  ) -> HTTPResponse {
    let players = roster.players.startersFirst
    let pages = pageCount(players.count)
    let shown = Array(players.dropFirst((page - 1) * pageSize).prefix(pageSize))
    let status = LineupStatus(players: roster.players)
    let justAdded: UUID? = if case .added(let player)? = notice { player.id } else { nil }
    var content: [HTML] = [
      statusRegion(addForm != nil ? .refused : notice, token: token, canUndo: viewer.canEdit)
    ]
    if players.isEmpty {
      content.append(
        .h(
          "div", ["class": "empty"],
          [
            .h("strong", localized("No players yet")),
            .h("p", localized("Add the first member of the team with the + button.")),
          ]))
    } else {
      content.append(
        .h(
          "p", ["class": status.isComplete ? "lineup complete" : "lineup"],
          status.isComplete
            ? localized("Starting five: complete.")
            : localized(
              "Starting five: %@.", status.problems.map(\.description).joined(separator: ", "))))
      for lineup in Lineup.allCases {
        let group = shown.filter { $0.lineup == lineup }
        let everyone = players.filter { $0.lineup == lineup }
        let title = lineup == .starter ? localized("Starting five") : localized("Substitutes")
        let titleID: String = lineup == .starter ? "starters-title" : "substitutes-title"
        guard !group.isEmpty || (everyone.isEmpty && page == pages) else { continue }
        content.append(
          .h(
            "section", ["class": "group", "aria-labelledby": titleID],
            [
              .h("h2", ["id": titleID], title),
              group.isEmpty
                ? .h(
                  "p", ["class": "muted"],
                  lineup == .starter
                    ? localized("Nobody starts yet.") : localized("No substitutes."))
                : .h(
                  "ul",
                  ["class": "roster", "aria-labelledby": titleID, "data-lineup": lineup.rawValue],
                  group.map {
                    row(
                      $0, in: everyone, token: token, justAdded: $0.id == justAdded,
                      canMove: viewer.canEdit)
                  }),
            ]))
      }
      if pages > 1 {
        content.append(
          .h(
            "nav", ["class": "pages", "aria-label": localized("Pages")],
            [
              page > 1
                ? .h("a", ["href": "/?page=\(page - 1)"], localized("Previous")) : .fragment([]),
              .h(
                "span",
                localized(
                  "Page %1$@ of %2$@ · %3$@ players", page, pages,
                  Language.current.number(players.count))),
              page < pages
                ? .h("a", ["href": "/?page=\(page + 1)"], localized("Next")) : .fragment([]),
            ]))
      }
    }
    content.append(footer(viewer, removed: roster.removedCount))
    let form = addForm ?? (PlayerInput(name: "", position: "Top"), nil)
    let refused = addForm != nil
    return Pages.page(
      status: refused ? 422 : 200, title: localized("KCorp roster"),
      [
        .h(
          "header", ["class": "topbar"],
          [
            .h(
              "h1", [:],
              [.text("KCorp"), .h("span", ["class": "subtitle"], localized("Team roster"))]),
            viewer.canEdit
              ? .h(
                "a",
                [
                  "id": "add-player", "class": "icon-button", "href": "/players/new",
                  "aria-label": localized("Add player"),
                ], [Icon.plus]) : .fragment([]),
          ]),
        .h(
          "main",
          ["data-order-etag": WebApp.etag(order: roster.players), "data-live": ""],
          content),
        .h(
          "dialog",
          ["id": "add-dialog", "class": "sheet", "aria-labelledby": "form-title"]
            + (refused ? ["open": "", "data-refused": ""] : [:]),
          [
            playerForm(
              form.input, errors: form.errors, token: token, action: "/players",
              title: localized("New player"), submit: localized("Add"))
          ]),
      ])
  }

  /// Links to the other pages, at the bottom of the roster.
  static func footer(_ viewer: Viewer, removed: Int) -> HTML {
    .h(
      "nav", ["class": "trash-link", "aria-label": localized("More")],
      [
        .h(
          "a", ["href": "/trash"],
          localized("Recently removed") + (removed == 0 ? "" : " (\(removed))")),
        .text(" · "),
        .h("a", ["href": "/history"], localized("History")),
        .text(" · "),
        .h("a", ["href": "/export.csv", "download": ""], localized("Export CSV")),
        .text(" · "),
        .h("a", ["href": "/export.json", "download": ""], "JSON"),
        .text(" · "),
        viewer.canEdit
          ? .fragment([.h("a", ["href": "/import"], localized("Import")), .text(" · ")])
          : .fragment([]),
        viewer.signedIn
          ? .h("a", ["href": "/account"], localized("Your account"))
          : .h("a", ["href": "/signin"], localized("Sign in")),
      ])
  }

  /// The live region that announces what just happened, with "Undo" after a removal.
  static func statusRegion(_ notice: Notice?, token: String, canUndo: Bool = true) -> HTML {
    var children: [HTML] = []
    switch notice {
    case .added(let player)?:
      children = [.text(localized("%@ was added.", player.name))]
    case .restored(let player)?:
      children = [.text(localized("%@ is back on the roster.", player.name))]
    case .imported(let count)?:
      children = [
        .text(
          count == 1
            ? localized("Imported 1 player.")
            : localized("Imported %@ players.", Language.current.number(count)))
      ]
    case .refused?:
      children = [.text(localized("Nothing was added: fix the fields marked in the form."))]
    case .removed(let player)?:
      children = [.text(localized("%@ was removed. ", player.name))]
      if canUndo {
        children.append(
          postButton(
            "/trash/\(player.id)/restore", token: token,
            button: ["class": "button small", "id": "undo"], [.text(localized("Undo"))]))
      }
    case nil:
      break
    }
    return .h(
      "div",
      ["class": notice == nil ? "status" : "status shown", "role": "status", "id": "status"],
      children)
  }

  /// One player's row: their link, and buttons that move them within their group.
  static func row(
    _ player: Player, in group: [Player], token: String, justAdded: Bool, canMove: Bool = true
  ) -> HTML {
    let index = group.firstIndex(of: player) ?? 0
    func move(_ direction: String, _ label: String, _ symbol: StaticString, disabled: Bool) -> HTML
    {
      .h(
        "button",
        [
          "type": "submit", "name": "direction", "value": direction,
          "class": "icon-button small", "aria-label": label,
        ] + (disabled ? ["disabled": ""] : [:]),
        [.trusted(symbol)])
    }
    return .h(
      "li",
      [
        "id": "player-\(player.id)", "class": justAdded ? "player-item just-added" : "player-item",
        "data-id": player.id.uuidString,
      ],
      [
        .h(
          "a", ["class": "player-row", "href": "/players/\(player.id)"],
          [
            avatar(of: player, size: 56),
            .h(
              "span", ["class": "names"],
              [
                .h("span", ["class": "pseudo"], player.name),
                .h("span", ["class": "role"], player.position.displayName),
              ]),
          ]),
        canMove
          ? .h(
            "form",
            ["method": "post", "action": "/players/\(player.id)/move", "class": "move"],
            [
              csrfField(token),
              move("up", localized("Move up %@", player.name), "▲", disabled: index == 0),
              move(
                "down", localized("Move down %@", player.name), "▼",
                disabled: index == group.count - 1),
            ]) : .fragment([]),
      ])
  }

  // MARK: - The player form (add and edit)

  /// The add or edit form; `errors` puts each message next to its field, and focus goes to
  /// the first field in error.
  static func playerForm(
    _ input: PlayerInput, errors: ValidationError?, token: String, action: String,
    title: String, submit: String, version: String? = nil, notice: String? = nil,
    cancel: String = "/", heading: StaticString = "h2"
  ) -> HTML {
    let firstError = ValidationError.Field.allCases.first { errors?.message(for: $0) != nil }
    func error(_ field: ValidationError.Field) -> HTML {
      guard let messages = errors?.messages(for: field), !messages.isEmpty else {
        return .fragment([])
      }
      return .h(
        "p", ["class": "error", "id": "\(field.rawValue)-error"],
        messages.joined(separator: " "))
    }
    func invalid(_ field: ValidationError.Field) -> HTML.Attributes {
      guard errors?.message(for: field) != nil else { return [:] }
      return ["aria-invalid": "true", "aria-describedby": "\(field.rawValue)-error"]
        + (field == firstError ? ["autofocus": ""] : [:])
    }
    /// A text input named after its field: what was typed, and its error when there is one.
    func textField(_ field: ValidationError.Field, _ value: String, _ extra: HTML.Attributes)
      -> HTML
    {
      .h(
        "input",
        [
          "type": "text", "id": field.rawValue, "name": field.rawValue, "value": value,
          "autocomplete": "off", "autocapitalize": "none", "spellcheck": "false",
        ] + extra + invalid(field))
    }
    let selectedPosition = (try? Position(parsing: input.position))
    var selected: [String] = []  // in the order chosen
    for id in input.favoriteChampions.compactMap({ Champion.find($0)?.id })
    where !selected.contains(id) {
      selected.append(id)
    }
    let imageName = input.image.trimmingCharacters(in: .whitespacesAndNewlines)
    let preview =
      PlayerInput.imageNameProblem(imageName) == nil ? imageName : Player.defaultImage

    return .h(
      "form",
      [
        "method": "post", "action": action, "class": "player-form", "novalidate": "",
        "enctype": "multipart/form-data",
      ],
      [
        // The page's own heading on a page of its own (h1), under the roster's in a sheet.
        .h(heading, ["id": "form-title"], title),
        notice.map { .h("p", ["class": "error", "role": "alert"], $0) } ?? .fragment([]),
        csrfField(token),
        version.map { .h("input", ["type": "hidden", "name": "version", "value": $0]) }
          ?? .fragment([]),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "name"], localized("Pseudo")),
            textField(.name, input.name, ["maxlength": String(PlayerInput.maxNameLength)]),
            error(.name),
          ]),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "position"], localized("Role")),
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
            .h("label", ["for": "image"], localized("Image")),
            .h(
              "div", ["class": "image-field"],
              [
                avatar(preview, size: 48, alt: localized("Image preview"), id: "image-preview"),
                textField(.image, input.image, ["maxlength": String(PlayerInput.maxImageLength)]),
              ]),
            // A photo from the phone's camera or library, or a file: re-encoded on the server.
            .h("label", ["for": "photo"], localized("Photo")),
            .h(
              "input",
              [
                "type": "file", "id": "photo", "name": "photo",
                "accept": "image/jpeg,image/png,image/webp,image/heic",
              ]),
            error(.image),
          ]),
        .h(
          "fieldset", ["class": "field"] + invalid(.favoriteChampions),
          [
            .h("legend", localized("Favorite champions")),
            // The search narrows the row as one types (app.js asks /api/champions); neither
            // field has a name, so neither is sent with the form.
            .h(
              "div", ["class": "champion-filters"],
              [
                .h(
                  "input",
                  [
                    "type": "search", "class": "champion-search",
                    "placeholder": localized("Search"),
                    "aria-label": localized("Search a champion"), "autocomplete": "off",
                  ]),
                .h(
                  "select", ["class": "champion-class", "aria-label": localized("Class")],
                  [.h("option", ["value": ""], localized("All classes"))]
                    + ChampionClass.allCases.map {
                      .h("option", ["value": $0.rawValue], $0.displayName)
                    }),
              ]),
            .h(
              "div", ["class": "champion-row"],
              // The selected champions first, in their order, then the others.
              (selected.compactMap(Champion.find)
                + Champion.catalog.filter { !selected.contains($0.id) }).map { champion in
                  .h(
                    "label", ["class": "champion"],
                    [
                      .h(
                        "input",
                        ["type": "checkbox", "name": "champion", "value": champion.id]
                          + (selected.contains(champion.id) ? ["checked": ""] : [:])),
                      avatar(champion.imageName, size: 56, lazy: true),
                      .h("span", champion.name),
                    ])
                }),
            error(.favoriteChampions),
          ]),
        .h(
          "div", ["class": "actions"],
          [
            .h("a", ["class": "button", "href": cancel, "data-close": ""], localized("Cancel")),
            .h("button", ["class": "button primary", "type": "submit"], submit),
          ]),
      ])
  }

  /// The add form on a page of its own (without JavaScript, "+" leads here).
  static func addPlayer(
    _ input: PlayerInput, errors: ValidationError?, token: String, cookie: String?,
    status: Int = 200, notice: String? = nil
  ) -> HTTPResponse {
    page(
      status: status, title: localized("New player · KCorp"), cookie: cookie,
      [
        backBar(),
        .h(
          "main", ["class": "sheet-page"],
          [
            playerForm(
              input, errors: errors, token: token, action: "/players",
              title: localized("New player"), submit: localized("Add"), notice: notice,
              heading: "h1")
          ]),
      ])
  }

  /// The edit form on a page of its own, prefilled with `input`.
  static func editPlayer(
    _ player: Player, input: PlayerInput, errors: ValidationError?, token: String,
    version: String, cookie: String?, status: Int = 200, notice: String? = nil
  ) -> HTTPResponse {
    page(
      status: status, title: localized("Edit %@ · KCorp", player.name), cookie: cookie,
      [
        backBar(to: "/players/\(player.id)"),
        .h(
          "main", ["class": "sheet-page"],
          [
            editForm(
              player, input: input, errors: errors, token: token, version: version, notice: notice,
              heading: "h1")
          ]),
      ])
  }

  static func editForm(
    _ player: Player, input: PlayerInput, errors: ValidationError?, token: String,
    version: String, notice: String? = nil, heading: StaticString = "h2"
  ) -> HTML {
    playerForm(
      input, errors: errors, token: token, action: "/players/\(player.id)/edit",
      title: localized("Edit %@", player.name), submit: localized("Save"), version: version,
      notice: notice,
      cancel: "/players/\(player.id)", heading: heading)
  }

  /// What a player is now, as the edit form's input.
  static func input(of player: Player) -> PlayerInput {
    PlayerInput(
      name: player.name, position: player.position.rawValue, image: player.image,
      favoriteChampions: player.favoriteChampions.map(\.id), lineup: player.lineup.rawValue)
  }

  // MARK: - Player detail

  static func backBar(to href: String = "/") -> HTML {
    .h(
      "header", ["class": "topbar"],
      [
        .h(
          "a", ["class": "icon-button back", "href": href, "aria-label": localized("Back")],
          [Icon.chevronLeft])
      ])
  }

  static func player(
    _ player: Player, in roster: Roster, token: String, viewer: Viewer = Viewer()
  ) -> HTTPResponse {
    let starter = player.lineup == .starter
    let edits: [HTML] = [
      .h(
        "div", ["class": "detail-actions"],
        [
          .h(
            "a",
            ["class": "button", "id": "edit-player", "href": "/players/\(player.id)/edit"],
            localized("Edit")),
          postButton(
            "/players/\(player.id)/lineup", token: token,
            fields: [("lineup", starter ? "substitute" : "starter")],
            button: ["class": "button", "id": "lineup-toggle"],
            [.text(starter ? localized("Move to substitutes") : localized("Make starter"))]),
        ])
    ]
    let deletion: [HTML] = [
      .h(
        "form",
        [
          "method": "get", "action": "/players/\(player.id)/delete",
          "class": "delete-form", "data-confirm": "delete-dialog",
        ],
        [
          .h(
            "button", ["class": "button danger wide", "type": "submit"],
            [Icon.trash, .text(localized("Delete player"))])
        ])
    ]
    return page(
      title: "\(player.name) · KCorp",
      [
        backBar(to: rosterLink(to: player.id, in: roster.players)),
        .h(
          "main", ["class": "detail", "data-live": "", "data-player": player.id.uuidString],
          [
            avatar(of: player, size: 160, alt: localized("Photo of %@", player.name)),
            .h("h1", player.name),
            .h("p", ["class": "role"], player.position.displayName),
            .h(
              "p", ["class": "muted"],
              starter ? localized("Starting five") : localized("Substitute")),
            .fragment(viewer.canEdit ? edits : []),
            .h(
              "section", ["aria-labelledby": "champions-title"],
              [
                .h("h2", ["id": "champions-title"], localized("Favorite champions")),
                player.favoriteChampions.isEmpty
                  ? .h("p", ["class": "muted"], localized("No favorite champions yet."))
                  : .h(
                    "ul", ["class": "champions"],
                    player.favoriteChampions.map { champion in
                      .h(
                        "li", [:],
                        [avatar(champion.imageName, size: 56), .h("span", champion.name)])
                    }),
              ]),
            .fragment(viewer.canEdit ? deletion : []),
          ]),
        .h(
          "dialog", ["id": "edit-dialog", "class": "sheet", "aria-labelledby": "form-title"],
          [
            editForm(
              player, input: input(of: player), errors: nil, token: token,
              version: WebApp.etag(player))
          ]),
        .h(
          "dialog", ["id": "delete-dialog", "class": "sheet", "aria-labelledby": "confirm-title"],
          [
            confirmDelete(
              player, token: token,
              cancel: .h(
                "button", ["class": "button", "type": "button", "data-close": ""],
                localized("Cancel")))
          ]),
      ])
  }

  static func confirmDelete(
    _ player: Player, token: String, cancel: HTML, heading: StaticString = "h2"
  ) -> HTML {
    .h(
      "form",
      ["method": "post", "action": "/players/\(player.id)/delete", "class": "confirm"],
      [
        .h(heading, ["id": "confirm-title"], localized("Delete %@?", player.name)),
        .h(
          "p", ["class": "muted"],
          localized(
            "%@ will go to Recently removed, where they can be restored for 30 days.", player.name)),
        csrfField(token),
        .h(
          "div", ["class": "actions"],
          [
            cancel,
            .h("button", ["class": "button danger", "type": "submit"], localized("Delete")),
          ]),
      ])
  }

  static func confirmDeletePage(_ player: Player, token: String, cookie: String?) -> HTTPResponse {
    page(
      title: localized("Delete %@? · KCorp", player.name), cookie: cookie,
      [
        backBar(to: "/players/\(player.id)"),
        .h(
          "main", [:],
          [
            confirmDelete(
              player, token: token,
              cancel: .h(
                "a", ["class": "button", "href": "/players/\(player.id)"], localized("Cancel")),
              heading: "h1")
          ]),
      ])
  }

  // MARK: - Recently removed

  static func trash(
    _ removed: [RemovedPlayer], token: String, now: Date, viewer: Viewer = Viewer()
  ) -> HTTPResponse {
    page(
      title: localized("Recently removed · KCorp"),
      [
        backBar(),
        .h(
          "main", ["class": "trash"],
          [
            .h("h1", localized("Recently removed")),
            .h(
              "p", ["class": "muted"],
              localized(
                "Removed players can be restored for 30 days, at their place in the roster.")),
            removed.isEmpty
              ? .h("p", ["class": "empty"], localized("Nobody was removed in the last 30 days."))
              : .h(
                "ul", ["class": "roster"],
                removed.map { removal in
                  .h(
                    "li", ["class": "player-item", "id": "removed-\(removal.id)"],
                    [
                      .h(
                        "div", ["class": "player-row"],
                        [
                          avatar(of: removal.player, size: 56),
                          .h(
                            "span", ["class": "names"],
                            [
                              .h("span", ["class": "pseudo"], removal.player.name),
                              .h(
                                "span", ["class": "role"],
                                localized(
                                  "%1$@ · removed %2$@", removal.player.position.displayName,
                                  age(of: removal.removedAt, now: now))),
                            ]),
                        ]),
                      viewer.canEdit
                        ? postButton(
                          "/trash/\(removal.id)/restore", token: token,
                          button: [
                            "class": "button small",
                            "aria-label": localized("Restore %@", removal.player.name),
                          ], [.text(localized("Restore"))]) : .fragment([]),
                    ])
                }),
          ]),
      ])
  }

  // MARK: - History

  static func history(_ changes: [RosterChange], now: Date) -> HTTPResponse {
    page(
      title: localized("History · KCorp"),
      [
        backBar(),
        .h(
          "main", ["class": "trash"],
          [
            .h("h1", localized("History")),
            .h("p", ["class": "muted"], localized("Who changed what, the newest first.")),
            changes.isEmpty
              ? .h("p", ["class": "empty"], localized("No changes recorded yet."))
              : .h(
                "ol", ["class": "history"],
                changes.map { change in
                  .h(
                    "li", [:],
                    [
                      .h("span", change.summary.description),
                      .h(
                        "time",
                        [
                          "datetime": change.at.formatted(.iso8601), "class": "muted",
                          "title": Language.current.date(change.at),
                        ], age(of: change.at, now: now)),
                    ])
                }),
          ]),
      ])
  }

  /// "just now", "5 minutes ago", "3 hours ago", "2 days ago", in the current language.
  static func age(of date: Date, now: Date) -> String {
    let seconds = max(0, Int(now.timeIntervalSince(date)))
    switch seconds {
    case ..<60: return localized("just now")
    case ..<120: return localized("1 minute ago")
    case ..<3600: return localized("%@ minutes ago", seconds / 60)
    case ..<7200: return localized("1 hour ago")
    case ..<86400: return localized("%@ hours ago", seconds / 3600)
    case ..<172_800: return localized("1 day ago")
    default: return localized("%@ days ago", Language.current.number(seconds / 86400))
    }
  }

  // MARK: - Messages

  /// A page that says why a request was refused, headed by what the status means to a user.
  static func message(status: Int, text: String) -> HTTPResponse {
    let title =
      switch status {
      case 403: localized("Refused")
      case 404: localized("Not found")
      case 405: localized("Not allowed")
      case 409: localized("Not possible now")
      case 412: localized("Changed meanwhile")
      case 413: localized("Too much data")
      case 421: localized("Wrong address")
      case 503: localized("Not saved")
      default: Language.current.translation(of: HTTPError.reason(status))
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
                .h("a", ["class": "button primary", "href": "/"], localized("Back to the roster")),
              ])
          ]),
      ])
  }
}

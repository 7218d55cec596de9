import Foundation
import Synchronization
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// The player form, to add and to edit.
extension Pages {
  /// A champion search sent with the form, without JavaScript (its Search button): the
  /// words typed and the class chosen.
  struct ChampionSearch {
    var query = ""
    var championClass = ""

    /// The search a form sent, or nil when it was sent to be saved.
    init?(form: [String: [String]]) {
      guard form["search"] != nil else { return nil }
      query = form["q"]?.first ?? ""
      championClass = form["class"]?.first ?? ""
    }

    /// The champions of `catalog` that match, best first.
    func matches(in catalog: ChampionCatalog) -> [Champion] {
      catalog.search(
        query, classes: ChampionClass(rawValue: championClass).map { [$0] } ?? [])
    }
  }

  /// The add or edit form; `errors` puts each message next to its field, and focus goes to
  /// the first field in error. With `search`, the row holds the selected champions and those
  /// that match, and focus goes back to the search.
  func playerForm(
    _ input: PlayerInput, errors: ValidationError?, token: String, action: String,
    title: String, submit: String, version: String? = nil, notice: String? = nil,
    cancel: String = "/", heading: StaticString = "h2", everyChampion: Bool = true,
    search: ChampionSearch? = nil, player: Player? = nil
  ) -> HTML {
    let fields = FormFields(pages: self, errors: errors)
    let selectedPosition = (try? Position(parsing: input.position))
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
        Self.csrfField(token),
        version.map { .h("input", ["type": "hidden", "name": "version", "value": $0]) }
          ?? .fragment([]),
        input.team.isEmpty
          ? .fragment([]) : .h("input", ["type": "hidden", "name": "team", "value": input.team]),
        fields.error(.team),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "name"], localized("Pseudo")),
            fields.textField(.name, input.name, ["maxlength": String(PlayerInput.maxNameLength)]),
            fields.error(.name),
          ]),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "position"], localized("Role")),
            .h(
              "select", ["id": "position", "name": "position"] + fields.invalid(.position),
              Position.allCases.map { position in
                .h(
                  "option",
                  ["value": position.rawValue]
                    + (position == selectedPosition ? ["selected": ""] : [:]),
                  position.displayName)
              }),
            fields.error(.position),
          ]),
        photoFieldset(input, player: player, fields),
        championFieldset(input, search: search, everyChampion: everyChampion, fields),
        moreFieldsDetails(input, fields),
        .h(
          "div", ["class": "actions"],
          [
            .h("a", ["class": "button", "href": cancel, "data-close": ""], localized("Cancel")),
            .h("button", ["class": "button primary", "type": "submit"], submit),
          ]),
      ])
  }

  /// The favourite champions: the search, the class filter, and the row, the selected
  /// first in their order, then the others: here, or (in a sheet that only scripts open)
  /// fetched once from an address that changes with its content and cached
  /// (``Asset/championRow(for:)``).
  private func championFieldset(
    _ input: PlayerInput, search: ChampionSearch?, everyChampion: Bool, _ fields: FormFields
  ) -> HTML {
    var chosen: [Champion] = []  // in the order chosen
    for champion in input.favoriteChampions.compactMap(champions.find)
    where !chosen.contains(champion) {
      chosen.append(champion)
    }
    let matches = search?.matches(in: champions)
    let others =
      (matches ?? (everyChampion ? champions.champions : []))
      .filter { champion in !chosen.contains(champion) }
    let noMatch =
      matches?.isEmpty == true
      && !(search?.query.trimmingCharacters(in: .whitespaces) ?? "").isEmpty
    let championRow: HTML = .h(
      "div",
      ["class": "champion-row"]
        + (everyChampion ? [:] : ["data-more": Asset.championRow(for: self).path]),
      chosen.map { championChoice($0, checked: true) }
        + others.map { championChoice($0, checked: false) })
    let classOptions: [HTML] = ChampionClass.allCases.map { kind -> HTML in
      let selected: HTML.Attributes =
        search?.championClass == kind.rawValue ? ["selected": ""] : [:]
      return .h("option", ["value": kind.rawValue] + selected, kind.displayName(in: language))
    }
    let searchAttributes: HTML.Attributes =
      [
        "type": "search", "class": "champion-search", "name": "q",
        "value": search?.query ?? "", "placeholder": localized("Search"),
        "aria-label": localized("Search a champion"), "autocomplete": "off",
      ] + (search != nil ? ["autofocus": ""] : [:])
    let noMatchText = noMatch ? localized("No champion matches “%@”.", search?.query ?? "") : ""
    let filters: HTML = .fragment([
      // The search narrows the row as one types (app.js asks /api/champions). Without
      // scripts its button sends the form to be shown again, filtered, with everything
      // typed: being the form's first button, it is also what Enter presses there, so
      // Enter never adds or saves from a page without scripts.
      .h(
        "div", ["class": "champion-filters"],
        [
          .h("input", searchAttributes),
          .h(
            "select",
            ["class": "champion-class", "name": "class", "aria-label": localized("Class")],
            [.h("option", ["value": ""], localized("All classes"))] + classOptions),
          .h(
            "button",
            [
              "class": "button search-button", "type": "submit", "name": "search",
              "value": "1", "formnovalidate": "",
            ], localized("Search")),
        ]),
      // Said when a search finds nobody (here, or by app.js).
      .h("p", ["class": "no-match", "role": "status"], noMatchText),
    ])
    return .h(
      "fieldset", ["class": "field"] + fields.invalid(.favoriteChampions),
      [
        .h("legend", localized("Favorite champions")),
        filters,
        championRow,
        fields.error(.favoriteChampions),
      ])
  }

  /// The photo (chosen, changed or removed) and, while there is none, the picture's file name.
  private func photoFieldset(_ input: PlayerInput, player: Player?, _ fields: FormFields)
    -> HTML
  {
    let imageName = input.image.trimmingCharacters(in: .whitespacesAndNewlines)
    let preview =
      PlayerInput.imageNameProblem(imageName) == nil ? imageName : Player.defaultImage

    // One picture: the photo when there is one, else the picture the file name names.
    let hasPhoto = player?.photo != nil
    let source =
      if let player, hasPhoto {
        ImageLibrary.address(of: player, in: pictures)
      } else {
        ImageLibrary.address(ofImage: preview, in: pictures)
      }
    let shown = imagePreview(source)
    let photoControl: HTML = .h(
      "div", ["class": "photo-control"],
      [
        shown,
        .h(
          "div", ["class": "photo-actions"],
          [
            // From the phone's camera or library, or a file: re-encoded on the server.
            .h(
              "label", ["for": "photo"],
              hasPhoto ? localized("Change photo") : localized("Choose a photo")),
            .h(
              "input",
              [
                "type": "file", "id": "photo", "name": "photo",
                "accept": "image/jpeg,image/png,image/webp,image/heic",
              ] + fields.invalid(.photo)),
            hasPhoto
              ? .h(
                "label", ["class": "check"],
                [
                  .h("input", ["type": "checkbox", "name": "removePhoto", "value": "1"]),
                  .text(localized("Remove photo")),
                ]) : .fragment([]),
          ]),
      ])
    return .h(
      "fieldset", ["class": "field photo-field"],
      [
        .h("legend", localized("Photo")),
        photoControl,
        fields.error(.photo),
        .h("label", ["for": "image", "class": "secondary"], localized("Picture's file name")),
        fields.textField(
          .image, input.image,
          ["maxlength": String(PlayerInput.maxImageLength)]),
        .h(
          "p", ["class": "hint"],
          localized(
            "Shown while there is no photo: the name of a picture in the images folder, such as player_default."
          )),
        fields.error(.image),
      ])
  }

  /// The fields beyond the brief's: status, Riot ID, who they are, the contract; open when
  /// one is filled in or refused.
  private func moreFieldsDetails(_ input: PlayerInput, _ fields: FormFields) -> HTML {
    let errors = fields.errors
    let hasMore =
      [
        input.lineup, input.riotID, input.realName, input.nationality, input.birthDate,
        input.contractEnd,
      ].contains { !$0.isEmpty }
      || [.lineup, .riotID, .realName, .nationality, .birthDate, .joined, .contractEnd].contains {
        errors?.message(for: $0) != nil
      }
    return .h(
      "details", ["class": "more-fields"] + (hasMore ? ["open": ""] : [:]),
      [
        .h("summary", localized("Status, Riot ID, contract")),
        lineupField(input, fields),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "riotID"], localized("Riot ID")),
            fields.textField(
              .riotID, input.riotID, ["placeholder": "Caliste#KC1", "maxlength": "24"]),
            fields.error(.riotID),
          ]),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "realName"], localized("Real name")),
            fields.textField(
              .realName, input.realName,
              ["maxlength": String(PlayerInput.maxRealNameLength)]),
            fields.error(.realName),
          ]),
        .h(
          "div", ["class": "field"],
          [
            // The country's two letters (the player's page names it in the reader's
            // language): a list of every country would weigh 11 KB on each roster page.
            .h("label", ["for": "nationality"], localized("Nationality (FR, KR, ES…)")),
            .h(
              "input",
              [
                "type": "text", "id": "nationality", "name": "nationality",
                "value": input.nationality, "maxlength": "2", "autocomplete": "country",
                "autocapitalize": "characters", "spellcheck": "false", "placeholder": "FR",
              ] + fields.invalid(.nationality)),
            fields.error(.nationality),
          ]),
        fields.dateField(.birthDate, localized("Birth date"), input.birthDate),
        fields.dateField(.joined, localized("Joined the team"), input.joined),
        fields.dateField(.contractEnd, localized("Contract end"), input.contractEnd),
      ])
  }

  /// The player's status, automatic when none is chosen.
  private func lineupField(_ input: PlayerInput, _ fields: FormFields) -> HTML {
    .h(
      "div", ["class": "field"],
      [
        .h("label", ["for": "lineup"], localized("Status")),
        .h(
          "select", ["id": "lineup", "name": "lineup"] + fields.invalid(.lineup),
          [.h("option", ["value": ""], localized("As the team needs"))]
            + Lineup.allCases.map { lineup in
              .h(
                "option",
                ["value": lineup.rawValue]
                  + ((try? Lineup(parsing: input.lineup)) == lineup
                    ? ["selected": ""] : [:]),
                lineup.displayName(in: language))
            }),
        fields.error(.lineup),
      ])
  }

  /// A form's fields with their errors: focus on the first field in error.
  struct FormFields {
    let pages: Pages
    let errors: ValidationError?
    let firstError: ValidationError.Field?

    init(pages: Pages, errors: ValidationError?) {
      self.pages = pages
      self.errors = errors
      firstError = ValidationError.Field.allCases.first { errors?.message(for: $0) != nil }
    }

    func error(_ field: ValidationError.Field) -> HTML {
      guard let messages = errors?.messages(for: field), !messages.isEmpty else {
        return .fragment([])
      }
      return .h(
        "p", ["class": "error", "id": "\(field.rawValue)-error"],
        messages.map(pages.text).joined(separator: " "))
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
    /// A date input (YYYY-MM-DD, as browsers send it).
    func dateField(_ field: ValidationError.Field, _ label: String, _ value: String) -> HTML {
      .h(
        "div", ["class": "field"],
        [
          .h("label", ["for": field.rawValue], label),
          .h(
            "input",
            ["type": "date", "id": field.rawValue, "name": field.rawValue, "value": value]
              + invalid(field)),
          error(field),
        ])
    }
  }

  /// The add form on a page of its own (without JavaScript, "+" leads here); `team` names
  /// the team it adds to when the organisation has several.
  func addPlayer(
    _ input: PlayerInput, errors: ValidationError?, token: String, cookie: String?,
    status: Int = 200, notice: String? = nil, cancel: String = "/", search: ChampionSearch? = nil,
    team: Team? = nil
  ) -> HTTPResponse {
    let title = team.map { localized("New player · %@", $0.name) } ?? localized("New player")
    return page(
      status: status, title: title + " · KCorp", cookie: cookie,
      [
        backBar(to: cancel),
        .h(
          "main", ["class": "sheet-page"],
          [
            playerForm(
              input, errors: errors, token: token, action: "/players",
              title: title, submit: localized("Add"), notice: notice,
              cancel: cancel, heading: "h1", search: search)
          ]),
      ])
  }

  /// One champion of the form's row: a checkbox with its picture and name.
  func championChoice(_ champion: Champion, checked: Bool) -> HTML {
    .h(
      "label", ["class": "champion"],
      [
        .h(
          "input",
          ["type": "checkbox", "name": "champion", "value": champion.id]
            + (checked ? ["checked": ""] : [:])),
        avatar(champion.imageName, size: 56, lazy: true),
        .h("span", champions.name(of: champion, in: language)),
      ])
  }

  /// The edit form on a page of its own, prefilled with `input`.
  func editPlayer(
    _ player: Player, input: PlayerInput, errors: ValidationError?, token: String,
    version: String, cookie: String?, status: Int = 200, notice: String? = nil,
    search: ChampionSearch? = nil
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
              heading: "h1", search: search)
          ]),
      ])
  }

  func editForm(
    _ player: Player, input: PlayerInput, errors: ValidationError?, token: String,
    version: String, notice: String? = nil, heading: StaticString = "h2",
    everyChampion: Bool = true, search: ChampionSearch? = nil
  ) -> HTML {
    playerForm(
      input, errors: errors, token: token, action: "/players/\(player.id)/edit",
      title: localized("Edit %@", player.name), submit: localized("Save"), version: version,
      notice: notice,
      cancel: "/players/\(player.id)", heading: heading, everyChampion: everyChampion,
      search: search, player: player)
  }

  /// What a player is now, as the edit form's input.
  static func input(of player: Player) -> PlayerInput {
    var input = PlayerInput(player: player)
    input.team = ""  // a move is a form of its own
    return input
  }
}

extension Asset {
  /// Every champion of the form's row, unchecked: fetched once by the add and edit sheets
  /// instead of sent in every page. Drawn again when a sync changes the art or the catalog,
  /// when the images folder changes, and per language (champions' French names); its
  /// address names its content.
  static func championRow(for pages: Pages) -> Asset {
    let art = pages.pictures?.roster.championArt ?? .none
    let folder = pages.pictures?.library.watch.generation ?? 0
    let key = "\(art.version)|\(folder)|\(pages.champions.count)|\(pages.language.rawValue)"
    return championRows.withLock { rows in
      if let row = rows[key] { return row }
      var html = ""
      for champion in pages.champions.champions {
        pages.championChoice(champion, checked: false).render(into: &html)
      }
      let row = Asset(
        name: "champions", extension: "html", contentType: "text/html; charset=utf-8",
        body: Array(html.utf8))
      // Each change of the art or the folder draws a new row: the older ones go, in time.
      if rows.count >= 16 { rows.removeAll() }
      rows[key] = row
      return row
    }
  }
}

import TeamKit

extension Endpoint {
  public static let listPlayers = Endpoint(
    "GET", "/api/players", id: "listPlayers",
    summary:
      "A team's roster, in order (the organisation's first team unless ?team= names another)",
    parameters: [.team],
    responses: [
      Response(200, "Every player", content: [("application/json", .array(.ref(.player)))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let addPlayer = Endpoint(
    "POST", "/api/players", id: "addPlayer",
    summary:
      "Add a player at the end of a team (the body's team, else ?team=, else the first team)",
    parameters: [.team],
    request: Request([("application/json", .ref(.playerInput))]),
    responses: [
      Response(
        201, "Added and committed", content: [("application/json", .ref(.player))],
        headers: [
          Header("Location", "The new player's URL", .string()),
          Header("ETag", "The player's version, for If-Match", .string()),
        ])
    ],
    problems: [400, 401, 403, 404, 405, 409, 413, 415, 421, 422, 503]
  )

  public static let getPlayer = Endpoint(
    "GET", "/api/players/{id}", id: "getPlayer",
    summary: "One player",
    parameters: [.playerID],
    responses: [
      Response(
        200, "The player", content: [("application/json", .ref(.player))],
        headers: [Header("ETag", "The player's version, for If-Match", .string())])
    ],
    problems: [401, 403, 404, 405, 421]
  )

  public static let deletePlayer = Endpoint(
    "DELETE", "/api/players/{id}", id: "deletePlayer",
    summary: "Move a player to \"Recently removed\" (restorable for 30 days)",
    parameters: [.playerID],
    responses: [
      Response(204, "Removed and committed")
    ],
    problems: [401, 403, 404, 405, 421, 503]
  )

  public static let editPlayer = Endpoint(
    "PATCH", "/api/players/{id}", id: "editPlayer",
    summary: "Change some of a player's fields (JSON merge patch: absent fields stay)",
    parameters: [.playerID, .ifMatch],
    request: Request([
      ("application/merge-patch+json", .ref(.playerEdit)), ("application/json", .ref(.playerEdit)),
    ]),
    responses: [
      Response(
        200, "Changed and committed", content: [("application/json", .ref(.player))],
        headers: [Header("ETag", "The player's version, for If-Match", .string())])
    ],
    problems: [400, 401, 403, 404, 405, 409, 412, 413, 415, 421, 422, 503]
  )

  public static let listRemovedPlayers = Endpoint(
    "GET", "/api/trash", id: "listRemovedPlayers",
    summary: "\"Recently removed\", the latest first",
    description: "The staff's: a player's own account gets 403 (docs/PRIVACY.md).",
    parameters: [.offset, .limit],
    responses: [
      Response(
        200, "Removed players with when they were removed",
        content: [("application/json", .array(.ref(.removedPlayer)))],
        headers: [
          Header("X-Total-Count", "How many the whole list holds", .integer(minimum: 0)),
          Header("Link", "The next part's address (rel=\"next\"), when more follows", .string()),
        ])
    ],
    problems: [400, 401, 403, 405, 421]
  )

  public static let restorePlayer = Endpoint(
    "POST", "/api/trash/{id}/restore", id: "restorePlayer",
    summary: "Put a removed player back at their place in the order, every field intact",
    parameters: [.playerID],
    responses: [
      Response(
        201, "Restored and committed", content: [("application/json", .ref(.player))],
        headers: [
          Header("Location", "The player's URL", .string()),
          Header("ETag", "The player's version, for If-Match", .string()),
        ])
    ],
    problems: [401, 403, 404, 405, 409, 421, 503]
  )

  public static let getOrder = Endpoint(
    "GET", "/api/roster/order", id: "getOrder",
    summary: "The players' ids in roster order",
    parameters: [.team],
    responses: [
      Response(
        200, "The order", content: [("application/json", .array(.string(format: "uuid")))],
        headers: [Header("ETag", "The order's version, for If-Match", .string())])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let setOrder = Endpoint(
    "PUT", "/api/roster/order", id: "setOrder",
    summary: "Put the roster in this order: every player's id, once",
    parameters: [.ifMatch, .team],
    request: Request([("application/json", .array(.string(format: "uuid")))]),
    responses: [
      Response(
        200, "Reordered and committed",
        content: [("application/json", .array(.string(format: "uuid")))],
        headers: [Header("ETag", "The order's version, for If-Match", .string())])
    ],
    problems: [400, 401, 403, 404, 405, 409, 412, 413, 415, 421, 503]
  )

  public static let getLineup = Endpoint(
    "GET", "/api/lineup", id: "getLineup",
    summary: "Whether the starting five is complete: one starter per position",
    parameters: [.team],
    responses: [
      Response(200, "The lineup's state", content: [("application/json", .ref(.lineup))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let getHistory = Endpoint(
    "GET", "/api/history", id: "getHistory",
    summary: "Who changed what, the newest first",
    description: "The staff's: a player's own account gets 403 (docs/PRIVACY.md).",
    parameters: [
      Parameter("player", in: .query, .string(format: "uuid")),
      Parameter(
        "after", in: .query, "Only entries with a larger id",
        .integer(minimum: 0, maximum: 9223372036854775807)),
      Parameter("limit", in: .query, .integer(minimum: 1, maximum: 1000)),
    ],
    responses: [
      Response(200, "History entries", content: [("application/json", .array(.ref(.rosterChange)))])
    ],
    problems: [400, 401, 403, 405, 421]
  )

  public static let setPhoto = Endpoint(
    "PUT", "/api/players/{id}/photo", id: "setPhoto",
    summary:
      "Give a player a photo: decoded and re-encoded as a JPEG square of at most 512 px, without metadata; at most 8 MiB and 40 megapixels",
    parameters: [.playerID],
    request: Request([
      ("image/jpeg", .string(format: "binary")), ("image/png", .string(format: "binary")),
      ("image/webp", .string(format: "binary")), ("image/heic", .string(format: "binary")),
    ]),
    responses: [
      Response(
        200, "Stored: the player, whose photoURL names the photo by its content (cached for ever)",
        content: [("application/json", .ref(.player))])
    ],
    problems: [401, 403, 404, 405, 413, 415, 421, 422, 503]
  )

  public static let removePhoto = Endpoint(
    "DELETE", "/api/players/{id}/photo", id: "removePhoto",
    summary: "Remove a player's photo: the drawn picture again",
    parameters: [.playerID],
    responses: [
      Response(204, "Removed")
    ],
    problems: [401, 403, 404, 405, 421, 503]
  )

  public static let swapPlayers = Endpoint(
    "POST", "/api/players/{id}/swap", id: "swapPlayers",
    summary:
      "Exchange two players of one team, statuses and places (a substitute in for a starter): one change",
    parameters: [.playerID],
    request: Request([("application/json", .ref(.swapRequest))]),
    responses: [
      Response(200, "Swapped and committed", content: [("application/json", .ref(.swap))])
    ],
    problems: [400, 401, 403, 404, 405, 409, 415, 421, 422, 503]
  )

}

extension Component {
  static let player = Component(
    "Player",
    .object(
      [
        "id": .string(format: "uuid"),
        "name": .string(minLength: 1, maxLength: 24),
        "position": .ref(.position),
        "image": .string(pattern: "^[a-z0-9_-][a-z0-9_.-]{0,63}$"),
        "favoriteChampions": .array(.ref(.champion)),
        "lineup": .ref(.lineupRole),
        "photoURL": .string(pattern: "^/photos/[0-9a-f]{64}\\.jpg$").described(
          "Where the player's uploaded photo is served (absent without one); named by its SHA-256"),
        "teamID": .string(format: "uuid").described("The team the player is on now (/api/teams)"),
        "riotID": .string(pattern: "^[^#]+#[A-Za-z0-9]{3,5}$").described(
          "gameName#tagLine: a game name of 3 to 16 letters, digits or spaces, a tag of 3 to 5 letters or digits; unique in the organisation"
        ),
        "realName": .string(maxLength: 64),
        "nationality": .string(pattern: "^[A-Z]{2}$").described("ISO 3166 code"),
        "birthDate": .string(format: "date", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
        "joined": .string(format: "date", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$").described(
          "When they joined their team now"),
        "contractEnd": .string(format: "date", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$").described(
          "When their contract ends"),
      ],
      required: ["id", "name", "position", "image", "favoriteChampions", "lineup", "teamID"]))

  static let playerInput = Component(
    "PlayerInput",
    .object(
      [
        "name": .string().described(
          "The pseudo: 1 to 24 characters, unique in the team ignoring case"
        ).with(.pseudo),
        "position": .any.described(
          "A position, or an alias in any case: jgl, jng, middle, bot, bottom, ad carry, sup, supp, utility, …"
        ).with(.positionRule),
        "image": .string().described("Image name; blank or absent means player_default").with(
          .imageName
        ).orNull,
        "favoriteChampions": .array(.string()).described("Champion ids from /api/champions").with(
          .championIDs
        ).orNull,
        "lineup": .string().described(
          "A status: starter, substitute, trainee, stand-in or inactive; absent: a starter while the team has fewer than five starters"
        ).with(.lineupStatus).orNull,
        "team": .string().orNull.described(
          "The team's tag or id; absent: the organisation's first team"),
        "teamID": .string().orNull.described(
          "The team's id (as exported); team wins when both are given"),
        "riotID": .string().described(
          "gameName#tagLine: a game name of 3 to 16 letters, digits or spaces, a tag of 3 to 5 letters or digits; unique in the organisation"
        ).with(.riotID).orNull,
        "realName": .string(maxLength: 64).with(.realName).orNull,
        "nationality": .string().described("ISO 3166 code (FR, KR); any case").with(.nationality)
          .orNull,
        "birthDate": .string().described("YYYY-MM-DD").with(.birthDate).orNull,
        "joined": .string().described("YYYY-MM-DD; absent: today for a new player").with(.day)
          .orNull,
        "contractEnd": .string().described("YYYY-MM-DD").with(.day).orNull,
      ],
      required: ["name", "position"]
    ).described("An optional field given as null is as if left out."))

  static let playerEdit = Component(
    "PlayerEdit",
    .object(
      [
        "name": .string().described(
          "The pseudo: 1 to 24 characters, unique in the team ignoring case"
        ).with(.pseudo).orNull,
        "position": .any.described(
          "A position, or an alias in any case: jgl, jng, middle, bot, bottom, ad carry, sup, supp, utility, …"
        ).with(.positionRule).orNull,
        "image": .string().described("Image name; null means player_default").with(.imageName)
          .orNull,
        "favoriteChampions": .array(.string()).described("Champion ids; null means none").with(
          .championIDs
        ).orNull,
        "lineup": .string().described(
          "A status: starter, substitute, trainee, stand-in or inactive"
        ).with(.lineupStatus).orNull,
        "riotID": .string().described(
          "gameName#tagLine: a game name of 3 to 16 letters, digits or spaces, a tag of 3 to 5 letters or digits; unique in the organisation; null or empty clears it"
        ).with(.riotID).orNull,
        "realName": .string(maxLength: 64).described("null or empty clears it").with(.realName)
          .orNull,
        "nationality": .string().described(
          "ISO 3166 code (FR, KR); any case; null or empty clears it"
        ).with(.nationality).orNull,
        "birthDate": .string().described("YYYY-MM-DD; null or empty clears it").with(.birthDate)
          .orNull,
        "joined": .string().described("YYYY-MM-DD; null or empty clears it").with(.day).orNull,
        "contractEnd": .string().described("YYYY-MM-DD; null or empty clears it").with(.day).orNull,
      ]).described(
        "Fields absent stay as they are; null image means player_default, null favoriteChampions none"
      ))

  static let position = Component(
    "Position",
    .string(enum: ["Top", "Jungle", "Mid", "ADC", "Support"]))

  static let lineup = Component(
    "Lineup",
    .object(
      [
        "complete": .boolean(),
        "missing": .array(.ref(.position)),
        "doubled": .array(.ref(.position)),
        "starters": .array(.string(format: "uuid")),
      ],
      required: ["complete", "missing", "doubled", "starters"]))

  static let lineupRole = Component(
    "LineupRole",
    .string(enum: ["starter", "substitute", "trainee", "stand-in", "inactive"]).described(
      "A player's status in their team; the starting five counts starters only"))

  static let removedPlayer = Component(
    "RemovedPlayer",
    .object(
      [
        "player": .ref(.player),
        "removedAt": .string(format: "date-time"),
      ],
      required: ["player", "removedAt"]))

  static let swap = Component(
    "Swap",
    .object(
      [
        "player": .ref(.player),
        "with": .ref(.player),
      ],
      required: ["player", "with"]))

  static let swapRequest = Component(
    "SwapRequest",
    .object(
      [
        "with": .string().described(
          "The other player's id or pseudo, on the same team, of another status")
      ],
      required: ["with"]))

  static let rosterChange = Component(
    "RosterChange",
    .object(
      [
        "id": .integer(),
        "at": .string(format: "date-time"),
        "author": .string().described(
          "The account or the token's name; cli:USER for kcorp run by USER on the database's machine; local for a change made without an account"
        ),
        "kind": .string(enum: [
          "added", "edited", "removed", "restored", "moved", "imported", "swapped", "transferred",
          "teamAdded", "teamEdited", "teamRemoved", "organisationRenamed", "eventAdded",
          "eventEdited", "eventRemoved", "resultLogged", "availabilityChanged", "poolChanged",
          "answered", "importUndone",
        ]),
        "player": .string().described("The player's pseudo then"),
        "playerID": .string(format: "uuid").orNull,
        "before": .oneOf([.ref(.player), .null]),
        "after": .oneOf([.ref(.player), .null]),
        "from": .string().described("A transfer's team left, or a renaming's old name"),
        "to": .string().described("A transfer's team joined, or a renaming's new name"),
        "with": .string().described("A swap's other player (their pseudo then)"),
      ],
      required: ["id", "at", "author", "kind", "player", "playerID", "before", "after"]))

}

import TeamKit

extension Endpoint {
  public static let getOrganisation = Endpoint(
    "GET", "/api/organisation", id: "getOrganisation",
    summary:
      "The organisation: its name, its teams and every player (every account reads them all)",
    parameters: [.offset, .limit],
    responses: [
      Response(
        200, "The organisation", content: [("application/json", .ref(.organisation))],
        headers: [
          Header("X-Total-Count", "How many the whole list holds", .integer(minimum: 0)),
          Header("Link", "The next part's address (rel=\"next\"), when more follows", .string()),
        ])
    ],
    problems: [400, 401, 405, 421]
  )

  public static let renameOrganisation = Endpoint(
    "PATCH", "/api/organisation", id: "renameOrganisation",
    summary: "Rename the organisation (owners)",
    request: Request([
      (
        "application/merge-patch+json",
        .object(["name": .string().with(.teamName)], required: ["name"])
      ), ("application/json", .object(["name": .string().with(.teamName)], required: ["name"])),
    ]),
    responses: [
      Response(200, "Renamed and committed", content: [("application/json", .ref(.organisation))])
    ],
    problems: [400, 401, 403, 405, 415, 421, 422, 503]
  )

  public static let listTeams = Endpoint(
    "GET", "/api/teams", id: "listTeams",
    summary: "The teams, the first first",
    responses: [
      Response(200, "The teams", content: [("application/json", .array(.ref(.team)))])
    ],
    problems: [401, 405, 421]
  )

  public static let addTeam = Endpoint(
    "POST", "/api/teams", id: "addTeam",
    summary: "Add a team after the others (owners)",
    request: Request([("application/json", .ref(.teamInput))]),
    responses: [
      Response(
        201, "Added and committed", content: [("application/json", .ref(.team))],
        headers: [Header("Location", "The team's URL", .string())])
    ],
    problems: [400, 401, 403, 405, 409, 415, 421, 422, 503]
  )

  public static let getTeam = Endpoint(
    "GET", "/api/teams/{tag}", id: "getTeam",
    summary: "One team",
    parameters: [.teamTag],
    responses: [
      Response(200, "The team", content: [("application/json", .ref(.team))])
    ],
    problems: [401, 403, 404, 405, 421]
  )

  public static let editTeam = Endpoint(
    "PATCH", "/api/teams/{tag}", id: "editTeam",
    summary: "Change a team's name, tag, league or main team (owners)",
    parameters: [.teamTag],
    request: Request([
      ("application/merge-patch+json", .ref(.teamPatch)), ("application/json", .ref(.teamPatch)),
    ]),
    responses: [
      Response(200, "Changed and committed", content: [("application/json", .ref(.team))])
    ],
    problems: [400, 401, 403, 404, 405, 409, 415, 421, 422, 503]
  )

  public static let removeTeam = Endpoint(
    "DELETE", "/api/teams/{tag}", id: "removeTeam",
    summary:
      "Remove a team with no player (owners); its Recently removed go to the first other team",
    parameters: [.teamTag],
    responses: [
      Response(204, "Removed and committed")
    ],
    problems: [401, 403, 404, 405, 409, 421, 503]
  )

  public static let listTeamPlayers = Endpoint(
    "GET", "/api/teams/{tag}/players", id: "listTeamPlayers",
    summary: "A team's players, in its order",
    parameters: [.teamTag],
    responses: [
      Response(200, "The players", content: [("application/json", .array(.ref(.player)))])
    ],
    problems: [401, 403, 404, 405, 421]
  )

  public static let transferPlayer = Endpoint(
    "POST", "/api/players/{id}/transfer", id: "transferPlayer",
    summary:
      "Move a player to another team: one change, the tenure kept, joined today (editors of both teams)",
    parameters: [.playerID],
    request: Request([("application/json", .ref(.transfer))]),
    responses: [
      Response(
        200, "Moved and committed", content: [("application/json", .ref(.player))],
        headers: [Header("ETag", "The player's version, for If-Match", .string())])
    ],
    problems: [400, 401, 403, 404, 405, 409, 415, 421, 422, 503]
  )

  public static let listTenures = Endpoint(
    "GET", "/api/players/{id}/tenures", id: "listTenures",
    summary: "The teams a player was on before, the latest first",
    parameters: [.playerID],
    responses: [
      Response(200, "The tenures", content: [("application/json", .array(.ref(.tenure)))])
    ],
    problems: [401, 403, 404, 405, 421, 503]
  )

  public static let listContracts = Endpoint(
    "GET", "/api/contracts", id: "listContracts",
    summary:
      "The players whose contract ends within ?within= days (90 by default), the soonest first",
    description: "The staff's: a player's own account gets 403 (docs/PRIVACY.md).",
    parameters: [
      Parameter("within", in: .query, .integer(minimum: 0, maximum: 3650)), .offset, .limit,
    ],
    responses: [
      Response(
        200, "The players", content: [("application/json", .array(.ref(.player)))],
        headers: [
          Header("X-Total-Count", "How many the whole list holds", .integer(minimum: 0)),
          Header("Link", "The next part's address (rel=\"next\"), when more follows", .string()),
        ])
    ],
    problems: [400, 401, 403, 405, 421]
  )

}

extension Component {
  static let organisation = Component(
    "Organisation",
    .object(
      [
        "name": .string(),
        "teams": .array(.ref(.team)).described("The teams, the first first"),
        "players": .array(.ref(.player)).described("Their players, each team's in its order"),
      ],
      required: ["name", "teams", "players"]))

  static let team = Component(
    "Team",
    .object(
      [
        "id": .string(format: "uuid"),
        "name": .string(minLength: 1, maxLength: 40),
        "tag": .string(pattern: "^[A-Z0-9]{2,5}$").described(
          "Short and unique in the organisation (KC, KCB)"),
        "league": .string(maxLength: 16),
        "parentID": .string(format: "uuid").described("The main team, for an academy"),
        "timeZone": .string().described(
          "The IANA time zone its week is planned in (Europe/Paris on a new database)"),
        "color": .string(enum: [
          "blue", "sky", "gold", "red", "green", "purple", "teal", "orange", "pink", "silver",
        ]).described("Its colour on the pages"),
      ],
      required: ["id", "name", "tag", "timeZone", "color"]))

  static let teamInput = Component(
    "TeamInput",
    .object(
      [
        "name": .string().described("1 to 40 visible characters").with(.teamName),
        "tag": .string().described("2 to 5 letters or digits, any case; unique").with(.teamTag),
        "league": .string().described("Up to 16 characters; empty or null for none").with(.league)
          .orNull,
        "parent": .string().described(
          "The main team's tag or id, for an academy; empty or null for none"
        ).with(.parentTeam).orNull,
        "timeZone": .string().orNull.described(
          "An IANA time zone (Europe/Paris); empty or null keeps the team's, and a new team gets Europe/Paris"
        ),
        "color": .string().orNull.described(
          "One of the palette's colours, by its English or French name (gold, or); empty or null keeps the team's, or gives a new team blue"
        ),
      ],
      required: ["name", "tag"]))

  static let teamPatch = Component(
    "TeamPatch",
    .object(
      [
        "name": .string().with(.teamName).orNull,
        "tag": .string().with(.teamTag).orNull,
        "league": .string().with(.league).orNull,
        "parent": .string().with(.parentTeam).orNull,
        "timeZone": .string().orNull.described(
          "An IANA time zone (Europe/Paris); null or absent keeps the team's"),
        "color": .string().orNull.described(
          "One of the palette's colours, by its English or French name (gold, or)"),
      ]).described("Members absent stay as they are; null or empty clears league and parent"))

  static let tenure = Component(
    "Tenure",
    .object(
      [
        "teamID": .string(format: "uuid"),
        "teamName": .string(),
        "team": .string().described("The team's tag then"),
        "position": .ref(.position),
        "from": .string(format: "date").orNull,
        "to": .string(format: "date"),
      ],
      required: ["teamID", "teamName", "team", "position", "from", "to"]))

  static let transfer = Component(
    "Transfer",
    .object(
      [
        "team": .string().described("The team's tag or id"),
        "lineup": .string().described(
          "The status there; absent: a starter while that team has fewer than five"),
      ],
      required: ["team"]))

}

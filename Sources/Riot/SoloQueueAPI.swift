import TeamAPI
import TeamKit

extension Endpoint {
  public static let getRiotSettings = Endpoint(
    "GET", "/api/riot", id: "getRiotSettings",
    summary: "The owner's Riot API settings; never the key",
    responses: [
      Response(200, "The settings", content: [("application/json", .ref(.riotSettings))])
    ],
    problems: [401, 403, 405, 421]
  )

  public static let setRiotSettings = Endpoint(
    "PUT", "/api/riot", id: "setRiotSettings",
    summary:
      "Give the Riot API key, the platform and the ranked games kept a player (what is absent stays)",
    request: Request([("application/json", .ref(.riotSettingsInput))]),
    responses: [
      Response(200, "Stored and committed", content: [("application/json", .ref(.riotSettings))])
    ],
    problems: [400, 401, 403, 405, 415, 421, 422, 503]
  )

  public static let getSoloQueue = Endpoint(
    "GET", "/api/soloq", id: "getSoloQueue",
    summary:
      "A team's players, the best ranked in solo queue first, with their Riot accounts, and the refresh under way",
    parameters: [.team],
    responses: [
      Response(200, "The solo queue", content: [("application/json", .ref(.soloQueue))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let refreshSoloQueue = Endpoint(
    "POST", "/api/soloq/refresh", id: "refreshSoloQueue",
    summary:
      "Start refreshing a team's players from Riot (Riot IDs checked, ranks, last ranked games); follow it with GET /api/soloq",
    parameters: [.team],
    responses: [
      Response(202, "Started (or one under way)", content: [("application/json", .ref(.soloQueue))])
    ],
    problems: [400, 401, 403, 404, 405, 409, 421, 503]
  )

  public static let getPlayerSoloQueue = Endpoint(
    "GET", "/api/players/{id}/soloq", id: "getPlayerSoloQueue",
    summary:
      "A player's Riot account as last seen: the Riot ID's check, ranks, LP over time, last ranked games and their champions; null before the Riot ID's first check",
    parameters: [.playerID],
    responses: [
      Response(
        200, "The account", content: [("application/json", .anyOf([.ref(.riotStanding), .null]))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

}

extension Component {
  static let rankPoint = Component(
    "RankPoint",
    .object(
      [
        "at": .string(format: "date-time"),
        "division": .string(),
        "lp": .integer(),
        "tier": .string(),
      ],
      required: ["at", "division", "lp", "tier"],
      closed: true))

  static let riotRank = Component(
    "RiotRank",
    .object(
      [
        "division": .string(),
        "losses": .integer(),
        "lp": .integer(),
        "queue": .string(enum: ["RANKED_SOLO_5x5", "RANKED_FLEX_SR"]),
        "tier": .string(),
        "wins": .integer(),
      ],
      required: ["division", "losses", "lp", "queue", "tier", "wins"],
      closed: true))

  static let riotRefresh = Component(
    "RiotRefresh",
    .object(
      [
        "state": .string(enum: ["idle", "running", "failed", "finished"]),
        "done": .integer(),
        "total": .integer(),
        "message": .string().described("Why it stopped, in the reader's language"),
        "waitSeconds": .integer(minimum: 1).described(
          "While running: how long it still waits on Riot's limits, when it waits"),
      ],
      required: ["state"],
      closed: true))

  static let riotSettings = Component(
    "RiotSettings",
    .object(
      [
        "games": .integer().described("Ranked games kept a player"),
        "keyFromServer": .boolean().described("A key was given to the server ($KCORP_RIOT_KEY)"),
        "keyGiven": .string(format: "date-time"),
        "keySet": .boolean().described("Whether a key is set (the key itself is never shown)"),
        "platform": .string(),
        "region": .string(),
        "refresh": .ref(.riotRefresh),
      ],
      required: ["games", "keyFromServer", "keySet", "platform", "refresh", "region"],
      closed: true))

  static let riotSettingsInput = Component(
    "RiotSettingsInput",
    .object(
      [
        "key": .string(pattern: "^([A-Za-z0-9_-]{8,128})?$", maxLength: 128).orNull.described(
          "A new API key (letters, digits and dashes); absent or empty keeps the one stored"),
        "forget": .boolean().orNull.described("Remove the key stored"),
        "platform": .string(enum: [
          "br1", "eun1", "euw1", "jp1", "kr", "la1", "la2", "me1", "na1", "oc1", "ru", "sg2", "tr1",
          "tw2", "vn2",
        ]).orNull,
        "games": .integer(minimum: 1, maximum: 100).orNull,
      ]).described("What is given changes; what is absent or null stays"))

  static let riotStanding = Component(
    "RiotStanding",
    .object(
      [
        "champions": .array(.ref(.soloChampion)),
        "checked": .string(format: "date-time"),
        "games": .array(.ref(.soloGame)),
        "nowNamed": .string().described(
          "The Riot ID Riot gives the account now, when the one stored is not found"),
        "ranks": .array(.ref(.riotRank)),
        "refreshed": .string(format: "date-time"),
        "riotID": .string(),
        "series": .array(.ref(.rankPoint)),
        "status": .string(enum: ["found", "not-found", "unchecked"]),
      ],
      required: ["champions", "checked", "games", "ranks", "riotID", "series", "status"],
      closed: true))

  static let soloChampion = Component(
    "SoloChampion",
    .object(
      [
        "champion": .string(),
        "games": .integer(),
        "lastPlayed": .string(format: "date-time"),
        "position": .string(),
        "wins": .integer(),
      ],
      required: ["champion", "games", "lastPlayed", "wins"],
      closed: true))

  static let soloGame = Component(
    "SoloGame",
    .object(
      [
        "at": .string(format: "date-time"),
        "champion": .string(),
        "matchID": .string(),
        "position": .string(),
        "seconds": .integer(),
        "win": .boolean(),
      ],
      required: ["at", "champion", "matchID", "seconds", "win"],
      closed: true))

  static let soloQueue = Component(
    "SoloQueue",
    .object(
      [
        "players": .array(
          .object(
            [
              "id": .string(format: "uuid"),
              "name": .string(),
              "position": .string(),
              "riotID": .string(),
              "standing": .ref(.riotStanding),
            ],
            required: ["id", "name", "position"],
            closed: true)),
        "refresh": .ref(.riotRefresh),
      ],
      required: ["players", "refresh"],
      closed: true))

}

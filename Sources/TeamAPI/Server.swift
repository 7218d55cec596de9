import TeamKit

extension Endpoint {
  public static let followChanges = Endpoint(
    "GET", "/api/events", id: "followChanges",
    summary: "The roster's changes as they happen (Server-Sent Events)",
    description:
      "Each `change` event's `data` is `{\"version\": n, \"changes\": [RosterChange…]}` and its `id` the newest history id, so `Last-Event-ID` resumes; a `reset` event asks the client to reload. A comment every 15 s keeps the connection open.",
    parameters: [Parameter("Last-Event-ID", in: .header, .string())],
    responses: [
      Response(
        200, "An endless stream",
        content: [
          (
            "text/event-stream",
            .object(
              [
                "event": .string(enum: ["change", "reset"]),
                "data": .string().described(
                  "For change: the JSON {\"version\": n, \"changes\": [RosterChange…]}"),
                "id": .string().described("The newest history id, for Last-Event-ID"),
                "retry": .integer(),
              ]).described("One event of the stream")
          )
        ])
    ],
    problems: [401, 405, 421, 503]
  )

  public static let listChampions = Endpoint(
    "GET", "/api/champions", id: "listChampions",
    summary: "The champions a player can favour, or those matching a search",
    parameters: [
      Parameter(
        "q", in: .query,
        "A search that forgives case, accents, apostrophes, spaces, dots and one typo (four letters or more): ksan, kaisa, drmundo, wukong",
        .string(pattern: "^[^\\u0000]*$", maxLength: 100)),
      Parameter(
        "class", in: .query, "Only champions of this class; empty: every class",
        .string(enum: ["", "Fighter", "Tank", "Mage", "Assassin", "Marksman", "Support"])),
    ],
    responses: [
      Response(
        200, "Every champion of the game (the brief's eleven first), or the matches, best first",
        content: [("application/json", .array(.ref(.champion)))])
    ],
    problems: [400, 401, 405, 421]
  )

  public static let getOpenAPI = Endpoint(
    "GET", "/api/openapi.json", id: "getOpenAPI",
    summary: "This document",
    responses: [
      Response(
        200, "OpenAPI 3.1",
        content: [
          (
            "application/json",
            .object(
              [:])
          )
        ])
    ],
    problems: [401, 405, 421]
  )

}

extension Component {
  static let champion = Component(
    "Champion",
    .object(
      [
        "id": .string(examples: ["maokai"]),
        "name": .string(examples: ["Maokai"]),
        "imageName": .string(examples: ["moakai"]),
      ],
      required: ["id", "name", "imageName"]))

  static let problem = Component(
    "Problem",
    .object(
      [
        "type": .string(),
        "title": .string(),
        "status": .integer(),
        "detail": .string(),
        "errors": .array(
          .object(
            [
              "field": .string(enum: [
                "name", "position", "image", "photo", "favoriteChampions", "lineup", "team",
                "riotID", "realName", "nationality", "birthDate", "joined", "contractEnd",
                "teamName", "tag", "league", "parent", "timeZone", "color", "eventType", "start",
                "end", "opponent", "format", "place", "notes", "game", "repeats", "until",
                "draftRule", "draft", "pool", "weekly", "away", "comment", "riot", "discord",
              ]),
              "message": .string(),
            ],
            required: ["field", "message"])),
        "current": .ref(.player).described("With 412: the player as they are now"),
      ],
      required: ["type", "title", "status", "detail"]))

}

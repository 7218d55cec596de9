import TeamKit

extension Endpoint {
  public static let saveDraft = Endpoint(
    "PUT", "/api/week/events/{id}/drafts/{game}", id: "saveDraft",
    summary:
      "Put a game's draft in tournament order, checked under the series' draft rule (a champion an earlier game locks is refused with 422 naming that game); the games after are checked again",
    parameters: [
      .eventID,
      Parameter(
        "game", in: .path, required: true, "The game's number in the series, from 1",
        .integer(minimum: 1)),
    ],
    request: Request([("application/json", .ref(.gameDraft))]),
    responses: [
      Response(200, "Saved and committed", content: [("application/json", .ref(.event))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let getPools = Endpoint(
    "GET", "/api/pools", id: "getPools",
    summary:
      "A team's champion pools against a series: each player's champions left under its rule, overlaps, champions no one plays",
    parameters: [
      .team,
      Parameter(
        "event", in: .query,
        "The series counted for; the team's next match or scrim with a format when absent",
        .string(format: "uuid")),
    ],
    responses: [
      Response(200, "The pools", content: [("application/json", .ref(.poolBoard))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let getFigures = Endpoint(
    "GET", "/api/figures", id: "getFigures",
    summary:
      "A team's win rates by side, champion and player, and each opponent's first picks and bans, from its logged games and drafts",
    parameters: [.team],
    responses: [
      Response(200, "The figures", content: [("application/json", .ref(.draftFigures))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let getPool = Endpoint(
    "GET", "/api/players/{id}/pool", id: "getPool",
    summary: "A player's champion pool, as the staff rate it",
    parameters: [.playerID],
    responses: [
      Response(200, "The pool", content: [("application/json", .array(.ref(.poolEntry)))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let setPool = Endpoint(
    "PUT", "/api/players/{id}/pool", id: "setPool",
    summary: "Replace a player's champion pool (at most 40 champions, in order)",
    parameters: [.playerID],
    request: Request([
      ("application/json", .array(.ref(.poolInput), maxItems: 40, uniqueItems: true))
    ]),
    responses: [
      Response(
        200, "Stored and committed", content: [("application/json", .array(.ref(.poolEntry)))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let proposeDraft = Endpoint(
    "POST", "/api/week/events/{id}/players/{player}/proposals", id: "proposeDraft",
    summary: "Propose a ban or a pick for a game of the series, before it is drafted",
    parameters: [
      .playerID,
      Parameter(
        "player", in: .path, required: true,
        "The player whose pick it would be (a player's own account: theirs), or team for the staff's own",
        .string()),
    ],
    request: Request([("application/json", .ref(.proposalInput))]),
    responses: [
      Response(201, "Proposed and committed", content: [("application/json", .ref(.draftProposal))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let withdrawProposal = Endpoint(
    "DELETE", "/api/week/events/{id}/proposals/{proposal}", id: "withdrawProposal",
    summary: "Withdraw a proposal",
    parameters: [
      .playerID, Parameter("proposal", in: .path, required: true, .string(format: "uuid")),
    ],
    responses: [
      Response(204, "Withdrawn and committed")
    ],
    problems: [400, 401, 403, 404, 405, 421, 503]
  )

}

extension Component {
  static let gameDraft = Component(
    "GameDraft",
    .object(
      [
        "side": .string(enum: ["blue", "red"]).described("The side we play"),
        "turns": .array(
          .oneOf([
            .null,
            .object(
              [
                "champion": .string().described(
                  "A champion, as the search forgives it; stored as its id"),
                "role": .positionRule.described(
                  "The pick's role: Top, Jungle, Mid, ADC or Support (the positions' aliases accepted)"
                ),
                "player": .string(format: "uuid").described(
                  "Who of ours played it (our picks only)"),
              ],
              required: ["champion"]),
          ]), minItems: 20, maxItems: 20
        ).described(
          "The twenty turns in tournament order: bans B1 R1 B2 R2 B3 R3, picks B1 R1 R2 B2 B3 R3, bans R4 B4 R5 B5, picks R4 B4 B5 R5; null for a turn not yet chosen"
        ),
      ],
      required: ["side", "turns"]))

  static let draftFigures = Component(
    "DraftFigures",
    .object(
      [
        "sides": .object(
          [
            "blue": .ref(.championRecord),
            "red": .ref(.championRecord),
          ]),
        "champions": .array(.ref(.championLine)),
        "players": .array(
          .object(
            [
              "champions": .array(.ref(.championLine)),
              "id": .string(format: "uuid"),
              "games": .integer(minimum: 0),
              "wins": .integer(minimum: 0),
              "winRate": .integer(minimum: 0, maximum: 100).described(
                "Wins in hundredths of the games"),
              "lastPlayed": .string(format: "date-time"),
            ],
            required: ["champions", "games", "id", "winRate", "wins"])),
        "opponents": .array(
          .object(
            [
              "name": .string(),
              "drafts": .integer(minimum: 0),
              "firstPicks": .array(
                .object(
                  [
                    "champion": .string(),
                    "count": .integer(minimum: 1),
                  ],
                  required: ["champion", "count"])),
              "bans": .array(
                .object(
                  [
                    "champion": .string(),
                    "count": .integer(minimum: 1),
                  ],
                  required: ["champion", "count"])),
            ],
            required: ["bans", "drafts", "firstPicks", "name"])),
      ],
      required: ["champions", "opponents", "players", "sides"]))

  static let draftProposal = Component(
    "DraftProposal",
    .object(
      [
        "action": .string(enum: ["ban", "pick"]),
        "author": .string().described("Who proposed it"),
        "champion": .string().described("The champion's catalogue id"),
        "created": .string(format: "date-time"),
        "game": .integer(minimum: 1),
        "id": .string(format: "uuid"),
        "note": .string(),
        "player": .string(format: "uuid").described(
          "Whose pick it would be, or the player who proposed a ban; absent for the staff's"),
      ],
      required: ["action", "author", "champion", "created", "game", "id", "note"]))

  static let gameNote = Component(
    "GameNote",
    .object(
      [
        "author": .string().described("Who wrote it"),
        "game": .integer(minimum: 1),
        "id": .string(format: "uuid"),
        "player": .string(format: "uuid").described("The player it is about; absent for the team"),
        "text": .string(minLength: 1, maxLength: GameNote.maxLength),
        "turn": .integer(minimum: 0, maximum: DraftSlot.order.count - 1).described(
          "The draft's turn it is about, from 0 (B1's ban) to 19; absent for none"),
        "written": .string(format: "date-time"),
      ],
      required: ["author", "game", "id", "text", "written"]))

  static let proposalInput = Component(
    "ProposalInput",
    .object(
      [
        "game": .integer(minimum: 1, maximum: 7).described(
          "A game of the series, from 1 to its number of games (7 at most: a scrim block without a format)"
        ),
        "action": .string(enum: ["ban", "pick"]),
        "champion": .string().described(
          "A champion, as the search forgives it; one the series' rule leaves us in that game"),
        "note": .string(maxLength: 200),
      ],
      required: ["game", "action", "champion"]))

  static let poolBoard = Component(
    "PoolBoard",
    .object(
      [
        "event": .string(format: "uuid").described(
          "The series counted for; absent for a Bo5 in fearless from its first game"),
        "need": .integer(minimum: 0).described(
          "Distinct champions each player needs for the games left"),
        "rule": .string(enum: ["standard", "fearless", "soft-fearless", "full-fearless"]),
        "overlaps": .array(
          .object(
            [
              "champion": .string(),
              "players": .array(.string(format: "uuid")),
            ],
            required: ["champion", "players"])),
        "unplayed": .array(.string()).described("The champions in no one's pool"),
        "players": .array(
          .object(
            [
              "depth": .string(enum: ["enough", "thin", "short"]).described(
                "short: fewer champions left than games; thin: as many, none to spare for a ban"),
              "id": .string(format: "uuid"),
              "left": .integer(minimum: 0),
              "lineup": .string(),
              "name": .string(),
              "position": .string(),
              "pool": .array(
                .object(
                  [
                    "champion": .string(),
                    "comfort": .integer(minimum: 1, maximum: 5),
                    "priority": .boolean(),
                    "stale": .boolean().described("Not played in a logged game for 4 weeks"),
                    "lockedIn": .integer(minimum: 1).described(
                      "The game of the series that locked it for us"),
                    "games": .integer(minimum: 0),
                    "wins": .integer(minimum: 0),
                    "winRate": .integer(minimum: 0, maximum: 100).described(
                      "Wins in hundredths of the games"),
                    "lastPlayed": .string(format: "date-time"),
                  ],
                  required: [
                    "champion", "comfort", "games", "priority", "stale", "winRate", "wins",
                  ])),
            ],
            required: ["depth", "id", "left", "lineup", "name", "pool", "position"])),
      ],
      required: ["need", "overlaps", "players", "rule", "unplayed"]))

  static let poolEntry = Component(
    "PoolEntry",
    .object(
      [
        "champion": .string().described("The champion's catalogue id"),
        "comfort": .integer(minimum: 1, maximum: 5).described("From 1 (learning) to 5 (signature)"),
        "priority": .boolean().described("Whether the staff want it played first when it is open"),
      ],
      required: ["champion", "comfort", "priority"]))

  static let poolInput = Component(
    "PoolInput",
    .object(
      [
        "champion": .string().described("A champion's id or name, as the search forgives it"),
        "comfort": .integer(minimum: 1, maximum: 5).described("3 when absent"),
        "priority": .boolean(),
      ],
      required: ["champion"]))

  static let championLine = Component(
    "ChampionLine",
    .object(
      [
        "champion": .string(),
        "games": .integer(minimum: 0),
        "wins": .integer(minimum: 0),
        "winRate": .integer(minimum: 0, maximum: 100).described("Wins in hundredths of the games"),
        "lastPlayed": .string(format: "date-time"),
      ],
      required: ["champion", "games", "wins", "winRate"]))

  static let championRecord = Component(
    "ChampionRecord",
    .object(
      [
        "games": .integer(minimum: 0),
        "wins": .integer(minimum: 0),
        "winRate": .integer(minimum: 0, maximum: 100).described("Wins in hundredths of the games"),
        "lastPlayed": .string(format: "date-time"),
      ],
      required: ["games", "wins", "winRate"]))

}

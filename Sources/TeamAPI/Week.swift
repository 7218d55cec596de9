import TeamKit

extension Endpoint {
  public static let getWeek = Endpoint(
    "GET", "/api/week", id: "getWeek",
    summary: "A team's week: its events, each with its verdict, and its players' availability",
    description:
      "An answer holds at most 1000 events: past that, 422 asks for fewer days with from and to.",
    parameters: [
      .team,
      Parameter(
        "from", in: .query, "The first day of the events wanted, on the team's clock (YYYY-MM-DD)",
        .string(format: "date")),
      Parameter(
        "to", in: .query, "The last day of the events wanted, on the team's clock (YYYY-MM-DD)",
        .string(format: "date")),
    ],
    responses: [
      Response(200, "The week", content: [("application/json", .ref(.week))])
    ],
    problems: [400, 401, 403, 404, 405, 421]
  )

  public static let setAvailability = Endpoint(
    "PUT", "/api/players/{id}/availability", id: "setAvailability",
    summary: "Replace a player's weekly hours (on the team's clock) and days away",
    parameters: [.playerID],
    request: Request([("application/json", .ref(.availability))]),
    responses: [
      Response(200, "Stored and committed", content: [("application/json", .ref(.availability))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let addEvent = Endpoint(
    "POST", "/api/week/events", id: "addEvent",
    summary:
      "Plan a scrim, match, training or review; its times on the team's clock, its starters invited",
    parameters: [.team],
    request: Request([("application/json", .ref(.eventInput))]),
    responses: [
      Response(201, "Planned and committed", content: [("application/json", .ref(.event))])
    ],
    problems: [400, 401, 403, 404, 405, 409, 415, 421, 422, 503]
  )

  public static let getEvent = Endpoint(
    "GET", "/api/week/events/{id}", id: "getEvent",
    summary: "One event, with its verdict",
    parameters: [.eventID],
    responses: [
      Response(200, "The event", content: [("application/json", .ref(.event))])
    ],
    problems: [401, 403, 404, 405, 421]
  )

  public static let editEvent = Endpoint(
    "PUT", "/api/week/events/{id}", id: "editEvent",
    summary:
      "Change an event's kind, times, opponent, format, place and notes; invitations, answers and games stay",
    parameters: [.eventID],
    request: Request([("application/json", .ref(.eventInput))]),
    responses: [
      Response(200, "Changed and committed", content: [("application/json", .ref(.event))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let removeEvent = Endpoint(
    "DELETE", "/api/week/events/{id}", id: "removeEvent",
    summary: "Cancel an event, and with following=true the events of its series after it",
    parameters: [
      .eventID,
      Parameter(
        "following", in: .query, "true: also the events of its series after it",
        .string(enum: ["true", "false", "1", "0"])),
    ],
    responses: [
      Response(204, "Cancelled and committed")
    ],
    problems: [400, 401, 403, 404, 405, 421, 503]
  )

  public static let restoreEvent = Endpoint(
    "POST", "/api/week/events/{id}/restore", id: "restoreEvent",
    summary:
      "Bring a cancelled event back from Recently removed, as it was (answers, games, drafts), with the events of its series cancelled with it",
    parameters: [
      Parameter(
        "id", in: .path, required: true, "The cancelled event's id", .string(format: "uuid"))
    ],
    responses: [
      Response(200, "Restored and committed", content: [("application/json", .ref(.event))])
    ],
    problems: [401, 403, 404, 405, 409, 421, 503]
  )

  public static let logGames = Endpoint(
    "PUT", "/api/week/events/{id}/games", id: "logGames",
    summary:
      "Log an event's games (replacing those logged), each champion credited to the starter of its role",
    parameters: [.eventID],
    request: Request([("application/json", .array(.ref(.gameInput)))]),
    responses: [
      Response(200, "Logged and committed", content: [("application/json", .ref(.event))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let answerEvent = Endpoint(
    "PUT", "/api/week/events/{id}/answers/{player}", id: "answerEvent",
    summary:
      "A player's answer to an event (null takes it back), with a few words or none; a player of the team not invited is invited by answering; a starter's no invites the substitute the verdict then names",
    parameters: [
      .eventID, Parameter("player", in: .path, required: true, .string(format: "uuid")),
    ],
    request: Request([
      (
        "application/json",
        .object(
          [
            "answer": .string(enum: ["yes", "no", "maybe"]).orNull,
            "comment": .string(maxLength: 80).orNull.described(
              "A few words with the answer (en retard, 20h30)"),
          ],
          required: ["answer"])
      )
    ]),
    responses: [
      Response(200, "Stored and committed", content: [("application/json", .ref(.event))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let inviteToEvent = Endpoint(
    "POST", "/api/week/events/{id}/invitations", id: "inviteToEvent",
    summary:
      "Invites a player of the organisation (a stand-in from another team, say) to an event; one already invited changes nothing",
    parameters: [.eventID],
    request: Request([
      (
        "application/json",
        .object(
          [
            "player": .string().described("The player's id or pseudo")
          ],
          required: ["player"])
      )
    ]),
    responses: [
      Response(
        200, "Stored and committed (or already invited)",
        content: [("application/json", .ref(.event))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let listCalendarFeeds = Endpoint(
    "GET", "/api/calendar", id: "listCalendarFeeds",
    summary: "The private calendar addresses (editors)",
    responses: [
      Response(200, "The addresses", content: [("application/json", .array(.ref(.calendarFeed)))])
    ],
    problems: [401, 403, 404, 405, 421]
  )

  public static let addCalendarFeed = Endpoint(
    "POST", "/api/calendar", id: "addCalendarFeed",
    summary:
      "A new private calendar address (iCalendar, RFC 5545) for a team's events or for the events a player of that team is invited to; 409 past 20 addresses per team or 5 per player",
    request: Request([
      (
        "application/json",
        .object(
          [
            "team": .string().orNull.described("A team's tag or id"),
            "player": .string(
              format: "uuid",
              pattern:
                "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
            ).orNull,
          ])
      )
    ]),
    responses: [
      Response(201, "Created", content: [("application/json", .ref(.calendarFeed))])
    ],
    problems: [400, 401, 403, 404, 405, 409, 415, 421, 422, 503]
  )

  public static let revokeCalendarFeed = Endpoint(
    "DELETE", "/api/calendar/{secret}", id: "revokeCalendarFeed",
    summary: "Revoke a calendar address: it answers 404 from then on",
    parameters: [Parameter("secret", in: .path, required: true, .string())],
    responses: [
      Response(204, "Revoked and committed")
    ],
    problems: [401, 403, 404, 405, 421, 503]
  )

}

extension Component {
  static let availability = Component(
    "Availability",
    .object(
      [
        "weekly": Schema([
          "type": ["string", "array", "null"], "items": ["type": "string"],
          "description":
            "Weekly hours on the team's clock: Mon-Fri 18:00-23:00, Sat 14:00-20:00 (a string, or one block per item); null or absent for none",
        ]),
        "away": .array(.string(pattern: "^\\d{4}-\\d{2}-\\d{2}(\\.\\.\\d{4}-\\d{2}-\\d{2})?$"))
          .orNull.described("Days away: YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD"),
      ]))

  static let calendarFeed = Component(
    "CalendarFeed",
    .object(
      [
        "created": .string(format: "date-time"),
        "path": .string().described("/calendar/SECRET.ics, served to whoever has it"),
        "player": .string(format: "uuid"),
        "team": .string(format: "uuid"),
      ],
      required: ["created", "path"]))

  static let event = Component(
    "Event",
    .object(
      [
        "answers": .array(
          .object(
            [
              "answer": .string(enum: ["yes", "no", "maybe"]),
              "player": .string(format: "uuid"),
              "comment": .string().described("What the player said with the answer"),
            ],
            required: ["answer", "player"])),
        "end": .string(format: "date-time"),
        "format": .string(enum: ["bo1", "bo3", "bo5"]),
        "games": .array(.ref(.game)),
        "id": .string(format: "uuid"),
        "invited": .array(.string(format: "uuid")),
        "kind": .string(enum: ["scrim", "match", "training", "review"]),
        "notes": .string(),
        "opponent": .string(),
        "place": .string().described("Empty for online"),
        "sequence": .integer().described("Counts its changes (the calendar's SEQUENCE)"),
        "start": .string(format: "date-time"),
        "team": .string(format: "uuid"),
        "title": .string(),
        "updated": .string(format: "date-time"),
        "verdict": .ref(.verdict),
        "series": .string(format: "uuid").described(
          "The series the event was planned in, shared by its events; absent for an event planned alone"
        ),
        "draftRule": .string(enum: ["standard", "fearless", "soft-fearless", "full-fearless"])
          .described(
            "How the series' earlier games lock champions: standard (nothing), fearless (a champion picked is locked for both teams), soft-fearless (for the team that picked it), full-fearless (picks and bans, for both)"
          ),
        "drafts": .array(.ref(.gameDraft)).described("Each game's draft, game 1 first"),
        "proposals": .array(.ref(.draftProposal)).described(
          "Bans and picks proposed for the series' games"),
        "gameNotes": .array(.ref(.gameNote)).described(
          "What the staff noted on the series' games after them, the oldest first"),
      ],
      required: [
        "answers", "end", "games", "id", "invited", "kind", "notes", "opponent", "place",
        "sequence", "start", "team", "title", "updated", "verdict", "draftRule", "drafts",
        "proposals", "gameNotes",
      ]))

  static let eventInput = Component(
    "EventInput",
    .object(
      [
        "kind": .string(enum: ["scrim", "match", "training", "review"]),
        "start": .string(pattern: "^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}$").described(
          "On the team's clock: 2026-03-26T20:00"),
        "end": .string(pattern: "^(\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2})?$").described(
          "On the team's clock; two hours after the start when empty"),
        "opponent": .string(maxLength: 60),
        "format": .string(enum: ["bo1", "bo3", "bo5", ""]),
        "place": .string(maxLength: 80),
        "notes": .string(maxLength: 2000),
        "repeats": .string(pattern: "^[A-Za-zÀ-ÿ., ;]*$", maxLength: 100).described(
          "For a new event: the days of the week it repeats on (tue,thu); with until, a series is planned and the first event answered. Empty or absent: once; a change (PUT) takes none"
        ),
        "until": .string(pattern: "^(\\d{4}-\\d{2}-\\d{2})?$").described(
          "The series' last day (2027-01-31), at most 182 days after the start"),
        "draftRule": .string(enum: ["standard", "fearless", "soft-fearless", "full-fearless", ""])
          .described("Empty for standard"),
      ],
      required: ["kind", "start"]))

  static let game = Component(
    "Game",
    .object(
      [
        "picks": .array(
          .object(
            [
              "champion": .string(),
              "player": .string(format: "uuid"),
              "position": .string(),
              "guessed": .boolean().described(
                "True when nobody said who played: a game logged before players were named, credited to the role's starter"
              ),
            ],
            required: ["champion", "position"])),
        "result": .string(enum: ["win", "loss"]),
        "side": .string(enum: ["blue", "red"]),
        "vod": .string(format: "uri"),
        "opponentPicks": .array(
          .object(
            [
              "champion": .string(),
              "position": .string(),
            ],
            required: ["champion", "position"])
        ).described("The other team's champions, in role order"),
      ],
      required: ["opponentPicks", "picks", "result"]))

  static let gameInput = Component(
    "GameInput",
    .object(
      [
        "result": .string().described("win or loss"),
        "side": .string().described("blue, red or empty"),
        "champions": .array(.string(), maxItems: 5).described(
          "In role order: Top, Jungle, Mid, ADC, Support; empty for a role not logged"),
        "players": .array(.string(), maxItems: 5).described(
          "Who played each role, in the same order, by id or pseudo (any player of the organisation); empty for the one the event's verdict names: the available starter, else the substitute it names"
        ),
        "opponentChampions": .array(.string(), maxItems: 5).described(
          "The other team's champions in role order; empty when unknown"),
        "vod": .string().described("An https address, or empty"),
      ],
      required: ["result"]))

  static let verdict = Component(
    "Verdict",
    .object(
      [
        "code": .string(enum: ["full", "available", "subs", "short"]).described(
          "full: each of the five said yes; available: a starter of every role can play by their hours or answers, not all said yes yet; subs: a substitute covers a role; short: a role has nobody"
        ),
        "confirmed": .integer(minimum: 0, maximum: 5).described(
          "With code available: how many of the five said yes"),
        "missing": .array(.string(enum: ["Top", "Jungle", "Mid", "ADC", "Support"])),
        "subs": .array(
          .object(
            [
              "name": .string(),
              "player": .string(format: "uuid"),
              "position": .string(),
            ],
            required: ["name", "player", "position"])),
        "text": .string().described(
          "Full five; Five available, 2 of 5 confirmed; With subs: Yike for Jungle; Not enough: no Jungle"
        ),
      ],
      required: ["code", "missing", "subs", "text"]))

  static let week = Component(
    "Week",
    .object(
      [
        "availability": .array(
          .object(
            [
              "away": .array(.string()),
              "player": .string(format: "uuid"),
              "weekly": .array(.string()),
            ],
            required: ["away", "player", "weekly"])),
        "events": .array(.ref(.event)),
        "record": .object(
          [
            "opponents": .array(
              .object(
                [
                  "opponent": .string(),
                  "lost": .integer(minimum: 0),
                  "won": .integer(minimum: 0),
                ],
                required: ["lost", "opponent", "won"])),
            "scrims": .object(
              [
                "count": .integer(minimum: 0, maximum: 10),
                "lost": .integer(minimum: 0),
                "won": .integer(minimum: 0),
              ],
              required: ["count", "lost", "won"]),
          ],
          required: ["opponents", "scrims"]
        ).described(
          "Games won and lost per opponent over every logged event, the most played first, and over the last ten scrims logged."
        ),
        "team": .ref(.team),
        "pools": .array(
          .object(
            [
              "player": .string(format: "uuid"),
              "pool": .array(.ref(.poolEntry)),
            ],
            required: ["player", "pool"])
        ).described("The players' champion pools"),
      ],
      required: ["availability", "events", "record", "team", "pools"]))

}

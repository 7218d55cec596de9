import TeamAPI
import TeamKit

extension Endpoint {
  public static let getTeamDiscord = Endpoint(
    "GET", "/api/teams/{tag}/discord", id: "getTeamDiscord",
    summary: "A team's Discord settings and its last posts; never the webhook's address",
    parameters: [.teamTag],
    responses: [
      Response(200, "The settings", content: [("application/json", .ref(.discordSettings))])
    ],
    problems: [401, 403, 404, 405, 421]
  )

  public static let setTeamDiscord = Endpoint(
    "PUT", "/api/teams/{tag}/discord", id: "setTeamDiscord",
    summary:
      "Set a team's Discord webhook address, the kinds posted and their language (what is absent stays; off turns the posts off)",
    parameters: [.teamTag],
    request: Request([("application/json", .ref(.discordSettingsInput))]),
    responses: [
      Response(200, "Stored and committed", content: [("application/json", .ref(.discordSettings))])
    ],
    problems: [400, 401, 403, 404, 405, 415, 421, 422, 503]
  )

  public static let getDiscordApplication = Endpoint(
    "GET", "/api/discord", id: "getDiscordApplication",
    summary: "The Discord application's public key and id (neither is a secret)",
    responses: [
      Response(200, "The application", content: [("application/json", .ref(.discordApplication))])
    ],
    problems: [401, 403, 405, 421]
  )

  public static let setDiscordApplication = Endpoint(
    "PUT", "/api/discord", id: "setDiscordApplication",
    summary:
      "Give the Discord application's public key and id (an empty one forgets it; what is absent stays)",
    request: Request([("application/json", .ref(.discordApplicationInput))]),
    responses: [
      Response(
        200, "Stored and committed", content: [("application/json", .ref(.discordApplication))])
    ],
    problems: [400, 401, 403, 405, 415, 421, 422, 503]
  )

  public static let createDiscordLinkCode = Endpoint(
    "POST", "/api/players/{id}/discord/code", id: "createDiscordLinkCode",
    summary:
      "A one-time code, valid 15 minutes, that links the player's Discord account when typed as /lier CODE (or /link) in Discord; an earlier code no longer links",
    parameters: [.playerID],
    responses: [
      Response(201, "The code", content: [("application/json", .ref(.discordLinkCode))])
    ],
    problems: [400, 401, 403, 404, 405, 421, 503]
  )

}

extension Component {
  static let discordApplication = Component(
    "DiscordApplication",
    .object(
      [
        "applicationId": .string(),
        "keyFromServer": .boolean(),
        "publicKey": .string(),
      ],
      required: ["keyFromServer"]))

  static let discordApplicationInput = Component(
    "DiscordApplicationInput",
    .object(
      [
        "publicKey": .string(pattern: "^([0-9a-fA-F]{64})?$").orNull.described(
          "64 hex digits; empty forgets it"),
        "applicationId": .string(pattern: "^([0-9]{15,22})?$").orNull.described(
          "digits; empty forgets it"),
      ]))

  static let discordLinkCode = Component(
    "DiscordLinkCode",
    .object(
      [
        "code": .string(),
        "expires": .string(format: "date-time"),
      ],
      required: ["code", "expires"]))

  static let discordSettings = Component(
    "DiscordSettings",
    .object(
      [
        "kinds": .array(
          .string(enum: DiscordKind.allCases.map(\.rawValue))),
        "language": .string(enum: ["en", "fr"]),
        "off": .string().described(
          "Why the team's Discord was turned off (the webhook was deleted in Discord)"),
        "posts": .array(
          .object(
            [
              "attempts": .integer(),
              "created": .string(format: "date-time"),
              "kind": .string(enum: (DiscordKind.allCases + [.test]).map(\.rawValue)),
              "reason": .string(),
              "sent": .string(format: "date-time"),
              "state": .string(enum: ["pending", "sent", "failed"]),
              "title": .string(),
            ],
            required: ["attempts", "created", "kind", "state", "title"])),
        "webhookSet": .boolean(),
      ],
      required: ["kinds", "language", "posts", "webhookSet"]))

  static let discordSettingsInput = Component(
    "DiscordSettingsInput",
    .object(
      [
        "webhook": .string(
          pattern:
            "^(https://(discord\\.com|discordapp\\.com|ptb\\.discord\\.com|canary\\.discord\\.com)/api/webhooks/[0-9]+/[A-Za-z0-9_-]+)?$",
          maxLength: 300
        ).orNull.described("https://discord.com/api/webhooks/ID/TOKEN; empty forgets it"),
        "kinds": .array(
          .string(enum: DiscordKind.allCases.map(\.rawValue))
        ).orNull,
        "language": .string(enum: ["en", "fr"]).orNull,
        "off": .boolean().orNull,
      ]))

}

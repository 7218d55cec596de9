import TeamKit

extension Endpoint {
  public static let importIntoTeam = Endpoint(
    "POST", "/api/teams/{tag}/import", id: "importIntoTeam",
    summary:
      "Import a CSV or JSON file into a team (editors): merged by default, rows of other teams left out; without confirm=true only what it would do",
    parameters: [
      .teamTag,
      Parameter(
        "mode", in: .query,
        "merge: matched players get the file's columns, nobody is removed; replace: the team's players the file does not name go to Recently removed",
        .string(enum: ["merge", "replace"], default: "merge")),
      Parameter(
        "confirm", in: .query, "true applies the import", .string(enum: ["true", "false"])),
    ],
    request: Request([
      ("text/csv", .string()),
      (
        "application/json",
        .oneOf([
          .object(
            [:]), .array(),
        ]).described("A JSON export, or a list of players")
      ),
    ]),
    responses: [
      Response(
        200, "What the import does (and its record once applied)",
        content: [("application/json", .ref(.importReport))])
    ],
    problems: [400, 401, 403, 404, 405, 409, 413, 415, 421, 422, 503]
  )

  public static let undoImport = Endpoint(
    "POST", "/api/teams/{tag}/imports/{id}/undo", id: "undoImport",
    summary: "Put every player an import into the team touched back as they were (editors)",
    parameters: [
      .teamTag, Parameter("id", in: .path, required: true, "The import's number", .integer()),
    ],
    responses: [
      Response(200, "Undone and committed", content: [("application/json", .ref(.importRecord))])
    ],
    problems: [400, 401, 403, 404, 405, 409, 415, 421, 503]
  )

}

extension Component {
  static let importRecord = Component(
    "ImportRecord",
    .object(
      [
        "id": .integer().described("The import's number, for its Undo"),
        "added": .integer(),
        "changed": .integer(),
        "removed": .integer(),
        "canUndo": .boolean(),
        "undone": .boolean(),
      ],
      required: ["id", "added", "changed", "removed", "canUndo", "undone"]))

  static let importReport = Component(
    "ImportReport",
    .object(
      [
        "added": .array(.ref(.player)),
        "restored": .array(.ref(.player)).described(
          "Back from Recently removed, named by their id"),
        "changed": .array(
          .object(
            [
              "id": .string(format: "uuid"),
              "name": .string(),
              "fields": .array(
                .object(
                  [
                    "field": .string(enum: [
                      "name", "position", "lineup", "image", "champions", "team", "riotID",
                      "realName", "nationality", "birthDate", "joined", "contractEnd", "photo",
                    ]),
                    "before": .string(),
                    "after": .string(),
                  ],
                  required: ["field", "before", "after"])),
            ],
            required: ["id", "name", "fields"])),
        "removed": .array(.ref(.player)).described("To Recently removed (mode=replace only)"),
        "unchanged": .integer().described("Players of the file that stay as they are"),
        "leftOut": .array(
          .object(
            [
              "name": .string(),
              "team": .string(),
            ],
            required: ["name", "team"])
        ).described("Rows about another team's players"),
        "summary": .string(),
        "import": .oneOf([.ref(.importRecord), .null]).described(
          "The import once applied (confirm=true); null for a preview"),
      ],
      required: [
        "added", "changed", "import", "leftOut", "removed", "restored", "summary", "unchanged",
      ]))

}

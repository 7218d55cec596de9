import TeamKit

extension Endpoint {
  public static let signIn = Endpoint(
    "POST", "/api/session", id: "signIn",
    summary:
      "Sign in with an account's name and password (the apps' sign-in); the session comes as the same cookie the web pages use",
    request: Request([
      (
        "application/json",
        .object(
          [
            "name": .string(),
            "password": .string(),
          ],
          required: ["name", "password"])
      )
    ]),
    responses: [
      Response(
        201,
        "Signed in; Set-Cookie carries the session (kcorp_session, __Host-kcorp_session over HTTPS)",
        content: [("application/json", .ref(.identity))])
    ],
    problems: [400, 401, 403, 415, 421, 429, 503],
    signIn: true
  )

  public static let getSession = Endpoint(
    "GET", "/api/session", id: "getSession",
    summary: "Who the session or token is",
    responses: [
      Response(200, "The account or token", content: [("application/json", .ref(.identity))])
    ],
    problems: [401, 421]
  )

  public static let signOut = Endpoint(
    "DELETE", "/api/session", id: "signOut",
    summary: "End this session (a token cannot sign out: owners revoke tokens)",
    responses: [
      Response(204, "Signed out")
    ],
    problems: [401, 403, 421]
  )

}

extension Component {
  static let identity = Component(
    "Identity",
    .object(
      [
        "name": .string(),
        "player": .string(format: "uuid").described(
          "The player a player's own account is (role player)."),
        "role": .string(enum: ["owner", "editor", "player", "viewer"]),
      ],
      required: ["name", "role"]))

}

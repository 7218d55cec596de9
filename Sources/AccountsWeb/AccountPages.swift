import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

extension Pages {
  func signIn(
    name: String, next: String, token: String, message: String? = nil, status: Int = 200
  ) -> HTTPResponse {
    page(
      status: status, title: localized("Sign in · KCorp"),
      [
        .h(
          "main", ["class": "sheet-page signin"],
          [
            .h(
              "p", ["class": "brand"],
              [
                .h("span", ["class": "brand-name"], "KCorp"),
                // The product's name, in any language.
                .h("span", ["class": "subtitle"], "Team Manager"),
              ]),
            .h(
              "form", ["method": "post", "action": "/signin", "class": "player-form"],
              [
                .h("h1", localized("Sign in to KCorp")),
                message.map { .h("p", ["class": "error", "role": "alert"], $0) } ?? .fragment([]),
                Self.csrfField(token),
                .h("input", ["type": "hidden", "name": "next", "value": next]),
                .h(
                  "div", ["class": "field"],
                  [
                    .h("label", ["for": "signin-name"], localized("Account name")),
                    .h(
                      "input",
                      [
                        "type": "text", "id": "signin-name", "name": "name", "value": name,
                        "autocomplete": "username", "autocapitalize": "none", "required": "",
                      ]),
                  ]),
                .h(
                  "div", ["class": "field"],
                  [
                    .h("label", ["for": "signin-password"], localized("Password")),
                    .h(
                      "input",
                      [
                        "type": "password", "id": "signin-password", "name": "password",
                        "autocomplete": "current-password", "required": "",
                      ]),
                  ]),
                .h(
                  "div", ["class": "actions"],
                  [
                    .h(
                      "button", ["class": "button primary", "type": "submit"], localized("Sign in"))
                  ]),
              ]),
          ])
      ])
  }

  func account(
    _ identity: Identity, token: String, message: String? = nil, status: Int = 200
  ) -> HTTPResponse {
    let isSession = if case .session = identity.kind { true } else { false }
    return page(
      status: status, title: localized("Your account · KCorp"),
      [
        backBar(),
        .h(
          "main", ["class": "trash"],
          [
            .h("h1", identity.name),
            .h(
              "p", ["class": "muted"],
              localized("Role: %@.", identity.role.displayName(in: language))),
            message.map { .h("p", ["class": "status shown", "role": "status"], $0) }
              ?? .fragment([]),
            isSession
              ? .h(
                "form", ["method": "post", "action": "/account/password", "class": "player-form"],
                [
                  .h("h2", localized("Change your password")),
                  Self.csrfField(token),
                  passwordField("current", localized("Current password"), "current-password"),
                  passwordField(
                    "new", localized("New password (at least 10 characters)"),
                    "new-password"),
                  .h(
                    "div", ["class": "actions"],
                    [
                      .h(
                        "button", ["class": "button primary", "type": "submit"],
                        localized("Change password"))
                    ]),
                ]) : .fragment([]),
            accountActions(identity, isSession: isSession, token: token),
          ]),
      ])
  }

  /// Signing out, linking Discord (the staff), and an owner's own pages.
  private func accountActions(_ identity: Identity, isSession: Bool, token: String) -> HTML {
    .h(
      "div", ["class": "detail-actions"],
      [
        Self.postButton(
          "/signout", token: token, button: ["class": "button"],
          [.text(localized("Sign out"))]),
        Self.postButton(
          "/signout/all", token: token, button: ["class": "button"],
          [.text(localized("Sign out everywhere"))]),
        isSession && identity.role != .player
          ? .h(
            "a", ["class": "button", "href": "/account/discord"], localized("Link Discord"))
          : .fragment([]),
        identity.role.canManageAccounts
          ? .fragment([
            .h(
              "a", ["class": "button", "href": "/accounts"], localized("Manage accounts")),
            .h(
              "a", ["class": "button", "href": "/champion-art"], localized("Champion art")),
            .h("a", ["class": "button", "href": "/riot"], localized("Riot API")),
          ])
          : .fragment([]),
      ])
  }

  private func passwordField(_ name: String, _ label: String, _ autocomplete: String) -> HTML {
    .h(
      "div", ["class": "field"],
      [
        .h("label", ["for": "password-\(name)"], label),
        .h(
          "input",
          [
            "type": "password", "id": "password-\(name)", "name": name,
            "autocomplete": autocomplete, "required": "",
          ]),
      ])
  }

  func accounts(
    _ accounts: [AccountRecord], players: [Player], teams: [Team], token: String,
    message: String? = nil, status: Int = 200
  ) -> HTTPResponse {
    let artLink: HTML = .h(
      "p", [:], [.h("a", ["href": "/champion-art"], localized("Champion art"))])
    return page(
      status: status, title: localized("Accounts · KCorp"),
      [
        backBar(to: "/account"),
        .h(
          "main", ["class": "trash"],
          [
            .h("h1", localized("Accounts")),
            artLink,
            .h(
              "p", ["class": "muted"],
              localized(
                "Viewers read the roster; a player also gives their own availability and answers; editors change the roster; owners also manage the accounts."
              )),
            message.map { .h("p", ["class": "error", "role": "alert"], $0) } ?? .fragment([]),
            .h(
              "ul", ["class": "roster"],
              accounts.map { accountItem($0, players: players, teams: teams, token: token) }),
            addAccountForm(players: players, teams: teams, token: token),
          ]),
      ])
  }

  /// The teams an account holds on, as checkboxes: "every team" (and those added later),
  /// or some of them. The form says it carries them (`teams`), so a role change keeps
  /// what is ticked.
  private func teamChoice(_ chosen: Set<UUID>?, teams: [Team], id: String, name: String) -> HTML {
    .h(
      "fieldset", ["class": "team-choice"],
      [
        .h("legend", localized("Teams of %@", name)),
        .h("input", ["type": "hidden", "name": "teams", "value": "1"]),
        .h(
          "label", [:],
          [
            .h(
              "input",
              ["type": "checkbox", "name": "team", "value": "*", "id": "\(id)-every"]
                + (chosen == nil ? ["checked": ""] : [:])),
            .text(" " + localized("Every team")),
          ]),
      ]
        + teams.map { team in
          .h(
            "label", [:],
            [
              .h(
                "input",
                ["type": "checkbox", "name": "team", "value": team.id.text]
                  + (chosen?.contains(team.id) == true ? ["checked": ""] : [:])),
              .text(" " + team.name),
            ])
        })
  }

  /// What an account holds on and who it is, in words.
  private func summary(_ account: AccountRecord, players: [Player], teams: [Team]) -> String {
    let names = account.teams.map { ids in
      teams.filter { ids.contains($0.id) }.map(\.name).joined(separator: ", ")
    }
    var text =
      names.map { localized("Teams: %@", $0.isEmpty ? localized("none") : $0) }
      ?? localized("Teams: every team")
    if let id = account.player, let player = players.first(where: { $0.id == id }) {
      text += " · " + localized("Player: %@", player.name)
    }
    return text
  }

  /// A player's role only where a player is named: the form that adds one, or theirs.
  private func roleSelect(_ selected: Role?, id: String, player: Bool) -> HTML {
    .h(
      "select", ["name": "role", "id": id],
      Role.allCases.reversed().filter { player || $0 != .player }.map { role in
        .h(
          "option", ["value": role.rawValue] + (role == selected ? ["selected": ""] : [:]),
          role.displayName(in: language))
      })
  }

  /// An account: its name, what it holds on, its role and teams to change, and its removal.
  private func accountItem(
    _ account: AccountRecord, players: [Player], teams: [Team], token: String
  ) -> HTML {
    let path = "/accounts/\(Door.percentEncoded(account.name))"
    return .h(
      "li", ["class": "player-item account"],
      [
        .h(
          "span", ["class": "pseudo"],
          [
            .text(account.name),
            .h(
              "span", ["class": "muted account-scope"],
              summary(account, players: players, teams: teams)),
          ]),
        .h(
          "form", ["method": "post", "action": path + "/role", "class": "inline"],
          [
            Self.csrfField(token),
            .h(
              "label", ["class": "visually-hidden", "for": "role-\(account.name)"],
              localized("Role of %@", account.name)),
            roleSelect(
              account.role, id: "role-\(account.name)", player: account.player != nil),
            account.role == .owner || account.player != nil
              ? .fragment([])
              : teamChoice(
                account.teams, teams: teams, id: "teams-\(account.name)", name: account.name),
            .h(
              "button", ["class": "button small", "type": "submit"], localized("Change")
            ),
          ]),
        Self.postButton(
          path + "/remove", token: token,
          button: [
            "class": "button small danger",
            "aria-label": localized("Remove %@", account.name),
          ],
          [.text(localized("Remove"))]),
      ])
  }

  /// The form that adds an account.
  private func addAccountForm(players: [Player], teams: [Team], token: String) -> HTML {
    .h(
      "form", ["method": "post", "action": "/accounts", "class": "player-form"],
      [
        .h("h2", localized("Add an account")),
        Self.csrfField(token),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "account-name"], localized("Name")),
            .h(
              "input",
              [
                "type": "text", "id": "account-name", "name": "name", "autocomplete": "off",
                "autocapitalize": "none", "required": "",
              ]),
          ]),
        passwordField(
          "password", localized("Password (at least 10 characters)"),
          "new-password"),
        .h(
          "div", ["class": "field"],
          [
            .h("label", ["for": "account-role"], localized("Role")),
            roleSelect(.editor, id: "account-role", player: true),
          ]),
        teamChoice(nil, teams: teams, id: "account-teams", name: localized("the new account")),
        .h(
          "div", ["class": "field"],
          [
            .h(
              "label", ["for": "account-player"], localized("Player (for a player's role)")),
            .h(
              "select", ["name": "player", "id": "account-player"],
              [.h("option", ["value": ""], localized("None"))]
                + players.map { .h("option", ["value": $0.id.text], $0.name) }),
          ]),
        .h(
          "div", ["class": "actions"],
          [
            .h(
              "button", ["class": "button primary", "type": "submit"],
              localized("Add account"))
          ]),
      ])
  }
}

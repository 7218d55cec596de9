import Discord
import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// A team's Discord: its webhook and choices, its last posts, the application's key (an
/// owner's), what to paste where in Discord; and the page where a player or a staff member
/// links their Discord account.
extension Pages {
  /// What the team's Discord page shows.
  struct DiscordView {
    let team: Team
    let settings: DiscordTeamSettings
    let posts: [DiscordSent]
    let application: DiscordApplication
    let keyFromServer: Bool
    /// Where Discord sends the interactions: this server's `/discord/interactions`.
    let interactionsURL: String
    let isOwner: Bool
  }

  func discordSettings(
    _ view: DiscordView, token: String, error: Message? = nil, notice: Message? = nil
  ) -> HTTPResponse {
    let settings = view.settings
    let state: String =
      if let off = settings.off {
        localized("Discord is off: %@", off)
      } else if settings.hasWebhook {
        localized("Posts go to the channel whose webhook was given.")
      } else {
        localized("No webhook is set: nothing is posted.")
      }
    return page(
      status: error == nil ? 200 : 422, title: localized("Discord · %@", view.team.name),
      [
        teamTopBar(
          localized("Discord"), view.team.name, back: "/week?team=\(view.team.tag)", team: view.team
        ),
        .h(
          "main", ["class": "trash discord-settings"],
          [
            .h("p", ["class": settings.off == nil ? "" : "error", "role": "status"], state),
            error.map { .h("p", ["class": "error", "role": "alert"], text($0)) } ?? .fragment([]),
            notice.map { .h("p", ["class": "status shown", "role": "status"], text($0)) }
              ?? .fragment([]),
            discordTeamForm(view, token: token),
            discordPostList(view.posts),
            discordHowTo(view),
            view.isOwner ? discordApplicationForm(view, token: token) : .fragment([]),
            view.isOwner ? discordCommandsForm(view, token: token) : .fragment([]),
          ]),
      ])
  }

  private func discordTeamForm(_ view: DiscordView, token: String) -> HTML {
    let kinds: [HTML] = DiscordKind.allCases.map { kind in
      .h(
        "label", [:],
        [
          .h(
            "input",
            ["type": "checkbox", "name": "kind", "value": kind.rawValue]
              + (view.settings.kinds.contains(kind) ? ["checked": ""] : [:])),
          .text(" " + text(kind.name)),
        ])
    }
    let languages: [HTML] = [(Language.french, "Français"), (.english, "English")].map {
      .h(
        "option",
        ["value": $0.0.rawValue] + ($0.0 == view.settings.language ? ["selected": ""] : [:]),
        $0.1)
    }
    return .h(
      "form", ["method": "post", "action": "/teams/\(view.team.tag)/discord", "class": "form"],
      [
        Self.csrfField(token),
        .h("h2", localized("The team’s channel")),
        .h(
          "label", ["for": "discord-webhook"],
          localized("Webhook address (left empty: kept as it is)")),
        .h(
          "input",
          [
            "id": "discord-webhook", "name": "webhook", "type": "url", "inputmode": "url",
            "autocomplete": "off", "spellcheck": "false",
            "placeholder": "https://discord.com/api/webhooks/…",
          ]),
        .h(
          "fieldset", ["class": "kinds"], [.h("legend", [:], localized("What is posted"))] + kinds),
        .h("label", ["for": "discord-language"], localized("Language of the posts")),
        .h("select", ["id": "discord-language", "name": "language"], languages),
        .h("button", ["class": "button primary", "type": "submit"], localized("Save")),
        view.settings.hasWebhook
          ? .h(
            "button", ["class": "button", "type": "submit", "name": "off", "value": "1"],
            localized("Turn the posts off"))
          : .fragment([]),
        view.settings.hasWebhook && view.settings.off == nil
          ? .h(
            "button",
            [
              "class": "button", "type": "submit",
              "formaction": "/teams/\(view.team.tag)/discord/test",
            ], localized("Send a test post"))
          : .fragment([]),
      ])
  }

  private func discordPostList(_ posts: [DiscordSent]) -> HTML {
    guard !posts.isEmpty else {
      return .h("p", ["class": "muted"], localized("No post yet."))
    }
    let rows: [HTML] = posts.map { post in
      let state: String =
        switch post.state {
        case .sent: localized("delivered")
        case .pending:
          post.reason.map { localized("waiting: %@", $0) } ?? localized("waiting")
        case .failed: localized("failed: %@", post.reason ?? "")
        }
      return .h(
        "li", ["class": "discord-post \(post.state.rawValue)"],
        [
          .h("strong", post.title), .text(" — " + state),
          .text(" · " + localized("%@ {1:try|tries}", post.attempts)),
        ])
    }
    return .fragment([.h("h2", localized("Last posts")), .h("ul", ["class": "plain"], rows)])
  }

  private func discordHowTo(_ view: DiscordView) -> HTML {
    .fragment([
      .h("h2", localized("What to paste where in Discord")),
      .h(
        "ol", [:],
        [
          .h(
            "li",
            localized(
              "The channel’s webhook: in Discord, the channel’s settings → Integrations → Webhooks → New Webhook → Copy Webhook URL; paste it above."
            )),
          .h(
            "li",
            localized(
              "The commands (/semaine, /dispo, /scrims, /lier): in the Discord Developer Portal, your application → General Information → Interactions Endpoint URL: %@",
              view.interactionsURL)),
          Self.discordCannotReach(view.interactionsURL)
            ? .h(
              "li", ["class": "error"],
              localized(
                "Discord cannot reach this address: it calls only a public https address. Start the server with --public-url and its public https address first."
              )) : .fragment([]),
          .h(
            "li",
            localized(
              "Then its Public Key and Application ID below (or kcorp serve --discord-public-key), and register the commands below with the bot’s token (or kcorp discord register)."
            )),
          .h(
            "li",
            localized(
              "Each player links their Discord account from their own page (Link Discord → Make a link code), then types /lier CODE in Discord."
            )),
        ]),
    ])
  }

  private func discordApplicationForm(_ view: DiscordView, token: String) -> HTML {
    .h(
      "form", ["method": "post", "action": "/discord", "class": "form"],
      [
        Self.csrfField(token),
        .h("input", ["type": "hidden", "name": "team", "value": view.team.tag]),
        .h("h2", localized("The Discord application (every team)")),
        view.keyFromServer
          ? .h(
            "p", ["class": "muted"],
            localized("A public key was given to the server; it is used first."))
          : .fragment([]),
        .h("label", ["for": "discord-key"], localized("Public key")),
        .h(
          "input",
          [
            "id": "discord-key", "name": "publicKey", "type": "text", "autocomplete": "off",
            "spellcheck": "false", "value": view.application.publicKey ?? "",
          ]),
        .h("label", ["for": "discord-application"], localized("Application ID")),
        .h(
          "input",
          [
            "id": "discord-application", "name": "applicationId", "type": "text",
            "autocomplete": "off", "inputmode": "numeric",
            "value": view.application.applicationID ?? "",
          ]),
        .h("button", ["class": "button primary", "type": "submit"], localized("Save")),
      ])
  }

  /// The slash commands registered with the bot's token, which is used for that call only.
  private func discordCommandsForm(_ view: DiscordView, token: String) -> HTML {
    .h(
      "form", ["method": "post", "action": "/discord/commands", "class": "form"],
      [
        Self.csrfField(token),
        .h("input", ["type": "hidden", "name": "team", "value": view.team.tag]),
        .h("h2", localized("The slash commands")),
        .h(
          "p", ["class": "muted"],
          localized(
            "The bot’s token (Developer Portal → Bot → Reset Token) registers /semaine, /dispo, /scrims and /lier for the application. It is used for this call only and never kept."
          )),
        .h("label", ["for": "discord-token"], localized("Bot token")),
        .h(
          "input",
          [
            "id": "discord-token", "name": "token", "type": "password",
            "autocomplete": "new-password",
            "spellcheck": "false",
          ]),
        .h(
          "button", ["class": "button primary", "type": "submit"],
          localized("Register the commands")),
      ])
  }

  /// The page where a player (or a staff member) links their Discord account: the link as
  /// it is, and a fresh one-time code once asked for.
  func discordLink(
    _ who: String, link: DiscordLink?, action: String, code: String?, token: String
  ) -> HTTPResponse {
    page(
      title: localized("Discord · %@", who),
      [
        backBar(to: "/"),
        .h(
          "main", ["class": "trash discord-link"],
          [
            .h("h1", localized("Discord for %@", who)),
            .h(
              "p", ["role": "status"],
              link.map { localized("Linked to the Discord account %@.", $0.userName) }
                ?? localized("No Discord account is linked yet.")),
            code.map { code in
              .fragment([
                .h(
                  "p", ["class": "discord-code"],
                  [.text(localized("Your code:") + " "), .h("code", code)]),
                .h(
                  "p",
                  localized(
                    "In Discord, type /lier %@ (or /link) within 15 minutes. It works once.", code)),
              ])
            } ?? .fragment([]),
            .h(
              "form", ["method": "post", "action": action, "class": "inline"],
              [
                Self.csrfField(token),
                .h(
                  "button", ["class": "button primary", "type": "submit"],
                  localized("Make a link code")),
              ]),
            link == nil
              ? .fragment([])
              : .h(
                "form", ["method": "post", "action": action + "/unlink", "class": "inline"],
                [
                  Self.csrfField(token),
                  .h("button", ["class": "button", "type": "submit"], localized("Unlink")),
                ]),
          ]),
      ])
  }
}

extension Pages {
  /// Whether Discord can never call `address`: not https, or a name or address of this
  /// machine or a private network (Discord calls the interactions endpoint from outside).
  static func discordCannotReach(_ address: String) -> Bool {
    guard let url = URL(string: address), url.scheme == "https", let host = url.host?.lowercased()
    else { return true }
    // "https://…" stands for an address not given yet.
    if host.contains("…") || host == "localhost" || host.hasSuffix(".localhost")
      || host.hasSuffix(".local")
      || host == "::1" || host == "[::1]" || host.hasPrefix("127.") || host.hasPrefix("10.")
      || host.hasPrefix("192.168.") || host.hasPrefix("169.254.") || host == "0.0.0.0"
    {
      return true
    }
    let parts = host.split(separator: ".").compactMap { Int($0) }
    return parts.count == 4 && parts[0] == 172 && (16...31).contains(parts[1])
  }
}

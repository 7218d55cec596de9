import Discord
import Foundation
import TeamAccess
import TeamKit
import TeamStore
import WebBase

/// Discord's interactions, signed by the application (the door checks the signature and
/// makes the identity, ``DiscordDesk/identity(_:)``): the slash commands and the buttons,
/// each answered as the Discord user's linked player, with a player's rights and nothing
/// more. Personal answers are seen by their user alone; the user's locale picks French or
/// English.
struct DiscordInteractions: Sendable {
  let store: RosterStore
  /// The linked user as the door made it: role player (`player` set for a player, `teams`
  /// for a staff member), a viewer of no team when not linked.
  let identity: Identity
  let now: Date
  /// Where wrong link codes are counted.
  let linkCodes: LinkCodeTries

  /// Discord's flag for a message only its user sees.
  static let ephemeral = 64

  /// The answer to `body`, in Discord's interaction response shape.
  func answer(_ body: JSONValue) async -> JSONValue {
    let language: Language = body["locale"]?.string?.hasPrefix("fr") == true ? .french : .english
    switch Self.number(body["type"]) {
    case 1: return .object(["type": .int(1)])
    case 2:
      let name = body["data"]?["name"]?.string ?? ""
      let options = Self.options(body["data"]?["options"])
      if name == DiscordCommands.Name.link.rawValue {
        return await link(code: options["code"] ?? "", user: body, language)
      }
      guard identity.role == .player else { return Self.message(unlinked(language)) }
      switch DiscordCommands.Name(rawValue: name) {
      case .week: return week(language)
      case .availability:
        return await availability(options, language)
      case .scrims: return scrims(language)
      case .link, nil: return Self.message(language.localized("This command is not known here."))
      }
    case 3, 5:
      guard identity.role == .player else { return Self.message(unlinked(language)) }
      return await component(body, language)
    default:
      return Self.message(language.localized("This command is not known here."))
    }
  }

  // MARK: - Shapes

  /// A message answer (type 4), seen by its user alone unless `everyone`.
  static func message(
    _ text: String, everyone: Bool = false, components: [JSONValue] = []
  ) -> JSONValue {
    var data: [String: JSONValue] = [
      "content": .string(String(text.prefix(2000))),
      "allowed_mentions": .object(["parse": .array([])]),
    ]
    if !everyone { data["flags"] = .int(ephemeral) }
    if !components.isEmpty { data["components"] = .array(components) }
    return .object(["type": .int(4), "data": .object(data)])
  }

  static func number(_ value: JSONValue?) -> Int? {
    if case .int(let number) = value { number } else { nil }
  }

  /// A command's string options, by name.
  static func options(_ value: JSONValue?) -> [String: String] {
    guard case .array(let options) = value else { return [:] }
    var found: [String: String] = [:]
    for option in options {
      if let name = option["name"]?.string, let text = option["value"]?.string {
        found[name] = text
      }
    }
    return found
  }

  /// The Discord user who sent `body`: in a server (`member.user`) or a direct message.
  static func user(_ body: JSONValue) -> (id: String, name: String)? {
    guard let user = body["member"]?["user"] ?? body["user"], let id = user["id"]?.string,
      !id.isEmpty, id.count <= 24, id.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return (id, user["global_name"]?.string ?? user["username"]?.string ?? id)
  }

  func unlinked(_ language: Language) -> String {
    language.localized(
      "Your Discord account is not linked yet: on your page in KCorp Team Manager, choose “Link Discord”, then type /link with the code it shows."
    )
  }

  // MARK: - Who is who

  /// The Discord user of a `/link` command, whose tries are counted; nil for another
  /// interaction.
  static func linkingUser(_ body: JSONValue) -> String? {
    guard number(body["type"]) == 2,
      body["data"]?["name"]?.string == DiscordCommands.Name.link.rawValue
    else { return nil }
    return user(body)?.id ?? ""
  }

  private func link(code: String, user body: JSONValue, _ language: Language) async -> JSONValue {
    guard let user = Self.user(body) else {
      return Self.message(language.localized("Discord did not say who you are; try again."))
    }
    let normalized = DiscordSignature.normalizedCode(code)
    guard normalized.count == 8,
      let link = try? await store.discord.link(
        codeDigest: Secrets.digest(normalized), user: user.id, name: user.name)
    else {
      try? await linkCodes.recordWrong(
        user: user.id, guild: body["guild_id"]?.string ?? "", at: now)
      return Self.message(
        language.localized(
          "This code is unknown or expired: make a new one on your page, then type /link again."))
    }
    let who =
      link.player.flatMap { store.roster.player(id: $0)?.name } ?? link.account ?? user.name
    return Self.message(
      language.localized(
        "Linked: in this server you answer as %@, with a player’s rights.",
        DiscordPost.escaped(who)))
  }

  /// The team the user's commands are about: the player's, else the staff member's first.
  private var team: Team {
    let roster = store.roster
    if let player = identity.player, let found = roster.player(id: player),
      let team = roster.team(id: found.teamID)
    {
      return team
    }
    return roster.teams.first { identity.teams?.contains($0.id) ?? true } ?? roster.firstTeam
  }

  private var scope: TeamScope {
    TeamScope(store: store, team: team, identity: identity, language: .english)
  }

  // MARK: - The week

  /// The team's next seven days, each event with its verdict; seen by everyone.
  private func week(_ language: Language) -> JSONValue {
    let roster = store.roster
    let team = team
    let week = TeamWeek(
      team: team, players: roster.players(in: team.id), schedule: roster.schedule
    ).between(now, now.addingTimeInterval(7 * 86_400))
    let events = week.schedule.events.sorted { $0.start < $1.start }.prefix(15)
    var lines = [
      language.localized("**%@** — the next seven days", DiscordPost.escaped(team.name))
    ]
    if events.isEmpty { lines.append(language.localized("Nothing planned.")) }
    for event in events {
      lines.append(
        "• \(Self.label(event, language)) — \(DiscordPost.timestamp(event.start)) · "
          + DiscordPost.escaped(week.verdict(of: event).text(in: language)))
    }
    return Self.message(lines.joined(separator: "\n"), everyone: true)
  }

  /// The event's name in bold, what people typed in it escaped.
  static func label(_ event: TeamEvent, _ language: Language) -> String {
    "**\(DiscordPost.escaped(DiscordPost.label(event, in: language)))**"
  }

  // MARK: - One's availability

  /// `/dispo`: `hours` replaces the weekly hours, `away` adds a day (or days) away, `back`
  /// takes back the days away it overlaps; none shows them.
  private func availability(_ options: [String: String], _ language: Language) async -> JSONValue {
    guard let playerID = identity.player, let player = store.roster.player(id: playerID) else {
      return Self.message(
        language.localized(
          "Only a player gives their hours from Discord; a staff member gives them on the web."))
    }
    let current = store.roster.schedule.availability[playerID] ?? Availability()
    let (hours, away, back) = (options["hours"], options["away"], options["back"])
    guard hours != nil || away != nil || back != nil else {
      return Self.message(Self.describe(current, language))
    }
    do {
      var next = current
      if let hours { next.weekly = try Availability.weekly(parsing: hours) }
      if let away {
        let absence = try Availability.absence(parsing: away)
        if !next.away.contains(absence) { next.away.append(absence) }
      }
      if let back {
        let present = try Availability.absence(parsing: back)
        next.away.removeAll { $0.first <= present.last && present.first <= $0.last }
      }
      try await scope.week.setAvailability(of: player.id, to: next)
      return Self.message(Self.describe(next, language) + "\n" + verdicts(language))
    } catch {
      // What was typed is said back, to be corrected.
      let typed = [hours, away, back].compactMap { $0 }.joined(separator: " · ")
      return Self.message(
        language.localized("Nothing was changed: %@", Self.said(error, language))
          + "\n> " + DiscordPost.escaped(String(typed.prefix(200))))
    }
  }

  /// What went wrong, in words; escaped, as it may quote what was typed.
  static func said(_ error: any Error, _ language: Language) -> String {
    DiscordPost.escaped(
      ((error as? any KindedError)?.message ?? Message("Something went wrong; try again."))
        .text(in: language))
  }

  static func describe(_ availability: Availability, _ language: Language) -> String {
    let hours = availability.weekly.map { $0.text(in: language) }.joined(separator: ", ")
    let away = availability.away.map { $0.text(in: language) }.joined(separator: ", ")
    return language.localized(
      "Your hours: %1$@. Away: %2$@.", hours.isEmpty ? "—" : hours, away.isEmpty ? "—" : away)
  }

  /// The verdicts of the team's events in the next 48 hours, as they are now.
  private func verdicts(_ language: Language) -> String {
    let roster = store.roster
    let team = team
    let week = TeamWeek(
      team: team, players: roster.players(in: team.id), schedule: roster.schedule
    ).between(now, now.addingTimeInterval(DiscordNews.verdictWindow))
    return week.schedule.events.sorted { $0.start < $1.start }.prefix(10).map {
      "• \(Self.label($0, language)) — \(DiscordPost.timestamp($0.start)) · "
        + DiscordPost.escaped(week.verdict(of: $0).text(in: language))
    }.joined(separator: "\n")
  }

  // MARK: - One's invitations

  /// The player's coming invitations (five at most, Discord's rows), each with its buttons.
  private func scrims(_ language: Language) -> JSONValue {
    guard let player = identity.player else {
      return Self.message(
        language.localized("Only a player answers invitations from Discord."))
    }
    let events = store.roster.schedule.events
      .filter { $0.end > now && $0.invited.contains(player) }
      .sorted { $0.start < $1.start }.prefix(5)
    guard !events.isEmpty else {
      return Self.message(language.localized("You have no invitation coming."))
    }
    var lines: [String] = []
    var rows: [JSONValue] = []
    for (index, event) in events.enumerated() {
      let said = event.answers[player].map { $0.displayName(in: language) } ?? "—"
      lines.append(
        "\(index + 1). \(Self.label(event, language)) — \(DiscordPost.timestamp(event.start)) · "
          + language.localized("your answer: %@", said))
      rows.append(Self.buttons(event, index: index + 1, language))
    }
    return Self.message(lines.joined(separator: "\n"), components: rows)
  }

  static func buttons(_ event: TeamEvent, index: Int, _ language: Language) -> JSONValue {
    func button(_ id: String, _ label: String, style: Int) -> JSONValue {
      .object([
        "type": .int(2), "style": .int(style), "label": .string(label),
        "custom_id": .string(id),
      ])
    }
    return .object([
      "type": .int(1),
      "components": .array([
        button("answer:\(event.id):yes", "\(index). " + language.localized("Yes"), style: 3),
        button("answer:\(event.id):maybe", language.localized("Maybe"), style: 2),
        button("answer:\(event.id):no", language.localized("No"), style: 4),
        button("comment:\(event.id)", language.localized("Comment…"), style: 2),
      ]),
    ])
  }

  /// A button pressed (type 3) or the comment's form sent (type 5).
  private func component(_ body: JSONValue, _ language: Language) async -> JSONValue {
    let parts = (body["data"]?["custom_id"]?.string ?? "").split(separator: ":").map(String.init)
    guard let player = identity.player, parts.count >= 2, let id = UUID(text: parts[1]),
      let event = store.roster.schedule.event(id: id)
    else {
      return Self.message(language.localized("This event is no longer on the calendar."))
    }
    switch (Self.number(body["type"]), parts[0]) {
    case (3, "answer"):
      guard parts.count == 3, let answer = TeamEvent.Answer(rawValue: parts[2]) else { break }
      return await give(answer, comment: event.comments[player], event, language)
    case (3, "comment"):
      return Self.commentForm(event, current: event.comments[player] ?? "", language)
    case (5, "comment"):
      guard let answer = event.answers[player] else {
        return Self.message(language.localized("Answer yes, no or maybe first, then comment."))
      }
      let text = Self.formValue(body["data"]?["components"]) ?? ""
      return await give(answer, comment: text, event, language)
    default: break
    }
    return Self.message(language.localized("This command is not known here."))
  }

  private func give(
    _ answer: TeamEvent.Answer, comment: String?, _ event: TeamEvent, _ language: Language
  ) async -> JSONValue {
    guard let player = identity.player, let team = store.roster.team(id: event.teamID) else {
      return Self.message(unlinked(language))
    }
    do {
      // The event's team: a player invited by another team answers there, as on the web.
      let scope = TeamScope(store: store, team: team, identity: identity, language: .english)
      try await scope.week.answer(answer, comment: comment, for: player, to: event.id)
      var text = language.localized(
        "Your answer to %1$@ (%2$@): %3$@", Self.label(event, language),
        DiscordPost.timestamp(event.start), answer.displayName(in: language))
      if let comment, !comment.isEmpty { text += " — " + DiscordPost.escaped(comment) }
      return Self.message(text)
    } catch {
      return Self.message(
        language.localized("Nothing was changed: %@", Self.said(error, language)))
    }
  }

  /// Discord's form (a modal) for a few words with one's answer.
  static func commentForm(_ event: TeamEvent, current: String, _ language: Language) -> JSONValue {
    var input: [String: JSONValue] = [
      "type": .int(4), "custom_id": .string("comment"), "style": .int(1),
      "label": .string(language.localized("A few words with your answer")),
      "max_length": .int(TeamEvent.maxCommentLength), "required": .bool(false),
    ]
    if !current.isEmpty { input["value"] = .string(current) }
    return .object([
      "type": .int(9),
      "data": .object([
        "custom_id": .string("comment:\(event.id)"),
        "title": .string(String(language.localized("Comment").prefix(45))),
        "components": .array([
          .object(["type": .int(1), "components": .array([.object(input)])])
        ]),
      ]),
    ])
  }

  /// The text typed in a modal's one field.
  static func formValue(_ rows: JSONValue?) -> String? {
    guard case .array(let rows) = rows, case .array(let inputs)? = rows.first?["components"]
    else { return nil }
    return inputs.first?["value"]?.string
  }
}

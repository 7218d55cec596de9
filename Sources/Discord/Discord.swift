import Foundation
import TeamKit

/// What a team's Discord channel is told of, each chosen per team.
public enum DiscordKind: String, CaseIterable, Hashable, Sendable {
  /// An event planned, changed, cancelled.
  case planned, changed, cancelled
  /// An event's invitation answers, summed up once they settle.
  case answers
  /// The verdict of an event in the next 48 hours changing.
  case verdict
  /// An event's games logged.
  case result
  /// A player joining or leaving the team.
  case moved
  /// A test post the staff sent from the team's Discord page: not a kind a team chooses.
  case test

  /// The kinds a team chooses among (every kind but ``test``).
  public static let allCases: [DiscordKind] = [
    .planned, .changed, .cancelled, .answers, .verdict, .result, .moved,
  ]

  /// The kind a team may choose, by its name; nil for another word (or ``test``).
  public static func choice(_ text: String) -> DiscordKind? {
    DiscordKind(rawValue: text).flatMap { allCases.contains($0) ? $0 : nil }
  }

  /// The kind as a setting's label reads.
  public var name: Message {
    switch self {
    case .planned: Message("Event planned")
    case .changed: Message("Event changed")
    case .cancelled: Message("Event cancelled")
    case .answers: Message("Invitation answers")
    case .verdict: Message("Verdict changing within 48 h")
    case .result: Message("Result logged")
    case .moved: Message("Player moved")
    case .test: Message("Test post")
    }
  }

  /// Kinds written as a setting keeps them: `planned,changed`; unknown words are dropped.
  public static func set(_ text: String) -> Set<DiscordKind> {
    Set(text.split(separator: ",").compactMap { choice(String($0)) })
  }

  /// A setting's text, in the kinds' order.
  public static func text(_ kinds: Set<DiscordKind>) -> String {
    allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ",")
  }
}

/// A team's Discord settings as shown: never the webhook address itself.
public struct DiscordTeamSettings: Hashable, Sendable {
  public var teamID: UUID
  /// Whether a webhook address is kept (posts go out while ``off`` is nil).
  public var hasWebhook: Bool
  public var kinds: Set<DiscordKind>
  /// The language the posts are written in.
  public var language: Language
  /// Why the team's Discord was turned off (the webhook was deleted in Discord); nil while on.
  public var off: String?

  public init(
    teamID: UUID, hasWebhook: Bool = false, kinds: Set<DiscordKind> = Set(DiscordKind.allCases),
    language: Language = .french, off: String? = nil
  ) {
    self.teamID = teamID
    self.hasWebhook = hasWebhook
    self.kinds = kinds
    self.language = language
    self.off = off
  }

  /// Whether posts of `kind` go out.
  public func posts(_ kind: DiscordKind) -> Bool {
    hasWebhook && off == nil && kinds.contains(kind)
  }
}

/// One message for a team's channel, as the outbox keeps it until Discord has it.
public struct DiscordPost: Hashable, Sendable {
  public var teamID: UUID
  public var kind: DiscordKind
  /// Posts with the same topic replace each other while waiting (an event's answers); nil
  /// for a post of its own.
  public var topic: String?
  /// The message's line: Discord timestamps (`<t:UNIX:F>`) show each reader their time.
  public var content: String
  public var title: String
  public var description: String
  /// The page it is about, a path on the server (`/events/ID`).
  public var link: String?

  public init(
    teamID: UUID, kind: DiscordKind, topic: String? = nil, content: String, title: String,
    description: String = "", link: String? = nil
  ) {
    self.teamID = teamID
    self.kind = kind
    self.topic = topic
    self.content = content
    self.title = title
    self.description = description
    self.link = link
  }

  /// The webhook's body (Discord's "Execute Webhook"): the content, one embed linking to the
  /// page on `base` (none without a public address), and no mention pinging anyone. The
  /// title is kept plain for the settings page, and escaped here.
  public func payload(base: URL?) -> [UInt8] {
    var embed: [String: JSONValue] = [
      "title": .string(String(Self.escaped(title).prefix(256))), "color": .int(color),
    ]
    if !description.isEmpty { embed["description"] = .string(String(description.prefix(4000))) }
    if let link, let base, let url = URL(string: link, relativeTo: base)?.absoluteString {
      embed["url"] = .string(url)
    }
    let body = JSONValue.object([
      "content": .string(String(content.prefix(2000))),
      "embeds": .array([.object(embed)]),
      "allowed_mentions": .object(["parse": .array([])]),
    ])
    var writer = JSONWriter()
    body.write(to: &writer)
    return writer.bytes
  }

  /// The embed's stripe: KCorp blue, red for what is cancelled or short.
  var color: Int {
    switch kind {
    case .cancelled: 0xE0_3E_3E
    case .verdict: 0xF0_A0_20
    case .result: 0x2E_B8_6E
    default: 0x1F_6F_EB
    }
  }

  /// `text` as Discord shows it, character for character: the one escape of what people
  /// typed (names, opponents, places, notes, comments) before it goes into any message.
  /// Every character Discord's markdown reads (emphasis, spoilers, code, quotes, headers,
  /// masked links, mentions, channels, roles) gets the backslash Discord documents, and a
  /// `://` is broken as `\://` so that an address is not made a link.
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var rest = Substring(text)
    while let character = rest.first {
      rest = rest.dropFirst()
      if Self.markdown.contains(character) || (character == ":" && rest.hasPrefix("//")) {
        out.append("\\")
      }
      out.append(character)
    }
    return out
  }

  /// The characters Discord's markdown gives a meaning to anywhere in a line; `-` (lists,
  /// `-#` small text) and `.` (numbered lists) are escaped too, as they may start one.
  private static let markdown: Set<Character> = [
    "\\", "*", "_", "~", "|", ">", "<", "`", "[", "]", "(", ")", "#", "@", "-", ".",
  ]

  /// An event as a post names it: `Scrim vs G2`, `Training`.
  public static func label(_ event: TeamEvent, in language: Language) -> String {
    // As the pages name it: "Scrim vs G2", « Scrim contre G2 ».
    let kind = event.kind.displayName(in: language)
    return event.opponent.isEmpty ? kind : language.localized("%1$@ vs %2$@", kind, event.opponent)
  }

  /// Discord's timestamp: each reader sees `instant` in their own zone and language.
  public static func timestamp(_ instant: Date, _ style: Character = "F") -> String {
    "<t:\(Int(instant.timeIntervalSince1970.rounded(.down))):\(style)>"
  }
}

/// How a delivery ended, as the deliverer tells the outbox.
public enum DiscordOutcome: Hashable, Sendable {
  case sent
  /// Tried again at `at`, the reason kept.
  case retry(at: Date, reason: String)
  /// Given up, the reason kept.
  case failed(String)
  /// The webhook is gone: the team's Discord is turned off, its waiting posts given up.
  case revoked(String)
}

/// A team's Discord settings as the API tells them (`GET /api/teams/{tag}/discord`): never
/// the webhook's address.
public struct DiscordSettingsShown: Sendable, Decodable {
  /// One post, as the outbox keeps it.
  public struct Post: Sendable, Decodable {
    public var attempts: Int
    public var created: String
    public var kind: String
    public var reason: String?
    public var sent: String?
    /// `pending`, `sent` or `failed`.
    public var state: String
    public var title: String

    public init(
      attempts: Int, created: String, kind: String, reason: String?, sent: String?,
      state: String, title: String
    ) {
      self.attempts = attempts
      self.created = created
      self.kind = kind
      self.reason = reason
      self.sent = sent
      self.state = state
      self.title = title
    }
  }

  public var kinds: [String]
  public var language: String
  /// Why the team's Discord was turned off, when it was.
  public var off: String?
  public var posts: [Post]
  public var webhookSet: Bool

  public init(kinds: [String], language: String, off: String?, posts: [Post], webhookSet: Bool) {
    self.kinds = kinds
    self.language = language
    self.off = off
    self.posts = posts
    self.webhookSet = webhookSet
  }
}

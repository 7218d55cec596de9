import Foundation

/// A team's events as an iCalendar feed (RFC 5545), which calendar apps subscribe to.
///
/// Times are written in UTC (`20260312T190000Z`, RFC 5545 3.3.5, form 2): every calendar
/// shows them in its reader's zone, and no time-zone definition can be out of date. Each
/// event keeps its UID across changes, with a `SEQUENCE` that grows on each, so a calendar
/// updates it instead of adding another.
public enum ICalendar {
  /// The feed of `events`, named `name`; `players` names the invited. With `origin`
  /// (`https://team.example`), each event links back to its page (`URL`, RFC 5545 3.8.4.6).
  public static func feed(
    name: String, events: [TeamEvent], players: [UUID: String], language: Language,
    origin: String? = nil
  ) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//KCorp Team Manager//EN", "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(name),
    ]
    for event in events {
      var description: [String] = []
      if let format = event.format { description.append(format.displayName) }
      if !event.games.isEmpty {
        let (won, lost) = event.score
        description.append(language.localized("Result: %1$@–%2$@", won, lost))
      }
      let invited = event.invited.compactMap { players[$0] }
      if !invited.isEmpty {
        description.append(language.localized("Invited: %@", invited.joined(separator: ", ")))
      }
      if !event.notes.isEmpty { description.append(event.notes) }
      lines += [
        "BEGIN:VEVENT",
        "UID:\(event.id.text)@kcorp-team-manager",
        "DTSTAMP:" + utc(event.updated),
        "SEQUENCE:\(event.sequence)",
        "DTSTART:" + utc(event.start),
        "DTEND:" + utc(event.end),
        "SUMMARY:" + escaped(event.title.text(in: language)),
        "CATEGORIES:" + event.kind.rawValue.uppercased(),
      ]
      if !event.place.isEmpty { lines.append("LOCATION:" + escaped(event.place)) }
      // A URI value, not text: nothing in it is escaped.
      if let origin { lines.append("URL:\(origin)/events/\(event.id.text)") }
      if !description.isEmpty {
        lines.append("DESCRIPTION:" + escaped(description.joined(separator: "\n")))
      }
      lines.append("END:VEVENT")
    }
    lines.append("END:VCALENDAR")
    return lines.map(folded).joined(separator: "\r\n") + "\r\n"
  }

  /// A text value with its backslashes, semicolons, commas and line breaks escaped
  /// (RFC 5545 3.3.11).
  static func escaped(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "\\": output += "\\\\"
      case ";": output += "\\;"
      case ",": output += "\\,"
      case "\n", "\r\n": output += "\\n"
      case "\r": break
      default: output.append(character)
      }
    }
    return output
  }

  /// A content line cut into lines of at most 75 octets, each one after the first starting
  /// with a space (RFC 5545 3.1), never inside a character.
  static func folded(_ line: String) -> String {
    var output = ""
    var octets = 0
    for character in line {
      let size = String(character).utf8.count
      if octets + size > 75 {
        output += "\r\n "
        octets = 1
      }
      output.append(character)
      octets += size
    }
    return output
  }

  /// `20260312T190000Z`.
  static func utc(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    return "\(parts.year ?? 1970)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }
}

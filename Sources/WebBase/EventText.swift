import Foundation
import TeamKit

/// How the pages say when an event is and how it stands: the week's, the organisation's
/// overview, an event's and a draft's.
extension Pages {
  /// `Thu 26 Mar, 20:00–22:00` on `zone`'s clock.
  package func when(_ event: TeamEvent, in zone: TimeZone) -> String {
    let day = Day(event.start, in: zone).formatted(in: language)
    let start = EventInput.wallClock(event.start, in: zone).suffix(5)
    let end = EventInput.wallClock(event.end, in: zone).suffix(5)
    return "\(Weekday(of: event.start, in: zone).shortName(in: language)) \(day), \(start)–\(end)"
  }

  /// A zone as people name it: `Paris time`, « heure de Paris » (its city), `UTC`.
  package func zoneName(_ zone: TimeZone) -> String {
    let city = zone.identifier.split(separator: "/").last.map {
      $0.replacingOccurrences(of: "_", with: " ")
    }
    guard let city, zone.identifier.contains("/") else { return zone.identifier }
    return localized("%@ time", city)
  }

  /// When an event is, on its team's clock, with the zone named once: a script says it again
  /// in the reader's zone when that differs (``when(_:in:)``; app.js).
  package func time(of event: TeamEvent, in zone: TimeZone) -> [HTML] {
    let times =
      "\(EventInput.wallClock(event.start, in: zone).suffix(5))–\(EventInput.wallClock(event.end, in: zone).suffix(5))"
    return [
      .h(
        "time",
        [
          "datetime": event.start.formatted(.iso8601), "data-end": event.end.formatted(.iso8601),
          "data-zone": zone.identifier, "data-times": times,
        ], when(event, in: zone)),
      .h("span", ["class": "zone"], " (\(zoneName(zone)))"),
    ]
  }

  /// A verdict as a badge: its words, coloured by its kind.
  package func verdictBadge(_ verdict: Verdict) -> HTML {
    .h("span", ["class": "verdict verdict-\(verdict.code)"], verdict.text(in: language))
  }
}

/// A form's field errors, said under the field and tied to it.
extension Pages {
  /// A field's error under it, and the attributes that tie the field to it.
  package func fieldError(_ errors: ValidationError?, _ field: ValidationError.Field)
    -> HTML
  {
    guard let message = errors?.message(for: field).map(text) else { return .fragment([]) }
    return .h("p", ["class": "error", "id": "\(field.rawValue)-error"], message)
  }

  package static func invalid(_ errors: ValidationError?, _ field: ValidationError.Field)
    -> HTML.Attributes
  {
    errors?.message(for: field) == nil
      ? [:] : ["aria-invalid": "true", "aria-describedby": "\(field.rawValue)-error"]
  }

  /// A draft's turn as people say it: `B3 pick`, `R1 ban`.
  package func turnLabel(_ index: Int) -> String {
    guard DraftSlot.order.indices.contains(index) else { return "" }
    let slot = DraftSlot.order[index]
    return slot.code + " " + (slot.action == .ban ? localized("ban") : localized("pick"))
  }

  /// A note on a game: the game, whom or which turn it is about, its words, who wrote it.
  package func gameNoteLine(_ note: GameNote, names: [UUID: String], zone: TimeZone) -> [HTML] {
    var about = [localized("Game %@", note.game)]
    if let player = note.player { about.append(names[player] ?? localized("a former player")) }
    if let turn = note.turn { about.append(turnLabel(turn)) }
    return [
      .h("strong", about.joined(separator: " · ")),
      .h("span", ["class": "note-text"], note.text),
      .h(
        "span", ["class": "muted"],
        "— " + note.author + ", " + Day(note.written, in: zone).formatted(in: language)),
    ]
  }
}

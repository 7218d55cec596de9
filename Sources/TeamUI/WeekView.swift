import SwiftUI
import TeamClient
import TeamKit

/// The team's week, seven days from today on the team's clock, one under the other as on a
/// phone: each event with its time, its verdict ("Full five", "With subs: Yike for Jungle")
/// and, for a player invited, their answer; then each player's hours. A player signed in
/// with their own account sets their hours first thing; the staff set anyone's.
public struct WeekView: View {
  @Environment(EsportTeam.self) private var team
  @State private var failure: String?

  public init() {}

  private var me: Player? { team.ownPlayerID.flatMap { id in team.everyone.first { $0.id == id } } }

  public var body: some View {
    List {
      if let week = team.week {
        if let me {
          Section {
            NavigationLink {
              AvailabilityView(player: me)
            } label: {
              Text(localized("When %@ can play", me.name))
            }
          }
        }
        Section {
          NavigationLink {
            PoolsView()
          } label: {
            Text("Pools")
          }
        }
        let zone = week.team.zone
        let today = Day(SystemClock.now(), in: zone)
        Text(localized("Times on %@’s clock (%@).", week.team.name, zone.identifier))
          .font(.caption)
          .foregroundStyle(.secondary)
        ForEach((0..<7).map { today.adding(days: $0) }, id: \.self) { day in
          Section {
            let events = week.schedule.events(of: week.team.id, on: day, in: zone)
            if events.isEmpty {
              Text("Nothing planned.")
                .foregroundStyle(.secondary)
            }
            ForEach(events) { event in
              EventRow(event: event, verdict: week.verdict(of: event), zone: zone, me: me)
              if event.format != nil {
                NavigationLink {
                  SeriesView(event: event)
                } label: {
                  Text(localized("Draft · %@", event.draftRule.displayName(in: .system)))
                }
              }
            }
          } header: {
            Text(
              verbatim:
                "\(Weekday(of: Schedule.midnight(day, in: zone), in: zone).shortName(in: .system)) \(day.formatted(in: .system))"
            )
          }
        }
        Section {
          ForEach(team.players) { player in
            NavigationLink {
              AvailabilityView(player: player)
            } label: {
              VStack(alignment: .leading, spacing: 2) {
                Text(player.name)
                Text(AvailabilityView.summary(week.schedule.availability[player.id]))
                  .font(.caption)
                  .foregroundStyle(.secondary)
              }
            }
          }
        } header: {
          Text("Availability")
        }
      }
      FieldError(messages: failure.map { [$0] } ?? [])
    }
    .navigationTitle("Week")
    // Read again for the team shown; the roster's feed keeps it up to date from then on.
    .task(id: team.shownTeamID) {
      do {
        try await team.loadWeek()
        failure = nil
      } catch {
        failure = localized("The week could not be read: %@", String(describing: error))
      }
    }
  }
}

/// An event of the week: when on the team's clock, what, its verdict, and the signed-in
/// player's answer when they are invited.
struct EventRow: View {
  let event: TeamEvent
  let verdict: Verdict
  let zone: TimeZone
  let me: Player?
  @Environment(EsportTeam.self) private var team
  @State private var failure: String?

  var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      Text(
        verbatim:
          "\(EventInput.wallClock(event.start, in: zone).suffix(5))–\(EventInput.wallClock(event.end, in: zone).suffix(5))  \(event.title.text(in: .system))"
      )
      .font(.headline)
      // Times are the team's; the device's beside them when it is elsewhere.
      if TimeZone.current.identifier != zone.identifier {
        Text(
          verbatim:
            "\(Weekday(of: event.start, in: .current).shortName(in: .system)) \(EventInput.wallClock(event.start, in: .current).suffix(5)) (\(TimeZone.current.identifier))"
        )
        .font(.caption)
        .foregroundStyle(.secondary)
      }
      Text(verdict.text(in: .system))
        .foregroundStyle(
          verdict == .fullFive ? .green : verdict.code == "short" ? .red : .orange)
      if let me, event.invited.contains(me.id) {
        HStack(spacing: 12) {
          ForEach(TeamEvent.Answer.allCases, id: \.self) { answer in
            Button {
              Task { await give(event.answers[me.id] == answer ? nil : answer, as: me) }
            } label: {
              Text(
                event.answers[me.id] == answer
                  ? localized("%@ ✓", answer.displayName(in: .system))
                  : answer.displayName(in: .system))
            }
            .buttonStyle(.plain)
            .accessibilityLabel(localized("Answer %@", answer.displayName(in: .system)))
          }
        }
      }
      FieldError(messages: failure.map { [$0] } ?? [])
    }
  }

  private func give(_ answer: TeamEvent.Answer?, as player: Player) async {
    do {
      try await team.answer(answer, to: event, for: player)
      failure = nil
    } catch {
      failure = localized("Not saved: %@", String(describing: error))
    }
  }
}

/// When a player can play: their weekly hours as people write them, their days away, and
/// "Away today" in one tap; every message by its field, everything typed kept.
public struct AvailabilityView: View {
  let player: Player
  @Environment(EsportTeam.self) private var team
  @Environment(\.dismiss) private var dismiss
  @State private var weekly = ""
  @State private var away = ""
  @State private var errors: ValidationError?
  @State private var failure: String?

  public init(player: Player) {
    self.player = player
  }

  /// `Mon 18:00-23:00, Tue 18:00-23:00 · away 2026-03-12..2026-03-14`, or "Any hour".
  static func summary(_ availability: Availability?) -> String {
    guard let availability, !availability.weekly.isEmpty || !availability.away.isEmpty else {
      return localized("Any hour (no hours given)")
    }
    var parts = [availability.weekly.map(\.description).joined(separator: ", ")]
    if !availability.away.isEmpty {
      parts.append(
        localized("away %@", availability.away.map(\.description).joined(separator: ", ")))
    }
    return parts.filter { !$0.isEmpty }.joined(separator: " · ")
  }

  public var body: some View {
    Form {
      Section {
        TextField("Mon-Fri 18:00-23:00, Sat 14:00-20:00", text: $weekly)
          .autocorrectionDisabled()
        FieldError(messages: errors?.messages(for: .weekly).map(\.description) ?? [])
      } header: {
        Text("Weekly hours")
      } footer: {
        Text("Empty: any hour. Days in English or French, times on the team’s clock.")
      }
      Section {
        TextField("2026-03-12..2026-03-14", text: $away)
          .autocorrectionDisabled()
        FieldError(messages: errors?.messages(for: .away).map(\.description) ?? [])
        Button("Away today") {
          let today = Day(SystemClock.now(), in: team.shownTeam.zone).description
          away = (dayList + [today]).joined(separator: ", ")
          Task { await save() }
        }
      } header: {
        Text("Days away")
      }
      FieldError(messages: failure.map { [$0] } ?? [])
      Button("Save") { Task { await save() } }
        .disabled(!team.isConnected)
    }
    .navigationTitle(LocalizedStringKey(localized("When %@ can play", player.name)))
    .task {
      // The hours as the week has them now, unless something was typed already.
      if weekly.isEmpty && away.isEmpty, let kept = team.week?.schedule.availability[player.id] {
        weekly = kept.weekly.map(\.description).joined(separator: ", ")
        away = kept.away.map(\.description).joined(separator: ", ")
      }
    }
  }

  /// The days away as typed, one per comma.
  private var dayList: [String] {
    away.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
  }

  private func save() async {
    errors = nil
    failure = nil
    do {
      try await team.setAvailability(weekly: weekly, away: dayList, of: player)
      dismiss()
    } catch {
      errors = ValidationError(reportedBy: error)
      if errors == nil { failure = localized("Not saved: %@", String(describing: error)) }
    }
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    if let team = try? EsportTeam() {
      NavigationStack {
        WeekView()
      }
      .environment(team)
    }
  }
#endif

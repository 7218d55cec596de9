import Foundation

/// A wait an outside service asks for (an HTTP `Retry-After`, Discord's `retry_after` and
/// `X-RateLimit-Reset-After`), read as a finite number of seconds between one second and
/// an hour: a service's answer is not trusted to be sane, and a wait of `nan`, of ages or
/// below zero must neither trap nor hold a queue for ever, nor spin on it.
public enum RetryDelay {
  /// The shortest and the longest wait taken: under a second is a second (no busy loop),
  /// over an hour is an hour (a team's posts wait no longer).
  public static let range: ClosedRange<TimeInterval> = 1...3600

  /// `value` within ``range``; nil when it is no number at all (`nan`), for the caller's
  /// default. An infinite or huge value is the longest wait, a negative one the shortest.
  public static func seconds(_ value: Double?) -> TimeInterval? {
    guard let value, !value.isNaN else { return nil }
    return min(max(value, range.lowerBound), range.upperBound)
  }

  /// A header's delay in seconds (`"2"`, `"1.5"`) within ``range``; nil when absent or not
  /// a number (an HTTP date is not read: the caller's default stands).
  public static func seconds(_ header: String?) -> TimeInterval? {
    seconds(header.flatMap { Double($0.trimmed(.whitespaces)) })
  }

  /// `date` no later than `now` + the longest wait (a date that is no date, `nan`, is `now`
  /// plus `fallback`): what a stored "wait until" may be, so that no stored value holds for
  /// ever. A date in the past holds nothing and is kept (within a day), so that it still
  /// compares as the caller meant.
  public static func until(_ date: Date, from now: Date, fallback: TimeInterval = 5) -> Date {
    let wait = date.timeIntervalSince(now)
    return now.addingTimeInterval(wait.isNaN ? fallback : min(max(wait, -86_400), range.upperBound))
  }
}

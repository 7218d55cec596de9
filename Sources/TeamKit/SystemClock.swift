import Foundation

/// The one place the product reads the system's clock. A store, a server, a job or a command
/// is given a clock (this one, or a test's) and reads one instant from it per request, per
/// transaction or per turn, which it passes down: nothing else asks the system for the time.
public enum SystemClock {
  /// The system's current date.
  public static let now: @Sendable () -> Date = { Date() }
}

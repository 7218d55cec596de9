import Foundation
import TestSupport

/// Runs the `kcorp` binary built beside the test bundle, on its own database in its own
/// temporary folder (removed with the value).
struct KCorp {
  let temporary: TemporaryFolder
  var folder: URL { temporary.url }
  var database: String { temporary.path("roster.sqlite") }

  init() throws { temporary = try TemporaryFolder() }

  /// Runs `kcorp` with `arguments`, `KCORP_DB` pointing at this test's database.
  func callAsFunction(
    _ arguments: String..., environment: [String: String] = [:], input: String? = nil
  ) throws -> Run {
    try callAsFunction(arguments: arguments, environment: environment, input: input)
  }

  func callAsFunction(arguments: [String], environment: [String: String], input: String? = nil)
    throws -> Run
  {
    try runKCorp(
      arguments,
      environment: ["KCORP_DB": database, "HOME": folder.path].merging(environment) { $1 },
      input: input)
  }

  func write(_ text: String, to name: String) throws -> String {
    try temporary.write(text, to: name)
  }
}

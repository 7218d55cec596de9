import Foundation
import Testing

/// What a run of the real `kcorp` binary printed and returned.
struct Run {
  let status: Int32
  let stdout: String
  let stderr: String
}

/// Runs the `kcorp` binary built beside the test bundle, on its own database.
struct KCorp {
  let folder: URL
  var database: String { folder.appendingPathComponent("roster.sqlite").path }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kcorp-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  static let binary = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent().appendingPathComponent("kcorp")

  /// Runs `kcorp` with `arguments`, `KCORP_DB` pointing at this test's database.
  func callAsFunction(_ arguments: String..., environment: [String: String] = [:]) throws -> Run {
    try callAsFunction(arguments: arguments, environment: environment)
  }

  func callAsFunction(arguments: [String], environment: [String: String]) throws -> Run {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.environment = ["KCORP_DB": database, "HOME": folder.path].merging(environment) {
      $1
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting so that a large output cannot block the child.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  func write(_ text: String, to name: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// Command-line arguments split into positionals, flags and options with values.
struct Arguments {
  var positionals: [String] = []
  var flags: Set<String> = []
  var options: [String: [String]] = [:]

  /// Options that never take a value.
  static let flagNames: Set<String> = ["--json", "--in-memory", "--help", "--version"]

  /// Parses `arguments`; `--name=value` and `--name value` are both accepted.
  init(_ arguments: [String]) throws(CLIError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        positionals += rest
        break
      }
      if argument == "-h" {
        flags.insert("--help")
      } else if argument.hasPrefix("--") {
        var name = argument
        var value: String?
        if let equals = argument.firstIndex(of: "=") {
          name = String(argument[..<equals])
          value = String(argument[argument.index(after: equals)...])
        }
        if Self.flagNames.contains(name) {
          guard value == nil else { throw .usage("\(name) takes no value.") }
          flags.insert(name)
        } else {
          guard let value = value ?? rest.popFirst() else {
            throw .usage("\(name) needs a value.")
          }
          options[name, default: []].append(value)
        }
      } else {
        positionals.append(argument)
      }
    }
  }

  /// The value of an option given at most once.
  func value(_ name: String) throws(CLIError) -> String? {
    let values = options[name] ?? []
    guard values.count <= 1 else { throw .usage("Give \(name) only once.") }
    return values.first
  }

  /// Refuses options and flags that `command` does not take.
  func allow(_ names: Set<String>, for command: String) throws(CLIError) {
    let given = flags.union(options.keys).subtracting(["--help"])
    if let unknown = given.subtracting(names).sorted().first {
      throw .usage("‘kcorp \(command)’ does not take \(unknown); see ‘kcorp \(command) --help’.")
    }
  }
}

/// A failure that ends the command: one line on stderr and a documented exit code.
struct CLIError: Error {
  let code: ExitCode
  let message: String

  static func usage(_ message: String) -> CLIError { CLIError(code: .usage, message: message) }
}

/// The exit codes of `kcorp`, from sysexits.h.
enum ExitCode: Int32 {
  case success = 0
  /// The command line is wrong.
  case usage = 64
  /// The data given is invalid (a player, an import file).
  case dataError = 65
  /// No such player, or no such input file.
  case notFound = 66
  /// The database or a file could not be read or written.
  case ioError = 74
}

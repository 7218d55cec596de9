import TeamKit

/// `key` in the command line's language (the process's: `LC_ALL`, `LC_MESSAGES`, `LANG`), its
/// arguments put in.
package func localized(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
  Language.system.localized(key, arguments: arguments)
}

import TeamKit

/// `key` in the app's language (the device's), its arguments put in.
func localized(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
  Language.system.localized(key, arguments: arguments)
}

import Foundation

extension StringProtocol {
  /// The text without the characters of `blanks` at either end: what Foundation's
  /// `trimmingCharacters(in:)` gives, without its round trip through UTF-16, which every
  /// field of every write paid. Text with nothing to trim is returned as it is.
  public func trimmed(_ blanks: CharacterSet = .whitespacesAndNewlines) -> String {
    let text = String(self)
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var end = scalars.endIndex
    while start < end, blanks.contains(scalars[start]) { start = scalars.index(after: start) }
    while end > start, blanks.contains(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    guard start > scalars.startIndex || end < scalars.endIndex else { return text }
    return String(Substring(scalars[start..<end]))
  }
}

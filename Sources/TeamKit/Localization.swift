import Foundation

/// The languages every face speaks: English, the source, and French.
///
/// Messages are keyed by their English text (as a String Catalog keys them), with `%@` for
/// each argument, or `%1$@`, `%2$@` where a translation reorders them. The French ones come
/// from `data/localization/fr.json` (``Localizations``), the one catalog that also feeds the
/// app's `Localizable.xcstrings`.
public enum Language: String, CaseIterable, Hashable, Sendable {
  case english = "en"
  case french = "fr"

  /// The process's language: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (as
  /// POSIX orders them), else the device's preferred language, else English.
  public static let system: Language = {
    if let language = fromEnvironment(ProcessInfo.processInfo.environment) { return language }
    return Locale.preferredLanguages.lazy.compactMap(Language.init(tag:)).first ?? .english
  }()

  /// The language a POSIX environment names, or nil when it names none (`C`, `POSIX`, unset):
  /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`, the first one set deciding.
  public static func fromEnvironment(_ environment: [String: String]) -> Language? {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty { return Language(tag: value) }
    }
    return nil
  }

  /// The language of a tag such as `fr`, `fr-FR`, `fr_CA.UTF-8` or `en-GB`; nil for others.
  public init?(tag: String) {
    let primary = tag.prefix { $0.isLetter }.lowercased()
    guard let language = Language(rawValue: primary) else { return nil }
    self = language
  }

  /// The best supported language of an `Accept-Language` header (RFC 9110, 12.5.4): the
  /// highest weight wins, the first listed among equals; nil when none is supported.
  public init?(acceptLanguage header: String) {
    var best: (language: Language, weight: Double)?
    for range in header.split(separator: ",") {
      let parts = range.split(separator: ";").map { $0.trimmed(.whitespaces) }
      guard let tag = parts.first, let language = Language(tag: tag) else { continue }
      let weight =
        parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      if weight > 0, weight > (best?.weight ?? 0) { best = (language, weight) }
    }
    guard let best else { return nil }
    self = best.language
  }

  /// The language's own name, for a language switch: "English", "Français".
  public var name: String {
    switch self {
    case .english: "English"
    case .french: "Français"
    }
  }

  /// The locale for numbers and dates.
  public var locale: Locale { Locale(identifier: self == .french ? "fr_FR" : "en_GB") }

  /// `key` in this language, its arguments put in: `%@` in order, `%1$@` by position, and
  /// `{1:one|other}` as the count in argument 1 asks (`%1$@ {1:try|tries}`: "1 try",
  /// "2 tries"; in French 0 and 1 are singular). Without arguments the placeholders stay,
  /// for a script to fill (`%%` is still `%`), and so do the choices (a key may be text
  /// from outside, a decoder's words, braces and all).
  public func text(_ key: String, _ arguments: [String] = []) -> String {
    var format = self == .french ? Localizations.french[key] ?? key : key
    if !arguments.isEmpty, format.contains("{") { format = choosingPlurals(in: format, arguments) }
    guard format.contains("%") else { return format }
    guard !arguments.isEmpty else { return format.replacingOccurrences(of: "%%", with: "%") }
    var result = ""
    var next = 0
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      rest = rest[rest.index(after: percent)...]
      if rest.hasPrefix("@") {
        result += next < arguments.count ? arguments[next] : ""
        next += 1
        rest = rest.dropFirst()
      } else if let dollar = rest.firstIndex(of: "$"), let position = Int(rest[..<dollar]),
        rest[rest.index(after: dollar)...].hasPrefix("@")
      {
        result += position >= 1 && position <= arguments.count ? arguments[position - 1] : ""
        rest = rest[rest.index(dollar, offsetBy: 2)...]
      } else if rest.hasPrefix("%") {
        result += "%"
        rest = rest.dropFirst()
      } else {
        result += "%"
      }
    }
    return result + rest
  }

  /// `format` with each `{N:one|other}` replaced by the form argument N's count takes.
  private func choosingPlurals(in format: String, _ arguments: [String]) -> String {
    var result = ""
    var rest = Substring(format)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let choice = rest[rest.index(after: open)...]
      guard let colon = choice.firstIndex(of: ":"), let close = choice.firstIndex(of: "}"),
        colon < close, let position = Int(choice[..<colon]),
        let bar = choice[colon..<close].firstIndex(of: "|")
      else {
        result += "{"
        rest = choice
        continue
      }
      let count = position >= 1 && position <= arguments.count ? arguments[position - 1] : ""
      result +=
        isSingular(count)
        ? choice[choice.index(after: colon)..<bar] : choice[choice.index(after: bar)..<close]
      rest = choice[choice.index(after: close)...]
    }
    return result + rest
  }

  /// Whether a count as written (`1`, `1 000`, `1,5`) takes the singular: in English one
  /// alone, in French below two (CLDR's rules).
  func isSingular(_ count: String) -> Bool {
    let digits = count.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
    switch self {
    case .english: return digits == "1"
    case .french:
      let whole = digits.prefix { $0 != "," && $0 != "." }
      return !whole.isEmpty && whole.allSatisfy(\.isNumber) && (whole == "0" || whole == "1")
    }
  }

  /// The catalog's text for `key` as it stands, arguments not put in, or `key` itself: for
  /// a message put in words where no language was known (the HTTP layer's own), which may
  /// also be one already in this language.
  public func translation(of key: String) -> String {
    self == .french ? Localizations.french[key] ?? key : key
  }

  /// A moment as this language writes it: `30 Nov 2026, 10:05`, `30 nov. 2026, 10:05`.
  public func date(_ date: Date, timeZone: TimeZone = .current) -> String {
    date.formatted(
      Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, timeZone: timeZone))
  }

  /// A whole number as this language writes it: `1,000` or `1 000`.
  public func number(_ value: Int) -> String {
    value.formatted(.number.locale(locale))
  }

  /// `key` in this language, its arguments put in (a ``Message`` argument in this language too).
  public func localized(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
    localized(key, arguments: arguments)
  }

  /// `key` in this language, the arguments given as an array.
  public func localized(_ key: String, arguments: [any CustomStringConvertible]) -> String {
    Message(key, arguments: arguments).text(in: self)
  }
}

/// A message kept by its key and arguments, put in a language only when shown: an error is
/// made far from the face that shows it (a store's shared transaction, say), and speaks the
/// language of whoever reads it.
public struct Message: Hashable, Sendable, CustomStringConvertible {
  public let key: String
  let arguments: [Argument]

  /// One argument: text as it is, a message put in the same language, or a number written
  /// as that language writes it.
  public enum Argument: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    case message(Message)
    /// A count, grouped as the language groups digits (`1,000`, `1 000`).
    case number(Int)
    /// A quantity with one decimal (`1.5`, `1,5`).
    case decimal(Double)

    public var description: String { Message("%@", self).description }
  }

  /// `key` with its arguments: a ``Message`` or ``Argument`` among them is put in the
  /// reader's language too.
  public init(_ key: String, _ arguments: any CustomStringConvertible...) {
    self.init(key, arguments: arguments)
  }

  init(_ key: String, arguments: [any CustomStringConvertible]) {
    self.key = key
    self.arguments = arguments.map {
      ($0 as? Argument) ?? ($0 as? Message).map(Argument.message) ?? .text($0.description)
    }
  }

  /// `messages` one after the other, `separator` between them.
  public init(joining messages: [Message], separator: String = " ") {
    key = Array(repeating: "%@", count: messages.count).joined(separator: separator)
    arguments = messages.map(Argument.message)
  }

  /// Text already in its language (a server's message): shown as it is.
  public init(verbatim text: String) {
    // As the one argument of a bare format, so that no `%` in it is ever read as one.
    key = "%@"
    arguments = [.text(text)]
  }

  /// The message in `language`.
  public func text(in language: Language) -> String {
    language.text(
      key,
      arguments.map {
        switch $0 {
        case .text(let text): text
        case .message(let message): message.text(in: language)
        case .number(let count): language.number(count)
        case .decimal(let value):
          value.formatted(.number.precision(.fractionLength(1)).locale(language.locale))
        }
      })
  }

  /// The message in the process's language (``Language/system``): a log's, a command's.
  public var description: String { text(in: .system) }
}

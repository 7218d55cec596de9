/// A piece of HTML in which every text and attribute value is escaped when rendered.
///
/// Tag and attribute names are `StaticString`s, and the only unescaped content is
/// ``trusted(_:)``, which takes a `StaticString` too: user data cannot reach the page
/// unescaped, by construction.
public indirect enum HTML: Sendable {
  case element(StaticString, Attributes, [HTML])
  case text(String)
  /// Markup written in the source code (the inline SVG icons).
  case trusted(StaticString)
  case fragment([HTML])

  /// Attributes in order: `["href": url, "checked": ""]` (a boolean one has the value "").
  public struct Attributes: ExpressibleByDictionaryLiteral, Sendable {
    package var pairs: [(name: StaticString, value: String)]

    public init(dictionaryLiteral elements: (StaticString, String)...) {
      pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    public static func + (lhs: Attributes, rhs: Attributes) -> Attributes {
      var result = lhs
      result.pairs += rhs.pairs
      return result
    }
  }

  /// An element: `h("a", ["href": url], [.text(name)])`.
  public static func h(
    _ tag: StaticString, _ attributes: Attributes = [:], _ children: [HTML] = []
  ) -> HTML {
    .element(tag, attributes, children)
  }

  /// An element holding only text.
  public static func h(_ tag: StaticString, _ attributes: Attributes = [:], _ text: String)
    -> HTML
  {
    .element(tag, attributes, [.text(text)])
  }

  /// An element holding only text, without attributes.
  public static func h(_ tag: StaticString, _ text: String) -> HTML {
    .element(tag, [:], [.text(text)])
  }

  /// The document: `<!DOCTYPE html>` followed by the markup.
  public func renderDocument() -> String {
    var output = "<!DOCTYPE html>\n"
    output.reserveCapacity(16 * 1024)
    render(into: &output)
    return output
  }

  /// Appends the markup to `output`.
  public func render(into output: inout String) {
    switch self {
    case .text(let text):
      HTML.escape(text, into: &output)
    case .trusted(let markup):
      output += markup.description
    case .fragment(let children):
      for child in children { child.render(into: &output) }
    case .element(let tag, let attributes, let children):
      output += "<"
      output += tag.description
      for attribute in attributes.pairs {
        output += " "
        output += attribute.name.description
        output += "=\""
        HTML.escape(attribute.value, into: &output)
        output += "\""
      }
      output += ">"
      if HTML.voidElements.contains(tag.description) { return }
      for child in children { child.render(into: &output) }
      output += "</"
      output += tag.description
      output += ">"
    }
  }

  private static let voidElements: Set<String> = ["img", "input", "meta", "link", "br", "hr"]

  /// Escapes text for element content and quoted attribute values: `& < > " '`.
  public static func escape(_ text: String, into output: inout String) {
    var rest = text[...]
    while let index = rest.firstIndex(where: { "&<>\"'".contains($0) }) {
      output += rest[..<index]
      switch rest[index] {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      default: output += "&#39;"
      }
      rest = rest[rest.index(after: index)...]
    }
    output += rest
  }

  /// Escaped text as a string.
  public static func escape(_ text: String) -> String {
    var output = ""
    escape(text, into: &output)
    return output
  }
}

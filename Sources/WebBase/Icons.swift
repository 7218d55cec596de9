import TeamKit

/// The web app's own icons, drawn as inline SVG (SF Symbols may not be used on the web).
/// Each is decorative: the control that holds it carries the accessible name.
package enum Icon {
  package static let plus: HTML = .trusted(
    """
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 4v16M4 12h16" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/></svg>
    """)

  package static let chevronLeft: HTML = .trusted(
    """
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M15 4l-8 8 8 8" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
    """)

  package static let trash: HTML = .trusted(
    """
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M9 3h6l1 2h4v2H4V5h4l1-2zM5 8h14l-1.2 12.1A2 2 0 0 1 15.8 22H8.2a2 2 0 0 1-2-1.9L5 8zm4.5 3v8h1.6v-8H9.5zm3.4 0v8h1.6v-8h-1.6z" fill="currentColor"/></svg>
    """)

  /// A position's lane icon (``Picture/laneIcon(_:)``), in the text's colour.
  package static func lane(_ position: Position) -> HTML {
    .h(
      "svg",
      [
        "class": "icon lane", "viewBox": "0 0 24 24", "aria-hidden": "true",
        "focusable": "false", "fill": "currentColor",
      ],
      Picture.laneIcon(position).map {
        .h("polygon", ["points": ImageLibrary.points($0, scale: 1)])
      })
  }
}

/// What a member of the staff may do: viewers read; a player reads, and sets their own
/// availability and answers; editors change the roster; owners also manage the accounts.
public enum Role: String, CaseIterable, Codable, Sendable, Comparable {
  case viewer
  /// One player's own account (``AccountRecord`` ties it to them).
  case player
  case editor, owner

  /// The role as people read it, in `language`.
  public func displayName(in language: Language) -> String {
    switch self {
    case .viewer: language.localized("viewer")
    case .player: language.localized("player")
    case .editor: language.localized("editor")
    case .owner: language.localized("owner")
    }
  }

  /// Whether this role may change the roster.
  public var canEdit: Bool { self >= .editor }
  /// Whether this role may add, change and remove accounts.
  public var canManageAccounts: Bool { self == .owner }

  public static func < (lhs: Role, rhs: Role) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

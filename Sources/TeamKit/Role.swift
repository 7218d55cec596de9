/// What a member of the staff may do: viewers read; a player reads, and sets their own
/// availability and answers; editors change the roster; owners also manage the accounts.
public enum Role: String, CaseIterable, Codable, Sendable, Comparable {
  case viewer
  /// One player's own account (``AccountRecord`` ties it to them).
  case player
  case editor, owner

  /// The role as people read it, in the current language.
  public var displayName: String {
    switch self {
    case .viewer: localized("viewer")
    case .player: localized("player")
    case .editor: localized("editor")
    case .owner: localized("owner")
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

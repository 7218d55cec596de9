import TeamKit
import TeamStore

/// A feature's rows as a team route may change them: bound to the team the door checked,
/// made only by ``TeamScope/rows(_:)``. A feature declares its own (Discord's webhook and
/// links), so that its handlers change a team through its scope and never hold the store.
package protocol TeamBoundRows: Sendable {
  init(store: RosterStore, team: Team, author: String)
}

/// A feature's rows as an organisation route may change them, made by
/// ``OrganisationScope/rows(_:as:)`` once the person's role is checked.
package protocol OrganisationBoundRows: Sendable {
  init(store: RosterStore, author: String)
}

/// A feature's rows as a signed-in person changes their own account, made by
/// ``AccountScope/rows(_:)``.
package protocol AccountBoundRows: Sendable {
  init(store: RosterStore, account: String)
}

/// A feature's rows as a handler reads them (``StoreReads/rows(_:)``): read-only.
package protocol ReadRows: Sendable {
  init(store: RosterStore)
}

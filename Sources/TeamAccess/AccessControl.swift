import Foundation
import Synchronization
import TeamKit
import TeamStore

/// Who a request comes from.
public struct Identity: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// Signed in, with the digest of the session's token.
    case session(String)
    /// An API token (`Authorization: Bearer …`), with the digest of its secret.
    case token(String)
    /// Nobody signed in, where sign-in is not required (the loopback default): the staff at
    /// the machine, recorded as `local`.
    case local
  }

  /// The account or token name, or `local`.
  public let name: String
  public let role: Role
  public let kind: Kind
  /// The teams ``role`` holds on; nil for every team. An owner's holds everywhere. Every
  /// account reads the whole organisation: on the other teams it is a viewer.
  public let teams: Set<UUID>?
  /// The player a ``Role/player`` account is: the one whose availability and answers it
  /// gives.
  public let player: UUID?

  public init(
    name: String, role: Role, kind: Kind, teams: Set<UUID>? = nil, player: UUID? = nil
  ) {
    self.player = role == .player ? player : nil
    self.name = name
    self.role = role
    self.kind = kind
    self.teams = role == .owner ? nil : teams
  }

  /// The role on one team: ``role`` on this identity's teams, a viewer on the others.
  public func role(on team: UUID) -> Role {
    guard let teams, !teams.contains(team) else { return role }
    return .viewer
  }

  /// The staff at the machine.
  public static let local = Identity(name: "local", role: .owner, kind: .local)
}

/// Why an account could not be added or changed, as a sentence to act on.
public struct AccessError: KindedError, Hashable, Sendable, CustomStringConvertible {
  public let message: Message
  /// A rule broken (a weak password), or a clash with what is stored (a name taken, the
  /// last owner).
  public let kind: ErrorKind
  public init(_ message: Message, kind: ErrorKind = .invalid) {
    self.message = message
    self.kind = kind
  }
  public var description: String { message.description }
}

/// The staff's accounts, sessions and API tokens, and the rules of signing in: Argon2id
/// passwords, tokens stored as digests, idle and absolute expiry, failed sign-ins slowed per
/// account and per address.
public final class AccessControl: Sendable {
  /// The rules; the defaults suit a team's server.
  public struct Policy: Sendable {
    /// A session unused this long ends.
    public var idleTimeout: TimeInterval = 7 * 24 * 3600
    /// A session ends this long after sign-in, used or not.
    public var absoluteTimeout: TimeInterval = 30 * 24 * 3600
    /// Failed sign-ins allowed before each further one must wait.
    public var freeFailuresPerAccount = 5
    public var freeFailuresPerAddress = 20
    /// Failures older than this are forgotten.
    public var failureWindow: TimeInterval = 15 * 60
    /// The longest wait imposed after failures.
    public var maxDelay: TimeInterval = 15 * 60
    /// Password hashes computed at once.
    public var concurrentHashes = 1
    /// Sign-ins that may wait for a hashing place; more are answered "busy" at once. A
    /// burst of wrong passwords then delays a real user by seconds, never locks them out.
    public var waitingHashes = 32
    public var passwordParameters = Passwords.Parameters.current

    public init() {}
  }

  /// What a sign-in attempt came to.
  public enum SignIn: Hashable, Sendable {
    /// Signed in: the session's token (for the cookie) and who.
    case signedIn(token: String, identity: Identity)
    /// Wrong name or password (the two are not told apart).
    case refused
    /// Too many failures: try again after this many seconds.
    case throttled(retryAfter: Int)
    /// Every hashing place is busy and too many wait: try again in a second.
    case busy
  }

  let store: RosterStore
  /// The rules this instance applies.
  public let policy: Policy
  /// Its clock: the store's unless given, so that a request's instant and its access agree.
  let now: @Sendable () -> Date
  /// Where passwords are hashed and checked: off the caller's thread, a few at once.
  private let hashing: BlockingWork
  /// A hash to verify against when the name is unknown, so that it takes as long.
  private let decoy: String

  public init(
    store: RosterStore, policy: Policy = Policy(), now: (@Sendable () -> Date)? = nil
  ) {
    self.store = store
    self.policy = policy
    self.now = now ?? store.now
    hashing = BlockingWork(width: policy.concurrentHashes, queueLimit: policy.waitingHashes)
    // Made without running Argon2: starting costs no hash.
    decoy = Passwords.decoy(parameters: policy.passwordParameters)
  }

  // MARK: - Accounts

  /// What a name is given to.
  public enum NameKind: Sendable { case account, token }

  /// Why `name` cannot be an account's (or a token's) name, or nil: 1 to 32 of letters,
  /// digits, `.`, `_`, `-`.
  public static func nameProblem(_ name: String, of kind: NameKind = .account) -> Message? {
    let allowed = name.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
    }
    if name.isEmpty || name.count > 32 || !allowed {
      return kind == .account
        ? Message("Choose an account name of 1 to 32 letters, digits, “.”, “_” or “-”.")
        : Message("Choose a token name of 1 to 32 letters, digits, “.”, “_” or “-”.")
    }
    if name.lowercased() == "local" {
      return Message("“local” names the staff at the machine; choose another name.")
    }
    return nil
  }

  public func accounts() throws -> [AccountRecord] { try store.accounts.all() }

  /// Adds an account.
  /// - Throws: ``AccessError`` for a bad or taken name or a weak password, or a store error.
  /// - Parameter teams: the teams the role holds on; nil for every team.
  public func addAccount(
    name: String, role: Role, password: String, teams: Set<UUID>? = nil, player: UUID? = nil
  ) async throws {
    if let problem = Self.nameProblem(name) { throw AccessError(problem) }
    if role == .player, player == nil {
      throw AccessError(
        Message("Say which player this account is: a player's account is theirs."))
    }
    if let problem = Passwords.problem(password) { throw AccessError(problem) }
    if let other = try store.accounts.account(named: name) {
      throw AccessError(
        Message("“%@” already has an account; choose another name.", other.name), kind: .conflict)
    }
    try await store.accounts.saveAccount(
      AccountRecord(
        name: name, role: role, passwordHash: try await hash(password), createdAt: now(),
        teams: teams, player: role == .player ? player : nil))
  }

  /// Sets a new password; every session of the account ends, but `keeping` (the one that
  /// asked, when it was a browser).
  public func setPassword(name: String, password: String, keeping session: String? = nil)
    async throws
  {
    if let problem = Passwords.problem(password) { throw AccessError(problem) }
    let account = try existing(name)
    try await store.accounts.setPasswordHash(of: account.name, to: try await hash(password))
    try await store.signIns.deleteSessions(account: account.name, keeping: session)
  }

  /// Changes an account's role and keeps the teams it holds on; the last owner cannot stop
  /// being one.
  public func setRole(name: String, role: Role) async throws {
    try await setRole(name: name, role: role, teams: existing(name).teams)
  }

  /// Changes an account's role and the teams it holds on (nil for every team); the last
  /// owner cannot stop being one.
  public func setRole(name: String, role: Role, teams: Set<UUID>?) async throws {
    let account = try existing(name)
    if role == .player, account.player == nil {
      throw AccessError(
        Message("Make a player's account with users add --role player --player PSEUDO."))
    }
    if account.role == .owner && role != .owner { try keepAnOwner(besides: account.name) }
    try await store.accounts.setRole(of: account.name, to: role, teams: teams)
  }

  /// Removes an account and ends its sessions; the last owner cannot be removed.
  public func removeAccount(name: String) async throws {
    let account = try existing(name)
    if account.role == .owner { try keepAnOwner(besides: account.name) }
    try await store.accounts.deleteAccount(named: account.name)
    // A player's calendar addresses end with their account.
    if let player = account.player { try await store.weekRows.revokeFeeds(player: player) }
  }

  private func existing(_ name: String) throws -> AccountRecord {
    guard let account = try store.accounts.account(named: name) else {
      throw AccessError(Message("No account is named “%@”.", name), kind: .notFound)
    }
    return account
  }

  private func keepAnOwner(besides name: String) throws {
    guard try store.accounts.all().contains(where: { $0.role == .owner && $0.name != name })
    else {
      throw AccessError(
        Message("%@ is the last owner: make another account an owner first.", name),
        kind: .conflict)
    }
  }

  // MARK: - Signing in

  /// Checks a name and password from `address`. A wrong name and a wrong password get the
  /// same answer after the same work; failures are counted per account and per address.
  public func signIn(name: String, password: String, address: String) async throws -> SignIn {
    switch try await check(name: name, password: password, address: address) {
    case .matches(var account):
      return try await openSession(for: &account, password: password)
    case .refused: return .refused
    case .throttled(let wait): return .throttled(retryAfter: wait)
    case .busy: return .busy
    }
  }

  /// Whether `password` is the account's, with the same throttling as a sign-in (the
  /// account page asks for the current password before a change).
  public func checkPassword(name: String, password: String, address: String) async throws
    -> Bool
  {
    if case .matches = try await check(name: name, password: password, address: address) {
      return true
    }
    return false
  }

  private enum Check {
    case matches(AccountRecord)
    case refused, busy
    case throttled(Int)
  }

  private func check(name: String, password: String, address: String) async throws -> Check {
    // A name no account could have is refused after the same work as any other, and is
    // never a key of the failure table (whose size bad names would otherwise grow).
    let plausible = Self.nameProblem(name) == nil
    let accountKey = "account:" + (plausible ? name.lowercased() : "?")
    let addressKey = "address:" + address.prefix(64)
    let wait = max(
      try delay(for: accountKey, free: policy.freeFailuresPerAccount),
      try delay(for: addressKey, free: policy.freeFailuresPerAddress))
    if wait > 0 { return .throttled(wait) }
    let account = plausible ? try store.accounts.account(named: name) : nil
    let stored = account?.passwordHash ?? decoy
    guard let verdict = await hashing.run({ Passwords.matches(password, against: stored) }),
      let matches = verdict
    else { return .busy }
    guard matches, let account else {
      let date = now()
      try await store.signIns.recordSignInFailure(
        plausible ? [accountKey, addressKey] : [addressKey], at: date,
        forgetBefore: date.addingTimeInterval(-policy.failureWindow))
      return .refused
    }
    try await store.signIns.clearSignInFailures(accountKey)
    return .matches(account)
  }

  private func openSession(for account: inout AccountRecord, password: String) async throws
    -> SignIn
  {
    if Passwords.needsRehash(account.passwordHash, parameters: policy.passwordParameters) {
      let stronger = try await hash(password)
      try await store.accounts.setPasswordHash(
        of: account.name, to: stronger, replacing: account.passwordHash)
      account.passwordHash = stronger
    }
    let token = Secrets.newToken()
    let date = now()
    let digest = Secrets.digest(token)
    try await store.signIns.insertSession(
      SessionRecord(tokenHash: digest, account: account.name, createdAt: date, lastSeen: date))
    return .signedIn(
      token: token,
      identity: Identity(
        name: account.name, role: account.role, kind: .session(digest), teams: account.teams,
        player: account.player))
  }

  /// Seconds to wait before another attempt under `key`, 0 when none: nothing for the first
  /// `free` failures in the window, then doubling from two seconds (longer than a refused
  /// attempt's own one-second answer, so that waiting for answers does not get round it).
  /// The failures are the database's: servers sharing it slow a guessed password as one.
  private func delay(for key: String, free: Int) throws -> Int {
    let date = now()
    let recent = try store.signIns.signInFailures(
      key, since: date.addingTimeInterval(-policy.failureWindow))
    guard recent.count >= free, let last = recent.last else { return 0 }
    let wait = min(policy.maxDelay, pow(2, Double(recent.count - free + 1)))
    let remaining = wait - date.timeIntervalSince(last)
    return remaining > 0 ? Int(remaining.rounded(.up)) : 0
  }

  /// Identities the database confirmed lately, by digest, with when: while the database
  /// server cannot be reached, the staff signed in keep reading what the server has cached.
  private let confirmed = Mutex<[String: (identity: Identity, at: Date)]>([:])
  /// How long a confirmed identity stands in for the database while it cannot be reached.
  static let outageGrace: TimeInterval = 5 * 60

  /// Remembers what the database said of `digest`, for ``standIn(for:after:)``.
  private func remember(_ digest: String, _ identity: Identity?) -> Identity? {
    let date = now()
    confirmed.withLock { confirmed in
      if confirmed.count > 10_000 { confirmed = [:] }  // bounded: many sessions, no outage
      confirmed[digest] = identity.map { ($0, date) }
    }
    return identity
  }

  /// When `error` says the database cannot be reached, the identity it confirmed under
  /// `digest` in the last ``outageGrace``; else `error`, thrown again.
  private func standIn(for digest: String, after error: any Error) throws -> Identity {
    guard case RosterError.storage(let storage) = error, storage.isUnavailable,
      let (identity, at) = confirmed.withLock({ $0[digest] }),
      now().timeIntervalSince(at) < Self.outageGrace
    else { throw error }
    return identity
  }

  /// Forgets the sessions past their absolute or idle timeout that nobody presented again
  /// (one presented is ended then): a turn of the server's jobs.
  public func forgetExpiredSessions() async throws(RosterError) {
    let date = now()
    try await store.signIns.deleteSessions(
      createdBefore: date.addingTimeInterval(-policy.absoluteTimeout),
      seenBefore: date.addingTimeInterval(-policy.idleTimeout))
  }

  /// Who holds this session token, or nil when it is unknown or expired (then it is ended).
  public func identity(session token: String) async throws -> Identity? {
    guard Secrets.isWellFormed(token) else { return nil }
    let digest = Secrets.digest(token)
    do {
      return remember(digest, try await lookUp(session: digest))
    } catch {
      return try standIn(for: digest, after: error)
    }
  }

  private func lookUp(session digest: String) async throws -> Identity? {
    guard let session = try store.signIns.session(tokenHash: digest) else { return nil }
    let date = now()
    guard date.timeIntervalSince(session.lastSeen) < policy.idleTimeout,
      date.timeIntervalSince(session.createdAt) < policy.absoluteTimeout,
      let account = try store.accounts.account(named: session.account)
    else {
      try await store.signIns.deleteSessions(tokenHash: digest)
      return nil
    }
    // Written at most once a minute. Not saved (a full disk), it refuses nothing: the
    // session stands, and the next request writes it again.
    if date.timeIntervalSince(session.lastSeen) > 60 {
      do {
        try await store.signIns.touchSession(tokenHash: digest, at: date)
      } catch {
        Log.warning("a session's last use not saved: \(error)")
      }
    }
    return Identity(
      name: account.name, role: account.role, kind: .session(digest), teams: account.teams,
      player: account.player)
  }

  /// Whether what `identity` was given by still stands: its session is not ended, expired
  /// or its account removed; its token is not revoked. (A live stream asks every second.)
  public func stillValid(_ identity: Identity) throws -> Bool { try current(identity) != nil }

  /// Ends one session.
  public func signOut(session token: String) async throws {
    try await store.signIns.deleteSessions(tokenHash: Secrets.digest(token))
  }

  /// Ends every session of an account.
  public func signOutEverywhere(name: String) async throws {
    try await store.signIns.deleteSessions(account: name)
  }

  // MARK: - API tokens

  /// Creates a token for scripts and returns its secret, which is never shown again.
  /// - Parameter teams: the teams the role holds on; nil for every team.
  public func createToken(name: String, role: Role, teams: Set<UUID>? = nil) async throws
    -> String
  {
    if let problem = Self.nameProblem(name, of: .token) { throw AccessError(problem) }
    if role == .player {
      throw AccessError(Message("A token cannot be a player's: give the player an account."))
    }
    if try store.tokens.all().contains(where: { $0.name.lowercased() == name.lowercased() }) {
      throw AccessError(
        Message("A token is already named “%@”; revoke it or choose another name.", name),
        kind: .conflict)
    }
    let token = Secrets.newToken()
    try await store.tokens.insertToken(
      TokenRecord(
        name: name, tokenHash: Secrets.digest(token), role: role, createdAt: now(), lastUsed: nil,
        teams: teams))
    return token
  }

  public func tokens() throws -> [TokenRecord] { try store.tokens.all() }

  /// Revokes a token at once.
  public func revokeToken(name: String) async throws {
    guard try await store.tokens.deleteToken(named: name) else {
      throw AccessError(Message("No token is named “%@”.", name), kind: .notFound)
    }
  }

  /// Who this bearer token belongs to, or nil (unknown or revoked).
  public func identity(bearer token: String) async throws -> Identity? {
    guard Secrets.isWellFormed(token) else { return nil }
    let digest = Secrets.digest(token)
    do {
      return remember(digest, try await lookUp(bearer: digest))
    } catch {
      return try standIn(for: digest, after: error)
    }
  }

  private func lookUp(bearer digest: String) async throws -> Identity? {
    guard let record = try store.tokens.token(hash: digest) else { return nil }
    let date = now()
    if date.timeIntervalSince(record.lastUsed ?? .distantPast) > 60 {
      do {
        try await store.tokens.touchToken(named: record.name, at: date)
      } catch {
        Log.warning("a token's last use not saved: \(error)")
      }
    }
    // Named `token:…` in the history: never mistaken for an account of the same name.
    return Identity(
      name: "token:" + record.name, role: record.role, kind: .token(digest), teams: record.teams)
  }

  /// A new password's hash, computed off the caller's thread.
  private func hash(_ password: String) async throws -> String {
    let parameters = policy.passwordParameters
    guard
      let hash = await hashing.run({ () -> Result<String, Passwords.HashError> in
        Result { () throws(Passwords.HashError) in
          try Passwords.hash(password, parameters: parameters)
        }
      })
    else {
      throw AccessError(Message("The server is busy: try again in a second."), kind: .unavailable)
    }
    do {
      return try hash.get()
    } catch {
      throw AccessError(
        Message("The server has no memory to spare for the password now; try again soon."),
        kind: .unavailable)
    }
  }
}

import CArgon2
import Foundation
import Synchronization
import TeamKit
import TeamStore
import TestSupport
import Testing

@testable import TeamAccess

@Suite struct AccessControlTests {
  /// A clock the test moves.
  final class Clock: Sendable {
    let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
  }

  let folder: TemporaryFolder
  let store: RosterStore
  let clock = Clock()
  let access: AccessControl

  init() async throws {
    folder = try TemporaryFolder()
    store = try RosterStore(path: folder.path("roster.sqlite"))
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 4
    access = AccessControl(store: store, policy: policy, now: clock.now)
    try await access.addAccount(name: "coach", role: .owner, password: "correct horse")
  }

  /// Expired sessions nobody presents again are forgotten by the server's sessions job; one
  /// still in use stays.
  @Test func expiredSessionsAreForgottenAndOthersKept() async throws {
    func session() async throws -> String {
      let result = try await access.signIn(
        name: "coach", password: "correct horse", address: "10.0.0.1")
      guard case .signedIn(let token, _) = result else { throw CancellationError() }
      return token
    }
    let old = try await session()
    clock.advance(access.policy.idleTimeout + 60)
    let fresh = try await session()
    #expect(try store.signIns.session(tokenHash: Secrets.digest(old)) != nil)
    try await access.forgetExpiredSessions()
    #expect(try store.signIns.session(tokenHash: Secrets.digest(old)) == nil)
    #expect(try store.signIns.session(tokenHash: Secrets.digest(fresh)) != nil)
  }

  @Test func twoOwnersDemotedAtOnceLeaveOneOwner() async throws {
    try await access.addAccount(name: "manager", role: .owner, password: "correct horse")
    // Both checks read two owners before either write: the store's own check refuses one.
    @Sendable func demotes(_ name: String) async -> Bool {
      do {
        try await access.setRole(name: name, role: .editor)
        return true
      } catch {
        return false
      }
    }
    async let first = demotes("coach")
    async let second = demotes("manager")
    #expect([await first, await second].filter { $0 }.count == 1)
    #expect(try store.accounts.all().filter { $0.role == .owner }.count == 1)
    // And in the store itself, whoever asks: the last owner stays one.
    let owner = try #require(try store.accounts.all().first { $0.role == .owner })
    var demoted = owner
    demoted.role = .viewer
    await #expect(throws: RosterError.self) { try await store.accounts.saveAccount(demoted) }
    await #expect(throws: RosterError.self) {
      try await store.accounts.setRole(of: owner.name, to: .viewer, teams: nil)
    }
    await #expect(throws: RosterError.self) {
      try await store.accounts.deleteAccount(named: owner.name)
    }
    #expect(try store.accounts.account(named: owner.name)?.role == .owner)
  }

  @Test func passwordsAreStoredAsArgon2idWithOWASPsMinimum() throws {
    let record = try #require(try store.accounts.account(named: "COACH"))
    #expect(record.passwordHash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
    #expect(!record.passwordHash.contains("correct horse"))
    #expect(Passwords.matches("correct horse", against: record.passwordHash) == true)
    #expect(Passwords.matches("correct horsf", against: record.passwordHash) == false)
    // Two hashes of one password differ: each has its own salt.
    #expect(try Passwords.hash("same password") != Passwords.hash("same password"))
    // Argon2 failing (no memory; here parameters it refuses) is an error, not a crash.
    #expect(throws: Passwords.HashError.self) {
      try Passwords.hash("x", parameters: .init(memoryKiB: 1, iterations: 1, parallelism: 1))
    }
  }

  /// An unknown name is checked against a decoy that costs a real verification (Argon2
  /// hashes the password and finds a mismatch, rather than refusing the string at once), yet
  /// making it runs no hash: the server starts without one.
  @Test func theDecoyIsWellFormedAndMatchesNoPassword() throws {
    let decoy = Passwords.decoy()
    #expect(Passwords.parameters(of: decoy) == .current)
    #expect(Passwords.decoy() != decoy)
    for password in ["", "correct horse", String(repeating: "x", count: 300)] {
      #expect(Passwords.verification(password, against: decoy) == ARGON2_VERIFY_MISMATCH.rawValue)
    }
    #expect(
      Passwords.verification("x", against: "$argon2id$broken") != ARGON2_VERIFY_MISMATCH.rawValue)
  }

  @Test func signingInGivesASessionStoredOnlyAsADigest() async throws {
    let result = try await access.signIn(
      name: "Coach", password: "correct horse", address: "10.0.0.1")
    guard case .signedIn(let token, let identity) = result else {
      Issue.record("not signed in: \(result)")
      return
    }
    #expect(identity.name == "coach" && identity.role == .owner)
    #expect(Secrets.isWellFormed(token))
    #expect(try store.signIns.session(tokenHash: token) == nil)
    #expect(try store.signIns.session(tokenHash: Secrets.digest(token)) != nil)
    #expect(try await access.identity(session: token)?.name == "coach")
    try await access.signOut(session: token)
    #expect(try await access.identity(session: token) == nil)
  }

  @Test func anUnknownNameAndAWrongPasswordGetTheSameAnswer() async throws {
    #expect(
      try await access.signIn(name: "coach", password: "wrong password", address: "a") == .refused)
    #expect(
      try await access.signIn(name: "nobody", password: "wrong password", address: "b") == .refused)
  }

  @Test func failuresAreSlowedPerAccountThenForgotten() async throws {
    for _ in 0..<5 {
      #expect(
        try await access.signIn(name: "coach", password: "nope nope nope", address: "x") == .refused
      )
    }
    guard
      case .throttled(let wait) = try await access.signIn(
        name: "coach", password: "correct horse", address: "y")
    else {
      Issue.record("expected throttled")
      return
    }
    #expect(wait >= 1)
    clock.advance(2)
    if case .signedIn = try await access.signIn(
      name: "coach", password: "correct horse", address: "y")
    {
    } else {
      Issue.record("expected signed in after the wait")
    }
  }

  @Test func failuresAreSlowedPerAddressAcrossAccounts() async throws {
    for index in 0..<20 {
      _ = try await access.signIn(
        name: "user\(index)", password: "whatever12", address: "203.0.113.9")
    }
    if case .throttled = try await access.signIn(
      name: "coach", password: "correct horse", address: "203.0.113.9")
    {
    } else {
      Issue.record("expected the address to be throttled")
    }
    if case .signedIn = try await access.signIn(
      name: "coach", password: "correct horse", address: "198.51.100.1")
    {
    } else {
      Issue.record("another address is not throttled")
    }
  }

  @Test func sessionsEndWhenIdleOrOldAndAPasswordChangeEndsTheOthers() async throws {
    func signIn() async throws -> String {
      guard
        case .signedIn(let token, _) = try await access.signIn(
          name: "coach", password: "correct horse", address: "a")
      else { throw AccessError(Message(verbatim: "no session")) }
      return token
    }
    let idle = try await signIn()
    clock.advance(8 * 24 * 3600)
    #expect(try await access.identity(session: idle) == nil)
    let old = try await signIn()
    for _ in 0..<31 {
      clock.advance(24 * 3600)
      _ = try await access.identity(session: old)
    }
    #expect(try await access.identity(session: old) == nil)
    let mine = try await signIn()
    let other = try await signIn()
    try await access.setPassword(
      name: "coach", password: "battery staple", keeping: Secrets.digest(mine))
    #expect(try await access.identity(session: mine) != nil)
    #expect(try await access.identity(session: other) == nil)
    try await access.signOutEverywhere(name: "coach")
    #expect(try await access.identity(session: mine) == nil)
  }

  @Test func weakerHashesAreUpgradedAtSignIn() async throws {
    let weak = Passwords.Parameters(memoryKiB: 8 * 1024, iterations: 1, parallelism: 1)
    try await store.accounts.saveAccount(
      AccountRecord(
        name: "analyst", role: .viewer,
        passwordHash: try Passwords.hash("analyst pass", parameters: weak),
        createdAt: clock.now()))
    #expect(
      Passwords.needsRehash(
        try #require(try store.accounts.account(named: "analyst")).passwordHash))
    _ = try await access.signIn(name: "analyst", password: "analyst pass", address: "a")
    let upgraded = try #require(try store.accounts.account(named: "analyst")).passwordHash
    #expect(!Passwords.needsRehash(upgraded) && upgraded.contains("m=19456,t=2"))
  }

  /// A role change and a stronger hash written at sign-in each write their own field: the
  /// hash made from a record read before a demotion does not restore the role, and a hash
  /// made from a password changed meanwhile is not written at all.
  @Test func aRoleChangeAndARehashNeverUndoEachOther() async throws {
    let weak = Passwords.Parameters(memoryKiB: 8 * 1024, iterations: 1, parallelism: 1)
    try await access.addAccount(name: "analyst", role: .editor, password: "analyst pass")
    let old = try Passwords.hash("analyst pass", parameters: weak)
    try await store.accounts.setPasswordHash(of: "analyst", to: old)
    let readAtSignIn = try #require(try store.accounts.account(named: "analyst"))
    try await access.setRole(name: "analyst", role: .viewer)
    try await store.accounts.setPasswordHash(
      of: "analyst", to: try Passwords.hash("analyst pass"), replacing: readAtSignIn.passwordHash)
    let upgraded = try #require(try store.accounts.account(named: "analyst"))
    #expect(upgraded.role == .viewer && !Passwords.needsRehash(upgraded.passwordHash))
    // A new password set meanwhile: the sign-in's hash of the old one is not written.
    try await access.setPassword(name: "analyst", password: "battery staple")
    try await store.accounts.setPasswordHash(
      of: "analyst", to: old, replacing: readAtSignIn.passwordHash)
    let kept = try #require(try store.accounts.account(named: "analyst"))
    #expect(Passwords.matches("battery staple", against: kept.passwordHash) == true)
    #expect(kept.role == .viewer)
  }

  @Test func aBurstOfWrongSignInsQueuesForTheHashAndTheRightPasswordStillGetsIn() async throws {
    var policy = AccessControl.Policy()
    policy.concurrentHashes = 1  // the server's default: one hash at a time
    let access = AccessControl(store: store, policy: policy, now: clock.now)
    let results = await withTaskGroup(of: (Bool, AccessControl.SignIn?).self) { group in
      for address in 1...20 {
        group.addTask {
          (
            false,
            try? await access.signIn(
              name: "stranger\(address)", password: "guess \(address)", address: "10.0.0.\(address)"
            )
          )
        }
      }
      group.addTask {
        (
          true,
          try? await access.signIn(name: "coach", password: "correct horse", address: "10.0.1.1")
        )
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    let right = results.first { $0.0 }?.1
    guard case .signedIn = right else {
      Issue.record("the right password got \(String(describing: right))")
      return
    }
    #expect(results.filter { !$0.0 }.allSatisfy { $0.1 == .refused })
  }

  @Test func tokensAreShownOnceStoredHashedAndRevocable() async throws {
    let secret = try await access.createToken(name: "scoreboard", role: .viewer)
    let record = try #require(try access.tokens().first)
    #expect(record.tokenHash == Secrets.digest(secret) && record.lastUsed == nil)
    #expect(
      try await access.identity(bearer: secret)
        == Identity(name: "token:scoreboard", role: .viewer, kind: .token(Secrets.digest(secret))))
    // The last use is committed before the identity is given.
    #expect(try access.tokens().first?.lastUsed != nil)
    try await access.revokeToken(name: "scoreboard")
    #expect(try await access.identity(bearer: secret) == nil)
    await #expect(throws: AccessError.self) { try await access.revokeToken(name: "scoreboard") }
  }

  @Test func accountRulesKeepAnOwnerAndRefuseBadInput() async throws {
    await #expect(throws: AccessError.self) {
      try await access.addAccount(name: "x", role: .editor, password: "short")
    }
    await #expect(throws: AccessError.self) {
      try await access.addAccount(name: "COACH", role: .editor, password: "long enough pass")
    }
    await #expect(throws: AccessError.self) {
      try await access.addAccount(name: "bad name", role: .editor, password: "long enough pass")
    }
    await #expect(throws: AccessError.self) {
      try await access.addAccount(name: "local", role: .editor, password: "long enough pass")
    }
    await #expect(throws: AccessError.self) { try await access.removeAccount(name: "coach") }
    await #expect(throws: AccessError.self) {
      try await access.setRole(name: "coach", role: .viewer)
    }
    try await access.addAccount(name: "manager", role: .owner, password: "long enough pass")
    try await access.setRole(name: "coach", role: .editor)
    #expect(try store.accounts.account(named: "coach")?.role == .editor)
  }
}

import Foundation
import Observation
import TeamKit

#if canImport(Security)
  import Security
#endif

/// Which roster the app shows: this device's, or the team's server once a staff member signs
/// in. The sign-in is kept (in the Keychain on Apple systems), so the app opens on the server
/// the next time, until signing out.
@MainActor @Observable
public final class TeamConnection {
  /// The roster kept on this device.
  public let local: EsportTeam
  /// The server signed in to, and its team.
  public private(set) var remote: (server: TeamServer, team: EsportTeam)?
  /// Why the app came back to this device's roster by itself (the session ended), for people.
  public private(set) var notice: String?

  /// The team the app shows.
  public var team: EsportTeam { remote?.team ?? local }

  private let keeper: SignInKeeper

  /// Opens on the server of the kept sign-in, if any.
  public init(local: EsportTeam, keeper: SignInKeeper) {
    self.local = local
    self.keeper = keeper
    if let kept = keeper.load() {
      let server = TeamServer(url: kept.url, credential: .session(kept.cookie))
      remote = (server, EsportTeam(source: server))
    }
  }

  /// Signs in to the server at `address` (`https://roster.example.org`; `https://` may be
  /// left out) and shows its team.
  /// - Throws: ``ServerAddressError``, ``TeamServerError``, ``OfflineError``; the app stays on
  ///   the roster it showed.
  public func signIn(address: String, name: String, password: String) async throws {
    let url = try Self.url(from: address)
    let server = try await TeamServer.signIn(url: url, name: name, password: password)
    let team = EsportTeam(source: server)
    try await team.load()
    if let previous = remote?.server { try? await previous.signOut() }
    remote = (server, team)
    notice = nil
    if case .session(let cookie) = server.credential,
      !keeper.save(SavedSignIn(url: url, cookie: cookie))
    {
      notice = Language.system.localized(
        "Signed in, but this device could not keep the session: sign in again at the next launch.")
    }
  }

  /// Ends the session on the server (when it can be reached) and forgets it: the app shows
  /// this device's roster again.
  public func signOut() async {
    let server = remote?.server
    forget()
    try? await server?.signOut()
  }

  /// Loads the team shown and follows its changes, for as long as the view lasts; a session
  /// the server no longer knows sends the app back to this device's roster.
  public func follow() async {
    let team = team
    do {
      try await team.load()
    } catch TeamServerError.unauthorized {
      sessionEnded()
      return
    } catch {
      // Offline: the team is read-only, and its feed reconnects by itself.
    }
    await team.follow()
    // A server's feed ends only when the view goes away or the server refuses the session.
    if !Task.isCancelled, remote?.team === team { sessionEnded() }
  }

  private func sessionEnded() {
    guard let server = remote?.server else { return }
    forget()
    notice = Language.system.localized(
      "The session on %@ ended: sign in again to see the team’s roster.", server.name)
  }

  private func forget() {
    remote = nil
    // A session that could not be forgotten here has ended on the server all the same.
    _ = keeper.save(nil)
  }

  /// The address as a URL: `https://` unless written otherwise, and plain `http://` only to
  /// this machine (a password must not cross a network in clear).
  static func url(from address: String) throws(ServerAddressError) -> URL {
    var text = address.trimmingCharacters(in: .whitespacesAndNewlines)
    if !text.contains("://") { text = "https://" + text }
    while text.hasSuffix("/") { text.removeLast() }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      let host = url.host, !host.isEmpty, ["http", "https"].contains(scheme),
      url.query == nil, url.user == nil
    else { throw ServerAddressError(address: address) }
    if scheme == "http" && !["localhost", "127.0.0.1", "::1"].contains(host.lowercased()) {
      throw ServerAddressError(address: address, needsHTTPS: true)
    }
    return url
  }
}

/// The server's address cannot be used.
public struct ServerAddressError: Error, Hashable, Sendable, CustomStringConvertible {
  public let address: String
  public var needsHTTPS = false

  public var description: String {
    needsHTTPS
      ? "Use https:// for \(address): a password must not cross the network in clear."
      : "Give the server's address, such as roster.example.org or https://roster.example.org."
  }
}

/// A sign-in kept between launches: the server and the session's cookie (a secret).
public struct SavedSignIn: Codable, Hashable, Sendable, JSONWritable {
  public let url: URL
  public let cookie: String

  public init(url: URL, cookie: String) {
    self.url = url
    self.cookie = cookie
  }

  /// `{"cookie", "url"}`, as `Codable` reads it back.
  public func write(to writer: inout JSONWriter) {
    writer.object {
      $0.member("cookie", cookie)
      $0.member("url", url.absoluteString)
    }
  }
}

/// Where the sign-in is kept between launches.
public struct SignInKeeper: Sendable {
  public let load: @Sendable () -> SavedSignIn?
  /// Keeps a sign-in (or forgets it, given nil); false when it could not be kept.
  public let save: @Sendable (SavedSignIn?) -> Bool

  public init(
    load: @escaping @Sendable () -> SavedSignIn?, save: @escaping @Sendable (SavedSignIn?) -> Bool
  ) {
    self.load = load
    self.save = save
  }
}

extension SignInKeeper {
  /// Keeps nothing: every launch opens on this device's roster.
  public static let none = SignInKeeper(load: { nil }, save: { $0 == nil })

  /// The app's: the Keychain on Apple systems (where the app runs); nothing elsewhere.
  public static var thisDevice: SignInKeeper {
    #if canImport(Security)
      keychain
    #else
      none
    #endif
  }
}

#if canImport(Security)
  extension SignInKeeper {
    /// The Keychain: one item for the app, on this device only, readable once the device has
    /// been unlocked since it started.
    static let keychain = SignInKeeper(
      load: {
        var query = Keychain.item
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess,
          let data = result as? Data
        else { return nil }
        return try? TeamJSON.decode(SavedSignIn.self, from: data)
      },
      save: { saved in
        let deleted = SecItemDelete(Keychain.item as CFDictionary)
        guard let saved else { return deleted == errSecSuccess || deleted == errSecItemNotFound }
        let data = TeamJSON.encode(saved)
        var item = Keychain.item
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        return SecItemAdd(item as CFDictionary, nil) == errSecSuccess
      })
  }

  private enum Keychain {
    static var item: [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "team.kcorp.roster",
        kSecAttrAccount as String: "team-server",
      ]
    }
  }
#endif

/// What an error is, said once by the error itself. Each face answers a kind in one table:
/// the API with a status (`ErrorKind.status`), which the server answers and the
/// client reads back into a kind (`TeamServer.refusal`), the CLI with an exit code
/// (`ExitCode(_:)`).
public enum ErrorKind: Sendable, CaseIterable {
  /// The input does not read (malformed JSON, a key given twice).
  case malformed
  /// A value breaks a rule; what to fix is named.
  case invalid
  /// The change clashes with what is stored (a pseudo taken, the last owner).
  case conflict
  /// What the change was made from has changed meanwhile: nothing was written; try again.
  case changed
  /// What it names does not exist.
  case notFound
  /// Who asks is not signed in, or their sign-in was refused.
  case unauthorized
  /// Who asks may not do this.
  case forbidden
  /// Too many tries at once: wait.
  case throttled
  /// Too large to take (an upload).
  case tooLarge
  /// Out of reach or busy for now (a database, a server, the photo decoder): try again.
  case unavailable
  /// A file or the database could not be read or written.
  case storage
}

/// An error that says its kind and its message once; each face words the message in its
/// reader's language and answers the kind in its one table.
public protocol KindedError: Error {
  var kind: ErrorKind { get }
  var message: Message { get }
}

/// How long to wait before trying again, when a kind of error says so (`Retry-After`).
extension KindedError {
  public var retryAfter: Int? { nil }
}

extension ValidationError: KindedError {
  /// A clash with what is stored when any issue is one, else a rule broken.
  public var kind: ErrorKind { issues.contains(where: \.isConflict) ? .conflict : .invalid }
}

extension PlayerChangedError: KindedError {
  public var kind: ErrorKind { .changed }
}

extension OfflineError: KindedError {
  public var kind: ErrorKind { .unavailable }
}

extension JSONInputError: KindedError {
  public var kind: ErrorKind { .malformed }
}

extension DataDragonError: KindedError {
  public var kind: ErrorKind {
    switch self {
    case .unreachable, .status: .unavailable
    case .invalid, .picture: .invalid
    }
  }
}

extension RosterFile.Problems: KindedError {
  public var kind: ErrorKind { .invalid }
}

extension ErrorKind {
  /// The API's answer to each kind: the one table of HTTP statuses, which the server
  /// answers (TeamWeb's `Refusals.swift`) and the client reads back (``init(status:)``).
  public var status: Int {
    switch self {
    case .malformed: 400
    case .invalid: 422
    case .conflict: 409
    case .changed: 412
    case .notFound: 404
    case .unauthorized: 401
    case .forbidden: 403
    case .throttled: 429
    case .tooLarge: 413
    case .unavailable, .storage: 503
    }
  }

  /// The kind a status answers, by the same table (503: unavailable); nil for a status
  /// the table does not give.
  public init?(status: Int) {
    guard let kind = Self.allCases.first(where: { $0.status == status }) else { return nil }
    self = kind
  }
}

import TeamKit

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

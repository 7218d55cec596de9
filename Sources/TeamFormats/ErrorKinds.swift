import TeamKit

// The formats' errors, each with its kind (ErrorKind.swift holds the model's).

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

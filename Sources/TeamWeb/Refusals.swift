import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

extension WebApp {
  /// The one place where errors become responses: an `application/problem+json` document
  /// for `/api/…`, an HTML page for the rest. A storage failure is logged with its details
  /// (which name files) and answered 503 with none.
  func response(for error: any Error, to request: HTTPRequest, in language: Language)
    -> HTTPResponse
  {
    let isAPI = request.isForTheAPI
    var fields: [ValidationError.Issue] = []
    var current: Player?
    let refusal: HTTPError
    switch error {
    case let error as HTTPError where error.status == 405:
      // The router names the methods in English: say it again in the request's language.
      let allowed = error.headers["Allow"]?.split(separator: ", ").joined(
        separator: language.localized(" or "))
      refusal = HTTPError(
        405, language.localized("Use %@ here.", allowed ?? ""), headers: error.headers)
    case let error as HTTPError:
      refusal = error
    case let error as RosterError:
      fields = error.validation?.issues ?? []
      switch error {
      case .notFound: refusal = .playerNotFound(in: language)
      case .invalid, .invalidEntry:
        refusal = HTTPError(
          error.kind.status, language.localized("Fix the fields listed in errors."))
      case .changed(let player):
        current = player
        refusal = HTTPError(
          error.kind.status, error.message.text(in: language),
          headers: ["ETag": Door.etag(player)])
      case .storage: refusal = Self.notSaved(error, in: language)
      // No version of the roster to send again (as 412 asks): a conflict to preview anew.
      case .importOutdated: refusal = HTTPError(.conflict, error.message.text(in: language))
      default: refusal = Door.refusal(error, in: language)
      }
    case let error as any KindedError:
      refusal = Door.refusal(error, in: language)
    default:
      Log.error("unexpected error: \(error)")
      refusal = HTTPError(
        500, language.localized("Something went wrong on the server; nothing was changed."))
    }
    var response =
      isAPI
      ? Problem(refusal, errors: fields, current: current, in: language).response
      : Pages(language: language, pictures: nil).message(
        status: refusal.status, text: language.translation(of: refusal.message))
    for (name, value) in refusal.headers.sorted(by: { $0.key < $1.key }) {
      response.headers.append((name, value))
    }
    return response
  }

  /// The database could not commit (disk full, I/O error): nothing was saved. The details
  /// go to the server's log, not to the client.
  static func notSaved(_ error: any Error, in language: Language) -> HTTPError {
    Log.error("not saved: \(error)")
    guard case .storage(let storage) = error as? RosterError else {
      return HTTPError(
        503,
        language.localized(
          "The roster could not be saved just now; nothing was changed. Try again."))
    }
    if storage.isDiskFull {
      return HTTPError(
        507,
        language.localized(
          "The server’s disk is full, so nothing was changed; ask whoever runs it to free space.")
      )
    }
    if storage.isReadOnly {
      return HTTPError(
        503,
        language.localized(
          "The server’s database has become read-only, so nothing was changed; ask whoever runs it to make it writable again."
        )
      )
    }
    if storage.isUnavailable {
      return HTTPError(
        503,
        language.localized(
          "The server’s database cannot be reached just now, so nothing was changed; try again in a few seconds."
        ), headers: ["Retry-After": "5"])
    }
    if storage.isFileGone {
      return HTTPError(
        503,
        language.localized(
          "The server’s database file was removed or replaced, so nothing more is saved; ask whoever runs it to restart it (and restore a backup if the file is gone)."
        )
      )
    }
    return HTTPError(
      503,
      language.localized("The roster could not be saved just now; nothing was changed. Try again."))
  }
}

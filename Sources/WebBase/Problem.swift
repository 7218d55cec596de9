import Foundation
import TeamHTTP
import TeamKit

/// An RFC 9457 problem document, with one entry per field for invalid players.
package struct Problem: JSONWritable {
  package let type = "about:blank"
  package let title: String
  package let status: Int
  package let detail: String
  package let errors: [FieldError]
  /// The player as it is now, when a write was refused because it had changed (412).
  package let current: Player?

  /// One problem with one field of the input.
  package struct FieldError: JSONWritable {
    package let field: String
    package let message: String

    package func write(to writer: inout JSONWriter) {
      writer.object {
        $0.member("field", field)
        $0.member("message", message)
      }
    }
  }

  /// The problem for a refusal, with the fields at fault (none for most refusals).
  package init(
    _ error: HTTPError, errors: [ValidationError.Issue] = [], current: Player? = nil,
    in language: Language
  ) {
    status = error.status
    // In the request's language; the HTTP layer's own messages are looked up as keys.
    title = language.translation(of: HTTPError.reason(error.status))
    detail = language.translation(of: error.message)
    self.errors = errors.map {
      FieldError(field: $0.field.rawValue, message: $0.text.text(in: language))
    }
    self.current = current
  }

  package func write(to writer: inout JSONWriter) {
    writer.object {
      if let current { $0.member("current", current) }
      $0.member("detail", detail)
      if !errors.isEmpty { $0.member("errors", errors) }
      $0.member("status", status)
      $0.member("title", title)
      $0.member("type", type)
    }
  }

  package var response: HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/problem+json", body: Array(TeamJSON.encode(self)))
  }
}

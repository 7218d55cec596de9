import Foundation
import TeamHTTP
import TeamKit
import TeamStore
import WebBase

/// A refusal or an error, as a page.
extension Pages {
  /// A page that says why a request was refused, headed by what the status means to a user.
  func message(status: Int, text: String) -> HTTPResponse {
    let title =
      switch status {
      case 403: localized("Refused")
      case 404: localized("Not found")
      case 405: localized("Not allowed")
      case 409: localized("Not possible now")
      case 412: localized("Changed meanwhile")
      case 413: localized("Too much data")
      case 421: localized("Wrong address")
      case 503: localized("Not saved")
      default: language.translation(of: HTTPError.reason(status))
      }
    return page(
      status: status, title: "\(title) · KCorp",
      [
        backBar(),
        .h(
          "main", [:],
          [
            .h(
              "div", ["class": "notice"],
              [
                .h("h1", title), .h("p", ["class": "muted"], text),
                .h("a", ["class": "button primary", "href": "/"], localized("Back to the roster")),
              ])
          ]),
      ])
  }
}

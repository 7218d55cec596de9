import TeamHTTP
import TeamKit

/// A part of a list of the whole organisation (its players, contracts, recently removed),
/// asked with `?offset=` and `?limit=`; the whole list when neither is given (a page gives a
/// default limit), which the limits of ``PlayerLimits`` keep small enough to serve at once. The answer gives the list's
/// length in `X-Total-Count` and, when more follows, the next part's address in a `Link`
/// header (`rel="next"`), the other parameters of the request kept.
package struct ListPage: Sendable {
  /// The most items a part may ask for.
  package static let maxLimit = 1000

  package let offset: Int
  package let limit: Int?

  /// - Throws: ``HTTPError`` 400 when `?offset=` or `?limit=` is not a number in range.
  package init(_ request: HTTPRequest, in language: Language, defaultLimit: Int? = nil)
    throws(HTTPError)
  {
    let offset = request.query["offset"].map { Int($0) ?? -1 } ?? 0
    let limit = request.query["limit"].map { Int($0) ?? -1 } ?? defaultLimit
    guard offset >= 0, limit.map({ (1...Self.maxLimit).contains($0) }) ?? true else {
      throw HTTPError(
        .malformed,
        language.localized(
          "Give ?offset= a number from 0 and ?limit= a number from 1 to %@.",
          String(Self.maxLimit)))
    }
    self.offset = offset
    self.limit = limit
  }

  /// The part of `items` asked for.
  package func slice<Element>(_ items: [Element]) -> [Element] {
    let start = min(offset, items.count)
    let end = limit.map { min(items.count, start + $0) } ?? items.count
    return Array(items[start..<end])
  }

  /// `response` with the list's length, and the next part's address when more follows.
  package func headed(_ response: HTTPResponse, total: Int, of request: HTTPRequest) -> HTTPResponse
  {
    var response = response
    response.headers.append(("X-Total-Count", String(total)))
    if let next = next(total: total, of: request) {
      response.headers.append(("Link", "<\(next)>; rel=\"next\""))
    }
    return response
  }

  /// The next part's address, the other parameters of `request` kept; nil when none follows.
  package func next(total: Int, of request: HTTPRequest) -> String? {
    // Compared without a sum: an offset may be as large as a number goes.
    guard let limit, offset < total, limit < total - offset else { return nil }
    var query = request.query.filter { $0.key != "offset" && $0.key != "limit" }
    query["offset"] = String(offset + limit)
    query["limit"] = String(limit)
    let text = query.sorted { $0.key < $1.key }
      .map { Door.percentEncoded($0.key) + "=" + Door.percentEncoded($0.value) }
      .joined(separator: "&")
    return "\(request.path)?\(text)"
  }
}

import Foundation
import TestSupport
import Testing
import WebBase

extension HTTPClient {
  /// Signs in through the form as a browser would; returns the cookies to send.
  func signIn(_ name: String, _ password: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> String
  {
    let page = try get("/signin")
    let csrf = try #require(
      page.header("set-cookie")?.split(separator: ";").first.map(String.init),
      sourceLocation: sourceLocation)
    let token = try #require(
      page.text.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/)?.1,
      sourceLocation: sourceLocation)
    let response = try send(
      "POST", "/signin",
      headers: [
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": csrf,
        "Origin": "http://127.0.0.1:\(port)",
      ],
      body: Array(
        "csrf=\(token)&name=\(name)&password=\(password.replacingOccurrences(of: " ", with: "+"))&next=%2F"
          .utf8))
    #expect(response.status == 303, sourceLocation: sourceLocation)
    let session = try #require(
      response.header("set-cookie")?.split(separator: ";").first.map(String.init),
      sourceLocation: sourceLocation)
    return csrf + "; " + session
  }
}

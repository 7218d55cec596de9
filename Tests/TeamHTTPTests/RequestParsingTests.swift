import TeamHTTP
import Testing

@Suite struct RequestParsingTests {
  func form(_ body: String) -> [String: [String]] {
    HTTPRequest(method: "POST", path: "/", body: Array(body.utf8)).formFields
  }

  @Test func repeatedNamesKeepEveryValueInOrder() {
    #expect(form("champion=jax&name=A&champion=viktor")["champion"] == ["jax", "viktor"])
    #expect(form("champion=jax&name=A&champion=viktor")["name"] == ["A"])
  }

  @Test func plusIsASpaceAndPercentEscapesAreBytesOfUTF8() {
    #expect(form("name=Zo%C3%A9+Le+Roux")["name"] == ["Zoé Le Roux"])
    #expect(form("name=a%2Bb")["name"] == ["a+b"])
    #expect(form("na%6De=x")["name"] == ["x"])
  }

  @Test func aBadPercentEscapeStaysAsItIs() {
    #expect(form("name=100%")["name"] == ["100%"])
    #expect(form("name=%zz%4")["name"] == ["%zz%4"])
    #expect(form("name=%C3")["name"] == ["\u{FFFD}"])  // not UTF-8: the replacement character
  }

  @Test func emptyValuesAndEmptyPairs() {
    let fields = form("a=&b&&c=3&=d")
    #expect(fields["a"] == [""])
    #expect(fields["b"] == [""])
    #expect(fields["c"] == ["3"])
    #expect(fields[""] == ["d"])
    #expect(form("").isEmpty)
  }

  @Test func cookiesAreTrimmedUnquotedAndTheFirstOfANameWins() {
    let request = HTTPRequest(
      method: "GET", path: "/",
      headers: ["Cookie": #"kcorp_csrf=abc;  theme="dark" ; kcorp_csrf=second; broken; =x"#])
    #expect(request.cookies == ["kcorp_csrf": "abc", "theme": "dark"])
    #expect(HTTPRequest(method: "GET", path: "/").cookies.isEmpty)
  }

  @Test func headersAreFoundInAnyCase() {
    let request = HTTPRequest(
      method: "POST", path: "/", headers: ["Content-Type": "Application/JSON; charset=utf-8"])
    #expect(request.header("content-type") == "Application/JSON; charset=utf-8")
    #expect(request.header("CONTENT-TYPE") != nil)
    #expect(request.contentType == "application/json")
  }
}

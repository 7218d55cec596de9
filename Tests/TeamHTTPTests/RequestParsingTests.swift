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

  @Test func aMultipartFormGivesItsFieldsAndItsFiles() {
    let boundary = "----kcorp7MA4YWxk"
    let body =
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nZoé\r\n"
      + "--\(boundary)\r\nContent-Disposition: form-data; name=\"champion\"\r\n\r\njax\r\n"
      + "--\(boundary)\r\nContent-Disposition: form-data; name=\"champion\"\r\n\r\nviktor\r\n"
      + "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\n"
      + "Content-Type: image/png\r\n\r\nPNG\r\nbytes--\(boundary)x\r\n"
      + "--\(boundary)\r\nContent-Disposition: form-data; name=\"empty\"; filename=\"\"\r\n"
      + "Content-Type: application/octet-stream\r\n\r\n\r\n--\(boundary)--\r\n"
    let request = HTTPRequest(
      method: "POST", path: "/players",
      headers: ["Content-Type": "multipart/form-data; boundary=\"\(boundary)\""],
      body: Array(body.utf8))
    #expect(request.formFields["name"] == ["Zoé"])
    #expect(request.formFields["champion"] == ["jax", "viktor"])
    #expect(request.formFields["photo"] == nil)
    let photo = request.formFiles["photo"]
    #expect(photo?.filename == "me.png" && photo?.contentType == "image/png")
    // A line break and a boundary-like text inside the file stay the file's.
    #expect(photo?.data == Array("PNG\r\nbytes--\(boundary)x".utf8))
    #expect(request.formFiles["empty"] == nil)  // a file input left empty
    // A body that is not multipart has no files; a broken one gives what it could read.
    #expect(HTTPRequest(method: "POST", path: "/", body: Array("a=b".utf8)).formFiles.isEmpty)
    let broken = HTTPRequest(
      method: "POST", path: "/", headers: ["Content-Type": "multipart/form-data; boundary=x"],
      body: Array("--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8))
    #expect(broken.formFields.isEmpty && broken.formFiles.isEmpty)
  }

  @Test func cookiesAreTrimmedUnquotedAndTheFirstOfANameWins() {
    let request = HTTPRequest(
      method: "GET", path: "/",
      headers: ["Cookie": #"kcorp_csrf=abc;  theme="dark" ; kcorp_csrf=second; broken; =x"#])
    #expect(request.cookie("kcorp_csrf") == "abc")
    #expect(request.cookie("theme") == "dark")
    #expect(request.cookie("broken") == nil)
    #expect(request.cookie("") == nil)
    #expect(request.cookie("kcorp") == nil)
    #expect(HTTPRequest(method: "GET", path: "/").cookie("theme") == nil)
  }

  @Test func headersAreFoundInAnyCase() {
    let request = HTTPRequest(
      method: "POST", path: "/", headers: ["Content-Type": "Application/JSON; charset=utf-8"])
    #expect(request.header("content-type") == "Application/JSON; charset=utf-8")
    #expect(request.header("CONTENT-TYPE") != nil)
    #expect(request.contentType == "application/json")
  }
}

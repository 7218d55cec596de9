import Foundation
import TeamKit
import Testing

@Suite struct JSONValueTests {
  /// A document no type declares reads and writes back through the one codec, keys sorted.
  @Test func anyDocumentReadsAndWritesBackWithItsKeysSorted() throws {
    let text = #"{"z":[1,2.5,"a\"b",true,null,{}],"a":{"y":false,"b":-3}}"#
    let value = try TeamJSON.decode(JSONValue.self, from: Data(text.utf8))
    #expect(
      value == [
        "z": [1, .double(2.5), "a\"b", true, .null, .object([:])],
        "a": ["y": false, "b": -3],
      ])
    #expect(
      String(decoding: TeamJSON.encode(value), as: UTF8.self)
        == #"{"a":{"b":-3,"y":false},"z":[1,2.5,"a\"b",true,null,{}]}"#)
  }

  @Test func aKeyGivenTwiceIsRefused() {
    #expect(throws: JSONInputError.self) {
      try TeamJSON.decode(JSONValue.self, from: Data(#"{"a":{"k":1,"k":2}}"#.utf8))
    }
  }

  /// Members are changed in place, through any depth, and only on objects.
  @Test func membersChangeInPlace() {
    var value: JSONValue = ["paths": ["/a": ["get": ["parameters": [["name": "team"]]]]]]
    value["paths"]?["/a"]?["get"]?["parameters"]?.transform { parameter in
      if parameter["name"] == "team" { parameter["schema"] = ["type": "string"] }
    }
    value["paths"]?["/a"]?.merge(["summary": "A"])
    #expect(
      value == [
        "paths": [
          "/a": [
            "get": ["parameters": [["name": "team", "schema": ["type": "string"]]]],
            "summary": "A",
          ]
        ]
      ])
    var text: JSONValue = "text"
    text["member"] = 1
    #expect(text == "text")
  }
}

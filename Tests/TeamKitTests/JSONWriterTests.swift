import Foundation
import Testing

@testable import TeamKit

@Suite struct JSONWriterTests {
  static let tricky = [
    "plain", "quote \" and backslash \\", "line\nbreak\ttab\r", "\u{0}\u{1}\u{1F}", "é 日本 🎮",
    "</script><b>", "slash / here",
  ]

  @Test(arguments: tricky)
  func whatItWritesDecodesBackExactly(text: String) throws {
    let player = Player(
      name: text, position: .jungle, image: text,
      favoriteChampions: [ChampionCatalog.builtIn.champions[0]])
    for pretty in [false, true] {
      let data = TeamJSON.encode([player], pretty: pretty)
      #expect(try JSONDecoder().decode([Player].self, from: data) == [player])
    }
  }

  @Test func anIDIsSpelledAsFoundationSpellsIt() {
    let ids =
      [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), Team.first.id]
      + (0..<200).map { _ in UUID() }
    for id in ids {
      #expect(id.text == id.uuidString)
      var writer = JSONWriter()
      writer.object { $0.member("id", id) }
      #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"id":"\#(id.uuidString)"}"#)
    }
  }

  @Test func anIDIsReadAsFoundationReadsIt() {
    let id = UUID()
    var texts = [
      id.uuidString, id.uuidString.lowercased(), "", "C04B0000-0000-4000-8000-00000000000",
      "C04B0000-0000-4000-8000-0000000000001", "C04B0000_0000-4000-8000-000000000001",
      "C04B0000-0000-4000-8000-00000000000G", "C04B00000000-4000-8000-000000000001-",
      "C04B0000-0000-4000-8000-00000000000é",
    ]
    texts += (0..<100).map { _ in UUID().uuidString }
    for text in texts {
      #expect(UUID(text: text) == UUID(uuidString: text), "\(text)")
    }
    #expect(UUID(text: id.uuidString.lowercased()) == id)
    // What Foundation's `sscanf` lets through on Linux is no id.
    for text in [
      " 04B0000-0000-4000-8000-000000000001", "+04B0000-0000-4000-8000-000000000001",
      "0x4B0000-0000-4000-8000-000000000001",
    ] {
      #expect(UUID(text: text) == nil, "\(text)")
    }
  }

  @Test func compactOutputHasSortedKeysAndNoSpaces() {
    let json = String(decoding: TeamJSON.encode(Player.defaultRoster[2]), as: UTF8.self)
    #expect(
      json
        == #"{"favoriteChampions":[{"id":"braum","imageName":"braum","name":"Braum"}],"#
        + #""id":"C04B0000-0000-4000-8000-000000000003","image":"targamas","lineup":"starter","#
        + #""name":"Targamas","position":"Support","teamID":"C04B0000-0000-4000-8000-000000007E01"}"#
    )
  }

  @Test func prettyOutputIndentsByTwoSpaces() {
    let json = String(
      decoding: TeamJSON.encode([ChampionCatalog.builtIn.champions[1]], pretty: true), as: UTF8.self
    )
    #expect(
      json
        == "[\n  {\n    \"id\": \"jax\",\n    \"imageName\": \"jax\",\n    \"name\": \"Jax\"\n  }\n]"
    )
    #expect(String(decoding: TeamJSON.encode([Player](), pretty: true), as: UTF8.self) == "[]")
  }

  @Test func whatItWritesDecodesBackAsTheSamePlayersAndInputs() throws {
    var players = Player.defaultRoster
    players[0].photo = String(repeating: "0f", count: 32)
    #expect(try TeamJSON.decode([Player].self, from: TeamJSON.encode(players)) == players)
    // What a client sends is what the server reads: one input type, written one way.
    let input = PlayerInput(
      name: "Saken", position: "mid", image: "saken", favoriteChampions: ["viktor", "K'Sante"],
      lineup: "substitute")
    #expect(try TeamJSON.decode(PlayerInput.self, from: TeamJSON.encode(input)) == input)
    for edit in [
      PlayerEdit(name: "Saken"), PlayerEdit(favoriteChampions: []),
      PlayerEdit(position: "jgl", image: "x", lineup: "starter"),
    ] {
      #expect(try TeamJSON.decode(PlayerEdit.self, from: TeamJSON.encode(edit)) == edit)
    }
  }

}

@Suite struct PlayerPhotoJSONTests {
  @Test func aPhotoIsWrittenAsThePathItIsServedAtAndReadBack() throws {
    var player = Player.defaultRoster[0]
    player.photo = String(repeating: "ab", count: 32)
    let json = String(decoding: TeamJSON.encode(player), as: UTF8.self)
    #expect(json.contains(#""photoURL":"/photos/\#(String(repeating: "ab", count: 32)).jpg""#))
    #expect(try JSONDecoder().decode(Player.self, from: TeamJSON.encode(player)) == player)
    // Without a photo the key is left out, and what a path names is only ever a hash.
    #expect(
      !String(decoding: TeamJSON.encode(Player.defaultRoster[0]), as: UTF8.self).contains("photo"))
    #expect(Player.photoHash(inPath: "/photos/../../etc/passwd.jpg") == nil)
    #expect(Player.photoHash(inPath: "https://example.org/photos/x.jpg") == nil)
  }
}

extension JSONWriterTests {
  /// Keys that are data (the page's messages) are escaped and sorted, and read back.
  @Test func anObjectOfDataKeysIsWrittenSortedAndEscaped() throws {
    let object = ["b": "2", "a\"quoted\"": "1", "é": "3", "</script>": "4"]
    let data = TeamJSON.encode(object)
    #expect(try TeamJSON.decode([String: String].self, from: data) == object)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasPrefix(#"{"<\/script>""#) || text.hasPrefix(#"{"</script>""#))
    let keys = ["</script>", "a\"quoted\"", "b", "é"]
    let positions = keys.map { key in
      text.range(of: String(decoding: TeamJSON.encode(key), as: UTF8.self))!.lowerBound
    }
    #expect(positions == positions.sorted())
  }
}

/// JSON input that repeats a key is refused: parsers differ on which value wins.
@Suite struct RepeatedKeyTests {
  @Test(arguments: [
    (#"{"name":"x","name":"y"}"#, "name"),
    (#"[{"a":1},{"b":{"c":1,"c":2}}]"#, "c"),
    (#"{"a\"b":1,"a\"b":2}"#, #"a"b"#),
    // One key to the decoder, however it is escaped or its accent composed.
    (#"{"a":1,"\u0061":2}"#, "a"),
    ("{\"\u{E9}\":1,\"e\u{301}\":2}", "e\u{301}"),
  ])
  func aRepeatedKeyIsNamed(json: String, key: String) {
    #expect(TeamJSON.repeatedKey(in: Data(json.utf8)) == key)
    let error = #expect(throws: JSONInputError.self) {
      try TeamJSON.decode([String: Int].self, from: Data(json.utf8))
    }
    #expect(error?.message.text(in: .english).contains(key) == true)
  }

  @Test(arguments: [
    #"[{"name":"x"},{"name":"y"}]"#, #"{"a":"a","b":["a","a"],"c":{"a":1}}"#,
    #"{"a":"}","b":"{\"a\":1}"}"#, #"["a","a"]"#, "{", #"{"a"#,
  ])
  func sameKeysInDifferentObjectsAndStringsThatLookLikeJSONPass(json: String) {
    #expect(TeamJSON.repeatedKey(in: Data(json.utf8)) == nil)
  }
}

import Foundation

extension RosterFile {
  /// A CSV's records, its header first, with the line each starts on: the separator is the
  /// one the header uses most (`,`, `;` as French spreadsheets write, or tab).
  /// - Throws: ``Problems`` when the file has more rows than the organisation holds players;
  ///   the rest of it is not read.
  static func csvRecords(_ text: String) throws(Problems) -> [(line: Int, cells: [String])] {
    let text = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
    let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
    let separator = [Character(","), ";", "\t"].max { one, other in
      firstLine.filter { $0 == one }.count < firstLine.filter { $0 == other }.count
    }
    // The header and one row more than the organisation holds: reading on would only
    // spend time and memory on a file that cannot be imported.
    let records = parseCSV(
      text, separator: separator ?? ",", limit: PlayerLimits.perOrganisation + 2)
    let filled = records.count { $0.cells.contains { !$0.allSatisfy(\.isWhitespace) } }
    guard filled <= PlayerLimits.perOrganisation + 1 else { throw tooManyPlayers }
    return records
  }

  /// The most cells kept of a record: far more than the columns a roster has.
  static let maxCells = 256

  /// A file with more players than the organisation holds.
  static var tooManyPlayers: Problems {
    Problems(problems: [
      Problem(
        place: Message("The file"),
        message: Message(
          "It has more than %@ players, the most the organisation holds; split it or leave players out.",
          Message.Argument.number(PlayerLimits.perOrganisation)))
    ])
  }

  /// RFC 4180 records with the line each starts on; quoted cells may hold separators,
  /// quotes (doubled) and line breaks. Reads the text as it goes, character by character,
  /// and stops at `limit` records that hold something. A blank record after the header is
  /// left out, and a record's cells past ``maxCells`` are not kept, so that a file of blank
  /// lines or of separators alone costs no more memory than its text.
  static func parseCSV(_ text: Substring, separator: Character, limit: Int = .max) -> [(
    line: Int, cells: [String]
  )] {
    var records: [(Int, [String])] = []
    var cells: [String] = []
    var cell = ""
    var quoted = false
    var line = 1
    var recordLine = 1
    var filled = 0
    // The characters one at a time: an array of them would take 16 bytes each.
    var iterator = text.makeIterator()
    var pending: Character? = nil
    func next() -> Character? {
      if let character = pending {
        pending = nil
        return character
      }
      return iterator.next()
    }
    func endCell() {
      if cells.count < maxCells { cells.append(cell) }
      cell = ""
    }
    func endRecord() {
      endCell()
      let isFilled = cells.contains { !$0.allSatisfy(\.isWhitespace) }
      if isFilled { filled += 1 }
      if isFilled || records.isEmpty { records.append((recordLine, cells)) }
      cells = []
    }
    while filled < limit, let character = next() {
      if quoted {
        if character == "\"" {
          if let following = next() {
            if following == "\"" {
              cell.append("\"")
            } else {
              quoted = false
              pending = following
            }
          } else {
            quoted = false
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          cell.append(character)
        }
      } else if character == "\"" && cell.isEmpty {
        quoted = true
      } else if character == separator {
        endCell()
      } else if character == "\n" || character == "\r\n" || character == "\r" {
        endRecord()
        line += 1
        recordLine = line
      } else {
        cell.append(character)
      }
    }
    if !cell.isEmpty || !cells.isEmpty { endRecord() }
    return records
  }
}

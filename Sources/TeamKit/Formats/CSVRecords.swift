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
  /// and stops at `limit` records that hold something.
  static func parseCSV(_ text: Substring, separator: Character, limit: Int = .max) -> [(
    line: Int, cells: [String]
  )] {
    var records = CSVRecordsBuilder()
    var quoted = false
    var line = 1
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
    while records.filled < limit, let character = next() {
      if quoted {
        if character == "\"" {
          if let following = next() {
            if following == "\"" {
              records.cell.append("\"")
            } else {
              quoted = false
              pending = following
            }
          } else {
            quoted = false
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          records.cell.append(character)
        }
      } else if character == "\"" && records.cell.isEmpty {
        quoted = true
      } else if character == separator {
        records.endCell()
      } else if character == "\n" || character == "\r\n" || character == "\r" {
        records.endRecord()
        line += 1
        records.recordLine = line
      } else {
        records.cell.append(character)
      }
    }
    if !records.cell.isEmpty || !records.cells.isEmpty { records.endRecord() }
    return records.records
  }
}

/// The records a CSV's characters make, as they come. A blank record after the header is
/// left out, and a record's cells past ``RosterFile/maxCells`` are not kept, so that a file
/// of blank lines or of separators alone costs no more memory than its text.
private struct CSVRecordsBuilder {
  var records: [(line: Int, cells: [String])] = []
  var cells: [String] = []
  var cell = ""
  /// The line the record under way starts on.
  var recordLine = 1
  /// How many records hold something.
  var filled = 0

  mutating func endCell() {
    if cells.count < RosterFile.maxCells { cells.append(cell) }
    cell = ""
  }

  mutating func endRecord() {
    endCell()
    let isFilled = cells.contains { !$0.allSatisfy(\.isWhitespace) }
    if isFilled { filled += 1 }
    if isFilled || records.isEmpty { records.append((recordLine, cells)) }
    cells = []
  }
}

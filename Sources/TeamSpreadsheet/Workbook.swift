import CXlsxWriter
import Foundation
import TeamKit

/// The roster as an Excel workbook (`.xlsx`), written with libxlsxwriter: one sheet, the
/// table CSV exports write (``RosterFile/table(_:teams:french:)``), dates as real dates
/// shown the reader's way, every other cell as text (never a formula, whatever it starts
/// with).
public enum Workbook {
  /// Why a workbook could not be written (the temporary folder full or not writable).
  public struct WriteError: Error, CustomStringConvertible {
    public let description: String
  }

  /// Writes one cell: text (in `format` on the header row), a date in the date `format`, or a
  /// date Excel cannot hold (before 1900) as text.
  private static func write(
    _ cell: RosterFile.Cell, to sheet: UnsafeMutablePointer<lxw_worksheet>?,
    at place: (row: lxw_row_t, column: lxw_col_t), format: UnsafeMutablePointer<lxw_format>?,
    french: Bool
  ) -> lxw_error {
    let (r, c) = place
    switch cell {
    case .text(let text):
      return worksheet_write_string(sheet, r, c, text, r == 0 ? format : nil)
    case .date(let day) where (1900...9999).contains(day.year):
      var value = lxw_datetime(
        year: Int32(day.year), month: Int32(day.month), day: Int32(day.day), hour: 0, min: 0,
        sec: 0)
      return worksheet_write_datetime(sheet, r, c, &value, format)
    case .date(let day):
      // Excel has no date before 1900: the date as text.
      return worksheet_write_string(sheet, r, c, french ? day.frenchSpreadsheet : "\(day)", nil)
    case .none:
      return LXW_NO_ERROR
    }
  }

  /// The players as an `.xlsx` file's bytes; French headers, statuses and `dd/mm/yyyy`
  /// dates for `french`.
  /// - Throws: ``WriteError`` when libxlsxwriter could not write it.
  public static func roster(_ players: [Player], teams: [Team], french: Bool) throws(WriteError)
    -> Data
  {
    // libxlsxwriter writes to a file (and its parts to temporary files): both in a folder of
    // this call's own, removed after.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kcorp-xlsx-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    } catch {
      throw WriteError(description: "\(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("roster.xlsx").path
    let status = folder.path.withCString { temporary in
      var options = lxw_workbook_options(
        constant_memory: 0, tmpdir: UnsafeMutablePointer(mutating: temporary), use_zip64: 0)
      guard let workbook = workbook_new_opt(path, &options) else {
        return LXW_ERROR_MEMORY_MALLOC_FAILED
      }
      let sheet = workbook_add_worksheet(workbook, french ? "Effectif" : "Roster")
      let header = workbook_add_format(workbook)
      format_set_bold(header)
      let date = workbook_add_format(workbook)
      format_set_num_format(date, french ? "dd/mm/yyyy" : "yyyy-mm-dd")
      for (row, cells) in RosterFile.table(players, teams: teams, french: french).enumerated() {
        for (column, cell) in cells.enumerated() {
          let written = write(
            cell, to: sheet, at: (lxw_row_t(row), lxw_col_t(column)),
            format: row == 0 ? header : date, french: french)
          // A cell refused (over Excel's 32,767 characters) is never left silently empty.
          if written != LXW_NO_ERROR {
            workbook_close(workbook)
            return written
          }
        }
      }
      // The header stays in view; the columns are wide enough for their header.
      worksheet_freeze_panes(sheet, 1, 0)
      worksheet_set_column(sheet, 0, 0, 38, nil)
      worksheet_set_column(sheet, 1, 12, 16, nil)
      return workbook_close(workbook)
    }
    guard status == LXW_NO_ERROR else {
      throw WriteError(description: String(cString: lxw_strerror(status)))
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw WriteError(description: "\(error.localizedDescription)")
    }
  }
}

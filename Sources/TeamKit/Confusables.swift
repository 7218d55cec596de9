import Foundation

#if canImport(CICU)
  import CICU
#endif

/// How pseudos are compared: two pseudos that could be mistaken for each other on screen
/// are one pseudo.
enum Confusables {
  /// The text case-folded, then its confusable skeleton (UTS #39, ICU's spoof checker),
  /// then under Unicode's NFKC_Casefold (compatibility forms, case, and default ignorables
  /// such as the zero-width joiner removed): `Canna`, `CANNA`, `Cаnna` (Cyrillic а), `Ϲanna`
  /// (Greek lunate sigma), `Ｃanna` and `canna` share one key. Compatibility forms are
  /// folded last: NFKC would first turn `Ϲ` into a `Σ`, which looks like no `C`.
  static func key(_ text: String) -> String {
    #if canImport(CICU)
      if let checker = checker.pointer {
        let utf16 = Array(text.utf16)
        if let folded = transform(utf16, kcorp_casefold),
          let skeleton = transform(folded, { kcorp_skeleton(checker, $0, $1, $2) }),
          let key = transform(skeleton, kcorp_nfkc_casefold)
        {
          return String(decoding: key, as: UTF16.self)
        }
      }
    #endif
    return text.lowercased().precomposedStringWithCanonicalMapping
  }

  #if canImport(CICU)
    /// One checker for the process: ICU documents its checks as thread-safe once it is set up.
    private struct Checker: @unchecked Sendable { let pointer: UnsafeMutableRawPointer? }
    private static let checker = Checker(pointer: kcorp_spoof_checker())

    /// Runs one of the shim's functions that return a new UTF-16 buffer.
    private static func transform(
      _ text: [UInt16],
      _ function: (UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>?) ->
        UnsafeMutablePointer<UInt16>?
    ) -> [UInt16]? {
      var length: Int32 = 0
      let result = text.withUnsafeBufferPointer {
        function($0.baseAddress, Int32($0.count), &length)
      }
      guard let result else { return nil }
      defer { free(result) }
      return Array(UnsafeBufferPointer(start: result, count: Int(length)))
    }
  #endif
}

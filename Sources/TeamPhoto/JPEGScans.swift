import Foundation

/// A JPEG's scans, counted from its markers before anything is decoded: each scan of a
/// progressive JPEG costs a pass over the whole image, so a file of thousands of tiny scans
/// holds a core for minutes while being a few hundred kilobytes.
enum JPEGScans {
  /// More than a photo needs: cameras and encoders write 1 (baseline) to about 12.
  static let limit = 50

  /// How many scans (`SOS` markers) `data` holds when it is a JPEG; nil when it is not one.
  /// One pass over the bytes: milliseconds for the largest upload.
  static func count(in data: Data) -> Int? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
      guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
      var scans = 0
      var index = 2
      while index + 1 < bytes.count {
        guard bytes[index] == 0xFF else {
          index += 1  // entropy-coded data, or padding: look for the next marker
          continue
        }
        let marker = bytes[index + 1]
        switch marker {
        case 0xFF:
          index += 1  // fill byte
        case 0x00, 0xD0...0xD7, 0x01:
          index += 2  // a stuffed 0xFF, a restart marker, TEM: no length follows
        case 0xD9:
          return scans  // end of image
        default:
          guard index + 3 < bytes.count else { return scans }
          let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
          if marker == 0xDA { scans += 1 }
          // A segment's length counts its own two bytes; the scan's data follows its header.
          index += 2 + max(length, 2)
        }
      }
      return scans
    }
  }
}

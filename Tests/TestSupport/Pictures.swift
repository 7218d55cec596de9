import Foundation

/// A PNG of one pixel: the smallest real image for photo uploads.
public let onePixelPNG =
  Data(
    base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhK"
      + "mMIQAAAABJRU5ErkJggg==") ?? Data()

/// A PNG of `side` × `side` pixels of one colour, with a diagonal stripe of its opposite:
/// real pictures that differ by `rgb` (zlib's stored blocks: no compressor needed).
public func stripedPNG(side: Int, rgb: (UInt8, UInt8, UInt8)) -> Data {
  var raw: [UInt8] = []
  for y in 0..<side {
    raw.append(0)  // no filter
    for x in 0..<side {
      let stripe = abs(x - y) < 6
      raw += stripe ? [255 - rgb.0, 255 - rgb.1, 255 - rgb.2] : [rgb.0, rgb.1, rgb.2]
    }
  }
  var zlib: [UInt8] = [0x78, 0x01]
  var offset = 0
  repeat {
    let length = min(65_535, raw.count - offset)
    let last: UInt8 = offset + length == raw.count ? 1 : 0
    zlib += [
      last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
      UInt8((~length >> 8) & 0xFF),
    ]
    zlib += raw[offset..<offset + length]
    offset += length
  } while offset < raw.count
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in raw {
    a = (a + UInt32(byte)) % 65_521
    b = (b + a) % 65_521
  }
  zlib += bigEndian((b << 16) | a)

  func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
  func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
  func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(kind.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }
  let header = bigEndian(UInt32(side)) + bigEndian(UInt32(side)) + [8, 2, 0, 0, 0]
  return Data(
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
      + chunk("IEND", []))
}

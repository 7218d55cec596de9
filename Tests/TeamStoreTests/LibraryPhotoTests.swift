import Foundation
import TeamPhoto
import TestSupport
import Testing

/// A photo from a phone's library, however large, is brought down before the roster is given it.
@Suite struct LibraryPhotoTests {
  @Test func a48MegapixelCameraPhotoIsBroughtDownAndTheRosterTakesIt() throws {
    // 8064 × 6048, as an iPhone’s 48-megapixel camera saves it (a flat grey, so that the file
    // is small): over the roster’s limits.
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/camera-48mp.jpg")
    let camera = try Data(contentsOf: fixture)
    #expect(throws: PhotoError.tooManyPixels(width: 8064, height: 6048)) {
      try Photo(upload: camera)
    }
    let shrunk = try Photo.shrunk(camera)
    #expect(shrunk.starts(with: [0xFF, 0xD8, 0xFF]) && shrunk.count < Photo.maxBytes)
    // The whole picture, its longest side 2048: the roster's square is cut from it as usual.
    #expect(jpegSize(shrunk) == [2048, 1536])
    // As the roster takes an upload (the store's setPhoto re-encodes it so): no longer refused.
    let photo = try Photo(upload: shrunk)
    #expect(photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF]) && jpegSize(photo.jpeg) == [512, 512])
    #expect(throws: PhotoError.unsupported) { try Photo.shrunk(Data("not a photo".utf8)) }
  }
}

/// A JPEG's width and height, from its frame header.
func jpegSize(_ jpeg: Data) -> [Int]? {
  let bytes = [UInt8](jpeg)
  var index = 2
  while index + 9 < bytes.count, bytes[index] == 0xFF {
    let marker = bytes[index + 1]
    let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
    if (0xC0...0xC3).contains(marker) {
      return [
        Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]),
        Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]),
      ]
    }
    index += 2 + length
  }
  return nil
}

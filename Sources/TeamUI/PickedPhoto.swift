import Foundation

#if canImport(ImageIO)
  import ImageIO
  import UniformTypeIdentifiers
#endif

/// A photo picked in the library, brought down on the device before it is saved or sent: a
/// 48-megapixel camera photo is more than a roster takes (8 MiB, 40 megapixels), and a
/// player's photo is kept as a 512-pixel square anyway.
enum PickedPhoto {
  /// The longest side sent, in pixels: well above the square kept, well below the limits.
  static let longestSide = 2048

  /// The photo as a JPEG of at most ``longestSide`` pixels, upright; nil when ImageIO
  /// cannot read it. Where there is no ImageIO (the Linux type-check), the data as it is.
  static func shrunk(_ data: Data) -> Data? {
    #if canImport(ImageIO)
      // ImageIO decodes a JPEG or HEIC at a reduced size directly: the full 48 megapixels
      // are never in memory.
      let options: [CFString: Any] = [
        kCGImageSourceCreateThumbnailFromImageAlways: true,
        kCGImageSourceCreateThumbnailWithTransform: true,
        kCGImageSourceThumbnailMaxPixelSize: longestSide,
      ]
      let output = NSMutableData()
      guard let source = CGImageSourceCreateWithData(data as CFData, nil),
        let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary),
        let destination = CGImageDestinationCreateWithData(
          output as CFMutableData, UTType.jpeg.identifier as CFString, 1, nil)
      else { return nil }
      CGImageDestinationAddImage(
        destination, image, [kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary)
      return CGImageDestinationFinalize(destination) ? output as Data : nil
    #else
      return data
    #endif
  }
}

import Foundation
import TeamKit

#if canImport(CVips)
  import CVips
#elseif canImport(ImageIO)
  import CryptoKit
  import ImageIO
  import UniformTypeIdentifiers
#endif

/// A player's photo as the roster keeps it: a JPEG square of at most ``Photo/side`` pixels,
/// upright, without metadata (EXIF, GPS), re-encoded from what was uploaded: by libvips
/// on Linux (the server, the CLI), by ImageIO on Apple platforms (the app's own roster).
public struct Photo: Hashable, Sendable {
  /// The largest upload, in bytes.
  public static let maxBytes = 8 << 20
  /// The most pixels an upload may have (a decompression bomb is refused before decoding).
  public static let maxPixels = 40_000_000
  /// The side of the stored square, at most.
  public static let side = 512
  /// A photo from a device's own library is brought down to this many pixels a side
  /// (``shrunk(_:)``) before it is saved or sent: a 48-megapixel camera photo is over
  /// ``maxBytes`` and ``maxPixels``.
  public static let librarySide = 2048
  /// The most pixels a library photo may have before it is brought down (a 200-megapixel
  /// camera's, and some room).
  public static let maxLibraryPixels = 250_000_000

  public let jpeg: Data
  /// The SHA-256 of ``jpeg`` in hex: the photo's name in its URL, so that it can be cached
  /// for ever.
  public let hash: String

  /// A stored photo, as read back.
  public init(jpeg: Data) {
    self.jpeg = jpeg
    hash = Self.hash(of: jpeg)
  }

  /// Where uploads are decoded: one at a time per core, a few more waiting.
  private static let decoders = BlockingWork(
    width: ProcessInfo.processInfo.activeProcessorCount,
    queueLimit: 2 * ProcessInfo.processInfo.activeProcessorCount)

  /// ``init(upload:)`` on a thread of its own, among the decodes under way.
  /// - Throws: what ``init(upload:)`` throws, or ``PhotoError/busy`` when too many photos
  ///   already wait to be decoded.
  public static func decoding(_ upload: Data) async throws(PhotoError) -> Photo {
    guard
      let result = await decoders.run({
        Result { () throws(PhotoError) in try Photo(upload: upload) }
      })
    else { throw .busy }
    return try result.get()
  }
}

#if canImport(CVips)
  extension Photo {
    /// Decodes an upload (JPEG, PNG, WebP or HEIC) and re-encodes it.
    /// - Throws: ``PhotoError`` for anything else, a file that does not decode, more than
    ///   ``maxBytes`` or ``maxPixels``.
    public init(upload: Data) throws(PhotoError) {
      guard upload.count <= Self.maxBytes else { throw .tooLarge(bytes: upload.count) }
      if let scans = JPEGScans.count(in: upload), scans > JPEGScans.limit {
        throw .tooManyScans(scans)
      }
      guard !upload.isEmpty else { throw .unsupported }
      var out: UnsafeMutableRawPointer?
      var length = 0
      var width: Int32 = 0
      var height: Int32 = 0
      self.init(
        jpeg: try Self.normalized(upload, maxPixels: Self.maxPixels, side: Self.side, square: true))
    }

    /// A photo picked in this device's library (JPEG, PNG, WebP or HEIC, however large) as a
    /// JPEG of at most ``librarySide`` pixels a side, upright, without metadata.
    /// - Throws: ``PhotoError`` when it is no such photo or does not decode.
    public static func shrunk(_ picked: Data) throws(PhotoError) -> Data {
      try normalized(picked, maxPixels: maxLibraryPixels, side: librarySide, square: false)
    }

    private static func normalized(_ data: Data, maxPixels: Int, side: Int, square: Bool)
      throws(PhotoError) -> Data
    {
      var out: UnsafeMutableRawPointer?
      var length = 0
      var width: Int32 = 0
      var height: Int32 = 0
      let status = data.withUnsafeBytes { bytes in
        kcorp_photo_normalize(
          bytes.baseAddress, bytes.count, Int64(maxPixels), Int32(side), square ? 1 : 0, &out,
          &length, &width, &height)
      }
      defer { kcorp_photo_free(out) }
      switch status {
      case KCORP_PHOTO_OK:
        guard let out else { throw .failed }
        return Data(bytes: out, count: length)
      case KCORP_PHOTO_UNSUPPORTED: throw .unsupported
      case KCORP_PHOTO_TOO_MANY_PIXELS: throw .tooManyPixels(width: Int(width), height: Int(height))
      case KCORP_PHOTO_UNREADABLE: throw .unreadable
      default: throw .failed
      }
    }

    fileprivate static func hash(of data: Data) -> String {
      var hex = [CChar](repeating: 0, count: 65)
      data.withUnsafeBytes { kcorp_photo_hash($0.baseAddress, $0.count, &hex) }
      return String(decoding: hex.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
    }
  }
#elseif canImport(ImageIO)
  extension Photo {
    /// Decodes an upload (JPEG, PNG, WebP or HEIC) and re-encodes it.
    /// - Throws: ``PhotoError`` for anything else, a file that does not decode, more than
    ///   ``maxBytes`` or ``maxPixels``.
    public init(upload: Data) throws(PhotoError) {
      guard upload.count <= Self.maxBytes else { throw .tooLarge(bytes: upload.count) }
      if let scans = JPEGScans.count(in: upload), scans > JPEGScans.limit {
        throw .tooManyScans(scans)
      }
      let accepted = [UTType.jpeg, .png, .webP, .heic, .heif].map(\.identifier)
      guard let source = CGImageSourceCreateWithData(upload as CFData, nil),
        let type = CGImageSourceGetType(source) as String?, accepted.contains(type)
      else { throw .unsupported }
      // The size comes from the header: a decompression bomb is refused before decoding.
      guard
        let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
        let width = properties[kCGImagePropertyPixelWidth] as? Int,
        let height = properties[kCGImagePropertyPixelHeight] as? Int, width > 0, height > 0
      else { throw .unreadable }
      guard width * height <= Self.maxPixels else {
        throw .tooManyPixels(width: width, height: height)
      }
      // The short side brought down to `side` (never up), turned upright, then the centre.
      let scale = min(1, Double(Self.side) / Double(min(width, height)))
      let options: [CFString: Any] = [
        kCGImageSourceCreateThumbnailFromImageAlways: true,
        kCGImageSourceCreateThumbnailWithTransform: true,
        kCGImageSourceThumbnailMaxPixelSize: max(Int(Double(max(width, height)) * scale), 1),
      ]
      guard let scaled = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary)
      else { throw .unreadable }
      let square = min(scaled.width, scaled.height)
      let centre = CGRect(
        x: (scaled.width - square) / 2, y: (scaled.height - square) / 2, width: square,
        height: square)
      guard let cropped = scaled.cropping(to: centre) else { throw .unreadable }
      let output = NSMutableData()
      guard
        let destination = CGImageDestinationCreateWithData(
          output as CFMutableData, UTType.jpeg.identifier as CFString, 1, nil)
      else { throw .failed }
      // No properties are given to the new file: EXIF, GPS and the rest stay behind.
      CGImageDestinationAddImage(
        destination, cropped, [kCGImageDestinationLossyCompressionQuality: 0.85] as CFDictionary)
      guard CGImageDestinationFinalize(destination) else { throw .failed }
      self.init(jpeg: output as Data)
    }

    /// A photo picked in this device's library (JPEG, PNG, WebP or HEIC, however large) as a
    /// JPEG of at most ``librarySide`` pixels a side, upright, without metadata. ImageIO
    /// decodes a JPEG or HEIC at the reduced size directly.
    /// - Throws: ``PhotoError`` when it is no such photo or does not decode.
    public static func shrunk(_ picked: Data) throws(PhotoError) -> Data {
      let options: [CFString: Any] = [
        kCGImageSourceCreateThumbnailFromImageAlways: true,
        kCGImageSourceCreateThumbnailWithTransform: true,
        kCGImageSourceThumbnailMaxPixelSize: librarySide,
      ]
      let accepted = [UTType.jpeg, .png, .webP, .heic, .heif].map(\.identifier)
      guard let source = CGImageSourceCreateWithData(picked as CFData, nil),
        let type = CGImageSourceGetType(source) as String?, accepted.contains(type)
      else { throw .unsupported }
      guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary)
      else { throw .unreadable }
      let output = NSMutableData()
      guard
        let destination = CGImageDestinationCreateWithData(
          output as CFMutableData, UTType.jpeg.identifier as CFString, 1, nil)
      else { throw .failed }
      CGImageDestinationAddImage(
        destination, image, [kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary)
      guard CGImageDestinationFinalize(destination) else { throw .failed }
      return output as Data
    }

    fileprivate static func hash(of data: Data) -> String {
      hex(Array(SHA256.hash(data: data)))
    }
  }
#endif

/// Why an upload was refused; each says what to send instead.
public enum PhotoError: Error, Hashable, Sendable, CustomStringConvertible {
  case tooLarge(bytes: Int)
  case unsupported
  case unreadable
  case tooManyPixels(width: Int, height: Int)
  /// libvips could not be opened or started: the server's fault, not the photo's.
  case failed
  /// Too many photos wait to be decoded: the server's load, not the photo's.
  case busy
  /// A JPEG saved in more progressive scans than a photo needs (each costs a decoding pass).
  case tooManyScans(Int)

  /// What happened and what to do, put in the reader's language when shown.
  public var message: Message {
    switch self {
    case .tooLarge(let bytes):
      Message(
        "Send a photo of at most 8 MiB (this one has %@ MiB).",
        Message.Argument.decimal(Double(bytes) / 1_048_576))
    case .unsupported: Message("Send a JPEG, PNG, WebP or HEIC photo; this file is not one.")
    case .unreadable:
      Message("This photo could not be read (damaged or cut short); send it again or another.")
    case .tooManyPixels(let width, let height):
      Message("Send a photo of at most 40 megapixels (this one is %1$@ × %2$@).", width, height)
    case .busy:
      Message("The server is busy with other photos; send this one again in a moment.")
    case .tooManyScans(let scans):
      Message(
        "This JPEG is saved in %1$@ passes, more than the %2$@ a photo needs; save it again as an ordinary JPEG or a PNG and send that.",
        scans, JPEGScans.limit)
    case .failed:
      Message(
        "This server cannot process photos (libvips is missing); ask whoever runs it to install Debian’s libvips42."
      )
    }
  }

  public var description: String { message.description }
}

extension RosterImport {
  /// The photos the file carries, each decoded and re-encoded as an upload is.
  /// - Throws: ``RosterFile/Problems`` naming each player whose photo is refused.
  public func checkedPhotos() async throws(RosterFile.Problems) -> [UUID: Photo] {
    var checked: [UUID: Photo] = [:]
    var problems: [RosterFile.Problem] = []
    for (index, player) in players.enumerated() {
      guard let data = photos[player.id] else { continue }
      do throws(PhotoError) {
        checked[player.id] = try await Photo.decoding(data)
      } catch {
        problems.append(
          RosterFile.Problem(
            place: Message("Player %1$@ (“%2$@”)", index + 1, player.name),
            message: error.message))
      }
    }
    guard problems.isEmpty else { throw RosterFile.Problems(problems: problems) }
    return checked
  }
}

extension PhotoError: KindedError {
  /// Too large, the server's own lack or load (try again), or the photo's fault.
  public var kind: ErrorKind {
    switch self {
    case .tooLarge: .tooLarge
    case .failed, .busy: .unavailable
    case .unsupported, .unreadable, .tooManyPixels, .tooManyScans: .invalid
    }
  }

  public var retryAfter: Int? { self == .busy ? 2 : nil }
}

import Foundation

/// A PNG of one pixel: the smallest real image for photo uploads.
public let onePixelPNG =
  Data(
    base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhK"
      + "mMIQAAAABJRU5ErkJggg==") ?? Data()

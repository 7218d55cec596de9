#ifndef KCORP_CVIPS_H
#define KCORP_CVIPS_H

#include <stddef.h>
#include <stdint.h>

/// Why a picture was refused.
typedef enum {
  KCORP_PHOTO_OK = 0,
  /// Not JPEG, PNG, WebP or HEIC (or not a picture at all).
  KCORP_PHOTO_UNSUPPORTED = 1,
  /// Its header or pixels do not decode (truncated, damaged).
  KCORP_PHOTO_UNREADABLE = 2,
  /// More pixels than allowed.
  KCORP_PHOTO_TOO_MANY_PIXELS = 3,
  /// libvips could not start or write the result.
  KCORP_PHOTO_FAILED = 4,
} kcorp_photo_status;

/// Decodes `data`, refusing any format but JPEG, PNG, WebP and HEIC and any picture of more
/// than `max_pixels`, then writes a JPEG of at most `side` pixels a side, turned upright,
/// without metadata (EXIF, GPS, ICC), into a new buffer the caller frees with
/// kcorp_photo_free: the centred square when `square` is non-zero, else the whole picture.
/// `width` and `height` receive the original's size when known.
kcorp_photo_status kcorp_photo_normalize(const void *data, size_t length, int64_t max_pixels,
                                         int side, int square, void **out, size_t *out_length,
                                         int *width, int *height);

void kcorp_photo_free(void *buffer);

/// The SHA-256 of `data` in lower-case hex, into `hex` (65 bytes with the terminating NUL).
void kcorp_photo_hash(const void *data, size_t length, char hex[65]);

#endif

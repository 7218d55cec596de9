// The only file that sees libvips (and GLib): the interface, include/CVips.h, is plain C.
#include "CVips.h"

#include <string.h>
#include <vips/vips.h>

static int started = 0;
static GOnce once = G_ONCE_INIT;

static gpointer start(gpointer unused) {
  (void)unused;
  if (VIPS_INIT("kcorp") != 0) return NULL;
  // Loaders libvips marks untrusted (ImageMagick, PDF, …) are never used, whatever a file
  // claims to be; the loader is checked by name below too.
  vips_block_untrusted_set(TRUE);
  vips_concurrency_set(1);
  vips_cache_set_max(0);
  started = 1;
  return NULL;
}

static int allowed(const char *loader) {
  static const char *names[] = {"VipsForeignLoadJpegBuffer", "VipsForeignLoadPngBuffer",
                                "VipsForeignLoadWebpBuffer", "VipsForeignLoadHeifBuffer", NULL};
  for (int i = 0; names[i]; i++) {
    if (loader && strcmp(loader, names[i]) == 0) return 1;
  }
  return 0;
}

kcorp_photo_status kcorp_photo_normalize(const void *data, size_t length, int64_t max_pixels,
                                         int side, void **out, size_t *out_length,
                                         int *width, int *height) {
  g_once(&once, start, NULL);
  if (!started) return KCORP_PHOTO_FAILED;
  *out = NULL;
  *out_length = 0;
  *width = 0;
  *height = 0;
  const char *loader = vips_foreign_find_load_buffer(data, length);
  vips_error_clear();
  if (!allowed(loader)) return KCORP_PHOTO_UNSUPPORTED;

  // The header alone first: the size is known before a pixel is decoded.
  VipsImage *header = vips_image_new_from_buffer(data, length, "", NULL);
  if (!header) {
    vips_error_clear();
    return KCORP_PHOTO_UNREADABLE;
  }
  *width = vips_image_get_width(header);
  *height = vips_image_get_height(header);
  g_object_unref(header);
  if ((int64_t)*width * (int64_t)*height > max_pixels) return KCORP_PHOTO_TOO_MANY_PIXELS;

  // Decoded with shrink-on-load where the format has it, turned upright (EXIF orientation),
  // cropped to a centred square, never enlarged; a damaged file fails rather than
  // showing grey.
  VipsImage *thumbnail = NULL;
  if (vips_thumbnail_buffer((void *)data, length, &thumbnail, side, "height", side, "crop",
                            VIPS_INTERESTING_CENTRE, "size", VIPS_SIZE_DOWN, "option_string",
                            "fail_on=error", NULL) != 0) {
    vips_error_clear();
    return KCORP_PHOTO_UNREADABLE;
  }
  VipsImage *srgb = NULL;
  int failed = vips_colourspace(thumbnail, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
  g_object_unref(thumbnail);
  if (failed) {
    vips_error_clear();
    return KCORP_PHOTO_UNREADABLE;
  }
  VipsImage *flat = srgb;
  if (vips_image_hasalpha(srgb)) {
    failed = vips_flatten(srgb, &flat, NULL);
    g_object_unref(srgb);
    if (failed) {
      vips_error_clear();
      return KCORP_PHOTO_UNREADABLE;
    }
  }
  // Every pixel is decoded here: a truncated file fails now.
  failed = vips_jpegsave_buffer(flat, out, out_length, "Q", 85, "strip", TRUE, NULL);
  g_object_unref(flat);
  if (failed) {
    vips_error_clear();
    *out = NULL;
    return KCORP_PHOTO_UNREADABLE;
  }
  return KCORP_PHOTO_OK;
}

void kcorp_photo_free(void *buffer) { g_free(buffer); }

void kcorp_photo_hash(const void *data, size_t length, char hex[65]) {
  gchar *digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, data, length);
  g_strlcpy(hex, digest ? digest : "", 65);
  g_free(digest);
}

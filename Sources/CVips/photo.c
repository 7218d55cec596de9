// The only file that sees libvips (and GLib): the interface, include/CVips.h, is plain C.
//
// libvips is opened with dlopen on the first photo, not linked: with its ninety-odd
// libraries (PDF, SVG, OpenEXR, HDF5, …) loaded at start, a server that never receives a
// photo took twice the memory and half again the start-up time.
#include "CVips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <vips/vips.h>

static struct {
  int (*init)(const char *);
  void (*block_untrusted_set)(gboolean);
  void (*concurrency_set)(int);
  void (*cache_set_max)(int);
  const char *(*find_load_buffer)(const void *, size_t);
  void (*error_clear)(void);
  VipsImage *(*new_from_buffer)(const void *, size_t, const char *, ...);
  int (*get_width)(const VipsImage *);
  int (*get_height)(const VipsImage *);
  int (*thumbnail_buffer)(void *, size_t, VipsImage **, int, ...);
  int (*colourspace)(VipsImage *, VipsImage **, VipsInterpretation, ...);
  gboolean (*hasalpha)(VipsImage *);
  int (*flatten)(VipsImage *, VipsImage **, ...);
  int (*jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
  void (*unref)(gpointer);
  void (*free)(gpointer);
  gchar *(*checksum)(GChecksumType, const guchar *, gsize);
} vips;

static int started = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void start(void) {
  void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
  if (!library) return;
#define FIND(field, name) \
  if (!(*(void **)&vips.field = dlsym(library, name))) return;
  FIND(init, "vips_init")
  FIND(block_untrusted_set, "vips_block_untrusted_set")
  FIND(concurrency_set, "vips_concurrency_set")
  FIND(cache_set_max, "vips_cache_set_max")
  FIND(find_load_buffer, "vips_foreign_find_load_buffer")
  FIND(error_clear, "vips_error_clear")
  FIND(new_from_buffer, "vips_image_new_from_buffer")
  FIND(get_width, "vips_image_get_width")
  FIND(get_height, "vips_image_get_height")
  FIND(thumbnail_buffer, "vips_thumbnail_buffer")
  FIND(colourspace, "vips_colourspace")
  FIND(hasalpha, "vips_image_hasalpha")
  FIND(flatten, "vips_flatten")
  FIND(jpegsave_buffer, "vips_jpegsave_buffer")
  FIND(unref, "g_object_unref")
  FIND(free, "g_free")
  FIND(checksum, "g_compute_checksum_for_data")
#undef FIND
  if (vips.init("kcorp") != 0) return;
  // Loaders libvips marks untrusted (ImageMagick, PDF, …) are never used, whatever a file
  // claims to be; the loader is checked by name below too.
  vips.block_untrusted_set(TRUE);
  vips.concurrency_set(1);
  vips.cache_set_max(0);
  started = 1;
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
                                         int side, int square, void **out, size_t *out_length,
                                         int *width, int *height) {
  pthread_once(&once, start);
  *out = NULL;
  *out_length = 0;
  *width = 0;
  *height = 0;
  if (!started) return KCORP_PHOTO_FAILED;
  const char *loader = vips.find_load_buffer(data, length);
  vips.error_clear();
  if (!allowed(loader)) return KCORP_PHOTO_UNSUPPORTED;

  // The header alone first: the size is known before a pixel is decoded.
  VipsImage *header = vips.new_from_buffer(data, length, "", NULL);
  if (!header) {
    vips.error_clear();
    return KCORP_PHOTO_UNREADABLE;
  }
  *width = vips.get_width(header);
  *height = vips.get_height(header);
  vips.unref(header);
  if ((int64_t)*width * (int64_t)*height > max_pixels) return KCORP_PHOTO_TOO_MANY_PIXELS;

  // Decoded with shrink-on-load where the format has it, turned upright (EXIF orientation),
  // cropped to a centred square (or fitted in the side × side box), never enlarged; a
  // damaged file fails rather than showing grey.
  VipsImage *thumbnail = NULL;
  if (vips.thumbnail_buffer((void *)data, length, &thumbnail, side, "height", side, "crop",
                            square ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, "size",
                            VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL) != 0) {
    vips.error_clear();
    return KCORP_PHOTO_UNREADABLE;
  }
  VipsImage *srgb = NULL;
  int failed = vips.colourspace(thumbnail, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
  vips.unref(thumbnail);
  if (failed) {
    vips.error_clear();
    return KCORP_PHOTO_UNREADABLE;
  }
  VipsImage *flat = srgb;
  if (vips.hasalpha(srgb)) {
    failed = vips.flatten(srgb, &flat, NULL);
    vips.unref(srgb);
    if (failed) {
      vips.error_clear();
      return KCORP_PHOTO_UNREADABLE;
    }
  }
  // Every pixel is decoded here: a truncated file fails now.
  failed = vips.jpegsave_buffer(flat, out, out_length, "Q", square ? 85 : 90, "strip", TRUE, NULL);
  vips.unref(flat);
  if (failed) {
    vips.error_clear();
    *out = NULL;
    return KCORP_PHOTO_UNREADABLE;
  }
  return KCORP_PHOTO_OK;
}

void kcorp_photo_free(void *buffer) {
  if (buffer && vips.free) vips.free(buffer);
}

void kcorp_photo_hash(const void *data, size_t length, char hex[65]) {
  pthread_once(&once, start);
  hex[0] = 0;
  if (!started) return;
  gchar *digest = vips.checksum(G_CHECKSUM_SHA256, data, length);
  if (digest) {
    strncpy(hex, digest, 64);
    hex[64] = 0;
  }
  vips.free(digest);
}

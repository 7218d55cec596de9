// libvips from Debian (libvips-dev): this module only carries its compiler and linker flags
// (pkg-config vips) to the CVips target, whose C file includes vips/vips.h; Swift never
// parses GLib's headers.

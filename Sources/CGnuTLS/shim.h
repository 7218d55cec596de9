#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>

/// SHA-256 of `size` bytes into `digest` (32 bytes); 0 on success.
static inline int kcorp_sha256(const void *data, size_t size, void *digest) {
  return gnutls_hash_fast(GNUTLS_DIG_SHA256, data, size, digest);
}

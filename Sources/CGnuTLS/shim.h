#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include <gnutls/abstract.h>
#include <string.h>

/// SHA-256 of `size` bytes into `digest` (32 bytes); 0 on success.
static inline int kcorp_sha256(const void *data, size_t size, void *digest) {
  return gnutls_hash_fast(GNUTLS_DIG_SHA256, data, size, digest);
}

/// Whether `signature` (64 bytes) is `key`'s (32 bytes, raw) Ed25519 signature of
/// `message`: 0 when it is, a negative GnuTLS code otherwise.
static inline int kcorp_ed25519_verify(
    const void *key, const void *message, size_t size, const void *signature) {
  gnutls_pubkey_t pubkey;
  if (gnutls_pubkey_init(&pubkey) < 0) return -1;
  gnutls_datum_t x = {(unsigned char *)key, 32};
  int code = gnutls_pubkey_import_ecc_raw(pubkey, GNUTLS_ECC_CURVE_ED25519, &x, NULL);
  if (code >= 0) {
    gnutls_datum_t data = {(unsigned char *)message, (unsigned int)size};
    gnutls_datum_t sig = {(unsigned char *)signature, 64};
    code = gnutls_pubkey_verify_data2(pubkey, GNUTLS_SIGN_EDDSA_ED25519, 0, &data, &sig);
  }
  gnutls_pubkey_deinit(pubkey);
  return code < 0 ? code : 0;
}

/// A new Ed25519 key pair (for tests standing in for Discord): its public key (32 bytes)
/// and private key (32 bytes); 0 on success.
static inline int kcorp_ed25519_keypair(void *public_key, void *private_key) {
  gnutls_privkey_t key;
  if (gnutls_privkey_init(&key) < 0) return -1;
  int code = gnutls_privkey_generate(key, GNUTLS_PK_EDDSA_ED25519, 256, 0);
  gnutls_datum_t x = {NULL, 0}, k = {NULL, 0};
  gnutls_ecc_curve_t curve;
  if (code >= 0) code = gnutls_privkey_export_ecc_raw(key, &curve, &x, NULL, &k);
  if (code >= 0 && x.size == 32 && k.size == 32) {
    memcpy(public_key, x.data, 32);
    memcpy(private_key, k.data, 32);
  } else if (code >= 0) {
    code = -1;
  }
  gnutls_free(x.data);
  gnutls_free(k.data);
  gnutls_privkey_deinit(key);
  return code < 0 ? code : 0;
}

/// `message` signed with an Ed25519 key pair into `signature` (64 bytes); 0 on success.
static inline int kcorp_ed25519_sign(
    const void *public_key, const void *private_key, const void *message, size_t size,
    void *signature) {
  gnutls_privkey_t key;
  if (gnutls_privkey_init(&key) < 0) return -1;
  gnutls_datum_t x = {(unsigned char *)public_key, 32};
  gnutls_datum_t k = {(unsigned char *)private_key, 32};
  int code = gnutls_privkey_import_ecc_raw(key, GNUTLS_ECC_CURVE_ED25519, &x, NULL, &k);
  gnutls_datum_t data = {(unsigned char *)message, (unsigned int)size}, sig = {NULL, 0};
  if (code >= 0) code = gnutls_privkey_sign_data2(key, GNUTLS_SIGN_EDDSA_ED25519, 0, &data, &sig);
  if (code >= 0 && sig.size == 64) memcpy(signature, sig.data, 64);
  else if (code >= 0) code = -1;
  gnutls_free(sig.data);
  gnutls_privkey_deinit(key);
  return code < 0 ? code : 0;
}

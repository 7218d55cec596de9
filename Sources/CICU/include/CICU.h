#ifndef KCORP_CICU_H
#define KCORP_CICU_H

#include <stdint.h>

/// A spoof checker (UTS #39) from ICU; NULL when ICU's data is missing. Thread-safe once
/// made.
void *kcorp_spoof_checker(void);

/// NFKC_Casefold of UTF-16 `text`, in a new buffer the caller frees; NULL on failure.
uint16_t *kcorp_nfkc_casefold(const uint16_t *text, int32_t length, int32_t *result_length);

/// The full case folding of UTF-16 `text` (no normalization), in a new buffer the caller
/// frees; NULL on failure.
uint16_t *kcorp_casefold(const uint16_t *text, int32_t length, int32_t *result_length);

/// The confusable skeleton (UTS #39) of UTF-16 `text`, in a new buffer the caller frees;
/// NULL on failure.
uint16_t *kcorp_skeleton(const void *checker, const uint16_t *text, int32_t length,
                         int32_t *result_length);

#endif

// The only file that sees ICU's headers: Foundation on Linux carries its own copy of ICU's
// types, and Swift refuses two definitions of them in one module, so the interface
// (include/CICU.h) speaks plain C types only.
#include "CICU.h"

#include <stdlib.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uspoof.h>

// ICU's functions carry its version in their names (uspoof_open_72) through macros of its
// headers: compiled here, the calls resolve to this machine's ICU.


void *kcorp_spoof_checker(void) {
  UErrorCode status = U_ZERO_ERROR;
  USpoofChecker *checker = uspoof_open(&status);
  if (U_FAILURE(status)) {
    if (checker) uspoof_close(checker);
    return NULL;
  }
  return checker;
}


uint16_t *kcorp_nfkc_casefold(const uint16_t *text, int32_t length, int32_t *result_length) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *normalizer = unorm2_getNFKCCasefoldInstance(&status);
  if (U_FAILURE(status)) return NULL;
  int32_t needed = unorm2_normalize(normalizer, (const UChar *)text, length, NULL, 0, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
  UChar *result = malloc(sizeof(UChar) * (size_t)(needed + 1));
  if (!result) return NULL;
  status = U_ZERO_ERROR;
  *result_length = unorm2_normalize(normalizer, (const UChar *)text, length, result, needed + 1, &status);
  if (U_FAILURE(status)) {
    free(result);
    return NULL;
  }
  return (uint16_t *)result;
}


uint16_t *kcorp_skeleton(const void *checker, const uint16_t *text, int32_t length,
                         int32_t *result_length) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t needed = uspoof_getSkeleton((const USpoofChecker *)checker, 0, (const UChar *)text, length, NULL, 0, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
  UChar *result = malloc(sizeof(UChar) * (size_t)(needed + 1));
  if (!result) return NULL;
  status = U_ZERO_ERROR;
  *result_length = uspoof_getSkeleton((const USpoofChecker *)checker, 0, (const UChar *)text, length, result, needed + 1, &status);
  if (U_FAILURE(status)) {
    free(result);
    return NULL;
  }
  return (uint16_t *)result;
}


uint16_t *kcorp_casefold(const uint16_t *text, int32_t length, int32_t *result_length) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t needed = u_strFoldCase(NULL, 0, (const UChar *)text, length, U_FOLD_CASE_DEFAULT, &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return NULL;
  UChar *result = malloc(sizeof(UChar) * (size_t)(needed + 1));
  if (!result) return NULL;
  status = U_ZERO_ERROR;
  *result_length = u_strFoldCase(result, needed + 1, (const UChar *)text, length, U_FOLD_CASE_DEFAULT, &status);
  if (U_FAILURE(status)) {
    free(result);
    return NULL;
  }
  return (uint16_t *)result;
}

#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument.

static inline CURLcode kc_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kc_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode kc_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}

typedef size_t (*kc_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode kc_setopt_callback(CURL *handle, CURLoption option,
                                          kc_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode kc_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode kc_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
  return curl_easy_getinfo(handle, info, value);
}

/// The result of a finished transfer (a member of a union, which Swift reads awkwardly).
static inline CURLcode kc_message_result(const CURLMsg *message) {
  return message->data.result;
}

#endif

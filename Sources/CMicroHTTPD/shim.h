#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_connection_values are variadic or take closed enums, which
// Swift cannot call or name conveniently: these wrappers give them plain C signatures.

/// Starts a daemon on an already listening socket, with a thread pool and explicit limits;
/// over TLS (GnuTLS) when a PEM key and certificate are given, with those GnuTLS priorities. Connections may be suspended
/// (streams waiting for events). Strict about the protocol: HTTP/1.1 without Host is 400.
static inline struct MHD_Daemon *kcorp_mhd_start(
    int listen_fd, unsigned int threads, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    MHD_NotifyConnectionCallback notify, void *notify_cls,
    void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *connection),
    void *uri_log_cls, unsigned int timeout_seconds,
    unsigned int connection_limit, unsigned int per_ip_limit, size_t memory_limit,
    const char *tls_key, const char *tls_cert, const char *tls_priorities) {
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME;
#define KCORP_OPTIONS \
      MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd, \
      MHD_OPTION_THREAD_POOL_SIZE, threads, \
      MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls, \
      MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls, \
      MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls, \
      MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds, \
      MHD_OPTION_CONNECTION_LIMIT, connection_limit, \
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit, \
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit, \
      MHD_OPTION_STRICT_FOR_CLIENT, (int)1
  if (tls_key && tls_cert) {
    return MHD_start_daemon(flags | MHD_USE_TLS, 0, NULL, NULL, handler, handler_cls,
                            KCORP_OPTIONS, MHD_OPTION_HTTPS_MEM_KEY, tls_key,
                            MHD_OPTION_HTTPS_MEM_CERT, tls_cert,
                            MHD_OPTION_HTTPS_PRIORITIES, tls_priorities, MHD_OPTION_END);
  }
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls, KCORP_OPTIONS,
                          MHD_OPTION_END);
#undef KCORP_OPTIONS
}

/// Calls `iterator` for each request header.
static inline int kcorp_mhd_headers(struct MHD_Connection *connection,
                                    MHD_KeyValueIterator iterator, void *cls) {
  return MHD_get_connection_values(connection, MHD_HEADER_KIND, iterator, cls);
}

/// Calls `iterator` for each query-string argument (already percent-decoded).
static inline int kcorp_mhd_arguments(struct MHD_Connection *connection,
                                      MHD_KeyValueIterator iterator, void *cls) {
  return MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, iterator, cls);
}

/// A response holding a copy of `size` bytes.
static inline struct MHD_Response *kcorp_mhd_response(const void *data, size_t size) {
  return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

/// Queues `response` with `status`; true on success.
static inline int kcorp_mhd_queue(struct MHD_Connection *connection, unsigned int status,
                                  struct MHD_Response *response) {
  return MHD_queue_response(connection, status, response) == MHD_YES;
}

/// The address of the client at the other end of `connection`, or NULL.
static inline const struct sockaddr *kcorp_mhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info ? info->client_addr : NULL;
}

/// The socket of `connection`, or -1.
static inline int kcorp_mhd_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info ? info->connect_fd : -1;
}

/// A response of unknown length whose body `reader` writes as it comes (chunked).
static inline struct MHD_Response *kcorp_mhd_stream_response(MHD_ContentReaderCallback reader,
                                                              void *cls,
                                                              MHD_ContentReaderFreeCallback done) {
  return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, reader, cls, done);
}

// Linux's own struct tcp_info (linux/tcp.h) has the byte count glibc's copy lacks; kept in
// this file so that no Swift module sees two definitions of it.
#include "CTCPInfo.h"

#ifdef __linux__
#include <linux/tcp.h>
#include <stddef.h>
#include <netinet/in.h>
#include <sys/socket.h>

int kcorp_tcp_progress(int fd, uint64_t *received, int *peer_closed) {
  struct tcp_info info;
  socklen_t length = sizeof(info);
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
  *received = length >= offsetof(struct tcp_info, tcpi_bytes_received) + sizeof(info.tcpi_bytes_received)
                  ? info.tcpi_bytes_received : 0;
  *peer_closed = info.tcpi_state == 8;  // TCP_CLOSE_WAIT: the peer sent FIN
  return 0;
}
#else
int kcorp_tcp_progress(int fd, uint64_t *received, int *peer_closed) {
  (void)fd;
  *received = 0;
  *peer_closed = 0;
  return -1;
}
#endif

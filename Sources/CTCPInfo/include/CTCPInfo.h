#ifndef KCORP_CTCPINFO_H
#define KCORP_CTCPINFO_H

#include <stdint.h>

/// What the kernel knows of a TCP connection: the bytes it has received in all, and
/// whether the peer has closed its side (FIN received). 0 on success, -1 where unknown
/// (not Linux, not TCP).
int kcorp_tcp_progress(int fd, uint64_t *received, int *peer_closed);

#endif

// Loaded into `kcorp serve` with LD_PRELOAD, it makes every fsync and fdatasync take longer:
// 2 ms by default, as on a disk whose cache flush costs that (many SSDs and cloud volumes),
// so that `make bench` measures group commit where a sync is not almost free; or
// $KCORP_SYNC_DELAY_MS, so that a reliability test can stop the server while a write waits
// for its disk.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void wait_for_the_disk(void) {
  const char *text = getenv("KCORP_SYNC_DELAY_MS");
  long milliseconds = text ? atol(text) : 2;
  struct timespec pause = {milliseconds / 1000, (milliseconds % 1000) * 1000000};
  nanosleep(&pause, 0);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  wait_for_the_disk();
  return real(fd);
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  wait_for_the_disk();
  return real(fd);
}

// For `make bench`: loaded into `kcorp serve` with LD_PRELOAD, it makes every fsync and
// fdatasync take 2 ms more, as on a disk whose cache flush costs that (many SSDs and cloud
// volumes), so that group commit is measured where a sync is not almost free.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>

static void wait_2ms(void) {
  struct timespec pause = {0, 2000000};
  nanosleep(&pause, 0);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  wait_2ms();
  return real(fd);
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  wait_2ms();
  return real(fd);
}

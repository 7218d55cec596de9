// The wrappers are all inline in include/CCurl.h; a C target needs one source file.
#include "CCurl.h"

#include "malloc_tuning.h"

#if defined(__GLIBC__)
#include <malloc.h>

int viewselectors_limit_malloc_arenas(int arenas) {
    return mallopt(M_ARENA_MAX, arenas) == 1 ? 1 : 0;
}
#else
int viewselectors_limit_malloc_arenas(int arenas) {
    (void)arenas;
    return 0;
}
#endif

#ifndef VIEWSELECTORS_MALLOC_TUNING_H
#define VIEWSELECTORS_MALLOC_TUNING_H

/// Caps glibc's malloc arenas at `arenas` for the rest of the process; returns 1 when applied,
/// 0 where the C library is not glibc (nothing to do there).
///
/// Why: glibc gives each thread that allocates concurrently an arena of its own (up to 8 per
/// core) and keeps each arena's freed memory. A server whose requests carry megabyte bodies on
/// many threads then holds tens of megabytes per arena that it will never use again: the abuse run
/// grew `frankly serve` by 173 MB with the default arenas and by 40 MB with two.
int viewselectors_limit_malloc_arenas(int arenas);

#endif

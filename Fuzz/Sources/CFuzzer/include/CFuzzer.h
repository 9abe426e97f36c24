#ifndef CFUZZER_H
#define CFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links). SwiftPM makes each executable's
/// entry point `<Target>_main` and aliases `main` to it, so libFuzzer's own `main` is never
/// linked; the targets' `main.swift` call this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif

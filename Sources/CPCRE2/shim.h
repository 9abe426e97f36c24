// The 8-bit (UTF-8) flavour of PCRE2. pcre2.h refuses to compile without a code unit width, and
// its unsuffixed names (`pcre2_compile`, `pcre2_code`) are macros Swift cannot import, so Swift
// code calls the suffixed symbols (`pcre2_compile_8`) this width selects.
#ifndef VIEWSELECTORS_CPCRE2_SHIM_H
#define VIEWSELECTORS_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif

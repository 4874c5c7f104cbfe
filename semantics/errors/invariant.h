// Programmer-error checks: a failed TFMC_CHECK is a bug in tfmc, never a user error. It
// prints the condition, the reason and the place, then aborts.
#pragma once

#include <cstdio>
#include <cstdlib>

#define TFMC_CHECK(cond, reason)                                                                   \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::fprintf(stderr, "tfmc: internal error at %s:%d: %s (%s)\n", __FILE__, __LINE__, reason, \
                   #cond);                                                                         \
      std::abort();                                                                                \
    }                                                                                              \
  } while (false)

// How a distributed exploration (distributed_explorer.h) talks between its ranks: the options
// that the API (checker/api/distributed/distributed_run.h) passes through.
#pragma once

#include <cstddef>

namespace tfmc::dist {

struct DistributedOptions {
  double rank_timeout_s = 120;          // a wait on other ranks with nothing moving: an error
  std::size_t message_bytes = 1 << 16;  // records are sent in messages of about this size
};

}  // namespace tfmc::dist

// Programmer-error checks: a failed TFMC_CHECK is a bug in tfmc, never a user error.
//
// It throws InternalError, naming the condition, the reason and the place. The command line
// catches it (and any other exception that is not an input error: a standard library's
// std::logic_error or std::invalid_argument thrown as a precondition) at the top, prints one
// line that names it and asks for a report, and exits with its own code, 4
// (tools/app/exit_codes.h), never with a user error's 2 and never through std::terminate.
// User errors are InputError (diagnostics.h).
#pragma once

#include <stdexcept>
#include <string>

namespace tfmc {

class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

}  // namespace tfmc

#define TFMC_CHECK(cond, reason)                                                          \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      throw ::tfmc::InternalError(std::string(reason) + " (" #cond ") at " __FILE__ ":" + \
                                  std::to_string(__LINE__));                              \
    }                                                                                     \
  } while (false)

#include "support/tfmc_run.h"

#include <sstream>

#include "tools/app/cli.h"

namespace tfmc::test {

CliResult tfmc_run(std::vector<std::string> args) {
  args.insert(args.begin(), "tfmc");
  std::ostringstream out, err;
  const int code = tfmc::app::run_tfmc(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace tfmc::test

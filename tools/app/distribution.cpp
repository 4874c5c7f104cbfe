#include "tools/app/distribution.h"

#include <fmt/ostream.h>

#include <sstream>

#include "tools/app/cli.h"
#include "tools/app/exit_codes.h"

#ifdef TFMC_HAVE_MPI
#include "checker/api/distributed/distributed_run.h"
#endif

namespace tfmc::app {

int run_distributed(const Distribution& distribution, std::ostream& out, std::ostream& err,
                    const std::function<int(const api::Engine& engine, std::ostream& out,
                                            std::ostream& err)>& command) {
  if (!distribution.on) return command({}, out, err);
#ifdef TFMC_HAVE_MPI
  dist::MpiRanks ranks(distribution.rank_timeout_s);
  const api::Engine engine =
      api::distributed_engine(ranks, {distribution.rank_timeout_s, distribution.message_bytes});
  const auto run = [&](std::ostream& o, std::ostream& e) {
    return guard_internal_errors(
        [&] {
          try {
            return command(engine, o, e);
          } catch (const dist::RankTimeout& timeout) {
            o.flush();
            fmt::print(e, "tfmc: error: {}\n", timeout.what());
            return static_cast<int>(kExitInternalError);
          }
        },
        o, e);
  };
  // The other ranks run the same command for their share of the work; what they would print
  // is rank 0's too, but for a failure of their own.
  std::ostringstream rank_out, rank_err;
  const int code = ranks.rank() == 0 ? run(out, err) : run(rank_out, rank_err);
  if (code == kExitInternalError) {
    if (ranks.rank() != 0) fmt::print(err, "tfmc: on rank {}:\n{}", ranks.rank(), rank_err.str());
    err.flush();
    ranks.abort(code);  // no rank waits for this one
  }
  // mpirun ends the whole job when a process exits with a status that is not 0, maybe before
  // rank 0 has printed: the other ranks exit 0, and the run's status is rank 0's.
  return ranks.rank() == 0 ? code : static_cast<int>(kExitOk);
#else
  (void)command;
  (void)out;
  fmt::print(err,
             "tfmc: --distributed: this tfmc was built without MPI; install Open MPI "
             "(apt-get install libopenmpi-dev openmpi-bin, which tools/install_deps.sh does), "
             "build again and run it under mpirun\n");
  return kExitBadInput;
#endif
}

}  // namespace tfmc::app

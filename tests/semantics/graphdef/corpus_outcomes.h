// What the tests of TensorFlow-written graph corpora (embedding_corpus_test.cpp,
// sparse_optimizer_graphs_test.cpp) share: the outcomes of `tfmc check` on one graph of the
// corpus with the arguments its .args file lists, every op of the graph mapped (no warning).
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace tfmc::test {

// The outcomes of `tfmc check GRAPH --json --quiet` with the lines of ARGS and `extra`.
inline std::vector<Json> corpus_outcomes(const std::string& graph, const std::string& args,
                                         const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {"check", graph};
  for (const std::string& a : nonempty_lines(read_file(args))) argv.push_back(a);
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.insert(argv.end(), {"--json", "--quiet"});
  const CliResult r = tfmc_run(argv);
  INFO(r.err);
  CHECK(r.err.find("warning") == std::string::npos);  // every op mapped
  return parse_json(r.out).at("outcomes").items;
}

}  // namespace tfmc::test

#include "support/testdata.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "support/files.h"
#include "support/json_reader.h"

namespace tfmc::test {

namespace fs = std::filesystem;

std::vector<fs::path> testdata_cases() {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(fs::path(TFMC_SOURCE_DIR) / "testdata")) {
    // testdata/graphdef/ holds the TensorFlow corpus (its MANIFEST.md),
    // testdata/graphdef_functional/ the graphs of functional_control_flow_test.cpp,
    // testdata/checkpoint/ the checkpoints of real_checkpoint_test.cpp and
    // testdata/savedmodel/ the SavedModels of saved_model_test.cpp: no cases.
    static const std::set<std::string> kNotCases = {"graphdef", "graphdef_functional",
                                                    "checkpoint", "savedmodel"};
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && kNotCases.count(name) == 0) {
      out.push_back(entry.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string case_spec(const fs::path& dir) {
  if (!fs::exists(dir / "spec")) return "";
  const std::vector<std::string> lines = nonempty_lines(read_file(dir / "spec"));
  return lines.empty() ? "" : lines.front();
}

std::string case_program_text(const fs::path& dir) {
  const std::string spec = case_spec(dir);
  return read_file(spec.empty() ? dir / "graph.tfg" : fs::path(source_path(spec)));
}

std::vector<ListedOutcome> expected_outcomes(const fs::path& dir) {
  return outcomes_in_json(parse_json(read_file(dir / "expected.json")));
}

std::vector<SpecOutcomes> spec_outcomes() {
  std::vector<SpecOutcomes> out;
  for (const fs::path& dir : testdata_cases()) {
    const std::string spec = case_spec(dir);
    if (spec.empty()) continue;
    const Json expected = parse_json(read_file(dir / "expected.json"));
    if (!expected.at("complete").boolean) continue;
    out.push_back({spec, std::stoi(read_file(dir / "expected_exit")), outcomes_in_json(expected)});
  }
  return out;
}

SpecOutcomes spec_outcomes(const std::string& spec) {
  for (const SpecOutcomes& s : spec_outcomes()) {
    if (s.spec == spec) return s;
  }
  throw std::runtime_error("no testdata case explores " + spec + " completely");
}

std::vector<std::string> nonempty_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

}  // namespace tfmc::test

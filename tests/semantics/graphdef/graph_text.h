// GraphDefs written in text form for the import tests (graphdef_import_test.cpp,
// function_calls_import_test.cpp), and `tfmc check` run on them.
#pragma once

#include <string>
#include <vector>

#include "support/outcome_list.h"

namespace tfmc::test {

// A NodeDef in text form: `inputs` as TensorFlow writes them, `attrs` as text-format entries.
std::string node(const std::string& name, const std::string& op,
                 const std::vector<std::string>& inputs = {}, const std::string& attrs = "");

// One text-format `attr` entry of a NodeDef.
std::string attr(const std::string& key, const std::string& value);

// A scalar DT_FLOAT Const.
std::string float_const(const std::string& name, const std::string& value,
                        const std::vector<std::string>& inputs = {});

// A scalar DT_FLOAT VarHandleOp.
std::string resource_var(const std::string& name, const std::string& shared = "");

struct Checked {
  int code;
  std::vector<ListedOutcome> outcomes;
  std::string err;
};

// `tfmc check FILE ARGS --json` on `graph` written to the test file `name`.
Checked check_graph(const std::string& name, const std::string& graph,
                    std::vector<std::string> args);

// The value of output `output` in the one outcome of `tfmc check` on `graph` with `args`, which
// must be deterministic (exit 0).
std::string single_output(const std::string& name, const std::string& graph,
                          const std::vector<std::string>& args, const std::string& output);

// The error output of `tfmc check` on `graph`, which must exit 2.
std::string error_of(const std::string& name, const std::string& graph,
                     const std::vector<std::string>& args = {});

}  // namespace tfmc::test

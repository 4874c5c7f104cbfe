// What a SavedModel (or a MetaGraphDef) offers to run, by the names its users know
// (FORMAT.md, "Signatures and functions"): its signatures (SignatureDef: inputs and outputs
// by key, as saved_model_cli shows them) and the tf.functions saved on its objects (TF2's
// object graph: a function's concrete functions, each with the variables it captures).
//
// Choosing one makes the run: a signature's outputs are fetched, each named by its key
// (`output_0`), and an input key (`x`) names the placeholder of that input. A function is not
// called by the MetaGraph's graph, so a call is added to it: a placeholder per argument
// (`NAME~ARG`), the call (`NAME~call`, output K named `output_K`), and the variables it
// captures bound as TensorFlow's loader binds them (the graph's node for the same object, else
// a VarHandleOp named as the saved variable).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "semantics/graphdef/graphdef_reader.h"

namespace tfmc::sem {

// A tensor by the name users know: `x` -> `serving_default_x:0`.
struct NamedTensor {
  std::string name;
  std::string tensor;
  std::string type;  // "f32[1,2]" as the signature or the function declares it
};

struct Signature {
  std::string key;
  std::vector<NamedTensor> inputs;
  std::vector<NamedTensor> outputs;
};

struct SavedFunction {
  std::string path;                   // `train_step`, `model.call`: object path from the root
  std::string concrete;               // the concrete function's name in the library
  std::vector<NamedTensor> inputs;    // its arguments, the captured variables left out
  std::size_t outputs = 0;            // output_0 ... output_{N-1}
  std::vector<std::string> captured;  // the saved variables it captures, by their names
};

// Graph node index -> saved object id: the variables that the graph's function calls bind to
// the objects their concrete functions capture (a concrete function's `bound_inputs`, the
// last inputs of a call), as TensorFlow's loader binds them.
std::map<int, int> bound_variables(const GraphFile& file);

// The signatures in key order (`__saved_model_init_op`, which only initializes, left out).
std::vector<Signature> signatures(const GraphFile& file);
// The tf.functions of the object graph, by path, each concrete function once.
std::vector<SavedFunction> saved_functions(const GraphFile& file);

// The run a signature or function makes: the tensors to fetch and their names, and the
// placeholder node each input key names.
struct EntryPoint {
  std::vector<std::string> fetches;
  // The nodes run for their effects: a function's call when it has no outputs to fetch (a
  // run with neither fetches nor targets would be the whole graph, the saver's functions too).
  std::vector<std::string> targets;
  std::map<std::string, std::string> output_names;  // fetch -> name
  std::map<std::string, std::string> input_nodes;   // input key -> placeholder node
};

// The signature `key` of `file` (read from `path`). Throws InputError listing the file's
// signatures when it has no such signature.
EntryPoint choose_signature(const GraphFile& file, const std::string& path, const std::string& key);

// The function `name` of `file`: an object path (`train_step`) with one concrete function, or
// the name of a concrete function; adds its call to `file.graph`. Throws InputError listing
// the file's functions when `name` names none, or names a function with several concrete
// functions (each of which can then be named).
EntryPoint choose_function(GraphFile& file, const std::string& path, const std::string& name);

}  // namespace tfmc::sem

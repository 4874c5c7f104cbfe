// Reading TensorFlow's graph files (semantics/graphdef/graphdef_reader.h): the eleven text
// files of ../shared/graphdefs (TensorFlow's own test data, read where they are), the binary
// forms of the same messages, and bad input. Expected op counts are those of
// ../shared/graphdefs/README.md, counted there independently of tfmc.
#include "semantics/graphdef/graphdef_reader.h"

#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>

#include "semantics/errors/diagnostics.h"
#include "support/files.h"

namespace {

using tfmc::sem::GraphFile;
using tfmc::sem::GraphFileForm;
using tfmc::sem::GraphFileMessage;

// Map fields serialize in no fixed order, so messages are compared field by field.
bool same(const tfmc::tf::GraphDef& a, const tfmc::tf::GraphDef& b) {
  return google::protobuf::util::MessageDifferencer::Equals(a, b);
}

std::string shared_graph(const std::string& name) {
  return tfmc::test::source_path("../shared/graphdefs/" + name);
}

std::map<std::string, int> op_counts(const tfmc::tf::GraphDef& g) {
  std::map<std::string, int> counts;
  for (const auto& n : g.node()) ++counts[n.op()];
  return counts;
}

int control_inputs(const tfmc::tf::GraphDef& g) {
  int n = 0;
  for (const auto& node : g.node()) {
    for (const std::string& in : node.input()) n += !in.empty() && in[0] == '^' ? 1 : 0;
  }
  return n;
}

// The node an input names: "n", "n:k" or "^n".
std::string input_node(const std::string& input) {
  std::string name = input[0] == '^' ? input.substr(1) : input;
  return name.substr(0, name.find(':'));
}

const std::set<std::string> kFiles = {
    "feed-control-dep.pbtxt",        "grappler_while_loop.pbtxt",
    "loops_and_queues.pbtxt",        "loops_and_resource_vars.pbtxt",
    "merge_without_loops.pbtxt",     "metrics_export_meta_graph.pbtxt",
    "mlir_graph-while-loop.pbtxt",   "nested_loop.pbtxt",
    "queues_and_loops.pbtxt",        "saved_model_half_plus_two.pbtxt",
    "while_loop_var_handle_op.pbtxt"};

// The message each file holds (README.md of ../shared/graphdefs).
GraphFileMessage expected_message(const std::string& file) {
  if (file == "metrics_export_meta_graph.pbtxt") return GraphFileMessage::MetaGraphDef;
  if (file == "saved_model_half_plus_two.pbtxt") return GraphFileMessage::SavedModel;
  return GraphFileMessage::GraphDef;
}

std::string error_of(const std::string& name, const std::string& bytes,
                     const std::string& tag = "") {
  try {
    tfmc::sem::parse_graph_file(name, bytes, tag);
  } catch (const tfmc::sem::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("every shared GraphDef file reads as text, as the message it holds", "[graphdef]") {
  for (const std::string& file : kFiles) {
    INFO(file);
    const GraphFile g = tfmc::sem::read_graph_file(shared_graph(file));
    CHECK(g.form == GraphFileForm::Text);
    CHECK(g.message == expected_message(file));
    CHECK(g.graph.node_size() > 0);
    // Every input names a node of the same graph (a check the README reports as passing).
    std::set<std::string> names;
    for (const auto& n : g.graph.node()) names.insert(n.name());
    CHECK(names.size() == static_cast<std::size_t>(g.graph.node_size()));
    for (const auto& n : g.graph.node()) {
      for (const std::string& in : n.input()) CHECK(names.count(input_node(in)) == 1);
    }
  }
}

TEST_CASE("the shared files hold the ops their README counts", "[graphdef]") {
  const GraphFile vars = tfmc::sem::read_graph_file(shared_graph("loops_and_resource_vars.pbtxt"));
  const auto v = op_counts(vars.graph);
  CHECK(v.at("VarHandleOp") == 1);
  CHECK(v.at("AssignVariableOp") == 1);
  CHECK(v.at("ReadVariableOp") == 3);
  CHECK(v.at("VarIsInitializedOp") == 1);
  CHECK(v.at("Enter") == 5);
  CHECK(v.at("Exit") == 4);
  CHECK(v.at("Merge") == 4);
  CHECK(v.at("Switch") == 4);
  CHECK(v.at("NextIteration") == 4);
  CHECK(v.at("LoopCond") == 2);
  CHECK(control_inputs(vars.graph) == 6);

  // CRLF line ends and the compact one-line syntax.
  const GraphFile crlf = tfmc::sem::read_graph_file(shared_graph("while_loop_var_handle_op.pbtxt"));
  const auto c = op_counts(crlf.graph);
  CHECK(c.at("VarHandleOp") == 1);
  CHECK(c.at("ReadVariableOp") == 1);
  CHECK(c.at("Enter") == 2);
  CHECK(c.at("LoopCond") == 1);
  CHECK(control_inputs(crlf.graph) == 2);

  // A text MetaGraphDef: the graph inside meta_info_def/graph_def/collection_def.
  const GraphFile metrics =
      tfmc::sem::read_graph_file(shared_graph("metrics_export_meta_graph.pbtxt"));
  const auto m = op_counts(metrics.graph);
  CHECK(m.at("VariableV2") == 2);
  CHECK(m.at("Assign") == 2);
  CHECK(m.at("AssignAdd") == 2);
  CHECK(m.at("FIFOQueueV2") == 1);
  CHECK(m.at("QueueEnqueueV2") == 4);
  CHECK(m.at("QueueDequeueV2") == 1);
  CHECK(control_inputs(metrics.graph) == 3);

  // A text SavedModel with C-escaped bytes in its collection_def.
  const GraphFile saved =
      tfmc::sem::read_graph_file(shared_graph("saved_model_half_plus_two.pbtxt"));
  const auto s = op_counts(saved.graph);
  CHECK(s.at("Variable") == 4);
  CHECK(s.at("Assign") == 8);
  CHECK(control_inputs(saved.graph) == 12);

  const GraphFile queues = tfmc::sem::read_graph_file(shared_graph("queues_and_loops.pbtxt"));
  CHECK(op_counts(queues.graph).at("FIFOQueueV2") == 2);
  CHECK(control_inputs(queues.graph) == 3);
}

TEST_CASE("a node's attributes and tensors read with TensorFlow's field numbers", "[graphdef]") {
  const GraphFile g = tfmc::sem::parse_graph_file(
      "t.pbtxt",
      "node { name: \"c\" op: \"Const\"\n"
      "  attr { key: \"dtype\" value { type: DT_FLOAT } }\n"
      "  attr { key: \"value\" value { tensor { dtype: DT_FLOAT tensor_shape { dim { size: 2 } }\n"
      "    float_val: 1.5 float_val: -2 } } } }\n"
      "node { name: \"v\" op: \"VariableV2\" attr { key: \"dtype\" value { type: DT_FLOAT_REF } } "
      "}\n"
      "node { name: \"a\" op: \"Assign\" input: \"v\" input: \"c:0\" input: \"^v\" device: "
      "\"/cpu:0\"\n"
      "  attr { key: \"_class\" value { list { s: \"loc:@v\" } } } }\n"
      "versions { producer: 27 }\n");
  REQUIRE(g.graph.node_size() == 3);
  const auto& c = g.graph.node(0);
  const auto& t = c.attr().at("value").tensor();
  CHECK(t.dtype() == tfmc::tf::DT_FLOAT);
  CHECK(t.tensor_shape().dim(0).size() == 2);
  CHECK(t.float_val_size() == 2);
  CHECK(t.float_val(1) == -2.0f);
  CHECK(g.graph.node(1).attr().at("dtype").type() == tfmc::tf::DT_FLOAT_REF);
  const auto& a = g.graph.node(2);
  CHECK(a.input_size() == 3);
  CHECK(a.input(2) == "^v");
  CHECK(a.attr().at("_class").list().s(0) == "loc:@v");
}

TEST_CASE("binary GraphDef, MetaGraphDef and SavedModel read as what they are", "[graphdef]") {
  const GraphFile text = tfmc::sem::read_graph_file(shared_graph("loops_and_queues.pbtxt"));
  const std::string graph_bytes = text.graph.SerializeAsString();

  const GraphFile graph = tfmc::sem::parse_graph_file("g.pb", graph_bytes);
  CHECK(graph.form == GraphFileForm::Binary);
  CHECK(graph.message == GraphFileMessage::GraphDef);
  CHECK(same(graph.graph, text.graph));

  tfmc::tf::MetaGraphDef meta;
  meta.mutable_meta_info_def()->add_tags("serve");
  *meta.mutable_graph_def() = text.graph;
  const GraphFile from_meta = tfmc::sem::parse_graph_file("g.meta", meta.SerializeAsString());
  CHECK(from_meta.message == GraphFileMessage::MetaGraphDef);
  CHECK(same(from_meta.graph, text.graph));

  // Two MetaGraphs: the tag chooses, the first one is the default.
  tfmc::tf::SavedModel model;
  model.set_saved_model_schema_version(1);
  tfmc::tf::MetaGraphDef other;
  other.mutable_meta_info_def()->add_tags("train");
  *other.mutable_graph_def() =
      tfmc::sem::read_graph_file(shared_graph("feed-control-dep.pbtxt")).graph;
  *model.add_meta_graphs() = other;
  *model.add_meta_graphs() = meta;
  const std::string model_bytes = model.SerializeAsString();
  const GraphFile served = tfmc::sem::parse_graph_file("saved_model.pb", model_bytes, "serve");
  CHECK(served.message == GraphFileMessage::SavedModel);
  CHECK(same(served.graph, text.graph));
  CHECK(same(tfmc::sem::parse_graph_file("saved_model.pb", model_bytes).graph, other.graph_def()));
  CHECK(tfmc::sem::describe(served) == "binary SavedModel");

  // The same files written to disk.
  const std::string path = tfmc::test::write_test_file("loops.pb", graph_bytes);
  CHECK(tfmc::sem::read_graph_file(path).graph.node_size() == text.graph.node_size());
}

TEST_CASE("bad graph files are errors that say where", "[graphdef]") {
  // A text syntax error at its line and column.
  const std::string syntax = error_of("bad.pbtxt", "node {\n  name: \"a\"\n  op: Const\"\n}\n");
  CHECK(syntax.rfind("bad.pbtxt:3:", 0) == 0);
  CHECK(syntax.find(": error: ") != std::string::npos);
  // Text that is no GraphDef at all.
  CHECK(error_of("notes.txt", "hello world\n").rfind("notes.txt:1:", 0) == 0);
  // A truncated binary GraphDef.
  const std::string bytes =
      tfmc::sem::read_graph_file(shared_graph("nested_loop.pbtxt")).graph.SerializeAsString();
  CHECK(error_of("cut.pb", bytes.substr(0, bytes.size() / 2)) ==
        "cut.pb: error: not a TensorFlow graph: neither protobuf text nor a binary GraphDef, "
        "MetaGraphDef or SavedModel (a truncated or corrupt file?)\n");
  // Binary garbage.
  CHECK(
      error_of("noise.pb", std::string("\x00\xff\x13\x07\x99", 5)).rfind("noise.pb: error: ", 0) ==
      0);
  // A SavedModel without the tag asked for.
  tfmc::tf::SavedModel model;
  auto* meta = model.add_meta_graphs();
  meta->mutable_meta_info_def()->add_tags("serve");
  meta->mutable_graph_def()->add_node()->set_name("n");
  meta->mutable_graph_def()->mutable_node(0)->set_op("NoOp");
  CHECK(error_of("saved_model.pb", model.SerializeAsString(), "train") ==
        "saved_model.pb: error: no MetaGraph of the SavedModel has the tag 'train' (its tags: "
        "serve)\n");
  // A file that cannot be read.
  CHECK_THROWS_WITH(tfmc::sem::read_graph_file("/nonexistent/g.pb"),
                    "/nonexistent/g.pb: error: cannot read the file\n");
}

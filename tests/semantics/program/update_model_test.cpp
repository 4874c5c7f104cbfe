// split_updates(): the RFC's read, compute, write model of resource updates against the
// executor's atomic updates. Outcome sets are worked out by hand in the comments.
#include "semantics/program/update_model.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "support/files.h"
#include "tests/semantics/program/program_checks.h"

namespace {

using namespace tfmc;
using Outcomes = std::set<std::string>;

using test::explore;
using test::node;
using test::node_names;

// The names of the nodes at the source of n's control edges.
std::set<std::string> after_of(const sem::Program& p, const sem::Node& n) {
  std::set<std::string> names;
  for (std::int32_t e : n.controls) {
    if (p.edges[e].src != sem::kNone) names.insert(p.nodes[p.edges[e].src].name);
  }
  return names;
}

sem::Program load_spec(const std::string& path, sem::ValueStore& values) {
  return sem::load_program(test::source_path(path), {}, values);
}

}  // namespace

TEST_CASE("the RFC's two increments: X = 2 under executor, 1 or 2 under rfc",
          "[semantics][update_model]") {
  // Atomic AssignAdds commute: X = 2. Split, both reads may see 0 before either write: X = 1.
  sem::ValueStore values;
  const sem::Program p = load_spec("specs/rfc/increment_atomic.tfg", values);
  CHECK(explore(p, values) == test::spec_outcome_texts("specs/rfc/increment_atomic.tfg"));
  const sem::Program rfc = sem::split_updates(p);
  CHECK(explore(rfc, values) == Outcomes{" | X=i32{1}", " | X=i32{2}"});
  // The same outcomes as the RFC's own read, compute, write graph.
  const std::string read_compute_write = "specs/rfc/increment_read_compute_write.tfg";
  CHECK(explore(load_spec(read_compute_write, values), values) ==
        test::spec_outcome_texts(read_compute_write));
  CHECK(node_names(rfc) == std::set<std::string>{"one", "one~copy1", "ia~read", "ia~update", "ia",
                                                 "&X@ia~read", "&X@ia", "ib~read", "ib~update",
                                                 "ib", "&X@ib~read", "&X@ib"});
  const sem::Node& read = node(rfc, "ia~read");
  const sem::Node& update = node(rfc, "ia~update");
  const sem::Node& write = node(rfc, "ia");
  CHECK(read.kind == sem::NodeKind::Read);
  CHECK(read.implicit);
  CHECK(update.kind == sem::NodeKind::Function);
  CHECK(update.op == "Add");
  CHECK(write.kind == sem::NodeKind::Assign);
  CHECK(write.op == "Write");
  CHECK(rfc.functions.get(write.function).kind == sem::FunctionKind::Snd);
  CHECK_FALSE(write.implicit);
}

TEST_CASE("`after` enters the read and `after a` waits for the write",
          "[semantics][update_model]") {
  // a reads after p wrote 5, writes 6; r reads after a's write: 6 in both models. Had the
  // read not waited for p it could read 0 (x = 1 or 5); had r waited only for the read, r
  // could be 5.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("after.tfg", R"(var x = i32{0}
one = Const {value=i32{1}}
five = Const {value=i32{5}}
p = Write(&x, five)
a = AssignAdd(&x, one) after p
r = Read(&x) after a
output r
)",
                                                {}, values);
  const sem::Program rfc = sem::split_updates(p);
  CHECK(after_of(rfc, node(rfc, "a~read")) == std::set<std::string>{"p"});
  CHECK(after_of(rfc, node(rfc, "a")).empty());
  CHECK(after_of(rfc, node(rfc, "r")) == std::set<std::string>{"a"});
  CHECK(explore(p, values) == Outcomes{"r=i32{6} | x=i32{6}"});
  CHECK(explore(rfc, values) == Outcomes{"r=i32{6} | x=i32{6}"});
}

TEST_CASE("an explicit Var keeps feeding the read, and the write gets &x@a",
          "[semantics][update_model]") {
  // v waits for p, so the read (fed by v) does too: 6 as above, in both models.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("var.tfg", R"(var x = i32{0}
one = Const {value=i32{1}}
five = Const {value=i32{5}}
p = Write(&x, five)
v = Var(x) after p
a = AssignAdd(v, one)
output one
)",
                                                {}, values);
  const sem::Program rfc = sem::split_updates(p);
  CHECK(node_names(rfc) == std::set<std::string>{"one", "one~copy1", "five", "p", "&x@p", "v",
                                                 "a~read", "a~update", "a", "&x@a"});
  CHECK(rfc.nodes[rfc.edges[node(rfc, "a~read").inputs[0]].src].name == "v");
  CHECK(explore(p, values) == Outcomes{"one=i32{1} | x=i32{6}"});
  CHECK(explore(rfc, values) == Outcomes{"one=i32{1} | x=i32{6}"});
}

TEST_CASE("blind writes are not split", "[semantics][update_model]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("w.tfg", R"(var x = A
input B
w = Write(&x, B)
s = Assign(&x, B) {f=Snd}
)",
                                                {}, values);
  const sem::Program rfc = sem::split_updates(p);
  CHECK(node_names(rfc) == node_names(p));
  CHECK(rfc.edges.size() == p.edges.size());
}

TEST_CASE("ApplyGradientDescent: atomic steps commute, split ones may lose a step",
          "[semantics][update_model]") {
  // Two steps on w = W with rates a and gradients d1, d2. Executor: both steps apply, in
  // either order. Rfc: also both read W before either writes, and the last write wins.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("gd.tfg", R"(var w = W
input a
input d1
input d2
g1 = ApplyGradientDescent(&w, a, d1)
g2 = ApplyGradientDescent(&w, a, d2)
)",
                                                {}, values);
  const Outcomes both = {" | w=Sub(Sub(W, Mul(a, d1)), Mul(a, d2))",
                         " | w=Sub(Sub(W, Mul(a, d2)), Mul(a, d1))"};
  CHECK(explore(p, values) == both);
  Outcomes lost = both;
  lost.insert(" | w=Sub(W, Mul(a, d1))");
  lost.insert(" | w=Sub(W, Mul(a, d2))");
  const sem::Program rfc = sem::split_updates(p);
  CHECK(explore(rfc, values) == lost);
  CHECK(node(rfc, "g1~update").inputs.size() == 3);  // (read, a, d1)
}

TEST_CASE("an f that fails on valid inputs: stored under executor, dropped under rfc",
          "[semantics][update_model]") {
  // f32[2] + f32[3] is Error(shape): the executor's atomic update stores it; under rfc the
  // compute step yields it and the Write of an error leaves x unchanged.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("err.tfg", R"(var x = f32[2]{1, 2}
t = Const {value=f32[3]{1}}
a = AssignAdd(&x, t)
)",
                                                {}, values);
  CHECK(explore(p, values) == Outcomes{" | x=Error(shape)"});
  CHECK(explore(sem::split_updates(p), values) == Outcomes{" | x=f32[2]{1, 2}"});
}

TEST_CASE("the parts of an update share its section", "[semantics][update_model]") {
  // Read, compute and write of a belong to a's section (what keeps another execution's
  // section nodes out between them); the new Var, like every implicit Var, to none.
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text("sec.tfg", R"(var x = i32{0}
one = Const {value=i32{1}}
a = AssignAdd(&x, one)
section s : a
)",
                                                {}, values);
  const sem::Program rfc = sem::split_updates(p);
  CHECK(node(rfc, "a~read").section == 0);
  CHECK(node(rfc, "a~update").section == 0);
  CHECK(node(rfc, "a").section == 0);
  CHECK(node(rfc, "&x@a").section == sem::kNone);
  CHECK(explore(rfc, values) == Outcomes{" | x=i32{1}"});
}

TEST_CASE("update model names", "[semantics][update_model]") {
  CHECK(std::string(sem::update_model_name(sem::UpdateModel::Rfc)) == "rfc");
  CHECK(std::string(sem::update_model_name(sem::UpdateModel::Executor)) == "executor");
}

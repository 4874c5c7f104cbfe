// The towers of one program (checker/api/program_towers.h): read-add-write towers on one
// variable as tfmc_gen_bench's lost_update writes them, towers that differ in a constant, an
// attribute or the order of an edge (none then), towers with their own outputs, and the copies
// that --concurrent makes.
#include "checker/api/program_towers.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "checker/api/session.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/model/graph_model.h"
#include "support/files.h"
#include "support/programs.h"

namespace {

using tfmc::test::lost_update_program;

// Tower i of lost_update, x = x + 1 without atomicity, as `lines` say it with {0} for i.
std::string tower(int i, const std::string& lines =
                             "r{0} = Read(&x)\nc{0} = Const {value=i32{1}}\n"
                             "a{0} = Add(r{0}, c{0})\nw{0} = Write(&x, a{0})\n") {
  std::string text;
  std::size_t from = 0;
  for (std::size_t at = lines.find("{0}"); at != std::string::npos; at = lines.find("{0}", from)) {
    text += lines.substr(from, at - from) + std::to_string(i);
    from = at + 3;
  }
  return text + lines.substr(from);
}

struct Found {
  std::vector<std::size_t> classes;
  std::size_t generators = 0, ignored = 0;
  std::string why_not;
};

Found towers(const std::string& text, std::uint32_t concurrent = 1,
             std::size_t max_vertices = tfmc::api::kMaxTowerSearchVertices) {
  tfmc::api::SessionOptions session;
  session.files = {tfmc::test::write_test_file("towers.tfg", text)};
  session.concurrent = concurrent;
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program = tfmc::api::load_session(session, values);
  tfmc::eval::CpuEvaluator evaluator;
  const tfmc::sem::GraphModel model(program, values, evaluator);
  Found found;
  const tfmc::api::ProgramTowers t =
      tfmc::api::program_towers(program, model, max_vertices, SIZE_MAX, found.why_not);
  if (t.symmetry) found.classes = t.symmetry->class_sizes();
  found.generators = t.generators;
  found.ignored = t.ignored_generators;
  return found;
}

}  // namespace

TEST_CASE("the towers of lost_update 4 are one class of four", "[checker][symmetry]") {
  const Found f = towers(lost_update_program(4));
  CHECK(f.classes == std::vector<std::size_t>{4});
  CHECK(f.generators == 3);
  CHECK(f.ignored == 0);
  CHECK(towers(lost_update_program(12)).classes == std::vector<std::size_t>{12});
  // One tower alone has no automorphism but the identity.
  const Found one = towers(lost_update_program(1));
  CHECK(one.classes.empty());
  CHECK(one.why_not == "the program's graph has no automorphisms that fix its variables");
}

TEST_CASE("towers that differ in a constant, an attribute or an edge order are not towers",
          "[checker][symmetry]") {
  const std::string var = "var x = i32{0}\n";
  // A constant: tower 2 adds 2.
  const std::string adds_two =
      "r{0} = Read(&x)\nc{0} = Const {value=i32{2}}\na{0} = Add(r{0}, c{0})\nw{0} = Write(&x, "
      "a{0})\n";
  const Found constant = towers(var + tower(1) + tower(2, adds_two));
  CHECK(constant.classes.empty());
  CHECK(constant.generators == 0);
  // An attribute: both sum their read (a scalar, so alike in value) before adding, one with
  // keep_dims.
  const std::string summed =
      "r{0} = Read(&x)\ns{0} = Sum(r{0}) {keep_dims=KEEP}\nc{0} = Const {value=i32{1}}\n"
      "a{0} = Add(s{0}, c{0})\nw{0} = Write(&x, a{0})\n";
  const auto keep = [&](const std::string& value) {
    const std::size_t at = summed.find("KEEP");
    return summed.substr(0, at) + value + summed.substr(at + 4);
  };
  CHECK(towers(var + tower(1, keep("false")) + tower(2, keep("false"))).classes ==
        std::vector<std::size_t>{2});
  CHECK(towers(var + tower(1, keep("false")) + tower(2, keep("true"))).classes.empty());
  // An edge order: tower 2 adds the other way round.
  const std::string reversed =
      "r{0} = Read(&x)\nc{0} = Const {value=i32{1}}\na{0} = Add(c{0}, r{0})\nw{0} = Write(&x, "
      "a{0})\n";
  CHECK(towers(var + tower(1) + tower(2, reversed)).classes.empty());
  // With a third tower like the first, those two are a class and the odd one is shared.
  CHECK(towers(var + tower(1) + tower(2, adds_two) + tower(3)).classes ==
        std::vector<std::size_t>{2});
}

TEST_CASE("towers with outputs of their own and concurrent copies are towers",
          "[checker][symmetry]") {
  CHECK(towers(lost_update_program(3) + "output r1\noutput r2\noutput r3\n").classes ==
        std::vector<std::size_t>{3});
  // A tower whose read is an output and one whose read is not are different.
  CHECK(towers(lost_update_program(2) + "output r1\n").classes.empty());
  // --concurrent 3 of one tower: the copies; of two towers: all six.
  CHECK(towers(lost_update_program(1), 3).classes == std::vector<std::size_t>{3});
  CHECK(towers(lost_update_program(2), 3).classes == std::vector<std::size_t>{6});
  // Variables are fixed: towers on different variables are not swapped.
  CHECK(towers("var x = i32{0}\nvar y = i32{0}\nr1 = Read(&x)\nr2 = Read(&y)\n").classes.empty());
  // A critical section names its holder: no towers.
  const Found guarded = towers(lost_update_program(2) + "section s : r1, a1, w1\n");
  CHECK(guarded.classes.empty());
  CHECK(guarded.why_not == "the program has critical sections");
}

TEST_CASE("towers of graphs past twenty thousand nodes and edges are found class by class",
          "[checker][symmetry]") {
  // 600 variables with 2, 3 and 4 towers each in turn, 1,800 towers: variables are fixed, so
  // each variable's towers are a class.
  std::string text;
  std::vector<std::size_t> sizes;
  for (int v = 0; v < 600; ++v) {
    text += fmt::format("var x{} = i32{{0}}\n", v);
    sizes.push_back(2 + v % 3);
    for (std::size_t i = 1; i <= sizes.back(); ++i) {
      text += fmt::format(
          "r{0}_{1} = Read(&x{0})\nc{0}_{1} = Const {{value=i32{{1}}}}\n"
          "a{0}_{1} = Add(r{0}_{1}, c{0}_{1})\nw{0}_{1} = Write(&x{0}, a{0}_{1})\n",
          v, i);
    }
  }
  const Found f = towers(text);
  CHECK(f.classes == sizes);
  CHECK(f.generators == 1800 - 600);
  CHECK(f.ignored == 0);
}

TEST_CASE("a graph past the search's bound has no towers, and the reason names the bound",
          "[checker][symmetry]") {
  // lost_update 4: four towers of 6 nodes (their Var nodes included) and their edges, more
  // than 20 vertices and fewer than 60.
  const Found searched = towers(lost_update_program(4), 1, 60);
  CHECK(searched.classes == std::vector<std::size_t>{4});
  const Found skipped = towers(lost_update_program(4), 1, 20);
  CHECK(skipped.classes.empty());
  CHECK(skipped.generators == 0);
  CHECK(skipped.why_not.find("more than the 20 its automorphism search takes") !=
        std::string::npos);
}

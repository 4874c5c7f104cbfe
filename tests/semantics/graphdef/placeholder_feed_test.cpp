// Feeds checked as Session.run checks them (FORMAT.md, "TensorFlow graph files"): a literal fed
// to a placeholder must have its dtype and a shape its `shape` attribute admits, an unknown
// dimension taking any size; a symbol stands for any value. A GraphDef with one f32[?,4]
// placeholder, written by hand in TensorFlow's text form.
#include <catch2/catch.hpp>
#include <string>

#include "support/files.h"
#include "support/tfmc_run.h"

namespace {

const char* kGraph = R"(node {
  name: "x"
  op: "Placeholder"
  attr { key: "dtype" value { type: DT_FLOAT } }
  attr { key: "shape" value { shape { dim { size: -1 } dim { size: 4 } } } }
}
node {
  name: "y"
  op: "Identity"
  input: "x"
  attr { key: "T" value { type: DT_FLOAT } }
}
)";

}  // namespace

TEST_CASE("a fed value must have the placeholder's dtype and a shape it admits",
          "[graphdef][feeds]") {
  const std::string file = tfmc::test::write_test_file("feed_shapes.pbtxt", kGraph);
  const auto run = [&](const std::string& feed) {
    return tfmc::test::tfmc_run({"check", file, "--fetch", "y", "--feed", feed, "--quiet"});
  };
  // Any number of rows of 4; a symbol.
  CHECK(run("x=f32[3,4]{0}").code == 0);
  CHECK(run("x=f32[0,4]{}").code == 0);
  CHECK(run("x:0=X").code == 0);
  for (const auto& [feed, got] : {std::pair{"x=f32{1}", "f32[]"},
                                  {"x=f32[2,3]{0}", "f32[2,3]"},
                                  {"x=f32[4]{0}", "f32[4]"},
                                  {"x:0=i32[1,4]{0}", "i32[1,4]"}}) {
    INFO(feed);
    const auto r = run(feed);
    CHECK(r.code == 2);
    const std::string name = std::string(feed).substr(0, std::string(feed).find('='));
    CHECK(r.err == file + ": error: --feed " + (name == "x:0" ? "x" : name) +
                       ": cannot feed a value of " + got +
                       " to placeholder 'x', which is f32[?,4]\n");
  }
}

// The shape and index ops (gpu_eval/cpu_layout_ops.h, cpu_slice_ops.h, cpu_pad_ops.h,
// cpu_index_ops.h) against TensorFlow: every case of shape_op_cases.inc, written by
// tools/tf/make_shape_op_cases.py from tf.raw_ops calls of TensorFlow 2.21 on the CPU, made
// into a function by the catalog from its attribute text as a .tfg node would be, gives
// TensorFlow's results exactly, or Error(shape) where TensorFlow's kernel refuses the
// arguments. The index arguments TensorFlow's op definitions refuse give Error(type).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/catalog_function.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct ShapeOpCase {
  const char* op;
  const char* attrs;  // `key=value` joined by ';'
  std::vector<const char*> arguments;
  std::vector<const char*> results;  // TensorFlow's, or Error(shape)
};

const std::vector<ShapeOpCase>& cases() {
  static const std::vector<ShapeOpCase> kCases = {
#include "shape_op_cases.inc"
  };
  return kCases;
}

// The results of `op` {attrs} on literal arguments, printed; an error as `Error(kind)`.
std::vector<std::string> evaluate(const std::string& op, const std::string& attrs,
                                  const std::vector<std::string>& arguments) {
  return test::printed_results(op, test::attribute_texts(attrs), arguments);
}

std::string run(const std::string& op, const std::string& attrs,
                const std::vector<std::string>& arguments) {
  const std::vector<std::string> results = evaluate(op, attrs, arguments);
  REQUIRE(results.size() == 1);
  return results[0];
}

std::string joined(const std::vector<std::string>& arguments) {
  std::string out;
  for (const std::string& a : arguments) out += (out.empty() ? "" : ", ") + a;
  return out;
}

// Whether the catalog refuses `op` {attrs} when the file is read.
using test::refused;

std::string head(const std::string& op, const std::string& attrs, std::size_t arguments) {
  return test::catalog_function(op, test::attribute_texts(attrs), arguments).head;
}

}  // namespace

TEST_CASE("the shape and index ops give TensorFlow's results and errors", "[shape_ops]") {
  REQUIRE(cases().size() == 451);
  for (const ShapeOpCase& c : cases()) {
    const std::vector<std::string> arguments(c.arguments.begin(), c.arguments.end());
    INFO(c.op << " {" << c.attrs << "} on " << joined(arguments));
    const std::vector<std::string> got = evaluate(c.op, c.attrs, arguments);
    REQUIRE(got.size() == c.results.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
      const std::string want = c.results[k];
      if (want.rfind("Error(", 0) == 0) {
        CHECK(got[k] == want);
      } else {
        INFO("got " << got[k] << ", TensorFlow " << want);
        CHECK((got[k].rfind("Error(", 0) != 0 && test::literal(got[k]) == test::literal(want)));
      }
    }
  }
}

TEST_CASE("an index argument of another dtype than i32 or i64 is a type error", "[shape_ops]") {
  const std::string x = "f32[2,2]{1, 2, 3, 4}";
  CHECK(run("ExpandDims", "", {x, "f32{0}"}) == "Error(type)");
  CHECK(run("Transpose", "", {x, "i32[2]{1, 0}"}) == "f32[2,2]{1, 3, 2, 4}");
  CHECK(run("Transpose", "", {x, "f32[2]{1, 0}"}) == "Error(type)");
  // A type error comes before a shape error.
  CHECK(run("Slice", "", {x, "f32[2,2]{0}", "i32[5]{1}"}) == "Error(type)");
  CHECK(run("StridedSlice", "", {x, "i32[1]{0}", "i32[1]{1}", "bool[1]{true}"}) == "Error(type)");
  CHECK(run("Pad", "", {x, "f32[2,2]{0}"}) == "Error(type)");
  CHECK(run("PadV2", "", {x, "i32[2,2]{0}", "f64{0}"}) == "Error(type)");
  CHECK(run("MirrorPad", "", {x, "f64[2,2]{0}"}) == "Error(type)");
  CHECK(run("GatherV2", "", {x, "f32[1]{0}", "i32{0}"}) == "Error(type)");
  CHECK(run("GatherV2", "", {x, "i32[1]{0}", "f32{0}"}) == "Error(type)");
  CHECK(run("OneHot", "", {"f32[1]{0}", "i32{2}", "f32{1}", "f32{0}"}) == "Error(type)");
  CHECK(run("OneHot", "", {"i32[1]{0}", "f32{2}", "f32{1}", "f32{0}"}) == "Error(type)");
  CHECK(run("OneHot", "", {"i32[1]{0}", "i32{2}", "f32{1}", "f64{0}"}) == "Error(type)");
  CHECK(run("BroadcastTo", "", {x, "f32[2]{2}"}) == "Error(type)");
}

TEST_CASE("index arguments may mix i32 and i64", "[shape_ops]") {
  // TensorFlow's op definitions give them one dtype; tfmc takes each as it comes.
  const std::string x = "i32[2,3]{1, 2, 3, 4, 5, 6}";
  CHECK(run("Slice", "", {x, "i64[2]{1, 0}", "i32[2]{1, -1}"}) == "i32[1,3]{4, 5, 6}");
  CHECK(run("StridedSlice", "", {x, "i32[1]{1}", "i64[1]{2}", "i32[1]{1}"}) == "i32[1,3]{4, 5, 6}");
  CHECK(run("OneHot", "", {"i32[2]{1, 0}", "i64{2}", "i32{1}", "i32{0}"}) ==
        "i32[2,2]{0, 1, 1, 0}");
}

TEST_CASE("the shape and index ops' attributes are checked when the file is read", "[shape_ops]") {
  CHECK(refused("Squeeze", "squeeze_dims=1", 1));
  CHECK(refused("StridedSlice", "begin_mask=4294967296", 4));
  CHECK(refused("StridedSlice", "end_mask=REFLECT", 4));
  CHECK(refused("MirrorPad", "mode=CONSTANT", 2));
  CHECK(refused("GatherV2", "batch_dims=[1]", 3));
  CHECK(refused("Size", "out_type=f32", 1));
  CHECK(refused("Rank", "out_type=i64", 1));
  CHECK(refused("Where", "axis=0", 1));
  // Terms show the attributes that differ from their defaults.
  CHECK(head("StridedSlice", "begin_mask=0;shrink_axis_mask=-1", 4) ==
        "StridedSlice{shrink_axis_mask=-1}");
  CHECK(head("Squeeze", "squeeze_dims=[0,-1]", 1) == "Squeeze{squeeze_dims=[0,-1]}");
  CHECK(head("Squeeze", "squeeze_dims=[]", 1) == "Squeeze");
  CHECK(head("MirrorPad", "mode=REFLECT", 2) == "MirrorPad");
  CHECK(head("MirrorPad", "mode=SYMMETRIC", 2) == "MirrorPad{mode=SYMMETRIC}");
  CHECK(head("OneHot", "axis=-1", 4) == "OneHot");
  CHECK(head("OneHot", "axis=0", 4) == "OneHot{axis=0}");
  CHECK(head("GatherV2", "batch_dims=1", 3) == "GatherV2{batch_dims=1}");
  CHECK(head("ShapeN", "out_type=i64", 3) == "ShapeN{out_type=i64}");
}

TEST_CASE("ShapeN has one output per argument", "[shape_ops]") {
  CHECK(evaluate("ShapeN", "", {"f32[2]{0}", "bool{true}", "i64[1,0]{}"}) ==
        std::vector<std::string>{"i32[1]{2}", "i32[0]{}", "i32[2]{1, 0}"});
}

// The checkpoints real TensorFlow wrote (testdata/checkpoint/, tools/tf/make_checkpoints.py):
// every key of each is read and compared with what TensorFlow read back from it (NAME.expected:
// key, dtype, shape, the elements' bytes), and a few values the script fixes are checked here
// by hand, so that the comparison cannot pass on an empty or misread list.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "semantics/checkpoint/tensor_bundle.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/tf_tensors.h"
#include "support/files.h"

namespace {

using tfmc::eval::DType;
using tfmc::eval::Tensor;
using tfmc::sem::TensorBundle;

std::string prefix(const std::string& name) {
  return tfmc::test::source_path("testdata/checkpoint/" + name);
}

struct Expected {
  std::string key, dtype, shape, hex;
};

std::vector<Expected> expected(const std::string& name) {
  std::istringstream in(tfmc::test::read_file(prefix(name) + ".expected"));
  std::vector<Expected> out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    Expected e;
    std::getline(fields, e.key, '\t');
    std::getline(fields, e.dtype, '\t');
    std::getline(fields, e.shape, '\t');
    std::getline(fields, e.hex, '\t');
    out.push_back(e);
  }
  return out;
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
  return fmt::format("{}", fmt::join(shape, "x"));
}

std::string hex(const std::vector<std::uint8_t>& bytes) {
  std::string out;
  for (const std::uint8_t b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

template <typename T>
std::vector<T> elements(const Tensor& t) {
  std::vector<T> out(t.bytes.size() / sizeof(T));
  std::memcpy(out.data(), t.bytes.data(), t.bytes.size());
  return out;
}

// Reads every key of the bundle NAME and compares it with NAME.expected; returns the number of
// tensors compared byte for byte.
int check_against_tensorflow(const std::string& name) {
  const TensorBundle bundle = TensorBundle::open(prefix(name));
  const std::vector<Expected> lines = expected(name);
  std::vector<std::string> expected_keys;
  for (const Expected& e : lines) expected_keys.push_back(e.key);
  REQUIRE(bundle.keys() == expected_keys);
  int compared = 0;
  for (const Expected& e : lines) {
    INFO(name << ": " << e.key);
    CHECK(bundle.contains(e.key));
    const tfmc::sem::TensorSpec spec = bundle.spec(e.key);
    CHECK(tfmc::sem::tf_type_name(spec.dtype) == e.dtype);
    CHECK(shape_text(spec.shape) == e.shape);
    if (e.hex == "-") {
      CHECK_THROWS_WITH(bundle.tensor(e.key),
                        Catch::Contains("dtype " + e.dtype + " is not one tfmc has"));
      continue;
    }
    const Tensor t = bundle.tensor(e.key);
    CHECK(shape_text(t.shape) == e.shape);
    CHECK(t.dtype == *tfmc::sem::dtype_of(spec.dtype));
    CHECK(hex(t.bytes) == e.hex);
    ++compared;
  }
  return compared;
}

}  // namespace

TEST_CASE("checkpoint: a TF1 Saver's variables of every dtype", "[checkpoint]") {
  CHECK(check_against_tensorflow("tf1_saver") == 6);
  const TensorBundle bundle = TensorBundle::open(prefix("tf1_saver"));
  CHECK(bundle.keys() == std::vector<std::string>{"f32", "f64", "flags", "i32", "i64", "scalar"});
  CHECK_FALSE(bundle.contains(""));
  CHECK_FALSE(bundle.object_graph().has_value());

  const Tensor f32 = bundle.tensor("f32");
  CHECK(f32.dtype == DType::F32);
  CHECK(f32.shape == std::vector<std::int64_t>{2, 3});
  CHECK(elements<float>(f32) == std::vector<float>{1.5f, -2.25f, 0.0f, 3.0f, -0.0f, 1e-3f});
  CHECK(std::signbit(elements<float>(f32)[4]));
  CHECK(elements<double>(bundle.tensor("f64")) == std::vector<double>{0.1, -1e300, 2.0});
  CHECK(elements<std::int32_t>(bundle.tensor("i32")) ==
        std::vector<std::int32_t>{7, -8, 2147483647, -2147483647 - 1});
  CHECK(elements<std::int64_t>(bundle.tensor("i64")) ==
        std::vector<std::int64_t>{1, -1, std::int64_t{1} << 40, -(std::int64_t{1} << 62)});
  const Tensor flags = bundle.tensor("flags");
  CHECK(flags.dtype == DType::Bool);
  CHECK(flags.bytes == std::vector<std::uint8_t>{1, 0, 1});
  const Tensor scalar = bundle.tensor("scalar");
  CHECK(scalar.shape.empty());
  CHECK(elements<float>(scalar) == std::vector<float>{42.5f});
}

TEST_CASE("checkpoint: a Keras model and its Adam optimizer after one step", "[checkpoint]") {
  CHECK(check_against_tensorflow("keras_adam") == 14);
  const TensorBundle bundle = TensorBundle::open(prefix("keras_adam"));
  CHECK(elements<std::int64_t>(bundle.tensor("optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE")) ==
        std::vector<std::int64_t>{1});
  CHECK(elements<float>(bundle.tensor("optimizer/_learning_rate/.ATTRIBUTES/VARIABLE_VALUE")) ==
        std::vector<float>{0.1f});

  const auto graph = bundle.object_graph();
  REQUIRE(graph.has_value());
  // The root's children are the objects the script passed: model and optimizer.
  std::vector<std::string> root_children;
  for (const auto& child : graph->nodes(0).children()) root_children.push_back(child.local_name());
  CHECK(std::find(root_children.begin(), root_children.end(), "model") != root_children.end());
  CHECK(std::find(root_children.begin(), root_children.end(), "optimizer") != root_children.end());
  // Every checkpoint key an attribute names is a key of the bundle, and every tensor key but
  // the object graph's own is named by one.
  std::vector<std::string> named;
  for (const auto& node : graph->nodes()) {
    for (const auto& attribute : node.attributes()) {
      CHECK(bundle.contains(attribute.checkpoint_key()));
      named.push_back(attribute.checkpoint_key());
    }
  }
  std::sort(named.begin(), named.end());
  std::vector<std::string> keys = bundle.keys();
  keys.erase(std::find(keys.begin(), keys.end(), tfmc::sem::kObjectGraphKey));
  CHECK(named == keys);
}

TEST_CASE("checkpoint: an object graph with slot variables", "[checkpoint]") {
  CHECK(check_against_tensorflow("v1_slots") == 2);
  const TensorBundle bundle = TensorBundle::open(prefix("v1_slots"));
  // One step of momentum 0.9, learning rate 0.5 on sum(w * w) from w = [1, -2, 0.5]: the
  // accumulator is the gradient 2w, and w - 0.5 * 2w = 0.
  CHECK(elements<float>(bundle.tensor(
            "module/w/.OPTIMIZER_SLOT/optimizer/momentum/.ATTRIBUTES/VARIABLE_VALUE")) ==
        std::vector<float>{2.0f, -4.0f, 1.0f});
  CHECK(elements<float>(bundle.tensor("module/w/.ATTRIBUTES/VARIABLE_VALUE")) ==
        std::vector<float>{0.0f, 0.0f, 0.0f});

  const auto graph = bundle.object_graph();
  REQUIRE(graph.has_value());
  int slots = 0;
  for (const auto& node : graph->nodes()) {
    for (const auto& slot : node.slot_variables()) {
      ++slots;
      CHECK(slot.slot_name() == "momentum");
      const auto& variable = graph->nodes(slot.original_variable_node_id());
      const auto& accumulator = graph->nodes(slot.slot_variable_node_id());
      REQUIRE(variable.attributes_size() == 1);
      REQUIRE(accumulator.attributes_size() == 1);
      CHECK(variable.attributes(0).checkpoint_key() == "module/w/.ATTRIBUTES/VARIABLE_VALUE");
      CHECK(accumulator.attributes(0).checkpoint_key() ==
            "module/w/.OPTIMIZER_SLOT/optimizer/momentum/.ATTRIBUTES/VARIABLE_VALUE");
    }
  }
  CHECK(slots == 1);
}

TEST_CASE("checkpoint: a bundle in three data files", "[checkpoint]") {
  CHECK(check_against_tensorflow("sharded") == 3);
  const TensorBundle bundle = TensorBundle::open(prefix("sharded"));
  CHECK(elements<float>(bundle.tensor("module/a/.ATTRIBUTES/VARIABLE_VALUE")) ==
        std::vector<float>{-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f});
  CHECK(elements<std::int64_t>(bundle.tensor("module/b/.ATTRIBUTES/VARIABLE_VALUE")) ==
        std::vector<std::int64_t>{10, 20, 30});
  CHECK(elements<double>(bundle.tensor("module/c/.ATTRIBUTES/VARIABLE_VALUE")) ==
        std::vector<double>{0.5, 0.25, -8.0});
  CHECK(bundle.object_graph().has_value());
  // One variable in each of the first two data files, the rest in the third.
  for (int shard = 0; shard < 3; ++shard) {
    CHECK(std::filesystem::exists(prefix("sharded") + fmt::format(".data-{:05d}-of-00003", shard)));
  }
}

// The bundle reader on damaged checkpoints: real ones with a byte changed, a file cut or
// removed, and bundles written here with wrong entries. Each gives its own error, located by
// the index file and the tensor's key; tensors the damage does not touch still read.
#include <fmt/format.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "semantics/checkpoint/bundle_writer.h"
#include "semantics/checkpoint/crc32c.h"
#include "semantics/checkpoint/tensor_bundle.h"
#include "semantics/errors/diagnostics.h"
#include "support/files.h"

namespace {

namespace fs = std::filesystem;
using tfmc::sem::TensorBundle;
using tfmc::test::bundle_entry;
using tfmc::test::bundle_header;
using tfmc::test::write_bundle;

// The prefix "b" in an empty directory of this process's own named `name`.
std::string scratch_prefix(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("tfmc_test_{}", getpid()) / "checkpoint" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return (dir / "b").string();
}

// A copy of the checkpoint testdata/checkpoint/NAME under the prefix `scratch_prefix(copy)`.
std::string copy_of(const std::string& name, const std::string& copy) {
  const std::string prefix = scratch_prefix(copy);
  const fs::path source = tfmc::test::source_path("testdata/checkpoint");
  for (const auto& file : fs::directory_iterator(source)) {
    const std::string filename = file.path().filename().string();
    if (filename.rfind(name + ".", 0) == 0) {
      fs::copy_file(file.path(), prefix + filename.substr(name.size()));
    }
  }
  return prefix;
}

void rewrite(const std::string& path, const std::function<void(std::string&)>& change) {
  std::string bytes = tfmc::test::read_file(path);
  change(bytes);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The error `read` throws, which must be located in PREFIX.index; returned without that
// location and the line end. Fails the test when `read` throws none.
std::string error_of(const std::string& prefix, const std::function<void()>& read) {
  try {
    read();
  } catch (const tfmc::sem::InputError& e) {
    const std::string text = e.what();
    const std::string location = prefix + ".index: error: ";
    REQUIRE(text.rfind(location, 0) == 0);
    REQUIRE(text.back() == '\n');
    return text.substr(location.size(), text.size() - location.size() - 1);
  }
  FAIL("no error");
  return "";
}

std::string open_error(const std::string& prefix) {
  return error_of(prefix, [&] { TensorBundle::open(prefix); });
}

std::string tensor_error(const std::string& prefix, const std::string& key) {
  const TensorBundle bundle = TensorBundle::open(prefix);
  return error_of(prefix, [&] { bundle.tensor(key); });
}

std::string f32_bytes(std::initializer_list<float> values) {
  std::string out(values.size() * 4, '\0');
  std::memcpy(out.data(), values.begin(), out.size());
  return out;
}

// A bundle of one data file holding the single tensor `entry` under "x" (its bytes `data`).
std::string one_tensor(const std::string& name, const tfmc::tf::BundleEntryProto& entry,
                       const std::string& data) {
  const std::string prefix = scratch_prefix(name);
  write_bundle(prefix, bundle_header(1), {{"x", entry}}, {data});
  return prefix;
}

}  // namespace

TEST_CASE("checkpoint bundle: a bundle written here reads back", "[checkpoint]") {
  const std::string data = f32_bytes({1.0f, -2.0f});
  const std::string prefix =
      one_tensor("written", bundle_entry(tfmc::tf::DT_FLOAT, {2}, 0, 0, data), data);
  const tfmc::eval::Tensor t = TensorBundle::open(prefix).tensor("x");
  CHECK(t.shape == std::vector<std::int64_t>{2});
  CHECK(std::string(t.bytes.begin(), t.bytes.end()) == data);
}

TEST_CASE("checkpoint bundle: a damaged or missing index", "[checkpoint]") {
  const std::string missing = scratch_prefix("missing_index");
  CHECK(open_error(missing) == "no such checkpoint index file");

  const std::string truncated = copy_of("tf1_saver", "truncated_index");
  rewrite(truncated + ".index", [](std::string& b) { b.resize(20); });
  CHECK(open_error(truncated) == "truncated table: footer needs 48 bytes, file has 20");

  const std::string magic = copy_of("tf1_saver", "bad_magic");
  rewrite(magic + ".index", [](std::string& b) { b[b.size() - 8] ^= 0x10; });
  CHECK(open_error(magic) ==
        "not a table: bad magic number 0xdb4775248b80fb47 (expected 0xdb4775248b80fb57)");

  // The data block of tf1_saver.index: offset 0, 159 bytes, then the type and the crc32c.
  const std::string block = copy_of("tf1_saver", "block_crc");
  const std::string original = tfmc::test::read_file(block + ".index");
  rewrite(block + ".index", [](std::string& b) { b[30] ^= 0x01; });
  const std::string changed = tfmc::test::read_file(block + ".index");
  std::uint32_t stored_masked = 0;
  std::memcpy(&stored_masked, original.data() + 160, 4);
  CHECK(tfmc::sem::crc32c_unmask(stored_masked) ==
        tfmc::sem::crc32c(std::string_view(original).substr(0, 160)));
  CHECK(open_error(block) ==
        fmt::format("block at offset 0: crc32c mismatch (stored 0x{:08x}, computed 0x{:08x})",
                    tfmc::sem::crc32c_unmask(stored_masked),
                    tfmc::sem::crc32c(std::string_view(changed).substr(0, 160))));
}

TEST_CASE("checkpoint bundle: a tensor's bytes changed", "[checkpoint]") {
  // tf1_saver's "f32" is the first 24 bytes of its data file.
  const std::string prefix = copy_of("tf1_saver", "entry_crc");
  const std::string data = prefix + ".data-00000-of-00001";
  const std::string original = tfmc::test::read_file(data).substr(0, 24);
  rewrite(data, [](std::string& b) { b[3] ^= 0x40; });
  const std::string changed = tfmc::test::read_file(data).substr(0, 24);
  CHECK(tensor_error(prefix, "f32") ==
        fmt::format("tensor 'f32': crc32c mismatch (stored 0x{:08x}, computed 0x{:08x})",
                    tfmc::sem::crc32c(original), tfmc::sem::crc32c(changed)));
  CHECK(TensorBundle::open(prefix).tensor("f64").shape == std::vector<std::int64_t>{3});
}

TEST_CASE("checkpoint bundle: a data file missing or cut short", "[checkpoint]") {
  const std::string sharded = copy_of("sharded", "missing_shard");
  fs::remove(sharded + ".data-00001-of-00003");
  CHECK(tensor_error(sharded, "module/b/.ATTRIBUTES/VARIABLE_VALUE") ==
        "shard 'b.data-00001-of-00003' missing (tensor 'module/b/.ATTRIBUTES/VARIABLE_VALUE')");
  const TensorBundle rest = TensorBundle::open(sharded);
  CHECK(rest.tensor("module/a/.ATTRIBUTES/VARIABLE_VALUE").size() == 6);
  CHECK(rest.tensor("module/c/.ATTRIBUTES/VARIABLE_VALUE").size() == 3);

  // tf1_saver's "f64" lies at [24, 48) of its data file.
  const std::string short_shard = copy_of("tf1_saver", "short_shard");
  rewrite(short_shard + ".data-00000-of-00001", [](std::string& b) { b.resize(30); });
  CHECK(tensor_error(short_shard, "f64") ==
        "tensor 'f64': bytes [24, 24 + 24) lie outside shard 'b.data-00000-of-00001' (30 bytes)");
  CHECK(TensorBundle::open(short_shard).tensor("f32").size() == 6);
}

TEST_CASE("checkpoint bundle: sizes that do not match or lie far outside", "[checkpoint]") {
  using tfmc::tf::DT_FLOAT;
  const std::string data = f32_bytes({1, 2, 3, 4, 5});
  const std::string five =
      one_tensor("size_mismatch", bundle_entry(DT_FLOAT, {2, 3}, 0, 0, data), data);
  CHECK(tensor_error(five, "x") == "tensor 'x': size 20 does not match DT_FLOAT [2,3] (24 bytes)");

  auto far = bundle_entry(DT_FLOAT, {2}, 0, std::int64_t{1} << 62, data.substr(0, 8));
  CHECK(tensor_error(one_tensor("far_offset", far, data), "x") ==
        "tensor 'x': bytes [4611686018427387904, 4611686018427387904 + 8) lie outside shard "
        "'b.data-00000-of-00001' (20 bytes)");
  auto negative = bundle_entry(DT_FLOAT, {2}, 0, -4, data.substr(0, 8));
  CHECK(tensor_error(one_tensor("negative_offset", negative, data), "x") ==
        "tensor 'x': bytes [-4, -4 + 8) lie outside shard 'b.data-00000-of-00001' (20 bytes)");
  // A size that matches a shape far too large: refused before anything is read.
  auto huge = bundle_entry(DT_FLOAT, {std::int64_t{1} << 31, std::int64_t{1} << 31}, 0, 0, data);
  huge.set_size(std::int64_t{1} << 62);
  CHECK(tensor_error(one_tensor("huge", huge, data), "x") ==
        "tensor 'x' has 4611686018427387904 elements, more than tfmc's limit of 16777216");
  auto over_limit = bundle_entry(DT_FLOAT, {4096, 4097}, 0, 0, data);
  CHECK(tensor_error(one_tensor("over_limit", over_limit, data), "x") ==
        "tensor 'x' has 16781312 elements, more than tfmc's limit of 16777216");
  auto empty = bundle_entry(DT_FLOAT, {0, std::int64_t{1} << 40}, 0, 0, "");
  CHECK(TensorBundle::open(one_tensor("empty", empty, data)).tensor("x").bytes.empty());
}

TEST_CASE("checkpoint bundle: entries tfmc does not read", "[checkpoint]") {
  using tfmc::tf::DT_FLOAT;
  const std::string data = f32_bytes({1, 2});
  CHECK(tensor_error(one_tensor("half", bundle_entry(tfmc::tf::DT_HALF, {4}, 0, 0, data), data),
                     "x") ==
        "tensor 'x': dtype DT_HALF is not one tfmc has (DT_FLOAT, DT_DOUBLE, DT_INT32, "
        "DT_INT64, DT_BOOL)");
  auto sliced = bundle_entry(DT_FLOAT, {2}, 0, 0, data);
  sliced.add_slices("");
  CHECK(tensor_error(one_tensor("sliced", sliced, data), "x") ==
        "tensor 'x' is saved in slices; tfmc reads whole tensors only");
  CHECK(tensor_error(one_tensor("shard_id", bundle_entry(DT_FLOAT, {2}, 5, 0, data), data), "x") ==
        "tensor 'x' lies in data file 5 of a bundle of 1");
  const std::string bools = std::string("\x01\x00\x02", 3);
  CHECK(tensor_error(
            one_tensor("bool_byte", bundle_entry(tfmc::tf::DT_BOOL, {3}, 0, 0, bools), bools),
            "x") == "tensor 'x': bool element 2 is the byte 0x02, not 0 or 1");
  CHECK(tensor_error(one_tensor("no_key", bundle_entry(DT_FLOAT, {2}, 0, 0, data), data), "y") ==
        "no tensor 'y' in the checkpoint");
  CHECK_THROWS_AS(
      TensorBundle::open(one_tensor("spec", bundle_entry(DT_FLOAT, {2}, 0, 0, data), data))
          .spec("y"),
      tfmc::sem::InputError);
}

TEST_CASE("checkpoint bundle: bad headers and entries", "[checkpoint]") {
  using tfmc::tf::DT_FLOAT;
  const std::string data = f32_bytes({1, 2});
  const auto entry = bundle_entry(DT_FLOAT, {2}, 0, 0, data);
  const auto with_header = [&](const std::string& name, const tfmc::tf::BundleHeaderProto& h) {
    const std::string prefix = scratch_prefix(name);
    write_bundle(prefix, h, {{"x", entry}}, {data});
    return prefix;
  };
  CHECK(open_error(with_header("no_shards", bundle_header(0))) ==
        "the bundle header declares 0 data files");
  auto big = bundle_header(1);
  big.set_endianness(tfmc::tf::BundleHeaderProto::BIG);
  CHECK(open_error(with_header("big_endian", big)) ==
        "the bundle was written big-endian; tfmc reads little-endian bundles");
  auto newer = bundle_header(1);
  newer.mutable_version()->set_min_consumer(2);
  CHECK(open_error(with_header("newer", newer)) ==
        "the bundle format (producer 1, min_consumer 2) is newer than the version 1 tfmc reads");
  auto bad_consumer = bundle_header(1);
  bad_consumer.mutable_version()->add_bad_consumers(1);
  CHECK(open_error(with_header("bad_consumer", bad_consumer)) ==
        "the bundle format (producer 1, min_consumer 0) is newer than the version 1 tfmc reads");

  const std::string no_header = scratch_prefix("no_header");
  std::ofstream(no_header + ".index", std::ios::binary)
      << tfmc::test::table_file({{"x", entry.SerializeAsString()}});
  CHECK(open_error(no_header) == "no bundle header (the key \"\" is missing)");
  const std::string bad_header = scratch_prefix("bad_header");
  std::ofstream(bad_header + ".index", std::ios::binary)
      << tfmc::test::table_file({{"", "\xff\xff"}});
  CHECK(open_error(bad_header) == "the bundle header (key \"\") is not a BundleHeaderProto");
  const std::string bad_entry = scratch_prefix("bad_entry");
  std::ofstream(bad_entry + ".index", std::ios::binary)
      << tfmc::test::table_file({{"", bundle_header(1).SerializeAsString()}, {"x\n", "\xff\xff"}});
  CHECK(open_error(bad_entry) == "tensor 'x\\x0a': its entry is not a BundleEntryProto");

  auto negative = entry;
  negative.mutable_shape()->mutable_dim(0)->set_size(-1);
  CHECK(open_error(one_tensor("negative_dim", negative, data)) ==
        "tensor 'x': its shape has dimension -1");
  auto unknown = entry;
  unknown.mutable_shape()->set_unknown_rank(true);
  CHECK(open_error(one_tensor("unknown_rank", unknown, data)) ==
        "tensor 'x': its shape has unknown rank");
  auto overflow =
      bundle_entry(DT_FLOAT, {std::int64_t{1} << 32, std::int64_t{1} << 32}, 0, 0, data);
  CHECK(open_error(one_tensor("overflow", overflow, data)) ==
        "tensor 'x': its shape has more elements than an int64 counts");
  auto deep = bundle_entry(DT_FLOAT, std::vector<std::int64_t>(255, 1), 0, 0, data);
  CHECK(open_error(one_tensor("deep", deep, data)) ==
        "tensor 'x': its shape has 255 dimensions, more than 254");
}

TEST_CASE("checkpoint bundle: damaged object graphs", "[checkpoint]") {
  const std::string key = tfmc::sem::kObjectGraphKey;
  const auto with_graph = [&](const std::string& name, const std::string& serialized,
                              const std::function<void(tfmc::tf::BundleEntryProto&)>& change) {
    std::uint32_t crc = 0;
    const std::string bytes = tfmc::test::string_scalar_bytes(serialized, crc);
    auto entry = bundle_entry(tfmc::tf::DT_STRING, {}, 0, 0, bytes);
    entry.set_crc32c(crc);
    change(entry);
    const std::string prefix = scratch_prefix(name);
    write_bundle(prefix, bundle_header(1), {{key, entry}}, {bytes});
    return prefix;
  };
  const auto graph_error = [](const std::string& prefix) {
    return error_of(prefix, [&] { TensorBundle::open(prefix).object_graph(); });
  };
  tfmc::tf::TrackableObjectGraph graph;
  auto* child = graph.add_nodes()->add_children();
  child->set_node_id(1);
  child->set_local_name("w");
  graph.add_nodes();
  const auto read = TensorBundle::open(with_graph("good", graph.SerializeAsString(), [](auto&) {
                    })).object_graph();
  REQUIRE(read.has_value());
  CHECK(read->nodes_size() == 2);
  CHECK(read->nodes(0).children(0).local_name() == "w");

  child->set_node_id(7);
  CHECK(graph_error(with_graph("bad_child", graph.SerializeAsString(), [](auto&) {})) ==
        "tensor '_CHECKPOINTABLE_OBJECT_GRAPH': node 0 refers to node 7 (child 'w') of 2");
  auto* slot = graph.mutable_nodes(1)->add_slot_variables();
  child->set_node_id(1);
  slot->set_original_variable_node_id(1);
  slot->set_slot_variable_node_id(-1);
  CHECK(graph_error(with_graph("bad_slot", graph.SerializeAsString(), [](auto&) {})) ==
        "tensor '_CHECKPOINTABLE_OBJECT_GRAPH': node 1 refers to node -1 (a slot) of 2");
  CHECK(graph_error(with_graph("not_a_graph", "\xff\xff", [](auto&) {})) ==
        "tensor '_CHECKPOINTABLE_OBJECT_GRAPH' is not a TrackableObjectGraph");
  CHECK(graph_error(with_graph("float_graph", "", [](auto& e) {
          e.set_dtype(tfmc::tf::DT_FLOAT);
          e.mutable_shape()->add_dim()->set_size(1);
        })) == "tensor '_CHECKPOINTABLE_OBJECT_GRAPH' is DT_FLOAT [1], not a DT_STRING scalar");
  CHECK(graph_error(with_graph("graph_crc", "", [](auto& e) {
          e.set_crc32c(e.crc32c() + 1);
        })).find("tensor '_CHECKPOINTABLE_OBJECT_GRAPH': crc32c mismatch (stored 0x") == 0);
  // The length checksum changed (its 4 bytes follow the 1-byte length of an empty string).
  const std::string length_crc = with_graph("length_crc", "", [](auto&) {});
  rewrite(length_crc + ".data-00000-of-00001", [](std::string& b) { b[1] ^= 0x01; });
  CHECK(graph_error(length_crc)
            .find("tensor '_CHECKPOINTABLE_OBJECT_GRAPH': crc32c mismatch of the string length") ==
        0);
  // More bytes than one element: the size covers a byte after the string.
  const std::string trailing =
      with_graph("trailing", "", [](auto& e) { e.set_size(e.size() + 1); });
  rewrite(trailing + ".data-00000-of-00001", [](std::string& b) { b += 'x'; });
  CHECK(graph_error(trailing) ==
        "tensor '_CHECKPOINTABLE_OBJECT_GRAPH': its 6 bytes are not one string element");
  // No object graph: nullopt, not an error.
  const std::string data = f32_bytes({1});
  CHECK_FALSE(TensorBundle::open(
                  one_tensor("none", bundle_entry(tfmc::tf::DT_FLOAT, {1}, 0, 0, data), data))
                  .object_graph()
                  .has_value());
}

// Reversible .tfg names for TensorFlow's (semantics/graphdef/tfg_names.h).
#include "semantics/graphdef/tfg_names.h"

#include <catch2/catch.hpp>

using tfmc::sem::tf_name;
using tfmc::sem::tfg_name;

TEST_CASE("tfg names: .tfg names stay, others are mangled reversibly", "[graphdef]") {
  CHECK(tfg_name("dense/kernel/Read/ReadVariableOp") == "dense/kernel/Read/ReadVariableOp");
  CHECK(tfg_name("a-b.c_d") == "a-b.c_d");
  CHECK(tfg_name("2x") == "_2x");
  CHECK(tfg_name(".x") == "_.x");
  CHECK(tfg_name("_x") == "___x");
  CHECK(tfg_name("a>b") == "_a_3eb");
  CHECK(tfg_name("r~read0") == "_r_7eread0");
  CHECK(tfg_name("\"foo.txt\"") == "__22foo.txt_22");
  for (const char* name :
       {"x", "2x", ".x", "_x", "a>b", "r~read0", "\"foo.txt\"", "a_b>c_", "w@init", "__", "_3e"}) {
    INFO(name);
    CHECK(tf_name(tfg_name(name)) == std::string(name));
  }
}

TEST_CASE("tfg names: texts no name mangles to are rejected", "[graphdef]") {
  CHECK(tf_name("_abc") == std::nullopt);  // abc is kept as it is
  CHECK(tf_name("_a_zz") == std::nullopt);
  CHECK(tf_name("_a_") == std::nullopt);
  CHECK(tf_name("a>b") == std::nullopt);
  CHECK(tf_name("") == std::nullopt);
}

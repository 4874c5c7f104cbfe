// tfmc_gen_bench FAMILY N: prints a scalable .tfg benchmark program on stdout.
//
// Families (their outcomes follow from the semantics, so a run can be sanity-checked):
//   lost_update N  one variable x = i32{0}; N replicas each Read x, Add a Const 1 and Write the
//                  sum back. Reads and writes interleave freely, so updates get lost: the
//                  outcomes are x = i32{1} .. i32{N}.
//   assign_add N   one variable x = i32{0}; N AssignAdd(&x, c_i) with their own Const 1. Each
//                  update is atomic: one outcome, x = i32{N}.
//   independent N  N variables v_i = i32{0}; v_i is written with its own Const i32{i}, then read
//                  after that write and output as r_i. One outcome: every r_i = v_i = i32{i}.
//   chain N        one input in = i32{1} through a chain of N nodes alternating Identity and Neg
//                  (n_1 = Identity(in), n_2 = Neg(n_1), n_3 = Identity(n_2), ...); output
//                  n_N. The even-numbered nodes negate, so the one outcome is
//                  n_N = i32{(-1)^floor(N/2)}.
// Bad usage prints a message on stderr and exits 2.
#include <fmt/core.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace {

// Beyond this the generated text alone runs to hundreds of megabytes: surely a typo.
constexpr std::uint64_t kMaxSize = 10'000'000;

constexpr std::string_view kUsage =
    "usage: tfmc_gen_bench FAMILY N\n"
    "  FAMILY: lost_update | assign_add | independent | chain\n"
    "  N: a whole number from 1 to 10000000\n";

void lost_update(std::uint64_t n) {
  fmt::print("# lost_update {}: {} replicas of x = x + 1 without atomicity\n", n, n);
  fmt::print("var x = i32{{0}}\n");
  for (std::uint64_t i = 1; i <= n; ++i) {
    fmt::print("r{0} = Read(&x)\n", i);
    fmt::print("c{0} = Const {{value=i32{{1}}}}\n", i);
    fmt::print("a{0} = Add(r{0}, c{0})\n", i);
    fmt::print("w{0} = Write(&x, a{0})\n", i);
  }
}

void assign_add(std::uint64_t n) {
  fmt::print("# assign_add {}: {} atomic increments of x\n", n, n);
  fmt::print("var x = i32{{0}}\n");
  for (std::uint64_t i = 1; i <= n; ++i) {
    fmt::print("c{0} = Const {{value=i32{{1}}}}\n", i);
    fmt::print("a{0} = AssignAdd(&x, c{0})\n", i);
  }
}

void independent(std::uint64_t n) {
  fmt::print("# independent {}: {} variables, each written then read\n", n, n);
  for (std::uint64_t i = 1; i <= n; ++i) {
    // i32 literals stop at 2^31 - 1, far above kMaxSize.
    fmt::print("var v{0} = i32{{0}}\n", i);
    fmt::print("c{0} = Const {{value=i32{{{0}}}}}\n", i);
    fmt::print("w{0} = Write(&v{0}, c{0})\n", i);
    fmt::print("r{0} = Read(&v{0}) after w{0}\n", i);
    fmt::print("output r{0}\n", i);
  }
}

void chain(std::uint64_t n) {
  fmt::print("# chain {}: alternating Identity and Neg from one input\n", n);
  fmt::print("input in = i32{{1}}\n");
  fmt::print("n1 = Identity(in)\n");
  for (std::uint64_t k = 2; k <= n; ++k) {
    fmt::print("n{} = {}(n{})\n", k, k % 2 == 0 ? "Neg" : "Identity", k - 1);
  }
  fmt::print("output n{}\n", n);
}

int usage_error(std::string_view message) {
  fmt::print(stderr, "tfmc_gen_bench: {}\n{}", message, kUsage);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return usage_error("expected exactly two arguments");
  const std::string_view family = argv[1];
  const std::string_view size_text = argv[2];

  std::uint64_t n = 0;
  const char* end = size_text.data() + size_text.size();
  const auto [stop, error] = std::from_chars(size_text.data(), end, n);
  if (error == std::errc::result_out_of_range || (error == std::errc{} && n > kMaxSize)) {
    return usage_error(fmt::format("N = {} is too large (at most {})", size_text, kMaxSize));
  }
  if (error != std::errc{} || stop != end || n == 0) {
    return usage_error(fmt::format("N must be a whole number from 1 up, not '{}'", size_text));
  }

  if (family == "lost_update") {
    lost_update(n);
  } else if (family == "assign_add") {
    assign_add(n);
  } else if (family == "independent") {
    independent(n);
  } else if (family == "chain") {
    chain(n);
  } else {
    return usage_error(fmt::format("unknown family '{}'", family));
  }
  return std::fflush(stdout) == 0 ? 0 : 1;
}

// tfmc_gen_bench FAMILY SIZE: prints a scalable .tfg benchmark program on stdout.
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
//   hogwild WxP    P parameters p_j = i32{1} and W workers, lock-free gradient descent on the
//                  loss sum_j Relu(p_j)^2 / 2 with learning rate 1: worker w reads every p_j
//                  (r<w>_<j>), takes the gradient g<w>_<j> = Relu(r<w>_<j>) and, once all its
//                  reads are done (control edges), applies AssignSub(&p_j, g<w>_<j>).
//                  Outcomes: W^P (see hogwild() for why).
//   sgd_matmul WxN W workers racing SGD steps on one f32 N x N weight matrix w, no locks:
//                  worker k reads w, takes p = x w and the step g = lr (p x) (two MatMuls
//                  with a fixed N x N input x), and writes w - g; a final read after every
//                  write feeds y = x w, the output. Lost updates give many distinct large
//                  tensors, each of which the MatMuls downstream evaluate again: the family
//                  for the GPU backend (tools/bench/gpu_bench.sh).
// Bad usage prints a message on stderr and exits 2.
#include <fmt/core.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace {

// Beyond this the generated text alone runs to hundreds of megabytes: surely a typo.
constexpr std::uint64_t kMaxSize = 10'000'000;

constexpr std::string_view kUsage =
    "usage: tfmc_gen_bench FAMILY N     FAMILY: lost_update | assign_add | independent | chain\n"
    "       tfmc_gen_bench hogwild WxP  W workers, P parameters\n"
    "       tfmc_gen_bench sgd_matmul WxN  W workers, N x N f32 weights (N at most 4096)\n"
    "  N, W, P: whole numbers from 1 up; N and W*P*P at most 10000000\n";

// Prints a program of `n` replicas: the comment `title` (its {0} is n), the `shared`
// declarations, then `replica` for each i = 1 .. n (its {0} is i).
void replicated(std::uint64_t n, std::string_view title, std::string_view shared,
                std::string_view replica) {
  fmt::print(fmt::runtime(title), n);
  fmt::print("{}", shared);
  for (std::uint64_t i = 1; i <= n; ++i) fmt::print(fmt::runtime(replica), i);
}

void lost_update(std::uint64_t n) {
  replicated(n, "# lost_update {0}: {0} replicas of x = x + 1 without atomicity\n",
             "var x = i32{0}\n",
             "r{0} = Read(&x)\n"
             "c{0} = Const {{value=i32{{1}}}}\n"
             "a{0} = Add(r{0}, c{0})\n"
             "w{0} = Write(&x, a{0})\n");
}

void assign_add(std::uint64_t n) {
  replicated(n, "# assign_add {0}: {0} atomic increments of x\n", "var x = i32{0}\n",
             "c{0} = Const {{value=i32{{1}}}}\n"
             "a{0} = AssignAdd(&x, c{0})\n");
}

// i32 literals stop at 2^31 - 1, far above kMaxSize.
void independent(std::uint64_t n) {
  replicated(n, "# independent {0}: {0} variables, each written then read\n", "",
             "var v{0} = i32{{0}}\n"
             "c{0} = Const {{value=i32{{{0}}}}}\n"
             "w{0} = Write(&v{0}, c{0})\n"
             "r{0} = Read(&v{0}) after w{0}\n"
             "output r{0}\n");
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

// Why W^P outcomes: every gradient Relu(r) is >= 0, so p_j never grows; the first AssignSub on
// p_j comes from a worker that read p_j before it, so it read 1 and subtracts 1, and from then
// on p_j <= 0, every later read gives a zero gradient. Hence p_j ends at 1 - k_j, where k_j in
// 1..W counts the workers whose read of p_j precedes the first AssignSub on p_j. Every vector
// (k_1 .. k_P) is reachable despite the control edges: worker 1 reads everything; then, for
// k = 1 .. W, worker 1 updates the p_j with k_j = k, and worker k + 1 (if k < W) reads
// everything; the other workers' updates come last. So the outcomes are the W^P vectors p_j in {0,
// -1, .., 1 - W}.
void hogwild(std::uint64_t workers, std::uint64_t params) {
  fmt::print("# hogwild {}x{}: gradient steps of {} worker(s) on {} parameter(s), no locks\n",
             workers, params, workers, params);
  for (std::uint64_t j = 1; j <= params; ++j) fmt::print("var p{} = i32{{1}}\n", j);
  for (std::uint64_t w = 1; w <= workers; ++w) {
    std::string reads;  // "r<w>_1, r<w>_2, ..": the updates wait for all of the worker's reads
    for (std::uint64_t j = 1; j <= params; ++j) {
      fmt::print("r{0}_{1} = Read(&p{1})\n", w, j);
      fmt::print("g{0}_{1} = Relu(r{0}_{1})\n", w, j);
      reads += fmt::format("{}r{}_{}", j == 1 ? "" : ", ", w, j);
    }
    for (std::uint64_t j = 1; j <= params; ++j) {
      fmt::print("s{0}_{1} = AssignSub(&p{1}, g{0}_{1}) after {2}\n", w, j, reads);
    }
  }
}

void sgd_matmul(std::uint64_t workers, std::uint64_t n) {
  fmt::print("# sgd_matmul {}x{}: {} worker(s) racing SGD steps on f32[{},{}] weights\n", workers,
             n, workers, n, n);
  fmt::print("var w = f32[{0},{0}]{{0.5}}\n", n);
  fmt::print("dims = Const {{value=i32[2]{{{0}, {0}}}}}\n", n);
  fmt::print("xv = Const {{value=f32{{0.25}}}}\n");
  fmt::print("x = Fill(dims, xv)\n");
  fmt::print("lrv = Const {{value=f32{{0.001}}}}\n");
  fmt::print("lr = Fill(dims, lrv)\n");
  std::string writes;
  for (std::uint64_t k = 1; k <= workers; ++k) {
    fmt::print("r{0} = Read(&w)\np{0} = MatMul(x, r{0})\nq{0} = MatMul(p{0}, x)\n", k);
    fmt::print("g{0} = Mul(q{0}, lr)\nd{0} = Sub(r{0}, g{0})\nu{0} = Write(&w, d{0})\n", k);
    writes += fmt::format("{}u{}", k == 1 ? "" : ", ", k);
  }
  fmt::print("final = Read(&w) after {}\ny = MatMul(x, final)\noutput y\n", writes);
}

int usage_error(std::string_view message) {
  fmt::print(stderr, "tfmc_gen_bench: {}\n{}", message, kUsage);
  return 2;
}

// Reads a whole number from 1 to kMaxSize into `out`; on failure returns why, else "".
std::string parse_size(std::string_view name, std::string_view text, std::uint64_t& out) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, out);
  if (error == std::errc::result_out_of_range || (error == std::errc{} && out > kMaxSize)) {
    return fmt::format("{} = {} is too large (at most {})", name, text, kMaxSize);
  }
  if (error != std::errc{} || stop != end || out == 0) {
    return fmt::format("{} must be a whole number from 1 up, not '{}'", name, text);
  }
  return "";
}

// Reads "AxB" into `a` and `b` (each as parse_size reads it, named by the two names); on
// failure returns why, else "".
std::string parse_pair(std::string_view family, std::string_view text, std::string_view a_name,
                       std::string_view b_name, std::uint64_t& a, std::uint64_t& b) {
  const std::size_t x = text.find('x');
  if (x == std::string_view::npos) {
    return fmt::format("{} takes {}x{}, e.g. 2x3, not '{}'", family, a_name, b_name, text);
  }
  std::string error = parse_size(a_name, text.substr(0, x), a);
  if (error.empty()) error = parse_size(b_name, text.substr(x + 1), b);
  return error;
}

int main_sgd_matmul(std::string_view size_text) {
  std::uint64_t workers = 0;
  std::uint64_t n = 0;
  std::string error = parse_pair("sgd_matmul", size_text, "W", "N", workers, n);
  if (error.empty() && n > 4096) error = fmt::format("N = {} is too large (at most 4096)", n);
  if (!error.empty()) return usage_error(error);
  sgd_matmul(workers, n);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

int main_hogwild(std::string_view size_text) {
  std::uint64_t workers = 0;
  std::uint64_t params = 0;
  const std::string error = parse_pair("hogwild", size_text, "W", "P", workers, params);
  if (!error.empty()) return usage_error(error);
  // W * P * P control edges: the bulk of the text. Divided, so nothing overflows.
  if (params > kMaxSize / params || workers > kMaxSize / (params * params)) {
    return usage_error(fmt::format("W*P*P for {} is too large (at most {})", size_text, kMaxSize));
  }
  hogwild(workers, params);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return usage_error("expected exactly two arguments");
  const std::string_view family = argv[1];
  if (family == "hogwild") return main_hogwild(argv[2]);
  if (family == "sgd_matmul") return main_sgd_matmul(argv[2]);

  std::uint64_t n = 0;
  if (const std::string error = parse_size("N", argv[2], n); !error.empty()) {
    return usage_error(error);
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

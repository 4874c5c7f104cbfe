#include "differential/random_loop_program.h"

#include <fmt/format.h>

#include "differential/random_source.h"

namespace tfmc::difftest {
namespace {

class LoopWriter {
 public:
  explicit LoopWriter(std::uint32_t seed) : rng_(seed) {}

  RandomLoopProgram write() {
    RandomLoopProgram out;
    out.variable_limit = rng_.chance(30);
    const int parallel = rng_.between(1, 2);
    const bool accumulate = rng_.chance(30);
    line("var x = i32{{0}}");
    if (out.variable_limit) {
      line("var y = i32{{1}}");
    } else {
      line("var y = i32{{0}}");
    }
    line("zero = Const {{value=i32{{0}}}}");
    line("e = Enter(zero) {{frame_name=loop, parallel_iterations={}}}", parallel);
    line("m = Merge(e, n)");
    if (out.variable_limit) {
      line("lim = Read(&y) after m");
    } else {
      line("lim = Const {{value=i32{{{}}}}} after m", rng_.between(0, 1));
    }
    line("lt = Less(m, lim)");
    line("c = LoopCond(lt)");
    line("s = Switch(m, c)");
    line("out = Exit(s:0)");
    line("i = Identity(s:1)");
    line("one = Const {{value=i32{{1}}}} after i");
    line("inc = Add(i, one)");
    line("n = NextIteration(inc)");
    line("output out");
    std::string sum = "a";  // the accumulator's value in the body so far
    if (accumulate) {
      line("ea = Enter(zero) {{frame_name=loop, parallel_iterations={}}}", parallel);
      line("ma = Merge(ea, na)");
      line("sa = Switch(ma, c)");
      line("acc = Exit(sa:0)");
      line("a = Identity(sa:1)");
      line("output acc");
    }
    const int body = rng_.between(1, 2);
    bool constant = false;  // whether the loop constant ce is declared
    for (int k = 0; k < body; ++k) {
      const char* v = rng_.chance(50) ? "x" : "y";
      switch (rng_.below(7)) {
        case 0:
          line("r{} = Read(&{}) after i", k, v);
          if (accumulate) {
            line("a{} = Add({}, r{})", k, sum, k);
            sum = numbered("a", k);
          }
          break;
        case 1:
          line("u{} = AssignAdd(&{}, one)", k, v);
          break;
        case 2:
          line("w{} = Write(&{}, i)", k, v);
          break;
        case 3:
          line("p{} = Less(i, one)", k);
          line("sw{} = Switch(p{}, p{})", k, k, k);
          line("t{} = Identity(sw{}:1)", k, k);
          line("f{} = Identity(sw{}:0)", k, k);
          line("two{} = Const {{value=i32{{2}}}} after t{}", k, k);
          line("three{} = Const {{value=i32{{3}}}} after f{}", k, k);
          line("at{} = AssignAdd(&{}, two{})", k, v, k);
          line("wf{} = Write(&{}, three{})", k, rng_.chance(50) ? "x" : "y", k);
          break;
        case 4:
          line("q{} = Read(&{}) after i", k, v);
          line("qs{} = Add(q{}, one)", k, k);
          line("qw{} = Write(&{}, qs{})", k, v, k);
          break;
        case 5:  // the increment in a critical section: iterations exclude each other
          line("z{} = Read(&{}) after i", k, v);
          line("zs{} = Add(z{}, one)", k, k);
          line("zw{} = Write(&{}, zs{})", k, v, k);
          line("section inc{} : z{}, zw{}", k, k, k);
          break;
        default:  // an AssignAdd of a loop constant, through a function of it
          if (!constant) {
            line("five = Const {{value=i32{{5}}}}");
            line("ce = Enter(five) {{frame_name=loop, is_constant=true, parallel_iterations={}}}",
                 parallel);
            constant = true;
          }
          line("ch{} = Identity(ce)", k);
          line("cu{} = AssignAdd(&{}, ch{}) after i", k, v, k);
          break;
      }
    }
    if (accumulate) line("na = NextIteration({})", sum);
    const int root = rng_.between(0, 1);
    for (int k = 0; k < root; ++k) {
      const char* v = rng_.chance(50) ? "x" : "y";
      switch (rng_.below(3)) {
        case 0:
          line("gc{} = Const {{value=i32{{{}}}}}", k, rng_.between(1, 5));
          line("g{} = Write(&{}, gc{})", k, v, k);
          break;
        case 1:
          line("hc{} = Const {{value=i32{{{}}}}}", k, rng_.between(1, 5));
          line("h{} = AssignAdd(&{}, hc{})", k, v, k);
          break;
        default:
          line("o{} = Read(&{})", k, v);
          line("output o{}", k);
          break;
      }
    }
    out.text = std::move(text_);
    return out;
  }

 private:
  template <typename... Args>
  void line(fmt::format_string<Args...> format, Args&&... args) {
    text_ += fmt::format(format, std::forward<Args>(args)...);
    text_ += '\n';
  }

  Rng rng_;
  std::string text_;
};

}  // namespace

RandomLoopProgram generate_loop_program(std::uint32_t seed) { return LoopWriter(seed).write(); }

}  // namespace tfmc::difftest
